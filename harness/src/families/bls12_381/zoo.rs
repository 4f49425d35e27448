//! Deliberately broken subjects for the BLS12-381 family (feature `zoo`). Each reuses the spec
//! (and the declared known findings) of the routine it breaks and reproduces a real bug class
//! published for another library; the doc comment of each subject names the bug, its public
//! source and the input that triggers it. The `group`-trait rows' variants are generic
//! planted flaws, stamped per row in [`traits`].

mod encoding;
mod traits;

use super::{blstrs_msm_behaviour, blstrs_msm_known};
use crate::arkworks::zoo::{
    bucket_index_in_a_byte, curve_ops_row, incomplete_add, naf_exp_truncated, BrokenCurveOps,
    CurveOpsFlaw, IncompleteLaw,
};
use crate::curve::Jacobian;
use crate::declare::ZooRow;
use crate::engine::VerdictKind;
use crate::families::bls12_381::adapter_ark::{ark_gt, to_ark_gt, ArkBls, ArkBlsCurve};
use crate::families::bls12_381::adapter_blstrs::{
    blst_gt, blst_scalar, to_blst_gt, BlstCurve, BlstrsMultiMillerLoop,
};
use crate::families::bls12_381::adapter_zkcrypto::{
    Zkcrypto, ZkcryptoCurve, ZkcryptoMultiMillerLoop, ZkcryptoPairing,
};
use crate::families::bls12_381::pairing::{FinalExponent, Pair, PairingProduct};
use crate::generators::points::GenPoint;
use crate::shapes::gt::{GtMultiExp, GtScale};
use crate::shapes::known::with_known;
use crate::shapes::msm::{AffineMsm, Msm};
use crate::shapes::normalize::{NormalizeBatch, NormalizeDrawn};
use crate::shapes::{self};
use ark_ec::short_weierstrass::{Affine, Projective};
use ark_ff::{Field, One, Zero};
use ecdiff_oracles::bls12_381::tower::Fp12;
use ecdiff_oracles::bls12_381::{Bls12381G1, Bls12381G2, Bls12381Gt};
use ecdiff_oracles::field::Field as _;
use ecdiff_oracles::weierstrass::Point;
use group_013::ff::Field as _;
use group_013::prime::PrimeCurveAffine;
use num_bigint::BigUint;
use std::marker::PhantomData;

/// A caller that filters the points at infinity out of an MSM input but keeps the scalar
/// list as it was, so every scalar after the first identity is paired with the wrong base.
/// Models the EIP-2537 clients that filtered infinity before calling blst's MSM (the "BLST
/// footgun": <https://github.com/bluealloy/revm/issues/1428>,
/// <https://github.com/bluealloy/revm/issues/1432>,
/// <https://github.com/ethereum/evmone/issues/1150>; ethereum/bls12-381-tests#17).
/// Trigger: an `identity` among the bases, before a non-zero term.
struct InfinityFilteredScalarsMisaligned<C>(PhantomData<C>);

impl<C: BlstCurve> Msm<C> for InfinityFilteredScalarsMisaligned<C> {
    fn msm(&self, bases: &[Jacobian<C::F>], scalars: &[BigUint]) -> Point<C::F> {
        let points: Vec<C::Projective> = bases
            .iter()
            .filter(|b| !b.z.is_zero())
            .map(C::to_blst)
            .collect();
        if points.is_empty() && !bases.is_empty() {
            return Point::Identity;
        }
        let scalars: Vec<blstrs::Scalar> =
            scalars[..points.len()].iter().map(blst_scalar).collect();
        C::from_blst(&C::multi_exp(&points, &scalars))
    }
}

/// A Pippenger front end that takes its large-input path on affine inputs only: from 512
/// points on it reads (X, Y) of every base as affine without looking at Z. Models
/// UltrafastSecp256k1's `pippenger_msm`, whose signed-digit scatter assumed Z = 1 inputs for
/// c ≥ 7 (n ≥ 512) (<https://github.com/shrec/UltrafastSecp256k1/issues/401>).
/// Trigger: `mixed_z` bases at 512 points or more.
struct AssumesAffineFrom512<C>(PhantomData<C>);

impl<C: BlstCurve> Msm<C> for AssumesAffineFrom512<C> {
    fn msm(&self, bases: &[Jacobian<C::F>], scalars: &[BigUint]) -> Point<C::F> {
        let points: Vec<C::Projective> = if bases.len() >= 512 {
            bases
                .iter()
                .map(|b| {
                    if b.z.is_zero() {
                        C::Affine::identity().into()
                    } else {
                        let [x, y, _] = C::coordinates(&C::to_blst(b));
                        C::affine_from_coordinates(x, y).into()
                    }
                })
                .collect()
        } else {
            bases.iter().map(C::to_blst).collect()
        };
        let scalars: Vec<blstrs::Scalar> = scalars.iter().map(blst_scalar).collect();
        C::from_blst(&C::multi_exp(&points, &scalars))
    }
}

