//! The secp256k1 family (in progress).
