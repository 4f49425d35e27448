//! curve25519 benchmarks (in progress).
fn main() {}
