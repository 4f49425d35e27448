//! secp256k1 benchmarks (in progress).
fn main() {}
