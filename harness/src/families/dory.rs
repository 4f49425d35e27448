//! The dory-pcs / arkworks family: dory-pcs 0.5.0's arkworks `DoryRoutines` for BN254 G1
//! and G2, `gt_msm` and GT scaling, and the ark-ec 0.5 routines they stand on.
//!
//! Thresholds come from the code under test (read at the pinned versions) and are straddled
//! by the length classes of each routine.

use crate::engine::DynRoutine;
use crate::shapes::{self, Spec};
use crate::subjects::dory::{Ark, Dory, DoryFold, ARK, DORY};
use ecdiff_oracles::curves::{bn254_fr, Bn254G1, Bn254G2};

/// ark-ec 0.5's MSM window: c = 3 below 32 bases, else ⌈log₂ n⌉·69/100 + 2, so c changes
/// at n = 32, 33, 129, 257, 1025 and 2049 (`msm_bigint_wnaf`).
pub const ARK_MSM_WINDOWS: &[(&str, usize)] = &[
    ("ark_window_c5", 32),
    ("ark_window_c6", 33),
    ("ark_window_c7", 129),
    ("ark_window_c8", 257),
    ("ark_window_c9", 1025),
    ("ark_window_c10", 2049),
];

/// dory's `fold_field_vectors` splits with rayon's `with_min_len(1 << 10)`.
pub const FOLD_SPLITS: &[(&str, usize)] = &[("rayon_min_len", 1024), ("two_min_len_chunks", 2048)];

/// dory's `gt_msm` splits into chunks of max(⌈n / threads⌉, `GT_MSM_MIN_CHUNK` = 8) when that
/// is below n; with the engine's 4 subject threads the split starts at n = 9 and chunks grow
/// past 8 from n = 33.
pub const GT_MSM_SPLITS: &[(&str, usize)] = &[("gt_min_chunk", 9), ("gt_chunk_above_min", 33)];

/// ark-ff's parallel `batch_inversion` gives each of the 4 threads max(n / 4, 1) elements.
pub const BATCH_INVERSION_SPLITS: &[(&str, usize)] =
    &[("one_per_thread", 4), ("two_per_thread", 8)];

/// The spec of each routine of the family (name, subject, lengths, budget). The bug zoo
/// reuses these, so a broken variant sees exactly the cases of the routine it breaks.
pub fn spec(name: &'static str) -> Spec {
    let (subject, function, max, thresholds, cases): (
        _,
        _,
        _,
        &'static [(&'static str, usize)],
        _,
    ) = match name {
        "dory_g1_msm" => (DORY, "G1Routines::msm", 300, ARK_MSM_WINDOWS, 320),
        "dory_g2_msm" => (DORY, "G2Routines::msm", 160, ARK_MSM_WINDOWS, 320),
        "dory_g1_fixed_base_vector_scalar_mul" => (
            DORY,
            "G1Routines::fixed_base_vector_scalar_mul",
            40,
            &[],
            160,
        ),
        "dory_g2_fixed_base_vector_scalar_mul" => (
            DORY,
            "G2Routines::fixed_base_vector_scalar_mul",
            16,
            &[],
            128,
        ),
        "dory_g1_fixed_scalar_mul_bases_then_add" => (
            DORY,
            "G1Routines::fixed_scalar_mul_bases_then_add",
            40,
            &[],
            192,
        ),
        "dory_g2_fixed_scalar_mul_bases_then_add" => (
            DORY,
            "G2Routines::fixed_scalar_mul_bases_then_add",
            16,
            &[],
            160,
        ),
        "dory_g1_fixed_scalar_mul_vs_then_add" => (
            DORY,
            "G1Routines::fixed_scalar_mul_vs_then_add",
            40,
            &[],
            192,
        ),
        "dory_g2_fixed_scalar_mul_vs_then_add" => (
            DORY,
            "G2Routines::fixed_scalar_mul_vs_then_add",
            16,
            &[],
            160,
        ),
        "dory_g1_fold_field_vectors" => {
            (DORY, "G1Routines::fold_field_vectors", 64, FOLD_SPLITS, 192)
        }
        "dory_g2_fold_field_vectors" => {
            (DORY, "G2Routines::fold_field_vectors", 64, FOLD_SPLITS, 192)
        }
        "dory_gt_msm" => (DORY, "BN254::gt_msm (PairingCurve)", 40, GT_MSM_SPLITS, 128),
        "dory_gt_scale" => (DORY, "ArkGT::scale (Group)", 1, &[], 256),
        "ark_g1_normalize_batch" => (
            ARK,
            "G1Projective::normalize_batch",
            64,
            BATCH_INVERSION_SPLITS,
            160,
        ),
        "ark_g2_normalize_batch" => (
            ARK,
            "G2Projective::normalize_batch",
            32,
            BATCH_INVERSION_SPLITS,
            128,
        ),
        "ark_g1_msm" => (ARK, "VariableBaseMSM::msm (G1)", 300, ARK_MSM_WINDOWS, 320),
        "ark_g2_msm" => (ARK, "VariableBaseMSM::msm (G2)", 160, ARK_MSM_WINDOWS, 320),
        other => panic!("no dory-family routine named {other}"),
    };
    Spec::new(name)
        .family("dory")
        .subject(subject, function)
        .lengths(max, thresholds)
        .cases(cases)
}

