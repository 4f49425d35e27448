//! Deliberately broken subjects of the jubjub rows (feature `zoo`): an entry point of
//! `ExtendedPoint` rewritten over jubjub's public API with a published bug class in it that
//! only points outside the prime-order subgroup show; the other entry points the library's
//! own.

use super::{extended_point, read_back, ENCODING};
use crate::curve::declared::Jubjub;
use crate::declare::ZooRow;
use crate::engine::VerdictKind;
use crate::zkgroup::group_law::{self, GroupLawSubject, GroupValue, Op};
use crate::zkgroup::v014;
use ecdiff_oracles::field::Fp;
use num_bigint::BigUint;

/// `P * s` with the scalar blinded by a multiple of the prime order, s + k·r (k = 1 + the
/// scalar's low byte, standing in for the random mask), by double-and-add over that integer:
/// right on the prime-order subgroup, where r·P = O, and off by (k·r)·T on a point with a
/// torsion part T.
struct MulBlindedByOrder<S>(S);

impl<S: GroupLawSubject<Jubjub>> GroupLawSubject<Jubjub> for MulBlindedByOrder<S> {
    fn run(
        &self,
        op: Op,
        logs: &[&BigUint],
        torsion: &[Vec<u8>],
        scalar: &BigUint,
    ) -> GroupValue<Fp> {
        if op != Op::Mul {
            return self.0.run(op, logs, torsion, scalar);
        }
        let p = extended_point(logs[0], torsion.first().map_or(&[][..], Vec::as_slice));
        let r = crate::curve::SwGroup::curve(&Jubjub).order.clone();
        let mask = 1u32 + scalar.iter_u32_digits().next().unwrap_or(0) % 256;
        let blinded = scalar + r * mask;
        let mut acc = jubjub::ExtendedPoint::identity();
        for i in (0..blinded.bits()).rev() {
            acc = acc.double();
            if blinded.bit(i) {
                acc += p;
            }
        }
        read_back(acc)
    }

    fn decode(&self, bytes: &[u8]) -> GroupValue<Fp> {
        self.0.decode(bytes)
    }
}

/// The variants of the jubjub rows.
pub(super) const ROWS: [ZooRow; 1] = [ZooRow {
    name: "jubjub_group_law__mul_blinded_by_order",
    routine: "jubjub_group_law",
    bug:
        "scalar multiplication blinded by a multiple of the prime order, (s + k·r)·P: right on \
          the prime-order subgroup, wrong on a point with a torsion component (Botan's blinded \
          multiplication on curves with a cofactor, https://github.com/randombit/botan/issues/3800)",
    trigger: "op_mul on a point with a torsion component whose order does not divide k",
    caught_as: &[VerdictKind::Mismatch],
    build: |spec| {
        let subject =
            MulBlindedByOrder(
                v014::traits_with_torsion::<jubjub::ExtendedPoint, Jubjub, _>(ENCODING),
            );
        Box::new(group_law::check(spec, subject, ENCODING).with_torsion())
    },
}];
