//! BN254 (alt_bn128) precompiled contracts: 0x06 `ECADD` and 0x07 `ECMUL` (EIP-196,
//! <https://eips.ethereum.org/EIPS/eip-196>), 0x08 `ECPAIRING` (EIP-197,
//! <https://eips.ethereum.org/EIPS/eip-197>), at the gas costs of EIP-1108
//! (<https://eips.ethereum.org/EIPS/eip-1108>): 150, 6000 and 45000 + 34000·k for k pairs.
//!
//! Encodings (EIP-196 §Encoding, EIP-197 §Encoding): a field element is a 32-byte big-endian
//! integer, which must be below p; a G1 point is `x ‖ y` (64 bytes), and (0, 0) is the point
//! at infinity; a G2 point is `x.c1 ‖ x.c0 ‖ y.c1 ‖ y.c0` (128 bytes, the imaginary part of
//! each 𝔽ₚ² element first), and all zeros is the point at infinity. A G1 point must be on the
//! curve (its cofactor is 1: then it is in G1); a G2 point must be on the twist and in the
//! order-r subgroup.
//!
//! - `ECADD` reads 128 bytes, right-padded with zeros or cut (EIP-196: "the input is …
//!   padded with zeros"; bytes past them are ignored), and returns P + Q.
//! - `ECMUL` reads 96 bytes the same way: P and a 256-bit scalar s, any value (≥ r too), and
//!   returns s·P.
//! - `ECPAIRING` reads k = len/192 pairs (G1 ‖ G2); a length that is not a multiple of 192
//!   fails. It returns the 32-byte word 1 when e(P₁, Q₁)·…·e(Pₖ, Qₖ) = 1 (so for k = 0), else 0.
//!
//! Any invalid input fails, consuming all gas. The cost is checked first, as the clients
//! charge it before running the contract (for the pairing from k = ⌊len/192⌋), so a limit
//! below the cost fails out of gas whatever the input.

use super::{charged, fixed_input, CallResult, Failure};
use crate::curves::{bn254_fq, bn254_g1, bn254_g2};
use crate::field::{Field, Fp};
use crate::gt;
use crate::tower::Fp2;
use crate::weierstrass::Point;
use num_bigint::BigUint;

/// `ECADD`'s gas (EIP-1108).
pub const ADD_GAS: u64 = 150;
/// `ECMUL`'s gas (EIP-1108).
pub const MUL_GAS: u64 = 6000;
/// `ECPAIRING`'s gas for no pair (EIP-1108).
pub const PAIRING_BASE_GAS: u64 = 45_000;
/// `ECPAIRING`'s gas per pair (EIP-1108).
pub const PAIRING_PER_PAIR_GAS: u64 = 34_000;
/// The bytes of one pairing input, G1 ‖ G2.
pub const PAIR_BYTES: usize = 192;

/// A 32-byte big-endian field element, if below p.
fn fq(word: &[u8]) -> Result<Fp, Failure> {
    bn254_fq()
        .from_canonical(&BigUint::from_bytes_be(word))
        .ok_or(Failure::CoordinateOutOfRange)
}

/// A G1 point `x ‖ y` (64 bytes): (0, 0) is the point at infinity, any other must be on the
/// curve.
pub fn g1_decode(bytes: &[u8; 64]) -> Result<Point<Fp>, Failure> {
    let (x, y) = (fq(&bytes[..32])?, fq(&bytes[32..])?);
    if x.is_zero() && y.is_zero() {
        return Ok(Point::Identity);
    }
    let p = Point::Affine { x, y };
    if bn254_g1().is_on_curve(&p) {
        Ok(p)
    } else {
        Err(Failure::NotOnCurve)
    }
}

/// A G1 point's 64 bytes (the point at infinity as zeros).
pub fn g1_encode(p: &Point<Fp>) -> Vec<u8> {
    match p {
        Point::Identity => vec![0; 64],
        Point::Affine { x, y } => [x.to_be_bytes(32), y.to_be_bytes(32)].concat(),
    }
}

