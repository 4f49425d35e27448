//! Curve25519: curve25519-dalek 5's multiscalar paths and tari_bulletproofs_plus 0.5.3's
//! batch verification.
//!
//! * dalek ([`msm`], [`encoding`]): the five multiscalar forms for `EdwardsPoint` and
//!   `RistrettoPoint` — constant-time Straus, variable-time Straus below 190 points and
//!   Pippenger from 190 (window 6, 7 from 500, 8 from 800), the precomputed Straus types with
//!   fewer static scalars than static points — plus `mul_base`, compression (single, batch,
//!   double-and-compress) and decompression. Oracle: known logs with torsion bookkeeping,
//!   compared as RFC 8032 / RFC 9496 encodings, and the RFC decoders.
//! * tari ([`tari`]): Bulletproofs+ batch verification against ground truth — ecdiff creates
//!   the proofs, so it knows which are valid and which masks they carry.
//!
//! Thresholds come from the code under test (read at the pinned versions) and are straddled by
//! each routine's length classes; the path each case takes is a declared class, so the vacuity
//! check proves every path ran.

pub mod adapter_dalek;
pub mod adapter_tari;
pub mod double_base;
pub mod edwards;
pub mod edwards_msm;
pub mod encoding;
pub mod montgomery;

pub mod tari;
#[cfg(feature = "zoo")]
mod zoo;

use crate::declare::{Family, RoutineRow};
use crate::families::curve25519::adapter_dalek::{DalekMsm, DALEK};
use crate::families::curve25519::adapter_tari::{Tari, TARI};
use crate::families::curve25519::edwards::Flavor;
use crate::families::curve25519::edwards_msm::{self as msm, MsmKind};
use crate::families::curve25519::tari::batch_verify::Mode;
use crate::generators::lengths::Lengths;
use curve25519_dalek::edwards::EdwardsPoint;
use curve25519_dalek::ristretto::RistrettoPoint;
use encoding::CompressOp;

/// dalek's variable-time size thresholds: Straus → Pippenger (w = 6) at 190, w = 7 at 500,
/// w = 8 at 800 (`edwards.rs:1023`, `backend/serial/scalar_mul/pippenger.rs:81`).
pub const DALEK_MSM_THRESHOLDS: &[(&str, usize)] = &[
    ("straus_pippenger", msm::STRAUS_PIPPENGER),
    ("pippenger_w7", msm::PIPPENGER_W7),
    ("pippenger_w8", msm::PIPPENGER_W8),
];

/// The check the routine row `spec.name` of this family builds, as its concrete type `T`: a
/// bug-zoo variant takes it and swaps its subject, so the row is the one place that says what
/// the routine is (its flavor, its form).
///
/// # Panics
/// If the family has no such row, or its check is not a `T` (a zoo row naming the wrong
/// routine).
#[cfg(feature = "zoo")]
pub(crate) fn row_check<T: 'static>(spec: crate::shapes::Spec) -> T {
    let row = (FAMILY.routines.iter())
        .find(|r| r.name == spec.name)
        .unwrap_or_else(|| panic!("{} is not a curve25519 routine", spec.name));
    *(row.build)(spec)
        .into_any()
        .downcast::<T>()
        .unwrap_or_else(|_| {
            panic!(
                "{} is not a {} routine",
                row.name,
                std::any::type_name::<T>()
            )
        })
}
/// The five multiscalar forms of one dalek group, as routine rows: `dalek_<group>_` then
/// `multiscalar_mul`, `vartime_multiscalar_mul`, `optional_multiscalar_mul` (the Straus /
/// Pippenger forms, across their thresholds) and `vartime_mixed_multiscalar_mul`,
/// `optional_mixed_multiscalar_mul` (the precomputed forms).
macro_rules! msm_rows {
    ($group:literal, $flavor:expr, $point:ty) => {
        [
            msm_rows!(@row $group, "multiscalar_mul", "MultiscalarMul::multiscalar_mul",
                Lengths::up_to(900).thresholds(DALEK_MSM_THRESHOLDS), 192,
                $flavor, MsmKind::ConstTime, $point),
            msm_rows!(@row $group, "vartime_multiscalar_mul",
                "VartimeMultiscalarMul::vartime_multiscalar_mul",
                Lengths::up_to(1100).thresholds(DALEK_MSM_THRESHOLDS), 256,
                $flavor, MsmKind::Vartime, $point),
            msm_rows!(@row $group, "optional_multiscalar_mul",
                "VartimeMultiscalarMul::optional_multiscalar_mul",
                Lengths::up_to(1100).thresholds(DALEK_MSM_THRESHOLDS), 256,
                $flavor, MsmKind::Optional, $point),
            msm_rows!(@row $group, "vartime_mixed_multiscalar_mul",
                "VartimePrecomputedMultiscalarMul::vartime_mixed_multiscalar_mul",
                Lengths::up_to(64), 192, $flavor, MsmKind::Mixed, $point),
            msm_rows!(@row $group, "optional_mixed_multiscalar_mul",
                "VartimePrecomputedMultiscalarMul::optional_mixed_multiscalar_mul",
                Lengths::up_to(64), 192, $flavor, MsmKind::OptionalMixed, $point),
        ]
    };
    (@row $group:literal, $form:literal, $function:literal, $lengths:expr, $cases:literal,
     $flavor:expr, $kind:expr, $point:ty) => {
        RoutineRow {
            name: concat!("dalek_", $group, "_", $form),
            subject: DALEK,
            function: $function,
            lengths: $lengths,
            cases: $cases,
            build: |spec| {
                Box::new(msm::check(spec, $flavor, $kind, DalekMsm::<$point>::new($kind)))
            },
        }
    };
}

