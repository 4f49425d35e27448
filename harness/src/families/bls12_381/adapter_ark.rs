//! ark-bls12-381 0.5.0 (ark-ec 0.5's generic code over the BLS12-381 configs): G1 and G2 MSM
//! and batch normalization, `CanonicalSerialize`/`CanonicalDeserialize`, the multi-pairing and
//! GT arithmetic, converted between ecdiff's neutral values and ark's types.
//!
//! * Field elements cross as integers (`crate::arkworks::from_biguint`), which rejects a value
//!   ≥ p rather than reduce it; 𝔽ₚ² elements are c0 + c1·u (u² = −1).
//! * ark 0.5's `Projective` is Jacobian: a drawn point goes in as
//!   `Projective::new_unchecked(X, Y, Z)` exactly as drawn; affine points coordinate by
//!   coordinate (`Affine::new_unchecked`).
//! * Results come back through the *oracle's* conversion of their raw coordinates
//!   (`Curve::from_jacobian`); affine results coordinate by coordinate, the identity by ark's
//!   `infinity` flag.
//! * Scalars are canonical (below r).
//! * GT values come back as their 12 canonical 𝔽ₚ coefficients in the tower order of
//!   [`super::pairing`] through the public `c0`/`c1` fields and `into_bigint`, and go in as
//!   `Fq12::new` of `Fq` values. The final exponentiation raises to 3·(p¹²−1)/r
//!   ([`FinalExponent::Cubed`]).

use super::encoding::{BlsGroup, Codec, Known, ReproApi};
use super::pairing::{gt_from_coefficients, FinalExponent, Pair, PairingProduct};
use crate::curve::{Jacobian, SwGroup};
use crate::paths::{under_test, Side};
use crate::shapes::gt::{GtMultiExp, GtScale};
use crate::shapes::msm::AffineMsm;
use crate::shapes::normalize::NormalizeBatch;
use ark_ec::pairing::Pairing as _;
use ark_ec::short_weierstrass::{Affine, Projective};
use ark_ec::{AffineRepr, CurveGroup, VariableBaseMSM};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};
use ecdiff_oracles::bls12_381::tower::Fp12;
use ecdiff_oracles::bls12_381::{bls12_381_fp, Bls12381G1, Bls12381G2, Bls12381Gt};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::Zero;

/// ark-bls12-381, as recorded in the routine table.
pub const ARK_BLS: &str = "ark-bls12-381 0.5.0";

/// The ark-bls12-381 subject (ark-ec 0.5's generic code over the BLS12-381 configs).
#[derive(Clone, Copy, Debug, Default)]
pub struct ArkBls;

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

// ---------------------------------------------------------------------------------------------
// Encodings

/// ark-bls12-381's `CanonicalSerialize` / `CanonicalDeserialize` of `Affine` (its ZCash-style
/// flags, `ark-bls12-381 src/curves/util.rs`): `Compress::{Yes,No}`, and `Validate::Yes` for the
/// checked decoder, `Validate::No` for the unchecked one. Points go in and out coordinate by
/// coordinate ([`ArkBlsCurve`]).
impl<C: ArkBlsCurve + BlsGroup> Codec<C> for ArkBls {
    fn encode(&self, p: &Point<C::F>, _: &Known<C::F>, compressed: bool) -> Vec<u8> {
        under_test(Side::Out, "ark_serialize::Affine::serialize");
        let a = C::to_ark_affine(p);
        let mut out = Vec::new();
        let mode = if compressed {
            Compress::Yes
        } else {
            Compress::No
        };
        a.serialize_with_mode(&mut out, mode)
            .expect("serializing into a Vec cannot fail");
        out
    }

    fn decode(&self, bytes: &[u8], compressed: bool, checked: bool) -> Option<Point<C::F>> {
        let size = C::COMPRESSED * if compressed { 1 } else { 2 };
        if bytes.len() != size {
            return None;
        }
        let mode = if compressed {
            Compress::Yes
        } else {
            Compress::No
        };
        let validate = if checked { Validate::Yes } else { Validate::No };
        under_test(Side::In, "ark_serialize::Affine::deserialize");
        let a = Affine::<C::Config>::deserialize_with_mode(bytes, mode, validate).ok()?;
        Some(C::from_ark_affine(&a))
    }

