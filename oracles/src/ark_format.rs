//! arkworks' default point format — `CanonicalSerialize` / `CanonicalDeserialize` of
//! `short_weierstrass::Affine` (over 𝔽ₚ or 𝔽ₚ²) and `twisted_edwards::Affine` (over 𝔽ₚ) in
//! ark-ec, ark-ff and ark-serialize 0.5 — written from the format's definition, with the
//! canonical decoding rule and arkworks' laxer reading of it named one departure at a time.
//!
//! # The format
//!
//! For a base prime p of b bits, a coefficient is its integer in little-endian bytes:
//! `⌈b/8⌉` bytes plain, `⌈(b + f)/8⌉` bytes when it carries f flag bits, which are the top
//! bits of its last byte (a byte of their own when b + f overflows the plain width: a 256-bit
//! p with flags takes 33 bytes). An element of 𝔽ₚ² is c0 plain, then c1 carrying the flags.
//! The order that decides a sign is arkworks': integers for 𝔽ₚ, and for 𝔽ₚ² c1 first, then
//! c0 (lexicographic from the top coefficient); an element y is *negative* when y > −y.
//!
//! - Short Weierstrass, two flag bits: bit 7 "y is negative", bit 6 "point at infinity"
//!   (both set is refused). Compressed: x with the flags (the identity: x = 0 with bit 6).
//!   Uncompressed: x plain, then y with the flags (the identity: x = y = 0 with bit 6).
//!   Decompression takes the smaller root (in that order) for a clear bit 7, the larger for a
//!   set one.
//! - Twisted Edwards, one flag bit: bit 7 "x is negative". Compressed: y with the flag, x
//!   recovered from x² = (1 − y²)/(a − d·y²). Uncompressed: x plain, then y plain. The
//!   identity is (0, 1), an ordinary point.
//!
//! `Validate::Yes` then asks the point to be on the curve and in the prime-order subgroup
//! (r·P = O); `Validate::No` asks neither, so an uncompressed pair off the curve is read as
//! it is (arkworks' documented contract, not a departure).
//!
//! # The canonical rule, and arkworks' reading
//!
//! The canonical decoding accepts exactly the bytes the encoder writes. arkworks' reading
//! (ark-ec 0.5 `SWCurveConfig::deserialize_with_mode`, `TECurveConfig::deserialize_with_mode`,
//! ark-ff 0.5 `Fp::deserialize_with_flags`, ark-serialize 0.5 `SWFlags` / `TEFlags`)
//! accepts more, in four ways, each a [`Departure`]: it returns the identity for the infinity
//! flag whatever the coordinates beside it; it reads a 33-byte flagged coefficient's integer
//! from its first 32 bytes, ignoring the six other bits of the flag byte; it never compares
//! an uncompressed point's sign flag with its y; and it accepts the "negative" flag on a zero
//! root (y = 0, or x = 0 for twisted Edwards), where both roots are one. [`sw_read`] and
//! [`te_read`] return the point arkworks' reading gives with the departures it took: the
//! canonical decoding is that point when there are none, and a refusal otherwise.
//!
//! Sources: the crates' own code, read as a specification (the format has no other), and
//! RFC 9380 / SEC 1 only for the arithmetic. Tests: hand-derived BN254 G1 and secp256k1
//! encodings, round trips of every curve the crate declares, each departure and refusal.

use crate::field::{Field, Fp, SqrtField};
use crate::quadratic::QuadExt;
use crate::tower::Fp2;
use crate::twisted_edwards::{TeCurve, TePoint};
use crate::weierstrass::{Curve, Point};
use num_bigint::BigUint;
use std::cmp::Ordering;

/// Short-Weierstrass flag: y is negative (bit 7 of the flagged coefficient's last byte).
pub const SW_NEGATIVE: u8 = 1 << 7;
/// Short-Weierstrass flag: the point at infinity (bit 6).
pub const SW_INFINITY: u8 = 1 << 6;
/// Twisted-Edwards flag: x is negative (bit 7).
pub const TE_NEGATIVE: u8 = 1 << 7;

/// A coordinate field the format writes: its elements' canonical coefficients in tower order
/// (c0 first) and back.
pub trait FormatField: SqrtField {
    /// The prime p of the coefficients.
    fn base_modulus(&self) -> BigUint;
    /// The element of `self`'s field with these canonical coefficients, or `None` when one
    /// is ≥ p or their number is not the field's degree.
    fn with_coeffs(&self, coeffs: &[BigUint]) -> Option<Self>;
}

