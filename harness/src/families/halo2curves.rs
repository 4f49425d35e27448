//! halo2curves 0.10: the MSM of the halo2 proving stacks over BN254 G1 (`bn256::G1`), and the
//! same entry points over halo2curves' secp256k1 and secp256r1 (P-256); `batch_normalize` over
//! BN254 G1; the compressed point encoding of all three curves. Oracles: the known-log sum of [`crate::shapes::msm`] and the textbook conversion
//! of [`crate::shapes::normalize`].
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
//! # Known finding: `msm_best` doubles without a on secp256r1
//!
//! The batch-affine path's `batch_add` doubles a bucket with λ = 3x²/2y (no a term), wrong for
//! secp256r1 (a = −3): a base meeting a bucket that holds the same point (repeated under the
//! same scalar, in a later batch) panics or gives a wrong sum. Pinned by
//! `adapters::halo2curves::tests::msm_best_batch_add_doubles_without_a_on_secp256r1`; the
//! `_large` rows' generator does not draw that input yet.
//!
//! The `*_compressed_encoding` rows check `GroupEncoding::to_bytes` / `from_bytes` (the
//! compressed format of `src/serde.rs`) through [`crate::shapes::halo2_compressed`]; see
//! [`HALO2_SECP256R1_X_ZERO_REFUSED`] for the known finding on secp256r1.
//!
//! Every row's lengths straddle the changes on its path; the batch-affine path (thousands of
//! terms) gets `*_msm_best_large` rows with few cases.
//!
//! # Known finding: `msm_best` with an identity base on the batch-affine path
//!
//! From n = 8104, `msm_best` copies every base with `Affine::from`, which calls
//! `coordinates().unwrap()`; halo2curves' identity has no coordinates, so any identity among
//! the bases panics (in `subtle`'s `CtOption::unwrap`), in every profile — the bug anchors Z9
//! records for the halo2curves-derived `msm_best` in midnight-zk (PR #225). Below 8104 the
//! same call accepts identities. `msm_best` documents no precondition. The `*_large` rows
//! declare `subject_panicked` as expected for exactly those cases (n ≥ 8104 and an identity
//! among the bases) and check the panic comes from that `unwrap`; every other case must agree.
//! Smallest trigger: 8104 bases, one of them the identity, any scalars.

#[cfg(feature = "zoo")]
mod zoo;

use crate::adapters::halo2curves::{
    Halo2BatchNormalize, Halo2Encoding, Halo2Msm, MsmEntry, HALO2CURVES,
};
use crate::declare::{Family, RoutineRow};
use crate::engine::{Expected, Outcome, Routine, RoutineInfo, Verdict, VerdictKind};
use crate::generators::lengths::Lengths;
use crate::generators::points::SwGroup;
use crate::generators::Gen;
use crate::shapes::known::with_known;
use crate::shapes::msm::{self, MsmCase, MsmCheck};
use crate::shapes::{halo2_compressed, normalize, Spec};
use ecdiff_oracles::curves::{Bn254G1, Secp256k1, P256};
use ecdiff_oracles::weierstrass::Point;

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

/// `msm_best`'s switch to the batch-affine path at c = ⌈ln n⌉ = 10, n = 8104.
pub const BEST_BATCH_AFFINE: &[(&str, usize)] = &[("batch_affine_c10", 8104)];

/// The first length of `msm_best`'s batch-affine path.
pub const BATCH_AFFINE_MIN: usize = 8104;

/// The known finding of the `*_msm_best_large` rows.
pub const MSM_BEST_IDENTITY_BUG: &str = "halo2curves 0.10.0 msm_best with n ≥ 8104 (window \
     c ≥ 10, the batch-affine path) panics on an identity base: Affine::from calls \
     coordinates().unwrap() and the identity has none (CtOption::unwrap in subtle); anchors Z9 \
     (midnight-zk PR #225 for the same code); no upstream issue found for halo2curves";

/// An MSM check whose subject is `msm_best` on the batch-affine path: the known identity
/// panic declared (see the module doc), everything else delegated.
pub struct LargeBest<C: SwGroup>(pub MsmCheck<C>);

fn identity_on_batch_affine_path<F: ecdiff_oracles::field::Field>(case: &MsmCase<F>) -> bool {
    case.bases.len() >= BATCH_AFFINE_MIN && case.bases.iter().any(|b| b.jac.z.is_zero())
}

