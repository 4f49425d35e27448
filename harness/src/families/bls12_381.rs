//! BLS12-381: blst through blstrs 0.7.1, zkcrypto's bls12_381 0.9.0 and ark-bls12-381 0.5.0.
//!
//! Every routine goes through a shape ([`crate::shapes`], or this family's [`encoding`] and
//! [`pairing`]) with one adapter per library ([`adapter_blstrs`], [`adapter_zkcrypto`],
//! [`adapter_ark`]); oracles are `ecdiff_oracles::bls12_381` (num-bigint only).
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
//! * **pairings** ([`pairing`]): ark-ec 0.5's multi-Miller loop works in chunks of 4
//!   pairs ([`ARK_MILLER_LOOP_CHUNKS`]); blstrs's `multi_miller_loop` runs blst's
//!   `blst_miller_loop_lines` pair by pair and multiplies (`src/lib.rs`), and zkcrypto's runs
//!   one loop over all pairs, skipping a pair with an infinity by a constant-time select
//!   (`src/pairings.rs`): neither has a length threshold. Both single `pairing`s are one
//!   Miller loop and one final exponentiation.
//! * **GT** ([`shapes::gt`], over the oracle's BLS12-381 GT): blstrs's `Gt * &Scalar` is a
//!   plain double-and-add over the scalar's bits, ark's `PairingOutput * Fr` a NAF
//!   `cyclotomic_exp`; ark's GT MSM is the generic `msm_bigint_wnaf` with the windows of
//!   [`ARK_GT_MSM_WINDOWS`]. zkcrypto's `Gt` cannot be built from coefficients, so it has no
//!   GT row.
//!
//! The encoding rows check the ZCash serialization (compressed and uncompressed, checked and
//! unchecked decoders) of blstrs and zkcrypto through [`encoding`].
//!
//! zkcrypto's bls12_381 0.9.0 exposes no multi-scalar multiplication (its features `alloc`,
//! `experimental`, `groups`, `pairings` add `Wnaf` single-scalar tables, hash-to-curve and the
//! pairing; `src/g1.rs`, `src/g2.rs`), so it has no MSM row.

pub mod adapter_ark;
pub mod adapter_blstrs;
pub mod adapter_zkcrypto;
pub mod encoding;
pub mod pairing;

use crate::declare::{Family, RoutineRow};
use crate::engine::{Expected, Outcome, VerdictKind};
use crate::families::bls12_381::adapter_ark::{ArkBls, ArkMultiPairing, ARK_BLS};
use crate::families::bls12_381::adapter_blstrs::{
    BlstCurve, Blstrs, BlstrsMultiMillerLoop, BlstrsPairing, BLSTRS,
};
use crate::families::bls12_381::adapter_zkcrypto::{
    Zkcrypto, ZkcryptoMultiMillerLoop, ZkcryptoPairing, ZKCRYPTO,
};
use crate::families::bls12_381::encoding::{
    canonical, BlsGroup, Codec, EncodingCase, EncodingCheck, Op,
};
use crate::generators::lengths::Lengths;
use crate::shapes::known::{self, with_known, WithKnown};
use crate::shapes::msm::{MsmCase, MsmCheck};
use crate::shapes::{self, Spec};
use crate::zkgroup;
use ecdiff_oracles::bls12_381::serialization::{DecodeError, SubgroupCheck};
use ecdiff_oracles::bls12_381::{Bls12381G1, Bls12381G2, Bls12381Gt};
use ecdiff_oracles::field::Field;
use ecdiff_oracles::weierstrass::Point;

pub use crate::arkworks::thresholds::{ARK_MSM_WINDOWS, BATCH_INVERSION_SPLITS};

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

/// What blstrs's empty `multi_exp` does: the index panic of `points[0]` on an empty slice in
/// blst's `pippenger.rs` (any other panic there, another index included, is not it).
fn blstrs_msm_behaviour<F>(_case: &MsmCase<F>, subject: &Outcome<Point<F>>) -> Result<(), String> {
    known::panicked_in(
        subject,
        "src/pippenger.rs",
        "index out of bounds: the len is 0 but the index is 0",
    )
}

