//! halo2curves 0.10: the MSM of the halo2 proving stacks over BN254 G1 (`bn256::G1`), and the
//! same entry points over halo2curves' secp256k1 and secp256r1 (P-256); `batch_normalize` over
//! BN254 G1; the compressed point encoding of all three curves; the group law through the
//! `group` 0.13 traits (`*_group_law`, [`crate::zkgroup::v013::group_law()`]) of those three
//! and of Grumpkin, Pallas and Vesta (declared from their specifications,
//! [`crate::curve::declared`]). Oracles: the known-log sum of [`crate::shapes::msm`], the textbook
//! conversion of [`crate::shapes::normalize`], known-log bookkeeping for the group law.
//!
//! # The paths of `halo2curves::msm` (read at 0.10.0, `src/msm.rs`)
//!
//! * `msm_serial`: Booth-encoded Pippenger with window c = 1 for n < 4, c = 3 for n < 32,
//!   else c = ⌈ln n⌉ (natural log): c changes at n = 4, 32, 55, 149, 404, 1097, 2981, 8104.
//!   Buckets are affine-then-projective; windows = 8·(bytes of the largest scalar)/c + 1.
//! * `msm_parallel` (feature `std`): for n > `rayon::current_num_threads()` (4 subject
//!   threads here), chunks of ⌊n/4⌋ terms (the remainder in a last, shorter chunk), each
//!   through `msm_serial` with its *chunk's* window: the split starts at n = 5 and the chunk
//!   window is 3 from n = 16, 4 from n = 128 and 5 from n = 220.
//! * `msm_best`: the same c from n; for c < 10 (n < 8104) it is `msm_parallel` (`msm_serial`
//!   without `std`); from n = 8104 (c = 10) it is the batch-affine "CycloneMSM" path:
//!   windows in parallel, each scheduling affine bucket additions in batches of 64 with one
//!   shared inversion, colliding buckets accumulated in projective form.
//!
//! The `*_compressed_encoding` rows check `GroupEncoding::to_bytes` / `from_bytes` (the
//! compressed format of `src/serde.rs`) through [`crate::families::halo2curves::compressed`]; see
//! [`HALO2_SECP256R1_X_ZERO_REFUSED`] for the known finding on secp256r1.
//!
//! Every row's lengths straddle the changes on its path. The changes in the thousands of terms
//! get rows of their own with few cases: `*_msm_serial_large` (windows 8, 9 and 10) and
//! `*_msm_best_large` (`msm_parallel`'s chunk windows 6, 7 and 8, then the batch-affine path);
//! `msm_parallel` beyond n = 240 is the code `msm_best` runs below 8104.
//!
//! # Known findings of `msm_best` on the batch-affine path
//!
//! The `*_msm_best_large` rows run [`LargeBest`] (see [`large_best`] for the term class that
//! reaches `batch_add`'s doubling and cancelling branches, and [`batch_affine`] for the model
//! that tells which cases meet them):
//!
//! * any identity base panics (`Affine::from` calls `coordinates().unwrap()`, and the identity
//!   has none), on every curve and in every profile — the bug fixed in the
//!   halo2curves-derived `msm_best` of midnight-zk
//!   (<https://github.com/midnightntwrk/midnight-zk/pull/225>); below 8104 the same call accepts
//!   identities, and `msm_best` documents no precondition. Smallest trigger: 8104 bases, one
//!   of them the identity, any scalars ([`MSM_BEST_IDENTITY_BUG`]).
//! * `batch_add` doubles a bucket with λ = 3x²/2y, without the curve's a: right for bn256 and
//!   secp256k1 (a = 0), wrong for secp256r1 (a = −3), where the doubled bucket leaves the
//!   curve and the final `Affine::eval` unwraps a failed on-curve check. Smallest trigger:
//!   8104 terms whose term 0 comes again (same point, same scalar) before any other term
//!   shares its bucket ([`MSM_BEST_DOUBLING_WITHOUT_A`]; also pinned by
//!   `families::halo2curves::adapter_halo2curves::tests::msm_best_batch_add_doubles_without_a_on_secp256r1`).
//!
//! Those cases expect `subject_panicked` from that `unwrap`; every other case must agree.

pub mod adapter_halo2curves;
pub mod compressed;

pub mod batch_add_replay;
pub mod batch_affine;
pub mod large_best;
pub mod large_repro;
#[cfg(feature = "zoo")]
mod zoo;

