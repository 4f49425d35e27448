//! BLS12-381 pairings of blstrs 0.7.1, zkcrypto's bls12_381 0.9.0 and ark-bls12-381 0.5.0,
//! for [`crate::families::bls12_381::pairing`], and GT arithmetic of blstrs and ark-bls12-381 for
//! [`crate::shapes::gt`].
//!
//! * Points go in as the library's affine points: blstrs and ark coordinate by coordinate
//!   ([`BlstCurve::to_blst_affine`], [`ArkBlsCurve::to_ark_affine`]); zkcrypto, which keeps
//!   its coordinates private, as a·G1 and b·G2 by its own arithmetic from the pair's logs
//!   ([`super::adapter_zkcrypto`]).
//! * GT values come back as their 12 canonical 𝔽ₚ coefficients in the tower order
//!   c0.c0.c0, c0.c0.c1, …, c1.c2.c1 (w² = v, v³ = 1 + u, u² = −1 in all three crates):
//!   blstrs through `Fp12::c0/c1`, `Fp6::c0/c1/c2`, `Fp2::c0/c1` and `Fp::to_bytes_be`; ark
//!   through its public `c0`/`c1` fields and `into_bigint`. zkcrypto's `Gt` exposes no
//!   coefficients, but its `Debug` prints each one as `Fp::to_bytes` (canonical big-endian) in
//!   that order (`src/fp.rs`, `fp2.rs`, `fp6.rs`, `fp12.rs`: `c0 + c1*u`, `c0 + (c1)*v +
//!   (c2)*v^2`, `c0 + (c1)*w`); [`zkcrypto_gt`] reads the twelve `0x…` values back and panics
//!   if there are not exactly twelve of 48 bytes. That is a canonical value, not the
//!   library's Montgomery representation.
//! * All three final exponentiations raise to 3·(p¹²−1)/r ([`FinalExponent::Cubed`]).
//! * GT elements to exponentiate go in coefficient by coefficient: blstrs through blst's
//!   `blst_fp12` of `blstrs::Fp` values (`Fp::from_bytes_be`, which refuses a value ≥ p), ark
//!   through `Fq12::new` of `Fq` values. zkcrypto's `Gt` cannot be built from coefficients
//!   (only by its own pairing and arithmetic), so it has no GT row.

use super::adapter::{
    ark_fq, ark_fr, blst_fp, blst_scalar, from_ark_fq, from_blst_fp, ArkBls, ArkBlsCurve,
    BlstCurve, Blstrs,
};
use super::adapter_zkcrypto::generator_multiple;
use crate::families::bls12_381::pairing::{FinalExponent, Pair, PairingProduct};
use crate::shapes::gt::{GtMultiExp, GtScale};
use ark_ec::pairing::Pairing as _;
use ecdiff_oracles::bls12_381::tower::Fp12;
use ecdiff_oracles::bls12_381::{bls12_381_fp, Bls12381G1, Bls12381G2, Bls12381Gt};
use ecdiff_oracles::field::Fp;
use group_014::Curve as _;
use num_bigint::BigUint;

/// blstrs `pairing(&G1Affine, &G2Affine)` (blst's `blst_miller_loop` + `blst_final_exp`).
#[derive(Clone, Copy, Debug, Default)]
pub struct BlstrsPairing;

/// blstrs `Bls12::multi_miller_loop(&[(&G1Affine, &G2Prepared)])` then
/// `MillerLoopResult::final_exponentiation` (blst's `blst_miller_loop_lines` per pair).
#[derive(Clone, Copy, Debug, Default)]
pub struct BlstrsMultiMillerLoop;

/// zkcrypto `bls12_381::pairing(&G1Affine, &G2Affine)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZkcryptoPairing;

/// zkcrypto `bls12_381::multi_miller_loop(&[(&G1Affine, &G2Prepared)])` then
/// `final_exponentiation`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZkcryptoMultiMillerLoop;

/// ark-bls12-381 `Bls12_381::multi_pairing(ps, qs)` (ark-ec 0.5's `Bls12` model: a
/// multi-Miller loop over chunks of 4 pairs, in parallel with `parallel`, then
/// `final_exponentiation`).
#[derive(Clone, Copy, Debug, Default)]
pub struct ArkMultiPairing;

fn oracle_fp12(coeffs: Vec<BigUint>) -> Fp12 {
    let coeffs: [BigUint; 12] = coeffs.try_into().expect("12 coefficients");
    Fp12::from_coeffs(&coeffs).expect("canonical coefficients below p")
}

fn canonical(x: Fp) -> BigUint {
    x.value().clone()
}

/// A blstrs GT element's coefficients.
pub fn blst_gt(gt: blstrs::Gt) -> Fp12 {
    let f: blstrs::Fp12 = gt.into();
    let mut coeffs = Vec::with_capacity(12);
    for f6 in [f.c0(), f.c1()] {
        for f2 in [f6.c0(), f6.c1(), f6.c2()] {
            for x in [f2.c0(), f2.c1()] {
                coeffs.push(canonical(from_blst_fp(&x)));
            }
        }
    }
    oracle_fp12(coeffs)
}

/// A zkcrypto GT element's coefficients, read from its `Debug` output (module docs).
pub fn zkcrypto_gt(gt: &bls12_381::Gt) -> Fp12 {
    let text = format!("{gt:?}");
    let coeffs: Vec<BigUint> = text
        .split("0x")
        .skip(1)
        .map(|s| {
            let digits: String = s.chars().take_while(char::is_ascii_hexdigit).collect();
            assert_eq!(digits.len(), 96, "a 48-byte coefficient in {text}");
            BigUint::parse_bytes(digits.as_bytes(), 16).expect("hex digits")
        })
        .collect();
    assert_eq!(coeffs.len(), 12, "twelve coefficients in {text}");
    oracle_fp12(coeffs)
}

