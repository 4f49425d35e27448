//! The ZCash serialization of BLS12-381 G1 and G2 points (compressed and uncompressed), with
//! typed rejections.
//!
//! # Format (zkcrypto/bls12_381 `src/notes/serialization.rs`,
//! <https://github.com/zkcrypto/bls12_381/blob/main/src/notes/serialization.rs>; also
//! draft-irtf-cfrg-pairing-friendly-curves-11 Appendix C)
//!
//! * An 𝔽ₚ element is 48 bytes big-endian; an 𝔽ₚ² element c0 + c1·u is `c1 ‖ c0` (the
//!   imaginary part first).
//! * G1: uncompressed `x ‖ y` (96 bytes), compressed `x` (48 bytes); G2: uncompressed
//!   `x ‖ y` (192 bytes), compressed `x` (96 bytes).
//! * The three most significant bits of byte 0 are flags, masked off before the coordinates
//!   are read: 0x80 (C) the encoding is compressed; 0x40 (I) the point at infinity, all other
//!   bits zero; 0x20 (S) set if and only if the encoding is compressed, not infinity, and y is
//!   the lexicographically largest of ±y: for 𝔽ₚ, y > (p − 1)/2; for 𝔽ₚ², y.c1 > (p − 1)/2,
//!   or y.c1 = 0 and y.c0 > (p − 1)/2.
//!
//! # Algorithm
//!
//! Decoding checks, in order: the length; the C flag against the decoder's form; for I, that
//! S and every other bit are zero; otherwise S = 0 for an uncompressed encoding; each
//! coordinate < p; for compressed encodings y = ±√(x³ + b) (the square roots of
//! [`crate::field::Fp::sqrt`] and [`crate::tower::Fp2::sqrt`]) chosen by S; the curve
//! equation; and, unless the caller asks for [`SubgroupCheck::Unchecked`], r·P = O by
//! double-and-add ([`crate::weierstrass::Curve::is_in_subgroup`]).
//!
//! # Invariants
//!
//! Encoders refuse points that are not on the curve; decoders return canonical, on-curve
//! points (and in the subgroup when checked), and decode(encode(P)) = P.

use num_bigint::BigUint;

use super::bls12_381_fp;
use super::curve::{bls12_381_g1, bls12_381_g2};
use super::tower::fp2_from_canonical;
use crate::field::{Fp, SqrtField};
use crate::tower::Fp2;
use crate::weierstrass::{Curve, Point};

/// The compression flag C.
const FLAG_COMPRESSED: u8 = 0x80;
/// The infinity flag I.
const FLAG_INFINITY: u8 = 0x40;
/// The sort (sign) flag S.
const FLAG_SORT: u8 = 0x20;
/// All three flags.
const FLAGS: u8 = FLAG_COMPRESSED | FLAG_INFINITY | FLAG_SORT;

/// Why a byte string is not a valid encoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The input has the wrong number of bytes.
    WrongLength {
        /// The length of the encoding.
        expected: usize,
        /// The length of the input.
        got: usize,
    },
    /// The C flag does not match the form being decoded (set on an uncompressed decode, clear
    /// on a compressed one).
    WrongCompressionFlag,
    /// The I flag is set together with the S flag or another non-zero bit.
    InfinityNotZero,
    /// The S flag is set on an uncompressed encoding of an affine point.
    SortFlagUncompressed,
    /// A coordinate (or an 𝔽ₚ² coefficient) is ≥ p.
    NonCanonical,
    /// No point with this x (x³ + b is not a square), or (x, y) is not on the curve.
    NotOnCurve,
    /// On the curve but r·P ≠ O.
    NotInSubgroup,
}

/// Why a point cannot be encoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EncodeError {
    /// The point does not satisfy the curve equation.
    NotOnCurve,
}

/// Whether a decoder checks subgroup membership (r·P = O) after the curve equation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubgroupCheck {
    /// Reject points outside the order-r subgroup (the default of every library's
    /// `from_compressed`).
    Checked,
    /// Accept any point on the curve (the `*_unchecked` decoders, blst's `deserialize`).
    Unchecked,
}

/// A coordinate field with its ZCash byte encoding.
trait Coordinate: SqrtField {
    /// Bytes per coordinate.
    const LEN: usize;
    /// The big-endian encoding (c1 first for 𝔽ₚ²).
    fn to_zcash(&self) -> Vec<u8>;
    /// The element encoded by exactly `LEN` bytes (flags already masked), `None` if ≥ p.
    fn from_zcash(bytes: &[u8]) -> Option<Self>;
    /// Whether `self` is the lexicographically largest of ±self.
    fn lexicographically_largest(&self) -> bool;
}

