//! Deliberately broken Curve25519 subjects (feature `zoo`). Each reuses the spec of the
//! routine it breaks and reproduces a real bug class (published for dalek or another library,
//! or from tari_bulletproofs_plus's batch-verification speed-up,
//! <https://github.com/tari-project/bulletproofs-plus/pull/151>); the doc comment of each
//! subject names the bug and the input class that triggers it.
//!
//! Where dalek's internals are out of reach (its backends are crate-private), the broken code
//! is a small re-implementation on dalek's public point operations — a Pippenger, a Straus, a
//! precomputed Straus, a fixed-base table — with the bug written in, dispatched by size the way
//! dalek dispatches, so each variant breaks exactly one path. tari's verifier internals are
//! private too; its variants wrap `verify_batch` and skip or alter one step of it.
//!
//! This file keeps the one table of variants ([`variants`]) and the scalar recodings shared
//! by its child modules, which hold the subjects: `msm` the broken multiscalar forms
//! (Pippenger, Straus, precomputed Straus, optional), `encoding` the broken `mul_base`,
//! compression and decompression, `double_base` the double-base multiplication and
//! Edwards → Montgomery variants, and `tari` the batch-verifier and deserializer variants.

mod double_base;
mod encoding;
mod incomplete;
pub(super) mod msm;
mod tari;

use super::tari as tari_check;
use crate::declare::ZooRow;
use crate::engine::VerdictKind;
use crate::families::curve25519::adapter_dalek::{self, DalekGroup};
use crate::families::curve25519::edwards::Flavor;
use crate::families::curve25519::edwards_msm::MsmKind;
use crate::families::curve25519::montgomery;
use curve25519_dalek::edwards::EdwardsPoint;
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use std::marker::PhantomData;

use double_base::{
    double_base_naf8_top_dropped, double_base_torsion_dropped, double_base_variant,
    to_montgomery_zero_in_batch,
};
use encoding::{
    compress_variant, compress_y_not_reduced, decompress_sign_dropped, decompress_variant,
    double_and_compress_zero_in_batch, mul_base_variant, radix256_mul_base,
    ristretto_decompress_noncanonical,
};
use incomplete::{DedicatedSum, SumOrder};
use msm::{
    msm_variant, NoneSkipped, PippengerAt, PippengerFlaw, PrecomputedNafTopDigit,
    Radix16TableMissing8, StrausCofactorCleared,
};
use tari::{
    from_bytes_trailing_accepted, tari_variant, BranchUnchecked, ConsistencySkipped,
    ExtensionMasksRotated, LaterChunksUnverified, PtrEqConclusive, SingleProofUnchecked,
};

// ---------------------------------------------------------------------------------------------
// Scalar recodings, written out (dalek's are crate-private); shared by `msm` and `encoding`.

fn bit(s: &Scalar, i: usize) -> i32 {
    if i >= 256 {
        0
    } else {
        i32::from((s.as_bytes()[i / 8] >> (i % 8)) & 1)
    }
}

/// Signed radix-2ʷ digits: every digit but the last is recentred into [−2ʷ⁻¹, 2ʷ⁻¹) and
/// carries into the next; the last absorbs the carry. With `count` ≥ ⌈256/w⌉ + 1 this is exact
/// for every 256-bit scalar.
fn radix_2w(s: &Scalar, w: usize, count: usize, recentre_last: bool) -> Vec<i16> {
    let half = 1i32 << (w - 1);
    let mut carry = 0;
    (0..count)
        .map(|d| {
            let window = (0..w).fold(carry, |acc, b| acc + (bit(s, d * w + b) << b));
            if (d + 1 < count || recentre_last) && window >= half {
                carry = 1;
                (window - (1 << w)) as i16
            } else {
                carry = 0;
                window as i16
            }
        })
        .collect()
}

fn double_n<G: DalekGroup>(mut p: G, n: usize) -> G {
    for _ in 0..n {
        p = p + &p;
    }
    p
}

