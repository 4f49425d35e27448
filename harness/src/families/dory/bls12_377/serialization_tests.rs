//! The `bls12_377` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::arkworks::serialization::{sw_serialization, ARK_SER_NEGATIVE_ZERO};
use crate::curve::SwGroup;
use crate::engine::{Expected, Outcome, Routine, VerdictKind};
use crate::shapes::ark_format::{FormatCase, FormatOp, FormatValue};
use crate::shapes::known::testing::assert_pinned;
use crate::shapes::Spec;
use ecdiff_oracles::ark_format::{sw_write, SW_NEGATIVE};
use ecdiff_oracles::field::Field;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::Zero;

/// ark-ec 0.5 accepts the negative flag on BLS12-377 G1's point of order 2, (−1, 0) (b = 1:
/// (−1)³ + 1 = 0), and reads (−1, 0): the known finding `ARK_SER_NEGATIVE_ZERO`, pinned —
/// a refusal, or another point, there is a new finding.
fn the_negative_flag_on_the_point_of_order_two_is_pinned() {
    let check = || {
        sw_serialization::<Bls12377G1, ark_bls12_377::g1::Config>(
            Spec::new("ark_bls12_377_g1_serialization"),
            None,
        )
    };
    let curve = Bls12377G1.curve();
    let one = curve.b.one_like();
    let order_two = Point::Affine {
        x: one.neg(),
        y: one.zero_like(),
    };
    assert!(curve.is_on_curve(&order_two));
    assert!(curve.double(&order_two).is_identity());
    let mut bytes = sw_write(curve, &order_two, true);
    let last = bytes.len() - 1;
    bytes[last] |= SW_NEGATIVE;
    // t = h/2 is T's multiple of order 2 only if T has even order: the case's drawn point
    // is named by its coordinates here, which is all a read case uses.
    let case = FormatCase {
        op: FormatOp::Read,
        compress: true,
        validate: false,
        log: BigUint::zero(),
        torsion: BigUint::zero(),
        point: order_two.clone(),
        bytes,
    };
    assert_eq!(
        check().expected(&case),
        Expected::known(VerdictKind::Mismatch, ARK_SER_NEGATIVE_ZERO)
    );
    assert_pinned(check(), &case, |_, _| {
        Outcome::Value(FormatValue::Read(None))
    });
    let g = curve.generator.clone();
    assert_pinned(check(), &case, move |_, _| {
        Outcome::Value(FormatValue::Read(Some(g.clone())))
    });
}

crate::declare::unit_tests![the_negative_flag_on_the_point_of_order_two_is_pinned];
