//! BLS12-381 precompiled contracts of EIP-2537 (<https://eips.ethereum.org/EIPS/eip-2537>,
//! as activated in Prague): 0x0b `G1ADD`, 0x0c `G1MSM`, 0x0d `G2ADD`, 0x0e `G2MSM`, 0x0f
//! `PAIRING_CHECK`, 0x10 `MAP_FP_TO_G1` and 0x11 `MAP_FP2_TO_G2` (the simplified SWU maps
//! with their isogenies, [`map_to_curve`]).
//!
//! Encodings (§Fine points and encoding of base elements): a field element is 64 bytes, big
//! endian, whose top 16 bytes must be zero and whose value must be below p; an 𝔽ₚ² element
//! c0 + c1·v is `c0 ‖ c1` (the real part first, unlike EIP-197); a point is `x ‖ y` (128
//! bytes in G1, 256 in G2) and all zeros is the point at infinity; a scalar is 32 bytes big
//! endian, any value (not reduced by the caller, ≥ r allowed).
//!
//! - `G1ADD` / `G2ADD` take exactly two points (256 / 512 bytes), each on the curve or the
//!   point at infinity, with **no** subgroup check, and return their sum.
//! - `G1MSM` / `G2MSM` take k ≥ 1 slices `P ‖ s` (160 / 288 bytes each), each P in the
//!   order-r subgroup, and return Σ sᵢ·Pᵢ.
//! - `PAIRING_CHECK` takes k ≥ 1 slices `P ‖ Q` (384 bytes), both in their subgroups, and
//!   returns the 32-byte word 1 when e(P₁, Q₁)·…·e(Pₖ, Qₖ) = 1, else 0.
//! - `MAP_FP_TO_G1` / `MAP_FP2_TO_G2` take exactly one field element (64 / 128 bytes) and
//!   return its point in G1 / G2.
//!
//! Any invalid input fails, consuming all gas (§Gas burning on error): a wrong length (an
//! empty MSM or pairing input included), non-zero top bytes, a value ≥ p, a point off its
//! curve, a point outside its subgroup where one is asked for.
//!
//! Gas (§Gas schedule): `G1ADD` 375, `G2ADD` 600; an MSM of k = ⌊len/slice⌋ slices
//! k·m·discount(k)/1000 with m = 12000 (G1) or 22500 (G2) and the discount table of the EIP
//! for k ≤ 128 (519 and 524 above it), 0 for k = 0; the pairing 37700 + 32600·k for
//! k = ⌊len/384⌋; the maps 5500 and 23800. The cost is charged before the contract runs, so a
//! limit below it fails out of gas whatever the input.

pub mod map_to_curve;

use super::{charged, CallResult, Failure};
use crate::bls12_381::curve::interleaved_msm;
use crate::bls12_381::pairing::pairing_check as product_is_one;
use crate::bls12_381::{bls12_381_fp, bls12_381_g1, bls12_381_g2};
use crate::field::{Field, Fp};
use crate::tower::Fp2;
use crate::weierstrass::{Curve, Point};
use num_bigint::BigUint;

/// `G1ADD`'s gas.
pub const G1_ADD_GAS: u64 = 375;
/// `G2ADD`'s gas.
pub const G2_ADD_GAS: u64 = 600;
/// The pairing's gas for no pair.
pub const PAIRING_BASE_GAS: u64 = 37_700;
/// The pairing's gas per pair.
pub const PAIRING_PER_PAIR_GAS: u64 = 32_600;
/// `MAP_FP_TO_G1`'s gas.
pub const MAP_FP_TO_G1_GAS: u64 = 5500;
/// `MAP_FP2_TO_G2`'s gas.
pub const MAP_FP2_TO_G2_GAS: u64 = 23_800;
/// The bytes of one pairing slice, G1 ‖ G2.
pub const PAIR_BYTES: usize = 384;
/// The MSM discounts' divisor.
const DISCOUNT_DIVISOR: u64 = 1000;

