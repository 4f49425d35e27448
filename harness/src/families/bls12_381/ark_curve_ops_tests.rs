//! The `bls12_381` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::arkworks::curve_ops::{curve_ops, ArkCurve, ArkCurveOps, Glv};
use crate::engine::{Outcome, Routine};
use crate::shapes::curve_ops::{CurveOpsCase, CurveOpsCheck, CurveOpsValue, Op};
use crate::shapes::known::testing::assert_pinned;
use num_bigint::BigUint;
use num_traits::{One, Zero};

use ecdiff_oracles::group::Group;

type Check = CurveOpsCheck<Bls12381G1, ArkCurveOps<Bls12381G1, ark_bls12_381::g1::Config>>;

fn check() -> Check {
    curve_ops::<Bls12381G1, ark_bls12_381::g1::Config>(
        FAMILY.spec("ark_bls12_381_g1_curve_ops"),
        ArkCurve::glv::<ark_bls12_381::g1::Config>(BigUint::from(ARK_G1_CLEAR_COFACTOR_BY)),
    )
}

fn mul_of_t(k: BigUint) -> CurveOpsCase<ecdiff_oracles::field::Fp> {
    CurveOpsCase {
        op: Op::MulField,
        points: vec![check().known_point(BigUint::zero(), BigUint::one())],
        scalars: vec![k],
        words: 0,
    }
}

/// GLV on the torsion point T: every k whose decomposition is (k, 0) is right; the
/// smallest k with k₂ ≠ 0 (the first rounding step, k > r/(2·max |nᵢⱼ|)) gives exactly
/// k₁·T + k₂·φ(T), pinned: k·T there (the right value) or another point is a new finding.
fn glv_outside_the_subgroup_is_pinned_at_its_smallest_scalar() {
    let glv = Glv::of::<ark_bls12_381::g1::Config>();
    let r = Bls12381G1.order().clone();
    // The first k with k₂ ≠ 0, by bisection (k₂ = 0 on a prefix of the integers).
    let (mut lo, mut hi) = (BigUint::one(), r.clone() - 1u8);
    while &lo + 1u8 < hi {
        let mid = (&lo + &hi) >> 1u8;
        if glv.decompose(&mid, &r).1 == 0.into() {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let below = lo;
    let smallest = hi;
    assert_eq!(glv.decompose(&below, &r), (below.clone().into(), 0.into()));
    assert_eq!(
        check().expected(&mul_of_t(below)),
        crate::engine::Expected::AGREE
    );
    let case = mul_of_t(smallest.clone());
    eprintln!("smallest k with a GLV split: 0x{smallest:x}");
    let right = check().oracle(&case);
    assert_pinned(check(), &case, move |_, _| right.clone());
    assert_pinned(check(), &case, |case, _| {
        Outcome::Value(CurveOpsValue::Point(case.points[0].affine.clone()))
    });
}

crate::declare::unit_tests![glv_outside_the_subgroup_is_pinned_at_its_smallest_scalar];