/// Montgomery batch inversion of the Z coordinates that does not skip zeros: one identity
/// (Z = 0) makes the running product zero and every other point of the batch comes out
/// wrong. Models c-kzg-4844's `fr_batch_inv` (<https://github.com/ethereum/c-kzg-4844/issues/205>)
/// and primeorder's `BatchInvert` on zero elements
/// (<https://github.com/RustCrypto/traits/pull/1884>). Written in blstrs's field arithmetic.
/// Trigger: an `identity` in a batch with other points.
struct BlstBatchInversionWithZero<C>(PhantomData<C>);

impl<C: BlstCurve> NormalizeBatch<C> for BlstBatchInversionWithZero<C> {
    fn normalize_batch(&self, points: &[Jacobian<C::F>]) -> Vec<Point<C::F>> {
        let coords: Vec<[C::Coord; 3]> = points
            .iter()
            .map(|p| C::coordinates(&C::to_blst(p)))
            .collect();
        let mut prefix = Vec::with_capacity(coords.len());
        let mut acc = C::Coord::ONE;
        for [_, _, z] in &coords {
            prefix.push(acc);
            acc *= z;
        }
        let mut inv = Option::<C::Coord>::from(acc.invert()).unwrap_or(C::Coord::ZERO);
        let mut z_inv = vec![inv; coords.len()];
        for i in (0..coords.len()).rev() {
            z_inv[i] = inv * prefix[i];
            inv *= coords[i][2];
        }
        coords
            .iter()
            .zip(z_inv)
            .map(|([x, y, z], zi)| {
                if bool::from(z.is_zero()) {
                    Point::Identity
                } else {
                    let zi2 = zi.square();
                    C::from_blst_affine(&C::affine_from_coordinates(*x * zi2, *y * zi2 * zi))
                }
            })
            .collect()
    }
}

/// The same broken batch inversion in ark's field arithmetic (c-kzg-4844, primeorder: as
/// above).
/// Trigger: an `identity` in a batch with other points.
struct ArkBatchInversionWithZero<C>(PhantomData<C>);

impl<C: ArkBlsCurve> NormalizeBatch<C> for ArkBatchInversionWithZero<C> {
    fn normalize_batch(&self, points: &[Jacobian<C::F>]) -> Vec<Point<C::F>> {
        let ps: Vec<Projective<C::Config>> = points.iter().map(C::to_ark).collect();
        let mut prefix = Vec::with_capacity(ps.len());
        let mut acc = <C::Config as ark_ec::CurveConfig>::BaseField::one();
        for p in &ps {
            prefix.push(acc);
            acc *= p.z;
        }
        let mut inv = acc.inverse().unwrap_or_default();
        let mut z_inv = vec![inv; ps.len()];
        for i in (0..ps.len()).rev() {
            z_inv[i] = inv * prefix[i];
            inv *= ps[i].z;
        }
        ps.iter()
            .zip(z_inv)
            .map(|(p, zi)| {
                if p.z.is_zero() {
                    Point::Identity
                } else {
                    let zi2 = zi.square();
                    C::from_ark_affine(&Affine::new_unchecked(p.x * zi2, p.y * zi2 * zi))
                }
            })
            .collect()
    }
}

/// [`bucket_index_in_a_byte`]: a Pippenger bucket MSM whose bucket indices wrap around a byte
/// once the window passes 8 bits. Trigger: `len_ark_window_c9_at` and above.
struct BucketIndexInAByte<C>(PhantomData<C>);

impl<C: ArkBlsCurve> AffineMsm<C> for BucketIndexInAByte<C> {
    fn msm(&self, bases: &[Point<C::F>], scalars: &[BigUint]) -> Point<C::F> {
        let bases: Vec<Affine<C::Config>> = bases.iter().map(C::to_ark_affine).collect();
        C::from_ark(&bucket_index_in_a_byte(&bases, scalars, 255))
    }
}

/// A pairing whose final-exponentiation chain squares once too often: every value it returns
/// is e(P, Q)², so only pairings equal to 1 come out right. Models gnark-crypto's BN254
/// `Expt` with a wrong addition chain
/// (<https://github.com/Consensys/gnark-crypto/commit/de524409a>). Written with blstrs's GT
/// doubling (its squaring). Trigger: any pair whose pairing is not 1 (`pair_generators`,
/// `pair_random`).
struct FinalExpExtraSquare;

impl PairingProduct for FinalExpExtraSquare {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        let Pair { p, q, .. } = &pairs[0];
        let e = blstrs::pairing(
            &Bls12381G1::to_blst_affine(p),
            &Bls12381G2::to_blst_affine(q),
        );
        blst_gt(group_013::Group::double(&e))
    }

    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Cubed
    }
}

/// Whether a pair has a point at infinity.
fn has_infinity(pair: &Pair) -> bool {
    pair.p == Point::Identity || pair.q == Point::Identity
}

