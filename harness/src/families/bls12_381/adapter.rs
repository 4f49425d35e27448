//! BLS12-381 subjects: blstrs 0.7.1 (over blst 0.3), zkcrypto's bls12_381 0.9.0 and
//! ark-bls12-381 0.5.0, converted between ecdiff's neutral values and each library's types.
//!
//! # Conversions, and what they never do
//!
//! * Field elements cross as canonical big-endian bytes (`blstrs::Fp::from_bytes_be`) or
//!   integers (`crate::arkworks::from_biguint`), which reject a value ≥ p rather than reduce
//!   it. 𝔽ₚ² elements are c0 + c1·u on every side (u² = −1).
//! * blst's `blst_p1`/`blst_p2` are Jacobian ((x, y) = (X/Z², Y/Z³), blst `src/e1.c`), so a
//!   drawn Jacobian point goes in as `G1Projective::from_raw_unchecked(X, Y, Z)` exactly as
//!   drawn (arbitrary Z, identities with arbitrary X and Y and Z = 0). ark 0.5's
//!   `Projective` is Jacobian too (`Projective::new_unchecked`).
//! * Results come back through the *oracle's* conversion of their raw coordinates
//!   (`Curve::from_jacobian`); affine results coordinate by coordinate, the identity by the
//!   library's own flag (`is_identity`, ark's `infinity`).
//! * Scalars are canonical (below r): `Scalar::from_bytes_le` rejects the rest.

use crate::curve::{Jacobian, SwGroup};
use crate::shapes::msm::{AffineMsm, Msm};
use crate::shapes::normalize::NormalizeBatch;
use ark_ec::short_weierstrass::{Affine, Projective};
use ark_ec::{AffineRepr, CurveGroup, VariableBaseMSM};
use ecdiff_oracles::bls12_381::{bls12_381_fp, bls12_381_g1, bls12_381_g2, Bls12381G1, Bls12381G2};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::Point;
use group_013::prime::PrimeCurveAffine;
use num_bigint::BigUint;

/// blstrs, as recorded in the routine table.
pub const BLSTRS: &str = "blstrs 0.7.1 (blst 0.3)";
/// zkcrypto's bls12_381, as recorded in the routine table.
pub const ZKCRYPTO: &str = "bls12_381 0.9.0";
/// ark-bls12-381, as recorded in the routine table.
pub const ARK_BLS: &str = "ark-bls12-381 0.5.0";

/// The blstrs subject (blst through blstrs).
#[derive(Clone, Copy, Debug, Default)]
pub struct Blstrs;

/// The zkcrypto bls12_381 subject.
#[derive(Clone, Copy, Debug, Default)]
pub struct Zkcrypto;

/// The ark-bls12-381 subject (ark-ec 0.5's generic code over the BLS12-381 configs).
#[derive(Clone, Copy, Debug, Default)]
pub struct ArkBls;

// ---------------------------------------------------------------------------------------------
// blstrs conversions

/// 𝔽ₚ → `blstrs::Fp`, through its canonical big-endian bytes.
pub fn blst_fp(x: &Fp) -> blstrs::Fp {
    let bytes: [u8; 48] = x.to_be_bytes(48).try_into().expect("48 bytes");
    Option::from(blstrs::Fp::from_bytes_be(&bytes)).expect("a canonical BLS12-381 Fp value")
}

/// `blstrs::Fp` → 𝔽ₚ.
pub fn from_blst_fp(x: &blstrs::Fp) -> Fp {
    bls12_381_fp()
        .from_canonical(&BigUint::from_bytes_be(&x.to_bytes_be()))
        .expect("blstrs Fp is canonical")
}

/// 𝔽ₚ² → `blstrs::Fp2` (c0 + c1·u).
pub fn blst_fp2(x: &Fp2) -> blstrs::Fp2 {
    blstrs::Fp2::new(blst_fp(&x.c0), blst_fp(&x.c1))
}

/// `blstrs::Fp2` → 𝔽ₚ².
pub fn from_blst_fp2(x: &blstrs::Fp2) -> Fp2 {
    Fp2::new(from_blst_fp(&x.c0()), from_blst_fp(&x.c1()))
}

/// A canonical scalar → `blstrs::Scalar`.
///
/// # Panics
/// When `s` ≥ r (`Scalar::from_bytes_le` rejects it).
pub fn blst_scalar(s: &BigUint) -> blstrs::Scalar {
    let mut bytes = s.to_bytes_le();
    bytes.resize(32, 0);
    let bytes: [u8; 32] = bytes.try_into().expect("a scalar below 2^256");
    Option::from(blstrs::Scalar::from_bytes_le(&bytes)).expect("a canonical BLS12-381 scalar")
}

