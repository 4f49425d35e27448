//! Deliberately broken subjects of the jubjub rows (feature `zoo`): an entry point of
//! `ExtendedPoint` rewritten over jubjub's public API with a published bug class in it — one
//! that only points outside the prime-order subgroup show, and four from short-Weierstrass
//! habits (the identity taken for (0, 0), which on an Edwards curve is (0, 1); −(u, v) taken
//! for (u, −v), which is (−u, v)); the other entry points the library's own.

use super::{extended_point, read_back, ENCODING};
use crate::curve::declared::Jubjub;
use crate::declare::ZooRow;
use crate::engine::VerdictKind;
use crate::zkgroup::group_law::{self, GroupLawSubject, GroupValue, Op};
use crate::zkgroup::v014;
use ecdiff_oracles::field::Fp;
use num_bigint::BigUint;

/// One entry point of `ExtendedPoint` rewritten with a bug: a cofactor bug, or an Edwards
/// entry point written with a short-Weierstrass habit (the identity taken for the pair (0, 0),
/// −(u, v) for (u, −v); on an Edwards curve the identity is (0, 1) and −(u, v) = (−u, v)).
#[derive(Clone, Copy)]
enum Flaw {
    /// `P * s` with the scalar blinded by a multiple of the prime order, s + k·r (k = 1 + the
    /// scalar's low byte, standing in for the random mask), by double-and-add over that
    /// integer: right on the prime-order subgroup, where r·P = O, and off by (k·r)·T on a
    /// point with a torsion part T.
    MulBlindedByOrder,
    /// `is_identity` as "the affine coordinates are (0, 0)": never true on the curve.
    IsIdentityByZeroPair,
    /// `O * s` short-circuited to the zeroed pair (0, 0) (off the curve; its encoding, all
    /// zeros, reads as a point of order 4).
    MulOfIdentityZeroed,
    /// `-P` as (u, −v): a point of the curve, P + (0, −1) negated, not −P.
    NegByNegatingV,
    /// `P - Q.to_affine()` as P + (u_Q, −v_Q).
    SubAffineByNegatingV,
}

/// The real entry points with one [`Flaw`].
struct Planted<S>(S, Flaw);

impl<S: GroupLawSubject<Jubjub>> GroupLawSubject<Jubjub> for Planted<S> {
    fn run(&self, op: Op, logs: &[&BigUint], scalar: &BigUint) -> GroupValue<Fp> {
        self.run_with_torsion(op, logs, &[], scalar)
    }

