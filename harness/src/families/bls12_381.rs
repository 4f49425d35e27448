//! BLS12-381: blst through blstrs 0.7.1, zkcrypto's bls12_381 0.9.0 and ark-bls12-381 0.5.0.
//!
//! Every routine goes through a public shape ([`crate::shapes`]) with an adapter of
//! [`crate::adapters::bls12_381`]; oracles are `ecdiff_oracles::bls12_381` (num-bigint only).
//!
//! # Thresholds (read at the pinned versions)
//!
//! * **blst MSM** (`blst-0.3.17/src/pippenger.rs`, `MultiPoint::mult`, and
//!   `blst/src/multi_scalar.c`): blstrs's `multi_exp` first converts its projective points with
//!   `p1_affines::from`, serial below 768 points and split over the thread pool in slices of
//!   ≥ 512 from 768 on (`BLST_AFFINE_SPLIT`). `mult` then picks by the pool's thread count
//!   (`ThreadPool::default()`, one thread per CPU) and the length: with ≥ 2 threads, fewer than
//!   32 points are multiplied one by one on the workers, and from 32 on a tiled Pippenger runs
//!   with window `pippenger_window_size(n)` = bits(n) − 3 for bits(n) ∈ 6..=13, bits(n) − 4
//!   above (changing at n = 32, 64, 128, 256, 512, 1024, 2048, 4096 and 16384). With one
//!   thread, or built with blst's `no-threads` feature (`.ci/run` runs the suites so too), the
//!   C code runs serially: n = 1 is `mult_w5`, n < 32 a 4-bit Straus table
//!   (`ptype##s_mult_wbits`), then Pippenger with window ⌊log₂ n⌋ − 1 / − 2 / − 3 (changing at
//!   n = 32, 64, 128, 256, 1024, 2048, 4096, 16384). The main rows straddle the thresholds up
//!   to 256; the `_large` rows, with their own small budget, those from 512 to 4096.
//! * **ark MSM**: ark-ec 0.5's `msm_bigint_wnaf`, the windows of [`ARK_MSM_WINDOWS`] (shared
//!   with BN254).
//! * **batch normalization**: ark's parallel `batch_inversion` ([`BATCH_INVERSION_SPLITS`]);
//!   blstrs and zkcrypto normalize point by point or with one serial inversion.
//!
//! zkcrypto's bls12_381 0.9.0 exposes no multi-scalar multiplication (its features `alloc`,
//! `experimental`, `groups`, `pairings` add `Wnaf` single-scalar tables, hash-to-curve and the
//! pairing; `src/g1.rs`, `src/g2.rs`), so it has no MSM row.

use crate::adapters::bls12_381::{ArkBls, Blstrs, ARK_BLS, BLSTRS};
use crate::declare::{Family, RoutineRow};
use crate::engine::{Expected, VerdictKind};
use crate::generators::lengths::Lengths;
use crate::shapes::{self, known::with_known, msm::MsmCase};
use ecdiff_oracles::bls12_381::{Bls12381G1, Bls12381G2};

pub use crate::families::dory::{ARK_MSM_WINDOWS, BATCH_INVERSION_SPLITS};

/// blst's MSM thresholds up to 256 points (module documentation): the per-point / Straus path
/// below 32, then Pippenger windows changing at 64, 128 and 256.
pub const BLST_MSM: &[(&str, usize)] = &[
    ("blst_pippenger", 32),
    ("blst_window_64", 64),
    ("blst_window_128", 128),
    ("blst_window_256", 256),
];

/// blst's MSM thresholds in the thousands (module documentation): windows changing at 512,
/// 1024, 2048 and 4096 points, and the parallel affine conversion from 768.
pub const BLST_MSM_LARGE: &[(&str, usize)] = &[
    ("blst_window_512", 512),
    ("blst_affine_split", 768),
    ("blst_window_1024", 1024),
    ("blst_window_2048", 2048),
    ("blst_window_4096", 4096),
];

/// blstrs 0.7.1's `multi_exp` on zero points panics: `p1_affines::from` indexes `points[0]`
/// (blst 0.3 `bindings/rust/src/pippenger.rs`, `let p = [&points[0], ptr::null()]`) before
/// looking at the length. Smallest trigger: `G1Projective::multi_exp(&[], &[])` (G2 alike).
/// The empty sum is the identity; the oracle says so.
pub const BLSTRS_EMPTY_MULTI_EXP: &str = "blstrs 0.7.1 multi_exp(&[], &[]) panics: blst's \
     p1_affines::from / p2_affines::from index points[0] of an empty slice \
     (blst 0.3 bindings/rust/src/pippenger.rs); smallest trigger: zero terms";

/// The known findings of blstrs's `multi_exp`: the empty input panics.
fn blstrs_msm_known<F>(case: &MsmCase<F>) -> Expected {
    if case.bases.is_empty() {
        Expected::known(VerdictKind::SubjectPanicked, BLSTRS_EMPTY_MULTI_EXP)
    } else {
        Expected::AGREE
    }
}