pub use large_best::{
    LargeBest, BATCH_AFFINE_MIN, MSM_BEST_DOUBLING_WITHOUT_A, MSM_BEST_IDENTITY_BUG,
};

use crate::curve::declared::{Grumpkin, Pallas, Vesta};
use crate::declare::{Family, RoutineRow};
use crate::engine::Outcome;
use crate::engine::{Expected, VerdictKind};
use crate::families::halo2curves::adapter_halo2curves::{
    compact_msm_best_reproducer, Halo2BatchNormalize, Halo2Encoding, Halo2Msm, MsmEntry,
    HALO2CURVES,
};
use crate::generators::lengths::Lengths;
use crate::shapes::known::{self, with_known};
use crate::shapes::msm;
use crate::shapes::normalize;
use crate::zkgroup;
use crate::zkgroup::ReproPaths;
use ecdiff_oracles::curves::{Bn254G1, Secp256k1, P256};
use ecdiff_oracles::halo2_compressed::FlagLayout;

/// `msm_serial`'s window changes: c = 3 from n = 4, then ⌈ln n⌉ = 4, 5, 6, 7 from 32, 55,
/// 149 and 404.
pub const SERIAL_WINDOWS: &[(&str, usize)] =
    &[("c3", 4), ("c4", 32), ("c5", 55), ("c6", 149), ("c7", 404)];

/// `msm_parallel`'s changes with 4 threads: unsplit c = 3 from n = 4, the split from n = 5,
/// chunk windows 3, 4 and 5 from n = 16, 128 and 220 (chunks of ⌊n/4⌋).
pub const PARALLEL_SPLITS: &[(&str, usize)] = &[
    ("c3", 4),
    ("split", 5),
    ("chunk_c3", 16),
    ("chunk_c4", 128),
    ("chunk_c5", 220),
];

/// `msm_serial`'s window changes above the small rows': ⌈ln n⌉ = 8, 9 and 10 from n = 1097,
/// 2981 and 8104.
pub const SERIAL_LARGE_WINDOWS: &[(&str, usize)] = &[("c8", 1097), ("c9", 2981), ("c10", 8104)];

/// `msm_best` from n = 240: `msm_parallel`'s chunk windows 6, 7 and 8 from n = 4·149, 4·404 and
/// 4·1097 (chunks of ⌊n/4⌋), then the switch to the batch-affine path at c = ⌈ln n⌉ = 10,
/// n = 8104.
pub const BEST_BATCH_AFFINE: &[(&str, usize)] = &[
    ("chunk_c6", 596),
    ("chunk_c7", 1616),
    ("chunk_c8", 4388),
    ("batch_affine_c10", 8104),
];

/// The three small-n MSM rows and the two large-n rows of one curve.
macro_rules! msm_rows {
    ($curve:literal, $group:ty) => {
        [
            RoutineRow {
                name: concat!("halo2_", $curve, "_msm_best"),
                subject: HALO2CURVES,
                function: "msm::msm_best (n < 8104: msm_parallel)",
                lengths: Lengths::up_to(240).thresholds(PARALLEL_SPLITS),
                cases: 192,
                build: |spec| {
                    Box::new(msm::check_affine::<$group, _>(
                        spec,
                        Halo2Msm(MsmEntry::Best),
                    ))
                },
            },
            RoutineRow {
                name: concat!("halo2_", $curve, "_msm_parallel"),
                subject: HALO2CURVES,
                function: "msm::msm_parallel (without `parallel`: msm_best, serial)",
                lengths: Lengths::up_to(240).thresholds(PARALLEL_SPLITS),
                cases: 192,
                build: |spec| {
                    Box::new(msm::check_affine::<$group, _>(
                        spec,
                        Halo2Msm(MsmEntry::Parallel),
                    ))
                },
            },
            RoutineRow {
                name: concat!("halo2_", $curve, "_msm_serial"),
                subject: HALO2CURVES,
                function: "msm::msm_serial",
                lengths: Lengths::up_to(420).thresholds(SERIAL_WINDOWS),
                cases: 192,
                build: |spec| {
                    Box::new(msm::check_affine::<$group, _>(
                        spec,
                        Halo2Msm(MsmEntry::Serial),
                    ))
                },
            },
            RoutineRow {
                name: concat!("halo2_", $curve, "_msm_serial_large"),
                subject: HALO2CURVES,
                function: "msm::msm_serial (n ≥ 1097: windows 8 to 10)",
                lengths: Lengths::up_to(8200).thresholds(SERIAL_LARGE_WINDOWS),
                cases: 96,
                build: |spec| {
                    Box::new(msm::check_affine::<$group, _>(
                        spec,
                        Halo2Msm(MsmEntry::Serial),
                    ))
                },
            },
            RoutineRow {
                name: concat!("halo2_", $curve, "_msm_best_large"),
                subject: HALO2CURVES,
                function: "msm::msm_best (n ≥ 240: chunk windows 6 to 8, batch-affine from 8104)",
                lengths: Lengths::up_to(8200).thresholds(BEST_BATCH_AFFINE),
                cases: 96,
                build: |spec| {
                    Box::new(
                        LargeBest::new(msm::check_affine::<$group, _>(
                            spec,
                            Halo2Msm(MsmEntry::Best),
                        ))
                        .with_reproducer(compact_msm_best_reproducer::<$group>),
                    )
                },
            },
        ]
    };
}

