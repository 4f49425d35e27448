//! P-256: p256 0.14's point routines (RustCrypto's `primeorder` 0.14 complete formulas for
//! a = −3, Renes–Costello–Batina 2016, ePrint 2015/1060 Algorithms 4–6), the routines ecdiff
//! runs for k256 0.14, over the P-256 oracle (`ecdiff_oracles::curves::p256`, SEC 2 v2 §2.4.2).
//!
//! | routine | subject | oracle |
//! |---|---|---|
//! | `p256_to_affine` | `to_affine`, SEC1 encoders, `GroupEncoding`, `is_identity` | known-log points, SEC 1 encodings |
//! | `p256_mul` | `P * k`, `mul_vartime`, `AffinePoint * k` | known logs |
//! | `p256_mul_by_generator` | `mul_by_generator{,_vartime}` (33-window `BasepointTable`), `GENERATOR * k` | fixed-base windows |
//! | `p256_lincomb` | `lincomb{,_vartime}` (array, slice), `mul_by_generator_and_mul_add_vartime` | known logs |
//! | `p256_group_law` | through `group` 0.14's traits: `+`, `-`, `neg`, `double`, `+ AffinePoint`, `* Scalar`, `is_identity`, `Sum`, `batch_normalize`, `from_bytes`, `conditional_select` — known finding [`P256_COMPACT_TAG_ACCEPTED`] | known logs ([`crate::zkgroup::group_law()`]) |
//! | `p256_batch_normalize` | `BatchNormalize` (array, `Array`, slice; ct and vartime), `CurveGroup::batch_normalize` | known logs |
//!
//! Inputs are the recipes of [`crate::shapes::sec1_points`] carried out with p256's own
//! arithmetic (`crate::families::p256::adapter_p256`), so identities produced by arithmetic (`P + (−P)`,
//! `P − P`, `P·0`, `IDENTITY·k`, a mixed sum with the affine identity) reach every routine,
//! as for k256. Known finding: `lincomb` of zero terms panics in debug builds
//! (`crate::families::p256::adapter_p256`). The bug zoo (feature `zoo`) holds broken glue around p256's
//! public API modelled on published bugs of other libraries (each cited in `zoo.rs`).

pub mod adapter_p256;

#[cfg(feature = "zoo")]
mod zoo;

use crate::declare::{Family, RoutineRow};
use crate::families::p256::adapter_p256::{
    P256BatchNormalize, P256Lincomb, P256Mul, P256MulByGenerator, P256ToAffine, P256 as P256_CRATE,
};
use crate::generators::lengths::Lengths;
use crate::shapes::sec1_points::{
    self as points, BatchNormalizeKind, LincombKind, MulByGeneratorKind, MulKind, ToAffineKind,
};
use ecdiff_oracles::curves::P256;

/// The family's own tests ([`crate::declare::UnitTest`]), one list per `tests` module.
#[cfg(feature = "family-tests")]
const UNIT_TESTS: &[&[crate::declare::UnitTest]] = &[known_finding_tests::TESTS];

/// The family's table: one row per routine. The bug zoo builds its variants from these rows'
/// specs, so a broken variant sees exactly the cases of the routine it breaks.
pub const FAMILY: Family = Family {
    name: "p256",
    #[cfg(feature = "zoo")]
    zoo: zoo::TABLES,
    #[cfg(feature = "family-tests")]
    unit_tests: UNIT_TESTS,
    contract_check: crate::engine::no_contract_check,
    routines: &[
        RoutineRow {
            name: "p256_to_affine",
            subject: P256_CRATE,
            function: "ProjectivePoint::to_affine + encoders",
            lengths: Lengths::up_to(12),
            cases: 256,
            build: |spec| {
                Box::new(points::check_on::<P256, _>(
                    spec,
                    ToAffineKind,
                    P256ToAffine,
                ))
            },
        },
        RoutineRow {
            name: "p256_mul",
            subject: P256_CRATE,
            function: "ProjectivePoint * Scalar, mul_vartime",
            lengths: Lengths::up_to(6).non_empty(),
            cases: 256,
            build: |spec| Box::new(points::check_on::<P256, _>(spec, MulKind, P256Mul)),
        },
        RoutineRow {
            name: "p256_mul_by_generator",
            subject: P256_CRATE,
            function: "ProjectivePoint::mul_by_generator{,_vartime}",
            lengths: Lengths::up_to(8).non_empty(),
            cases: 256,
            build: |spec| {
                Box::new(points::check_on::<P256, _>(
                    spec,
                    MulByGeneratorKind,
                    P256MulByGenerator,
                ))
            },
        },
        RoutineRow {
            name: "p256_lincomb",
            subject: P256_CRATE,
            function: "LinearCombination::lincomb{,_vartime}",
            lengths: Lengths::up_to(8),
            cases: 256,
            build: |spec| Box::new(points::check_on::<P256, _>(spec, LincombKind, P256Lincomb)),
        },
        RoutineRow {
            name: "p256_batch_normalize",
            subject: P256_CRATE,
            function: "BatchNormalize::batch_normalize{,_vartime}, CurveGroup::batch_normalize",
            lengths: Lengths::up_to(24),
            cases: 256,
            build: |spec| {
                Box::new(points::check_on::<P256, _>(
                    spec,
                    BatchNormalizeKind,
                    P256BatchNormalize,
                ))
            },
        },
        RoutineRow {
            name: "p256_group_law",
            subject: P256_CRATE,
            function: "group 0.14 traits: +, -, neg, double, + AffinePoint, * Scalar, is_identity, Sum, batch_normalize, from_bytes, conditional_select",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(with_compact_tag_known(
                    crate::zkgroup::group_law::<p256::ProjectivePoint, P256, _>(
                        spec,
                        crate::zkgroup::Sec1Compressed,
                    )
                    .with_reproducer(crate::zkgroup::ReproPaths {
                        group_type: "p256::ProjectivePoint",
                        group_version: "0.14.0",
                    }),
                ))
            },
        },
        RoutineRow {
            name: "p256_wnaf",
            subject: P256_CRATE,
            function:
                "group 0.14 WnafBase × WnafScalar, windows 2 to 8 (p256 implements no WnafGroup)",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(
                    crate::zkgroup::wnaf::<p256::ProjectivePoint, P256, _>(
                        spec,
                        crate::zkgroup::Sec1Compressed,
                    )
                    .with_reproducer(crate::zkgroup::ReproPaths {
                        group_type: "p256::ProjectivePoint",
                        group_version: "0.14.0",
                    }),
                )
            },
        },
    ],
};