/// blstrs 0.7.1's `from_uncompressed` and `from_uncompressed_unchecked` (G1 and G2) decode an
/// input whose compression flag is set as a *compressed* encoding of its first half and ignore
/// the rest: they call blst's `blst_p1_deserialize` / `blst_p2_deserialize`, which dispatch on
/// the flag (blst 0.3 `src/e1.c` `POINTonE1_Deserialize_Z`: `if (in0 & 0x80) return
/// POINTonE1_Uncompress_Z(out, in)`; `src/e2.c` alike). The ZCash format requires an
/// uncompressed decoder to refuse C = 1 (zkcrypto's does), so 2^384 byte strings (G1) decode
/// to each such point. Smallest trigger: `G1Affine::from_uncompressed(&[0xc0, 0, …, 0])` (96
/// bytes) is the identity.
pub const BLSTRS_UNCOMPRESSED_ACCEPTS_COMPRESSED: &str =
    "blstrs 0.7.1 from_uncompressed{,_unchecked} \
     decodes an input with the compression flag set as the compressed encoding of its first \
     half (blst's deserialize dispatches on the flag, src/e1.c POINTonE1_Deserialize_Z); \
     smallest trigger: 0xc0 then 95 zero bytes decodes to the identity";

/// blstrs 0.7.1's unchecked decoders (`from_compressed_unchecked`,
/// `from_uncompressed_unchecked`) refuse G1's two points with x = 0, (0, ±2): on the curve,
/// of order 3, outside the subgroup, so the unchecked decoders of the ZCash format (and
/// zkcrypto's, and ark's `Validate::No`) accept them. blst's decoders return
/// `BLST_POINT_NOT_IN_GROUP` for x = 0 whether or not the caller checks the subgroup (blst 0.3
/// `src/e1.c`, `POINTonE1_Uncompress_Z` and `POINTonE1_Deserialize_BE`: "(0,±2) is not in
/// group, but application might want to ignore?"). G2 has no point with x = 0. Found by the
/// `blst_g1_encoding` fuzz target on its first run without comparison tracing, from a tape
/// whose random x came out 0; the generator now draws these points as `point_x_zero`.
/// Smallest trigger: `G1Affine::from_compressed_unchecked(&[0x80, 0, …, 0])` (48 bytes), the
/// compressed encoding of (0, 2), is refused.
pub const BLSTRS_UNCHECKED_REFUSES_X_ZERO: &str = "blstrs 0.7.1 \
     from_{compressed,uncompressed}_unchecked refuse G1's points (0, ±2), which are on the \
     curve (outside the subgroup): blst's decoders return BLST_POINT_NOT_IN_GROUP for x = 0 \
     even unchecked (src/e1.c); smallest trigger: 0x80 then 47 zero bytes";

/// The known findings of blstrs's decoders: an uncompressed decode of an input with the
/// compression flag set gives the point its first half encodes compressed (refused by the
/// oracle), whenever that first half is a valid compressed encoding of a point blst accepts;
/// an unchecked decode of a point with x = 0 is refused. The subgroup check, where blst's
/// verdict needs one, is the oracle's own with the case's log as its hint (as in the oracle:
/// the double-and-add by r only for a point that is not the drawn one).
fn blstrs_encoding_known<C: BlsGroup>(case: &EncodingCase<C::F>) -> Expected {
    let Op::Decode { checked } = case.op else {
        return Expected::AGREE;
    };
    let x_zero = |p: &Point<C::F>| matches!(p, Point::Affine { x, .. } if x.is_zero());
    if flagged_uncompressed::<C>(case) {
        let accepted = |p: &Point<C::F>| {
            !checked || (C::instance().curve()).is_in_subgroup_given(p, case.known.hint())
        };
        return match C::decode(&case.bytes[..C::COMPRESSED], true, SubgroupCheck::Unchecked) {
            Ok(p) if !x_zero(&p) && accepted(&p) => Expected::known(
                VerdictKind::OracleRejected,
                BLSTRS_UNCOMPRESSED_ACCEPTS_COMPRESSED,
            ),
            _ => Expected::AGREE,
        };
    }
    if checked {
        // The x = 0 finding is the unchecked decoders' (the checked ones must refuse it).
        return Expected::AGREE;
    }
    match C::decode(&case.bytes, case.compressed, SubgroupCheck::Unchecked) {
        Ok(p) if x_zero(&p) => {
            Expected::known(VerdictKind::Mismatch, BLSTRS_UNCHECKED_REFUSES_X_ZERO)
        }
        _ => Expected::AGREE,
    }
}

