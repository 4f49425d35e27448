//! The `p256` module's known-finding tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;

/// `from_bytes(05 ‖ x(G))` is the known finding, and p256 returns exactly G (the smaller
/// root); the other root there, or a refusal, is a new finding.
fn the_compact_tag_is_pinned_to_the_smaller_root() {
    use crate::engine::Outcome;
    use crate::generators::points::with_log;
    use crate::generators::{Bias, Gen};
    use crate::zkgroup::group_law::{check, GroupLawCase, GroupValue, Op};
    use ecdiff_oracles::weierstrass::Point;
    let c = <P256 as crate::curve::SwGroup>::instance();
    let g = with_log(&mut Gen::new(&[0u8; 64], Bias::Edge), c, 1u8.into());
    let Point::Affine { x, .. } = &ecdiff_oracles::curves::p256().generator else {
        unreachable!("G is not the identity")
    };
    let mut bytes = vec![5u8];
    bytes.extend(x.to_be_bytes(32));
    let case = GroupLawCase {
        op: Op::Decode,
        points: vec![g],
        scalar: 0u8.into(),
        bytes,
        torsion: Vec::new(),
    };
    let build = || {
        crate::shapes::known::with_known(
            check(
                FAMILY.spec("p256_group_law"),
                crate::zkgroup::traits::<p256::ProjectivePoint, P256, _>(
                    crate::zkgroup::Sec1Compressed,
                ),
                crate::zkgroup::Sec1Compressed,
            ),
            compact_tag_known,
            compact_tag_behaviour,
        )
    };
    let generator = ecdiff_oracles::curves::p256().generator.clone();
    let other = crate::zkgroup::sec1_compact_roots::<P256>(&case.bytes)
        .unwrap()
        .into_iter()
        .find(|p| *p != generator)
        .unwrap();
    assert_pinned(build(), &case, move |_, _| {
        Outcome::Value(GroupValue::Point(other.clone()))
    });
    assert_pinned(build(), &case, |_, _| Outcome::Rejected("refused".into()));
}

/// `group`'s wNAF reads p256's big-endian representation as little-endian: G·1 comes out
/// as 2²⁴⁸·G at every window, pinned; the right value or another is a new finding.
fn the_wnaf_big_endian_reading_is_pinned_to_its_value() {
    crate::zkgroup::wnaf::testing::assert_wnaf_finding_pinned(
        || {
            crate::zkgroup::wnaf::<p256::ProjectivePoint, P256, _>(
                FAMILY.spec("p256_wnaf"),
                crate::zkgroup::Sec1Compressed,
            )
        },
        num_bigint::BigUint::from(1u8),
        num_bigint::BigUint::from(1u8) << 248u32,
    );
}
use crate::shapes::known::testing::{assert_agrees_until_planted, assert_pinned, other_panic};
use crate::shapes::sec1_points::LincombCase;

/// The empty constant-time lincomb panics in primeorder's `debug_assert!` in debug builds,
/// and another panic there is a finding. Without debug assertions there is no known
/// finding: it returns the identity, and a panic is a finding.
fn the_empty_lincomb_is_pinned_to_primeorders_assertion() {
    let check = points::check_on::<P256, _>(FAMILY.spec("p256_lincomb"), LincombKind, P256Lincomb);
    let empty = LincombCase {
        points: vec![],
        scalars: vec![],
    };
    if cfg!(debug_assertions) {
        assert_pinned(check, &empty, |_, _| other_panic());
    } else {
        assert_agrees_until_planted(check, &empty, |_, _| other_panic());
    }
}

crate::declare::unit_tests![
    the_compact_tag_is_pinned_to_the_smaller_root,
    the_wnaf_big_endian_reading_is_pinned_to_its_value,
    the_empty_lincomb_is_pinned_to_primeorders_assertion
];