const EDWARDS_MSM: [RoutineRow; 5] = msm_rows!("edwards", Flavor::Edwards, EdwardsPoint);
const RISTRETTO_MSM: [RoutineRow; 5] = msm_rows!("ristretto", Flavor::Ristretto, RistrettoPoint);

/// The family's own tests ([`crate::declare::UnitTest`]), one list per `tests` module.
#[cfg(feature = "family-tests")]
const UNIT_TESTS: &[&[crate::declare::UnitTest]] = &[
    adapter_dalek::tests::TESTS,
    adapter_tari::tests::TESTS,
    double_base::tests::TESTS,
    edwards::tests::TESTS,
    edwards_msm::tests::TESTS,
    encoding::tests::TESTS,
    known_finding_tests::TESTS,
    montgomery::tests::TESTS,
    tari::from_bytes::known_finding_tests::TESTS,
    tari::parts::tests::TESTS,
    tari::tests::TESTS,
    tests::TESTS,
    #[cfg(feature = "zoo")]
    zoo::msm::tests::TESTS,
    #[cfg(feature = "zoo")]
    zoo::tests::TESTS,
];

/// The family's table: one row per routine. The bug zoo builds its variants from these rows'
/// specs, so a broken variant sees exactly the cases of the routine it breaks.
pub const FAMILY: Family = Family {
    name: "curve25519",
    #[cfg(feature = "zoo")]
    zoo: &[zoo::ROWS],
    #[cfg(feature = "family-tests")]
    unit_tests: UNIT_TESTS,
    contract_check: crate::engine::no_contract_check,
    routines: &[
        EDWARDS_MSM[0],
        EDWARDS_MSM[1],
        EDWARDS_MSM[2],
        EDWARDS_MSM[3],
        EDWARDS_MSM[4],
        RISTRETTO_MSM[0],
        RISTRETTO_MSM[1],
        RISTRETTO_MSM[2],
        RISTRETTO_MSM[3],
        RISTRETTO_MSM[4],
        RoutineRow {
            name: "dalek_edwards_mul_base",
            subject: DALEK,
            function: "EdwardsPoint::mul_base",
            lengths: Lengths::up_to(0),
            cases: 384,
            build: |spec| {
                Box::new(encoding::check_mul_base(
                    spec,
                    Flavor::Edwards,
                    Box::new(adapter_dalek::mul_base::<EdwardsPoint>),
                ))
            },
        },
        RoutineRow {
            name: "dalek_ristretto_mul_base",
            subject: DALEK,
            function: "RistrettoPoint::mul_base",
            lengths: Lengths::up_to(0),
            cases: 384,
            build: |spec| {
                Box::new(encoding::check_mul_base(
                    spec,
                    Flavor::Ristretto,
                    Box::new(adapter_dalek::mul_base::<RistrettoPoint>),
                ))
            },
        },
        RoutineRow {
            name: "dalek_edwards_compress",
            subject: DALEK,
            function: "EdwardsPoint::compress",
            lengths: Lengths::up_to(40),
            cases: 128,
            build: |spec| {
                Box::new(encoding::check_compress(
                    spec,
                    Flavor::Edwards,
                    CompressOp::Each,
                    Box::new(adapter_dalek::compress_each::<EdwardsPoint>),
                    Box::new(adapter_dalek::read_points::<EdwardsPoint>),
                ))
            },
        },
        RoutineRow {
            name: "dalek_ristretto_compress",
            subject: DALEK,
            function: "RistrettoPoint::compress",
            lengths: Lengths::up_to(40),
            cases: 128,
            build: |spec| {
                Box::new(encoding::check_compress(
                    spec,
                    Flavor::Ristretto,
                    CompressOp::Each,
                    Box::new(adapter_dalek::compress_each::<RistrettoPoint>),
                    Box::new(adapter_dalek::read_points::<RistrettoPoint>),
                ))
            },
        },
        RoutineRow {
            name: "dalek_edwards_compress_batch",
            subject: DALEK,
            function: "EdwardsPoint::compress_batch_alloc",
            lengths: Lengths::up_to(40),
            cases: 128,
            build: |spec| {
                Box::new(encoding::check_compress(
                    spec,
                    Flavor::Edwards,
                    CompressOp::Each,
                    Box::new(adapter_dalek::edwards_compress_batch),
                    Box::new(adapter_dalek::read_points::<EdwardsPoint>),
                ))
            },
        },
        RoutineRow {
            name: "dalek_ristretto_double_and_compress_batch",
            subject: DALEK,
            function: "RistrettoPoint::double_and_compress_batch",
            lengths: Lengths::up_to(40),
            cases: 128,
            build: |spec| {
                Box::new(encoding::check_compress(
                    spec,
                    Flavor::Ristretto,
                    CompressOp::Double,
                    Box::new(adapter_dalek::ristretto_double_and_compress_batch),
                    Box::new(adapter_dalek::read_points::<RistrettoPoint>),
                ))
            },
        },
        RoutineRow {
            name: "dalek_edwards_decompress",
            subject: DALEK,
            function: "CompressedEdwardsY::decompress",
            lengths: Lengths::up_to(0),
            cases: 320,
            build: |spec| {
                Box::new(encoding::check_decompress(
                    spec,
                    Flavor::Edwards,
                    Box::new(adapter_dalek::decompress::<EdwardsPoint>),
                ))
            },
        },
        RoutineRow {
            name: "dalek_ristretto_decompress",
            subject: DALEK,
            function: "CompressedRistretto::decompress",
            lengths: Lengths::up_to(0),
            cases: 320,
            build: |spec| {
                Box::new(encoding::check_decompress(
                    spec,
                    Flavor::Ristretto,
                    Box::new(adapter_dalek::decompress::<RistrettoPoint>),
                ))
            },
        },
        RoutineRow {
            name: "dalek_edwards_vartime_double_scalar_mul_basepoint",
            subject: DALEK,
            function: "EdwardsPoint::vartime_double_scalar_mul_basepoint",
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| {
                Box::new(double_base::check(
                    spec,
                    Flavor::Edwards,
                    Box::new(adapter_dalek::vartime_double_scalar_mul_basepoint::<EdwardsPoint>),
                ))
            },
        },
        RoutineRow {
            name: "dalek_ristretto_vartime_double_scalar_mul_basepoint",
            subject: DALEK,
            function: "RistrettoPoint::vartime_double_scalar_mul_basepoint",
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| {
                Box::new(double_base::check(
                    spec,
                    Flavor::Ristretto,
                    Box::new(adapter_dalek::vartime_double_scalar_mul_basepoint::<RistrettoPoint>),
                ))
            },
        },
        RoutineRow {
            name: "dalek_edwards_to_montgomery_batch",
            subject: DALEK,
            function: "EdwardsPoint::to_montgomery_batch (and to_montgomery per point)",
            lengths: Lengths::up_to(64),
            cases: 192,
            build: |spec| {
                Box::new(montgomery::check_to_montgomery(
                    spec,
                    Box::new(adapter_dalek::edwards_to_montgomery_batch),
                    Some(Box::new(adapter_dalek::edwards_to_montgomery_each)),
                ))
            },
        },
        RoutineRow {
            name: "tari_batch_verify",
            subject: TARI,
            function: "RangeProof::verify_batch",
            lengths: Lengths::up_to(64),
            cases: 320,
            build: |spec| Box::new(tari::check(spec, Mode::BatchVerify, Tari)),
        },
        RoutineRow {
            name: "tari_mask_recovery",
            subject: TARI,
            function: "RangeProof::verify_batch (RecoverOnly, RecoverAndVerify)",
            lengths: Lengths::up_to(64),
            cases: 288,
            build: |spec| Box::new(tari::check(spec, Mode::MaskRecovery, Tari)),
        },
        RoutineRow {
            name: "tari_batch_vs_single",
            subject: TARI,
            function: "RangeProof::verify_batch (batch vs single)",
            lengths: Lengths::up_to(64),
            cases: 128,
            build: |spec| Box::new(tari::check(spec, Mode::BatchVsSingle, Tari)),
        },
        RoutineRow {
            name: "tari_proof_from_bytes",
            subject: TARI,
            function: "RangeProof::from_bytes / to_bytes",
            lengths: Lengths::up_to(64),
            cases: 384,
            build: |spec| {
                Box::new(
                    tari::check_from_bytes(
                        spec,
                        Box::new(crate::families::curve25519::adapter_tari::reserialize),
                    )
                    .reproduced_by_tari(),
                )
            },
        },
    ],
};

#[cfg(feature = "family-tests")]
pub(crate) mod tests;

#[cfg(feature = "family-tests")]
pub(crate) mod known_finding_tests;