/// Whether the case decodes an uncompressed-length input whose compression flag is set.
fn flagged_uncompressed<C: BlsGroup>(case: &EncodingCase<C::F>) -> bool {
    !case.compressed && case.bytes.len() == 2 * C::COMPRESSED && case.bytes[0] & 0x80 != 0
}

/// What blstrs's decoders do on the cases of [`blstrs_encoding_known`]: an uncompressed decode
/// of a flagged input returns exactly the point its first half encodes compressed; an
/// unchecked decode of a point with x = 0 refuses it (`None`: the API gives no reason).
fn blstrs_encoding_behaviour<C: BlsGroup>(
    case: &EncodingCase<C::F>,
    subject: &Outcome<String>,
) -> Result<(), String> {
    if flagged_uncompressed::<C>(case) {
        let first_half = C::decode(&case.bytes[..C::COMPRESSED], true, SubgroupCheck::Unchecked)
            .map_err(|e| format!("the first half no longer decodes ({e:?})"))?;
        known::returned(subject, &canonical::<C>(&first_half))
    } else {
        known::refused_with(subject, "")
    }
}

/// zkcrypto's bls12_381 0.9.0 `G1Affine::from_uncompressed_unchecked` (and G2's) return
/// uncompressed points off the curve: they check the flags and coordinates and skip the curve
/// equation as well as the subgroup check, as their documentation says ("not checking if the
/// element is on the curve […] This is dangerous to call unless you trust the bytes"); only
/// `from_uncompressed` checks both. blst's unchecked decoders check the curve. Not a bug
/// against zkcrypto's contract, but a hazard for a caller who reads "unchecked" as the
/// subgroup check alone. Found when the campaign reached the same input on ark's decoder
/// ([`ARK_UNCHECKED_SKIPS_CURVE_CHECK`]). Smallest trigger: 96 zero bytes (G1; 192 for G2)
/// decode to (0, 0).
pub const ZKCRYPTO_UNCHECKED_SKIPS_CURVE_CHECK: &str = "bls12_381 0.9.0 \
     from_uncompressed_unchecked accepts points off the curve (documented: it checks neither \
     the curve nor the subgroup); smallest trigger: 96 zero bytes decode to (0, 0)";

/// ark-bls12-381 0.5's unchecked decoding (`deserialize_with_mode(_, Compress::No,
/// Validate::No)`, i.e. `deserialize_uncompressed_unchecked`) of an uncompressed G1 or G2
/// point skips the curve equation as well as the subgroup check: `read_g1_uncompressed` /
/// `read_g2_uncompressed` (`ark-bls12-381 src/curves/util.rs`) build the point with
/// `Affine::new_unchecked(x, y)`, and only `Validate::Yes` runs `check()` (on the curve, in
/// the subgroup). blst's unchecked decoders check the curve equation and skip only the
/// subgroup check. ark-serialize documents `Validate::No` as skipping validation, so this is
/// ark's contract, not a bug in it, but a caller who reads "unchecked" as the subgroup check
/// alone gets invalid-curve points. Compressed decoding recovers y from the curve equation
/// and is unaffected. Found by the campaign (seed 0, case 188 of `ark_bls12_381_g1_encoding`:
/// garbage bytes under an uncompressed unchecked decode). Smallest trigger: 96 zero bytes
/// (G1; 192 for G2) decode to (0, 0).
pub const ARK_UNCHECKED_SKIPS_CURVE_CHECK: &str = "ark-bls12-381 0.5.0 \
     deserialize_uncompressed_unchecked (Validate::No) accepts points off the curve \
     (util.rs read_g1/g2_uncompressed use Affine::new_unchecked; only Validate::Yes checks the \
     curve equation); smallest trigger: 96 zero bytes decode to (0, 0)";

/// Whether the case decodes, unchecked and uncompressed, bytes that are well formed but
/// whose point is off the curve (the oracle's `NotOnCurve`).
fn unchecked_off_curve<C: BlsGroup>(case: &EncodingCase<C::F>) -> bool {
    matches!(case.op, Op::Decode { checked: false })
        && !case.compressed
        && matches!(
            C::decode(&case.bytes, false, SubgroupCheck::Unchecked),
            Err(DecodeError::NotOnCurve)
        )
}