/// A G2 point `x.c1 ‖ x.c0 ‖ y.c1 ‖ y.c0` (128 bytes): all zeros is the point at infinity,
/// any other must be on the twist and in the order-r subgroup.
pub fn g2_decode(bytes: &[u8; 128]) -> Result<Point<Fp2>, Failure> {
    let x = Fp2::new(fq(&bytes[32..64])?, fq(&bytes[..32])?);
    let y = Fp2::new(fq(&bytes[96..])?, fq(&bytes[64..96])?);
    if x.is_zero() && y.is_zero() {
        return Ok(Point::Identity);
    }
    let q = Point::Affine { x, y };
    let g2 = bn254_g2();
    if !g2.is_on_curve(&q) {
        Err(Failure::NotOnCurve)
    } else if !g2.is_in_subgroup(&q) {
        Err(Failure::NotInSubgroup)
    } else {
        Ok(q)
    }
}

/// A G2 point's 128 bytes (the point at infinity as zeros).
pub fn g2_encode(q: &Point<Fp2>) -> Vec<u8> {
    match q {
        Point::Identity => vec![0; 128],
        Point::Affine { x, y } => [&x.c1, &x.c0, &y.c1, &y.c0]
            .iter()
            .flat_map(|c| c.to_be_bytes(32))
            .collect(),
    }
}

/// The (G1, G2) pairs of a pairing input.
pub type Pairs = Vec<(Point<Fp>, Point<Fp2>)>;

/// The pairs of a pairing input: k × (G1 ‖ G2), each point checked.
pub fn pairing_decode(input: &[u8]) -> Result<Pairs, Failure> {
    if input.len() % PAIR_BYTES != 0 {
        return Err(Failure::InputLength);
    }
    (input.chunks(PAIR_BYTES))
        .map(|pair| {
            let g1: [u8; 64] = pair[..64].try_into().expect("64 bytes");
            let g2: [u8; 128] = pair[64..].try_into().expect("128 bytes");
            Ok((g1_decode(&g1)?, g2_decode(&g2)?))
        })
        .collect()
}

/// The cost of a pairing input of `len` bytes: 45000 + 34000·⌊len/192⌋.
pub fn pairing_gas(len: usize) -> u64 {
    PAIRING_BASE_GAS + PAIRING_PER_PAIR_GAS * (len / PAIR_BYTES) as u64
}

/// `ECADD` (0x06): P + Q.
pub fn ec_add(input: &[u8], gas_limit: u64) -> CallResult {
    charged(ADD_GAS, gas_limit, || {
        let input: [u8; 128] = fixed_input(input);
        let p = g1_decode(input[..64].try_into().expect("64 bytes"))?;
        let q = g1_decode(input[64..].try_into().expect("64 bytes"))?;
        Ok(g1_encode(&bn254_g1().add(&p, &q)))
    })
}

/// `ECMUL` (0x07): s·P, the scalar as it is (textbook double-and-add on its 256 bits).
pub fn ec_mul(input: &[u8], gas_limit: u64) -> CallResult {
    charged(MUL_GAS, gas_limit, || {
        let input: [u8; 96] = fixed_input(input);
        let p = g1_decode(input[..64].try_into().expect("64 bytes"))?;
        let s = BigUint::from_bytes_be(&input[64..]);
        Ok(g1_encode(&bn254_g1().mul(&p, &s)))
    })
}

