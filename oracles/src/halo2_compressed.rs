//! The compressed point format of halo2curves (`GroupEncoding::to_bytes` / `from_bytes` of
//! its short Weierstrass curves), written from the format's description: the comments of
//! `CompressedFlagConfig` and the `Compressed` trait in halo2curves v0.10.0 `src/serde.rs`
//! (<https://github.com/privacy-scaling-explorations/halo2curves/blob/v0.10.0/src/serde.rs>)
//! and the flag positions its curves declare (`src/bn256/curve.rs`, `src/secp256k1/curve.rs`,
//! `src/secp256r1/curve.rs`).
//!
//! # Format
//!
//! x is written as `len` little-endian bytes (`len = ⌈log₂ p / 8⌉`). One *flag byte* carries
//! the flags, bit 7 (0x80) the **sign** (y odd, as the least significant bit of the canonical
//! little-endian y; 0 for the identity) and bit 6 (0x40) **identity**:
//!
//! * [`FlagLayout::Extra`] (secp256k1, secp256r1: no spare bits in x) — `len + 1` bytes, the
//!   flag byte first, then x; the flag byte's other six bits are 0.
//! * [`FlagLayout::TwoSpare`] (BN254, p < 2²⁵⁴) — `len` bytes; the flags live in the two top
//!   bits of x's last (most significant) byte.
//!
//! The identity is x = 0 with the identity flag set and the sign clear. Any other point is its
//! x with the identity flag clear and the sign of y.
//!
//! # Decoding
//!
//! Rejects: a wrong length; (Extra) a flag byte with any bit besides sign and identity; an x ≥
//! p once the flags are cleared; the identity flag with x ≠ 0 or with the sign set; and an x
//! for which x³ + a·x + b is not a square. Otherwise the identity, or (x, y) with y the square
//! root of that parity. Nothing in the format sets x = 0 apart from other x without the
//! identity flag: on a curve where x³ + a·x + b has a root at x = 0 (P-256: b is a square),
//! (0, ±√b) encode and decode like any other point.
//!
//! # Invariants
//!
//! `decode(curve, layout, &encode(curve, layout, P)) == Ok(P)` for every point P of the curve.

use crate::field::Fp;
use crate::weierstrass::{Curve, Point};
use num_bigint::BigUint;
use num_traits::Zero;

/// Where a curve keeps its flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagLayout {
    /// A leading flag byte (secp256k1, secp256r1).
    Extra,
    /// The two top bits of x's most significant byte (BN254).
    TwoSpare,
}

/// The sign flag (y odd).
pub const SIGN: u8 = 0x80;
/// The identity flag.
pub const IDENTITY: u8 = 0x40;

/// Why an encoding was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Not the layout's length.
    Length,
    /// (Extra) a flag byte bit besides sign and identity.
    StrayFlagBits,
    /// x ≥ p.
    NonCanonical,
    /// The identity flag with x ≠ 0 or with the sign set.
    BadIdentity,
    /// x³ + a·x + b is not a square.
    NotOnCurve,
}

/// Bytes per field element.
pub fn field_len(curve: &Curve<Fp>) -> usize {
    let p = curve.a.field().modulus();
    usize::try_from(p.bits().div_ceil(8)).expect("small")
}

/// The encoding's length.
pub fn encoded_len(curve: &Curve<Fp>, layout: FlagLayout) -> usize {
    field_len(curve) + usize::from(layout == FlagLayout::Extra)
}

/// Index of the flag byte.
fn flag_index(curve: &Curve<Fp>, layout: FlagLayout) -> usize {
    match layout {
        FlagLayout::Extra => 0,
        FlagLayout::TwoSpare => field_len(curve) - 1,
    }
}

/// The x bytes' range.
fn x_range(curve: &Curve<Fp>, layout: FlagLayout) -> std::ops::Range<usize> {
    let start = usize::from(layout == FlagLayout::Extra);
    start..start + field_len(curve)
}

