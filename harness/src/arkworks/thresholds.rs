//! The algorithm thresholds of arkworks 0.5's own generic code, which every family built on
//! arkworks straddles (dory-pcs's BN254 routines and ark-bls12-381's): the MSM window of
//! `ark-ec` 0.5 `src/scalar_mul/variable_base/mod.rs` (`msm_bigint_wnaf`) and the split of
//! `ark-ff` 0.5's parallel `batch_inversion` (`src/fields/mod.rs`).

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

/// ark-ff's parallel `batch_inversion` gives each of the 4 threads max(n / 4, 1) elements.
pub const BATCH_INVERSION_SPLITS: &[(&str, usize)] =
    &[("one_per_thread", 4), ("two_per_thread", 8)];