/// Whether y > (p − 1)/2 for y ∈ 𝔽ₚ.
fn fp_lex_largest(y: &Fp) -> bool {
    let half = (y.field().modulus() - 1u8) >> 1u8;
    *y.value() > half
}

impl Coordinate for Fp {
    const LEN: usize = 48;
    fn to_zcash(&self) -> Vec<u8> {
        self.to_be_bytes(48)
    }
    fn from_zcash(bytes: &[u8]) -> Option<Self> {
        bls12_381_fp().from_canonical(&BigUint::from_bytes_be(bytes))
    }
    fn lexicographically_largest(&self) -> bool {
        fp_lex_largest(self)
    }
}

impl Coordinate for Fp2 {
    const LEN: usize = 96;
    fn to_zcash(&self) -> Vec<u8> {
        [self.c1.to_be_bytes(48), self.c0.to_be_bytes(48)].concat()
    }
    fn from_zcash(bytes: &[u8]) -> Option<Self> {
        let c1 = BigUint::from_bytes_be(&bytes[..48]);
        let c0 = BigUint::from_bytes_be(&bytes[48..]);
        fp2_from_canonical(&c0, &c1)
    }
    fn lexicographically_largest(&self) -> bool {
        fp_lex_largest(&self.c1) || (self.c1.is_zero() && fp_lex_largest(&self.c0))
    }
}

/// The compressed encoding of `p` on `curve`.
fn to_compressed<F: Coordinate>(curve: &Curve<F>, p: &Point<F>) -> Result<Vec<u8>, EncodeError> {
    if !curve.is_on_curve(p) {
        return Err(EncodeError::NotOnCurve);
    }
    Ok(match p {
        Point::Identity => {
            let mut out = vec![0; F::LEN];
            out[0] = FLAG_COMPRESSED | FLAG_INFINITY;
            out
        }
        Point::Affine { x, y } => {
            let mut out = x.to_zcash();
            assert_eq!(
                out[0] & FLAGS,
                0,
                "a coordinate < p leaves the flag bits free"
            );
            out[0] |= FLAG_COMPRESSED;
            if y.lexicographically_largest() {
                out[0] |= FLAG_SORT;
            }
            out
        }
    })
}

/// The uncompressed encoding of `p` on `curve`.
fn to_uncompressed<F: Coordinate>(curve: &Curve<F>, p: &Point<F>) -> Result<Vec<u8>, EncodeError> {
    if !curve.is_on_curve(p) {
        return Err(EncodeError::NotOnCurve);
    }
    Ok(match p {
        Point::Identity => {
            let mut out = vec![0; 2 * F::LEN];
            out[0] = FLAG_INFINITY;
            out
        }
        Point::Affine { x, y } => {
            let out = [x.to_zcash(), y.to_zcash()].concat();
            assert_eq!(
                out[0] & FLAGS,
                0,
                "a coordinate < p leaves the flag bits free"
            );
            out
        }
    })
}

/// The flags of byte 0 and the input with them masked off, after the length and C checks.
fn split_flags(bytes: &[u8], len: usize, compressed: bool) -> Result<(u8, Vec<u8>), DecodeError> {
    if bytes.len() != len {
        return Err(DecodeError::WrongLength {
            expected: len,
            got: bytes.len(),
        });
    }
    let flags = bytes[0] & FLAGS;
    if (flags & FLAG_COMPRESSED != 0) != compressed {
        return Err(DecodeError::WrongCompressionFlag);
    }
    let mut masked = bytes.to_vec();
    masked[0] &= !FLAGS;
    if flags & FLAG_INFINITY != 0 && (flags & FLAG_SORT != 0 || masked.iter().any(|b| *b != 0)) {
        return Err(DecodeError::InfinityNotZero);
    }
    Ok((flags, masked))
}

/// The curve and subgroup checks shared by both forms.
fn validate<F: Coordinate>(
    curve: &Curve<F>,
    p: Point<F>,
    check: SubgroupCheck,
) -> Result<Point<F>, DecodeError> {
    if !curve.is_on_curve(&p) {
        return Err(DecodeError::NotOnCurve);
    }
    if check == SubgroupCheck::Checked && !curve.is_in_subgroup(&p) {
        return Err(DecodeError::NotInSubgroup);
    }
    Ok(p)
}

/// Decodes a compressed encoding on `curve` (module documentation).
fn from_compressed<F: Coordinate>(
    curve: &Curve<F>,
    bytes: &[u8],
    check: SubgroupCheck,
) -> Result<Point<F>, DecodeError> {
    let (flags, masked) = split_flags(bytes, F::LEN, true)?;
    if flags & FLAG_INFINITY != 0 {
        return Ok(Point::Identity);
    }
    let x = F::from_zcash(&masked).ok_or(DecodeError::NonCanonical)?;
    let Some(Point::Affine { x, y }) = curve.lift_x(&x) else {
        return Err(DecodeError::NotOnCurve);
    };
    let y = if y.lexicographically_largest() == (flags & FLAG_SORT != 0) {
        y
    } else {
        y.neg()
    };
    validate(curve, Point::Affine { x, y }, check)
}

