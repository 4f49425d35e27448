//! Curve25519: curve25519-dalek 5's multiscalar paths and tari_bulletproofs_plus 0.5.3's
//! batch verification.

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
