//! Adapters for the libraries under test: library types in, canonical encodings out.
//!
//! An adapter only decodes a case into the library's types, calls the library, and encodes
//! the result canonically. It never reduces, normalizes or otherwise fixes up an input the
//! oracle receives raw, and never uses a library's `==` as a verdict.

pub mod ark;
pub mod bls12_381;
pub mod bls12_381_encoding;
pub mod bls12_381_pairing;
pub mod dalek;
pub mod dory;
pub mod ecsm;
pub mod halo2curves;
pub mod k256;
pub mod p256;
pub mod tari;