/// An ark GT element's coefficients.
pub fn ark_gt(f: &ark_bls12_381::Fq12) -> Fp12 {
    let mut coeffs = Vec::with_capacity(12);
    for f6 in [&f.c0, &f.c1] {
        for f2 in [&f6.c0, &f6.c1, &f6.c2] {
            for x in [&f2.c0, &f2.c1] {
                coeffs.push(canonical(from_ark_fq(x)));
            }
        }
    }
    oracle_fp12(coeffs)
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

/// The exponent mod `forms`: which operator form of a scalar multiplication a case runs, so
/// that every form the routine declares runs.
fn form(exp: &BigUint, forms: u32) -> u32 {
    u32::try_from(exp % forms).expect("below forms")
}

/// blstrs `Gt * &Scalar` (a double-and-add over the scalar's bits, blstrs `src/gt.rs`), in its
/// six operator forms (`Gt`/`&Gt` times `Scalar`/`&Scalar`, `*=` with either), one per case.
impl GtScale<Bls12381Gt> for Blstrs {
    #[allow(clippy::op_ref)] // every operator form on purpose
    fn scale(&self, elem: &Fp12, exp: &BigUint) -> Fp12 {
        let (x, s) = (to_blst_gt(elem), blst_scalar(exp));
        blst_gt(match form(exp, 6) {
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

/// ark-ec 0.5 `PairingOutput * Fr` (`mul_bigint`: `cyclotomic_exp`, a NAF exponentiation
/// with cyclotomic squaring and conjugation as the inverse), as `*` or `*=` by case.
impl GtScale<Bls12381Gt> for ArkBls {
    fn scale(&self, elem: &Fp12, exp: &BigUint) -> Fp12 {
        let t = ark_ec::pairing::PairingOutput::<ark_bls12_381::Bls12_381>(to_ark_gt(elem));
        let k = ark_fr(exp);
        let out = if form(exp, 2) == 0 {
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

/// a·G1 by zkcrypto's arithmetic ([`super::adapter_zkcrypto`]).
fn zkcrypto_g1(a: &BigUint) -> bls12_381::G1Affine {
    generator_multiple::<Bls12381G1>(a).to_affine()
}

/// b·G2 by zkcrypto's arithmetic.
fn zkcrypto_g2(b: &BigUint) -> bls12_381::G2Affine {
    generator_multiple::<Bls12381G2>(b).to_affine()
}

fn single(pairs: &[Pair]) -> &Pair {
    match pairs {
        [one] => one,
        _ => panic!("a single pairing takes one pair, got {}", pairs.len()),
    }
}

impl PairingProduct for BlstrsPairing {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        let Pair { p, q, .. } = single(pairs);
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

impl PairingProduct for ZkcryptoPairing {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        let Pair { a, b, .. } = single(pairs);
        zkcrypto_gt(&bls12_381::pairing(&zkcrypto_g1(a), &zkcrypto_g2(b)))
    }

    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Cubed
    }
}

impl PairingProduct for ZkcryptoMultiMillerLoop {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        let ps: Vec<bls12_381::G1Affine> = pairs.iter().map(|pair| zkcrypto_g1(&pair.a)).collect();
        let qs: Vec<bls12_381::G2Prepared> = pairs
            .iter()
            .map(|pair| zkcrypto_g2(&pair.b).into())
            .collect();
        let terms: Vec<(&bls12_381::G1Affine, &bls12_381::G2Prepared)> =
            ps.iter().zip(&qs).collect();
        zkcrypto_gt(&bls12_381::multi_miller_loop(&terms).final_exponentiation())
    }

    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Cubed
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

#[cfg(test)]
mod tests {
    use super::*;
    use ecdiff_oracles::bls12_381::generator_pairing;
    use ecdiff_oracles::group::Group;

    fn products() -> [(&'static str, Box<dyn PairingProduct>); 3] {
        [
            ("blstrs", Box::new(BlstrsMultiMillerLoop)),
            ("zkcrypto", Box::new(ZkcryptoMultiMillerLoop)),
            ("ark", Box::new(ArkMultiPairing)),
        ]
    }

    /// Every library's e(G1, G2) is the cube of the oracle's (the declared final exponent),
    /// read through each coefficient path: a wrong tower order or byte order fails here.
    #[test]
    fn generator_pairing_is_the_cube_of_the_oracles() {
        let cube = generator_pairing().pow(&BigUint::from(3u32));
        assert_ne!(cube, *generator_pairing());
        let one = BigUint::from(1u8);
        let pair = [Pair {
            p: Bls12381G1.hub(),
            a: one.clone(),
            q: Bls12381G2.hub(),
            b: one,
        }];
        for (name, s) in products() {
            assert_eq!(s.final_exponent(), FinalExponent::Cubed);
            assert_eq!(s.pairing_product(&pair), cube, "{name}");
        }
        assert_eq!(BlstrsPairing.pairing_product(&pair), cube);
        assert_eq!(ZkcryptoPairing.pairing_product(&pair), cube);
    }

    /// The empty product is 1 in every library.
    #[test]
    fn empty_product_is_one() {
        for (name, s) in products() {
            assert_eq!(s.pairing_product(&[]), Fp12::one(), "{name}");
        }
    }

    /// GT values cross into blstrs and ark in the right tower order: the oracle's e(G1, G2)³,
    /// converted, equals the library's own pairing of the generators.
    #[test]
    fn gt_elements_cross_into_the_libraries() {
        use ark_ec::pairing::Pairing as _;
        use ark_ec::AffineRepr;
        use group_013::prime::PrimeCurveAffine;
        let cube = generator_pairing().pow(&BigUint::from(3u32));
        let blst_e = blstrs::pairing(
            &blstrs::G1Affine::generator(),
            &blstrs::G2Affine::generator(),
        );
        assert_eq!(to_blst_gt(&cube), blst_e);
        let ark_e = ark_bls12_381::Bls12_381::pairing(
            ark_bls12_381::G1Affine::generator(),
            ark_bls12_381::G2Affine::generator(),
        );
        assert_eq!(to_ark_gt(&cube), ark_e.0);
    }
}
