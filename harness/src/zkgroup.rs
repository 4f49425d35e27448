//! Any curve behind zkcrypto's `group` / `ff` traits (0.14 at the top, 0.13 in [`v013`]), in
//! one line: the suites stamp
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
//! `Mul<Scalar>`, `is_identity`, `Sum`, `batch_normalize`, `from_bytes` of valid and mutated
//! encodings, on inputs with identities on either side, P + P, P − P); [`wnaf()`] (`group`'s wNAF
//! multiplication, [`mod@wnaf`]).

pub mod group_law;
#[cfg(feature = "zoo")]
pub mod planted;
mod versions;
pub mod wnaf;
pub mod wnaf_model;

/// The suites over types implementing `group` 0.14 / `ff` 0.14 (k256, p256, bls12_381 0.9,
/// pasta_curves 0.6), re-exported at the top of [`crate::zkgroup`].
pub mod v014 {
    super::versions::entry_points!(group_014, "0.14");
}

/// The suites over types implementing `group` 0.13 / `ff` 0.13 (blstrs 0.7, halo2curves 0.10).
pub mod v013 {
    super::versions::entry_points!(group_013, "0.13");
}

pub use v014::{group_law, scalar, traits, wnaf, wnaf_group};

use crate::curve::twisted_edwards::TeGroup;
use crate::curve::SwGroup;
use ecdiff_oracles::bls12_381::serialization::{self, SubgroupCheck};
use ecdiff_oracles::bls12_381::{Bls12381G1, Bls12381G2};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::halo2_compressed::{self, FlagLayout};
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;

/// What a reproducer names: the group type under test and the `group` release it implements
/// (a dependency of the reproducer, with its default `alloc` feature, which the wNAF API needs
/// and halo2curves does not enable).
#[derive(Clone, Copy, Debug)]
pub struct ReproPaths {
    /// The projective type, `k256::ProjectivePoint`.
    pub group_type: &'static str,
    /// The `group` release the type implements, as Cargo.lock pins it (`"0.13.0"`).
    pub group_version: &'static str,
}

/// A curve's `GroupEncoding` bytes as the oracle reads them, from the curve's specification.
pub trait PointEncoding<C: SwGroup>: Send + Sync + 'static {
    /// The point `bytes` encode, or `None` when they encode none.
    fn decode(&self, bytes: &[u8]) -> Option<Point<C::F>>;

    /// The encoding of `p`, a point of the curve (for a reproducer's expected line: the
    /// library's `to_bytes` of the right result is this).
    fn encode(&self, p: &Point<C::F>) -> Vec<u8>;

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

    fn encode(&self, p: &Point<Fp>) -> Vec<u8> {
        let len = (C::instance().curve().b.field().modulus().bits() as usize).div_ceil(8);
        let mut out = ecdiff_oracles::sec1::encode(p, true);
        out.resize(1 + len, 0);
        out
    }

    fn name(&self) -> &'static str {
        "SEC 1 compressed"
    }
}

/// The two points with the x of `bytes` when they are the tag byte 0x05 followed by the x of
/// a point of `C` (big-endian, below p), even y first: the "compact" point of
/// draft-jivsov-ecc-compact, which RustCrypto's `sec1` 0.8 parses as `Tag::Compact`. SEC 1 v2
/// §2.3.4 has no such tag, so [`Sec1Compressed`] refuses these bytes; this is for declaring
/// what a library that accepts them is known to return.
pub fn sec1_compact_roots<C: SwGroup<F = Fp>>(bytes: &[u8]) -> Option<[Point<Fp>; 2]> {
    let (5, x) = bytes.split_first()? else {
        return None;
    };
    let curve = C::instance().curve();
    let x = curve.b.field().from_canonical(&BigUint::from_bytes_be(x))?;
    let root = curve.lift_x(&x)?;
    let other = curve.neg(&root);
    let even = |p: &Point<Fp>| matches!(p, Point::Affine { y, .. } if !y.value().bit(0));
    Some(if even(&root) {
        [root, other]
    } else {
        [other, root]
    })
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

    fn encode(&self, p: &Point<Fp>) -> Vec<u8> {
        let field = C::instance().curve().b.field();
        let len = (field.modulus().bits() as usize).div_ceil(8);
        match p {
            Point::Identity => vec![0; len],
            Point::Affine { x, y } => {
                let mut out = x.to_le_bytes(len);
                out[len - 1] |= u8::from(y.value().bit(0)) << 7;
                out
            }
        }
    }

    fn name(&self) -> &'static str {
        "x little-endian, sign of y in the top bit"
    }
}

/// y little-endian with the low bit of x in the top bit, the identity as (0, 1)'s encoding: the
/// twisted Edwards curves' `GroupEncoding` (RFC 8032 §5.1.2 for edwards25519; the Zcash
/// protocol specification §5.4.9.3 and ZIP 216 for Jubjub), decoded by the Edwards equation
/// ([`ecdiff_oracles::twisted_edwards::TeCurve::decode_y_sign`]: y ≥ p, a y of no point and
/// x = 0 with the sign bit set are refused) and mapped into the curve's Weierstrass model.
/// With `prime_order_only`, points outside the order-r subgroup are refused too (a type that
/// holds only those, as jubjub's `SubgroupPoint`).
#[derive(Clone, Copy, Debug, Default)]
pub struct EdwardsYSign {
    /// Whether the decoder refuses points outside the prime-order subgroup.
    pub prime_order_only: bool,
}