const BN256: [RoutineRow; 5] = msm_rows!("bn256", Bn254G1);
const SECP256K1: [RoutineRow; 5] = msm_rows!("secp256k1", Secp256k1);
const SECP256R1: [RoutineRow; 5] = msm_rows!("secp256r1", P256);

/// The two rows of one curve of halo2curves through the `group` 0.13 traits: the group law
/// ([`crate::zkgroup::v013::group_law()`]) and `WnafBase × WnafScalar`
/// ([`crate::zkgroup::v013::wnaf()`]: halo2curves implements no `WnafGroup`, so not `Wnaf`'s
/// forms).
macro_rules! trait_rows {
    ($curve:literal, $group:ty, $oracle:ty, $encoding:expr) => {
        trait_rows!($curve, $group, $oracle, $encoding, |check| Box::new(check))
    };
    ($curve:literal, $group:ty, $oracle:ty, $encoding:expr, $known:expr) => {
        [
            RoutineRow {
                name: concat!("halo2_", $curve, "_group_law"),
                subject: HALO2CURVES,
                function: concat!(
                    "group 0.13 traits (",
                    $curve,
                    "): +, -, neg, double, + Affine, * Scalar, is_identity, Sum, batch_normalize, from_bytes, conditional_select"
                ),
                lengths: Lengths::up_to(0),
                cases: 512,
                build: |spec| {
                    // The row's known findings (none, or a function wrapping the check).
                    let known: fn(
                        zkgroup::group_law::GroupLawCheck<$oracle>,
                    ) -> Box<dyn crate::engine::DynRoutine> = $known;
                    known(
                        zkgroup::v013::group_law::<$group, $oracle, _>(spec, $encoding)
                            .with_reproducer(ReproPaths {
                                group_type: stringify!($group),
                                group_version: "0.13.0",
                            }),
                    )
                },
            },
            RoutineRow {
                name: concat!("halo2_", $curve, "_wnaf"),
                subject: HALO2CURVES,
                function: concat!(
                    "group 0.13 WnafBase × WnafScalar (",
                    $curve,
                    "), windows 2 to 8"
                ),
                lengths: Lengths::up_to(0),
                cases: 512,
                build: |spec| {
                    Box::new(
                        zkgroup::v013::wnaf::<$group, $oracle, _>(spec, $encoding)
                            .with_reproducer(ReproPaths {
                                group_type: stringify!($group),
                                group_version: "0.13.0",
                            }),
                    )
                },
            },
        ]
    };
}

const BN256_TRAITS: [RoutineRow; 2] = trait_rows!(
    "bn256",
    halo2curves::bn256::G1,
    Bn254G1,
    zkgroup::Halo2Format(FlagLayout::TwoSpare)
);
const GRUMPKIN_TRAITS: [RoutineRow; 2] = trait_rows!(
    "grumpkin",
    halo2curves::grumpkin::G1,
    Grumpkin,
    zkgroup::Halo2Format(FlagLayout::TwoSpare)
);
const PALLAS_TRAITS: [RoutineRow; 2] = trait_rows!(
    "pallas",
    halo2curves::pasta::Pallas,
    Pallas,
    zkgroup::XLittleEndianSignBit,
    |check| Box::new(with_pasta_identity_sign_known(check))
);
const VESTA_TRAITS: [RoutineRow; 2] = trait_rows!(
    "vesta",
    halo2curves::pasta::Vesta,
    Vesta,
    zkgroup::XLittleEndianSignBit,
    |check| Box::new(with_pasta_identity_sign_known(check))
);
const SECP256K1_TRAITS: [RoutineRow; 2] = trait_rows!(
    "secp256k1",
    halo2curves::secp256k1::Secp256k1,
    Secp256k1,
    zkgroup::Halo2Format(FlagLayout::Extra)
);
const SECP256R1_TRAITS: [RoutineRow; 2] = trait_rows!(
    "secp256r1",
    halo2curves::secp256r1::Secp256r1,
    P256,
    zkgroup::Halo2Format(FlagLayout::Extra)
);

