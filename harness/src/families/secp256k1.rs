//! secp256k1: the ECSM witness generator over k256 0.13's lazy field, k256's field
//! contract, and k256 0.14's point routines.

use crate::engine::DynRoutine;

/// The family's routines.
pub fn routines() -> Vec<Box<dyn DynRoutine>> {
    Vec::new()
}

/// The family's bug-zoo variants.
#[cfg(feature = "zoo")]
pub fn zoo() -> Vec<crate::zoo::ZooVariant> {
    Vec::new()
}
