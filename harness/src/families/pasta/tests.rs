//! The `pasta` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::suite::Suite;
use crate::zkgroup::group_law::{check, GroupLawSubject, GroupValue, Op};
use crate::zkgroup::XLittleEndianSignBit;
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;

/// `+` that forgets its doubling case, as a chord-only formula does (P + P for P ≠ O comes
/// out as the identity, 0/0's usual outcome).
struct NoDoubling<S>(S);

impl<S: GroupLawSubject<Vesta>> GroupLawSubject<Vesta> for NoDoubling<S> {
    fn run(&self, op: Op, logs: &[&BigUint], scalar: &BigUint) -> GroupValue<Fp> {
        if op == Op::Add && logs[0] == logs[1] && logs[0].bits() > 0 {
            return GroupValue::Point(Point::Identity);
        }
        self.0.run(op, logs, scalar)
    }

    fn decode(&self, bytes: &[u8]) -> GroupValue<Fp> {
        self.0.decode(bytes)
    }
}

/// The Vesta row's cases find a planted incomplete addition around pasta_curves (the rows
/// themselves run in `tests/routines.rs`).
fn a_planted_incomplete_addition_is_found() {
    let broken = check(
        FAMILY.spec("pasta_vesta_group_law"),
        NoDoubling(
            zkgroup::v014::traits::<pasta_curves::vesta::Point, Vesta, _>(XLittleEndianSignBit),
        ),
        XLittleEndianSignBit,
    );
    let failure = Suite::new(&broken).no_save().try_run().unwrap_err();
    assert_eq!(failure.run.verdict.kind, crate::VerdictKind::Mismatch);
}

crate::declare::unit_tests![a_planted_incomplete_addition_is_found];
