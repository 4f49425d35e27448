//! blstrs 0.7.1 (over blst 0.3): BLS12-381 G1 and G2 MSM and batch normalization, the ZCash
//! encodings, pairings and GT arithmetic, converted between ecdiff's neutral values and blstrs'
//! types.
//!
//! * Field elements cross as canonical big-endian bytes (`blstrs::Fp::from_bytes_be`), which
//!   rejects a value ≥ p rather than reduce it; 𝔽ₚ² elements are c0 + c1·u (u² = −1).
//! * blst's `blst_p1`/`blst_p2` are Jacobian ((x, y) = (X/Z², Y/Z³), blst `src/e1.c`), so a
//!   drawn Jacobian point goes in as `G1Projective::from_raw_unchecked(X, Y, Z)` exactly as
//!   drawn (arbitrary Z, identities with arbitrary X and Y and Z = 0); affine points, also
//!   those outside the subgroup that the encoding rows encode, coordinate by coordinate
//!   (`from_raw_unchecked`).
//! * Results come back through the *oracle's* conversion of their raw coordinates
//!   (`Curve::from_jacobian`); affine results coordinate by coordinate, the identity by
//!   `is_identity`.
//! * Scalars are canonical (below r): `Scalar::from_bytes_le` rejects the rest.
//! * GT values come back as their 12 canonical 𝔽ₚ coefficients in the tower order of
//!   [`super::pairing`] through `Fp12::c0/c1`, `Fp6::c0/c1/c2`, `Fp2::c0/c1` and
//!   `Fp::to_bytes_be`, and go in as blst's `blst_fp12` of `blstrs::Fp` values
//!   (`Fp::from_bytes_be`, which refuses a value ≥ p). The final exponentiation raises to
//!   3·(p¹²−1)/r ([`FinalExponent::Cubed`]).

use super::encoding::BlsGroup;
use super::encoding::{affine_codec, trait_form};
use super::pairing::{gt_from_coefficients, single_pair, FinalExponent, Pair, PairingProduct};
use crate::curve::{Jacobian, SwGroup};
use crate::repro::project::{Dependency, ReproCode};
use crate::shapes::gt::{GtMultiExp, GtScale};
use crate::shapes::msm::Msm;
use crate::shapes::normalize::NormalizeBatch;
use ecdiff_oracles::bls12_381::tower::Fp12;
use ecdiff_oracles::bls12_381::{
    bls12_381_fp, bls12_381_g1, bls12_381_g2, Bls12381G1, Bls12381G2, Bls12381Gt,
};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::Point;
use group_013::prime::PrimeCurveAffine;
use num_bigint::BigUint;
use std::fmt::Write as _;

/// blstrs, as recorded in the routine table.
pub const BLSTRS: &str = "blstrs 0.7.1 (blst 0.3)";

