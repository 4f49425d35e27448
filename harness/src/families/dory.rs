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

fn dory(name: &'static str, function: &'static str) -> Spec {
    Spec::new(name).family("dory").subject(DORY, function)
}

fn ark(name: &'static str, function: &'static str) -> Spec {
    Spec::new(name).family("dory").subject(ARK, function)
}

/// The family's routines.
pub fn routines() -> Vec<Box<dyn DynRoutine>> {
    let fr = bn254_fr().modulus();
    vec![
        Box::new(shapes::msm::check::<Bn254G1, _>(
            dory("dory_g1_msm", "G1Routines::msm")
                .lengths(300, ARK_MSM_WINDOWS)
                .cases(320),
            Dory,
        )),
        Box::new(shapes::msm::check::<Bn254G2, _>(
            dory("dory_g2_msm", "G2Routines::msm")
                .lengths(160, ARK_MSM_WINDOWS)
                .cases(320),
            Dory,
        )),
        Box::new(shapes::vector::check_fixed_base::<Bn254G1, _>(
            dory(
                "dory_g1_fixed_base_vector_scalar_mul",
                "G1Routines::fixed_base_vector_scalar_mul",
            )
            .lengths(40, &[])
            .cases(160),
            Dory,
        )),
        Box::new(shapes::vector::check_fixed_base::<Bn254G2, _>(
            dory(
                "dory_g2_fixed_base_vector_scalar_mul",
                "G2Routines::fixed_base_vector_scalar_mul",
            )
            .lengths(16, &[])
            .cases(128),
            Dory,
        )),
        Box::new(shapes::vector::check_bases_then_add::<Bn254G1, _>(
            dory(
                "dory_g1_fixed_scalar_mul_bases_then_add",
                "G1Routines::fixed_scalar_mul_bases_then_add",
            )
            .lengths(40, &[])
            .cases(192),
            Dory,
        )),
        Box::new(shapes::vector::check_bases_then_add::<Bn254G2, _>(
            dory(
                "dory_g2_fixed_scalar_mul_bases_then_add",
                "G2Routines::fixed_scalar_mul_bases_then_add",
            )
            .lengths(16, &[])
            .cases(160),
            Dory,
        )),
        Box::new(shapes::vector::check_vs_then_add::<Bn254G1, _>(
            dory(
                "dory_g1_fixed_scalar_mul_vs_then_add",
                "G1Routines::fixed_scalar_mul_vs_then_add",
            )
            .lengths(40, &[])
            .cases(192),
            Dory,
        )),
        Box::new(shapes::vector::check_vs_then_add::<Bn254G2, _>(
            dory(
                "dory_g2_fixed_scalar_mul_vs_then_add",
                "G2Routines::fixed_scalar_mul_vs_then_add",
            )
            .lengths(16, &[])
            .cases(160),
            Dory,
        )),
        Box::new(shapes::fold::check(
            dory(
                "dory_g1_fold_field_vectors",
                "G1Routines::fold_field_vectors",
            )
            .lengths(64, FOLD_SPLITS)
            .cases(192),
            fr,
            DoryFold::G1,
        )),
        Box::new(shapes::fold::check(
            dory(
                "dory_g2_fold_field_vectors",
                "G2Routines::fold_field_vectors",
            )
            .lengths(64, FOLD_SPLITS)
            .cases(192),
            fr,
            DoryFold::G2,
        )),
        Box::new(shapes::gt::check_multi_exp(
            dory("dory_gt_msm", "BN254::gt_msm (PairingCurve)")
                .lengths(40, GT_MSM_SPLITS)
                .cases(128),
            Dory,
        )),
        Box::new(shapes::gt::check_scale(
            dory("dory_gt_scale", "ArkGT::scale (Group)").cases(256),
            Dory,
        )),
        Box::new(shapes::normalize::check::<Bn254G1, _>(
            ark("ark_g1_normalize_batch", "G1Projective::normalize_batch")
                .lengths(64, BATCH_INVERSION_SPLITS)
                .cases(160),
            Ark,
        )),
        Box::new(shapes::normalize::check::<Bn254G2, _>(
            ark("ark_g2_normalize_batch", "G2Projective::normalize_batch")
                .lengths(32, BATCH_INVERSION_SPLITS)
                .cases(128),
            Ark,
        )),
        Box::new(shapes::msm::check_affine::<Bn254G1, _>(
            ark("ark_g1_msm", "VariableBaseMSM::msm (G1)")
                .lengths(300, ARK_MSM_WINDOWS)
                .cases(320),
            Ark,
        )),
        Box::new(shapes::msm::check_affine::<Bn254G2, _>(
            ark("ark_g2_msm", "VariableBaseMSM::msm (G2)")
                .lengths(160, ARK_MSM_WINDOWS)
                .cases(320),
            Ark,
        )),
    ]
}

/// The family's bug-zoo variants.
#[cfg(feature = "zoo")]
pub fn zoo() -> Vec<crate::zoo::ZooVariant> {
    Vec::new()
}