/// `G1MSM`'s discount for k = 1 ..= 128 pairs (EIP-2537 §G1/G2 MSM).
#[rustfmt::skip]
const G1_DISCOUNTS: [u16; 128] = [
    1000, 949, 848, 797, 764, 750, 738, 728, 719, 712, 705, 698, 692, 687, 682, 677,
    673, 669, 665, 661, 658, 654, 651, 648, 645, 642, 640, 637, 635, 632, 630, 627,
    625, 623, 621, 619, 617, 615, 613, 611, 609, 608, 606, 604, 603, 601, 599, 598,
    596, 595, 593, 592, 591, 589, 588, 586, 585, 584, 582, 581, 580, 579, 577, 576,
    575, 574, 573, 572, 570, 569, 568, 567, 566, 565, 564, 563, 562, 561, 560, 559,
    558, 557, 556, 555, 554, 553, 552, 551, 550, 549, 548, 547, 547, 546, 545, 544,
    543, 542, 541, 540, 540, 539, 538, 537, 536, 536, 535, 534, 533, 532, 532, 531,
    530, 529, 528, 528, 527, 526, 525, 525, 524, 523, 522, 522, 521, 520, 520, 519,
];

/// `G2MSM`'s discount for k = 1 ..= 128 pairs (EIP-2537 §G1/G2 MSM).
#[rustfmt::skip]
const G2_DISCOUNTS: [u16; 128] = [
    1000, 1000, 923, 884, 855, 832, 812, 796, 782, 770, 759, 749, 740, 732, 724, 717,
    711, 704, 699, 693, 688, 683, 679, 674, 670, 666, 663, 659, 655, 652, 649, 646,
    643, 640, 637, 634, 632, 629, 627, 624, 622, 620, 618, 615, 613, 611, 609, 607,
    606, 604, 602, 600, 598, 597, 595, 593, 592, 590, 589, 587, 586, 584, 583, 582,
    580, 579, 578, 576, 575, 574, 573, 571, 570, 569, 568, 567, 566, 565, 563, 562,
    561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 552, 551, 550, 549, 548, 547,
    546, 545, 545, 544, 543, 542, 541, 541, 540, 539, 538, 537, 537, 536, 535, 535,
    534, 533, 532, 532, 531, 530, 530, 529, 528, 528, 527, 526, 526, 525, 524, 524,
];

/// A 64-byte field element: top 16 bytes zero, value below p.
pub fn fp_decode(word: &[u8; 64]) -> Result<Fp, Failure> {
    if word[..16].iter().any(|b| *b != 0) {
        return Err(Failure::PaddingBytes);
    }
    bls12_381_fp()
        .from_canonical(&BigUint::from_bytes_be(&word[16..]))
        .ok_or(Failure::CoordinateOutOfRange)
}

/// G1 or G2 as EIP-2537 encodes them.
pub trait Eip2537Group: 'static {
    /// The coordinate field.
    type F: Field;
    /// Bytes per point.
    const POINT_BYTES: usize;
    /// `ADD`'s gas.
    const ADD_GAS: u64;
    /// The gas of one multiplication, the MSM's unit.
    const MUL_GAS: u64;
    /// The MSM discounts for k = 1 ..= 128.
    const DISCOUNTS: &'static [u16; 128];
    /// The curve.
    fn curve() -> &'static Curve<Self::F>;
    /// One coordinate (`POINT_BYTES / 2` bytes).
    fn coordinate(bytes: &[u8]) -> Result<Self::F, Failure>;
    /// One coordinate's bytes.
    fn coordinate_bytes(c: &Self::F) -> Vec<u8>;
}

/// G1 over 𝔽ₚ: a coordinate is one 64-byte word.
pub struct G1;
/// G2 over 𝔽ₚ²: a coordinate c0 + c1·v is `c0 ‖ c1`.
pub struct G2;