impl<C: SwGroup> Routine for LargeBest<C>
where
    C::F: ecdiff_oracles::field::Field,
{
    type Case = MsmCase<C::F>;
    type Output = Point<C::F>;

    fn info(&self) -> RoutineInfo {
        self.0.info()
    }
    fn generate(&self, g: &mut Gen) -> Self::Case {
        self.0.generate(g)
    }
    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        self.0.subject(case)
    }
    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        self.0.oracle(case)
    }
    fn expected(&self, case: &Self::Case) -> Expected {
        if identity_on_batch_affine_path(case) {
            Expected::known(VerdictKind::SubjectPanicked, MSM_BEST_IDENTITY_BUG)
        } else {
            Expected::AGREE
        }
    }
    fn compare(
        &self,
        case: &Self::Case,
        subject: &Outcome<Self::Output>,
        oracle: &Outcome<Self::Output>,
    ) -> Verdict {
        if let (Outcome::Panicked(p), true) = (subject, identity_on_batch_affine_path(case)) {
            let in_unwrap = p
                .location
                .as_deref()
                .is_some_and(|l| l.replace('\\', "/").contains("/subtle-"));
            return if in_unwrap {
                Verdict::new(
                    VerdictKind::SubjectPanicked,
                    format!("known finding: subject {p}"),
                )
            } else {
                Verdict::new(
                    VerdictKind::Mismatch,
                    format!("expected the known identity panic (CtOption::unwrap), got: {p}"),
                )
            };
        }
        self.0.compare(case, subject, oracle)
    }
    fn render_case(&self, case: &Self::Case) -> String {
        self.0.render_case(case)
    }
    fn render_output(&self, output: &Self::Output) -> String {
        self.0.render_output(output)
    }
}

/// The three small-n MSM rows and the large-n row of one curve.
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
                name: concat!("halo2_", $curve, "_msm_best_large"),
                subject: HALO2CURVES,
                function: "msm::msm_best (n ≥ 8104: batch-affine path)",
                lengths: Lengths::up_to(8200).thresholds(BEST_BATCH_AFFINE),
                cases: 40,
                build: |spec| {
                    Box::new(LargeBest(msm::check_affine::<$group, _>(
                        spec,
                        Halo2Msm(MsmEntry::Best),
                    )))
                },
            },
        ]
    };
}

const BN256: [RoutineRow; 4] = msm_rows!("bn256", Bn254G1);
const SECP256K1: [RoutineRow; 4] = msm_rows!("secp256k1", Secp256k1);
const SECP256R1: [RoutineRow; 4] = msm_rows!("secp256r1", P256);

/// The family's table: one row per routine. The bug zoo builds its variants from these rows'
/// specs, so a broken variant sees exactly the cases of the routine it breaks.
pub const FAMILY: Family = Family {
    name: "halo2curves",
    routines: &[
        BN256[0],
        BN256[1],
        BN256[2],
        BN256[3],
        RoutineRow {
            name: "halo2_bn256_compressed_encoding",
            subject: HALO2CURVES,
            function: COMPRESSED_ENCODING,
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| Box::new(halo2_compressed::check::<Bn254G1, _>(spec, Halo2Encoding)),
        },
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
        RoutineRow {
            name: "halo2_secp256k1_compressed_encoding",
            subject: HALO2CURVES,
            function: COMPRESSED_ENCODING,
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| Box::new(halo2_compressed::check::<Secp256k1, _>(spec, Halo2Encoding)),
        },
        SECP256R1[0],
        SECP256R1[1],
        SECP256R1[2],
        SECP256R1[3],
        RoutineRow {
            name: "halo2_secp256r1_compressed_encoding",
            subject: HALO2CURVES,
            function: COMPRESSED_ENCODING,
            lengths: Lengths::up_to(0),
            cases: 256,
            build: |spec| {
                Box::new(with_known(
                    halo2_compressed::check::<P256, _>(spec, Halo2Encoding),
                    secp256r1_x_zero_known,
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

/// The known finding of secp256r1's compressed decoder: a valid encoding with x = 0 and the
/// identity flag clear is refused.
fn secp256r1_x_zero_known(case: &halo2_compressed::CompressedCase) -> Expected {
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

/// The spec of the routine `name` (for the bug zoo).
pub fn spec(name: &str) -> Spec {
    FAMILY.spec(name)
}

/// The family's bug-zoo variants.
#[cfg(feature = "zoo")]
pub fn zoo() -> Vec<crate::declare::ZooVariant> {
    zoo::variants()
}