/// `ECPAIRING` (0x08): the word 1 if the product of the pairings is 1, else 0.
pub fn ec_pairing(input: &[u8], gas_limit: u64) -> CallResult {
    charged(pairing_gas(input.len()), gas_limit, || {
        let pairs = pairing_decode(input)?;
        let mut word = vec![0u8; 32];
        word[31] = u8::from(gt::pairing_check(&pairs));
        Ok(word)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn success(gas_used: u64, output: Vec<u8>) -> CallResult {
        CallResult::Success { gas_used, output }
    }

    /// G + G = 2·G, by the curve's own doubling and through both contracts; (0, 0) is the
    /// identity on either side; a short input is padded.
    #[test]
    fn add_and_mul_agree_on_small_multiples() {
        let g1 = bn254_g1();
        let g = g1_encode(&g1.generator);
        let two_g = g1_encode(&g1.mul_generator(&BigUint::from(2u8)));
        let g_g = [g.clone(), g.clone()].concat();
        assert_eq!(ec_add(&g_g, ADD_GAS), success(ADD_GAS, two_g.clone()));
        let mut g_two = g.clone();
        g_two.extend_from_slice(&[0u8; 31]);
        g_two.push(2);
        assert_eq!(ec_mul(&g_two, MUL_GAS), success(MUL_GAS, two_g));
        // G then 64 missing bytes: G + O.
        assert_eq!(ec_add(&g, ADD_GAS), success(ADD_GAS, g.clone()));
        assert_eq!(ec_add(&[], ADD_GAS), success(ADD_GAS, vec![0; 64]));
        // s = r: the identity.
        let mut g_r = g.clone();
        g_r.extend_from_slice(&g1.order.to_bytes_be());
        assert_eq!(ec_mul(&g_r, MUL_GAS), success(MUL_GAS, vec![0; 64]));
    }

    /// Coordinates ≥ p, points off the curve, a pairing input of a bad length and a G2 point
    /// outside the subgroup fail; each cost one below fails out of gas first.
    #[test]
    fn invalid_inputs_and_short_gas_fail() {
        let p = bn254_fq().modulus().to_bytes_be();
        let g = g1_encode(&bn254_g1().generator);
        let mut x_is_p = g.clone();
        x_is_p[..32].copy_from_slice(&p);
        assert_eq!(
            ec_add(&x_is_p, ADD_GAS),
            CallResult::Failure(Failure::CoordinateOutOfRange)
        );
        let mut off = g.clone();
        off[63] ^= 1;
        assert_eq!(
            ec_mul(&off, MUL_GAS),
            CallResult::Failure(Failure::NotOnCurve)
        );
        assert_eq!(
            ec_pairing(&[0u8; 191], pairing_gas(191)),
            CallResult::Failure(Failure::InputLength)
        );
        assert_eq!(
            ec_add(&g, ADD_GAS - 1),
            CallResult::Failure(Failure::OutOfGas)
        );
        assert_eq!(
            ec_mul(&off, MUL_GAS - 1),
            CallResult::Failure(Failure::OutOfGas)
        );
        assert_eq!(
            ec_pairing(&[0u8; 384], PAIRING_BASE_GAS + 2 * PAIRING_PER_PAIR_GAS - 1),
            CallResult::Failure(Failure::OutOfGas)
        );
        // Empty input, and a pair of infinities: the empty product.
        let one = [vec![0u8; 31], vec![1]].concat();
        assert_eq!(
            ec_pairing(&[], PAIRING_BASE_GAS),
            success(PAIRING_BASE_GAS, one.clone())
        );
        assert_eq!(
            ec_pairing(&[0u8; 192], pairing_gas(192)),
            success(pairing_gas(192), one)
        );
        // A twist point outside G2: (x, y) on E'(𝔽ₚ²) with a cofactor component. The twist's
        // points of small x are outside G2 with overwhelming probability; find one.
        let g2 = bn254_g2();
        let fq = bn254_fq();
        let q = (1u32..)
            .find_map(|c| {
                let x = Fp2::new(fq.elem(BigUint::from(c)), fq.elem(BigUint::from(1u8)));
                g2.lift_x(&x).filter(|q| !g2.is_in_subgroup(q))
            })
            .expect("a twist point outside G2");
        let input = [g.clone(), g2_encode(&q)].concat();
        let input: [u8; 192] = input.try_into().expect("192 bytes");
        assert_eq!(
            g2_decode(input[64..].try_into().expect("128")),
            Err(Failure::NotInSubgroup)
        );
        assert_eq!(
            ec_pairing(&input, pairing_gas(192)),
            CallResult::Failure(Failure::NotInSubgroup)
        );
    }
}