/// What zkcrypto's and ark's unchecked uncompressed decoders do on a well-formed encoding of a
/// point off the curve: return exactly its coordinates.
fn returns_the_coordinates<C: BlsGroup>(
    case: &EncodingCase<C::F>,
    subject: &Outcome<String>,
) -> Result<(), String> {
    let p =
        C::coordinates(&case.bytes).map_err(|e| format!("the bytes no longer parse ({e:?})"))?;
    known::returned(subject, &canonical::<C>(&p))
}

/// The known finding of zkcrypto's decoders ([`ZKCRYPTO_UNCHECKED_SKIPS_CURVE_CHECK`]).
fn zkcrypto_encoding_known<C: BlsGroup>(case: &EncodingCase<C::F>) -> Expected {
    if unchecked_off_curve::<C>(case) {
        Expected::known(
            VerdictKind::OracleRejected,
            ZKCRYPTO_UNCHECKED_SKIPS_CURVE_CHECK,
        )
    } else {
        Expected::AGREE
    }
}

/// The known finding of ark's decoders ([`ARK_UNCHECKED_SKIPS_CURVE_CHECK`]).
fn ark_encoding_known<C: BlsGroup>(case: &EncodingCase<C::F>) -> Expected {
    if unchecked_off_curve::<C>(case) {
        Expected::known(VerdictKind::OracleRejected, ARK_UNCHECKED_SKIPS_CURVE_CHECK)
    } else {
        Expected::AGREE
    }
}

/// blstrs's `multi_exp` with its known finding (the rows' check and the tests' alike).
fn blstrs_msm<C: BlstCurve>(spec: Spec) -> WithKnown<MsmCheck<C>> {
    with_known(
        shapes::msm::check::<C, _>(spec, Blstrs),
        blstrs_msm_known,
        blstrs_msm_behaviour,
    )
}

/// blstrs's encodings with their known findings.
fn blstrs_encoding<C: BlstCurve + BlsGroup>(spec: Spec) -> WithKnown<EncodingCheck<C, Blstrs>>
where
    Blstrs: Codec<C>,
{
    with_known(
        crate::families::bls12_381::encoding::check::<C, _>(spec, Blstrs),
        blstrs_encoding_known::<C>,
        blstrs_encoding_behaviour::<C>,
    )
}

/// zkcrypto's encodings with their known finding.
fn zkcrypto_encoding<C: BlsGroup>(spec: Spec) -> WithKnown<EncodingCheck<C, Zkcrypto>>
where
    Zkcrypto: Codec<C>,
{
    with_known(
        crate::families::bls12_381::encoding::check::<C, _>(spec, Zkcrypto),
        zkcrypto_encoding_known::<C>,
        returns_the_coordinates::<C>,
    )
}

/// ark's encodings with their known finding.
fn ark_encoding<C: BlsGroup>(spec: Spec) -> WithKnown<EncodingCheck<C, ArkBls>>
where
    ArkBls: Codec<C>,
{
    with_known(
        crate::families::bls12_381::encoding::check::<C, _>(spec, ArkBls),
        ark_encoding_known::<C>,
        returns_the_coordinates::<C>,
    )
}

/// ark-ec 0.5's multi-Miller loop (`models/bls12/mod.rs`, `multi_miller_loop`) drops pairs
/// with an identity, then runs one loop per chunk of 4 remaining pairs (`cfg_chunks_mut!(pairs,
/// 4)`, in parallel with `parallel`) and multiplies the chunks' values: a second chunk from 5
/// pairs on, a third from 9.
pub const ARK_MILLER_LOOP_CHUNKS: &[(&str, usize)] =
    &[("ark_miller_chunk_2", 5), ("ark_miller_chunk_3", 9)];

/// ark-ec 0.5's MSM windows up to 40 terms ([`ARK_MSM_WINDOWS`]), for the GT MSM: c = 3
/// below 32, then 5 at 32 and 6 from 33. A GT term costs an 𝔽ₚ¹² product, so the larger
/// windows (from 129 terms) are left to the G1 and G2 rows, which run the same generic code.
pub const ARK_GT_MSM_WINDOWS: &[(&str, usize)] = &[("ark_window_c5", 32), ("ark_window_c6", 33)];