/// The blstrs types behind one of the BLS12-381 groups, for code generic over G1 and G2.
pub trait BlstCurve: SwGroup {
    /// `G1Projective` or `G2Projective`.
    type Projective: Copy
        + Send
        + Sync
        + group_013::Curve<AffineRepr = Self::Affine>
        + From<Self::Affine>;
    /// `G1Affine` or `G2Affine`.
    type Affine: Copy + Send + Sync + PrimeCurveAffine;

    /// Jacobian coordinates → `from_raw_unchecked(X, Y, Z)`, exactly as drawn.
    fn to_blst(p: &Jacobian<Self::F>) -> Self::Projective;

    /// A projective result, through the oracle's conversion of its raw coordinates.
    fn from_blst(p: &Self::Projective) -> Point<Self::F>;

    /// An affine point → blstrs affine (the identity as blst's all-zero infinity).
    fn to_blst_affine(p: &Point<Self::F>) -> Self::Affine;

    /// An affine result, coordinate by coordinate (the identity by `is_identity`).
    fn from_blst_affine(p: &Self::Affine) -> Point<Self::F>;

    /// `multi_exp(points, scalars)`.
    fn multi_exp(points: &[Self::Projective], scalars: &[blstrs::Scalar]) -> Self::Projective;

    /// blstrs's coordinate field (`Fp` or `Fp2`), for broken subjects written in it.
    type Coord: group_013::ff::Field;

    /// The raw Jacobian coordinates (X, Y, Z) of a projective point.
    fn coordinates(p: &Self::Projective) -> [Self::Coord; 3];

    /// The affine point (x, y), unchecked.
    fn affine_from_coordinates(x: Self::Coord, y: Self::Coord) -> Self::Affine;
}

impl BlstCurve for Bls12381G1 {
    type Projective = blstrs::G1Projective;
    type Affine = blstrs::G1Affine;

    fn to_blst(p: &Jacobian<Fp>) -> blstrs::G1Projective {
        blstrs::G1Projective::from_raw_unchecked(blst_fp(&p.x), blst_fp(&p.y), blst_fp(&p.z))
    }

    fn from_blst(p: &blstrs::G1Projective) -> Point<Fp> {
        bls12_381_g1().from_jacobian(
            &from_blst_fp(&p.x()),
            &from_blst_fp(&p.y()),
            &from_blst_fp(&p.z()),
        )
    }

    fn to_blst_affine(p: &Point<Fp>) -> blstrs::G1Affine {
        match p {
            Point::Identity => blstrs::G1Affine::identity(),
            Point::Affine { x, y } => {
                blstrs::G1Affine::from_raw_unchecked(blst_fp(x), blst_fp(y), false)
            }
        }
    }

    fn from_blst_affine(p: &blstrs::G1Affine) -> Point<Fp> {
        if bool::from(p.is_identity()) {
            Point::Identity
        } else {
            Point::Affine {
                x: from_blst_fp(&p.x()),
                y: from_blst_fp(&p.y()),
            }
        }
    }

    fn multi_exp(
        points: &[blstrs::G1Projective],
        scalars: &[blstrs::Scalar],
    ) -> blstrs::G1Projective {
        blstrs::G1Projective::multi_exp(points, scalars)
    }

    type Coord = blstrs::Fp;

    fn coordinates(p: &blstrs::G1Projective) -> [blstrs::Fp; 3] {
        [p.x(), p.y(), p.z()]
    }

    fn affine_from_coordinates(x: blstrs::Fp, y: blstrs::Fp) -> blstrs::G1Affine {
        blstrs::G1Affine::from_raw_unchecked(x, y, false)
    }
}

impl BlstCurve for Bls12381G2 {
    type Projective = blstrs::G2Projective;
    type Affine = blstrs::G2Affine;

    fn to_blst(p: &Jacobian<Fp2>) -> blstrs::G2Projective {
        blstrs::G2Projective::from_raw_unchecked(blst_fp2(&p.x), blst_fp2(&p.y), blst_fp2(&p.z))
    }

    fn from_blst(p: &blstrs::G2Projective) -> Point<Fp2> {
        bls12_381_g2().from_jacobian(
            &from_blst_fp2(&p.x()),
            &from_blst_fp2(&p.y()),
            &from_blst_fp2(&p.z()),
        )
    }

