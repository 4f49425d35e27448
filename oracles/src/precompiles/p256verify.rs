//! `P256VERIFY` (RIP-7212, <https://github.com/ethereum/RIPs/blob/master/RIPS/rip-7212.md>,
//! as amended by EIP-7951, <https://eips.ethereum.org/EIPS/eip-7951>): ECDSA verification
//! over P-256 (secp256r1), SEC 1 v2 §4.1.4 (<https://www.secg.org/sec1-v2.pdf>) on a hash
//! given as it is.
//!
//! The input is exactly 160 bytes: five big-endian 256-bit words h (the message hash, not
//! hashed again), r, s, qx and qy. The contract costs 6900 gas (EIP-7951; RIP-7212 priced it
//! 3450) whatever the input; below that it fails out of gas. It returns the 32-byte word 1 if
//! the signature verifies, and the empty output, without failing, if
//!
//! - the input is not 160 bytes long,
//! - r or s is 0 or ≥ n (n the order of P-256; there is no low-s rule),
//! - qx or qy is ≥ p, or (qx, qy) is not on the curve (the point at infinity has no encoding:
//!   (0, 0) is not on P-256),
//! - R' = u₁·G + u₂·Q, with u₁ = h·s⁻¹ and u₂ = r·s⁻¹ mod n, is the point at infinity,
//! - or x(R') mod n ≠ r (x(R') itself may be ≥ n: it is compared reduced).

use super::{charged, CallResult};
use crate::curves::{p256, p256_fp};
use crate::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::Zero;

/// The gas every call costs (EIP-7951).
pub const GAS: u64 = 6900;
/// The input's only accepted length.
pub const INPUT_BYTES: usize = 160;

/// Why an input does not verify (the contract's empty output).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The input is not 160 bytes long.
    Length,
    /// r is 0 or ≥ n.
    ROutOfRange,
    /// s is 0 or ≥ n.
    SOutOfRange,
    /// qx or qy is ≥ p.
    KeyCoordinateOutOfRange,
    /// (qx, qy) is not on the curve.
    KeyNotOnCurve,
    /// u₁·G + u₂·Q is the point at infinity.
    InfinityR,
    /// x(R') mod n ≠ r.
    Mismatch,
}

/// The contract: the word 1 if the signature verifies, else the empty output, for 6900 gas.
pub fn p256verify(input: &[u8], gas_limit: u64) -> CallResult {
    charged(GAS, gas_limit, || {
        Ok(match verify(input) {
            Ok(()) => [vec![0u8; 31], vec![1]].concat(),
            Err(_) => Vec::new(),
        })
    })
}

