//! secp256k1: the ECSM witness generator over k256 0.13's lazy field, k256's field contract,
//! and k256 0.14's point routines.
//!
//! | routine | subject | oracle |
//! |---|---|---|
//! | `ecsm_witness` | `ecsm-witness` (`subjects/ecsm`): Jacobian replay over k256 0.13.4's `FieldElement`, also run over `ShadowFe` and with serial rows | BigUint reference replay + exact integer relations ([`ecsm`]) |
//! | `k256_field` | k256 0.13.4 `FieldElement` programs | `ShadowFe`: exact values, k256's magnitude rules ([`field`]) |
//! | `k256_to_affine` | k256 0.14 `to_affine`, SEC1 encoders, `GroupEncoding`, `is_identity` | known-log points, SEC 1 encodings ([`points`]) |
//! | `k256_mul` | k256 0.14 `P * k`, `mul_vartime`, `AffinePoint * k` | known logs |
//! | `k256_mul_by_generator` | k256 0.14 `mul_by_generator{,_vartime}`, `GENERATOR * k` | fixed-base windows |
//! | `k256_lincomb` | k256 0.14 `lincomb{,_vartime}` (array, slice), `mul_by_generator_and_mul_add_vartime` | known logs |
//! | `k256_batch_normalize` | k256 0.14 `BatchNormalize` (array, `Array`, slice; ct and vartime), `CurveGroup::batch_normalize` | known logs |
//! | `k256_group_law` | k256 0.14 through `group` 0.14's traits: `+`, `-`, `neg`, `double`, `+ AffinePoint`, `* Scalar`, `is_identity`, `Sum`, `batch_normalize`, `from_bytes`, `conditional_select` — known finding [`K256_COMPACT_TAG_ACCEPTED`] | known logs ([`crate::zkgroup::group_law()`]) |
//! | `k256_013_batch_normalize` | k256 0.13.4 `BatchNormalize<[_; N]>` — known finding, k256#943 | known logs |
//!
//! Point inputs are built by k256's own arithmetic from recipes, so identities produced by
//! arithmetic carry a lazily reduced zero `z` (the class behind k256#943 / #1029). Magnitude
//! contracts are checked in every profile: k256's checker in debug builds, the shadow
//! everywhere. The bug zoo (feature `zoo`) holds the three broken ECSM replays of lambda_vm
//! PR #866 and broken point and field code modelled on published bugs (each cited in
//! `zoo.rs`).

pub mod adapter_ecsm;
pub mod adapter_k256;
pub mod batch_013;
pub mod lazy_field;

pub mod ecsm;
#[cfg(feature = "zoo")]
mod zoo;

use crate::declare::{Family, RoutineRow};
use crate::engine::Expected;
use crate::families::secp256k1::adapter_ecsm::{EcsmWitnessGen, ECSM};
use crate::families::secp256k1::adapter_k256::{
    K256013BatchNormalize, K256BatchNormalize, K256Field, K256Lincomb, K256Mul, K256MulByGenerator,
    K256ToAffine, K256, K256_013,
};
use crate::families::secp256k1::batch_013::Batch013Kind;
use crate::families::secp256k1::lazy_field as field;
use crate::generators::lengths::Lengths;
use crate::shapes::sec1_points::{
    self as points, BatchNormalizeKind, LincombKind, MulByGeneratorKind, MulKind, ToAffineKind,
};
use crate::zkgroup;
use ecdiff_oracles::curves::Secp256k1;

/// The family's own tests ([`crate::declare::UnitTest`]), one list per `tests` module.
#[cfg(feature = "family-tests")]
const UNIT_TESTS: &[&[crate::declare::UnitTest]] = &[
    ecsm::tests::TESTS,
    group_law_tests::TESTS,
    known_finding_tests::TESTS,
    lazy_field::contract_check_tests::TESTS,
];