impl Eip2537Group for G1 {
    type F = Fp;
    const POINT_BYTES: usize = 128;
    const ADD_GAS: u64 = G1_ADD_GAS;
    const MUL_GAS: u64 = 12_000;
    const DISCOUNTS: &'static [u16; 128] = &G1_DISCOUNTS;
    fn curve() -> &'static Curve<Fp> {
        bls12_381_g1()
    }
    fn coordinate(bytes: &[u8]) -> Result<Fp, Failure> {
        fp_decode(bytes.try_into().expect("64 bytes"))
    }
    fn coordinate_bytes(c: &Fp) -> Vec<u8> {
        c.to_be_bytes(64)
    }
}

impl Eip2537Group for G2 {
    type F = Fp2;
    const POINT_BYTES: usize = 256;
    const ADD_GAS: u64 = G2_ADD_GAS;
    const MUL_GAS: u64 = 22_500;
    const DISCOUNTS: &'static [u16; 128] = &G2_DISCOUNTS;
    fn curve() -> &'static Curve<Fp2> {
        bls12_381_g2()
    }
    fn coordinate(bytes: &[u8]) -> Result<Fp2, Failure> {
        let c0 = fp_decode(bytes[..64].try_into().expect("64 bytes"))?;
        let c1 = fp_decode(bytes[64..].try_into().expect("64 bytes"))?;
        Ok(Fp2::new(c0, c1))
    }
    fn coordinate_bytes(c: &Fp2) -> Vec<u8> {
        [c.c0.to_be_bytes(64), c.c1.to_be_bytes(64)].concat()
    }
}

/// A point (`G::POINT_BYTES` bytes): all zeros is the point at infinity; any other must be
/// on the curve and, with `subgroup`, in the order-r subgroup.
pub fn point_decode<G: Eip2537Group>(bytes: &[u8], subgroup: bool) -> Result<Point<G::F>, Failure> {
    assert_eq!(bytes.len(), G::POINT_BYTES, "a whole point's bytes");
    let half = G::POINT_BYTES / 2;
    let (x, y) = (
        G::coordinate(&bytes[..half])?,
        G::coordinate(&bytes[half..])?,
    );
    if x.is_zero() && y.is_zero() {
        return Ok(Point::Identity);
    }
    let p = Point::Affine { x, y };
    let curve = G::curve();
    if !curve.is_on_curve(&p) {
        Err(Failure::NotOnCurve)
    } else if subgroup && !curve.is_in_subgroup(&p) {
        Err(Failure::NotInSubgroup)
    } else {
        Ok(p)
    }
}

/// A point's bytes (the point at infinity as zeros).
pub fn point_encode<G: Eip2537Group>(p: &Point<G::F>) -> Vec<u8> {
    match p {
        Point::Identity => vec![0; G::POINT_BYTES],
        Point::Affine { x, y } => [G::coordinate_bytes(x), G::coordinate_bytes(y)].concat(),
    }
}

/// The bytes of one MSM slice `P ‖ s`.
pub fn msm_slice_bytes<G: Eip2537Group>() -> usize {
    G::POINT_BYTES + 32
}

/// An MSM's cost for an input of `len` bytes (EIP-2537's pseudocode: k = ⌊len/slice⌋, 0
/// for k = 0).
pub fn msm_gas<G: Eip2537Group>(len: usize) -> u64 {
    let k = (len / msm_slice_bytes::<G>()) as u64;
    if k == 0 {
        return 0;
    }
    let discount = G::DISCOUNTS
        .get(k as usize - 1)
        .copied()
        .unwrap_or(G::DISCOUNTS[127]);
    k * G::MUL_GAS * u64::from(discount) / DISCOUNT_DIVISOR
}

/// The pairing's cost for an input of `len` bytes: 37700 + 32600·⌊len/384⌋.
pub fn pairing_gas(len: usize) -> u64 {
    PAIRING_BASE_GAS + PAIRING_PER_PAIR_GAS * (len / PAIR_BYTES) as u64
}

/// The (scalar, point) terms of an MSM input: k ≥ 1 slices, each point checked (in the
/// subgroup too with `subgroup`).
pub type Terms<F> = Vec<(BigUint, Point<F>)>;

