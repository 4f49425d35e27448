//! dory benchmarks (in progress).
fn main() {}