/// A multi-Miller loop that drops the pairs with a point at infinity and starts its
/// accumulator from the first pair left, so with none left it returns the unset accumulator
/// (0) instead of 1. Models gnark-crypto's `MillerLoop` before 0805f8b44 ("must return 1 when
/// every pair is filtered out", <https://github.com/Consensys/gnark-crypto/commit/0805f8b44>).
/// Written over blstrs's multi-Miller loop.
/// Trigger: every pair has an infinity (`pair_identity_g1` or `pair_identity_g2` alone).
struct AllFilteredNotOne;

impl PairingProduct for AllFilteredNotOne {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        let kept: Vec<_> = pairs.iter().filter(|t| !has_infinity(t)).cloned().collect();
        if kept.is_empty() && !pairs.is_empty() {
            return Fp12::zero();
        }
        BlstrsMultiMillerLoop.pairing_product(&kept)
    }

    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Cubed
    }
}

/// A pairing that answers 0 (an unset accumulator) instead of 1 when P or Q is the point at
/// infinity (gnark-crypto 0805f8b44, as above). Written over zkcrypto's `pairing`.
/// Trigger: `pair_identity_g1` or `pair_identity_g2`.
struct InfinityPairingIsZero;

impl PairingProduct for InfinityPairingIsZero {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        if has_infinity(&pairs[0]) {
            return Fp12::zero();
        }
        ZkcryptoPairing.pairing_product(pairs)
    }

    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Cubed
    }
}

/// A pairing check that returns 1 as soon as one pair has a point at infinity, instead of
/// skipping that pair. Models the EVM clients' BN254 pairing check (evmone,
/// <https://github.com/ethereum/evmone/pull/1151>). Written over zkcrypto's multi-Miller loop.
/// Trigger: a pair with an infinity next to a pair whose pairing is not 1.
struct InfinityPairShortCircuits;

impl PairingProduct for InfinityPairShortCircuits {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        if pairs.iter().any(has_infinity) {
            return Fp12::one();
        }
        ZkcryptoMultiMillerLoop.pairing_product(pairs)
    }

    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Cubed
    }
}

/// A caller that hands ark the point at infinity as blst spells it, the coordinates (0, 0),
/// without ark's infinity flag: ark's multi-Miller loop no longer filters the pair out and
/// runs its lines through a point that is not on the curve. The infinity-handling class of
/// evmone#1151 and gnark-crypto 0805f8b44 (above) at a library boundary (blst's infinity is
/// all-zero, ark's is a flag).
/// Trigger: `pair_identity_g1` or `pair_identity_g2`.
struct InfinityAsZeroCoordinates;

impl PairingProduct for InfinityAsZeroCoordinates {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        use ark_ec::pairing::Pairing as _;
        let ps: Vec<Affine<ark_bls12_381::g1::Config>> = pairs
            .iter()
            .map(|pair| match &pair.p {
                Point::Identity => Affine::new_unchecked(Zero::zero(), Zero::zero()),
                p => Bls12381G1::to_ark_affine(p),
            })
            .collect();
        let qs: Vec<Affine<ark_bls12_381::g2::Config>> = pairs
            .iter()
            .map(|pair| match &pair.q {
                Point::Identity => Affine::new_unchecked(Zero::zero(), Zero::zero()),
                q => Bls12381G2::to_ark_affine(q),
            })
            .collect();
        ark_gt(&ark_bls12_381::Bls12_381::multi_pairing(ps, qs).0)
    }

    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Cubed
    }
}

/// A pairing product that first merges the pairs sharing a G2 point, by bilinearity
/// e(P₁, Q)·e(P₂, Q) = e(P₁ + P₂, Q) (one Miller loop fewer per shared Q, as aggregate BLS
/// verification of one message does), adding the P's with an affine chord addition missing one
/// case ([`incomplete_add`]): the coincidence classes' bucket relation in a pairing product.
/// Trigger: two pairs with one Q and equal P (`bucket_repeated_term`, `pair_repeated`) for
/// the doubling case, or opposite P (`bucket_negated_term`, `pair_cancelling`) for the inverse.
struct PairsMergedByQ {
    law: IncompleteLaw,
}

impl PairingProduct for PairsMergedByQ {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        use ark_ec::pairing::Pairing as _;
        type G1 = Affine<ark_bls12_381::g1::Config>;
        type G2 = Affine<ark_bls12_381::g2::Config>;
        let mut merged: Vec<(G1, G2)> = Vec::new();
        for pair in pairs {
            let p = Bls12381G1::to_ark_affine(&pair.p);
            let q = Bls12381G2::to_ark_affine(&pair.q);
            match merged.iter_mut().find(|(_, shared)| *shared == q) {
                Some((sum, _)) => *sum = incomplete_add(*sum, p, self.law),
                None => merged.push((p, q)),
            }
        }
        let (ps, qs): (Vec<G1>, Vec<G2>) = merged.into_iter().unzip();
        ark_gt(&ark_bls12_381::Bls12_381::multi_pairing(ps, qs).0)
    }

    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Cubed
    }
}