/// Whether `input` (module docs) holds a signature that verifies, or why not.
pub fn verify(input: &[u8]) -> Result<(), Rejection> {
    if input.len() != INPUT_BYTES {
        return Err(Rejection::Length);
    }
    let word = |i: usize| BigUint::from_bytes_be(&input[32 * i..32 * (i + 1)]);
    let (h, r, s, qx, qy) = (word(0), word(1), word(2), word(3), word(4));
    let curve = p256();
    let n = &curve.order;
    if r.is_zero() || &r >= n {
        return Err(Rejection::ROutOfRange);
    }
    if s.is_zero() || &s >= n {
        return Err(Rejection::SOutOfRange);
    }
    let fp = p256_fp();
    let (Some(x), Some(y)) = (fp.from_canonical(&qx), fp.from_canonical(&qy)) else {
        return Err(Rejection::KeyCoordinateOutOfRange);
    };
    let key = Point::Affine { x, y };
    if !curve.is_on_curve(&key) {
        return Err(Rejection::KeyNotOnCurve);
    }
    let s_inv = s.modpow(&(n - 2u8), n);
    let u1 = (&h % n) * &s_inv % n;
    let u2 = &r * &s_inv % n;
    match curve.add(&curve.mul_generator(&u1), &curve.mul(&key, &u2)) {
        Point::Identity => Err(Rejection::InfinityR),
        Point::Affine { x, .. } if x.value() % n == r => Ok(()),
        Point::Affine { .. } => Err(Rejection::Mismatch),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::precompiles::Failure;

    fn word(v: &BigUint) -> Vec<u8> {
        let be = v.to_bytes_be();
        [vec![0u8; 32 - be.len()], be].concat()
    }

    /// A textbook ECDSA signature (SEC 1 §4.1.3) of `h` by `d` with nonce `k`, and the
    /// contract's input for it. Written here, apart from the verification, to test it on.
    fn signed(d: &BigUint, k: &BigUint, h: &BigUint) -> Vec<u8> {
        let curve = p256();
        let n = &curve.order;
        let Point::Affine { x, .. } = curve.mul_generator(k) else {
            panic!("k·G is the identity");
        };
        let r = x.value() % n;
        let s = k.modpow(&(n - 2u8), n) * ((h % n) + &r * d) % n;
        let Point::Affine { x: qx, y: qy } = curve.mul_generator(d) else {
            panic!("d·G is the identity");
        };
        [
            word(h),
            word(&r),
            word(&s),
            word(qx.value()),
            word(qy.value()),
        ]
        .concat()
    }

    /// Signatures verify, with s or n − s; one changed bit of the hash, r or the key
    /// refuses; the cost is 6900 at any length, one below fails.
    #[test]
    fn signatures_verify_and_changes_refuse() {
        let n = &p256().order;
        let (d, k, h) = (
            BigUint::from(0x1234_5678u64),
            BigUint::from(0x9abc_def0u64),
            BigUint::from(0xfeed_u64) << 200u32,
        );
        let input = signed(&d, &k, &h);
        assert_eq!(verify(&input), Ok(()));
        let mut high = input.clone();
        let s = BigUint::from_bytes_be(&input[64..96]);
        high[64..96].copy_from_slice(&word(&(n - &s)));
        assert_eq!(verify(&high), Ok(()), "no low-s rule");
        for (byte, why) in [
            (31, Rejection::Mismatch),
            (63, Rejection::Mismatch),
            (127, Rejection::KeyNotOnCurve),
        ] {
            let mut changed = input.clone();
            changed[byte] ^= 1;
            assert_eq!(verify(&changed), Err(why), "byte {byte}");
        }
        assert_eq!(verify(&input[..159]), Err(Rejection::Length));
        assert_eq!(
            p256verify(&input, GAS),
            CallResult::Success {
                gas_used: GAS,
                output: [vec![0; 31], vec![1]].concat()
            }
        );
        assert_eq!(
            p256verify(&input[..100], GAS),
            CallResult::Success {
                gas_used: GAS,
                output: Vec::new()
            }
        );
        assert_eq!(
            p256verify(&input, GAS - 1),
            CallResult::Failure(Failure::OutOfGas)
        );
    }

    /// r and s at 0 and n are refused; a key coordinate ≥ p is refused before the curve.
    #[test]
    fn ranges_are_checked() {
        let n = &p256().order;
        let input = signed(
            &BigUint::from(7u8),
            &BigUint::from(11u8),
            &BigUint::from(3u8),
        );
        let with = |at: usize, v: &BigUint| {
            let mut b = input.clone();
            b[at..at + 32].copy_from_slice(&word(v));
            verify(&b)
        };
        assert_eq!(with(32, &BigUint::zero()), Err(Rejection::ROutOfRange));
        assert_eq!(with(32, n), Err(Rejection::ROutOfRange));
        assert_eq!(with(64, &BigUint::zero()), Err(Rejection::SOutOfRange));
        assert_eq!(with(64, n), Err(Rejection::SOutOfRange));
        assert_eq!(
            with(96, p256_fp().modulus()),
            Err(Rejection::KeyCoordinateOutOfRange)
        );
    }
}
