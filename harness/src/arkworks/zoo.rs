//! Broken arkworks-generic code shared by the zoo rows of more than one family (feature
//! `zoo`): each is generic over ark-ff's traits, so the BN254 (dory) and BLS12-381 families
//! break the same algorithm at their own curve.

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
