//! `ecrecover` (precompiled contract 0x01), from the Ethereum Yellow Paper (Appendix E, the
//! contract; Appendix F, ECDSARECOVER; <https://ethereum.github.io/yellowpaper/paper.pdf>)
//! with SEC 1 v2 §4.1.6 for the recovery (<https://www.secg.org/sec1-v2.pdf>).
//!
//! The input is read as 128 bytes, right-padded with zeros or cut: four big-endian 256-bit
//! words h (the message hash), v, r and s. The contract costs 3000 gas whatever the input;
//! below that it fails out of gas. It returns the empty output, without failing, unless
//!
//! - v is 27 or 28 (the whole word: a stray bit in its first 31 bytes refuses it),
//! - 0 < r < n and 0 < s < n (n the order of secp256k1; a high s is accepted: the contract
//!   has no low-s rule),
//! - x = r is the x-coordinate of a point R (only x = r: v tells the parity of y, and the
//!   recovery identifiers 2 and 3 of x = r + n are not expressible), R's y odd for v = 28,
//! - Q = r⁻¹·(s·R − e·G), with e = h mod n, is not the identity;
//!
//! then it returns the address of Q: 12 zero bytes, then the last 20 bytes of
//! Keccak-256(x ‖ y), x and y big-endian in 32 bytes each.

use super::{charged, fixed_input, CallResult};
use crate::curves::{secp256k1, secp256k1_fp};
use crate::field::Fp;
use crate::keccak::keccak256;
use crate::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::Zero;

/// The gas every call costs.
pub const GAS: u64 = 3000;

/// Why an input recovers no key (the contract's empty output).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// v is not 27 or 28.
    RecoveryId,
    /// r is 0 or ≥ n.
    ROutOfRange,
    /// s is 0 or ≥ n.
    SOutOfRange,
    /// No point of the curve has x = r.
    NoPointAtR,
    /// The recovered key is the identity (s·R = e·G).
    IdentityKey,
}

/// The contract: the address of the key that signed, or the empty output, for 3000 gas.
pub fn ecrecover(input: &[u8], gas_limit: u64) -> CallResult {
    charged(GAS, gas_limit, || {
        Ok(match recover(input) {
            Ok(key) => [vec![0u8; 12], address(&key).to_vec()].concat(),
            Err(_) => Vec::new(),
        })
    })
}

/// The public key the contract recovers from `input` (read as 128 bytes, module docs), or why
/// it recovers none.
pub fn recover(input: &[u8]) -> Result<Point<Fp>, Rejection> {
    let input: [u8; 128] = fixed_input(input);
    let word = |i: usize| BigUint::from_bytes_be(&input[32 * i..32 * (i + 1)]);
    let (h, v, r, s) = (word(0), word(1), word(2), word(3));
    let curve = secp256k1();
    let n = &curve.order;
    let odd_y = if v == BigUint::from(27u8) {
        false
    } else if v == BigUint::from(28u8) {
        true
    } else {
        return Err(Rejection::RecoveryId);
    };
    if r.is_zero() || &r >= n {
        return Err(Rejection::ROutOfRange);
    }
    if s.is_zero() || &s >= n {
        return Err(Rejection::SOutOfRange);
    }
    // r < n < p: r is an element of the base field as it is.
    let x = secp256k1_fp().elem(r.clone());
    let Some(Point::Affine { x, y }) = curve.lift_x(&x) else {
        return Err(Rejection::NoPointAtR);
    };
    let y = if y.value().bit(0) == odd_y {
        y
    } else {
        y.neg()
    };
    let big_r = Point::Affine { x, y };
    // Q = u1·G + u2·R with u1 = −e·r⁻¹ and u2 = s·r⁻¹ (mod n).
    let r_inv = r.modpow(&(n - 2u8), n);
    let e = h % n;
    let u1 = ((n - &e) * &r_inv) % n;
    let u2 = (&s * &r_inv) % n;
    let key = curve.add(&curve.mul_generator(&u1), &curve.mul(&big_r, &u2));
    if key.is_identity() {
        return Err(Rejection::IdentityKey);
    }
    Ok(key)
}

