//! Shared helpers for `known_answers.rs`: reading the vector files, hex and integer parsing,
//! SHA-512, and the per-file case counts.

pub mod bls12_381;
pub mod bn254;
pub mod curve25519;
pub mod p256;
pub mod secp256k1;
pub mod sha512;

use std::path::PathBuf;

use ecdiff_oracles::precompiles::{CallResult, Failure};
use num_bigint::BigUint;
use serde_json::Value;

/// What one vector file contributed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Count {
    /// Cases whose expected answer was checked against the oracles.
    pub checked: usize,
    /// Cases deliberately not checked (with the reason in the checker).
    pub skipped: usize,
}

impl Count {
    /// One more checked case.
    pub fn check(&mut self) {
        self.checked += 1;
    }
    /// One more skipped case.
    pub fn skip(&mut self) {
        self.skipped += 1;
    }
}

/// `oracles/tests/vectors/`.
pub fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors")
}

/// The text of a vector file.
pub fn read(name: &str) -> String {
    let path = vectors_dir().join(name);
    // Lossy: the binary zkcrypto `.dat` files go through here too (their checkers re-read
    // the bytes); every text file is UTF-8, so nothing else changes.
    let raw = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    String::from_utf8_lossy(&raw).into_owned()
}

/// A vector file parsed as JSON.
pub fn json(name: &str) -> Value {
    serde_json::from_str(&read(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The string at `key`.
pub fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("missing string field {key:?} in {v}"))
}

/// The array at `key`.
pub fn arr<'a>(v: &'a Value, key: &str) -> &'a Vec<Value> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("missing array field {key:?}"))
}

/// Hex (optionally `0x`-prefixed) to bytes.
pub fn bytes(h: &str) -> Vec<u8> {
    hex::decode(h.trim_start_matches("0x")).unwrap_or_else(|e| panic!("bad hex {h:?}: {e}"))
}

/// Hex (optionally `0x`-prefixed, any length, possibly empty) to an integer.
pub fn int(h: &str) -> BigUint {
    let digits = h.trim_start_matches("0x");
    if digits.is_empty() {
        return BigUint::default();
    }
    BigUint::parse_bytes(digits.as_bytes(), 16).unwrap_or_else(|| panic!("bad hex {h:?}"))
}

/// A decimal string to an integer.
pub fn dec(d: &str) -> BigUint {
    BigUint::parse_bytes(d.as_bytes(), 10).unwrap_or_else(|| panic!("bad decimal {d:?}"))
}

/// Exactly 32 bytes from hex.
pub fn bytes32(h: &str) -> [u8; 32] {
    bytes(h)
        .try_into()
        .unwrap_or_else(|_| panic!("{h:?} is not 32 bytes"))
}

/// Exactly 64 bytes from hex.
pub fn bytes64(h: &str) -> [u8; 64] {
    bytes(h)
        .try_into()
        .unwrap_or_else(|_| panic!("{h:?} is not 64 bytes"))
}

/// `bytes` zero-padded on the right or truncated to `len` (the EVM precompile input rule).
pub fn pad_or_truncate(bytes: &[u8], len: usize) -> Vec<u8> {
    let mut out = bytes.to_vec();
    out.resize(len, 0);
    out
}

/// A geth precompile case's `Gas`.
pub fn geth_gas(case: &Value) -> u64 {
    case["Gas"].as_u64().expect("Gas")
}

/// A geth precompile case `{Input, Expected, Name, Gas}` through a whole contract: its
/// output at its `Gas`, and out of gas one below; the expected output.
pub fn geth_contract_case(case: &Value, contract: impl Fn(&[u8], u64) -> CallResult) -> Vec<u8> {
    let input = bytes(s(case, "Input"));
    let name = s(case, "Name");
    let gas = geth_gas(case);
    let expected = bytes(s(case, "Expected"));
    assert_eq!(
        contract(&input, gas),
        CallResult::Success {
            gas_used: gas,
            output: expected.clone()
        },
        "{name}"
    );
    assert_eq!(
        contract(&input, gas - 1),
        CallResult::Failure(Failure::OutOfGas),
        "{name}"
    );
    expected
}
