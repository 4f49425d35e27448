//! pasta_curves 0.6: the Pasta curves Pallas and Vesta of Zcash's Orchard and the halo2 proof
//! system (<https://github.com/zcash/pasta_curves>), through zkcrypto's `group` 0.14 traits,
//! as any code generic over `group::Group` calls them. Oracles: the curves declared from the
//! Pasta specification ([`crate::curve::declared`]: y² = x³ + 5 over p and q, the two
//! orders exchanged) and known-log bookkeeping ([`crate::zkgroup::group_law()`],
//! [`crate::zkgroup::wnaf_group()`]).
//!
//! | routine | subject | oracle |
//! |---|---|---|
//! | `pasta_pallas_group_law` | `pallas::Point`: `+`, `-`, `neg`, `double`, `+ Affine`, `* Scalar`, `is_identity`, `Sum`, `batch_normalize`, `from_bytes`, `conditional_select` | known logs |
//! | `pasta_vesta_group_law` | the same of `vesta::Point` | known logs |
//! | `pasta_pallas_wnaf` | `group`'s wNAF over `pallas::Point`: `WnafBase × WnafScalar` (windows 2 to 8), `Wnaf::scalar`, `Wnaf::base` (pasta_curves implements `WnafGroup`) | known logs |
//! | `pasta_vesta_wnaf` | the same over `vesta::Point` | known logs |
//!
//! Encoding (pasta_curves `src/curves.rs`, `GroupEncoding for $name_affine`): 32 bytes, x
//! little-endian with the sign of y (its low bit) in the top bit, the identity all zeros:
//! [`crate::zkgroup::XLittleEndianSignBit`]. Both scalar fields are below 2²⁵⁵, so `group`'s
//! wNAF recoding never needs the carry it drops ([`crate::zkgroup::wnaf::WNAF_CARRY_DROPPED`]):
//! no known finding here.
//!
//! The same two curves are also checked in halo2curves' copies (`halo2_pallas_*`,
//! `halo2_vesta_*`, `group` 0.13); the bug zoo's variants of these trait entry points are
//! halo2curves' (`families/halo2curves/zoo/traits.rs`: they break the generic glue, not the
//! subject, so one curve family holds them).

use crate::curve::declared::{Pallas, Vesta};
use crate::declare::{Family, RoutineRow};
use crate::generators::lengths::Lengths;
use crate::zkgroup;

/// The subject crate, at the version ecdiff pins.
pub const PASTA_CURVES: &str = "pasta_curves 0.6.1";

/// The two rows of one Pasta curve: the group law and `group`'s wNAF in all three forms.
macro_rules! pasta_rows {
    ($curve:literal, $point:ty, $point_path:literal, $oracle:ty) => {
        [
            RoutineRow {
                name: concat!("pasta_", $curve, "_group_law"),
                subject: PASTA_CURVES,
                function: concat!(
                    "group 0.14 traits (",
                    $curve,
                    "::Point): +, -, neg, double, + Affine, * Scalar, is_identity, Sum, batch_normalize, from_bytes, conditional_select"
                ),
                lengths: Lengths::up_to(0),
                cases: 512,
                build: |spec| {
                    Box::new(zkgroup::v014::group_law::<$point, $oracle, _>(
                        spec,
                        zkgroup::XLittleEndianSignBit,
                    ))
                },
            },
            RoutineRow {
                name: concat!("pasta_", $curve, "_wnaf"),
                subject: PASTA_CURVES,
                function: concat!(
                    "group 0.14 wNAF (",
                    $curve,
                    "::Point): WnafBase × WnafScalar (windows 2 to 8), Wnaf::scalar, Wnaf::base"
                ),
                lengths: Lengths::up_to(0),
                cases: 512,
                build: |spec| {
                    Box::new(
                        zkgroup::v014::wnaf_group::<$point, $oracle, _>(
                            spec,
                            zkgroup::XLittleEndianSignBit,
                        )
                        .with_reproducer(zkgroup::ReproPaths {
                            group_type: $point_path,
                            group_version: "0.14.0",
                        }),
                    )
                },
            },
        ]
    };
}

const PALLAS: [RoutineRow; 2] = pasta_rows!(
    "pallas",
    pasta_curves::pallas::Point,
    "pasta_curves::pallas::Point",
    Pallas
);
const VESTA: [RoutineRow; 2] = pasta_rows!(
    "vesta",
    pasta_curves::vesta::Point,
    "pasta_curves::vesta::Point",
    Vesta
);

/// The family's table: one row per routine.
pub const FAMILY: Family = Family {
    name: "pasta",
    #[cfg(feature = "zoo")]
    zoo: &[],
    contract_check: crate::engine::no_contract_check,
    routines: &[PALLAS[0], VESTA[0], PALLAS[1], VESTA[1]],
};

#[cfg(test)]
mod tests {
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
    #[test]
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
}