impl<C: TeGroup> PointEncoding<C> for EdwardsYSign {
    fn decode(&self, bytes: &[u8]) -> Option<Point<Fp>> {
        let c = C::instance();
        let p = c
            .edwards()
            .to_weierstrass(&c.edwards().decode_y_sign(bytes)?);
        let in_subgroup = || c.curve().mul(&p, &c.curve().order).is_identity();
        (!self.prime_order_only || in_subgroup()).then_some(p)
    }

    fn encode(&self, p: &Point<Fp>) -> Vec<u8> {
        let edwards = C::instance().edwards();
        let p = edwards
            .from_weierstrass(p)
            .expect("a complete curve's points all have an Edwards image");
        edwards.encode_y_sign(&p)
    }

    fn name(&self) -> &'static str {
        if self.prime_order_only {
            "Edwards y with the sign of x, prime-order subgroup"
        } else {
            "Edwards y with the sign of x"
        }
    }
}

/// halo2curves' compressed `GroupEncoding` with the flags where the curve keeps them
/// ([`FlagLayout`]: a leading flag byte for secp256k1 and secp256r1, x's two spare top bits for
/// BN254 and Grumpkin), decoded by the oracle's [`ecdiff_oracles::halo2_compressed::decode`]
/// (written from the format's description). The Pasta curves' single-spare-bit layout is
/// [`XLittleEndianSignBit`].
#[derive(Clone, Copy, Debug)]
pub struct Halo2Format(pub FlagLayout);

impl<C: SwGroup<F = Fp>> PointEncoding<C> for Halo2Format {
    fn decode(&self, bytes: &[u8]) -> Option<Point<Fp>> {
        halo2_compressed::decode(C::instance().curve(), self.0, bytes).ok()
    }

    fn encode(&self, p: &Point<Fp>) -> Vec<u8> {
        halo2_compressed::encode(C::instance().curve(), self.0, p)
    }

    fn name(&self) -> &'static str {
        match self.0 {
            FlagLayout::Extra => "halo2curves compressed (leading flag byte)",
            FlagLayout::TwoSpare => "halo2curves compressed (flags in x's top bits)",
        }
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

    fn encode(&self, p: &Point<Fp>) -> Vec<u8> {
        serialization::g1_to_compressed(p)
            .expect("a point of the curve")
            .to_vec()
    }

    fn name(&self) -> &'static str {
        "ZCash compressed (G1)"
    }
}

impl PointEncoding<Bls12381G2> for ZcashCompressed {
    fn decode(&self, bytes: &[u8]) -> Option<Point<Fp2>> {
        serialization::g2_from_compressed(bytes, SubgroupCheck::Checked).ok()
    }

    fn encode(&self, p: &Point<Fp2>) -> Vec<u8> {
        serialization::g2_to_compressed(p)
            .expect("a point of the curve")
            .to_vec()
    }

    fn name(&self) -> &'static str {
        "ZCash compressed (G2)"
    }
}

/// Writes `k` into a scalar representation `repr` in the byte order `one` (the field's
/// `ONE.to_repr()`) shows: little-endian when 1 is its first byte, big-endian when its last.
///
/// # Panics
/// When `k` does not fit `repr`, or `one` is neither little- nor big-endian 1.
fn write_repr(k: &BigUint, one: &[u8], repr: &mut [u8]) {
    let little = match (one.first(), one.last()) {
        (Some(1), _) if one[1..].iter().all(|b| *b == 0) => true,
        (_, Some(1)) if one[..one.len() - 1].iter().all(|b| *b == 0) => false,
        _ => panic!("ONE.to_repr() is {one:02x?}: neither little- nor big-endian 1"),
    };
    let le = k.to_bytes_le();
    assert!(
        le.len() <= repr.len(),
        "0x{k:x} does not fit the scalar representation"
    );
    for (i, b) in le.iter().enumerate() {
        let at = if little { i } else { repr.len() - 1 - i };
        repr[at] = *b;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ecdiff_oracles::curves::{Bn254G1, Secp256k1};

    /// Each encoding's `encode` and `decode` are inverse on the identity and on points of
    /// small and large logs (the reproducers' controls check `encode` against the libraries).
    fn round_trips<C: SwGroup, E: PointEncoding<C>>(encoding: E, len: usize) {
        let c = C::instance();
        let logs = [0u64, 1, 5, u64::MAX];
        for log in logs {
            let p = c.curve().mul_generator(&BigUint::from(log));
            let bytes = encoding.encode(&p);
            assert_eq!(bytes.len(), len, "{}: length", encoding.name());
            assert_eq!(
                encoding.decode(&bytes),
                Some(p),
                "{}: log {log}",
                encoding.name()
            );
        }
    }

    #[test]
    fn encodings_round_trip() {
        round_trips::<Secp256k1, _>(Sec1Compressed, 33);
        round_trips::<Secp256k1, _>(Halo2Format(FlagLayout::Extra), 33);
        round_trips::<Bn254G1, _>(Halo2Format(FlagLayout::TwoSpare), 32);
        round_trips::<Bn254G1, _>(XLittleEndianSignBit, 32);
        round_trips::<Bls12381G1, _>(ZcashCompressed, 48);
        round_trips::<Bls12381G2, _>(ZcashCompressed, 96);
    }
}
