//! The routine families: one folder each, compiled behind the cargo feature of its name.
//!
//! A family's folder holds everything that family is: its adapters (library types in,
//! canonical encodings out: `adapter*.rs`), its routine table and known findings (`families/<family>.rs`),
//! its bug-zoo rows (`zoo.rs`, feature `zoo`) and the shapes only it uses. It imports the core
//! (engine, generators, [`crate::shapes`], [`crate::curve`]) and the helpers shared by two
//! families (`crate::arkworks`, `crate::rustcrypto`), never another family.

#[cfg(feature = "bls12_381")]
pub mod bls12_381;
#[cfg(feature = "curve25519")]
pub mod curve25519;
#[cfg(feature = "dory")]
pub mod dory;
#[cfg(feature = "halo2curves")]
pub mod halo2curves;
#[cfg(feature = "jubjub")]
pub mod jubjub;
#[cfg(feature = "p256")]
pub mod p256;
#[cfg(feature = "pasta")]
pub mod pasta;
#[cfg(feature = "secp256k1")]
pub mod secp256k1;