/// A GT exponentiation by double-and-add that skips the scalar's two leading bits, assuming
/// every exponent is below 2^254. blstrs's own `Gt * &Scalar` skips one leading bit, which is
/// right because r < 2^255; one more is the wrong-range assumption of gnark-crypto's GLV split
/// (<https://github.com/Consensys/gnark-crypto/commit/630287b3e>: `SplitScalar` assumed e < r).
/// Written with blstrs's GT doubling and addition. Trigger: an exponent ≥ 2^254
/// (`scalar_order_minus_1`, about 45% of random exponents).
struct LeadingBitsAssumedClear;

impl GtScale<Bls12381Gt> for LeadingBitsAssumedClear {
    fn scale(&self, elem: &Fp12, exp: &BigUint) -> Fp12 {
        let x = to_blst_gt(elem);
        let mut acc = <blstrs::Gt as group_013::Group>::identity();
        for bit in (0..254u64).rev().map(|i| exp.bit(i)) {
            acc = group_013::Group::double(&acc);
            if bit {
                acc += &x;
            }
        }
        blst_gt(acc)
    }
}

/// ark's GT exponentiation with the NAF cut to 255 digits (the bit length of r), dropping the
/// terminal carry digit (dalek
/// <https://github.com/dalek-cryptography/curve25519-dalek/commit/389d2bc9>,
/// <https://github.com/dalek-cryptography/curve25519-dalek/commit/e17c98a3>; the same bug as
/// `dory_gt_scale__naf_carry_dropped`, over BLS12-381's GT).
/// Trigger: exponents whose two top bits are set, e.g. r − 1 (`scalar_order_minus_1`).
struct BlsNafCarryDropped;

impl GtScale<Bls12381Gt> for BlsNafCarryDropped {
    fn scale(&self, elem: &Fp12, exp: &BigUint) -> Fp12 {
        ark_gt(&naf_exp_truncated(to_ark_gt(elem), exp, 255))
    }
}

/// A caller that drops the GT identities (1) from a multi-exponentiation's elements but keeps
/// the exponent list as it was, so every exponent after the first identity meets the wrong
/// element: the infinity-filtering footgun of revm and evmone
/// (<https://github.com/bluealloy/revm/issues/1428>,
/// <https://github.com/ethereum/evmone/issues/1150>) in GT. Written over ark's `PairingOutput`
/// MSM.
/// Trigger: a `gt_identity` before a non-trivial term.
struct GtIdentityFilteredMisaligned;

impl GtMultiExp<Bls12381Gt> for GtIdentityFilteredMisaligned {
    fn gt_msm(&self, elems: &[Fp12], exps: &[BigUint]) -> Fp12 {
        let kept: Vec<Fp12> = elems
            .iter()
            .filter(|e| **e != Fp12::one())
            .cloned()
            .collect();
        ArkBls.gt_msm(&kept, &exps[..kept.len()])
    }
}

/// A batch normalization that leaves the identities out of the batch it hands the library
/// and appends them at the end, so every point after the first identity comes back in the
/// wrong slot: the infinity-filtering footgun of revm and evmone
/// (<https://github.com/bluealloy/revm/issues/1428>,
/// <https://github.com/ethereum/evmone/issues/1150>, ethereum/bls12-381-tests#17) around
/// zkcrypto's `batch_normalize`.
/// Trigger: an `identity` before another point.
struct IdentitiesMovedToTheEnd<C>(PhantomData<C>);

impl<C: ZkcryptoCurve> NormalizeDrawn<C> for IdentitiesMovedToTheEnd<C> {
    fn normalize_drawn(&self, points: &[GenPoint<C::F>]) -> Vec<Point<C::F>> {
        let kept: Vec<GenPoint<C::F>> = points
            .iter()
            .filter(|p| !p.jac.z.is_zero())
            .cloned()
            .collect();
        let mut out = NormalizeDrawn::<C>::normalize_drawn(&Zkcrypto, &kept);
        out.resize(points.len(), Point::Identity);
        out
    }
}

/// A GT sum whose accumulator starts at the first term instead of the identity, so the first
/// term counts twice (and an empty sum is that of nothing: 1 only by luck). Models the
/// uninitialized receiver of filippo.io/edwards25519's `MultiScalarMult` (CVE-2026-26958,
/// <https://github.com/advisories/GHSA-fw7p-63qq-7hpr>). Written with blstrs's GT arithmetic.
/// Trigger: any non-empty input whose first term tᵢ^kᵢ is not 1.
struct AccumulatorStartsAtFirstTerm;