/// Decodes an uncompressed encoding on `curve` (module documentation).
fn from_uncompressed<F: Coordinate>(
    curve: &Curve<F>,
    bytes: &[u8],
    check: SubgroupCheck,
) -> Result<Point<F>, DecodeError> {
    validate(curve, coordinates_from_uncompressed(bytes)?, check)
}

/// An uncompressed encoding's point after the flag and coordinate checks only, without the
/// curve equation: what a decoder that skips validation returns.
fn coordinates_from_uncompressed<F: Coordinate>(bytes: &[u8]) -> Result<Point<F>, DecodeError> {
    let (flags, masked) = split_flags(bytes, 2 * F::LEN, false)?;
    if flags & FLAG_INFINITY != 0 {
        return Ok(Point::Identity);
    }
    if flags & FLAG_SORT != 0 {
        return Err(DecodeError::SortFlagUncompressed);
    }
    let x = F::from_zcash(&masked[..F::LEN]).ok_or(DecodeError::NonCanonical)?;
    let y = F::from_zcash(&masked[F::LEN..]).ok_or(DecodeError::NonCanonical)?;
    Ok(Point::Affine { x, y })
}

/// The 48-byte compressed encoding of a point of E(𝔽ₚ).
pub fn g1_to_compressed(p: &Point<Fp>) -> Result<[u8; 48], EncodeError> {
    to_compressed(bls12_381_g1(), p).map(|v| v.try_into().expect("48 bytes"))
}

/// The 96-byte uncompressed encoding of a point of E(𝔽ₚ).
pub fn g1_to_uncompressed(p: &Point<Fp>) -> Result<[u8; 96], EncodeError> {
    to_uncompressed(bls12_381_g1(), p).map(|v| v.try_into().expect("96 bytes"))
}

/// The 96-byte compressed encoding of a point of E′(𝔽ₚ²).
pub fn g2_to_compressed(p: &Point<Fp2>) -> Result<[u8; 96], EncodeError> {
    to_compressed(bls12_381_g2(), p).map(|v| v.try_into().expect("96 bytes"))
}

/// The 192-byte uncompressed encoding of a point of E′(𝔽ₚ²).
pub fn g2_to_uncompressed(p: &Point<Fp2>) -> Result<[u8; 192], EncodeError> {
    to_uncompressed(bls12_381_g2(), p).map(|v| v.try_into().expect("192 bytes"))
}

/// Decodes a 48-byte compressed G1 encoding.
pub fn g1_from_compressed(bytes: &[u8], check: SubgroupCheck) -> Result<Point<Fp>, DecodeError> {
    from_compressed(bls12_381_g1(), bytes, check)
}

/// Decodes a 96-byte uncompressed G1 encoding.
pub fn g1_from_uncompressed(bytes: &[u8], check: SubgroupCheck) -> Result<Point<Fp>, DecodeError> {
    from_uncompressed(bls12_381_g1(), bytes, check)
}

/// Decodes a 96-byte compressed G2 encoding (`x.c1 ‖ x.c0`).
pub fn g2_from_compressed(bytes: &[u8], check: SubgroupCheck) -> Result<Point<Fp2>, DecodeError> {
    from_compressed(bls12_381_g2(), bytes, check)
}

/// Decodes a 192-byte uncompressed G2 encoding (`x.c1 ‖ x.c0 ‖ y.c1 ‖ y.c0`).
pub fn g2_from_uncompressed(bytes: &[u8], check: SubgroupCheck) -> Result<Point<Fp2>, DecodeError> {
    from_uncompressed(bls12_381_g2(), bytes, check)
}

/// The point of a 96-byte uncompressed G1 encoding with its flags and coordinates checked but
/// not the curve equation: what zkcrypto's `from_uncompressed_unchecked` and ark's
/// `Validate::No` return (possibly a point off the curve).
pub fn g1_coordinates_from_uncompressed(bytes: &[u8]) -> Result<Point<Fp>, DecodeError> {
    coordinates_from_uncompressed(bytes)
}

/// [`g1_coordinates_from_uncompressed`] for a 192-byte G2 encoding.
pub fn g2_coordinates_from_uncompressed(bytes: &[u8]) -> Result<Point<Fp2>, DecodeError> {
    coordinates_from_uncompressed(bytes)
}
