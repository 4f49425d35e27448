//! The `secp256k1` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::FAMILY;
use crate::suite::Suite;
use crate::zkgroup::group_law::{check, GroupLawSubject, GroupValue, Op};
use crate::zkgroup::{traits, Sec1Compressed};
use ecdiff_oracles::curves::Secp256k1;
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::Zero;

/// k256's `+` with the chord formula's missing doubling case: P + P (P ≠ O) comes out as
/// the identity, as an incomplete addition's 0/0 does (Botan #2424's class).
struct NoDoubling<S>(S);

impl<S: GroupLawSubject<Secp256k1>> GroupLawSubject<Secp256k1> for NoDoubling<S> {
    fn run(&self, op: Op, logs: &[&BigUint], scalar: &BigUint) -> GroupValue<Fp> {
        if op == Op::Add && logs[0] == logs[1] && !logs[0].is_zero() {
            return GroupValue::Point(Point::Identity);
        }
        self.0.run(op, logs, scalar)
    }

    fn decode(&self, bytes: &[u8]) -> GroupValue<Fp> {
        self.0.decode(bytes)
    }
}

/// `group`'s wNAF reads k256's big-endian representation as little-endian: G·1 comes out
/// as 2²⁴⁸·G at every window, pinned; the right value or another is a new finding.
fn the_wnaf_big_endian_reading_is_pinned_to_its_value() {
    crate::zkgroup::wnaf::testing::assert_wnaf_finding_pinned(
        || {
            crate::zkgroup::wnaf::<k256::ProjectivePoint, Secp256k1, _>(
                FAMILY.spec("k256_wnaf"),
                Sec1Compressed,
            )
        },
        BigUint::from(1u8),
        BigUint::from(1u8) << 248u32,
    );
}

fn k256_agrees_and_an_addition_without_its_doubling_case_is_found() {
    let spec = || FAMILY.spec("k256_group_law");
    let k256 = || traits::<k256::ProjectivePoint, Secp256k1, _>(Sec1Compressed);
    let with_known = crate::shapes::known::with_known(
        check(spec(), k256(), Sec1Compressed),
        super::compact_tag_known,
        super::compact_tag_behaviour,
    );
    (Suite::new(&with_known).no_save())
        .try_run()
        .expect("k256's group law agrees but for its known finding");
    let broken = check(spec(), NoDoubling(k256()), Sec1Compressed);
    let failure = Suite::new(&broken).no_save().try_run().unwrap_err();
    assert_eq!(failure.run.verdict.kind, crate::VerdictKind::Mismatch);
}

/// Bugs of the list and decoding entry points, planted around k256's: a
/// `batch_normalize` that leaves its last slot unwritten, a `Sum` that skips the first
/// point, and a `from_bytes` that ignores the sign of y (always the even root).
struct ListAndDecodeBugs<S> {
    inner: S,
    bug: usize,
}

impl<S: GroupLawSubject<Secp256k1>> GroupLawSubject<Secp256k1> for ListAndDecodeBugs<S> {
    fn run(&self, op: Op, logs: &[&BigUint], scalar: &BigUint) -> GroupValue<Fp> {
        match (self.bug, op) {
            (0, Op::BatchNormalize) => match self.inner.run(op, logs, scalar) {
                GroupValue::List(mut each) => {
                    if let Some(last) = each.last_mut() {
                        *last = GroupValue::Point(Point::Identity);
                    }
                    GroupValue::List(each)
                }
                other => other,
            },
            (1, Op::Sum) if !logs.is_empty() => self.inner.run(op, &logs[1..], scalar),
            _ => self.inner.run(op, logs, scalar),
        }
    }

    fn decode(&self, bytes: &[u8]) -> GroupValue<Fp> {
        match (self.bug, self.inner.decode(bytes)) {
            (2, GroupValue::Point(Point::Affine { x, y })) if y.value().bit(0) => {
                GroupValue::Point(Point::Affine { x, y: y.neg() })
            }
            (_, other) => other,
        }
    }
}

/// `from_bytes(05 ‖ x(G))` is the known finding, and k256 returns exactly G; the odd root
/// there, or a refusal, is a new finding.
fn the_compact_tag_is_pinned_to_the_even_root() {
    use crate::engine::Outcome;
    use crate::generators::points::with_log;
    use crate::generators::{Bias, Gen};
    use crate::shapes::known::testing::assert_pinned;
    let c = <Secp256k1 as crate::curve::SwGroup>::instance();
    let g = with_log(&mut Gen::new(&[0u8; 64], Bias::Edge), c, BigUint::from(1u8));
    let mut bytes = vec![5u8];
    let ecdiff_oracles::weierstrass::Point::Affine { x, .. } =
        &ecdiff_oracles::curves::secp256k1().generator
    else {
        unreachable!("G is not the identity")
    };
    bytes.extend(x.to_be_bytes(32));
    let case = crate::zkgroup::group_law::GroupLawCase {
        op: Op::Decode,
        points: vec![g],
        scalar: BigUint::zero(),
        bytes,
        torsion: Vec::new(),
    };
    let build = || {
        crate::shapes::known::with_known(
            check(
                FAMILY.spec("k256_group_law"),
                traits::<k256::ProjectivePoint, Secp256k1, _>(Sec1Compressed),
                Sec1Compressed,
            ),
            super::compact_tag_known,
            super::compact_tag_behaviour,
        )
    };
    let [_, odd] = crate::zkgroup::sec1_compact_roots::<Secp256k1>(&case.bytes).unwrap();
    assert_pinned(build(), &case, move |_, _| {
        Outcome::Value(GroupValue::Point(odd.clone()))
    });
    assert_pinned(build(), &case, |_, _| Outcome::Rejected("refused".into()));
}

fn list_and_decoding_bugs_are_found() {
    for bug in 0..3 {
        let planted = ListAndDecodeBugs {
            inner: traits::<k256::ProjectivePoint, Secp256k1, _>(Sec1Compressed),
            bug,
        };
        let broken = check(FAMILY.spec("k256_group_law"), planted, Sec1Compressed);
        let failure = Suite::new(&broken).no_save().try_run().unwrap_err();
        assert_eq!(
            failure.run.verdict.kind,
            crate::VerdictKind::Mismatch,
            "bug {bug}"
        );
    }
}

crate::declare::unit_tests![
    the_wnaf_big_endian_reading_is_pinned_to_its_value,
    k256_agrees_and_an_addition_without_its_doubling_case_is_found,
    the_compact_tag_is_pinned_to_the_even_root,
    list_and_decoding_bugs_are_found
];