/// The family's own tests ([`crate::declare::UnitTest`]), one list per `tests` module.
#[cfg(feature = "family-tests")]
const UNIT_TESTS: &[&[crate::declare::UnitTest]] = &[
    adapter_halo2curves::tests::TESTS,
    batch_add_replay::tests::TESTS,
    batch_affine::tests::TESTS,
    known_finding_tests::TESTS,
    large_repro::tests::TESTS,
];

/// The family's table: one row per routine. The bug zoo builds its variants from these rows'
/// specs, so a broken variant sees exactly the cases of the routine it breaks.
pub const FAMILY: Family = Family {
    name: "halo2curves",
    #[cfg(feature = "zoo")]
    zoo: zoo::TABLES,
    #[cfg(feature = "family-tests")]
    unit_tests: UNIT_TESTS,
    contract_check: crate::engine::no_contract_check,
    routines: &[
        BN256[0],
        BN256[1],
        BN256[2],
        BN256[3],
        BN256[4],
        RoutineRow {
            name: "halo2_bn256_compressed_encoding",
            subject: HALO2CURVES,
            function: COMPRESSED_ENCODING,
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| Box::new(compressed::check::<Bn254G1, _>(spec, Halo2Encoding)),
        },
        BN256_TRAITS[0],
        BN256_TRAITS[1],
        GRUMPKIN_TRAITS[0],
        GRUMPKIN_TRAITS[1],
        PALLAS_TRAITS[0],
        PALLAS_TRAITS[1],
        VESTA_TRAITS[0],
        VESTA_TRAITS[1],
        RoutineRow {
            name: "halo2_bn256_batch_normalize",
            subject: HALO2CURVES,
            function: "group::Curve::batch_normalize (bn256::G1)",
            lengths: Lengths::up_to(64),
            cases: 160,
            build: |spec| Box::new(normalize::check::<Bn254G1, _>(spec, Halo2BatchNormalize)),
        },
        SECP256K1[0],
        SECP256K1[1],
        SECP256K1[2],
        SECP256K1[3],
        SECP256K1[4],
        SECP256K1_TRAITS[0],
        SECP256K1_TRAITS[1],
        RoutineRow {
            name: "halo2_secp256k1_compressed_encoding",
            subject: HALO2CURVES,
            function: COMPRESSED_ENCODING,
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| Box::new(compressed::check::<Secp256k1, _>(spec, Halo2Encoding)),
        },
        SECP256R1[0],
        SECP256R1[1],
        SECP256R1[2],
        SECP256R1[3],
        SECP256R1[4],
        SECP256R1_TRAITS[0],
        SECP256R1_TRAITS[1],
        RoutineRow {
            name: "halo2_secp256r1_compressed_encoding",
            subject: HALO2CURVES,
            function: COMPRESSED_ENCODING,
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| {
                Box::new(with_known(
                    compressed::check::<P256, _>(spec, Halo2Encoding),
                    secp256r1_x_zero_known,
                    secp256r1_x_zero_behaviour,
                ))
            },
        },
    ],
};

/// The compressed encoder and decoder (`GroupEncoding` of the affine type, halo2curves
/// `src/serde.rs` `Compressed::{encode,decode}`).
const COMPRESSED_ENCODING: &str = "Compressed::{encode,decode}";