/// The family's routines.
pub fn routines() -> Vec<Box<dyn DynRoutine>> {
    let fr = bn254_fr().modulus();
    vec![
        Box::new(shapes::msm::check::<Bn254G1, _>(spec("dory_g1_msm"), Dory)),
        Box::new(shapes::msm::check::<Bn254G2, _>(spec("dory_g2_msm"), Dory)),
        Box::new(shapes::vector::check_fixed_base::<Bn254G1, _>(
            spec("dory_g1_fixed_base_vector_scalar_mul"),
            Dory,
        )),
        Box::new(shapes::vector::check_fixed_base::<Bn254G2, _>(
            spec("dory_g2_fixed_base_vector_scalar_mul"),
            Dory,
        )),
        Box::new(shapes::vector::check_bases_then_add::<Bn254G1, _>(
            spec("dory_g1_fixed_scalar_mul_bases_then_add"),
            Dory,
        )),
        Box::new(shapes::vector::check_bases_then_add::<Bn254G2, _>(
            spec("dory_g2_fixed_scalar_mul_bases_then_add"),
            Dory,
        )),
        Box::new(shapes::vector::check_vs_then_add::<Bn254G1, _>(
            spec("dory_g1_fixed_scalar_mul_vs_then_add"),
            Dory,
        )),
        Box::new(shapes::vector::check_vs_then_add::<Bn254G2, _>(
            spec("dory_g2_fixed_scalar_mul_vs_then_add"),
            Dory,
        )),
        Box::new(shapes::fold::check(
            spec("dory_g1_fold_field_vectors"),
            fr,
            DoryFold::G1,
        )),
        Box::new(shapes::fold::check(
            spec("dory_g2_fold_field_vectors"),
            fr,
            DoryFold::G2,
        )),
        Box::new(shapes::gt::check_multi_exp(spec("dory_gt_msm"), Dory)),
        Box::new(shapes::gt::check_scale(spec("dory_gt_scale"), Dory)),
        Box::new(shapes::normalize::check::<Bn254G1, _>(
            spec("ark_g1_normalize_batch"),
            Ark,
        )),
        Box::new(shapes::normalize::check::<Bn254G2, _>(
            spec("ark_g2_normalize_batch"),
            Ark,
        )),
        Box::new(shapes::msm::check_affine::<Bn254G1, _>(
            spec("ark_g1_msm"),
            Ark,
        )),
        Box::new(shapes::msm::check_affine::<Bn254G2, _>(
            spec("ark_g2_msm"),
            Ark,
        )),
    ]
}

/// The family's bug-zoo variants.
#[cfg(feature = "zoo")]
pub fn zoo() -> Vec<crate::zoo::ZooVariant> {
    zoo::variants()
}

#[cfg(feature = "zoo")]
mod zoo;
