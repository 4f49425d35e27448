//! The `ed_on_bn254` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::arkworks::serialization::{te_serialization, ARK_SER_TE_NEGATIVE_ZERO};
use crate::curve::twisted_edwards::TeGroup;
use crate::engine::{Expected, Outcome, Routine, VerdictKind};
use crate::shapes::ark_format::{FormatCase, FormatOp, FormatValue};
use crate::shapes::known::testing::assert_pinned;
use crate::shapes::Spec;
use ecdiff_oracles::ark_format::{te_write, TE_NEGATIVE};
use ecdiff_oracles::twisted_edwards::TePoint;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::Zero;

/// Every class the generator records on the row's first 1 500 edge-biased cases holds on
/// the decoded case, by the oracle's reading of its bytes (the library-wide class-predicate
/// test decodes 48 cases a routine: too few for the rarer labels, such as the sign flag
/// flipped on the identity, which is `negative_zero` and not `other_root`).
fn every_recorded_class_holds_on_many_cases() {
    use crate::engine::DynRoutine;
    use crate::generators::{case_bytes, Bias, CASE_BYTES};
    let name = "ark_ed_on_bn254_serialization";
    let check =
        te_serialization::<BabyJubjub, ark_ed_on_bn254::EdwardsConfig>(Spec::new(name), None);
    let mut seen = std::collections::BTreeSet::new();
    for i in 0..1500 {
        let data = case_bytes(0, name, i, CASE_BYTES);
        for (class, holds) in check.check_classes(&data, Bias::Edge) {
            assert_ne!(holds, Some(false), "case {i}: `{class}` does not hold");
            seen.insert(class);
        }
    }
    let declared = Routine::info(&check).classes.len();
    assert_eq!(seen.len(), declared, "classes reached: {seen:?}");
}

/// The identity (0, 1) compressed with x's negative flag set: both roots of x² = 0 are 0
/// and ark-ec 0.5 takes "the larger", so it reads the identity (`ARK_SER_TE_NEGATIVE_ZERO`),
/// pinned — a refusal, or (0, −1), there is a new finding; the same for (0, −1) itself.
fn the_negative_flag_on_x_zero_is_pinned_to_the_point() {
    let check = || {
        te_serialization::<BabyJubjub, ark_ed_on_bn254::EdwardsConfig>(
            Spec::new("ark_ed_on_bn254_serialization"),
            None,
        )
    };
    let curve = BabyJubjub.edwards();
    let f = BabyJubjub::oracle_field();
    let order_two = TePoint {
        x: f.zero(),
        y: f.one().neg(),
    };
    for (point, other) in [
        (curve.identity(), order_two.clone()),
        (order_two, curve.identity()),
    ] {
        let mut bytes = te_write(&point, true);
        assert_eq!(bytes.len(), 32);
        bytes[31] |= TE_NEGATIVE;
        let case = FormatCase {
            op: FormatOp::Read,
            compress: true,
            validate: false,
            log: BigUint::zero(),
            torsion: BigUint::zero(),
            point: Point::Identity,
            bytes,
        };
        assert_eq!(
            check().expected(&case),
            Expected::known(VerdictKind::Mismatch, ARK_SER_TE_NEGATIVE_ZERO)
        );
        assert_pinned(check(), &case, |_, _| {
            Outcome::Value(FormatValue::Read(None))
        });
        assert_pinned(check(), &case, move |_, _| {
            Outcome::Value(FormatValue::Read(Some(other.clone())))
        });
    }
}

/// The declared generator is EIP-2494's base point B = (Bx, By) under x ↦ s·x with
/// s² = 168700: the same y, and x² = 168700·Bx²; l is the EIP's order, in decimal there.
fn the_generator_is_eip_2494s_base_point_scaled() {
    let f = BabyJubjub::oracle_field();
    let dec = |s: &str| f.elem(num_bigint::BigUint::parse_bytes(s.as_bytes(), 10).unwrap());
    let bx = dec("5299619240641551281634865583518297030282874472190772894086521144482721001553");
    let by = dec("16950150798460657717958625567821834550301663161624707787222815936182638968203");
    let g = &BabyJubjub::edwards_curve().generator;
    assert_eq!(g.y, by);
    assert_eq!(g.x.square(), f.elem(168700u32).mul(&bx.square()));
    let l = "2736030358979909402780800718157159386076813972158567259200215660948447373041";
    assert_eq!(
        BabyJubjub.edwards().order,
        num_bigint::BigUint::parse_bytes(l.as_bytes(), 10).unwrap()
    );
}

crate::declare::unit_tests![
    every_recorded_class_holds_on_many_cases,
    the_negative_flag_on_x_zero_is_pinned_to_the_point,
    the_generator_is_eip_2494s_base_point_scaled
];
