//! The `secp256k1` module's known-finding tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::shapes::known::testing::{assert_pinned, other_panic, other_panic_in_subtle};

/// An identity from arithmetic (G − G: a lazily reduced zero z) beside the generator:
/// k256 0.13.4's batch inversion meets a zero and `CtOption::unwrap` panics; a panic
/// elsewhere, or another panic in subtle's file, is a finding.
fn the_lazy_zero_z_batch_is_pinned_to_its_unwrap() {
    use crate::shapes::sec1_points::{PointInput, Recipe};
    use ecdiff_oracles::weierstrass::Point;
    use num_bigint::BigUint;
    let generator = ecdiff_oracles::curves::secp256k1().generator.clone();
    let points = vec![
        PointInput {
            recipe: Recipe::GeneratorConst,
            log: BigUint::from(1u8),
            sec1: vec![],
            point: generator,
        },
        PointInput {
            recipe: Recipe::Difference {
                a: BigUint::from(1u8),
            },
            log: BigUint::from(0u8),
            sec1: vec![],
            point: Point::Identity,
        },
    ];
    let check = || {
        points::check(
            FAMILY.spec("k256_013_batch_normalize"),
            Batch013Kind,
            K256013BatchNormalize,
        )
    };
    assert_pinned(check(), &points, |_, _| other_panic());
    assert_pinned(check(), &points, |_, _| other_panic_in_subtle());
}

/// k256 0.13.4's empty batch panics in `CtOption::unwrap` (subtle); a panic elsewhere, or
/// another panic in subtle's file, is a finding.
fn the_empty_013_batch_is_pinned_to_its_unwrap() {
    let check = || {
        points::check(
            FAMILY.spec("k256_013_batch_normalize"),
            Batch013Kind,
            K256013BatchNormalize,
        )
    };
    assert_pinned(check(), &Vec::new(), |_, _| other_panic());
    assert_pinned(check(), &Vec::new(), |_, _| other_panic_in_subtle());
}

crate::declare::unit_tests![
    the_lazy_zero_z_batch_is_pinned_to_its_unwrap,
    the_empty_013_batch_is_pinned_to_its_unwrap
];
