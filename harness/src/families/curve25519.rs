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

pub mod encoding;
pub mod msm;
pub mod tari;
#[cfg(feature = "zoo")]
mod zoo;

use crate::engine::DynRoutine;
use crate::gen::edwards::Flavor;
use crate::shapes::Spec;
use crate::subjects::dalek::{self, DalekMsm, DALEK};
use curve25519_dalek::edwards::EdwardsPoint;
use curve25519_dalek::ristretto::RistrettoPoint;
use encoding::CompressOp;
use msm::MsmKind;

/// dalek's variable-time size thresholds: Straus → Pippenger (w = 6) at 190, w = 7 at 500,
/// w = 8 at 800 (`edwards.rs:1023`, `backend/serial/scalar_mul/pippenger.rs:81`).
pub const DALEK_MSM_THRESHOLDS: &[(&str, usize)] = &[
    ("straus_pippenger", msm::STRAUS_PIPPENGER),
    ("pippenger_w7", msm::PIPPENGER_W7),
    ("pippenger_w8", msm::PIPPENGER_W8),
];

/// What each dalek routine is: (name, flavor, function, kind of check).
#[derive(Clone, Copy, Debug)]
pub(crate) enum DalekRoutine {
    /// A multiscalar form.
    Msm(Flavor, MsmKind),
    /// `mul_base`.
    MulBase(Flavor),
    /// `compress` of each point.
    Compress(Flavor),
    /// `EdwardsPoint::compress_batch_alloc`.
    CompressBatch,
    /// `RistrettoPoint::double_and_compress_batch`.
    DoubleAndCompressBatch,
    /// `Compressed*::decompress`.
    Decompress(Flavor),
}

/// Every dalek routine of the family, by name.
pub(crate) const DALEK_ROUTINES: &[(&str, DalekRoutine)] = {
    use DalekRoutine::*;
    use Flavor::{Edwards as E, Ristretto as R};
    &[
        ("dalek_edwards_multiscalar_mul", Msm(E, MsmKind::ConstTime)),
        (
            "dalek_edwards_vartime_multiscalar_mul",
            Msm(E, MsmKind::Vartime),
        ),
        (
            "dalek_edwards_optional_multiscalar_mul",
            Msm(E, MsmKind::Optional),
        ),
        (
            "dalek_edwards_vartime_mixed_multiscalar_mul",
            Msm(E, MsmKind::Mixed),
        ),
        (
            "dalek_edwards_optional_mixed_multiscalar_mul",
            Msm(E, MsmKind::OptionalMixed),
        ),
        (
            "dalek_ristretto_multiscalar_mul",
            Msm(R, MsmKind::ConstTime),
        ),
        (
            "dalek_ristretto_vartime_multiscalar_mul",
            Msm(R, MsmKind::Vartime),
        ),
        (
            "dalek_ristretto_optional_multiscalar_mul",
            Msm(R, MsmKind::Optional),
        ),
        (
            "dalek_ristretto_vartime_mixed_multiscalar_mul",
            Msm(R, MsmKind::Mixed),
        ),
        (
            "dalek_ristretto_optional_mixed_multiscalar_mul",
            Msm(R, MsmKind::OptionalMixed),
        ),
        ("dalek_edwards_mul_base", MulBase(E)),
        ("dalek_ristretto_mul_base", MulBase(R)),
        ("dalek_edwards_compress", Compress(E)),
        ("dalek_ristretto_compress", Compress(R)),
        ("dalek_edwards_compress_batch", CompressBatch),
        (
            "dalek_ristretto_double_and_compress_batch",
            DoubleAndCompressBatch,
        ),
        ("dalek_edwards_decompress", Decompress(E)),
        ("dalek_ristretto_decompress", Decompress(R)),
    ]
};