/// The encoding of `p` (a point of `curve`).
pub fn encode(curve: &Curve<Fp>, layout: FlagLayout, p: &Point<Fp>) -> Vec<u8> {
    let mut out = vec![0u8; encoded_len(curve, layout)];
    let flag = flag_index(curve, layout);
    match p {
        Point::Identity => out[flag] |= IDENTITY,
        Point::Affine { x, y } => {
            let range = x_range(curve, layout);
            out[range].copy_from_slice(&x.to_le_bytes(field_len(curve)));
            if y.value().bit(0) {
                out[flag] |= SIGN;
            }
        }
    }
    out
}

/// The point `bytes` encode, or why they are refused (see the module docs).
pub fn decode(
    curve: &Curve<Fp>,
    layout: FlagLayout,
    bytes: &[u8],
) -> Result<Point<Fp>, DecodeError> {
    if bytes.len() != encoded_len(curve, layout) {
        return Err(DecodeError::Length);
    }
    let mut bytes = bytes.to_vec();
    let flag = flag_index(curve, layout);
    let sign = bytes[flag] & SIGN != 0;
    let identity = bytes[flag] & IDENTITY != 0;
    bytes[flag] &= !(SIGN | IDENTITY);
    if layout == FlagLayout::Extra && bytes[flag] != 0 {
        return Err(DecodeError::StrayFlagBits);
    }
    let x = BigUint::from_bytes_le(&bytes[x_range(curve, layout)]);
    let field = curve.a.field();
    let x = field.from_canonical(&x).ok_or(DecodeError::NonCanonical)?;
    if identity {
        return if x.value().is_zero() && !sign {
            Ok(Point::Identity)
        } else {
            Err(DecodeError::BadIdentity)
        };
    }
    match curve.lift_x(&x).ok_or(DecodeError::NotOnCurve)? {
        Point::Affine { x, y } => {
            let y = if y.value().bit(0) == sign { y } else { y.neg() };
            Ok(Point::Affine { x, y })
        }
        Point::Identity => unreachable!("lift_x returns an affine point"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::{bn254_g1, p256, secp256k1};
    use crate::field::Field;

    #[test]
    fn round_trips_and_layouts() {
        for (curve, layout) in [
            (bn254_g1(), FlagLayout::TwoSpare),
            (secp256k1(), FlagLayout::Extra),
            (p256(), FlagLayout::Extra),
        ] {
            for k in [1u32, 2, 3, 1000] {
                let p = curve.mul_generator(&BigUint::from(k));
                let bytes = encode(curve, layout, &p);
                assert_eq!(
                    decode(curve, layout, &bytes),
                    Ok(p.clone()),
                    "{}",
                    curve.name
                );
                let neg = curve.neg(&p);
                assert_eq!(decode(curve, layout, &encode(curve, layout, &neg)), Ok(neg));
            }
            let id = encode(curve, layout, &Point::Identity);
            assert_eq!(id.iter().filter(|&&b| b != 0).count(), 1);
            assert_eq!(decode(curve, layout, &id), Ok(Point::Identity));
            let mut stray = id.clone();
            stray[flag_index(curve, layout)] |= SIGN;
            assert_eq!(decode(curve, layout, &stray), Err(DecodeError::BadIdentity));
        }
    }

    /// P-256's b is a square, so (0, √b) is a point, and it round-trips like any other.
    #[test]
    fn p256_has_points_with_x_zero_and_they_round_trip() {
        let curve = p256();
        let zero = curve.a.zero_like();
        let p = curve.lift_x(&zero).expect("b is a square mod p");
        assert!(curve.is_on_curve(&p));
        let bytes = encode(curve, FlagLayout::Extra, &p);
        assert_eq!(decode(curve, FlagLayout::Extra, &bytes), Ok(p));
        // secp256k1 and BN254 have no such point (7 and 3 are not squares).
        assert!(secp256k1().lift_x(&secp256k1().a.zero_like()).is_none());
        assert!(bn254_g1().lift_x(&bn254_g1().a.zero_like()).is_none());
    }
}
