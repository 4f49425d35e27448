//! The Curve25519 family (in progress).