/// halo2curves 0.10.0's secp256r1 `from_bytes` refuses the compressed encoding of the two
/// points (0, ±√b) that `to_bytes` writes: its decoder (`src/serde.rs`, `Compressed::decode`)
/// requires x ≠ 0 whenever the identity flag is clear (`!is_identity & !is_zero`), which holds
/// for BN254 and secp256k1 (3 and 7 are not squares) but not for P-256, whose b is a square.
/// So `from_bytes(to_bytes(P)) ≠ P` for those two valid points. Smallest trigger: decode
/// `00` followed by 32 zero bytes with the sign flag `80` or not (`00…00` / `80…00`), the
/// encodings of (0, √b) of each parity. No upstream issue filed.
pub const HALO2_SECP256R1_X_ZERO_REFUSED: &str = "halo2curves 0.10.0 secp256r1 from_bytes \
     refuses the compressed encoding of the curve points (0, ±√b) that to_bytes writes (its \
     decoder requires x ≠ 0 unless the identity flag is set, src/serde.rs Compressed::decode); \
     smallest trigger: 33 zero bytes, or 0x80 then 32 zero bytes";

/// What secp256r1's `from_bytes` does on the cases of [`secp256r1_x_zero_known`]: refuses
/// them (a `CtOption` that is none: the API gives no reason).
pub(crate) fn secp256r1_x_zero_behaviour(
    _case: &compressed::CompressedCase,
    subject: &Outcome<String>,
) -> Result<(), String> {
    known::refused_with(subject, "")
}

/// The known finding of secp256r1's compressed decoder: a valid encoding with x = 0 and the
/// identity flag clear is refused.
fn secp256r1_x_zero_known(case: &compressed::CompressedCase) -> Expected {
    let x_zero = !case.encode
        && case.bytes.len() == 33
        && case.bytes[0] & !0x80 == 0
        && case.bytes[1..].iter().all(|&b| b == 0);
    if x_zero {
        Expected::known(VerdictKind::Mismatch, HALO2_SECP256R1_X_ZERO_REFUSED)
    } else {
        Expected::AGREE
    }
}

/// halo2curves 0.10.0 reads a Pasta point's compressed encoding (`CompressedFlagConfig::
/// SingleSpare`: x little-endian, the sign of y in the top bit, no identity flag) with x = 0
/// as the identity whatever its sign bit (`src/serde.rs`, `Compressed::decode`: with no
/// identity flag, `is_identity` is `x.is_zero()` and the sign is never checked against it).
/// So `00…00 ‖ 80` decodes to the identity: a second encoding of it, and of no point at all,
/// since no point of Pallas or Vesta has x = 0 (5 is not a square modulo p or q);
/// pasta_curves 0.6.1 refuses it (`x.is_zero() & !ysign`), as the Zcash specification's
/// encoding does. Found by the `from_bytes` cases' sign flips of the identity
/// (`mut_sign_flip`). Smallest input: 31 zero bytes and `80`. No upstream issue found.
pub const HALO2_PASTA_IDENTITY_SIGN_ACCEPTED: &str = "halo2curves 0.10.0 Pallas/Vesta \
     from_bytes reads x = 0 as the identity whatever the sign bit (SingleSpare flags, \
     src/serde.rs Compressed::decode): 00…00 ‖ 80, the encoding of no point, decodes to the \
     identity; pasta_curves refuses it; smallest input: 31 zero bytes then 0x80";

/// The encoding of [`HALO2_PASTA_IDENTITY_SIGN_ACCEPTED`]: x = 0 with the sign bit set.
fn is_pasta_identity_with_sign(bytes: &[u8]) -> bool {
    bytes.len() == 32 && bytes[31] == 0x80 && bytes[..31].iter().all(|b| *b == 0)
}

/// A Pasta group-law check with [`HALO2_PASTA_IDENTITY_SIGN_ACCEPTED`] declared: its decode
/// case is an accepted invalid input, and the library returns exactly the identity.
pub(crate) fn with_pasta_identity_sign_known<C>(
    check: zkgroup::group_law::GroupLawCheck<C>,
) -> known::WithKnown<zkgroup::group_law::GroupLawCheck<C>>
where
    C: crate::curve::SwGroup<F = ecdiff_oracles::field::Fp>,
{
    with_known(
        check,
        |case| {
            let accepted = case.op == zkgroup::group_law::Op::Decode
                && is_pasta_identity_with_sign(&case.bytes);
            if accepted {
                Expected::known(
                    VerdictKind::OracleRejected,
                    HALO2_PASTA_IDENTITY_SIGN_ACCEPTED,
                )
            } else {
                Expected::AGREE
            }
        },
        |_, subject| {
            let identity = ecdiff_oracles::weierstrass::Point::Identity;
            known::returned(subject, &zkgroup::group_law::GroupValue::Point(identity))
        },
    )
}

#[cfg(feature = "family-tests")]
pub(crate) mod known_finding_tests;