/// The blstrs subject (blst through blstrs).
#[derive(Clone, Copy, Debug, Default)]
pub struct Blstrs;

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

    /// For reproducers ([`crate::repro`]): the group's name in blstrs's type names (`G1`, `G2`).
    const REPRO_NAME: &'static str;

    /// For reproducers: a Rust expression building the coordinate `x` with the reproducer's
    /// helpers (`fp("…")`, `fp2("…", "…")`).
    fn coordinate_source(x: &Self::F) -> String;

    /// For reproducers: the ZCash uncompressed encoding of a point (how a result is printed).
    fn uncompressed(p: &Point<Self::F>) -> Option<Vec<u8>>;

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
    const REPRO_NAME: &'static str = "G1";

    fn coordinate_source(x: &Fp) -> String {
        format!("fp(\"{}\")", hex::encode(x.to_be_bytes(48)))
    }

    fn uncompressed(p: &Point<Fp>) -> Option<Vec<u8>> {
        <Self as BlsGroup>::encode(p, false)
    }

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
    const REPRO_NAME: &'static str = "G2";

    fn coordinate_source(x: &Fp2) -> String {
        format!(
            "fp2(\"{}\", \"{}\")",
            hex::encode(x.c0.to_be_bytes(48)),
            hex::encode(x.c1.to_be_bytes(48))
        )
    }

    fn uncompressed(p: &Point<Fp2>) -> Option<Vec<u8>> {
        <Self as BlsGroup>::encode(p, false)
    }

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

    fn reproducer(
        &self,
        bases: &[Jacobian<C::F>],
        scalars: &[BigUint],
        expected: &Point<C::F>,
    ) -> Option<ReproCode> {
        let g = C::REPRO_NAME;
        let mut body = String::new();
        let mut dependencies = Vec::new();
        if !bases.is_empty() {
            // blstrs exports its coordinate fields behind this feature only (ecdiff's
            // adapter enables it too).
            let mut blstrs = Dependency::new("blstrs", "0.7.1");
            blstrs.features.push("__private_bench");
            dependencies.push(blstrs);
            body.push_str(
                "fn fp(be: &str) -> blstrs::Fp {\n    \
                 let bytes: [u8; 48] = unhex(be).try_into().expect(\"48 bytes\");\n    \
                 Option::from(blstrs::Fp::from_bytes_be(&bytes)).expect(\"a canonical field element\")\n}\n",
            );
            if g == "G2" {
                body.push_str(
                    "fn fp2(c0: &str, c1: &str) -> blstrs::Fp2 {\n    \
                     blstrs::Fp2::new(fp(c0), fp(c1))\n}\n",
                );
            }
        }
        if !scalars.is_empty() {
            body.push_str(
                "fn scalar(be: &str) -> blstrs::Scalar {\n    \
                 let bytes: [u8; 32] = unhex(be).try_into().expect(\"32 bytes\");\n    \
                 Option::from(blstrs::Scalar::from_bytes_be(&bytes)).expect(\"a canonical scalar\")\n}\n\n",
            );
        }
        let _ = writeln!(
            body,
            "// The bases in blst's Jacobian coordinates (X, Y, Z) exactly as ecdiff drew them (the\n\
             // identity has Z = 0), through `from_raw_unchecked` as ecdiff's adapter does.\n\
             let bases: Vec<blstrs::{g}Projective> = vec!["
        );
        if bases.is_empty() {
            body.pop();
        }
        for b in bases {
            let _ = writeln!(
                body,
                "    blstrs::{g}Projective::from_raw_unchecked(\n        {},\n        {},\n        {},\n    ),",
                C::coordinate_source(&b.x),
                C::coordinate_source(&b.y),
                C::coordinate_source(&b.z)
            );
        }
        body.push_str("];\nlet scalars: Vec<blstrs::Scalar> = vec![");
        if !scalars.is_empty() {
            body.push('\n');
        }
        for s in scalars {
            let _ = writeln!(body, "    scalar(\"{}\"),", hex::encode(be32(s)));
        }
        let _ = write!(
            body,
            "];\n// The MSM under test.\n\
             let result = blstrs::{g}Projective::multi_exp(&bases, &scalars);\n\
             format!(\"point {{}}\", hex(&blstrs::{g}Affine::from(result).to_uncompressed()))\n"
        );
        Some(ReproCode {
            dependencies,
            uses: Vec::new(),
            body,
            expected: format!("point {}", hex::encode(C::uncompressed(expected)?)),
            expected_from: "ecdiff's oracle on this case (the known-log sum Σ sᵢ·aᵢ times the \
                            generator, in num-bigint arithmetic), embedded"
                .into(),
        })
    }
}