impl FormatField for Fp {
    fn base_modulus(&self) -> BigUint {
        self.field().modulus().clone()
    }
    fn with_coeffs(&self, coeffs: &[BigUint]) -> Option<Self> {
        match coeffs {
            [c] => self.field().from_canonical(c),
            _ => None,
        }
    }
}

impl FormatField for Fp2 {
    fn base_modulus(&self) -> BigUint {
        self.c0.base_modulus()
    }
    fn with_coeffs(&self, coeffs: &[BigUint]) -> Option<Self> {
        match coeffs {
            [c0, c1] => Some(Fp2::new(
                self.c0.field().from_canonical(c0)?,
                self.c0.field().from_canonical(c1)?,
            )),
            _ => None,
        }
    }
}

impl FormatField for QuadExt {
    fn base_modulus(&self) -> BigUint {
        self.c0.base_modulus()
    }
    fn with_coeffs(&self, coeffs: &[BigUint]) -> Option<Self> {
        match coeffs {
            [c0, c1] => self.field().from_canonical(c0, c1),
            _ => None,
        }
    }
}

/// A way arkworks' reading accepts bytes the canonical decoding refuses (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Departure {
    /// The infinity flag beside non-zero coordinates, read as the identity.
    InfinityWithCoordinates,
    /// Bits of a flag byte of its own (a 33rd byte) outside the flags, ignored.
    FlagByteBitsIgnored,
    /// An uncompressed point whose sign flag is not its y's, read as (x, y).
    UncompressedSignIgnored,
    /// The negative flag on a zero root (y = 0; x = 0 for twisted Edwards), read as the
    /// point with that zero coordinate.
    NegativeZero,
}

/// Why both readings refuse an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Fewer bytes than the format takes.
    Short,
    /// Both short-Weierstrass flags set.
    BothFlags,
    /// A coefficient ≥ p (after the flags are removed).
    CoefficientRange,
    /// No point of the curve has that coordinate (no square root; for twisted Edwards also
    /// a − d·y² = 0).
    NoSquareRoot,
    /// `Validate::Yes` and the point is not on the curve.
    NotOnCurve,
    /// `Validate::Yes` and the point is not in the prime-order subgroup.
    NotInSubgroup,
}

/// What arkworks' reading gives for an accepted input, and the departures from the canonical
/// rule it took to get there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading<P> {
    /// The point arkworks returns.
    pub point: P,
    /// Empty when the input is canonical.
    pub departures: Vec<Departure>,
}

impl<P> Reading<P> {
    /// The canonical decoding: the point when no departure was taken.
    pub fn canonical(&self) -> Option<&P> {
        self.departures.is_empty().then_some(&self.point)
    }
}

/// `⌈bits(p)/8⌉`: a plain coefficient's bytes.
pub fn plain_bytes(p: &BigUint) -> usize {
    (p.bits() as usize).div_ceil(8)
}

/// `⌈(bits(p) + flag_bits)/8⌉`: a flagged coefficient's bytes.
pub fn flagged_bytes(p: &BigUint, flag_bits: usize) -> usize {
    (p.bits() as usize + flag_bits).div_ceil(8)
}

/// The bytes of the 64-bit words that hold a coefficient, `8·⌈bits(p)/64⌉`: what arkworks
/// reads a flagged coefficient's integer from.
fn limb_bytes(p: &BigUint) -> usize {
    (p.bits() as usize).div_ceil(64) * 8
}

/// The number of bytes of a whole point in `compress`ed or uncompressed form.
pub fn point_bytes<F: FormatField>(like: &F, compress: bool, edwards: bool) -> usize {
    let p = like.base_modulus();
    let degree = like.coeffs().len();
    let flag_bits = if edwards { 1 } else { 2 };
    let element = |flags: usize| (degree - 1) * plain_bytes(&p) + flagged_bytes(&p, flags);
    match (compress, edwards) {
        (true, _) => element(flag_bits),
        (false, false) => element(0) + element(flag_bits),
        (false, true) => 2 * element(0),
    }
}

/// Whether y > −y in arkworks' order (module docs).
pub fn is_negative<F: FormatField>(y: &F) -> bool {
    ark_cmp(y, &y.neg()) == Ordering::Greater
}

/// arkworks' order: the coefficients compared from the top one down.
fn ark_cmp<F: FormatField>(a: &F, b: &F) -> Ordering {
    a.coeffs().iter().rev().cmp(b.coeffs().iter().rev())
}