/// p256 0.14.0's `GroupEncoding::from_bytes` accepts a 33-byte string that starts with tag
/// 0x05 — `sec1` 0.8's `Tag::Compact` (draft-jivsov-ecc-compact), not in SEC 1 v2 §2.3.4,
/// never written by `to_bytes` — and decompacts x to the root with the smaller y (primeorder's
/// `AffinePoint::to_compact`): every such point gets a second 33-byte encoding. Found by the
/// `from_bytes` cases' random bytes (with k256's, whose convention is the even root).
/// Smallest input: `05` ‖ x(G), which decodes to G (its y is the smaller root). No upstream
/// issue found.
pub const P256_COMPACT_TAG_ACCEPTED: &str = "p256 0.14.0 (primeorder) GroupEncoding::from_bytes \
     accepts tag 0x05 (sec1 0.8 Tag::Compact, not in SEC 1 v2 §2.3.4; to_bytes never writes it) \
     in its 33-byte compressed repr and returns (x, min(y, p − y)): a second encoding of those \
     points; smallest input: 05 ‖ x(G) decodes to G; no upstream issue found";

/// The group-law check with the known finding of the compact tag declared (the row's, and
/// its zoo variants').
fn with_compact_tag_known(
    check: crate::zkgroup::group_law::GroupLawCheck<P256>,
) -> crate::shapes::known::WithKnown<crate::zkgroup::group_law::GroupLawCheck<P256>> {
    crate::shapes::known::with_known(check, compact_tag_known, compact_tag_behaviour)
}

/// The cases of [`P256_COMPACT_TAG_ACCEPTED`]: `from_bytes` of `05` ‖ the x of a curve point.
fn compact_tag_known(
    case: &crate::zkgroup::group_law::GroupLawCase<ecdiff_oracles::field::Fp>,
) -> crate::engine::Expected {
    crate::zkgroup::group_law::sec1_compact_expected::<P256>(case, P256_COMPACT_TAG_ACCEPTED)
}

/// What p256 returns on those cases: the point with that x and the smaller y, exactly.
fn compact_tag_behaviour(
    case: &crate::zkgroup::group_law::GroupLawCase<ecdiff_oracles::field::Fp>,
    subject: &crate::engine::Outcome<
        crate::zkgroup::group_law::GroupValue<ecdiff_oracles::field::Fp>,
    >,
) -> Result<(), String> {
    use ecdiff_oracles::weierstrass::Point;
    let roots =
        crate::zkgroup::sec1_compact_roots::<P256>(&case.bytes).ok_or("not a compact-tag case")?;
    let y = |p: &Point<ecdiff_oracles::field::Fp>| match p {
        Point::Affine { y, .. } => y.value().clone(),
        Point::Identity => unreachable!("a lifted x"),
    };
    let smaller = roots
        .iter()
        .min_by_key(|p| y(p))
        .expect("two roots")
        .clone();
    crate::shapes::known::returned(
        subject,
        &crate::zkgroup::group_law::GroupValue::Point(smaller),
    )
}

#[cfg(feature = "family-tests")]
pub(crate) mod known_finding_tests;