    fn to_blst_affine(p: &Point<Fp2>) -> blstrs::G2Affine {
        match p {
            Point::Identity => blstrs::G2Affine::identity(),
            Point::Affine { x, y } => {
                blstrs::G2Affine::from_raw_unchecked(blst_fp2(x), blst_fp2(y), false)
            }
        }
    }

    fn from_blst_affine(p: &blstrs::G2Affine) -> Point<Fp2> {
        if bool::from(p.is_identity()) {
            Point::Identity
        } else {
            Point::Affine {
                x: from_blst_fp2(&p.x()),
                y: from_blst_fp2(&p.y()),
            }
        }
    }

    fn multi_exp(
        points: &[blstrs::G2Projective],
        scalars: &[blstrs::Scalar],
    ) -> blstrs::G2Projective {
        blstrs::G2Projective::multi_exp(points, scalars)
    }

    type Coord = blstrs::Fp2;

    fn coordinates(p: &blstrs::G2Projective) -> [blstrs::Fp2; 3] {
        [p.x(), p.y(), p.z()]
    }

    fn affine_from_coordinates(x: blstrs::Fp2, y: blstrs::Fp2) -> blstrs::G2Affine {
        blstrs::G2Affine::from_raw_unchecked(x, y, false)
    }
}

/// `G1Projective::multi_exp` / `G2Projective::multi_exp`: blst's `p1_affines::from` (batch
/// conversion to affine) then `MultiPoint::mult` (blst `bindings/rust/src/pippenger.rs`).
impl<C: BlstCurve> Msm<C> for Blstrs {
    fn msm(&self, bases: &[Jacobian<C::F>], scalars: &[BigUint]) -> Point<C::F> {
        let points: Vec<C::Projective> = bases.iter().map(C::to_blst).collect();
        let scalars: Vec<blstrs::Scalar> = scalars.iter().map(blst_scalar).collect();
        C::from_blst(&C::multi_exp(&points, &scalars))
    }
}

/// `group::Curve::batch_normalize` (blstrs keeps group 0.13's default: one `to_affine`,
/// i.e. `blst_p1_to_affine`, per point).
impl<C: BlstCurve> NormalizeBatch<C> for Blstrs {
    fn normalize_batch(&self, points: &[Jacobian<C::F>]) -> Vec<Point<C::F>> {
        let ps: Vec<C::Projective> = points.iter().map(C::to_blst).collect();
        let mut out = vec![C::Affine::identity(); ps.len()];
        <C::Projective as group_013::Curve>::batch_normalize(&ps, &mut out);
        out.iter().map(C::from_blst_affine).collect()
    }
}

// ---------------------------------------------------------------------------------------------
// ark-bls12-381 conversions

/// 𝔽ₚ → ark-bls12-381 `Fq`, without reduction.
pub fn ark_fq(x: &Fp) -> ark_bls12_381::Fq {
    crate::arkworks::from_biguint(x.value())
}

/// ark-bls12-381 `Fq` → 𝔽ₚ.
pub fn from_ark_fq(x: &ark_bls12_381::Fq) -> Fp {
    bls12_381_fp()
        .from_canonical(&crate::arkworks::to_biguint(x))
        .expect("ark Fq is canonical")
}

/// 𝔽ₚ² → ark-bls12-381 `Fq2` (c0 + c1·u).
pub fn ark_fq2(x: &Fp2) -> ark_bls12_381::Fq2 {
    ark_bls12_381::Fq2::new(ark_fq(&x.c0), ark_fq(&x.c1))
}

/// ark-bls12-381 `Fq2` → 𝔽ₚ².
pub fn from_ark_fq2(x: &ark_bls12_381::Fq2) -> Fp2 {
    Fp2::new(from_ark_fq(&x.c0), from_ark_fq(&x.c1))
}

/// The ark-bls12-381 types behind one of the BLS12-381 groups.
pub trait ArkBlsCurve: SwGroup {
    /// `ark_bls12_381::g1::Config` or `g2::Config`.
    type Config: ark_ec::short_weierstrass::SWCurveConfig<ScalarField = ark_bls12_381::Fr>;

    /// A coordinate → ark.
    fn to_ark_field(x: &Self::F) -> <Self::Config as ark_ec::CurveConfig>::BaseField;

    /// An ark coordinate → the oracle's field.
    fn from_ark_field(x: &<Self::Config as ark_ec::CurveConfig>::BaseField) -> Self::F;

