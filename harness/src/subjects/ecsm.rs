//! secp256k1 family adapters (in progress).
