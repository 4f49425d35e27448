//! curve25519 family adapters (in progress).