impl GtMultiExp<Bls12381Gt> for AccumulatorStartsAtFirstTerm {
    fn gt_msm(&self, elems: &[Fp12], exps: &[BigUint]) -> Fp12 {
        let terms: Vec<blstrs::Gt> = elems
            .iter()
            .zip(exps)
            .map(|(t, k)| to_blst_gt(t) * blst_scalar(k))
            .collect();
        let start = terms
            .first()
            .copied()
            .unwrap_or_else(<blstrs::Gt as group_013::Group>::identity);
        blst_gt(terms.iter().fold(start, |acc, t| acc + t))
    }
}

// Bug and trigger texts shared by twin rows: one bug in G1 and G2, or in two libraries.
const INFINITY_FILTERED_SCALARS_MISALIGNED_BUG: &str =
    "points at infinity filtered out of the MSM input, scalars kept: later terms \
    misaligned (https://github.com/bluealloy/revm/issues/1428, \
    https://github.com/bluealloy/revm/issues/1432, https://github.com/ethereum/evmone/issues/1150)";
const ASSUMES_AFFINE_FROM_512_BUG: &str =
    "large-input Pippenger path reads (X, Y) as affine, ignoring Z \
    (https://github.com/shrec/UltrafastSecp256k1/issues/401)";
const BUCKET_INDEX_IN_A_BYTE_BUG: &str =
    "Pippenger bucket index overflows past 8-bit windows (dalek i8 bucket index, \
    https://github.com/dalek-cryptography/curve25519-dalek/pull/259)";
const BATCH_INVERSION_WITH_ZERO_BUG: &str =
    "Montgomery batch inversion does not skip zeros: one identity spoils the batch \
    (c-kzg-4844 fr_batch_inv, https://github.com/ethereum/c-kzg-4844/issues/205; \
    https://github.com/RustCrypto/traits/pull/1884)";
const IDENTITIES_MOVED_TO_THE_END_BUG: &str =
    "identities filtered out of the batch and appended after it: the points after them \
    shift (BLST footgun, https://github.com/bluealloy/revm/issues/1428, \
    https://github.com/ethereum/evmone/issues/1150)";
const INFINITY_FILTERED_SCALARS_MISALIGNED_TRIGGER: &str =
    "identity among the bases before a non-zero term";
const ASSUMES_AFFINE_FROM_512_TRIGGER: &str = "mixed_z bases, 512 points or more";
const BUCKET_INDEX_IN_A_BYTE_TRIGGER: &str = "1025 bases or more (window c ≥ 9)";
const BATCH_INVERSION_WITH_ZERO_TRIGGER: &str = "identity in a batch with other points";
const PAIR_IDENTITY_TRIGGER: &str = "pair_identity_g1 or pair_identity_g2";
const IDENTITIES_MOVED_TO_THE_END_TRIGGER: &str = "identity before another point";

/// Every variant of the family: one row each, built from the spec of the routine it breaks.
/// Every table of the family: its own rows and the trait rows' stamped ones.
pub(super) const TABLES: &[&[ZooRow]] = &[
    ROWS,
    traits::TABLES[0],
    traits::TABLES[1],
    traits::TABLES[2],
    traits::TABLES[3],
    traits::TABLES[4],
    traits::TABLES[5],
    traits::TABLES[6],
    traits::TABLES[7],
    encoding::TABLES[0],
    encoding::TABLES[1],
    encoding::TABLES[2],
    encoding::TABLES[3],
    encoding::TABLES[4],
    encoding::TABLES[5],
];

