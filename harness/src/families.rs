//! The routine families: each module registers its routines (and, with the `zoo` feature,
//! its deliberately broken variants).

pub mod curve25519;
pub mod dory;
pub mod secp256k1;
