//! The routine families: each module registers its routines (and, with the `zoo` feature,
//! its deliberately broken variants).

pub mod bls12_381;
pub mod curve25519;
pub mod dory;
pub mod halo2curves;
pub mod p256;
pub mod secp256k1;
