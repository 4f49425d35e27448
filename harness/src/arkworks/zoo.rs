//! Broken arkworks-generic code shared by the zoo rows of more than one family (feature
//! `zoo`): each is generic over ark-ff's traits, so the BN254 (dory) and BLS12-381 families
//! break the same algorithm at their own curve.

use ark_ec::short_weierstrass::{Affine, Projective, SWCurveConfig};
use ark_ec::AdditiveGroup;
use ark_ff::{CyclotomicMultSubgroup, Field};
use num_bigint::BigUint;
use num_traits::Zero;

/// x^exp by the non-adjacent form of `exp` cut to its lowest `digits` digits (the terminal
/// carry digit, if any, dropped), with cyclotomic squaring and conjugation as the inverse:
/// valid only in the cyclotomic subgroup, like the GT code it breaks.
pub fn naf_exp_truncated<F: Field + CyclotomicMultSubgroup>(
    x: F,
    exp: &BigUint,
    digits: usize,
) -> F {
    let mut x_inv = x;
    x_inv.cyclotomic_inverse_in_place();
    let mut naf_digits = naf(exp);
    naf_digits.truncate(digits);
    let mut acc = F::one();
    for d in naf_digits.iter().rev() {
        acc.cyclotomic_square_in_place();
        match d {
            1 => acc *= x,
            -1 => acc *= x_inv,
            _ => {}
        }
    }
    acc
}

/// The non-adjacent form of `k`, least significant digit first.
pub fn naf(k: &BigUint) -> Vec<i8> {
    let mut k = k.clone();
    let mut out = Vec::new();
    while !k.is_zero() {
        if k.bit(0) {
            if k.bit(1) {
                out.push(-1);
                k += 1u8;
            } else {
                out.push(1);
                k -= 1u8;
            }
        } else {
            out.push(0);
        }
        k >>= 1;
    }
    out
}

/// Σ scalars\[i\]·bases\[i\] by a Pippenger bucket MSM with ark's window choice
/// (c = 3 below 32 terms, else ⌊0.69·log₂ n⌋ + 2) over `scalar_bits`-bit scalars, that keeps
/// bucket indices in a byte: once the window passes 8 bits (n ≥ 1025, c = 9 and 10) digits of
/// 256 and more wrap around into the wrong bucket. Models dalek's i8 bucket-index overflow at
/// the widest window (<https://github.com/dalek-cryptography/curve25519-dalek/pull/259>).
pub fn bucket_index_in_a_byte<P: SWCurveConfig>(
    bases: &[Affine<P>],
    scalars: &[BigUint],
    scalar_bits: usize,
) -> Projective<P> {
    let n = bases.len();
    let c = if n < 32 {
        3
    } else {
        (ark_std::log2(n) * 69 / 100) as usize + 2
    };
    let mut total = Projective::<P>::zero();
    for w in (0..scalar_bits.div_ceil(c)).rev() {
        for _ in 0..c {
            total.double_in_place();
        }
        let mut buckets = vec![Projective::<P>::zero(); (1 << c) - 1];
        for (b, s) in bases.iter().zip(scalars) {
            let digit = (0..c).fold(0usize, |d, i| {
                d | (usize::from(s.bit((w * c + i) as u64)) << i)
            });
            let index = digit as u8;
            if index != 0 {
                buckets[usize::from(index) - 1] += b;
            }
        }
        let (mut running, mut sum) = (Projective::<P>::zero(), Projective::<P>::zero());
        for b in buckets.iter().rev() {
            running += b;
            sum += running;
        }
        total += sum;
    }
    total
}
