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
//! `halo2_vesta_*`, `group` 0.13). The bug zoo (feature `zoo`) plants a generic flaw in each
//! trait entry point of every row (`zoo.rs`, [`crate::zkgroup::planted`]).

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

/// The family's own tests ([`crate::declare::UnitTest`]), one list per `tests` module.
#[cfg(feature = "family-tests")]
const UNIT_TESTS: &[&[crate::declare::UnitTest]] = &[tests::TESTS];

/// The family's table: one row per routine.
pub const FAMILY: Family = Family {
    name: "pasta",
    #[cfg(feature = "zoo")]
    zoo: zoo::TABLES,
    #[cfg(feature = "family-tests")]
    unit_tests: UNIT_TESTS,
    contract_check: crate::engine::no_contract_check,
    routines: &[PALLAS[0], VESTA[0], PALLAS[1], VESTA[1]],
};

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
#[cfg(feature = "zoo")]
mod zoo;
