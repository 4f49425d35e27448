//! The `encoding` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::generators::{case_bytes, Bias};
use ecdiff_oracles::field::Field;

/// Generated points are what their classes claim: a drawn log is the point's log, a
/// `point_non_subgroup` point is its base plus its log's multiple of G, on the curve and
/// failing the full r·P = O check (as does its base), with more than one base drawn, and
/// a `point_x_zero` point is on the curve with x = 0 and order 3.
fn check_claims<C: BlsGroup>() {
    let c = C::instance();
    let curve = c.curve();
    let mut bases = Vec::new();
    let mut x_zero = 0;
    for i in 0..60 {
        let data = case_bytes(0, "bls_points", i, 512);
        let mut g = Gen::new(&data, Bias::Edge);
        let (point, known) = draw_point(&mut g, c);
        let classes = g.into_classes();
        assert!(curve.is_on_curve(&point));
        assert_eq!(
            classes.contains("point_non_subgroup"),
            matches!(known, Known::Coset { .. })
        );
        match known {
            Known::Log(log) => assert_eq!(point, c.mul_hub(&log), "point and log disagree"),
            Known::Nothing => {
                assert!(classes.contains("point_x_zero"));
                let Point::Affine { x, .. } = &point else {
                    panic!("point_x_zero drew the identity")
                };
                assert!(x.is_zero(), "point_x_zero drew x = {x:?}");
                let twice = curve.add(&point, &point);
                assert_eq!(curve.add(&twice, &point), Point::Identity, "3·P ≠ O");
                x_zero += 1;
            }
            Known::Coset { base, log } => {
                let shifted = curve.add(base.point(), &c.mul_hub(&log));
                assert_eq!(point, shifted, "point, base and log disagree");
                assert!(
                    !curve.is_in_subgroup(&point),
                    "a non-subgroup point is in G"
                );
                assert!(!curve.is_in_subgroup(base.point()), "a base is in G");
                if !bases.contains(&base) {
                    bases.push(base);
                }
            }
        }
    }
    let non_subgroup = bases.len();
    assert!(
        non_subgroup > 1,
        "{non_subgroup} bases of point_non_subgroup drawn"
    );
    assert_eq!(x_zero > 0, C::HAS_X_ZERO, "{x_zero} point_x_zero drawn");
}

/// `mut_off_curve` bytes are well formed and off the curve: the oracle's unchecked decoder
/// refuses them with `NotOnCurve` and nothing else; and the class is drawn.
fn off_curve_claims<C: BlsGroup>() {
    let check = check::<C, _>(Spec::new("off_curve_claims"), NoCodec);
    let mut seen = 0;
    for i in 0..400 {
        let data = case_bytes(0, "bls_off_curve", i, 1024);
        let mut g = Gen::new(&data, Bias::Edge);
        let case = check.generate(&mut g);
        if g.into_classes().contains("mut_off_curve") {
            assert_eq!(
                C::decode(&case.bytes, case.compressed, SubgroupCheck::Unchecked),
                Err(DecodeError::NotOnCurve),
                "mut_off_curve bytes {}",
                hex::encode(&case.bytes)
            );
            seen += 1;
        }
    }
    assert!(seen > 0, "no mut_off_curve case drawn");
}

/// A codec that is never called: [`off_curve_claims`] only generates cases.
struct NoCodec;

impl<C: BlsGroup> Codec<C> for NoCodec {
    fn encode(&self, _: &Point<C::F>, _: &Known<C::F>, _: bool) -> Vec<u8> {
        unreachable!("generation only")
    }
    fn decode(&self, _: &[u8], _: bool, _: bool) -> Option<Point<C::F>> {
        unreachable!("generation only")
    }
}

fn off_curve_mutations_are_off_the_curve() {
    off_curve_claims::<Bls12381G1>();
    off_curve_claims::<Bls12381G2>();
}

/// [`BlsGroup::HAS_X_ZERO`] is right: the compressed encodings of x = 0 decode on G1 (to
/// (0, ±2)) and are refused as off the curve on G2.
fn x_zero_points_exist_on_g1_only() {
    fn decodes<C: BlsGroup>() -> bool {
        let mut bytes = vec![0u8; C::COMPRESSED];
        bytes[0] = 0x80;
        C::decode(&bytes, true, SubgroupCheck::Unchecked).is_ok()
    }
    assert!(Bls12381G1::HAS_X_ZERO && decodes::<Bls12381G1>());
    assert!(!Bls12381G2::HAS_X_ZERO && !decodes::<Bls12381G2>());
}

fn g1_points_are_what_their_classes_claim() {
    check_claims::<Bls12381G1>();
}

fn g2_points_are_what_their_classes_claim() {
    check_claims::<Bls12381G2>();
}

crate::declare::unit_tests![
    off_curve_mutations_are_off_the_curve,
    x_zero_points_exist_on_g1_only,
    g1_points_are_what_their_classes_claim,
    g2_points_are_what_their_classes_claim
];
