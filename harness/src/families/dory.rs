//! The dory-pcs / arkworks family: dory-pcs 0.5.0's arkworks `DoryRoutines` for BN254 G1
//! and G2, `gt_msm` and GT scaling, and the ark-ec 0.5 routines they stand on; and arkworks'
//! raw-input entry points of the ark curves without a family of their own (ark-bls12-377,
//! ark-secp256k1, ark-ed-on-bn254).
//!
//! Thresholds come from the code under test (read at the pinned versions) and are straddled
//! by the length classes of each routine.

pub mod adapter_ark;
pub mod adapter_dory;
pub mod bls12_377;
pub mod ed_on_bn254;
pub mod vector;

use crate::arkworks::thresholds::{ARK_MSM_WINDOWS, BATCH_INVERSION_SPLITS};
use crate::declare::{Family, RoutineRow};
use crate::families::dory::adapter_ark::{Ark, ARK};
use crate::families::dory::adapter_dory::{Dory, DoryFold, DORY};
use crate::generators::lengths::Lengths;
use crate::shapes;
use ecdiff_oracles::curves::{bn254_fr, Bn254G1, Bn254G2};

/// dory's `fold_field_vectors` splits with rayon's `with_min_len(1 << 10)`.
pub const FOLD_SPLITS: &[(&str, usize)] = &[("rayon_min_len", 1024), ("two_min_len_chunks", 2048)];

/// dory's `gt_msm` splits into chunks of max(⌈n / threads⌉, `GT_MSM_MIN_CHUNK` = 8) when that
/// is below n; with the engine's 4 subject threads the split starts at n = 9 and chunks grow
/// past 8 from n = 33.
pub const GT_MSM_SPLITS: &[(&str, usize)] = &[("gt_min_chunk", 9), ("gt_chunk_above_min", 33)];

/// The family's own tests ([`crate::declare::UnitTest`]), one list per `tests` module.
#[cfg(feature = "family-tests")]
const UNIT_TESTS: &[&[crate::declare::UnitTest]] = &[
    adapter_ark::tests::TESTS,
    bls12_377::glv_tests::TESTS,
    bls12_377::serialization_tests::TESTS,
    bls12_377::tests::TESTS,
    ed_on_bn254::tests::TESTS,
    serialization_tests::TESTS,
    vector::tests::TESTS,
    #[cfg(feature = "zoo")]
    zoo::tests::TESTS,
];