/// The multiplier of ark-bls12-381's G1 `clear_cofactor`: the effective cofactor 1 − x =
/// 0xd201000000010001 (x = −0xd201000000010000, the BLS parameter; RFC 9380 §8.8.1, Wahby and
/// Boneh, ePrint 2019/403 §5), not the cofactor h = (x − 1)²/3.
const ARK_G1_CLEAR_COFACTOR_BY: u64 = 0xd201_0000_0001_0001;

/// The multiplier of ark-bls12-381's G2 `clear_cofactor` (Budroni–Pintore's ψ-based method,
/// which computes h_eff·P): RFC 9380 §8.8.2's h_eff for G2.
const ARK_G2_CLEAR_COFACTOR_BY: &str = "0xbc69f08f2ee75b3584c6a0ea91b352888e2a8e9145ad7689986ff031508ffe1329c2f178731db956d82bf015d1212b02ec0ec69d7477c1ae954cbc06689f6a359894c0adebbf6b4e8020005aaa95551";

/// The family's own tests ([`crate::declare::UnitTest`]), one list per `tests` module.
#[cfg(feature = "family-tests")]
const UNIT_TESTS: &[&[crate::declare::UnitTest]] = &[
    adapter_ark::tests::TESTS,
    adapter_blstrs::tests::TESTS,
    adapter_zkcrypto::tests::TESTS,
    ark_curve_ops_tests::TESTS,
    encoding::tests::TESTS,
    known_finding_tests::TESTS,
    pairing::tests::TESTS,
];