/// The address of a public key: the last 20 bytes of Keccak-256 of its coordinates, each
/// big-endian in 32 bytes.
///
/// # Panics
/// For the identity, which has no address.
pub fn address(key: &Point<Fp>) -> [u8; 20] {
    let Point::Affine { x, y } = key else {
        panic!("the identity has no address");
    };
    let mut coordinates = [0u8; 64];
    for (slot, c) in coordinates.chunks_mut(32).zip([x, y]) {
        let be = c.value().to_bytes_be();
        slot[32 - be.len()..].copy_from_slice(&be);
    }
    let digest = keccak256(&coordinates);
    let mut out = [0u8; 20];
    out.copy_from_slice(&digest[12..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::precompiles::Failure;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn word(v: &BigUint) -> [u8; 32] {
        let be = v.to_bytes_be();
        let mut out = [0u8; 32];
        out[32 - be.len()..].copy_from_slice(&be);
        out
    }

    /// The contract's input for (h, v, r, s).
    fn input(h: &BigUint, v: u8, r: &BigUint, s: &BigUint) -> Vec<u8> {
        let mut out = Vec::new();
        for w in [h, &BigUint::from(v), r, s] {
            out.extend_from_slice(&word(w));
        }
        out
    }

    /// A textbook ECDSA signature (SEC 1 §4.1.3) of `h` by key `d` with nonce `k`: (v, r, s),
    /// v from R's y parity. Written here, apart from the recovery, to test it on.
    fn sign(d: &BigUint, k: &BigUint, h: &BigUint) -> (u8, BigUint, BigUint) {
        let curve = secp256k1();
        let n = &curve.order;
        let Point::Affine { x, y } = curve.mul_generator(k) else {
            panic!("k·G is the identity");
        };
        let r = x.value() % n;
        let k_inv = k.modpow(&(n - 2u8), n);
        let s = (k_inv * ((h % n) + &r * d)) % n;
        let v = if y.value().bit(0) { 28 } else { 27 };
        (v, r, s)
    }

    /// The address of private key 1 (the generator), as published for that key:
    /// 0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf.
    #[test]
    fn the_generators_address_is_private_key_ones() {
        assert_eq!(
            hex(&address(&secp256k1().generator)),
            "7e5f4552091a69125d5dfcb7b8c2659029395bdf"
        );
    }

    /// Signatures by known keys recover their keys, with either s (no low-s rule: s and n − s
    /// with the other v name the same key), and a hash ≥ n reads as h mod n.
    #[test]
    fn signatures_recover_their_keys() {
        let curve = secp256k1();
        let n = &curve.order;
        for (d, k, h) in [
            (1u64, 2u64, 0xabcdefu64),
            (0xdead_beef, 0x1234_5678_9abc, 1),
            (7, 11, u64::MAX),
        ] {
            let (d, k, h) = (BigUint::from(d), BigUint::from(k), BigUint::from(h));
            let key = curve.mul_generator(&d);
            let (v, r, s) = sign(&d, &k, &h);
            assert_eq!(recover(&input(&h, v, &r, &s)), Ok(key.clone()));
            let high = n - &s;
            assert_eq!(recover(&input(&h, 55 - v, &r, &high)), Ok(key.clone()));
            assert_eq!(recover(&input(&(&h + n), v, &r, &s)), Ok(key.clone()));
            let expected = [vec![0u8; 12], address(&key).to_vec()].concat();
            assert_eq!(
                ecrecover(&input(&h, v, &r, &s), GAS),
                CallResult::Success {
                    gas_used: GAS,
                    output: expected
                }
            );
        }
    }

    /// Each rule refuses what it says, with the empty output and the full cost.
    #[test]
    fn each_rule_refuses_its_inputs() {
        let curve = secp256k1();
        let n = &curve.order;
        let (h, d, k) = (BigUint::from(99u8), BigUint::from(5u8), BigUint::from(3u8));
        let (v, r, s) = sign(&d, &k, &h);
        let one = BigUint::from(1u8);
        let zero = BigUint::zero();
        let cases = [
            (input(&h, 26, &r, &s), Rejection::RecoveryId),
            (input(&h, 29, &r, &s), Rejection::RecoveryId),
            (input(&h, 0, &r, &s), Rejection::RecoveryId),
            (input(&h, 1, &r, &s), Rejection::RecoveryId),
            (input(&h, v, &zero, &s), Rejection::ROutOfRange),
            (input(&h, v, n, &s), Rejection::ROutOfRange),
            (input(&h, v, &r, &zero), Rejection::SOutOfRange),
            (input(&h, v, &r, n), Rejection::SOutOfRange),
        ];
        for (bytes, why) in &cases {
            assert_eq!(recover(bytes), Err(*why));
            assert_eq!(
                ecrecover(bytes, GAS),
                CallResult::Success {
                    gas_used: GAS,
                    output: Vec::new()
                }
            );
        }
        // A stray bit in v's high bytes.
        let mut stray = input(&h, v, &r, &s);
        stray[32] = 0x10;
        assert_eq!(recover(&stray), Err(Rejection::RecoveryId));
        // x = 1 has a point on secp256k1? Find the first small x without one.
        let fp = secp256k1_fp();
        let x = (1u32..)
            .map(BigUint::from)
            .find(|x| curve.lift_x(&fp.elem(x.clone())).is_none())
            .expect("an x without a point");
        assert_eq!(
            recover(&input(&h, 27, &x, &one)),
            Err(Rejection::NoPointAtR)
        );
        // s·R = e·G: with R = k·G, e = s·k makes the key the identity.
        let e = (&s * &k) % n;
        assert_eq!(recover(&input(&e, v, &r, &s)), Err(Rejection::IdentityKey));
    }

    /// The input is right-padded to 128 bytes and cut there; the gas is 3000 at any length,
    /// one below fails.
    #[test]
    fn the_input_is_padded_and_cut_and_costs_3000() {
        let (h, d, k) = (BigUint::from(99u8), BigUint::from(5u8), BigUint::from(3u8));
        let (v, r, s) = sign(&d, &k, &h);
        let full = input(&h, v, &r, &s);
        let mut long = full.clone();
        long.extend_from_slice(&[0xff; 40]);
        assert_eq!(ecrecover(&long, GAS), ecrecover(&full, GAS));
        // s with trailing zero bytes: cut them, and the padding gives them back.
        let s_shifted = &s >> 16u32 << 16u32;
        let padded = input(&h, v, &r, &s_shifted);
        assert_eq!(&padded[126..], &[0, 0]);
        assert_eq!(recover(&padded[..126]), recover(&padded));
        assert_eq!(
            ecrecover(&[], GAS),
            CallResult::Success {
                gas_used: GAS,
                output: Vec::new()
            }
        );
        assert_eq!(
            ecrecover(&full, GAS - 1),
            CallResult::Failure(Failure::OutOfGas)
        );
        assert_eq!(
            ecrecover(&full, u64::MAX),
            ecrecover(&full, GAS),
            "the cost does not depend on the limit"
        );
    }
}
