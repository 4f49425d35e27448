//! mul_base, compression and decompression: a fixed-base table, encoders and decoders, each
//! with one bug.

use super::{double_n, radix_2w};
use crate::engine::{DynRoutine, Outcome};
use crate::families::curve25519::adapter_dalek::{self, points, DalekGroup};
use crate::families::curve25519::edwards::Repr;
use crate::families::curve25519::encoding;
use crate::families::curve25519::row_check;
use crate::shapes::Spec;
use curve25519_dalek::edwards::EdwardsPoint;
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use num_bigint::BigUint;
use std::sync::OnceLock;

/// s·B with a signed radix-256 fixed-base table (32 rows of 1·256ⁱB … 128·256ⁱB) whose lookup
/// takes `digit.abs()` in `i8`: the digit −128 overflows (a panic in debug builds, an index far
/// out of range in release). dalek's radix-256 basepoint table had this overflow, found by a
/// fuzzer (<https://github.com/dalek-cryptography/curve25519-dalek/commit/1f8a19a7>).
/// Trigger: a scalar with a radix-256 digit of −128 (about one random scalar in eight).
pub(super) fn radix256_mul_base(s: &BigUint) -> [u8; 32] {
    static TABLE: OnceLock<Vec<Vec<EdwardsPoint>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut base = EdwardsPoint::mul_base(&Scalar::ONE);
        (0..32)
            .map(|_| {
                let row: Vec<EdwardsPoint> = odd_and_even_multiples(&base, 128);
                base = double_n(base, 8);
                row
            })
            .collect()
    });
    let digits = radix_2w(&adapter_dalek::scalar(s), 8, 33, false);
    let mut acc = <EdwardsPoint as DalekGroup>::identity();
    for (row, &digit) in table.iter().zip(&digits) {
        let digit = digit as i8;
        if digit == 0 {
            continue;
        }
        // The bug: |−128| does not fit an i8 (`unsigned_abs` is the fix).
        #[allow(clippy::cast_abs_to_unsigned)]
        let entry = &row[digit.abs() as usize - 1];
        acc = if digit > 0 { acc + entry } else { acc - entry };
    }
    debug_assert!(digits[32] == 0 || digits[32] == 1);
    if digits[32] == 1 {
        acc += &double_n(table[31][0], 8);
    }
    acc.compress().to_bytes()
}

fn odd_and_even_multiples(p: &EdwardsPoint, count: usize) -> Vec<EdwardsPoint> {
    let mut t = vec![*p];
    for k in 1..count {
        let next = t[k - 1] + p;
        t.push(next);
    }
    t
}

/// An encoder whose final reduction of y is missing: y is written as y + p whenever that still
/// fits in 255 bits (y < 19). A field element serialized without its final conditional
/// subtraction of p is the class of <https://github.com/RustCrypto/elliptic-curves/issues/81> and
/// <https://github.com/kilic/bls12-381/issues/40> (results in [p, 2²⁵⁶) not reduced); the
/// encoding then stops round-tripping (LibreSSL's point2oct/oct2point asymmetry, in the bug list
/// of <https://github.com/guidovranken/cryptofuzz>).
/// Trigger: points whose y is 0 or 1: the `identity` and the order-4 `pure_torsion` points.
pub(super) fn compress_y_not_reduced(reprs: &[Repr]) -> Outcome<Vec<[u8; 32]>> {
    adapter_dalek::compress_each::<EdwardsPoint>(reprs).map(|encs| {
        let p = ecdiff_oracles::curves::ed25519_fp().modulus();
        encs.into_iter()
            .map(|mut e| {
                let sign = e[31] & 0x80;
                e[31] &= 0x7f;
                let y = BigUint::from_bytes_le(&e);
                let v = if y < BigUint::from(19u8) { y + p } else { y };
                let mut out = [0u8; 32];
                let b = v.to_bytes_le();
                out[..b.len()].copy_from_slice(&b);
                out[31] |= sign;
                out
            })
            .collect()
    })
}

/// `double_and_compress_batch` over a batch inversion without dalek's zero skipping: one zero
/// denominator (the identity's e·f·g·h = 0) zeroes the accumulated product, every "inverse"
/// becomes 0, and every encoding in the batch comes out as 0 (the identity). c-kzg-4844's
/// `fr_batch_inv` (<https://github.com/ethereum/c-kzg-4844/issues/205>: one zero input zeroes
/// the whole output); <https://github.com/RustCrypto/traits/pull/1884>.
/// Trigger: an `identity` in a batch with other points.
pub(super) fn double_and_compress_zero_in_batch(reprs: &[Repr]) -> Outcome<Vec<[u8; 32]>> {
    let out = adapter_dalek::ristretto_double_and_compress_batch(reprs);
    let has_identity = match points::<RistrettoPoint>(reprs) {
        Ok(ps) => ps.iter().any(|p| p.compress().to_bytes() == [0u8; 32]),
        Err(_) => false,
    };
    if has_identity {
        out.map(|v| vec![[0u8; 32]; v.len()])
    } else {
        out
    }
}

/// An Edwards decoder that loses the sign bit of x: it decodes y and always takes the even
/// square root. A wrong sign from decompression is k256's `decompress` bug (release-only
/// wrong y parity, <https://github.com/RustCrypto/elliptic-curves/issues/529>).
/// Trigger: valid encodings with the sign bit set (`sign_bit_set`).
pub(super) fn decompress_sign_dropped(bytes: &[u8; 32]) -> Outcome<[u8; 32]> {
    let mut b = *bytes;
    b[31] &= 0x7f;
    adapter_dalek::decompress::<EdwardsPoint>(&b)
}

/// A ristretto255 decoder that reads s modulo p with the top bit ignored instead of requiring
/// the canonical encoding (RFC 9496 §4.3.1 step 1, which dalek checks by re-encoding). Non-
/// canonical coordinates accepted are <https://github.com/ethereum/execution-specs/pull/2395>
/// and CVE-2022-23806 (<https://www.cve.org/CVERecord?id=CVE-2022-23806>).
/// Trigger: `s_noncanonical` (s + p for a valid s) and `high_bit_set`.
pub(super) fn ristretto_decompress_noncanonical(bytes: &[u8; 32]) -> Outcome<[u8; 32]> {
    let p = ecdiff_oracles::curves::ed25519_fp().modulus();
    let mut b = *bytes;
    b[31] &= 0x7f;
    let s = BigUint::from_bytes_le(&b) % p;
    let mut reduced = [0u8; 32];
    let le = s.to_bytes_le();
    reduced[..le.len()].copy_from_slice(&le);
    adapter_dalek::decompress::<RistrettoPoint>(&reduced)
}

pub(super) fn mul_base_variant(spec: Spec, f: fn(&BigUint) -> [u8; 32]) -> Box<dyn DynRoutine> {
    Box::new(row_check::<encoding::MulBaseCheck>(spec).with_subject(Box::new(f)))
}

pub(super) fn compress_variant(
    spec: Spec,
    f: fn(&[Repr]) -> Outcome<Vec<[u8; 32]>>,
) -> Box<dyn DynRoutine> {
    Box::new(row_check::<encoding::CompressCheck>(spec).with_subject(Box::new(f)))
}

pub(super) fn decompress_variant(
    spec: Spec,
    f: fn(&[u8; 32]) -> Outcome<[u8; 32]>,
) -> Box<dyn DynRoutine> {
    Box::new(row_check::<encoding::DecompressCheck>(spec).with_subject(Box::new(f)))
}