    fn run_with_torsion(
        &self,
        op: Op,
        logs: &[&BigUint],
        torsion: &[Vec<u8>],
        scalar: &BigUint,
    ) -> GroupValue<Fp> {
        let point =
            |i: usize| extended_point(logs[i], torsion.get(i).map_or(&[][..], Vec::as_slice));
        // (u, −v) of an affine point.
        let v_negated = |p: jubjub::ExtendedPoint| {
            let a = jubjub::AffinePoint::from(p);
            jubjub::AffinePoint::from_raw_unchecked(a.get_u(), -a.get_v())
        };
        let zero = jubjub::Fq::zero();
        match (self.1, op) {
            (Flaw::MulBlindedByOrder, Op::Mul) => {
                let p = point(0);
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
            (Flaw::NegByNegatingV, Op::Neg) => read_back(v_negated(point(0)).to_extended()),
            (Flaw::SubAffineByNegatingV, Op::SubAffine) => {
                read_back(point(0) + v_negated(point(1)))
            }
            (Flaw::IsIdentityByZeroPair, Op::IsIdentity) => {
                let p = jubjub::AffinePoint::from(point(0));
                GroupValue::Flag(p.get_u() == zero && p.get_v() == zero)
            }
            (Flaw::MulOfIdentityZeroed, Op::Mul) => {
                let p = point(0);
                if bool::from(p.is_identity()) {
                    let zeroed = jubjub::AffinePoint::from_raw_unchecked(zero, zero);
                    return read_back(zeroed.to_extended());
                }
                read_back(p * v014::scalar::<jubjub::Fr>(scalar))
            }
            _ => self.0.run_with_torsion(op, logs, torsion, scalar),
        }
    }

    fn decode(&self, bytes: &[u8]) -> GroupValue<Fp> {
        self.0.decode(bytes)
    }
}

/// The row's check with `flaw` planted in its real entry points.
fn broken(spec: crate::shapes::Spec, flaw: Flaw) -> Box<dyn crate::engine::DynRoutine> {
    let real = v014::traits_with_torsion::<jubjub::ExtendedPoint, Jubjub, _>(ENCODING);
    Box::new(group_law::check(spec, Planted(real, flaw), ENCODING).with_torsion())
}

/// The variants of the jubjub rows written over jubjub's API.
const ROWS: [ZooRow; 5] = [
    ZooRow {
        name: "jubjub_group_law__mul_blinded_by_order",
        routine: "jubjub_group_law",
        bug: "scalar multiplication blinded by a multiple of the prime order, (s + k·r)·P: right \
              on the prime-order subgroup, wrong on a point with a torsion component (Botan's \
              blinded multiplication on curves with a cofactor, \
              https://github.com/randombit/botan/issues/3800)",
        trigger: "op_mul on a point with a torsion component whose order does not divide k",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| broken(spec, Flaw::MulBlindedByOrder),
    },
    ZooRow {
        name: "jubjub_group_law__is_identity_by_zero_pair",
        routine: "jubjub_group_law",
        bug: "is_identity as \"the affine coordinates are (0, 0)\", the Weierstrass habit, where \
              the Edwards identity is (0, 1) (sol-baby-jubjub's arithmetic, \
              https://github.com/yondonfu/sol-baby-jubjub/pull/1; an isInfinity meaningless on \
              Ed25519, https://github.com/google/end-to-end/issues/340)",
        trigger: "op_is_identity on the identity",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| broken(spec, Flaw::IsIdentityByZeroPair),
    },
    ZooRow {
        name: "jubjub_group_law__mul_of_identity_zeroed",
        routine: "jubjub_group_law",
        bug: "scalar multiplication of the identity comes out as (0, 0), not on the curve \
              (gnark-crypto's twisted Edwards ScalarMultiplication on Baby Jubjub, \
              https://github.com/Consensys-Incorporated/gnark-crypto/issues/773; MSM buckets \
              zeroed instead of set to the neutral element, \
              https://github.com/mratsim/constantine/pull/406)",
        trigger: "op_mul on the identity",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| broken(spec, Flaw::MulOfIdentityZeroed),
    },
    ZooRow {
        name: "jubjub_group_law__neg_by_negating_v",
        routine: "jubjub_group_law",
        bug: "-P as (u, −v), the short-Weierstrass negation, where on an Edwards curve \
              −(u, v) = (−u, v) (noble-ed25519's negation, \
              https://github.com/paulmillr/noble-ed25519/pull/10)",
        trigger: "op_neg on a point other than (0, ±1)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| broken(spec, Flaw::NegByNegatingV),
    },
    ZooRow {
        name: "jubjub_group_law__sub_affine_by_negating_v",
        routine: "jubjub_group_law",
        bug: "P - Q.to_affine() as P + (u_Q, −v_Q), the short-Weierstrass negation inside a \
              mixed subtraction, where on an Edwards curve −(u, v) = (−u, v) (noble-ed25519's \
              negation, https://github.com/paulmillr/noble-ed25519/pull/10)",
        trigger: "op_sub_affine with Q other than (0, ±1)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| broken(spec, Flaw::SubAffineByNegatingV),
    },
];

/// Every entry point of the group law with a generic planted flaw
/// ([`crate::zkgroup::planted`]), on the whole curve as the row draws it.
const GROUP_LAW: [ZooRow; 12] =
    crate::zkgroup::planted::group_law_zoo_rows!("jubjub_group_law", |spec, flaw| {
        Box::new(v014::planted_group_law_with_torsion::<
            jubjub::ExtendedPoint,
            Jubjub,
            _,
        >(spec, ENCODING, flaw))
    });

/// The three wNAF forms with the carry dropped ([`crate::zkgroup::planted::WnafFlaw`]), on
/// the whole curve.
const WNAF: [ZooRow; 3] = crate::zkgroup::planted::wnaf_zoo_rows!(
    "jubjub_wnaf",
    |spec, flaw| {
        Box::new(v014::planted_wnaf_group_with_torsion::<
            jubjub::ExtendedPoint,
            Jubjub,
            _,
        >(spec, ENCODING, flaw))
    },
    carry_dropped_at_num_bits,
    [windowed, fixed_scalar, fixed_base]
);

/// The family's zoo tables.
pub(super) const TABLES: &[&[ZooRow]] = &[&ROWS, &GROUP_LAW, &WNAF];