/// The spec of each dalek routine (name, function, lengths, budget). The bug zoo reuses these,
/// so a broken variant sees exactly the cases of the routine it breaks.
pub(crate) fn dalek_spec(name: &'static str) -> (Spec, DalekRoutine) {
    let &(_, routine) = DALEK_ROUTINES
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("{name} is not a dalek routine"));
    use DalekRoutine::*;
    let (function, max, thresholds, cases): (_, _, &'static [(&'static str, usize)], _) =
        match routine {
            Msm(_, MsmKind::ConstTime) => (
                "MultiscalarMul::multiscalar_mul",
                900,
                DALEK_MSM_THRESHOLDS,
                192,
            ),
            Msm(_, MsmKind::Vartime) => (
                "VartimeMultiscalarMul::vartime_multiscalar_mul",
                1100,
                DALEK_MSM_THRESHOLDS,
                256,
            ),
            Msm(_, MsmKind::Optional) => (
                "VartimeMultiscalarMul::optional_multiscalar_mul",
                1100,
                DALEK_MSM_THRESHOLDS,
                256,
            ),
            Msm(_, MsmKind::Mixed) => (
                "VartimePrecomputedMultiscalarMul::vartime_mixed_multiscalar_mul",
                64,
                &[],
                192,
            ),
            Msm(_, MsmKind::OptionalMixed) => (
                "VartimePrecomputedMultiscalarMul::optional_mixed_multiscalar_mul",
                64,
                &[],
                192,
            ),
            MulBase(Flavor::Edwards) => ("EdwardsPoint::mul_base", 0, &[], 384),
            MulBase(Flavor::Ristretto) => ("RistrettoPoint::mul_base", 0, &[], 384),
            Compress(Flavor::Edwards) => ("EdwardsPoint::compress", 40, &[], 128),
            Compress(Flavor::Ristretto) => ("RistrettoPoint::compress", 40, &[], 128),
            CompressBatch => ("EdwardsPoint::compress_batch_alloc", 40, &[], 128),
            DoubleAndCompressBatch => ("RistrettoPoint::double_and_compress_batch", 40, &[], 128),
            Decompress(Flavor::Edwards) => ("CompressedEdwardsY::decompress", 0, &[], 320),
            Decompress(Flavor::Ristretto) => ("CompressedRistretto::decompress", 0, &[], 320),
        };
    let spec = Spec::new(name)
        .family("curve25519")
        .subject(DALEK, function)
        .lengths(max, thresholds)
        .cases(cases);
    (spec, routine)
}

/// The real (unbroken) dalek routine called `name`.
fn dalek_routine(name: &'static str) -> Box<dyn DynRoutine> {
    use DalekRoutine::*;
    let (spec, routine) = dalek_spec(name);
    match routine {
        Msm(Flavor::Edwards, kind) => Box::new(msm::check(
            spec,
            Flavor::Edwards,
            kind,
            DalekMsm::<EdwardsPoint>::new(kind),
        )),
        Msm(Flavor::Ristretto, kind) => Box::new(msm::check(
            spec,
            Flavor::Ristretto,
            kind,
            DalekMsm::<RistrettoPoint>::new(kind),
        )),
        MulBase(Flavor::Edwards) => Box::new(encoding::check_mul_base(
            spec,
            Flavor::Edwards,
            Box::new(dalek::mul_base::<EdwardsPoint>),
        )),
        MulBase(Flavor::Ristretto) => Box::new(encoding::check_mul_base(
            spec,
            Flavor::Ristretto,
            Box::new(dalek::mul_base::<RistrettoPoint>),
        )),
        Compress(Flavor::Edwards) => Box::new(encoding::check_compress(
            spec,
            Flavor::Edwards,
            CompressOp::Each,
            Box::new(dalek::compress_each::<EdwardsPoint>),
        )),
        Compress(Flavor::Ristretto) => Box::new(encoding::check_compress(
            spec,
            Flavor::Ristretto,
            CompressOp::Each,
            Box::new(dalek::compress_each::<RistrettoPoint>),
        )),
        CompressBatch => Box::new(encoding::check_compress(
            spec,
            Flavor::Edwards,
            CompressOp::Each,
            Box::new(dalek::edwards_compress_batch),
        )),
        DoubleAndCompressBatch => Box::new(encoding::check_compress(
            spec,
            Flavor::Ristretto,
            CompressOp::Double,
            Box::new(dalek::ristretto_double_and_compress_batch),
        )),
        Decompress(Flavor::Edwards) => Box::new(encoding::check_decompress(
            spec,
            Flavor::Edwards,
            Box::new(dalek::decompress::<EdwardsPoint>),
        )),
        Decompress(Flavor::Ristretto) => Box::new(encoding::check_decompress(
            spec,
            Flavor::Ristretto,
            Box::new(dalek::decompress::<RistrettoPoint>),
        )),
    }
}

/// The family's routines.
pub fn routines() -> Vec<Box<dyn DynRoutine>> {
    let mut v: Vec<Box<dyn DynRoutine>> = DALEK_ROUTINES
        .iter()
        .map(|&(name, _)| dalek_routine(name))
        .collect();
    v.extend(tari::routines());
    v
}

/// The family's bug-zoo variants.
#[cfg(feature = "zoo")]
pub fn zoo() -> Vec<crate::zoo::ZooVariant> {
    zoo::variants()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Detail;
    use crate::gen::{case_bytes, Bias};

    #[test]
    fn the_uniform_baseline_records_no_classes_and_agrees() {
        for r in routines() {
            let name = r.info().name;
            for i in 0..6 {
                let bytes = case_bytes(0, name, i, 256);
                let run = r.run_bytes(&bytes, Bias::Uniform, Detail::OnFinding);
                assert!(run.classes.is_empty(), "{name}: {:?}", run.classes);
                assert!(!run.is_finding(), "{name}: {:?}", run.verdict);
            }
        }
    }

    #[test]
    fn routine_names_are_stable_identifiers() {
        for r in routines() {
            let name = r.info().name;
            assert!(
                name.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{name}"
            );
            assert_eq!(r.info().family, "curve25519");
        }
    }
}