    /// Jacobian coordinates → `Projective::new_unchecked(X, Y, Z)`, exactly as drawn.
    fn to_ark(p: &Jacobian<Self::F>) -> Projective<Self::Config> {
        Projective::new_unchecked(
            Self::to_ark_field(&p.x),
            Self::to_ark_field(&p.y),
            Self::to_ark_field(&p.z),
        )
    }

    /// An ark projective result, through the oracle's conversion of its raw coordinates.
    fn from_ark(p: &Projective<Self::Config>) -> Point<Self::F> {
        Self::instance().curve().from_jacobian(
            &Self::from_ark_field(&p.x),
            &Self::from_ark_field(&p.y),
            &Self::from_ark_field(&p.z),
        )
    }

    /// An affine point → ark affine (the identity as ark's point at infinity).
    fn to_ark_affine(p: &Point<Self::F>) -> Affine<Self::Config> {
        match p {
            Point::Identity => Affine::identity(),
            Point::Affine { x, y } => {
                Affine::new_unchecked(Self::to_ark_field(x), Self::to_ark_field(y))
            }
        }
    }

    /// An ark affine result, coordinate by coordinate (the identity by its flag).
    fn from_ark_affine(p: &Affine<Self::Config>) -> Point<Self::F> {
        match p.xy() {
            None => Point::Identity,
            Some((x, y)) => Point::Affine {
                x: Self::from_ark_field(&x),
                y: Self::from_ark_field(&y),
            },
        }
    }
}

impl ArkBlsCurve for Bls12381G1 {
    type Config = ark_bls12_381::g1::Config;

    fn to_ark_field(x: &Fp) -> ark_bls12_381::Fq {
        ark_fq(x)
    }

    fn from_ark_field(x: &ark_bls12_381::Fq) -> Fp {
        from_ark_fq(x)
    }
}

impl ArkBlsCurve for Bls12381G2 {
    type Config = ark_bls12_381::g2::Config;

    fn to_ark_field(x: &Fp2) -> ark_bls12_381::Fq2 {
        ark_fq2(x)
    }

    fn from_ark_field(x: &ark_bls12_381::Fq2) -> Fp2 {
        from_ark_fq2(x)
    }
}

/// A canonical scalar → ark-bls12-381 `Fr`, without reduction.
pub fn ark_fr(s: &BigUint) -> ark_bls12_381::Fr {
    crate::arkworks::from_biguint(s)
}

/// `VariableBaseMSM::msm` over ark-bls12-381 affine bases. G1 goes through the blanket
/// adapter [`crate::arkworks::ark_msm`]; this impl serves G2 (whose base field is 𝔽ₚ², which
/// the blanket adapter does not take) and the bug zoo.
impl<C: ArkBlsCurve> AffineMsm<C> for ArkBls {
    fn msm(&self, bases: &[Point<C::F>], scalars: &[BigUint]) -> Point<C::F> {
        let b: Vec<Affine<C::Config>> = bases.iter().map(C::to_ark_affine).collect();
        let s: Vec<ark_bls12_381::Fr> = scalars.iter().map(ark_fr).collect();
        C::from_ark(&Projective::<C::Config>::msm(&b, &s).expect("equal lengths"))
    }
}

/// `CurveGroup::normalize_batch` (ark-ec 0.5: one `batch_inversion` of the Z coordinates).
impl<C: ArkBlsCurve> NormalizeBatch<C> for ArkBls {
    fn normalize_batch(&self, points: &[Jacobian<C::F>]) -> Vec<Point<C::F>> {
        let ps: Vec<Projective<C::Config>> = points.iter().map(C::to_ark).collect();
        Projective::normalize_batch(&ps)
            .iter()
            .map(C::from_ark_affine)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use group_013::Group;

    #[test]
    fn generators_convert_both_ways() {
        let g1 = blstrs::G1Projective::generator();
        assert_eq!(Bls12381G1::from_blst(&g1), bls12_381_g1().generator);
        let g2 = blstrs::G2Projective::generator();
        assert_eq!(Bls12381G2::from_blst(&g2), bls12_381_g2().generator);
        let a1 = ark_bls12_381::G1Affine::generator();
        assert_eq!(Bls12381G1::from_ark_affine(&a1), bls12_381_g1().generator);
        let a2 = ark_bls12_381::G2Affine::generator();
        assert_eq!(Bls12381G2::from_ark_affine(&a2), bls12_381_g2().generator);
        assert_eq!(
            Bls12381G2::to_blst_affine(&bls12_381_g2().generator),
            blstrs::G2Affine::generator()
        );
        let one = bls12_381_fp().one();
        assert_eq!(from_blst_fp(&blst_fp(&one)), one);
    }
}