/// An element's bytes: every coefficient plain but the last, which carries `flags` in a
/// field of `flag_bits` bits.
fn write_element<F: FormatField>(e: &F, flag_bits: usize, flags: u8) -> Vec<u8> {
    let p = e.base_modulus();
    let coeffs = e.coeffs();
    let mut out = Vec::new();
    for (i, c) in coeffs.iter().enumerate() {
        let last = i + 1 == coeffs.len();
        let width = if last {
            flagged_bytes(&p, flag_bits)
        } else {
            plain_bytes(&p)
        };
        let mut bytes = c.to_bytes_le();
        bytes.resize(width, 0);
        if last {
            bytes[width - 1] |= flags;
        }
        out.extend(bytes);
    }
    out
}

/// The input, read front to back.
struct Cursor<'a> {
    bytes: &'a [u8],
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], Refusal> {
        if self.bytes.len() < n {
            return Err(Refusal::Short);
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }
}

/// Which flag encodings a coefficient's top bits carry.
#[derive(Clone, Copy)]
enum FlagKind {
    /// None (a plain coefficient).
    Empty,
    /// `SWFlags`: bits 7 and 6, both set refused.
    ShortWeierstrass,
    /// `TEFlags`: bit 7.
    TwistedEdwards,
}

impl FlagKind {
    fn bits(self) -> usize {
        match self {
            FlagKind::Empty => 0,
            FlagKind::ShortWeierstrass => 2,
            FlagKind::TwistedEdwards => 1,
        }
    }
}

/// Reads an element of `like`'s field as arkworks does: its coefficients, the flags of the
/// last one (as a bit mask), and the departures taken.
fn read_element<F: FormatField>(
    like: &F,
    cursor: &mut Cursor<'_>,
    kind: FlagKind,
    departures: &mut Vec<Departure>,
) -> Result<(F, u8), Refusal> {
    let p = like.base_modulus();
    let degree = like.coeffs().len();
    let mut coeffs = Vec::with_capacity(degree);
    let mut flags = 0;
    for i in 0..degree {
        let last = i + 1 == degree;
        let kind = if last { kind } else { FlagKind::Empty };
        let width = flagged_bytes(&p, kind.bits());
        let mut bytes = cursor.take(width)?.to_vec();
        let top = bytes[width - 1];
        // The recognized flag's bits are cleared; both SW flags at once is refused.
        let mask = match kind {
            FlagKind::Empty => 0,
            FlagKind::ShortWeierstrass => match (top & SW_NEGATIVE != 0, top & SW_INFINITY != 0) {
                (true, true) => return Err(Refusal::BothFlags),
                (true, false) => SW_NEGATIVE,
                (false, true) => SW_INFINITY,
                (false, false) => 0,
            },
            FlagKind::TwistedEdwards => top & TE_NEGATIVE,
        };
        bytes[width - 1] &= !mask;
        if last {
            flags = mask;
        }
        // A flag byte of its own lies beyond the words the integer is read from.
        let words = limb_bytes(&p);
        if width > words {
            if bytes[words..].iter().any(|b| *b != 0) {
                departures.push(Departure::FlagByteBitsIgnored);
            }
            bytes.truncate(words);
        }
        let c = BigUint::from_bytes_le(&bytes);
        if c >= p {
            return Err(Refusal::CoefficientRange);
        }
        coeffs.push(c);
    }
    let e = like
        .with_coeffs(&coeffs)
        .expect("coefficients below p, as many as the degree");
    Ok((e, flags))
}

/// arkworks' bytes of `point` on `curve` (`serialize_with_mode`).
pub fn sw_write<F: FormatField>(curve: &Curve<F>, point: &Point<F>, compress: bool) -> Vec<u8> {
    let zero = curve.b.zero_like();
    let (x, y, flags) = match point {
        Point::Identity => (zero.clone(), zero, SW_INFINITY),
        Point::Affine { x, y } => {
            let sign = if is_negative(y) { SW_NEGATIVE } else { 0 };
            (x.clone(), y.clone(), sign)
        }
    };
    if compress {
        write_element(&x, 2, flags)
    } else {
        let mut out = write_element(&x, 0, 0);
        out.extend(write_element(&y, 2, flags));
        out
    }
}

