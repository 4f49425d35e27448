//! Naive, independent references ("oracles") for the elliptic-curve routines ecdiff checks.
//!
//! Everything here is slow on purpose and obviously correct: field elements are `BigUint`
//! values reduced modulo a prime that is carried as data, curve points are affine with an
//! explicit identity, and scalar multiplication is textbook double-and-add over the scalar's
//! bits. No formula is shared with a library under test (no projective, complete, GLV or wNAF
//! formulas), and this crate depends on the `num-*` crates only, so a bug in a library can
//! never cancel out of a comparison. `tests/independence.rs` guards that boundary.
//!
//! The oracles are themselves checked against external known answers (`tests/vectors/`,
//! provenance in `tests/vectors/SOURCES.md`) and by property tests of the group laws.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ark_format;
pub mod bls12_381;
pub mod curves;
pub mod ecsm;
pub mod edwards;
pub mod field;
pub mod group;
pub mod gt;
pub mod halo2_compressed;
pub mod keccak;
pub mod lazy;
pub mod precompiles;
pub mod primes;
pub mod quadratic;
pub mod ristretto;
pub mod sec1;
pub mod tower;
pub mod twisted_edwards;
pub mod weierstrass;
mod window;