const ROWS: &[ZooRow] = &[
    ZooRow {
        name: "blst_g1_msm__infinity_filtered_scalars_misaligned",
        routine: "blst_g1_msm",
        bug: INFINITY_FILTERED_SCALARS_MISALIGNED_BUG,
        trigger: INFINITY_FILTERED_SCALARS_MISALIGNED_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(with_known(
                shapes::msm::check::<Bls12381G1, _>(
                    spec,
                    InfinityFilteredScalarsMisaligned(PhantomData),
                ),
                blstrs_msm_known,
                blstrs_msm_behaviour,
            ))
        },
    },
    ZooRow {
        name: "blst_g2_msm__infinity_filtered_scalars_misaligned",
        routine: "blst_g2_msm",
        bug: INFINITY_FILTERED_SCALARS_MISALIGNED_BUG,
        trigger: INFINITY_FILTERED_SCALARS_MISALIGNED_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(with_known(
                shapes::msm::check::<Bls12381G2, _>(
                    spec,
                    InfinityFilteredScalarsMisaligned(PhantomData),
                ),
                blstrs_msm_known,
                blstrs_msm_behaviour,
            ))
        },
    },
    ZooRow {
        name: "blst_g1_msm_large__assumes_affine_from_512",
        routine: "blst_g1_msm_large",
        bug: ASSUMES_AFFINE_FROM_512_BUG,
        trigger: ASSUMES_AFFINE_FROM_512_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(with_known(
                shapes::msm::check::<Bls12381G1, _>(spec, AssumesAffineFrom512(PhantomData)),
                blstrs_msm_known,
                blstrs_msm_behaviour,
            ))
        },
    },
    ZooRow {
        name: "blst_g2_msm_large__assumes_affine_from_512",
        routine: "blst_g2_msm_large",
        bug: ASSUMES_AFFINE_FROM_512_BUG,
        trigger: ASSUMES_AFFINE_FROM_512_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(with_known(
                shapes::msm::check::<Bls12381G2, _>(spec, AssumesAffineFrom512(PhantomData)),
                blstrs_msm_known,
                blstrs_msm_behaviour,
            ))
        },
    },
    ZooRow {
        name: "ark_bls12_381_g1_msm__bucket_index_in_a_byte",
        routine: "ark_bls12_381_g1_msm",
        bug: BUCKET_INDEX_IN_A_BYTE_BUG,
        trigger: BUCKET_INDEX_IN_A_BYTE_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::msm::check_affine::<Bls12381G1, _>(
                spec,
                BucketIndexInAByte(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "ark_bls12_381_g2_msm__bucket_index_in_a_byte",
        routine: "ark_bls12_381_g2_msm",
        bug: BUCKET_INDEX_IN_A_BYTE_BUG,
        trigger: BUCKET_INDEX_IN_A_BYTE_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::msm::check_affine::<Bls12381G2, _>(
                spec,
                BucketIndexInAByte(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "blst_g1_batch_normalize__batch_inversion_with_zero",
        routine: "blst_g1_batch_normalize",
        bug: BATCH_INVERSION_WITH_ZERO_BUG,
        trigger: BATCH_INVERSION_WITH_ZERO_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::normalize::check::<Bls12381G1, _>(
                spec,
                BlstBatchInversionWithZero(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "blst_g2_batch_normalize__batch_inversion_with_zero",
        routine: "blst_g2_batch_normalize",
        bug: BATCH_INVERSION_WITH_ZERO_BUG,
        trigger: BATCH_INVERSION_WITH_ZERO_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::normalize::check::<Bls12381G2, _>(
                spec,
                BlstBatchInversionWithZero(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "ark_bls12_381_g1_normalize_batch__batch_inversion_with_zero",
        routine: "ark_bls12_381_g1_normalize_batch",
        bug: BATCH_INVERSION_WITH_ZERO_BUG,
        trigger: BATCH_INVERSION_WITH_ZERO_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::normalize::check::<Bls12381G1, _>(
                spec,
                ArkBatchInversionWithZero(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "ark_bls12_381_g2_normalize_batch__batch_inversion_with_zero",
        routine: "ark_bls12_381_g2_normalize_batch",
        bug: BATCH_INVERSION_WITH_ZERO_BUG,
        trigger: BATCH_INVERSION_WITH_ZERO_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::normalize::check::<Bls12381G2, _>(
                spec,
                ArkBatchInversionWithZero(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "blst_pairing__final_exp_extra_square",
        routine: "blst_pairing",
        bug: "final-exponentiation addition chain off by one squaring (gnark-crypto \
              https://github.com/Consensys/gnark-crypto/commit/de524409a)",
        trigger: "any pair whose pairing is not 1",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(crate::families::bls12_381::pairing::check_single(
                spec,
                FinalExpExtraSquare,
            ))
        },
    },
    ZooRow {
        name: "blst_multi_miller_loop__all_filtered_not_one",
        routine: "blst_multi_miller_loop",
        bug: "Miller loop returns its unset accumulator (0), not 1, when every pair is filtered \
              out (gnark-crypto https://github.com/Consensys/gnark-crypto/commit/0805f8b44)",
        trigger: "every pair has a point at infinity",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(crate::families::bls12_381::pairing::check_product(
                spec,
                AllFilteredNotOne,
            ))
        },
    },
    ZooRow {
        name: "zkcrypto_pairing__infinity_pairing_is_zero",
        routine: "zkcrypto_pairing",
        bug: "pairing with a point at infinity returns 0, not 1 (gnark-crypto \
              https://github.com/Consensys/gnark-crypto/commit/0805f8b44)",
        trigger: PAIR_IDENTITY_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(crate::families::bls12_381::pairing::check_single(
                spec,
                InfinityPairingIsZero,
            ))
        },
    },
    ZooRow {
        name: "zkcrypto_multi_miller_loop__infinity_pair_short_circuits",
        routine: "zkcrypto_multi_miller_loop",
        bug: "pairing check returns 1 when any pair has infinity instead of skipping it \
              (evmone https://github.com/ethereum/evmone/pull/1151)",
        trigger: "a pair with infinity next to one whose pairing is not 1",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(crate::families::bls12_381::pairing::check_product(
                spec,
                InfinityPairShortCircuits,
            ))
        },
    },
    ZooRow {
        name: "ark_bls12_381_multi_pairing__infinity_as_zero_coordinates",
        routine: "ark_bls12_381_multi_pairing",
        bug: "infinity passed as blst's (0, 0) without ark's flag, so the Miller loop does not \
              skip it (https://github.com/ethereum/evmone/pull/1151, \
              https://github.com/Consensys/gnark-crypto/commit/0805f8b44)",
        trigger: PAIR_IDENTITY_TRIGGER,
        caught_as: &[VerdictKind::SubjectPanicked],
        build: |spec| {
            Box::new(crate::families::bls12_381::pairing::check_product(
                spec,
                InfinityAsZeroCoordinates,
            ))
        },
    },
    ZooRow {
        name: "blst_gt_scale__leading_bits_assumed_clear",
        routine: "blst_gt_scale",
        bug: "double-and-add assumes exponents below 2^254 and skips the top bit (gnark-crypto \
              https://github.com/Consensys/gnark-crypto/commit/630287b3e)",
        trigger: "an exponent ≥ 2^254",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::gt::check_scale::<Bls12381Gt, _>(
                spec,
                LeadingBitsAssumedClear,
            ))
        },
    },
    ZooRow {
        name: "ark_bls12_381_gt_scale__naf_carry_dropped",
        routine: "ark_bls12_381_gt_scale",
        bug: "NAF recoding drops the terminal carry digit (dalek NAF carry, \
              https://github.com/dalek-cryptography/curve25519-dalek/commit/e17c98a3)",
        trigger: "exponents with the two top bits set, e.g. r − 1",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::gt::check_scale::<Bls12381Gt, _>(
                spec,
                BlsNafCarryDropped,
            ))
        },
    },
    ZooRow {
        name: "ark_bls12_381_gt_msm__identity_filtered_misaligned",
        routine: "ark_bls12_381_gt_msm",
        bug: "identities filtered from the elements but not from the exponents (BLST footgun, \
              https://github.com/bluealloy/revm/issues/1428, \
              https://github.com/ethereum/evmone/issues/1150)",
        trigger: "gt_identity before a non-trivial term",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::gt::check_multi_exp::<Bls12381Gt, _>(
                spec,
                GtIdentityFilteredMisaligned,
            ))
        },
    },
    ZooRow {
        name: "zkcrypto_g1_batch_normalize__identities_moved_to_the_end",
        routine: "zkcrypto_g1_batch_normalize",
        bug: IDENTITIES_MOVED_TO_THE_END_BUG,
        trigger: IDENTITIES_MOVED_TO_THE_END_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::normalize::check_drawn::<Bls12381G1, _>(
                spec,
                IdentitiesMovedToTheEnd(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "zkcrypto_g2_batch_normalize__identities_moved_to_the_end",
        routine: "zkcrypto_g2_batch_normalize",
        bug: IDENTITIES_MOVED_TO_THE_END_BUG,
        trigger: IDENTITIES_MOVED_TO_THE_END_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::normalize::check_drawn::<Bls12381G2, _>(
                spec,
                IdentitiesMovedToTheEnd(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "blst_gt_msm__accumulator_starts_at_first_term",
        routine: "blst_gt_msm",
        bug: "sum accumulator initialized with the first term, not the identity \
              (filippo.io/edwards25519 CVE-2026-26958, \
              https://github.com/advisories/GHSA-fw7p-63qq-7hpr)",
        trigger: "a first term tᵢ^kᵢ ≠ 1",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::gt::check_multi_exp::<Bls12381Gt, _>(
                spec,
                AccumulatorStartsAtFirstTerm,
            ))
        },
    },
    ZooRow {
        name: "ark_bls12_381_multi_pairing__pairs_merged_by_q_no_doubling",
        routine: "ark_bls12_381_multi_pairing",
        bug: "pairs sharing Q merged as e(P₁ + P₂, Q), the P's added by a chord addition \
              without its doubling case: a repeated pair gives a wrong P (incomplete formulas \
              inside a sum: Go P-256, https://github.com/golang/go/issues/58647; k256/p256 \
              mixed addition, https://github.com/RustCrypto/elliptic-curves/pull/337)",
        trigger: "two pairs with one Q and one P (bucket_repeated_term, pair_repeated)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(crate::families::bls12_381::pairing::check_product(
                spec,
                PairsMergedByQ {
                    law: IncompleteLaw::NoDoubling,
                },
            ))
        },
    },
    ZooRow {
        name: "ark_bls12_381_multi_pairing__pairs_merged_by_q_no_inverse",
        routine: "ark_bls12_381_multi_pairing",
        bug: "pairs sharing Q merged as e(P₁ + P₂, Q), the P's added by a chord addition \
              without its inverse case: P and −P with one Q give a point off the curve, not O \
              (Botan https://github.com/randombit/botan/issues/2424, wolfSSL \
              https://github.com/wolfSSL/wolfssl/pull/3427)",
        trigger: "two pairs with one Q and opposite P (bucket_negated_term, pair_cancelling)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(crate::families::bls12_381::pairing::check_product(
                spec,
                PairsMergedByQ {
                    law: IncompleteLaw::NoInverse,
                },
            ))
        },
    },
    ZooRow {
        name: "ark_bls12_381_g2_curve_ops__subgroup_check_on_curve_only",
        routine: "ark_bls12_381_g2_curve_ops",
        bug: "the G2 subgroup check answers \"on the curve\" only (Frontier's EIP-2537 G1/G2 MSM precompiles checked on-curve membership only, https://github.com/polkadot-evm/frontier/pull/1900)",
        trigger: "op_subgroup_check on a point with a torsion component",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| Box::new(broken_g2_curve_ops(spec, CurveOpsFlaw::SubgroupCheckOnCurveOnly)),
    },
    curve_ops_row!("ark_bls12_381_g2_curve_ops", "clear_cofactor_skipped", ClearCofactorSkipped, broken_g2_curve_ops),
    curve_ops_row!("ark_bls12_381_g1_curve_ops", "subgroup_check_on_curve_only", SubgroupCheckOnCurveOnly, broken_curve_ops),
    curve_ops_row!("ark_bls12_381_g1_curve_ops", "msm_scalars_reduced_mod_r", MsmScalarsReducedModR, broken_curve_ops),
    curve_ops_row!("ark_bls12_381_g1_curve_ops", "mul_integer_top_words_dropped", MulIntegerTopWordsDropped, broken_curve_ops),
    ZooRow {
        name: "ark_bls12_381_g1_curve_ops__normalize_batch_identity_poisons",
        routine: "ark_bls12_381_g1_curve_ops",
        bug: "batch normalization by one shared inversion with no identity case: one identity zeroes every output (c-kzg-4844 fr_batch_inv, https://github.com/ethereum/c-kzg-4844/pull/205)",
        trigger: "op_normalize_batch with an identity in the list",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| Box::new(broken_curve_ops(spec, CurveOpsFlaw::NormalizeBatchIdentityPoisons)),
    },
    // Every raw-input entry point of the curve_ops rows: the flaws above, on each row.
    curve_ops_row!("ark_bls12_381_g1_curve_ops", "msm_field_scalars_from_raw", MsmFieldScalarsFromRaw, broken_curve_ops),
    curve_ops_row!("ark_bls12_381_g1_curve_ops", "mul_field_montgomery_limbs", MulFieldMontgomeryLimbs, broken_curve_ops),
    curve_ops_row!("ark_bls12_381_g1_curve_ops", "clear_cofactor_skipped", ClearCofactorSkipped, broken_curve_ops),
    curve_ops_row!("ark_bls12_381_g2_curve_ops", "msm_scalars_reduced_mod_r", MsmScalarsReducedModR, broken_g2_curve_ops),
    curve_ops_row!("ark_bls12_381_g2_curve_ops", "msm_field_scalars_from_raw", MsmFieldScalarsFromRaw, broken_g2_curve_ops),
    curve_ops_row!("ark_bls12_381_g2_curve_ops", "mul_integer_top_words_dropped", MulIntegerTopWordsDropped, broken_g2_curve_ops),
    curve_ops_row!("ark_bls12_381_g2_curve_ops", "mul_field_montgomery_limbs", MulFieldMontgomeryLimbs, broken_g2_curve_ops),
    curve_ops_row!("ark_bls12_381_g2_curve_ops", "normalize_batch_identity_poisons", NormalizeBatchIdentityPoisons, broken_g2_curve_ops),
];

