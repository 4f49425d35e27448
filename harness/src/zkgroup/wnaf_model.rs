//! What `group`'s wNAF multiplication is known to compute (0.13.0 and 0.14.0, `src/wnaf.rs`),
//! predicted from the textbook recoding, not from `group`'s code: the known findings of
//! [`mod@super::wnaf`] pin exactly this value.
//!
//! `wnaf_form(wnaf, c.to_repr(), w)` recodes the scalar's representation bytes read as a
//! little-endian integer k of L = 8·len bits, and stops at bit L. The width-w NAF of k
//! (Hankerson, Menezes, Vanstone, *Guide to Elliptic Curve Cryptography*, 2004, Algorithm
//! 3.35: while k > 0, take d = k mods 2ʷ if k is odd, else 0; k ← (k − d)/2) has its digits
//! at positions 0 ..= L; one at position L exists exactly when the recoding ends with a carry
//! out of the top window, and `wnaf_form` drops it (its loop ends at `pos == bit_len` with
//! `carry` unused). So `group` computes (k − 2ᴸ·[the NAF has a digit at L])·P:
//!
//! * a little-endian representation (halo2curves, blstrs, bls12_381, pasta): k = s, and the
//!   carry is dropped only for scalars close to 2ᴸ, reachable where r > 2ᴸ⁻¹ (secp256k1,
//!   secp256r1): the fix is zkcrypto/group PR #83
//!   (<https://github.com/zkcrypto/group/pull/83>);
//! * a big-endian representation (RustCrypto's k256 and p256: `to_repr` is SEC 1's
//!   big-endian `FieldBytes`): k is s with its bytes reversed, so nearly every scalar
//!   multiplies by the wrong integer: zkcrypto/group issue #78
//!   (<https://github.com/zkcrypto/group/issues/78>).

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Zero};

/// The digits of the width-`w` NAF of `k` (least significant first), by HMV Algorithm 3.35.
pub fn naf_digits(k: &BigUint, w: usize) -> Vec<i64> {
    assert!((2..=62).contains(&w), "window {w} outside 2..=62");
    let modulus = BigInt::one() << w;
    let half = BigInt::one() << (w - 1);
    let mut k = BigInt::from(k.clone());
    let mut digits = Vec::new();
    while k.sign() == Sign::Plus {
        let d = if k.bit(0) {
            // k mods 2ʷ: the residue in (−2ʷ⁻¹, 2ʷ⁻¹].
            let mut d = &k % &modulus;
            if d >= half {
                d -= &modulus;
            }
            d
        } else {
            BigInt::zero()
        };
        k -= &d;
        k >>= 1u8;
        digits.push(i64::try_from(d).expect("|d| < 2^(w−1)"));
    }
    digits
}

/// The integer `bytes` are, read little-endian as `group`'s recoding reads them.
pub fn read_as_little_endian(bytes: &[u8]) -> BigUint {
    BigUint::from_bytes_le(bytes)
}

/// The multiplier `group`'s wNAF code applies for a scalar whose representation is `repr`, at
/// window `w`: the little-endian reading k of `repr`, less 2ᴸ (L = 8·len) when k's NAF has a
/// digit at position L; reduced mod `order`.
pub fn multiplier(repr: &[u8], w: usize, order: &BigUint) -> BigUint {
    let k = read_as_little_endian(repr);
    let top = 8 * repr.len();
    let dropped = naf_digits(&k, w).len() > top;
    let k = BigInt::from(k) % BigInt::from(order.clone());
    let order = BigInt::from(order.clone());
    let value = if dropped {
        let wrapped = (BigInt::one() << top) % &order;
        ((k - wrapped) % &order + &order) % &order
    } else {
        k
    };
    value.to_biguint().expect("reduced into 0..r")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The NAF's defining properties: the digits sum to k, every non-zero digit is odd and
    /// below 2ʷ⁻¹ in size, and any w consecutive digits hold at most one non-zero.
    #[test]
    fn naf_digits_are_a_naf_of_k() {
        let values = [
            BigUint::zero(),
            BigUint::one(),
            BigUint::from(0xffu8),
            (BigUint::one() << 256u32) - 1u8,
            BigUint::parse_bytes(b"deadbeef0123456789abcdef55aa55aa", 16).unwrap(),
        ];
        for k in &values {
            for w in 2..=8 {
                let digits = naf_digits(k, w);
                let sum: BigInt = (digits.iter().enumerate())
                    .map(|(i, d)| BigInt::from(*d) << i)
                    .sum();
                assert_eq!(sum, BigInt::from(k.clone()), "w = {w}");
                for window in digits.windows(w) {
                    assert!(window.iter().filter(|d| **d != 0).count() <= 1);
                }
                for d in digits.iter().filter(|d| **d != 0) {
                    assert!(d % 2 != 0 && d.abs() < 1 << (w - 1), "digit {d}");
                }
            }
        }
    }

    /// 2ᴸ − 1 (all bytes 0xff) recodes to −1 + 2ᴸ for every window: the carry is at L, and the
    /// multiplier is −1; a small scalar keeps its value; byte order matters.
    #[test]
    fn the_dropped_carry_and_the_byte_order() {
        let order = BigUint::parse_bytes(
            b"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
            16,
        )
        .unwrap();
        for w in 2..=8 {
            assert_eq!(multiplier(&[0xff; 32], w, &order), &order - 1u8, "w = {w}");
            let mut five = [0u8; 32];
            five[0] = 5;
            assert_eq!(multiplier(&five, w, &order), BigUint::from(5u8));
            five.reverse();
            assert_eq!(multiplier(&five, w, &order), BigUint::from(5u8) << 248u32);
        }
    }
}