/// The family's table: one row per routine. The bug zoo builds its variants from these rows'
/// specs, so a broken variant sees exactly the cases of the routine it breaks.
pub const FAMILY: Family = Family {
    name: "secp256k1",
    #[cfg(feature = "zoo")]
    zoo: zoo::TABLES,
    #[cfg(feature = "family-tests")]
    unit_tests: UNIT_TESTS,
    contract_check: lazy_field::is_contract_check,
    routines: &[
        RoutineRow {
            name: "ecsm_witness",
            subject: ECSM,
            function: "compute_witness{,_serial,_x} over FieldElement and ShadowFe",
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| Box::new(ecsm::check(spec, EcsmWitnessGen)),
        },
        RoutineRow {
            name: "k256_field",
            subject: K256_013,
            function: "FieldElement lazy arithmetic (expose-field)",
            lengths: Lengths::up_to(0),
            cases: 1024,
            build: |spec| Box::new(field::check(spec, K256Field)),
        },
        RoutineRow {
            name: "k256_to_affine",
            subject: K256,
            function: "ProjectivePoint::to_affine + encoders",
            lengths: Lengths::up_to(12),
            cases: 256,
            build: |spec| Box::new(points::check(spec, ToAffineKind, K256ToAffine)),
        },
        RoutineRow {
            name: "k256_mul",
            subject: K256,
            function: "ProjectivePoint * Scalar, mul_vartime",
            lengths: Lengths::up_to(6).non_empty(),
            cases: 256,
            build: |spec| Box::new(points::check(spec, MulKind, K256Mul)),
        },
        RoutineRow {
            name: "k256_mul_by_generator",
            subject: K256,
            function: "ProjectivePoint::mul_by_generator{,_vartime}",
            lengths: Lengths::up_to(8).non_empty(),
            cases: 256,
            build: |spec| Box::new(points::check(spec, MulByGeneratorKind, K256MulByGenerator)),
        },
        RoutineRow {
            name: "k256_lincomb",
            subject: K256,
            function: "LinearCombination::lincomb{,_vartime}",
            lengths: Lengths::up_to(8),
            cases: 256,
            build: |spec| Box::new(points::check(spec, LincombKind, K256Lincomb)),
        },
        RoutineRow {
            name: "k256_batch_normalize",
            subject: K256,
            function: "BatchNormalize::batch_normalize{,_vartime}, CurveGroup::batch_normalize",
            lengths: Lengths::up_to(24),
            cases: 256,
            build: |spec| Box::new(points::check(spec, BatchNormalizeKind, K256BatchNormalize)),
        },
        RoutineRow {
            name: "k256_group_law",
            subject: K256,
            function: "group 0.14 traits: +, -, neg, double, + AffinePoint, * Scalar, is_identity, Sum, batch_normalize, from_bytes, conditional_select",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(with_compact_tag_known(
                    zkgroup::group_law::<k256::ProjectivePoint, Secp256k1, _>(
                        spec,
                        zkgroup::Sec1Compressed,
                    )
                    .with_reproducer(zkgroup::ReproPaths {
                        group_type: "k256::ProjectivePoint",
                        group_version: "0.14.0",
                    }),
                ))
            },
        },
        RoutineRow {
            name: "k256_wnaf",
            subject: K256,
            function:
                "group 0.14 WnafBase × WnafScalar, windows 2 to 8 (k256 implements no WnafGroup)",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(
                    zkgroup::wnaf::<k256::ProjectivePoint, Secp256k1, _>(
                        spec,
                        zkgroup::Sec1Compressed,
                    )
                    .with_reproducer(zkgroup::ReproPaths {
                        group_type: "k256::ProjectivePoint",
                        group_version: "0.14.0",
                    }),
                )
            },
        },
        RoutineRow {
            name: "k256_013_batch_normalize",
            subject: K256_013,
            function: "BatchNormalize<[ProjectivePoint; N]>::batch_normalize",
            lengths: Lengths::up_to(8),
            cases: 256,
            build: |spec| Box::new(points::check(spec, Batch013Kind, K256013BatchNormalize)),
        },
    ],
};

#[cfg(feature = "family-tests")]
pub(crate) mod known_finding_tests;

/// k256 0.14.0's `GroupEncoding::from_bytes` accepts a 33-byte string that starts with tag
/// 0x05 — `sec1` 0.8's `Tag::Compact` (draft-jivsov-ecc-compact), which SEC 1 v2 §2.3.4 does
/// not define and `to_bytes` never writes — and decompacts x with the even y (BIP 340's
/// convention, `DecompactPoint for AffinePoint`): every point with an even y has a second
/// 33-byte encoding that decodes to it. Found by the `from_bytes` cases' random bytes.
/// Smallest input: `05` ‖ x(G), which decodes to G (its y is even). No upstream issue found.
pub const K256_COMPACT_TAG_ACCEPTED: &str = "k256 0.14.0 GroupEncoding::from_bytes accepts tag \
     0x05 (sec1 0.8 Tag::Compact, not in SEC 1 v2 §2.3.4; to_bytes never writes it) in its \
     33-byte compressed repr and returns (x, even y): a second encoding of every point with \
     an even y; smallest input: 05 ‖ x(G) decodes to G; no upstream issue found";

/// The group-law check with the known finding of the compact tag declared (the row's, and
/// its zoo variants').
fn with_compact_tag_known(
    check: zkgroup::group_law::GroupLawCheck<Secp256k1>,
) -> crate::shapes::known::WithKnown<zkgroup::group_law::GroupLawCheck<Secp256k1>> {
    crate::shapes::known::with_known(check, compact_tag_known, compact_tag_behaviour)
}

/// The cases of [`K256_COMPACT_TAG_ACCEPTED`]: `from_bytes` of `05` ‖ the x of a curve point.
fn compact_tag_known(
    case: &zkgroup::group_law::GroupLawCase<ecdiff_oracles::field::Fp>,
) -> Expected {
    zkgroup::group_law::sec1_compact_expected::<Secp256k1>(case, K256_COMPACT_TAG_ACCEPTED)
}

/// What k256 returns on those cases: the point with that x and the even y, exactly.
fn compact_tag_behaviour(
    case: &zkgroup::group_law::GroupLawCase<ecdiff_oracles::field::Fp>,
    subject: &crate::engine::Outcome<zkgroup::group_law::GroupValue<ecdiff_oracles::field::Fp>>,
) -> Result<(), String> {
    let [even, _] =
        zkgroup::sec1_compact_roots::<Secp256k1>(&case.bytes).ok_or("not a compact-tag case")?;
    crate::shapes::known::returned(subject, &zkgroup::group_law::GroupValue::Point(even))
}

#[cfg(feature = "family-tests")]
pub(crate) mod group_law_tests;