/// arkworks' reading of `bytes` as a point of `curve` (`deserialize_with_mode` with this
/// `compress` and `validate`): the point it returns and the departures from the canonical
/// rule it took, or the refusal both readings give. Bytes past the point are not read.
pub fn sw_read<F: FormatField>(
    curve: &Curve<F>,
    bytes: &[u8],
    compress: bool,
    validate: bool,
) -> Result<Reading<Point<F>>, Refusal> {
    let like = &curve.b;
    let mut cursor = Cursor { bytes };
    let mut departures = Vec::new();
    let point = if compress {
        let (x, flags) = read_element(
            like,
            &mut cursor,
            FlagKind::ShortWeierstrass,
            &mut departures,
        )?;
        if flags == SW_INFINITY {
            if !x.is_zero() {
                departures.push(Departure::InfinityWithCoordinates);
            }
            Point::Identity
        } else {
            let rhs = x.square().mul(&x).add(&curve.a.mul(&x)).add(&curve.b);
            let root = rhs.sqrt().ok_or(Refusal::NoSquareRoot)?;
            let other = root.neg();
            let (smaller, larger) = match ark_cmp(&root, &other) {
                Ordering::Greater => (other, root),
                _ => (root, other),
            };
            let negative = flags == SW_NEGATIVE;
            if negative && larger.is_zero() {
                departures.push(Departure::NegativeZero);
            }
            let y = if negative { larger } else { smaller };
            Point::Affine { x, y }
        }
    } else {
        let (x, _) = read_element(like, &mut cursor, FlagKind::Empty, &mut departures)?;
        let (y, flags) = read_element(
            like,
            &mut cursor,
            FlagKind::ShortWeierstrass,
            &mut departures,
        )?;
        if flags == SW_INFINITY {
            if !x.is_zero() || !y.is_zero() {
                departures.push(Departure::InfinityWithCoordinates);
            }
            Point::Identity
        } else {
            let written = if is_negative(&y) { SW_NEGATIVE } else { 0 };
            if flags != written {
                departures.push(Departure::UncompressedSignIgnored);
            }
            Point::Affine { x, y }
        }
    };
    if validate && !point.is_identity() {
        if !curve.is_on_curve(&point) {
            return Err(Refusal::NotOnCurve);
        }
        if !curve.mul(&point, &curve.order).is_identity() {
            return Err(Refusal::NotInSubgroup);
        }
    }
    Ok(Reading { point, departures })
}

/// arkworks' bytes of `point` on `curve` (`serialize_with_mode`).
pub fn te_write(point: &TePoint, compress: bool) -> Vec<u8> {
    if compress {
        let sign = if is_negative(&point.x) {
            TE_NEGATIVE
        } else {
            0
        };
        write_element(&point.y, 1, sign)
    } else {
        let mut out = write_element(&point.x, 0, 0);
        out.extend(write_element(&point.y, 0, 0));
        out
    }
}

/// arkworks' reading of `bytes` as a point of the twisted Edwards `curve`, as [`sw_read`].
pub fn te_read(
    curve: &TeCurve,
    bytes: &[u8],
    compress: bool,
    validate: bool,
) -> Result<Reading<TePoint>, Refusal> {
    let like = &curve.a;
    let mut cursor = Cursor { bytes };
    let mut departures = Vec::new();
    let point = if compress {
        let (y, flags) =
            read_element(like, &mut cursor, FlagKind::TwistedEdwards, &mut departures)?;
        let y2 = y.square();
        let denominator = curve.a.sub(&curve.d.mul(&y2));
        let x2 = y
            .one_like()
            .sub(&y2)
            .mul(&denominator.inv().ok_or(Refusal::NoSquareRoot)?);
        let root = x2.sqrt().ok_or(Refusal::NoSquareRoot)?;
        let other = root.neg();
        let (smaller, larger) = match ark_cmp(&root, &other) {
            Ordering::Greater => (other, root),
            _ => (root, other),
        };
        let negative = flags == TE_NEGATIVE;
        if negative && larger.is_zero() {
            departures.push(Departure::NegativeZero);
        }
        let x = if negative { larger } else { smaller };
        TePoint { x, y }
    } else {
        let (x, _) = read_element(like, &mut cursor, FlagKind::Empty, &mut departures)?;
        let (y, _) = read_element(like, &mut cursor, FlagKind::Empty, &mut departures)?;
        TePoint { x, y }
    };
    if validate {
        if !curve.is_on_curve(&point) {
            return Err(Refusal::NotOnCurve);
        }
        if curve.mul(&point, &curve.order) != curve.identity() {
            return Err(Refusal::NotInSubgroup);
        }
    }
    Ok(Reading { point, departures })
}
