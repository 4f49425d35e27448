//! The `bls12_377` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::arkworks::curve_ops::{curve_ops, ArkCurve, ArkCurveOps, Glv};
use crate::curve::parse_integer;
use crate::engine::{Expected, Outcome, Routine};
use crate::shapes::curve_ops::{CurveOpsCase, CurveOpsCheck, CurveOpsValue, Op};
use crate::shapes::known::testing::assert_pinned;
use crate::shapes::Spec;
use ecdiff_oracles::group::Group;
use num_bigint::BigUint;
use num_traits::{One, Zero};

type Check = CurveOpsCheck<Bls12377G1, ArkCurveOps<Bls12377G1, ark_bls12_377::g1::Config>>;

fn check() -> Check {
    curve_ops::<Bls12377G1, ark_bls12_377::g1::Config>(
        Spec::new("ark_bls12_377_g1_curve_ops"),
        ArkCurve::glv::<ark_bls12_377::g1::Config>(parse_integer(G1_CLEAR_COFACTOR_BY)),
    )
}

/// ark-ec 0.5's GLV multiplication outside the prime-order subgroup (the known finding
/// `ARK_GLV_MUL_OUTSIDE_SUBGROUP`, found on BLS12-381's G1) on BLS12-377's G1 too: on the
/// torsion point T every k that ark does not split is right, and the smallest k it splits,
/// 0x22910be6480000008508c00000000001 (computed here from ark's lattice basis), gives
/// exactly k₁·T + k₂·φ(T), pinned: the right k·T, or T, there is a new finding.
fn glv_outside_the_subgroup_is_pinned_at_its_smallest_scalar() {
    let glv = Glv::of::<ark_bls12_377::g1::Config>();
    let r = Bls12377G1.order().clone();
    let smallest = parse_integer("0x22910be6480000008508c00000000001");
    let below = &smallest - 1u8;
    assert_eq!(glv.decompose(&below, &r).1, 0.into());
    assert_ne!(glv.decompose(&smallest, &r).1, 0.into());
    let mul_of_t = |k: BigUint| CurveOpsCase {
        op: Op::MulField,
        points: vec![check().known_point(BigUint::zero(), BigUint::one())],
        scalars: vec![k],
        words: 0,
    };
    assert_eq!(check().expected(&mul_of_t(below)), Expected::AGREE);
    let case = mul_of_t(smallest);
    assert_ne!(check().expected(&case), Expected::AGREE);
    let right = check().oracle(&case);
    assert_pinned(check(), &case, move |_, _| right.clone());
    assert_pinned(check(), &case, |case, _| {
        Outcome::Value(CurveOpsValue::Point(case.points[0].affine.clone()))
    });
}

crate::declare::unit_tests![glv_outside_the_subgroup_is_pinned_at_its_smallest_scalar];