/// The terms of an MSM input (`subgroup`: as the contract reads them; without, the subgroup
/// check is left out, for callers that check it apart).
pub fn msm_terms<G: Eip2537Group>(input: &[u8], subgroup: bool) -> Result<Terms<G::F>, Failure> {
    let slice = msm_slice_bytes::<G>();
    if input.is_empty() || input.len() % slice != 0 {
        return Err(Failure::InputLength);
    }
    (input.chunks(slice))
        .map(|c| {
            let p = point_decode::<G>(&c[..G::POINT_BYTES], subgroup)?;
            Ok((BigUint::from_bytes_be(&c[G::POINT_BYTES..]), p))
        })
        .collect()
}

/// The (G1, G2) pairs of a pairing input.
pub type Pairs = Vec<(Point<Fp>, Point<Fp2>)>;

/// The pairs of a pairing input: k ≥ 1 slices, each point on its curve and in its subgroup.
pub fn pairing_decode(input: &[u8]) -> Result<Pairs, Failure> {
    if input.is_empty() || input.len() % PAIR_BYTES != 0 {
        return Err(Failure::InputLength);
    }
    (input.chunks(PAIR_BYTES))
        .map(|c| {
            let p = point_decode::<G1>(&c[..128], true)?;
            let q = point_decode::<G2>(&c[128..], true)?;
            Ok((p, q))
        })
        .collect()
}

/// `G1ADD` (0x0b) / `G2ADD` (0x0d): P + Q, no subgroup check.
pub fn add<G: Eip2537Group>(input: &[u8], gas_limit: u64) -> CallResult {
    charged(G::ADD_GAS, gas_limit, || {
        if input.len() != 2 * G::POINT_BYTES {
            return Err(Failure::InputLength);
        }
        let p = point_decode::<G>(&input[..G::POINT_BYTES], false)?;
        let q = point_decode::<G>(&input[G::POINT_BYTES..], false)?;
        Ok(point_encode::<G>(&G::curve().add(&p, &q)))
    })
}

/// `G1MSM` (0x0c) / `G2MSM` (0x0e): Σ sᵢ·Pᵢ, scalars as they are, points in the subgroup.
pub fn msm<G: Eip2537Group>(input: &[u8], gas_limit: u64) -> CallResult {
    charged(msm_gas::<G>(input.len()), gas_limit, || {
        let terms = msm_terms::<G>(input, true)?;
        Ok(point_encode::<G>(&interleaved_msm(G::curve(), &terms)))
    })
}

/// `PAIRING_CHECK` (0x0f): the word 1 if the product of the pairings is 1, else 0.
pub fn pairing_check(input: &[u8], gas_limit: u64) -> CallResult {
    charged(pairing_gas(input.len()), gas_limit, || {
        let pairs = pairing_decode(input)?;
        let mut word = vec![0u8; 32];
        word[31] = u8::from(product_is_one(&pairs));
        Ok(word)
    })
}

/// `MAP_FP_TO_G1` (0x10): the G1 point of one 64-byte field element.
pub fn map_fp_to_g1(input: &[u8], gas_limit: u64) -> CallResult {
    charged(MAP_FP_TO_G1_GAS, gas_limit, || {
        let word: &[u8; 64] = input.try_into().map_err(|_| Failure::InputLength)?;
        let u = fp_decode(word)?;
        Ok(point_encode::<G1>(&map_to_curve::map_fp_to_g1(&u)))
    })
}

