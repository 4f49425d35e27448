//! The Curve25519 family: one differential suite per routine (issue 5: curve25519-dalek 5's
//! multiscalar paths, `mul_base`, compression and decompression; tari_bulletproofs_plus 0.5.3's
//! batch verification against ground truth). Each suite also fails if a declared edge class —
//! among them the size that selects each Straus/Pippenger path and each side of tari's cost
//! crossover — was never generated. The broken variants of this family are checked by
//! `tests/zoo.rs`.

ecdiff_tests::suites!(
    dalek_edwards_multiscalar_mul,
    dalek_edwards_vartime_multiscalar_mul,
    dalek_edwards_optional_multiscalar_mul,
    dalek_edwards_vartime_mixed_multiscalar_mul,
    dalek_edwards_optional_mixed_multiscalar_mul,
    dalek_ristretto_multiscalar_mul,
    dalek_ristretto_vartime_multiscalar_mul,
    dalek_ristretto_optional_multiscalar_mul,
    dalek_ristretto_vartime_mixed_multiscalar_mul,
    dalek_ristretto_optional_mixed_multiscalar_mul,
    dalek_edwards_mul_base,
    dalek_ristretto_mul_base,
    dalek_edwards_compress,
    dalek_ristretto_compress,
    dalek_edwards_compress_batch,
    dalek_ristretto_double_and_compress_batch,
    dalek_edwards_decompress,
    dalek_ristretto_decompress,
    tari_batch_verify,
    tari_mask_recovery,
    tari_batch_vs_single,
    tari_proof_from_bytes,
);
