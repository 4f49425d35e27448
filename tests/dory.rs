//! The dory-pcs / arkworks family: one differential suite per routine (issue: the engine,
//! edge-biased generators and the dory-pcs routines).

ecdiff_tests::suites!(
    dory_g1_msm,
    dory_g2_msm,
    dory_g1_fixed_base_vector_scalar_mul,
    dory_g2_fixed_base_vector_scalar_mul,
    dory_g1_fixed_scalar_mul_bases_then_add,
    dory_g2_fixed_scalar_mul_bases_then_add,
    dory_g1_fixed_scalar_mul_vs_then_add,
    dory_g2_fixed_scalar_mul_vs_then_add,
    dory_g1_fold_field_vectors,
    dory_g2_fold_field_vectors,
    dory_gt_msm,
    dory_gt_scale,
    ark_g1_normalize_batch,
    ark_g2_normalize_batch,
    ark_g1_msm,
    ark_g2_msm,
);