/// ark-bls12-381's G2 raw-input entry points with `flaw` planted ([`CurveOpsFlaw`]), under the
/// row's own declarations.
fn broken_g2_curve_ops(
    spec: crate::shapes::Spec,
    flaw: CurveOpsFlaw,
) -> crate::shapes::curve_ops::CurveOpsCheck<
    Bls12381G2,
    BrokenCurveOps<Bls12381G2, crate::arkworks::curve_ops::Sw<ark_bls12_381::g2::Config>>,
> {
    let curve = crate::arkworks::curve_ops::ArkCurve::plain(crate::curve::parse_integer(
        super::ARK_G2_CLEAR_COFACTOR_BY,
    ));
    BrokenCurveOps::check(spec, curve, flaw)
}

/// ark-bls12-381's G1 raw-input entry points with `flaw` planted ([`CurveOpsFlaw`]), under the
/// row's own declarations (known findings included).
fn broken_curve_ops(
    spec: crate::shapes::Spec,
    flaw: CurveOpsFlaw,
) -> crate::shapes::curve_ops::CurveOpsCheck<
    Bls12381G1,
    BrokenCurveOps<Bls12381G1, crate::arkworks::curve_ops::Sw<ark_bls12_381::g1::Config>>,
> {
    let curve = crate::arkworks::curve_ops::ArkCurve::glv::<ark_bls12_381::g1::Config>(
        BigUint::from(super::ARK_G1_CLEAR_COFACTOR_BY),
    );
    BrokenCurveOps::check(spec, curve, flaw)
}