/// A scalar below 2²⁵⁶ as 32 big-endian bytes.
fn be32(s: &BigUint) -> Vec<u8> {
    let bytes = s.to_bytes_be();
    let mut out = vec![0; 32 - bytes.len()];
    out.extend(bytes);
    out
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
// Encodings: the inherent `{to,from}_compressed*` methods and group 0.13's
// `UncompressedEncoding` (which delegates to the inherent uncompressed ones).

trait_form!(group_013_form, group_013);

affine_codec!(
    Blstrs,
    Bls12381G1,
    blstrs::G1Affine,
    "blstrs::G1Affine",
    48,
    group_013_form,
    "blstrs::G1Affine",
    |p, _, _| <Bls12381G1 as BlstCurve>::to_blst_affine(p),
    <Bls12381G1 as BlstCurve>::from_blst_affine
);
affine_codec!(
    Blstrs,
    Bls12381G2,
    blstrs::G2Affine,
    "blstrs::G2Affine",
    96,
    group_013_form,
    "blstrs::G2Affine",
    |p, _, _| <Bls12381G2 as BlstCurve>::to_blst_affine(p),
    <Bls12381G2 as BlstCurve>::from_blst_affine
);

// ---------------------------------------------------------------------------------------------
// Pairings and GT

/// blstrs `pairing(&G1Affine, &G2Affine)` (blst's `blst_miller_loop` + `blst_final_exp`).
#[derive(Clone, Copy, Debug, Default)]
pub struct BlstrsPairing;

/// blstrs `Bls12::multi_miller_loop(&[(&G1Affine, &G2Prepared)])` then
/// `MillerLoopResult::final_exponentiation` (blst's `blst_miller_loop_lines` per pair).
#[derive(Clone, Copy, Debug, Default)]
pub struct BlstrsMultiMillerLoop;

/// A blstrs GT element's coefficients.
pub fn blst_gt(gt: blstrs::Gt) -> Fp12 {
    let f: blstrs::Fp12 = gt.into();
    let mut coeffs = Vec::with_capacity(12);
    for f6 in [f.c0(), f.c1()] {
        for f2 in [f6.c0(), f6.c1(), f6.c2()] {
            for x in [f2.c0(), f2.c1()] {
                coeffs.push(from_blst_fp(&x).value().clone());
            }
        }
    }
    gt_from_coefficients(coeffs)
}

/// An oracle GT element → blstrs (coefficients in the module docs' order).
pub fn to_blst_gt(x: &Fp12) -> blstrs::Gt {
    let c = x.coeffs();
    let fp = |i: usize| -> blst::blst_fp {
        let v = bls12_381_fp().from_canonical(&c[i]).expect("canonical");
        blst_fp(&v).into()
    };
    let fp2 = |i: usize| blst::blst_fp2 {
        fp: [fp(i), fp(i + 1)],
    };
    let fp6 = |i: usize| blst::blst_fp6 {
        fp2: [fp2(i), fp2(i + 2), fp2(i + 4)],
    };
    blstrs::Gt::from(blstrs::Fp12::from(blst::blst_fp12 {
        fp6: [fp6(0), fp6(6)],
    }))
}

/// blstrs `Gt * &Scalar` (a double-and-add over the scalar's bits, blstrs `src/gt.rs`), in its
/// six operator forms (`Gt`/`&Gt` times `Scalar`/`&Scalar`, `*=` with either), one per case.
impl GtScale<Bls12381Gt> for Blstrs {
    #[allow(clippy::op_ref)] // every operator form on purpose
    fn scale(&self, elem: &Fp12, exp: &BigUint) -> Fp12 {
        let (x, s) = (to_blst_gt(elem), blst_scalar(exp));
        blst_gt(match u32::try_from(exp % 6u32).expect("below 6") {
            0 => x * s,
            1 => x * &s,
            2 => &x * s,
            3 => &x * &s,
            4 => {
                let mut a = x;
                a *= s;
                a
            }
            _ => {
                let mut a = x;
                a *= &s;
                a
            }
        })
    }
}

/// A blstrs GT multi-exponentiation as a caller writes it: `Σ tᵢ * kᵢ` with `Gt`'s `Mul` and
/// `Sum` (blstrs has no GT MSM of its own), so its addition and identity run too.
impl GtMultiExp<Bls12381Gt> for Blstrs {
    fn gt_msm(&self, elems: &[Fp12], exps: &[BigUint]) -> Fp12 {
        blst_gt(
            elems
                .iter()
                .zip(exps)
                .map(|(t, k)| to_blst_gt(t) * blst_scalar(k))
                .sum(),
        )
    }
}

impl PairingProduct for BlstrsPairing {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        let Pair { p, q, .. } = single_pair(pairs);
        blst_gt(blstrs::pairing(
            &Bls12381G1::to_blst_affine(p),
            &Bls12381G2::to_blst_affine(q),
        ))
    }

    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Cubed
    }
}

impl PairingProduct for BlstrsMultiMillerLoop {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        use pairing_023::{MillerLoopResult, MultiMillerLoop};
        let ps: Vec<blstrs::G1Affine> = pairs
            .iter()
            .map(|pair| Bls12381G1::to_blst_affine(&pair.p))
            .collect();
        let qs: Vec<blstrs::G2Prepared> = pairs
            .iter()
            .map(|pair| Bls12381G2::to_blst_affine(&pair.q).into())
            .collect();
        let terms: Vec<(&blstrs::G1Affine, &blstrs::G2Prepared)> = ps.iter().zip(&qs).collect();
        blst_gt(blstrs::Bls12::multi_miller_loop(&terms).final_exponentiation())
    }

    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Cubed
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