    fn repro_api(&self) -> Option<ReproApi> {
        Some(ReproApi::Ark {
            affine: if C::COMPRESSED == 48 {
                "ark_bls12_381::G1Affine"
            } else {
                "ark_bls12_381::G2Affine"
            },
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Pairings and GT

/// ark-bls12-381 `Bls12_381::multi_pairing(ps, qs)` (ark-ec 0.5's `Bls12` model: a
/// multi-Miller loop over chunks of 4 pairs, in parallel with `parallel`, then
/// `final_exponentiation`).
#[derive(Clone, Copy, Debug, Default)]
pub struct ArkMultiPairing;

/// An ark GT element's coefficients.
pub fn ark_gt(f: &ark_bls12_381::Fq12) -> Fp12 {
    let mut coeffs = Vec::with_capacity(12);
    for f6 in [&f.c0, &f.c1] {
        for f2 in [&f6.c0, &f6.c1, &f6.c2] {
            for x in [&f2.c0, &f2.c1] {
                coeffs.push(from_ark_fq(x).value().clone());
            }
        }
    }
    gt_from_coefficients(coeffs)
}

/// An oracle GT element → ark-bls12-381 `Fq12`.
pub fn to_ark_gt(x: &Fp12) -> ark_bls12_381::Fq12 {
    use ark_bls12_381::{Fq12, Fq2, Fq6};
    let c: Vec<ark_bls12_381::Fq> = x
        .coeffs()
        .iter()
        .map(|v| ark_fq(&bls12_381_fp().from_canonical(v).expect("canonical")))
        .collect();
    let fq2 = |i: usize| Fq2::new(c[i], c[i + 1]);
    let fq6 = |i: usize| Fq6::new(fq2(i), fq2(i + 2), fq2(i + 4));
    Fq12::new(fq6(0), fq6(6))
}

/// ark-ec 0.5 `PairingOutput * Fr` (`mul_bigint`: `cyclotomic_exp`, a NAF exponentiation
/// with cyclotomic squaring and conjugation as the inverse), as `*` or `*=` by case.
impl GtScale<Bls12381Gt> for ArkBls {
    fn scale(&self, elem: &Fp12, exp: &BigUint) -> Fp12 {
        let t = ark_ec::pairing::PairingOutput::<ark_bls12_381::Bls12_381>(to_ark_gt(elem));
        let k = ark_fr(exp);
        let out = if (exp % 2u32).is_zero() {
            t * k
        } else {
            let mut a = t;
            a *= k;
            a
        };
        ark_gt(&out.0)
    }
}

/// ark-ec 0.5 `VariableBaseMSM::msm` over `PairingOutput` (the generic `msm_bigint_wnaf`
/// Pippenger, written additively: a GT "addition" is an 𝔽ₚ¹² product).
impl GtMultiExp<Bls12381Gt> for ArkBls {
    fn gt_msm(&self, elems: &[Fp12], exps: &[BigUint]) -> Fp12 {
        use ark_ec::VariableBaseMSM;
        let ts: Vec<_> = elems
            .iter()
            .map(|e| ark_ec::pairing::PairingOutput::<ark_bls12_381::Bls12_381>(to_ark_gt(e)))
            .collect();
        let ks: Vec<ark_bls12_381::Fr> = exps.iter().map(ark_fr).collect();
        let out = ark_ec::pairing::PairingOutput::msm(&ts, &ks).expect("equal lengths");
        ark_gt(&out.0)
    }
}

impl PairingProduct for ArkMultiPairing {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        let ps: Vec<_> = pairs
            .iter()
            .map(|pair| Bls12381G1::to_ark_affine(&pair.p))
            .collect();
        let qs: Vec<_> = pairs
            .iter()
            .map(|pair| Bls12381G2::to_ark_affine(&pair.q))
            .collect();
        ark_gt(&ark_bls12_381::Bls12_381::multi_pairing(ps, qs).0)
    }

    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Cubed
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
