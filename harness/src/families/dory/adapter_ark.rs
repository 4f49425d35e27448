//! ark-ec 0.5 over ark-bn254: the routines dory stands on (`normalize_batch`,
//! `VariableBaseMSM::msm`), and the conversions between ecdiff's neutral values and ark types
//! that every adapter of this family uses.
//!
//! Inputs go in raw: a Jacobian point becomes `Projective::new_unchecked(X, Y, Z)` with exactly
//! the coordinates drawn (arbitrary Z, identities with arbitrary X and Y), and scalars are
//! canonical. Outputs come back through the *oracle's* textbook conversion of the raw
//! coordinates (`Curve::from_jacobian`), so a library's own `into_affine` is never trusted
//! for the verdict; affine outputs are read coordinate by coordinate.

use crate::curve::Jacobian;
use crate::shapes::msm::AffineMsm;
use crate::shapes::normalize::NormalizeBatch;
use ark_bn254::{Fq, Fq12, Fq2, Fq6, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::{AffineRepr, CurveGroup, VariableBaseMSM};
use ark_ff::{BigInteger, PrimeField};
use ecdiff_oracles::curves::{bn254_fq, bn254_g1, bn254_g2, Bn254G1, Bn254G2};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::tower::bn254::{Fp12, Fp6};
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;

/// A canonical integer (below the modulus) as an ark prime-field element.
fn ark_prime<F: PrimeField>(v: &BigUint) -> F {
    let f = F::from_le_bytes_mod_order(&v.to_bytes_le());
    assert_eq!(&to_biguint(&f), v, "value not canonical for this field");
    f
}

/// An ark prime-field element as its canonical integer.
pub fn to_biguint<F: PrimeField>(f: &F) -> BigUint {
    BigUint::from_bytes_le(&f.into_bigint().to_bytes_le())
}

/// 𝔽ₚ → ark `Fq`.
pub fn fq(x: &Fp) -> Fq {
    ark_prime(x.value())
}

/// ark `Fq` → 𝔽ₚ.
pub fn from_fq(x: &Fq) -> Fp {
    bn254_fq()
        .from_canonical(&to_biguint(x))
        .expect("ark Fq is canonical")
}

/// 𝔽ₚ² → ark `Fq2` (c0 + c1·u).
pub fn fq2(x: &Fp2) -> Fq2 {
    Fq2::new(fq(&x.c0), fq(&x.c1))
}

/// ark `Fq2` → 𝔽ₚ².
pub fn from_fq2(x: &Fq2) -> Fp2 {
    Fp2::new(from_fq(&x.c0), from_fq(&x.c1))
}

/// 𝔽ₚ¹² → ark `Fq12`: the same tower (u² = −1, v³ = 9 + u, w² = v) and coefficient order.
pub fn fq12(x: &Fp12) -> Fq12 {
    let six = |c: &Fp6| Fq6::new(fq2(&c.c0), fq2(&c.c1), fq2(&c.c2));
    Fq12::new(six(&x.c0), six(&x.c1))
}

/// ark `Fq12` → 𝔽ₚ¹².
pub fn from_fq12(x: &Fq12) -> Fp12 {
    let six = |c: &Fq6| Fp6::new(from_fq2(&c.c0), from_fq2(&c.c1), from_fq2(&c.c2));
    Fp12::new(six(&x.c0), six(&x.c1))
}

/// A canonical scalar → ark `Fr`.
pub fn fr(s: &BigUint) -> Fr {
    ark_prime(s)
}

/// ark `Fr` → its canonical integer.
pub fn from_fr(s: &Fr) -> BigUint {
    to_biguint(s)
}

/// Jacobian coordinates → `G1Projective::new_unchecked`, exactly as drawn.
pub fn g1(p: &Jacobian<Fp>) -> G1Projective {
    G1Projective::new_unchecked(fq(&p.x), fq(&p.y), fq(&p.z))
}

/// Jacobian coordinates → `G2Projective::new_unchecked`, exactly as drawn.
pub fn g2(p: &Jacobian<Fp2>) -> G2Projective {
    G2Projective::new_unchecked(fq2(&p.x), fq2(&p.y), fq2(&p.z))
}

/// A G1 result, through the oracle's conversion of its raw Jacobian coordinates.
pub fn from_g1(p: &G1Projective) -> Point<Fp> {
    bn254_g1().from_jacobian(&from_fq(&p.x), &from_fq(&p.y), &from_fq(&p.z))
}

/// A G2 result, through the oracle's conversion of its raw Jacobian coordinates.
pub fn from_g2(p: &G2Projective) -> Point<Fp2> {
    bn254_g2().from_jacobian(&from_fq2(&p.x), &from_fq2(&p.y), &from_fq2(&p.z))
}

/// An affine point → `G1Affine` (the identity as ark's point at infinity).
pub fn g1_affine(p: &Point<Fp>) -> G1Affine {
    match p {
        Point::Identity => G1Affine::identity(),
        Point::Affine { x, y } => G1Affine::new_unchecked(fq(x), fq(y)),
    }
}

/// An affine point → `G2Affine`.
pub fn g2_affine(p: &Point<Fp2>) -> G2Affine {
    match p {
        Point::Identity => G2Affine::identity(),
        Point::Affine { x, y } => G2Affine::new_unchecked(fq2(x), fq2(y)),
    }
}

/// A `G1Affine` result, coordinate by coordinate.
pub fn from_g1_affine(p: &G1Affine) -> Point<Fp> {
    match p.xy() {
        None => Point::Identity,
        Some((x, y)) => Point::Affine {
            x: from_fq(&x),
            y: from_fq(&y),
        },
    }
}

/// A `G2Affine` result, coordinate by coordinate.
pub fn from_g2_affine(p: &G2Affine) -> Point<Fp2> {
    match p.xy() {
        None => Point::Identity,
        Some((x, y)) => Point::Affine {
            x: from_fq2(&x),
            y: from_fq2(&y),
        },
    }
}

/// The ark types behind one of ecdiff's BN254 groups, for code generic over G1 and G2 (the
/// bug zoo's broken subjects, downstream adapters).
pub trait ArkCurve: crate::curve::SwGroup {
    /// ark's curve configuration.
    type Config: ark_ec::short_weierstrass::SWCurveConfig<ScalarField = Fr>;

    /// Jacobian coordinates → ark projective, exactly as drawn.
    fn to_ark(p: &Jacobian<Self::F>) -> ark_ec::short_weierstrass::Projective<Self::Config>;

    /// An ark projective result → affine, through the oracle's conversion.
    fn from_ark(p: &ark_ec::short_weierstrass::Projective<Self::Config>) -> Point<Self::F>;

    /// An affine point → ark affine.
    fn to_ark_affine(p: &Point<Self::F>) -> ark_ec::short_weierstrass::Affine<Self::Config>;

    /// An ark affine result → affine, coordinate by coordinate.
    fn from_ark_affine(p: &ark_ec::short_weierstrass::Affine<Self::Config>) -> Point<Self::F>;
}

impl ArkCurve for ecdiff_oracles::curves::Bn254G1 {
    type Config = ark_bn254::g1::Config;

    fn to_ark(p: &Jacobian<Fp>) -> G1Projective {
        g1(p)
    }

    fn from_ark(p: &G1Projective) -> Point<Fp> {
        from_g1(p)
    }

    fn to_ark_affine(p: &Point<Fp>) -> G1Affine {
        g1_affine(p)
    }

    fn from_ark_affine(p: &G1Affine) -> Point<Fp> {
        from_g1_affine(p)
    }
}

impl ArkCurve for ecdiff_oracles::curves::Bn254G2 {
    type Config = ark_bn254::g2::Config;

    fn to_ark(p: &Jacobian<Fp2>) -> G2Projective {
        g2(p)
    }

    fn from_ark(p: &G2Projective) -> Point<Fp2> {
        from_g2(p)
    }

    fn to_ark_affine(p: &Point<Fp2>) -> G2Affine {
        g2_affine(p)
    }

    fn from_ark_affine(p: &G2Affine) -> Point<Fp2> {
        from_g2_affine(p)
    }
}

/// ark-ec's version.
pub const ARK: &str = "ark-ec 0.5.0";

/// ark-ec's own routines, on the same inputs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ark;

impl NormalizeBatch<Bn254G1> for Ark {
    fn normalize_batch(&self, points: &[Jacobian<Fp>]) -> Vec<Point<Fp>> {
        let ps: Vec<G1Projective> = points.iter().map(g1).collect();
        G1Projective::normalize_batch(&ps)
            .iter()
            .map(from_g1_affine)
            .collect()
    }
}

impl NormalizeBatch<Bn254G2> for Ark {
    fn normalize_batch(&self, points: &[Jacobian<Fp2>]) -> Vec<Point<Fp2>> {
        let ps: Vec<G2Projective> = points.iter().map(g2).collect();
        G2Projective::normalize_batch(&ps)
            .iter()
            .map(from_g2_affine)
            .collect()
    }
}

impl AffineMsm<Bn254G1> for Ark {
    fn msm(&self, bases: &[Point<Fp>], scalars: &[BigUint]) -> Point<Fp> {
        let b: Vec<_> = bases.iter().map(g1_affine).collect();
        let s: Vec<Fr> = scalars.iter().map(fr).collect();
        from_g1(&G1Projective::msm(&b, &s).expect("equal lengths"))
    }
}

impl AffineMsm<Bn254G2> for Ark {
    fn msm(&self, bases: &[Point<Fp2>], scalars: &[BigUint]) -> Point<Fp2> {
        let b: Vec<_> = bases.iter().map(g2_affine).collect();
        let s: Vec<Fr> = scalars.iter().map(fr).collect();
        from_g2(&G2Projective::msm(&b, &s).expect("equal lengths"))
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
