//! "Your" curve code: the routines this example crate ships and checks with ecdiff.
//!
//! Nothing here knows about ecdiff (it is a dev-dependency): the routines are plain arkworks
//! code, standing in for an optimized MSM a crate would want to prove exact. The checks are in
//! `tests/`, one line each; the cargo-fuzz target in `fuzz/`.
#![warn(missing_docs)]

use ark_ec::short_weierstrass::{Affine, Projective, SWCurveConfig};
use ark_ec::AdditiveGroup;
use ark_ff::{BigInteger, PrimeField};

/// Σ scalarsᵢ·basesᵢ by Pippenger's bucket method (window of `c` bits, buckets summed with the
/// running-sum trick), for any arkworks short-Weierstrass curve. The routine under test.
pub fn bucket_msm<P: SWCurveConfig>(
    bases: &[Affine<P>],
    scalars: &[P::ScalarField],
) -> Projective<P> {
    assert_eq!(bases.len(), scalars.len());
    let c = if bases.len() < 32 {
        3
    } else {
        (bases.len() as f64).ln().ceil() as usize + 2
    };
    let bits: Vec<Vec<bool>> = scalars
        .iter()
        .map(|s| s.into_bigint().to_bits_le())
        .collect();
    let windows = (P::ScalarField::MODULUS_BIT_SIZE as usize).div_ceil(c);
    let mut total = Projective::<P>::ZERO;
    for w in (0..windows).rev() {
        for _ in 0..c {
            total.double_in_place();
        }
        let mut buckets = vec![Projective::<P>::ZERO; (1 << c) - 1];
        for (base, bits) in bases.iter().zip(&bits) {
            let digit = (0..c)
                .filter(|&i| bits.get(w * c + i).copied().unwrap_or(false))
                .fold(0usize, |d, i| d | (1 << i));
            if digit != 0 {
                buckets[digit - 1] += base;
            }
        }
        let mut running = Projective::<P>::ZERO;
        for bucket in buckets.into_iter().rev() {
            running += bucket;
            total += running;
        }
    }
    total
}

/// Σ scalarsᵢ·basesᵢ by one left-to-right double-and-add per term, over Jacobian bases.
pub fn double_and_add_msm<P: SWCurveConfig>(
    bases: &[Projective<P>],
    scalars: &[P::ScalarField],
) -> Projective<P> {
    let mut total = Projective::<P>::ZERO;
    for (base, scalar) in bases.iter().zip(scalars) {
        let mut acc = Projective::<P>::ZERO;
        for bit in scalar.into_bigint().to_bits_be() {
            acc.double_in_place();
            if bit {
                acc += base;
            }
        }
        total += acc;
    }
    total
}

/// My BN254 G1 MSM (affine bases).
pub fn my_bn254_msm(
    bases: &[ark_bn254::G1Affine],
    scalars: &[ark_bn254::Fr],
) -> ark_bn254::G1Projective {
    bucket_msm(bases, scalars)
}

/// My BN254 G1 MSM over Jacobian bases (any z, identities with any X and Y).
pub fn my_bn254_msm_jacobian(
    bases: &[ark_bn254::G1Projective],
    scalars: &[ark_bn254::Fr],
) -> ark_bn254::G1Projective {
    double_and_add_msm(bases, scalars)
}

/// My secp256k1 MSM.
pub fn my_secp256k1_msm(
    bases: &[ark_secp256k1::Affine],
    scalars: &[ark_secp256k1::Fr],
) -> ark_secp256k1::Projective {
    bucket_msm(bases, scalars)
}

/// My BLS12-377 G1 MSM.
pub fn my_bls12_377_msm(
    bases: &[ark_bls12_377::G1Affine],
    scalars: &[ark_bls12_377::Fr],
) -> ark_bls12_377::G1Projective {
    bucket_msm(bases, scalars)
}

/// A planted bug: the chunked loop's bound is off by one, so with three terms or more the
/// last term is dropped. `tests/planted.rs` shows ecdiff finds it, saves it here and replays
/// it.
pub fn planted_msm(
    bases: &[ark_bn254::G1Affine],
    scalars: &[ark_bn254::Fr],
) -> ark_bn254::G1Projective {
    let n = if bases.len() >= 3 {
        bases.len() - 1
    } else {
        bases.len()
    };
    bucket_msm(&bases[..n], &scalars[..n])
}

/// A second planted bug, of another kind: each term sᵢ·Pᵢ is right, but the terms are summed
/// left to right with the textbook chord addition λ = (y₂ − y₁)/(x₂ − x₁), which has no
/// doubling case: when the running sum equals the next term, x₂ − x₁ = 0 and the code takes
/// λ = 0. No input *pair* is ever equal here; the bug shows only when a partial sum meets a
/// term. `tests/planted.rs` shows ecdiff finds it at the default budget.
pub fn planted_incomplete_msm(
    bases: &[ark_bn254::G1Affine],
    scalars: &[ark_bn254::Fr],
) -> ark_bn254::G1Projective {
    use ark_ec::{AffineRepr, CurveGroup};
    use ark_ff::Field;
    let chord = |p: ark_bn254::G1Affine, q: ark_bn254::G1Affine| {
        if p.is_zero() {
            return q;
        }
        if q.is_zero() {
            return p;
        }
        if p.x == q.x && p.y != q.y {
            return ark_bn254::G1Affine::zero(); // P + (−P): handled
        }
        let lambda = (q.y - p.y) * (q.x - p.x).inverse().unwrap_or_default();
        let x = lambda.square() - p.x - q.x;
        let y = lambda * (p.x - x) - p.y;
        ark_bn254::G1Affine::new_unchecked(x, y)
    };
    let sum = bases
        .iter()
        .zip(scalars)
        .map(|(b, s)| (*b * s).into_affine())
        .fold(ark_bn254::G1Affine::zero(), chord);
    sum.into_group()
}