/// One row of the incomplete-law zoo: `vartime_multiscalar_mul` of `$group` replaced by a sum in
/// `$order` with the dedicated addition law ([`incomplete`]).
macro_rules! dedicated_sum_row {
    ($group:literal, $point:ty, $order:ident, $order_name:literal, $trigger:literal) => {
        ZooRow {
            name: concat!(
                "dalek_",
                $group,
                "_vartime_multiscalar_mul__",
                $order_name,
                "_dedicated_addition"
            ),
            routine: concat!("dalek_", $group, "_vartime_multiscalar_mul"),
            bug: "Σ sᵢ·Pᵢ accumulated with the dedicated twisted-Edwards addition (HWCD 2008 \
                  §3.2, no doubling case: P + P and P + (P + T₂) give (0:0:0:0)) instead of \
                  the unified one (incomplete formulas: Go P-256 CVE-2023-24532, Botan \
                  https://github.com/randombit/botan/issues/2424)",
            trigger: $trigger,
            caught_as: &[VerdictKind::Mismatch],
            build: |spec| msm_variant(spec, DedicatedSum::<$point>::new(SumOrder::$order)),
        }
    };
}

// ---------------------------------------------------------------------------------------------
// The table.

/// Every variant of the family: one row each, built from the spec of the routine it breaks.
pub(super) const ROWS: &[ZooRow] = &[
    ZooRow {
        name: "dalek_edwards_vartime_multiscalar_mul__straus_cofactor_cleared",
        routine: "dalek_edwards_vartime_multiscalar_mul",
        bug: "Straus side clears the cofactor (Σ (s/8)·(8P)) and drops torsion components: \
              Edwards points treated as prime-order (cofactor > 1, Botan \
              https://github.com/randombit/botan/issues/3800)",
        trigger: "pure_torsion or prime_plus_torsion inputs, n < 190",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| msm_variant(spec, StrausCofactorCleared),
    },
    ZooRow {
        name: "dalek_ristretto_vartime_multiscalar_mul__pippenger_w6_empty_bucket_skip",
        routine: "dalek_ristretto_vartime_multiscalar_mul",
        bug: "Pippenger (w = 6) skips empty buckets in the running sum, losing the intermediate \
              sum for them (empty buckets mishandled: \
              https://github.com/mratsim/constantine/issues/390, \
              https://github.com/midnightntwrk/midnight-zk/pull/225)",
        trigger: "190 ≤ n < 500 with an empty bucket below an occupied one (zero, small or \
                  repeated scalars; common near n = 190)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            msm_variant(
                spec,
                PippengerAt::<RistrettoPoint>::new(6, PippengerFlaw::EmptyBucketSkip),
            )
        },
    },
    ZooRow {
        name: "dalek_edwards_vartime_multiscalar_mul__pippenger_w7_window_count",
        routine: "dalek_edwards_vartime_multiscalar_mul",
        bug: "Pippenger (w = 7) uses ⌊256/w⌋ windows and recentres the top digit: the final \
              carry and bits ≥ 252 are lost (window count when w does not divide the scalar \
              width: https://github.com/mratsim/constantine/issues/366, \
              https://github.com/mratsim/constantine/pull/484)",
        trigger: "500 ≤ n < 800 with a scalar whose top window carries (about half of random \
                  scalars; ℓ − 1)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            msm_variant(
                spec,
                PippengerAt::<EdwardsPoint>::new(7, PippengerFlaw::WindowCount),
            )
        },
    },
    ZooRow {
        name: "dalek_ristretto_vartime_multiscalar_mul__pippenger_w8_i8_bucket_index",
        routine: "dalek_ristretto_vartime_multiscalar_mul",
        bug: "Pippenger (w = 8) computes the bucket index from i8 digits: −(−128) overflows \
              (curve25519-dalek 5f1d73bc, \
              https://github.com/dalek-cryptography/curve25519-dalek/pull/259)",
        trigger: "n ≥ 800 with a radix-256 digit of −128 (any large random input)",
        caught_as: &[VerdictKind::SubjectPanicked, VerdictKind::Mismatch],
        build: |spec| {
            msm_variant(
                spec,
                PippengerAt::<RistrettoPoint>::new(8, PippengerFlaw::I8BucketIndex),
            )
        },
    },
    ZooRow {
        name: "dalek_edwards_multiscalar_mul__radix16_table_missing_8",
        routine: "dalek_edwards_multiscalar_mul",
        bug: "Straus lookup tables hold 1·P … 7·P: the extreme signed radix-16 digit −8 has no \
              entry (extreme-digit class of \
              https://github.com/dalek-cryptography/curve25519-dalek/pull/259)",
        trigger: "any scalar with a radix-16 digit of −8 (nearly every random scalar)",
        caught_as: &[VerdictKind::SubjectPanicked],
        build: |spec| msm_variant(spec, Radix16TableMissing8::<EdwardsPoint>(PhantomData)),
    },
    ZooRow {
        name: "dalek_edwards_vartime_mixed_multiscalar_mul__naf8_top_digit_dropped",
        routine: "dalek_edwards_vartime_mixed_multiscalar_mul",
        bug: "precomputed Straus keeps 252 width-8 NAF positions for static scalars: the digit \
              of weight 2²⁵² is dropped (dalek e17c98a3 / 389d2bc9: the last NAF digit and the \
              terminal carry; \
              https://github.com/dalek-cryptography/curve25519-dalek/commit/e17c98a3)",
        trigger: "a static scalar whose NAF reaches position 252: −1, ℓ − k, or a carry into bit \
                  252",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| msm_variant(spec, PrecomputedNafTopDigit::<EdwardsPoint>(PhantomData)),
    },
    ZooRow {
        name: "dalek_edwards_optional_multiscalar_mul__none_skipped",
        routine: "dalek_edwards_optional_multiscalar_mul",
        bug: "optional_multiscalar_mul drops None points and their scalars instead of returning \
              None (missing or infinity inputs silently skipped: \
              https://github.com/grandinetech/rust-kzg/pull/309, \
              https://github.com/bluealloy/revm/issues/1428, cryptofuzz's validity gating)",
        trigger: "a None point anywhere (none_point)",
        caught_as: &[VerdictKind::OracleRejected],
        build: |spec| {
            msm_variant(
                spec,
                NoneSkipped::<EdwardsPoint> {
                    kind: MsmKind::Optional,
                    _group: PhantomData,
                },
            )
        },
    },
    ZooRow {
        name: "dalek_ristretto_optional_mixed_multiscalar_mul__none_skipped",
        routine: "dalek_ristretto_optional_mixed_multiscalar_mul",
        bug: "optional_mixed_multiscalar_mul drops None dynamic points instead of returning None \
              (https://github.com/grandinetech/rust-kzg/pull/309, \
              https://github.com/bluealloy/revm/issues/1428, cryptofuzz's validity gating)",
        trigger: "a None dynamic point (none_point)",
        caught_as: &[VerdictKind::OracleRejected],
        build: |spec| {
            msm_variant(
                spec,
                NoneSkipped::<RistrettoPoint> {
                    kind: MsmKind::OptionalMixed,
                    _group: PhantomData,
                },
            )
        },
    },
    ZooRow {
        name: "dalek_edwards_mul_base__radix256_abs_overflow",
        routine: "dalek_edwards_mul_base",
        bug: "radix-256 fixed-base table lookup takes |digit| in i8: −128 overflows \
              (curve25519-dalek 1f8a19a7, found by fuzzing)",
        trigger: "a scalar with a radix-256 digit of −128 (about 1 in 8 random scalars)",
        caught_as: &[VerdictKind::SubjectPanicked, VerdictKind::Mismatch],
        build: |spec| mul_base_variant(spec, radix256_mul_base),
    },
    ZooRow {
        name: "dalek_edwards_compress__y_not_reduced",
        routine: "dalek_edwards_compress",
        bug: "y serialized without the final reduction mod p: y + p for y < 19 \
              (https://github.com/RustCrypto/elliptic-curves/issues/81, \
              https://github.com/kilic/bls12-381/issues/40; LibreSSL point2oct/oct2point \
              asymmetry, listed in https://github.com/guidovranken/cryptofuzz)",
        trigger: "points with y ∈ {0, 1}: identity and the order-4 torsion points",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| compress_variant(spec, compress_y_not_reduced),
    },
    ZooRow {
        name: "dalek_ristretto_double_and_compress_batch__zero_in_batch_inversion",
        routine: "dalek_ristretto_double_and_compress_batch",
        bug: "batch inversion without zero skipping: the identity's zero denominator zeroes \
              every inverse and every encoding (c-kzg-4844 fr_batch_inv, \
              https://github.com/ethereum/c-kzg-4844/issues/205; \
              https://github.com/RustCrypto/traits/pull/1884)",
        trigger: "an identity in a batch of two or more points",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| compress_variant(spec, double_and_compress_zero_in_batch),
    },
    ZooRow {
        name: "dalek_edwards_decompress__sign_bit_dropped",
        routine: "dalek_edwards_decompress",
        bug: "decompression ignores the sign bit of x (k256 decompress wrong parity, \
              https://github.com/RustCrypto/elliptic-curves/issues/529)",
        trigger: "valid encodings with the sign bit set (sign_bit_set)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| decompress_variant(spec, decompress_sign_dropped),
    },
    ZooRow {
        name: "dalek_ristretto_decompress__noncanonical_accepted",
        routine: "dalek_ristretto_decompress",
        bug: "ristretto255 decoding reads s mod p and ignores bit 255 instead of requiring the \
              canonical encoding (https://github.com/ethereum/execution-specs/pull/2395; \
              CVE-2022-23806, https://www.cve.org/CVERecord?id=CVE-2022-23806)",
        trigger: "s_noncanonical (s + p) and high_bit_set strings",
        caught_as: &[VerdictKind::OracleRejected],
        build: |spec| decompress_variant(spec, ristretto_decompress_noncanonical),
    },
    ZooRow {
        name: "dalek_ristretto_vartime_double_scalar_mul_basepoint__naf8_top_digit_dropped",
        routine: "dalek_ristretto_vartime_double_scalar_mul_basepoint",
        bug: "width-8 NAF of b kept to 252 positions: the digit of weight 2²⁵² (the terminal \
              carry) is dropped (dalek e17c98a3 / 389d2bc9: the last NAF digit and the terminal \
              carry, https://github.com/dalek-cryptography/curve25519-dalek/commit/e17c98a3)",
        trigger: "b whose NAF reaches position 252 (b_naf8_top_252): −1, ℓ − k, or a carry into \
                  bit 252",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            double_base_variant(
                spec,
                Flavor::Ristretto,
                double_base_naf8_top_dropped::<RistrettoPoint>,
            )
        },
    },
    ZooRow {
        name: "dalek_edwards_vartime_double_scalar_mul_basepoint__torsion_dropped",
        routine: "dalek_edwards_vartime_double_scalar_mul_basepoint",
        bug: "the variable point's cofactor cleared, (a/8)·(8A) + b·B: A's torsion component is \
              dropped, an Edwards point treated as torsion-free (cofactor > 1, Botan \
              https://github.com/randombit/botan/issues/3800)",
        trigger: "A with a torsion component (pure_torsion, prime_plus_torsion) and a·t ≢ 0 mod \
                  8",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| double_base_variant(spec, Flavor::Edwards, double_base_torsion_dropped),
    },
    ZooRow {
        name: "dalek_edwards_to_montgomery_batch__zero_in_batch_inversion",
        routine: "dalek_edwards_to_montgomery_batch",
        bug: "batch inversion of Z − Y without zero skipping: the identity's zero denominator \
              zeroes every inverse and every u of the batch (c-kzg-4844 fr_batch_inv, \
              https://github.com/ethereum/c-kzg-4844/issues/205; \
              https://github.com/RustCrypto/traits/pull/1884)",
        trigger: "an identity among two or more points (identity_in_batch)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(montgomery::check_to_montgomery(
                spec,
                Box::new(to_montgomery_zero_in_batch),
                Some(Box::new(adapter_dalek::edwards_to_montgomery_each)),
            ))
        },
    },
    ZooRow {
        name: "tari_batch_verify__later_chunks_unverified",
        routine: "tari_batch_verify",
        bug: "batches above 256 proofs: only the first chunk gets its final check (tari's \
              chunking; test_batch_larger_than_max_batch_size_is_fully_verified)",
        trigger: "an invalid proof at index ≥ 256 (tamper_later_chunk)",
        caught_as: &[VerdictKind::OracleRejected],
        build: |spec| tari_variant(spec, LaterChunksUnverified),
    },
    ZooRow {
        name: "tari_batch_verify__pippenger_branch_unchecked",
        routine: "tari_batch_verify",
        bug: "the Pippenger branch of the cost-based dispatch never compares the MSM with the \
              identity (one side of the Straus/Pippenger switch of \
              https://github.com/tari-project/bulletproofs-plus/pull/151 change 1 wrong)",
        trigger: "an invalid proof reaching the final check in a chunk above the crossover \
                  (tamper_at_pippenger)",
        caught_as: &[VerdictKind::OracleRejected],
        build: |spec| tari_variant(spec, BranchUnchecked { pippenger: true }),
    },
    ZooRow {
        name: "tari_batch_verify__straus_branch_unchecked",
        routine: "tari_batch_verify",
        bug: "the precomputed-Straus branch never compares the MSM with the identity (the other \
              side of the switch, https://github.com/tari-project/bulletproofs-plus/pull/151 \
              change 1)",
        trigger: "an invalid proof reaching the final check in a chunk below the crossover \
                  (tamper_at_straus)",
        caught_as: &[VerdictKind::OracleRejected],
        build: |spec| tari_variant(spec, BranchUnchecked { pippenger: false }),
    },
    ZooRow {
        name: "tari_batch_verify__ptr_eq_treated_as_conclusive",
        routine: "tari_batch_verify",
        bug: "Arc::ptr_eq generator shortcut treated as conclusive: separately built identical \
              parameters rejected (https://github.com/tari-project/bulletproofs-plus/pull/151 \
              change 2)",
        trigger: "gens_separate_identical or gens_wider_max_agg",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| tari_variant(spec, PtrEqConclusive),
    },
    ZooRow {
        name: "tari_batch_verify__generator_consistency_skipped",
        routine: "tari_batch_verify",
        bug: "no generator consistency check: each proof verified against its own generators, so \
              mixed-generator batches pass",
        trigger: "gens_foreign or gens_other_family",
        caught_as: &[VerdictKind::OracleRejected],
        build: |spec| tari_variant(spec, ConsistencySkipped),
    },
    ZooRow {
        name: "tari_mask_recovery__extension_masks_rotated",
        routine: "tari_mask_recovery",
        bug: "recovered blinding factors returned in the wrong degree order \
              (https://github.com/tari-project/bulletproofs-plus/pull/151 change 5: one \
              inversion for all extension degrees)",
        trigger: "a seeded proof with extension degree ≥ 2",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| tari_variant(spec, ExtensionMasksRotated),
    },
    ZooRow {
        name: "tari_batch_vs_single__single_proof_unchecked",
        routine: "tari_batch_vs_single",
        bug: "a one-proof fast path without the final check: the batch verdict is no longer the \
              conjunction of single verdicts",
        trigger: "a tampered proof verified alone (tampered_1, tampered_2)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| tari_variant(spec, SingleProofUnchecked),
    },
    ZooRow {
        name: "tari_proof_from_bytes__trailing_bytes_accepted",
        routine: "tari_proof_from_bytes",
        bug: "from_bytes ignores bytes after the last complete L/R pair (non-canonical \
              serializations accepted: https://github.com/Consensys/gnark-crypto/commit/90177b295; \
              LibreSSL point2oct/oct2point, listed in https://github.com/guidovranken/cryptofuzz)",
        trigger: "extended_1, extended_32",
        caught_as: &[VerdictKind::OracleRejected],
        build: |spec| {
            Box::new(tari_check::check_from_bytes(
                spec,
                Box::new(from_bytes_trailing_accepted),
            ))
        },
    },
    dedicated_sum_row!("edwards", EdwardsPoint, LeftToRight, "left_to_right",
        "a prefix sum equal to the next term (meet_prefix_equal)"),
    dedicated_sum_row!("edwards", EdwardsPoint, RightToLeft, "right_to_left",
        "a suffix sum equal to the term before it (meet_suffix_equal)"),
    dedicated_sum_row!("edwards", EdwardsPoint, Halves, "halves",
        "two equal halves, at any level of the split (meet_halves_equal, meet_prefix_equal for two terms)"),
    dedicated_sum_row!("edwards", EdwardsPoint, Pippenger, "pippenger_bucket",
        "two equal points with one digit in a window (bucket_repeated_term)"),
    dedicated_sum_row!("edwards", EdwardsPoint, Straus, "straus_table",
        "the accumulator holding one term's entry when an equal entry comes (bucket_repeated_term)"),
    dedicated_sum_row!("ristretto", RistrettoPoint, LeftToRight, "left_to_right",
        "a prefix sum equal to the next term (meet_prefix_equal)"),
    dedicated_sum_row!("ristretto", RistrettoPoint, RightToLeft, "right_to_left",
        "a suffix sum equal to the term before it (meet_suffix_equal)"),
    dedicated_sum_row!("ristretto", RistrettoPoint, Halves, "halves",
        "two equal halves, at any level of the split (meet_halves_equal, meet_prefix_equal for two terms)"),
    dedicated_sum_row!("ristretto", RistrettoPoint, Pippenger, "pippenger_bucket",
        "two equal points with one digit in a window (bucket_repeated_term)"),
    dedicated_sum_row!("ristretto", RistrettoPoint, Straus, "straus_table",
        "the accumulator holding one term's entry when an equal entry comes (bucket_repeated_term)"),
];

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
