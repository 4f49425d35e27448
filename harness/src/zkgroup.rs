//! Any curve behind zkcrypto's `group` 0.14 / `ff` 0.14 traits, in one line: the suites stamp
//! out a differential check of the traits' entry points for a type `G: group::Curve +
//! GroupEncoding`, against an oracle curve declared from the curve's specification constants
//! ([`SwGroup`], built in or by [`crate::sw_curve!`]) and the curve's point encoding
//! ([`PointEncoding`]).
//!
//! ```ignore
//! ecdiff::check!(k256_group_law, ecdiff::zkgroup::group_law::<k256::ProjectivePoint, Secp256k1, _>(
//!     Spec::new("k256_group_law"), ecdiff::zkgroup::Sec1Compressed));
//! ```
//!
//! # Paths in and out
//!
//! The traits give no coordinates, so a point enters as arithmetic from the generator: the
//! point of log a is `G::generator() * a`, with a the scalar `ff::PrimeField::from_repr` makes
//! of a's canonical bytes (in the byte order `Scalar::ONE.to_repr()` shows). A result leaves
//! through `GroupEncoding::to_bytes`, read by the oracle's decoder of the curve's encoding
//! ([`PointEncoding`]), never by the library's. The input path (generator, `Mul`,
//! `from_repr`) and the output path (`to_bytes`) share no function, so a bug in one is not
//! undone by the other; a bug in the input path's `Mul` shows as a disagreement of whatever
//! operation it feeds (and the `mul` operation checks it directly).
//!
//! Suites: [`group_law()`] (add, sub, neg, double, mixed affine addition and subtraction,
//! `Mul<Scalar>`, `is_identity`, on inputs with identities on either side, P + P, P − P).

pub mod group_law;

pub use group_law::group_law;

use crate::curve::SwGroup;
use ecdiff_oracles::bls12_381::serialization::{self, SubgroupCheck};
use ecdiff_oracles::bls12_381::{Bls12381G1, Bls12381G2};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::Point;
use group_014::ff::PrimeField;
use num_bigint::BigUint;

/// A curve's `GroupEncoding` bytes as the oracle reads them, from the curve's specification.
pub trait PointEncoding<C: SwGroup>: Send + Sync + 'static {
    /// The point `bytes` encode, or `None` when they encode none.
    fn decode(&self, bytes: &[u8]) -> Option<Point<C::F>>;

    /// A short name of the encoding, for reports.
    fn name(&self) -> &'static str;
}

/// SEC 1 v2 §2.3.3 compressed points (`02/03 ‖ x`, big-endian x), the identity as SEC 1's
/// one-byte `00` padded with zeros to the compressed length: RustCrypto's fixed-width
/// `GroupEncoding` (k256, p256), decoded by the oracle's [`ecdiff_oracles::sec1::decode`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Sec1Compressed;

impl<C: SwGroup<F = Fp>> PointEncoding<C> for Sec1Compressed {
    fn decode(&self, bytes: &[u8]) -> Option<Point<Fp>> {
        match bytes.split_first() {
            Some((0, rest)) if rest.iter().all(|b| *b == 0) => Some(Point::Identity),
            Some((2 | 3, _)) => ecdiff_oracles::sec1::decode(C::instance().curve(), bytes).ok(),
            _ => None,
        }
    }

    fn name(&self) -> &'static str {
        "SEC 1 compressed"
    }
}

/// x as little-endian bytes (the field's length) with the sign of y (its canonical integer
/// odd) in the top bit of the last byte, the identity as all zero bytes: the Pasta curves'
/// `GroupEncoding` (pasta_curves `to_bytes`; the Zcash protocol specification §5.4.9.7
/// encodes Pallas points the same way). Needs a modulus below 2^(8·len − 1), so the top bit
/// is free.
#[derive(Clone, Copy, Debug, Default)]
pub struct XLittleEndianSignBit;

impl<C: SwGroup<F = Fp>> PointEncoding<C> for XLittleEndianSignBit {
    fn decode(&self, bytes: &[u8]) -> Option<Point<Fp>> {
        let curve = C::instance().curve();
        let field = curve.b.field();
        let len = (field.modulus().bits() as usize).div_ceil(8);
        assert!(
            field.modulus().bits() < 8 * len as u64,
            "{}: no spare top bit for the sign",
            field.name()
        );
        let (last, _) = bytes.split_last()?;
        if bytes.len() != len {
            return None;
        }
        if bytes.iter().all(|b| *b == 0) {
            return Some(Point::Identity);
        }
        let odd = last >> 7 == 1;
        let mut x = bytes.to_vec();
        x[len - 1] &= 0x7f;
        let x = field.from_canonical(&BigUint::from_bytes_le(&x))?;
        match curve.lift_x(&x)? {
            Point::Affine { x, y } if y.value().bit(0) == odd => Some(Point::Affine { x, y }),
            p => Some(curve.neg(&p)),
        }
    }

    fn name(&self) -> &'static str {
        "x little-endian, sign of y in the top bit"
    }
}

/// The ZCash serialization of BLS12-381, compressed (48 bytes for G1, 96 for G2; the top
/// three bits flag compression, infinity and the sign of y), decoded by the oracle's
/// [`ecdiff_oracles::bls12_381::serialization`] with the subgroup checked: zkcrypto's
/// bls12_381 and blstrs.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZcashCompressed;

impl PointEncoding<Bls12381G1> for ZcashCompressed {
    fn decode(&self, bytes: &[u8]) -> Option<Point<Fp>> {
        serialization::g1_from_compressed(bytes, SubgroupCheck::Checked).ok()
    }

    fn name(&self) -> &'static str {
        "ZCash compressed (G1)"
    }
}

impl PointEncoding<Bls12381G2> for ZcashCompressed {
    fn decode(&self, bytes: &[u8]) -> Option<Point<Fp2>> {
        serialization::g2_from_compressed(bytes, SubgroupCheck::Checked).ok()
    }

    fn name(&self) -> &'static str {
        "ZCash compressed (G2)"
    }
}

/// The scalar of `G` whose canonical integer is `k` (below the scalar field's modulus), through
/// `from_repr` in the byte order of the field's representation (read off `ONE.to_repr()`).
///
/// # Panics
/// When `k` does not fit the representation or is not canonical, or when `ONE.to_repr()` is
/// neither little- nor big-endian 1.
pub fn scalar<S: PrimeField>(k: &BigUint) -> S {
    let one = S::ONE.to_repr();
    let one = one.as_ref();
    let little = match (one.first(), one.last()) {
        (Some(1), _) if one[1..].iter().all(|b| *b == 0) => true,
        (_, Some(1)) if one[..one.len() - 1].iter().all(|b| *b == 0) => false,
        _ => panic!("ONE.to_repr() is {one:02x?}: neither little- nor big-endian 1"),
    };
    let mut repr = S::Repr::default();
    let bytes = repr.as_mut();
    let le = k.to_bytes_le();
    assert!(
        le.len() <= bytes.len(),
        "0x{k:x} does not fit the scalar representation"
    );
    for (i, b) in le.iter().enumerate() {
        let at = if little { i } else { bytes.len() - 1 - i };
        bytes[at] = *b;
    }
    Option::from(S::from_repr(repr))
        .unwrap_or_else(|| panic!("0x{k:x} is not a canonical scalar of this field"))
}
