//! The routine families: one folder each, compiled behind the cargo feature of its name.
//!
//! A family's folder holds everything that family is: its adapters (library types in,
//! canonical encodings out: `adapter*.rs`), its routine table and known findings (`families/<family>.rs`),
//! its bug-zoo rows (`zoo.rs`, feature `zoo`) and the shapes only it uses. It imports the core
//! (engine, generators, [`crate::shapes`], [`crate::curve`]) and the helpers shared by two
//! families (`crate::arkworks`, `crate::rustcrypto`), never another family.
//!
//! The library's own unit-test build (`cfg(test)`) compiles no family: it tests the core. The
//! families' tests are compiled into the library with feature `family-tests` and run by
//! `harness/tests/family_tests.rs` ([`crate::declare::UnitTest`]), so `cargo test` compiles
//! each family once instead of twice.

#[cfg(all(feature = "bls12_381", not(test)))]
pub mod bls12_381;
#[cfg(all(feature = "curve25519", not(test)))]
pub mod curve25519;
#[cfg(all(feature = "dory", not(test)))]
pub mod dory;
#[cfg(all(feature = "halo2curves", not(test)))]
pub mod halo2curves;
#[cfg(all(feature = "jubjub", not(test)))]
pub mod jubjub;
#[cfg(all(feature = "p256", not(test)))]
pub mod p256;
#[cfg(all(feature = "pasta", not(test)))]
pub mod pasta;
#[cfg(all(feature = "secp256k1", not(test)))]
pub mod secp256k1;