/// `MAP_FP2_TO_G2` (0x11): the G2 point of one 128-byte 𝔽ₚ² element `c0 ‖ c1`.
pub fn map_fp2_to_g2(input: &[u8], gas_limit: u64) -> CallResult {
    charged(MAP_FP2_TO_G2_GAS, gas_limit, || {
        if input.len() != 128 {
            return Err(Failure::InputLength);
        }
        let u = G2::coordinate(input)?;
        Ok(point_encode::<G2>(&map_to_curve::map_fp2_to_g2(&u)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's ends and the formula: k = 1 costs one multiplication, k > 128 takes the
    /// last discount, an input shorter than a slice costs nothing.
    #[test]
    fn msm_gas_follows_the_discount_table() {
        assert_eq!(msm_gas::<G1>(160), 12_000);
        assert_eq!(msm_gas::<G2>(288), 22_500);
        assert_eq!(msm_gas::<G2>(2 * 288), 2 * 22_500);
        assert_eq!(msm_gas::<G1>(159), 0);
        assert_eq!(msm_gas::<G1>(128 * 160), 128 * 12_000 * 519 / 1000);
        assert_eq!(msm_gas::<G1>(1000 * 160), 1000 * 12_000 * 519 / 1000);
        assert_eq!(msm_gas::<G2>(1000 * 288 + 5), 1000 * 22_500 * 524 / 1000);
        assert_eq!(pairing_gas(384 * 2 + 1), 37_700 + 2 * 32_600);
    }

    /// G + G through `G1ADD` is 2·G; (0, 0) as bytes is the point at infinity; each encoding
    /// rule refuses with its class.
    #[test]
    fn add_decodes_and_refuses_by_the_rules() {
        let g1 = bls12_381_g1();
        let g = point_encode::<G1>(&g1.generator);
        let two = point_encode::<G1>(&g1.mul_generator(&BigUint::from(2u8)));
        let ok = |output| CallResult::Success {
            gas_used: G1_ADD_GAS,
            output,
        };
        assert_eq!(add::<G1>(&[g.clone(), g.clone()].concat(), 375), ok(two));
        assert_eq!(
            add::<G1>(&[g.clone(), vec![0; 128]].concat(), 375),
            ok(g.clone())
        );
        let fail = |bytes: &[u8]| add::<G1>(bytes, 375);
        assert_eq!(
            fail(&g),
            CallResult::Failure(Failure::InputLength),
            "one point"
        );
        let mut padded = [g.clone(), g.clone()].concat();
        padded[0] = 1;
        assert_eq!(fail(&padded), CallResult::Failure(Failure::PaddingBytes));
        let mut above_p = [g.clone(), g.clone()].concat();
        above_p[16..64].copy_from_slice(&bls12_381_fp().modulus().to_bytes_be());
        assert_eq!(
            fail(&above_p),
            CallResult::Failure(Failure::CoordinateOutOfRange)
        );
        let mut off = [g.clone(), g.clone()].concat();
        off[127] ^= 1;
        assert_eq!(fail(&off), CallResult::Failure(Failure::NotOnCurve));
        assert_eq!(
            add::<G1>(&[g.clone(), g].concat(), 374),
            CallResult::Failure(Failure::OutOfGas)
        );
    }

    /// A point on G1's curve outside the subgroup: `G1ADD` takes it, `G1MSM` and the
    /// pairing refuse it; an empty MSM or pairing input is refused.
    #[test]
    fn the_subgroup_is_checked_where_the_eip_asks() {
        let g1 = bls12_381_g1();
        let fp = bls12_381_fp();
        let p = (1u32..)
            .find_map(|x| {
                g1.lift_x(&fp.elem(BigUint::from(x)))
                    .filter(|p| !g1.is_in_subgroup(p))
            })
            .expect("a point of the curve outside G1");
        let bytes = point_encode::<G1>(&p);
        let sum = add::<G1>(&[bytes.clone(), vec![0; 128]].concat(), 375);
        assert_eq!(
            sum,
            CallResult::Success {
                gas_used: 375,
                output: bytes.clone()
            }
        );
        let one = [bytes.clone(), vec![0; 31], vec![1]].concat();
        assert_eq!(
            msm::<G1>(&one, 12_000),
            CallResult::Failure(Failure::NotInSubgroup)
        );
        let pair = [bytes, vec![0; 256]].concat();
        assert_eq!(
            pairing_check(&pair, pairing_gas(384)),
            CallResult::Failure(Failure::NotInSubgroup)
        );
        assert_eq!(msm::<G1>(&[], 0), CallResult::Failure(Failure::InputLength));
        assert_eq!(
            pairing_check(&[], PAIRING_BASE_GAS),
            CallResult::Failure(Failure::InputLength)
        );
    }
}