/// The family's table: one row per routine. The bug zoo builds its variants from these rows'
/// specs, so a broken variant sees exactly the cases of the routine it breaks.
pub const FAMILY: Family = Family {
    name: "dory",
    #[cfg(feature = "zoo")]
    zoo: zoo::TABLES,
    #[cfg(feature = "family-tests")]
    unit_tests: UNIT_TESTS,
    contract_check: crate::engine::no_contract_check,
    routines: &[
        RoutineRow {
            name: "dory_g1_msm",
            subject: DORY,
            function: "G1Routines::msm",
            lengths: Lengths::up_to(300).thresholds(ARK_MSM_WINDOWS),
            cases: 320,
            build: |spec| Box::new(shapes::msm::check::<Bn254G1, _>(spec, Dory)),
        },
        RoutineRow {
            name: "dory_g2_msm",
            subject: DORY,
            function: "G2Routines::msm",
            lengths: Lengths::up_to(160).thresholds(ARK_MSM_WINDOWS),
            cases: 320,
            build: |spec| Box::new(shapes::msm::check::<Bn254G2, _>(spec, Dory)),
        },
        RoutineRow {
            name: "dory_g1_fixed_base_vector_scalar_mul",
            subject: DORY,
            function: "G1Routines::fixed_base_vector_scalar_mul",
            lengths: Lengths::up_to(40),
            cases: 160,
            build: |spec| Box::new(vector::check_fixed_base::<Bn254G1, _>(spec, Dory)),
        },
        RoutineRow {
            name: "dory_g2_fixed_base_vector_scalar_mul",
            subject: DORY,
            function: "G2Routines::fixed_base_vector_scalar_mul",
            lengths: Lengths::up_to(16),
            cases: 128,
            build: |spec| Box::new(vector::check_fixed_base::<Bn254G2, _>(spec, Dory)),
        },
        RoutineRow {
            name: "dory_g1_fixed_scalar_mul_bases_then_add",
            subject: DORY,
            function: "G1Routines::fixed_scalar_mul_bases_then_add",
            lengths: Lengths::up_to(40),
            cases: 192,
            build: |spec| Box::new(vector::check_bases_then_add::<Bn254G1, _>(spec, Dory)),
        },
        RoutineRow {
            name: "dory_g2_fixed_scalar_mul_bases_then_add",
            subject: DORY,
            function: "G2Routines::fixed_scalar_mul_bases_then_add",
            lengths: Lengths::up_to(16),
            cases: 160,
            build: |spec| Box::new(vector::check_bases_then_add::<Bn254G2, _>(spec, Dory)),
        },
        RoutineRow {
            name: "dory_g1_fixed_scalar_mul_vs_then_add",
            subject: DORY,
            function: "G1Routines::fixed_scalar_mul_vs_then_add",
            lengths: Lengths::up_to(40),
            cases: 192,
            build: |spec| Box::new(vector::check_vs_then_add::<Bn254G1, _>(spec, Dory)),
        },
        RoutineRow {
            name: "dory_g2_fixed_scalar_mul_vs_then_add",
            subject: DORY,
            function: "G2Routines::fixed_scalar_mul_vs_then_add",
            lengths: Lengths::up_to(16),
            cases: 160,
            build: |spec| Box::new(vector::check_vs_then_add::<Bn254G2, _>(spec, Dory)),
        },
        RoutineRow {
            name: "dory_g1_fold_field_vectors",
            subject: DORY,
            function: "G1Routines::fold_field_vectors",
            lengths: Lengths::up_to(64).thresholds(FOLD_SPLITS),
            cases: 192,
            build: |spec| {
                Box::new(shapes::fold::check(
                    spec,
                    bn254_fr().modulus(),
                    DoryFold::G1,
                ))
            },
        },
        RoutineRow {
            name: "dory_g2_fold_field_vectors",
            subject: DORY,
            function: "G2Routines::fold_field_vectors",
            lengths: Lengths::up_to(64).thresholds(FOLD_SPLITS),
            cases: 192,
            build: |spec| {
                Box::new(shapes::fold::check(
                    spec,
                    bn254_fr().modulus(),
                    DoryFold::G2,
                ))
            },
        },
        RoutineRow {
            name: "dory_gt_msm",
            subject: DORY,
            function: "BN254::gt_msm (PairingCurve)",
            lengths: Lengths::up_to(40).thresholds(GT_MSM_SPLITS),
            cases: 128,
            build: |spec| Box::new(shapes::gt::check_multi_exp(spec, Dory)),
        },
        RoutineRow {
            name: "dory_gt_scale",
            subject: DORY,
            function: "ArkGT::scale (Group)",
            lengths: Lengths::up_to(1),
            cases: 256,
            build: |spec| Box::new(shapes::gt::check_scale(spec, Dory)),
        },
        RoutineRow {
            name: "ark_g1_normalize_batch",
            subject: ARK,
            function: "G1Projective::normalize_batch",
            lengths: Lengths::up_to(64).thresholds(BATCH_INVERSION_SPLITS),
            cases: 160,
            build: |spec| Box::new(shapes::normalize::check::<Bn254G1, _>(spec, Ark)),
        },
        RoutineRow {
            name: "ark_g2_normalize_batch",
            subject: ARK,
            function: "G2Projective::normalize_batch",
            lengths: Lengths::up_to(32).thresholds(BATCH_INVERSION_SPLITS),
            cases: 128,
            build: |spec| Box::new(shapes::normalize::check::<Bn254G2, _>(spec, Ark)),
        },
        RoutineRow {
            name: "ark_g1_msm",
            subject: ARK,
            function: "VariableBaseMSM::msm (G1)",
            lengths: Lengths::up_to(300).thresholds(ARK_MSM_WINDOWS),
            cases: 320,
            build: |spec| Box::new(shapes::msm::check_affine::<Bn254G1, _>(spec, Ark)),
        },
        RoutineRow {
            name: "ark_g1_curve_ops",
            subject: ARK,
            function: "G1 raw-input entry points: msm_bigint (any BigInt), msm_unchecked, mul_bigint (1 to 8 words), * Fr, clear_cofactor, is_in_correct_subgroup_assuming_on_curve, normalize_batch",
            lengths: Lengths::up_to(0),
            cases: 384,
            build: |spec| {
                Box::new(crate::arkworks::curve_ops::curve_ops::<
                    Bn254G1,
                    ark_bn254::g1::Config,
                >(
                    spec,
                    crate::arkworks::curve_ops::ArkCurve::glv::<ark_bn254::g1::Config>(
                        num_bigint::BigUint::from(1u8),
                    )
                    .with_reproducer(crate::arkworks::curve_ops::ArkRepro {
                        package: "ark-bn254",
                        version: "0.5.0",
                        config: "ark_bn254::g1::Config",
                    }),
                ))
            },
        },
        RoutineRow {
            name: "ark_bls12_377_g1_curve_ops",
            subject: "ark-bls12-377 0.5.0",
            function: "BLS12-377 G1 raw-input entry points: msm_bigint (any BigInt), msm_unchecked, mul_bigint (1 to 8 words, GLV), * Fr (GLV), clear_cofactor (x − 1), is_in_correct_subgroup_assuming_on_curve, normalize_batch; points with a torsion component",
            lengths: Lengths::up_to(0),
            cases: 384,
            build: |spec| {
                Box::new(crate::arkworks::curve_ops::curve_ops::<
                    bls12_377::Bls12377G1,
                    ark_bls12_377::g1::Config,
                >(
                    spec,
                    crate::arkworks::curve_ops::ArkCurve::glv::<ark_bls12_377::g1::Config>(
                        crate::curve::parse_integer(bls12_377::G1_CLEAR_COFACTOR_BY),
                    )
                    .with_reproducer(crate::arkworks::curve_ops::ArkRepro {
                        package: "ark-bls12-377",
                        version: "0.5.0",
                        config: "ark_bls12_377::g1::Config",
                    }),
                ))
            },
        },
        RoutineRow {
            name: "ark_bls12_377_g2_curve_ops",
            subject: "ark-bls12-377 0.5.0",
            function: "BLS12-377 G2 (over 𝔽ₚ[u]/(u² + 5)) raw-input entry points: msm_bigint (any BigInt), msm_unchecked, mul_bigint (1 to 8 words), * Fr, clear_cofactor (ψ-based), is_in_correct_subgroup_assuming_on_curve, normalize_batch; points with a torsion component",
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| {
                Box::new(crate::arkworks::curve_ops::curve_ops::<
                    bls12_377::Bls12377G2,
                    ark_bls12_377::g2::Config,
                >(
                    spec,
                    crate::arkworks::curve_ops::ArkCurve::plain(crate::curve::parse_integer(
                        bls12_377::G2_CLEAR_COFACTOR_BY,
                    ))
                    .with_reproducer(crate::arkworks::curve_ops::ArkRepro {
                        package: "ark-bls12-377",
                        version: "0.5.0",
                        config: "ark_bls12_377::g2::Config",
                    }),
                ))
            },
        },
        RoutineRow {
            name: "ark_secp256k1_curve_ops",
            subject: "ark-secp256k1 0.5.0",
            function: "secp256k1 raw-input entry points: msm_bigint (any BigInt), msm_unchecked, mul_bigint (1 to 8 words), * Fr, clear_cofactor, is_in_correct_subgroup_assuming_on_curve, normalize_batch",
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| {
                Box::new(crate::arkworks::curve_ops::curve_ops::<
                    ecdiff_oracles::curves::Secp256k1,
                    ark_secp256k1::Config,
                >(
                    spec,
                    // Prime order: clearing the cofactor multiplies by h = 1.
                    crate::arkworks::curve_ops::ArkCurve::plain(num_bigint::BigUint::from(1u8))
                        .with_reproducer(crate::arkworks::curve_ops::ArkRepro {
                            package: "ark-secp256k1",
                            version: "0.5.0",
                            config: "ark_secp256k1::Config",
                        }),
                ))
            },
        },
        RoutineRow {
            name: "ark_ed_on_bn254_curve_ops",
            subject: "ark-ed-on-bn254 0.5.0",
            function: "Baby Jubjub (twisted Edwards) raw-input entry points: msm_bigint (any BigInt), msm_unchecked, mul_bigint (1 to 8 words), * Fr, clear_cofactor, is_in_correct_subgroup_assuming_on_curve, normalize_batch",
            lengths: Lengths::up_to(0),
            cases: 384,
            build: |spec| {
                Box::new(crate::arkworks::twisted_edwards::te_curve_ops::<
                    ed_on_bn254::BabyJubjub,
                    ark_ed_on_bn254::EdwardsConfig,
                >(
                    spec,
                    crate::arkworks::curve_ops::ArkCurve::plain(num_bigint::BigUint::from(8u8))
                        .with_reproducer(crate::arkworks::curve_ops::ArkRepro {
                            package: "ark-ed-on-bn254",
                            version: "0.5.0",
                            config: "ark_ed_on_bn254::EdwardsConfig",
                        }),
                ))
            },
        },
        RoutineRow {
            name: "ark_g2_curve_ops",
            subject: ARK,
            function: "G2 (over 𝔽ₚ²) raw-input entry points: msm_bigint (any BigInt), msm_unchecked, mul_bigint (1 to 8 words), * Fr, clear_cofactor, is_in_correct_subgroup_assuming_on_curve (ψ-based), normalize_batch; points with a torsion component",
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| {
                Box::new(crate::arkworks::curve_ops::curve_ops::<
                    Bn254G2,
                    ark_bn254::g2::Config,
                >(
                    spec,
                    // ark-bn254's G2 clears the cofactor by multiplying by it.
                    crate::arkworks::curve_ops::ArkCurve::plain(
                        crate::curve::SwGroup::curve(&Bn254G2).cofactor.clone(),
                    )
                    .with_reproducer(crate::arkworks::curve_ops::ArkRepro {
                        package: "ark-bn254",
                        version: "0.5.0",
                        config: "ark_bn254::g2::Config",
                    }),
                ))
            },
        },
        RoutineRow {
            name: "ark_g1_serialization",
            subject: ARK,
            function: "BN254 G1: Affine serialize_with_mode (Compress::Yes/No) and deserialize_with_mode (every Compress × Validate), on points of the whole curve and broken encodings",
            lengths: Lengths::up_to(0),
            cases: 384,
            build: |spec| {
                Box::new(crate::arkworks::serialization::sw_serialization::<
                    Bn254G1,
                    ark_bn254::g1::Config,
                >(
                    spec,
                    Some(crate::arkworks::curve_ops::ArkRepro {
                        package: "ark-bn254",
                        version: "0.5.0",
                        config: "ark_bn254::g1::Config",
                    }),
                ))
            },
        },
        RoutineRow {
            name: "ark_g2_serialization",
            subject: ARK,
            function: "BN254 G2 (over 𝔽ₚ², c1 carries the flags); points with a torsion component: Affine serialize_with_mode (Compress::Yes/No) and deserialize_with_mode (every Compress × Validate), on points of the whole curve and broken encodings",
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| {
                Box::new(crate::arkworks::serialization::sw_serialization::<
                    Bn254G2,
                    ark_bn254::g2::Config,
                >(
                    spec,
                    Some(crate::arkworks::curve_ops::ArkRepro {
                        package: "ark-bn254",
                        version: "0.5.0",
                        config: "ark_bn254::g2::Config",
                    }),
                ))
            },
        },
        RoutineRow {
            name: "ark_bls12_377_g1_serialization",
            subject: "ark-bls12-377 0.5.0",
            function: "BLS12-377 G1; points with a torsion component, (−1, 0) of order 2: Affine serialize_with_mode (Compress::Yes/No) and deserialize_with_mode (every Compress × Validate), on points of the whole curve and broken encodings",
            lengths: Lengths::up_to(0),
            cases: 384,
            build: |spec| {
                Box::new(crate::arkworks::serialization::sw_serialization::<
                    bls12_377::Bls12377G1,
                    ark_bls12_377::g1::Config,
                >(
                    spec,
                    Some(crate::arkworks::curve_ops::ArkRepro {
                        package: "ark-bls12-377",
                        version: "0.5.0",
                        config: "ark_bls12_377::g1::Config",
                    }),
                ))
            },
        },
        RoutineRow {
            name: "ark_bls12_377_g2_serialization",
            subject: "ark-bls12-377 0.5.0",
            function: "BLS12-377 G2 (over 𝔽ₚ[u]/(u² + 5)); points with a torsion component: Affine serialize_with_mode (Compress::Yes/No) and deserialize_with_mode (every Compress × Validate), on points of the whole curve and broken encodings",
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| {
                Box::new(crate::arkworks::serialization::sw_serialization::<
                    bls12_377::Bls12377G2,
                    ark_bls12_377::g2::Config,
                >(
                    spec,
                    Some(crate::arkworks::curve_ops::ArkRepro {
                        package: "ark-bls12-377",
                        version: "0.5.0",
                        config: "ark_bls12_377::g2::Config",
                    }),
                ))
            },
        },
        RoutineRow {
            name: "ark_secp256k1_serialization",
            subject: "ark-secp256k1 0.5.0",
            function: "secp256k1 (a 256-bit p: the flags take a 33rd byte): Affine serialize_with_mode (Compress::Yes/No) and deserialize_with_mode (every Compress × Validate), on points of the whole curve and broken encodings",
            lengths: Lengths::up_to(0),
            cases: 384,
            build: |spec| {
                Box::new(crate::arkworks::serialization::sw_serialization::<
                    ecdiff_oracles::curves::Secp256k1,
                    ark_secp256k1::Config,
                >(
                    spec,
                    Some(crate::arkworks::curve_ops::ArkRepro {
                        package: "ark-secp256k1",
                        version: "0.5.0",
                        config: "ark_secp256k1::Config",
                    }),
                ))
            },
        },
        RoutineRow {
            name: "ark_ed_on_bn254_serialization",
            subject: "ark-ed-on-bn254 0.5.0",
            function: "Baby Jubjub (twisted Edwards, one flag: x's sign); points with a torsion component, (0, −1) of order 2: Affine serialize_with_mode (Compress::Yes/No) and deserialize_with_mode (every Compress × Validate), on points of the whole curve and broken encodings",
            lengths: Lengths::up_to(0),
            cases: 384,
            build: |spec| {
                Box::new(crate::arkworks::serialization::te_serialization::<
                    ed_on_bn254::BabyJubjub,
                    ark_ed_on_bn254::EdwardsConfig,
                >(
                    spec,
                    Some(crate::arkworks::curve_ops::ArkRepro {
                        package: "ark-ed-on-bn254",
                        version: "0.5.0",
                        config: "ark_ed_on_bn254::EdwardsConfig",
                    }),
                ))
            },
        },
        RoutineRow {
            name: "ark_g2_msm",
            subject: ARK,
            function: "VariableBaseMSM::msm (G2)",
            lengths: Lengths::up_to(160).thresholds(ARK_MSM_WINDOWS),
            cases: 320,
            build: |spec| Box::new(shapes::msm::check_affine::<Bn254G2, _>(spec, Ark)),
        },
    ],
};

#[cfg(feature = "zoo")]
mod zoo;

#[cfg(feature = "family-tests")]
pub(crate) mod serialization_tests;