/// The family's table: one row per routine. The bug zoo builds its variants from these rows'
/// specs, so a broken variant sees exactly the cases of the routine it breaks.
pub const FAMILY: Family = Family {
    name: "bls12_381",
    #[cfg(feature = "zoo")]
    zoo: zoo::TABLES,
    #[cfg(feature = "family-tests")]
    unit_tests: UNIT_TESTS,
    contract_check: crate::engine::no_contract_check,
    routines: &[
        RoutineRow {
            name: "blst_g1_msm",
            subject: BLSTRS,
            function: "G1Projective::multi_exp",
            lengths: Lengths::up_to(300).thresholds(BLST_MSM),
            cases: 256,
            build: |spec| Box::new(blstrs_msm::<Bls12381G1>(spec)),
        },
        RoutineRow {
            name: "blst_g2_msm",
            subject: BLSTRS,
            function: "G2Projective::multi_exp",
            lengths: Lengths::up_to(160).thresholds(BLST_MSM),
            cases: 192,
            build: |spec| Box::new(blstrs_msm::<Bls12381G2>(spec)),
        },
        RoutineRow {
            name: "blst_g1_msm_large",
            subject: BLSTRS,
            function: "G1Projective::multi_exp (512 to 4096 points)",
            lengths: Lengths::up_to(2).thresholds(BLST_MSM_LARGE),
            cases: 96,
            build: |spec| Box::new(blstrs_msm::<Bls12381G1>(spec)),
        },
        RoutineRow {
            name: "blst_g2_msm_large",
            subject: BLSTRS,
            function: "G2Projective::multi_exp (512 to 4096 points)",
            lengths: Lengths::up_to(2).thresholds(BLST_MSM_LARGE),
            cases: 96,
            build: |spec| Box::new(blstrs_msm::<Bls12381G2>(spec)),
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
            name: "ark_bls12_381_g1_curve_ops",
            subject: ARK_BLS,
            function: "G1 raw-input entry points: msm_bigint (any BigInt), msm_unchecked, mul_bigint (1 to 8 words), * Fr, clear_cofactor, is_in_correct_subgroup_assuming_on_curve, normalize_batch; points with a torsion component",
            lengths: Lengths::up_to(0),
            cases: 384,
            build: |spec| {
                Box::new(crate::arkworks::curve_ops::curve_ops::<
                    Bls12381G1,
                    ark_bls12_381::g1::Config,
                >(
                    spec,
                    crate::arkworks::curve_ops::ArkCurve::glv::<ark_bls12_381::g1::Config>(
                        num_bigint::BigUint::from(ARK_G1_CLEAR_COFACTOR_BY),
                    )
                    .with_reproducer(crate::arkworks::curve_ops::ArkRepro {
                        package: "ark-bls12-381",
                        version: "0.5.0",
                        config: "ark_bls12_381::g1::Config",
                    }),
                ))
            },
        },
        RoutineRow {
            name: "ark_bls12_381_g2_curve_ops",
            subject: ARK_BLS,
            function: "G2 (over 𝔽ₚ²) raw-input entry points: msm_bigint (any BigInt), msm_unchecked, mul_bigint (1 to 8 words), * Fr, clear_cofactor (ψ-based), is_in_correct_subgroup_assuming_on_curve (ψ-based), normalize_batch; points with a torsion component",
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| {
                Box::new(crate::arkworks::curve_ops::curve_ops::<
                    Bls12381G2,
                    ark_bls12_381::g2::Config,
                >(
                    spec,
                    crate::arkworks::curve_ops::ArkCurve::plain(crate::curve::parse_integer(
                        ARK_G2_CLEAR_COFACTOR_BY,
                    ))
                    .with_reproducer(crate::arkworks::curve_ops::ArkRepro {
                        package: "ark-bls12-381",
                        version: "0.5.0",
                        config: "ark_bls12_381::g2::Config",
                    }),
                ))
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
            name: "zkcrypto_g1_batch_normalize",
            subject: ZKCRYPTO,
            function: "group::Curve::batch_normalize (G1)",
            lengths: Lengths::up_to(64),
            cases: 160,
            build: |spec| {
                Box::new(shapes::normalize::check_drawn::<Bls12381G1, _>(
                    spec, Zkcrypto,
                ))
            },
        },
        RoutineRow {
            name: "zkcrypto_g2_batch_normalize",
            subject: ZKCRYPTO,
            function: "group::Curve::batch_normalize (G2)",
            lengths: Lengths::up_to(32),
            cases: 128,
            build: |spec| {
                Box::new(shapes::normalize::check_drawn::<Bls12381G2, _>(
                    spec, Zkcrypto,
                ))
            },
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
        RoutineRow {
            name: "blst_g1_encoding",
            subject: BLSTRS,
            function: ENCODING_G1,
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| Box::new(blstrs_encoding::<Bls12381G1>(spec)),
        },
        RoutineRow {
            name: "blst_g2_encoding",
            subject: BLSTRS,
            function: ENCODING_G2,
            lengths: Lengths::up_to(0),
            cases: 192,
            build: |spec| Box::new(blstrs_encoding::<Bls12381G2>(spec)),
        },
        RoutineRow {
            name: "blstrs_g1_group_law",
            subject: BLSTRS,
            function:
                "group 0.13 traits (G1): +, -, neg, double, + G1Affine, * Scalar, is_identity, Sum, batch_normalize, from_bytes, conditional_select",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(zkgroup::v013::group_law::<
                    blstrs::G1Projective,
                    Bls12381G1,
                    _,
                >(spec, zkgroup::ZcashCompressed))
            },
        },
        RoutineRow {
            name: "blstrs_g2_group_law",
            subject: BLSTRS,
            function:
                "group 0.13 traits (G2): +, -, neg, double, + G2Affine, * Scalar, is_identity, Sum, batch_normalize, from_bytes, conditional_select",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(zkgroup::v013::group_law::<
                    blstrs::G2Projective,
                    Bls12381G2,
                    _,
                >(spec, zkgroup::ZcashCompressed))
            },
        },
        RoutineRow {
            name: "blstrs_g1_wnaf",
            subject: BLSTRS,
            function: "group 0.13 wNAF (G1): WnafBase × WnafScalar (windows 2 to 8), Wnaf::scalar, Wnaf::base",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(
                    zkgroup::v013::wnaf_group::<blstrs::G1Projective, Bls12381G1, _>(
                        spec,
                        zkgroup::ZcashCompressed,
                    )
                    .with_reproducer(zkgroup::ReproPaths {
                        group_type: "blstrs::G1Projective",
                        group_version: "0.13.0",
                    }),
                )
            },
        },
        RoutineRow {
            name: "blstrs_g2_wnaf",
            subject: BLSTRS,
            function: "group 0.13 wNAF (G2): WnafBase × WnafScalar (windows 2 to 8), Wnaf::scalar, Wnaf::base",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(
                    zkgroup::v013::wnaf_group::<blstrs::G2Projective, Bls12381G2, _>(
                        spec,
                        zkgroup::ZcashCompressed,
                    )
                    .with_reproducer(zkgroup::ReproPaths {
                        group_type: "blstrs::G2Projective",
                        group_version: "0.13.0",
                    }),
                )
            },
        },
        RoutineRow {
            name: "zkcrypto_g1_wnaf",
            subject: ZKCRYPTO,
            function: "group 0.14 wNAF (G1): WnafBase × WnafScalar (windows 2 to 8), Wnaf::scalar, Wnaf::base",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(
                    zkgroup::v014::wnaf_group::<bls12_381::G1Projective, Bls12381G1, _>(
                        spec,
                        zkgroup::ZcashCompressed,
                    )
                    .with_reproducer(zkgroup::ReproPaths {
                        group_type: "bls12_381::G1Projective",
                        group_version: "0.14.0",
                    }),
                )
            },
        },
        RoutineRow {
            name: "zkcrypto_g2_wnaf",
            subject: ZKCRYPTO,
            function: "group 0.14 wNAF (G2): WnafBase × WnafScalar (windows 2 to 8), Wnaf::scalar, Wnaf::base",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(
                    zkgroup::v014::wnaf_group::<bls12_381::G2Projective, Bls12381G2, _>(
                        spec,
                        zkgroup::ZcashCompressed,
                    )
                    .with_reproducer(zkgroup::ReproPaths {
                        group_type: "bls12_381::G2Projective",
                        group_version: "0.14.0",
                    }),
                )
            },
        },
        RoutineRow {
            name: "zkcrypto_g1_group_law",
            subject: ZKCRYPTO,
            function:
                "group 0.14 traits (G1): +, -, neg, double, + G1Affine, * Scalar, is_identity, Sum, batch_normalize, from_bytes, conditional_select",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(
                    zkgroup::group_law::<bls12_381::G1Projective, Bls12381G1, _>(
                        spec,
                        zkgroup::ZcashCompressed,
                    ),
                )
            },
        },
        RoutineRow {
            name: "zkcrypto_g2_group_law",
            subject: ZKCRYPTO,
            function:
                "group 0.14 traits (G2): +, -, neg, double, + G2Affine, * Scalar, is_identity, Sum, batch_normalize, from_bytes, conditional_select",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(
                    zkgroup::group_law::<bls12_381::G2Projective, Bls12381G2, _>(
                        spec,
                        zkgroup::ZcashCompressed,
                    ),
                )
            },
        },
        RoutineRow {
            name: "zkcrypto_g1_encoding",
            subject: ZKCRYPTO,
            function: ENCODING_G1,
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| Box::new(zkcrypto_encoding::<Bls12381G1>(spec)),
        },
        RoutineRow {
            name: "zkcrypto_g2_encoding",
            subject: ZKCRYPTO,
            function: ENCODING_G2,
            lengths: Lengths::up_to(0),
            cases: 192,
            build: |spec| Box::new(zkcrypto_encoding::<Bls12381G2>(spec)),
        },
        RoutineRow {
            name: "ark_bls12_381_g1_encoding",
            subject: ARK_BLS,
            function: ARK_ENCODING_G1,
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| Box::new(ark_encoding::<Bls12381G1>(spec)),
        },
        RoutineRow {
            name: "ark_bls12_381_g2_encoding",
            subject: ARK_BLS,
            function: ARK_ENCODING_G2,
            lengths: Lengths::up_to(0),
            cases: 192,
            build: |spec| Box::new(ark_encoding::<Bls12381G2>(spec)),
        },
        RoutineRow {
            name: "blst_pairing",
            subject: BLSTRS,
            function: "pairing",
            lengths: Lengths::up_to(1).non_empty(),
            cases: 48,
            build: |spec| {
                Box::new(crate::families::bls12_381::pairing::check_single(
                    spec,
                    BlstrsPairing,
                ))
            },
        },
        RoutineRow {
            name: "blst_multi_miller_loop",
            subject: BLSTRS,
            function: "Bls12::multi_miller_loop + MillerLoopResult::final_exponentiation",
            lengths: Lengths::up_to(6),
            cases: 64,
            build: |spec| {
                Box::new(crate::families::bls12_381::pairing::check_product(
                    spec,
                    BlstrsMultiMillerLoop,
                ))
            },
        },
        RoutineRow {
            name: "zkcrypto_pairing",
            subject: ZKCRYPTO,
            function: "pairing",
            lengths: Lengths::up_to(1).non_empty(),
            cases: 48,
            build: |spec| {
                Box::new(crate::families::bls12_381::pairing::check_single(
                    spec,
                    ZkcryptoPairing,
                ))
            },
        },
        RoutineRow {
            name: "zkcrypto_multi_miller_loop",
            subject: ZKCRYPTO,
            function: "multi_miller_loop + MillerLoopResult::final_exponentiation",
            lengths: Lengths::up_to(6),
            cases: 64,
            build: |spec| {
                Box::new(crate::families::bls12_381::pairing::check_product(
                    spec,
                    ZkcryptoMultiMillerLoop,
                ))
            },
        },
        RoutineRow {
            name: "ark_bls12_381_multi_pairing",
            subject: ARK_BLS,
            function: "Bls12_381::multi_pairing",
            lengths: Lengths::up_to(10).thresholds(ARK_MILLER_LOOP_CHUNKS),
            cases: 96,
            build: |spec| {
                Box::new(crate::families::bls12_381::pairing::check_product(
                    spec,
                    ArkMultiPairing,
                ))
            },
        },
        RoutineRow {
            name: "blst_gt_scale",
            subject: BLSTRS,
            function: "Gt * &Scalar",
            lengths: Lengths::up_to(1).non_empty(),
            cases: 128,
            build: |spec| Box::new(shapes::gt::check_scale::<Bls12381Gt, _>(spec, Blstrs)),
        },
        RoutineRow {
            name: "blst_gt_msm",
            subject: BLSTRS,
            function: "Gt::sum (of the products tᵢ * kᵢ)",
            lengths: Lengths::up_to(16),
            cases: 128,
            build: |spec| Box::new(shapes::gt::check_multi_exp::<Bls12381Gt, _>(spec, Blstrs)),
        },
        RoutineRow {
            name: "ark_bls12_381_gt_scale",
            subject: ARK_BLS,
            function: "PairingOutput * Fr",
            lengths: Lengths::up_to(1).non_empty(),
            cases: 128,
            build: |spec| Box::new(shapes::gt::check_scale::<Bls12381Gt, _>(spec, ArkBls)),
        },
        RoutineRow {
            name: "ark_bls12_381_gt_msm",
            subject: ARK_BLS,
            function: "VariableBaseMSM::msm (PairingOutput)",
            lengths: Lengths::up_to(40).thresholds(ARK_GT_MSM_WINDOWS),
            cases: 96,
            build: |spec| Box::new(shapes::gt::check_multi_exp::<Bls12381Gt, _>(spec, ArkBls)),
        },
    ],
};

/// ark-bls12-381's G1 serialization (`src/curves/g1.rs`: the `SWCurveConfig` hooks
/// `serialize_with_mode` / `deserialize_with_mode`).
const ARK_ENCODING_G1: &str = "g1::Config::{serialize_with_mode,deserialize_with_mode}";
/// ark-bls12-381's G2 serialization.
const ARK_ENCODING_G2: &str = "g2::Config::{serialize_with_mode,deserialize_with_mode}";

/// The G1 encoders and decoders (the same names in blstrs and zkcrypto).
const ENCODING_G1: &str = "G1Affine::{to_compressed,to_uncompressed,from_compressed,\
                           from_compressed_unchecked,from_uncompressed,from_uncompressed_unchecked}";
/// The G2 encoders and decoders.
const ENCODING_G2: &str = "G2Affine::{to_compressed,to_uncompressed,from_compressed,\
                           from_compressed_unchecked,from_uncompressed,from_uncompressed_unchecked}";

#[cfg(feature = "zoo")]
mod zoo;

#[cfg(feature = "family-tests")]
pub(crate) mod known_finding_tests;

#[cfg(feature = "family-tests")]
pub(crate) mod ark_curve_ops_tests;