/// The family's table: one row per routine. The bug zoo builds its variants from these rows'
/// specs, so a broken variant sees exactly the cases of the routine it breaks.
pub const FAMILY: Family = Family {
    name: "bls12_381",
    routines: &[
        RoutineRow {
            name: "blst_g1_msm",
            subject: BLSTRS,
            function: "G1Projective::multi_exp",
            lengths: Lengths::up_to(300).thresholds(BLST_MSM),
            cases: 256,
            build: |spec| {
                Box::new(with_known(
                    shapes::msm::check::<Bls12381G1, _>(spec, Blstrs),
                    blstrs_msm_known,
                ))
            },
        },
        RoutineRow {
            name: "blst_g2_msm",
            subject: BLSTRS,
            function: "G2Projective::multi_exp",
            lengths: Lengths::up_to(160).thresholds(BLST_MSM),
            cases: 192,
            build: |spec| {
                Box::new(with_known(
                    shapes::msm::check::<Bls12381G2, _>(spec, Blstrs),
                    blstrs_msm_known,
                ))
            },
        },
        RoutineRow {
            name: "blst_g1_msm_large",
            subject: BLSTRS,
            function: "G1Projective::multi_exp (512 to 4096 points)",
            lengths: Lengths::up_to(2).thresholds(BLST_MSM_LARGE),
            cases: 96,
            build: |spec| {
                Box::new(with_known(
                    shapes::msm::check::<Bls12381G1, _>(spec, Blstrs),
                    blstrs_msm_known,
                ))
            },
        },
        RoutineRow {
            name: "blst_g2_msm_large",
            subject: BLSTRS,
            function: "G2Projective::multi_exp (512 to 4096 points)",
            lengths: Lengths::up_to(2).thresholds(BLST_MSM_LARGE),
            cases: 96,
            build: |spec| {
                Box::new(with_known(
                    shapes::msm::check::<Bls12381G2, _>(spec, Blstrs),
                    blstrs_msm_known,
                ))
            },
        },
        RoutineRow {
            name: "ark_bls12_381_g1_msm",
            subject: ARK_BLS,
            function: "VariableBaseMSM::msm (G1)",
            lengths: Lengths::up_to(300).thresholds(ARK_MSM_WINDOWS),
            cases: 256,
            build: |spec| {
                Box::new(crate::arkworks::ark_msm::<
                    Bls12381G1,
                    ark_bls12_381::g1::Config,
                >(spec))
            },
        },
        RoutineRow {
            name: "ark_bls12_381_g2_msm",
            subject: ARK_BLS,
            function: "VariableBaseMSM::msm (G2)",
            lengths: Lengths::up_to(160).thresholds(ARK_MSM_WINDOWS),
            cases: 192,
            build: |spec| Box::new(shapes::msm::check_affine::<Bls12381G2, _>(spec, ArkBls)),
        },
        RoutineRow {
            name: "blst_g1_batch_normalize",
            subject: BLSTRS,
            function: "group::Curve::batch_normalize (G1)",
            lengths: Lengths::up_to(64),
            cases: 160,
            build: |spec| Box::new(shapes::normalize::check::<Bls12381G1, _>(spec, Blstrs)),
        },
        RoutineRow {
            name: "blst_g2_batch_normalize",
            subject: BLSTRS,
            function: "group::Curve::batch_normalize (G2)",
            lengths: Lengths::up_to(32),
            cases: 128,
            build: |spec| Box::new(shapes::normalize::check::<Bls12381G2, _>(spec, Blstrs)),
        },
        RoutineRow {
            name: "ark_bls12_381_g1_normalize_batch",
            subject: ARK_BLS,
            function: "G1Projective::normalize_batch",
            lengths: Lengths::up_to(64).thresholds(BATCH_INVERSION_SPLITS),
            cases: 160,
            build: |spec| Box::new(shapes::normalize::check::<Bls12381G1, _>(spec, ArkBls)),
        },
        RoutineRow {
            name: "ark_bls12_381_g2_normalize_batch",
            subject: ARK_BLS,
            function: "G2Projective::normalize_batch",
            lengths: Lengths::up_to(32).thresholds(BATCH_INVERSION_SPLITS),
            cases: 128,
            build: |spec| Box::new(shapes::normalize::check::<Bls12381G2, _>(spec, ArkBls)),
        },
    ],
};

/// The spec of the routine `name` (for the bug zoo).
pub fn spec(name: &str) -> crate::shapes::Spec {
    FAMILY.spec(name)
}

/// The family's bug-zoo variants.
#[cfg(feature = "zoo")]
pub fn zoo() -> Vec<crate::declare::ZooVariant> {
    zoo::variants()
}

#[cfg(feature = "zoo")]
mod zoo;
