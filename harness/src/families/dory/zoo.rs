//! Deliberately broken subjects for the dory family (feature `zoo`). Each reuses the spec of
//! the routine it breaks and reproduces a real bug class; the doc comment of each subject
//! names the bug and the input that triggers it.

use crate::arkworks::zoo::{
    bucket_index_in_a_byte, curve_ops_row, incomplete_msm, naf_exp_truncated,
    raw_equality_pippenger, serialization_zoo_rows, BrokenCurveOps, BrokenSerializer,
    BrokenTeSerializer, CurveOpsFlaw, IncompleteLaw, SumOrder,
};
use crate::curve::Jacobian;
use crate::declare::ZooRow;
use crate::engine::VerdictKind;
use crate::families::dory::adapter_ark::{self as ark, ArkCurve};
use crate::families::dory::ed_on_bn254::BabyJubjub;
use crate::families::dory::vector::{BasesThenAdd, FixedBaseVectorScalarMul, VsThenAdd};
use crate::shapes::fold::FieldFold;
use crate::shapes::gt::{GtMultiExp, GtScale};
use crate::shapes::msm::{AffineMsm, Msm};
use crate::shapes::normalize::NormalizeBatch;
use crate::shapes::{self};
use ark_bn254::{Fq12, Fr};
use ark_ec::pairing::PairingOutput;
use ark_ec::short_weierstrass::{Affine, Projective};
use ark_ec::{AffineRepr, CurveGroup, VariableBaseMSM};
use ark_ff::{AdditiveGroup, Field, One, Zero};
use ecdiff_oracles::curves::{bn254_fr, Bn254G1, Bn254G2};
use ecdiff_oracles::tower::bn254::Fp12;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use std::marker::PhantomData;

fn frs(s: &[BigUint]) -> Vec<Fr> {
    s.iter().map(ark::fr).collect()
}

fn projective<C: ArkCurve>(ps: &[Jacobian<C::F>]) -> Vec<Projective<C::Config>> {
    ps.iter().map(C::to_ark).collect()
}

/// A z-scan dispatch that trusts raw coordinates: it looks at the first base only, and when
/// that one is normalized it reads (X, Y) of *every* base as affine. dory-pcs 0.5.0's dispatch
/// scans all bases (`src/backends/arkworks/ark_group.rs`, from
/// <https://github.com/a16z/dory/pull/27>); a Pippenger that assumes Z = 1 inputs is
/// UltrafastSecp256k1's (<https://github.com/shrec/UltrafastSecp256k1/issues/401>).
/// Trigger: `mixed_z` bases whose first element has z = 1.
struct ZscanFirstBaseOnly<C>(PhantomData<C>);

impl<C: ArkCurve> Msm<C> for ZscanFirstBaseOnly<C> {
    fn msm(&self, bases: &[Jacobian<C::F>], scalars: &[BigUint]) -> Point<C::F> {
        let ps = projective::<C>(bases);
        if ps.is_empty() {
            return Point::Identity;
        }
        let affine: Vec<Affine<C::Config>> = if ps[0].z.is_one() {
            ps.iter().map(|p| Affine::new_unchecked(p.x, p.y)).collect()
        } else {
            Projective::normalize_batch(&ps)
        };
        C::from_ark(&Projective::<C::Config>::msm(&affine, &frs(scalars)).expect("equal lengths"))
    }
}

/// [`raw_equality_pippenger`]: a Pippenger over the Jacobian bases as handed over, whose bucket
/// addition picks its doubling case by comparing raw coordinates, so one point in two
/// projective forms meets itself through the generic formula and the bucket becomes O (the
/// mixed-z form of an incomplete law).
/// Trigger: `bucket_repeated_term_other_z`.
struct RawEqualityBuckets<C>(PhantomData<C>);

impl<C: ArkCurve> Msm<C> for RawEqualityBuckets<C> {
    fn msm(&self, bases: &[Jacobian<C::F>], scalars: &[BigUint]) -> Point<C::F> {
        C::from_ark(&raw_equality_pippenger(
            &projective::<C>(bases),
            scalars,
            254,
        ))
    }
}

/// A fast path that counts the identity as normalized: every base with z ∈ {0, 1} is read as
/// the affine (X, Y), so the identity (1, 1, 0) becomes the off-curve point (1, 1).
/// Models identities mishandled inside MSM inputs (midnight-zk
/// <https://github.com/midnightntwrk/midnight-zk/pull/225>, rust-kzg
/// <https://github.com/grandinetech/rust-kzg/pull/309>, revm
/// <https://github.com/bluealloy/revm/issues/1428>).
/// Trigger: an `identity` among otherwise normalized bases.
struct IdentityInFastPath<C>(PhantomData<C>);

impl<C: ArkCurve> Msm<C> for IdentityInFastPath<C> {
    fn msm(&self, bases: &[Jacobian<C::F>], scalars: &[BigUint]) -> Point<C::F> {
        let ps = projective::<C>(bases);
        let affine: Vec<Affine<C::Config>> = if ps.iter().all(|p| p.z.is_one() || p.z.is_zero()) {
            ps.iter().map(|p| Affine::new_unchecked(p.x, p.y)).collect()
        } else {
            Projective::normalize_batch(&ps)
        };
        C::from_ark(&Projective::<C::Config>::msm(&affine, &frs(scalars)).expect("equal lengths"))
    }
}

/// Double-and-add whose accumulator starts at the base and skips the top bit, so k = 0 comes
/// out as the base instead of the identity. Models OpenSSL's `G·0` returning a non-identity
/// (<https://github.com/openssl/openssl/issues/2419>) and go-ethereum's naive MSM that started
/// at the generator (go-ethereum 0568bf83, `tests/fuzzers/bls12381/bls12381_fuzz.go`).
/// Trigger: `scalar_zero`.
struct AccumulatorStartsAtBase<C>(PhantomData<C>);

impl<C: ArkCurve> FixedBaseVectorScalarMul<C> for AccumulatorStartsAtBase<C> {
    fn fixed_base_vector_scalar_mul(
        &self,
        base: &Jacobian<C::F>,
        scalars: &[BigUint],
    ) -> Vec<Point<C::F>> {
        let b = C::to_ark(base);
        scalars
            .iter()
            .map(|k| {
                let mut acc = b;
                for i in (0..k.bits().saturating_sub(1)).rev() {
                    acc.double_in_place();
                    if k.bit(i) {
                        acc += b;
                    }
                }
                C::from_ark(&acc)
            })
            .collect()
    }
}

/// Textbook chord addition without the equal-x checks: λ = (y₂ − y₁)/(x₂ − x₁) with the
/// inverse of zero taken as zero, so P + P and P + (−P) come out wrong. Models "P + P taking
/// the addition formula" (incomplete formulas: Go P-256, CVE-2023-24532,
/// <https://github.com/golang/go/issues/58647>; Shamir tables, Botan
/// <https://github.com/randombit/botan/issues/2424>, wolfSSL
/// <https://github.com/wolfSSL/wolfssl/pull/3427>).
/// Trigger: `sum_is_doubling` or `sum_cancels`.
struct IncompleteChordAddition<C>(PhantomData<C>);

fn chord_add<C: ArkCurve>(p: Affine<C::Config>, q: Affine<C::Config>) -> Affine<C::Config> {
    if p.is_zero() {
        return q;
    }
    if q.is_zero() {
        return p;
    }
    let lambda = (q.y - p.y) * (q.x - p.x).inverse().unwrap_or_default();
    let x3 = lambda.square() - p.x - q.x;
    let y3 = lambda * (p.x - x3) - p.y;
    Affine::new_unchecked(x3, y3)
}

impl<C: ArkCurve> BasesThenAdd<C> for IncompleteChordAddition<C> {
    fn fixed_scalar_mul_bases_then_add(
        &self,
        bases: &[Jacobian<C::F>],
        vs: &[Jacobian<C::F>],
        scalar: &BigUint,
    ) -> Vec<Point<C::F>> {
        let s = ark::fr(scalar);
        bases
            .iter()
            .zip(vs)
            .map(|(b, v)| {
                let t = (C::to_ark(b) * s).into_affine();
                C::from_ark_affine(&chord_add::<C>(C::to_ark(v).into_affine(), t))
            })
            .collect()
    }
}

/// Mixed Jacobian–affine addition madd-2007-bl without its doubling check: when the two
/// inputs are equal, H = r = 0 and the result has Z = 0, the identity, instead of 2P. Models
/// incomplete mixed addition (k256/p256, <https://github.com/RustCrypto/elliptic-curves/pull/337>;
/// hot buckets, <https://github.com/AztecProtocol/aztec-packages/pull/23740>).
/// Trigger: `sum_is_doubling`.
struct MaddWithoutDoublingCheck<C>(PhantomData<C>);

fn madd<C: ArkCurve>(p: Projective<C::Config>, q: Affine<C::Config>) -> Projective<C::Config> {
    if q.is_zero() {
        return p;
    }
    if p.is_zero() {
        return q.into_group();
    }
    let z1z1 = p.z.square();
    let u2 = q.x * z1z1;
    let s2 = q.y * p.z * z1z1;
    let h = u2 - p.x;
    let hh = h.square();
    let i = hh.double().double();
    let j = h * i;
    let r = (s2 - p.y).double();
    let v = p.x * i;
    let x3 = r.square() - j - v.double();
    let y3 = r * (v - x3) - (p.y * j).double();
    let z3 = (p.z + h).square() - z1z1 - hh;
    Projective::new_unchecked(x3, y3, z3)
}

impl<C: ArkCurve> VsThenAdd<C> for MaddWithoutDoublingCheck<C> {
    fn fixed_scalar_mul_vs_then_add(
        &self,
        vs: &[Jacobian<C::F>],
        addends: &[Jacobian<C::F>],
        scalar: &BigUint,
    ) -> Vec<Point<C::F>> {
        let s = ark::fr(scalar);
        vs.iter()
            .zip(addends)
            .map(|(v, a)| C::from_ark(&madd::<C>(C::to_ark(v) * s, C::to_ark(a).into_affine())))
            .collect()
    }
}

/// A parallel fold over `chunks_exact(1024)`: the remainder past the last whole chunk is
/// silently left unfolded. Models "a parallel split that loses work at a chunk boundary"
/// (dory's `with_min_len(1024)` split; Constantine's parallel MSM,
/// <https://github.com/mratsim/constantine/pull/484>).
/// Trigger: a length above 1024 that is not a multiple of 1024 (`len_rayon_min_len_at`).
struct ChunksExactDropsTail;

impl FieldFold for ChunksExactDropsTail {
    fn fold(&self, left: &[BigUint], right: &[BigUint], scalar: &BigUint) -> Vec<BigUint> {
        use rayon::prelude::*;
        let (mut l, r, s) = (frs(left), frs(right), ark::fr(scalar));
        if l.len() <= 1024 {
            l.iter_mut().zip(&r).for_each(|(l, r)| *l = *l * s + r);
        } else {
            l.par_chunks_exact_mut(1024)
                .zip(r.par_chunks_exact(1024))
                .for_each(|(lc, rc)| {
                    lc.iter_mut().zip(rc).for_each(|(l, r)| *l = *l * s + r);
                });
        }
        l.iter().map(ark::from_fr).collect()
    }
}

/// A chunked fold whose chunk ranges end one past the boundary, so the first element of every
/// chunk after the first is folded twice. Models "a parallel split that repeats work at a
/// chunk boundary". Trigger: lengths from 1025 on (`len_rayon_min_len_at`).
struct BoundaryFoldedTwice;

impl FieldFold for BoundaryFoldedTwice {
    fn fold(&self, left: &[BigUint], right: &[BigUint], scalar: &BigUint) -> Vec<BigUint> {
        let (mut l, r, s) = (frs(left), frs(right), ark::fr(scalar));
        for start in (0..l.len()).step_by(1024) {
            for i in start..(start + 1025).min(l.len()) {
                l[i] = l[i] * s + r[i];
            }
        }
        l.iter().map(ark::from_fr).collect()
    }
}

fn gt_product(ts: &[Fq12], ks: &[Fr]) -> Fq12 {
    ts.iter().zip(ks).fold(Fq12::one(), |acc, (t, k)| {
        acc * (PairingOutput::<ark_bn254::Bn254>(*t) * k).0
    })
}

/// dory's `gt_msm` chunking with overlapping chunk ranges: each chunk but the last also takes
/// the next chunk's first term, which then counts twice. Models a parallel split that repeats
/// work at a chunk boundary (dory-pcs 0.5.0 `gt_multi_exp`, `GT_MSM_MIN_CHUNK`).
/// Trigger: more than 8 terms (`len_gt_min_chunk_at`), where the split starts.
struct GtChunksOverlap;

impl GtMultiExp for GtChunksOverlap {
    fn gt_msm(&self, elems: &[Fp12], exps: &[BigUint]) -> Fp12 {
        let ts: Vec<Fq12> = elems.iter().map(ark::fq12).collect();
        let ks = frs(exps);
        let chunk = ts.len().div_ceil(rayon::current_num_threads()).max(8);
        let mut acc = Fq12::one();
        let mut start = 0;
        while start < ts.len() {
            let end = (start + chunk + 1).min(ts.len());
            acc *= gt_product(&ts[start..end], &ks[start..end]);
            start += chunk;
        }
        ark::from_fq12(&acc)
    }
}

/// Non-adjacent-form exponentiation that keeps only as many digits as the exponent has bits
/// (254), dropping the terminal carry digit NAF can produce. Models dalek's NAF terminal-carry
/// bugs (<https://github.com/dalek-cryptography/curve25519-dalek/commit/389d2bc9>,
/// <https://github.com/dalek-cryptography/curve25519-dalek/commit/e17c98a3>) in a GT
/// exponentiation with cyclotomic squaring and conjugation as the inverse (dory's
/// `gt_multi_exp`).
/// Trigger: exponents whose two top bits are set, e.g. r − 1 (`scalar_order_minus_1`).
struct NafCarryDropped;

impl GtScale for NafCarryDropped {
    fn scale(&self, elem: &Fp12, exp: &BigUint) -> Fp12 {
        ark::from_fq12(&naf_exp_truncated(ark::fq12(elem), exp, 254))
    }
}

/// Montgomery batch inversion over every z, zeros included: one identity makes the product
/// zero, its "inverse" zero, and every other point of the batch comes out wrong. Models
/// c-kzg-4844's `fr_batch_inv` (<https://github.com/ethereum/c-kzg-4844/issues/205>) and
/// primeorder's `BatchInvert` on zero elements (<https://github.com/RustCrypto/traits/pull/1884>).
/// Trigger: an `identity` in a batch with other points.
struct BatchInversionWithZero<C>(PhantomData<C>);

impl<C: ArkCurve> NormalizeBatch<C> for BatchInversionWithZero<C> {
    fn normalize_batch(&self, points: &[Jacobian<C::F>]) -> Vec<Point<C::F>> {
        let ps = projective::<C>(points);
        let mut prefix = Vec::with_capacity(ps.len());
        let mut acc = <C::Config as ark_ec::CurveConfig>::BaseField::one();
        for p in &ps {
            prefix.push(acc);
            acc *= p.z;
        }
        let mut inv = acc.inverse().unwrap_or_default();
        let mut z_inv = vec![inv; ps.len()];
        for i in (0..ps.len()).rev() {
            z_inv[i] = inv * prefix[i];
            inv *= ps[i].z;
        }
        ps.iter()
            .zip(z_inv)
            .map(|(p, zi)| {
                if p.z.is_zero() {
                    Point::Identity
                } else {
                    let zi2 = zi.square();
                    C::from_ark_affine(&Affine::new_unchecked(p.x * zi2, p.y * zi2 * zi))
                }
            })
            .collect()
    }
}

/// Identity detection by comparing raw coordinates with the canonical identity (1, 1, 0)
/// rather than testing z = 0: an identity with other X and Y is pushed through the affine
/// conversion with z⁻¹ = 0 and comes out as (0, 0). Models k256's `batch_normalize` detecting
/// the identity with `ct_eq(ZERO)` on a lazily reduced z
/// (<https://github.com/RustCrypto/elliptic-curves/pull/1029>). Trigger:
/// `identity_noncanonical`.
struct IdentityByCanonicalCoordinates<C>(PhantomData<C>);

impl<C: ArkCurve> NormalizeBatch<C> for IdentityByCanonicalCoordinates<C> {
    fn normalize_batch(&self, points: &[Jacobian<C::F>]) -> Vec<Point<C::F>> {
        let ps = projective::<C>(points);
        let mut zs: Vec<_> = ps.iter().map(|p| p.z).collect();
        ark_ff::batch_inversion(&mut zs);
        ps.iter()
            .zip(zs)
            .map(|(p, zi)| {
                if p.x.is_one() && p.y.is_one() && p.z.is_zero() {
                    Point::Identity
                } else {
                    let zi2 = zi.square();
                    C::from_ark_affine(&Affine::new_unchecked(p.x * zi2, p.y * zi2 * zi))
                }
            })
            .collect()
    }
}

/// [`bucket_index_in_a_byte`]: a Pippenger bucket MSM whose bucket indices wrap around a byte
/// once the window passes 8 bits. Trigger: `len_ark_window_c9_at` and above.
struct BucketIndexInAByte<C>(PhantomData<C>);

impl<C: ArkCurve> AffineMsm<C> for BucketIndexInAByte<C> {
    fn msm(&self, bases: &[Point<C::F>], scalars: &[BigUint]) -> Point<C::F> {
        let bases: Vec<Affine<C::Config>> = bases.iter().map(C::to_ark_affine).collect();
        C::from_ark(&bucket_index_in_a_byte(&bases, scalars, 254))
    }
}

/// [`incomplete_msm`]: a reference MSM accumulating in `order` with an affine addition law
/// missing one case (issue 36's incomplete-law zoo). Trigger: a coincidence of that order
/// (`crate::generators::coincidence`).
struct IncompleteSum<C> {
    order: SumOrder,
    law: IncompleteLaw,
    curve: PhantomData<C>,
}

impl<C: ArkCurve> AffineMsm<C> for IncompleteSum<C> {
    fn msm(&self, bases: &[Point<C::F>], scalars: &[BigUint]) -> Point<C::F> {
        let bases: Vec<Affine<C::Config>> = bases.iter().map(C::to_ark_affine).collect();
        C::from_ark_affine(&incomplete_msm(&bases, scalars, 254, self.order, self.law))
    }
}

const NO_DOUBLING_BUG: &str = "affine chord addition without its doubling case, inside the sum: \
    a partial sum meeting an equal operand (Go P-256, https://github.com/golang/go/issues/58647; \
    k256/p256 mixed addition, https://github.com/RustCrypto/elliptic-curves/pull/337)";
const NO_INVERSE_BUG: &str = "affine chord addition without its inverse case, inside the sum: \
    a partial sum meeting its negation (Botan https://github.com/randombit/botan/issues/2424, \
    wolfSSL https://github.com/wolfSSL/wolfssl/pull/3427)";

/// One row of the incomplete-law zoo over `ark_g1_msm`.
macro_rules! incomplete_sum_row {
    ($name:literal, $order:ident, $law:ident, $bug:expr, $trigger:literal) => {
        ZooRow {
            name: concat!("ark_g1_msm__", $name),
            routine: "ark_g1_msm",
            bug: $bug,
            trigger: $trigger,
            caught_as: &[VerdictKind::Mismatch],
            build: |spec| {
                Box::new(shapes::msm::check_affine::<Bn254G1, _>(
                    spec,
                    IncompleteSum {
                        order: SumOrder::$order,
                        law: IncompleteLaw::$law,
                        curve: PhantomData,
                    },
                ))
            },
        }
    };
}

// Bug and trigger texts shared by twin rows: one bug in G1 and G2, or in two libraries.
const ZSCAN_FIRST_BASE_ONLY_BUG: &str =
    "z-scan dispatch trusts raw coordinates after checking only the first base (dory-pcs \
    0.5.0 `src/backends/arkworks/ark_group.rs`, https://github.com/a16z/dory/pull/27; \
    https://github.com/shrec/UltrafastSecp256k1/issues/401)";
const ACCUMULATOR_STARTS_AT_BASE_BUG: &str =
    "double-and-add starting from the base: 0·P = P (OpenSSL G·0, \
    https://github.com/openssl/openssl/issues/2419; go-ethereum 0568bf83 naive MSM, \
    `tests/fuzzers/bls12381/bls12381_fuzz.go`)";
const INCOMPLETE_CHORD_ADDITION_BUG: &str =
    "chord addition without equal-x checks: P + P and P + (−P) wrong (Go P-256, \
    https://github.com/golang/go/issues/58647; Botan \
    https://github.com/randombit/botan/issues/2424, wolfSSL \
    https://github.com/wolfSSL/wolfssl/pull/3427)";
const MADD_WITHOUT_DOUBLING_CHECK_BUG: &str =
    "madd-2007-bl without its doubling branch: P + P = O (k256/p256 mixed addition, \
    https://github.com/RustCrypto/elliptic-curves/pull/337; \
    https://github.com/AztecProtocol/aztec-packages/pull/23740)";
const BATCH_INVERSION_WITH_ZERO_BUG: &str =
    "Montgomery batch inversion does not skip zeros: one identity spoils the batch \
    (c-kzg-4844 fr_batch_inv, https://github.com/ethereum/c-kzg-4844/issues/205; \
    https://github.com/RustCrypto/traits/pull/1884)";
const IDENTITY_BY_CANONICAL_COORDINATES_BUG: &str =
    "identity recognized by its canonical coordinates, not z = 0 (k256 ct_eq(ZERO), \
    https://github.com/RustCrypto/elliptic-curves/pull/1029)";
const BUCKET_INDEX_IN_A_BYTE_BUG: &str =
    "Pippenger bucket index overflows past 8-bit windows (dalek i8 bucket index, \
    https://github.com/dalek-cryptography/curve25519-dalek/pull/259)";
const ZSCAN_FIRST_BASE_ONLY_TRIGGER: &str = "mixed_z bases whose first base has z = 1";
const INCOMPLETE_CHORD_ADDITION_TRIGGER: &str = "sum_is_doubling, sum_cancels";
const BATCH_INVERSION_WITH_ZERO_TRIGGER: &str = "identity in a batch with other points";
const BUCKET_INDEX_IN_A_BYTE_TRIGGER: &str = "1025 bases or more (window c ≥ 9)";

/// Every table of the family: its own rows and the serialization rows' stamped ones.
pub(super) const TABLES: &[&[ZooRow]] = &[
    ROWS,
    &G1_SERIALIZATION,
    &G2_SERIALIZATION,
    &SECP256K1_SERIALIZATION,
    &BLS12_377_G1_SERIALIZATION,
    &BLS12_377_G2_SERIALIZATION,
    &ED_ON_BN254_SERIALIZATION,
];

// Every entry point of arkworks' format on each serialization row
// ([`crate::arkworks::zoo::serialization`]), with the validation flaw its cofactor lets show:
// a curve of cofactor 1 passes every point through the subgroup check, so there the curve
// check is skipped; elsewhere the subgroup check.
const G1_SERIALIZATION: [ZooRow; 5] = serialization_zoo_rows!(
    "ark_g1_serialization",
    |s, f| Box::new(BrokenSerializer::<Bn254G1, ark_bn254::g1::Config>::check(s, f)),
    "validate_without_curve_check" ValidateWithoutCurveCheck
);
const G2_SERIALIZATION: [ZooRow; 5] = serialization_zoo_rows!(
    "ark_g2_serialization",
    |s, f| Box::new(BrokenSerializer::<Bn254G2, ark_bn254::g2::Config>::check(s, f)),
    "validate_without_subgroup_check" ValidateWithoutSubgroupCheck
);
const SECP256K1_SERIALIZATION: [ZooRow; 5] = serialization_zoo_rows!(
    "ark_secp256k1_serialization",
    |s, f| Box::new(BrokenSerializer::<
        ecdiff_oracles::curves::Secp256k1,
        ark_secp256k1::Config,
    >::check(s, f)),
    "validate_without_curve_check" ValidateWithoutCurveCheck
);
const BLS12_377_G1_SERIALIZATION: [ZooRow; 5] = serialization_zoo_rows!(
    "ark_bls12_377_g1_serialization",
    |s, f| Box::new(BrokenSerializer::<
        super::bls12_377::Bls12377G1,
        ark_bls12_377::g1::Config,
    >::check(s, f)),
    "validate_without_subgroup_check" ValidateWithoutSubgroupCheck
);
const BLS12_377_G2_SERIALIZATION: [ZooRow; 5] = serialization_zoo_rows!(
    "ark_bls12_377_g2_serialization",
    |s, f| Box::new(BrokenSerializer::<
        super::bls12_377::Bls12377G2,
        ark_bls12_377::g2::Config,
    >::check(s, f)),
    "validate_without_subgroup_check" ValidateWithoutSubgroupCheck
);
const ED_ON_BN254_SERIALIZATION: [ZooRow; 5] = serialization_zoo_rows!(
    "ark_ed_on_bn254_serialization",
    |s, f| Box::new(BrokenTeSerializer::<BabyJubjub, ark_ed_on_bn254::EdwardsConfig>::check(s, f)),
    "validate_without_subgroup_check" ValidateWithoutSubgroupCheck
);

/// The family's own variants: one row each, built from the spec of the routine it breaks.
const ROWS: &[ZooRow] = &[
    ZooRow {
        name: "dory_g1_msm__zscan_first_base_only",
        routine: "dory_g1_msm",
        bug: ZSCAN_FIRST_BASE_ONLY_BUG,
        trigger: ZSCAN_FIRST_BASE_ONLY_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::msm::check::<Bn254G1, _>(
                spec,
                ZscanFirstBaseOnly(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "dory_g1_msm__bucket_doubling_check_on_raw_coordinates",
        routine: "dory_g1_msm",
        bug: "Pippenger bucket addition in Jacobian coordinates whose doubling case compares raw \
              coordinates (derived PartialEq): one point with two Z's goes through add-2007-bl, \
              where H = r = 0 give (0 : 0 : 0) (incomplete formulas inside a sum: Go P-256, \
              https://github.com/golang/go/issues/58647; k256/p256 mixed addition, \
              https://github.com/RustCrypto/elliptic-curves/pull/337)",
        trigger: "two terms of one point in different projective forms with one scalar \
                  (bucket_repeated_term_other_z)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::msm::check::<Bn254G1, _>(
                spec,
                RawEqualityBuckets(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "dory_g2_msm__zscan_first_base_only",
        routine: "dory_g2_msm",
        bug: ZSCAN_FIRST_BASE_ONLY_BUG,
        trigger: ZSCAN_FIRST_BASE_ONLY_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::msm::check::<Bn254G2, _>(
                spec,
                ZscanFirstBaseOnly(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "dory_g1_msm__identity_in_fast_path",
        routine: "dory_g1_msm",
        bug: "identity (z = 0) read as the affine point (X, Y) by the normalized fast path \
              (https://github.com/midnightntwrk/midnight-zk/pull/225, \
              https://github.com/grandinetech/rust-kzg/pull/309, \
              https://github.com/bluealloy/revm/issues/1428)",
        trigger: "identity among otherwise normalized bases",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::msm::check::<Bn254G1, _>(
                spec,
                IdentityInFastPath(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "dory_g1_fixed_base_vector_scalar_mul__accumulator_starts_at_base",
        routine: "dory_g1_fixed_base_vector_scalar_mul",
        bug: ACCUMULATOR_STARTS_AT_BASE_BUG,
        trigger: "scalar_zero",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(
                crate::families::dory::vector::check_fixed_base::<Bn254G1, _>(
                    spec,
                    AccumulatorStartsAtBase(PhantomData),
                ),
            )
        },
    },
    ZooRow {
        name: "dory_g2_fixed_base_vector_scalar_mul__accumulator_starts_at_base",
        routine: "dory_g2_fixed_base_vector_scalar_mul",
        bug: ACCUMULATOR_STARTS_AT_BASE_BUG,
        trigger: "scalar_zero",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(
                crate::families::dory::vector::check_fixed_base::<Bn254G2, _>(
                    spec,
                    AccumulatorStartsAtBase(PhantomData),
                ),
            )
        },
    },
    ZooRow {
        name: "dory_g1_fixed_scalar_mul_bases_then_add__incomplete_chord_addition",
        routine: "dory_g1_fixed_scalar_mul_bases_then_add",
        bug: INCOMPLETE_CHORD_ADDITION_BUG,
        trigger: INCOMPLETE_CHORD_ADDITION_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(crate::families::dory::vector::check_bases_then_add::<
                Bn254G1,
                _,
            >(spec, IncompleteChordAddition(PhantomData)))
        },
    },
    ZooRow {
        name: "dory_g2_fixed_scalar_mul_bases_then_add__incomplete_chord_addition",
        routine: "dory_g2_fixed_scalar_mul_bases_then_add",
        bug: INCOMPLETE_CHORD_ADDITION_BUG,
        trigger: INCOMPLETE_CHORD_ADDITION_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(crate::families::dory::vector::check_bases_then_add::<
                Bn254G2,
                _,
            >(spec, IncompleteChordAddition(PhantomData)))
        },
    },
    ZooRow {
        name: "dory_g1_fixed_scalar_mul_vs_then_add__madd_without_doubling_check",
        routine: "dory_g1_fixed_scalar_mul_vs_then_add",
        bug: MADD_WITHOUT_DOUBLING_CHECK_BUG,
        trigger: "sum_is_doubling",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(
                crate::families::dory::vector::check_vs_then_add::<Bn254G1, _>(
                    spec,
                    MaddWithoutDoublingCheck(PhantomData),
                ),
            )
        },
    },
    ZooRow {
        name: "dory_g2_fixed_scalar_mul_vs_then_add__madd_without_doubling_check",
        routine: "dory_g2_fixed_scalar_mul_vs_then_add",
        bug: MADD_WITHOUT_DOUBLING_CHECK_BUG,
        trigger: "sum_is_doubling",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(
                crate::families::dory::vector::check_vs_then_add::<Bn254G2, _>(
                    spec,
                    MaddWithoutDoublingCheck(PhantomData),
                ),
            )
        },
    },
    ZooRow {
        name: "dory_g1_fold_field_vectors__chunks_exact_drops_tail",
        routine: "dory_g1_fold_field_vectors",
        bug: "parallel split over chunks_exact(1024) loses the tail (dory with_min_len(1024) \
              split; Constantine https://github.com/mratsim/constantine/pull/484)",
        trigger: "length above 1024, not a multiple of 1024",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(crate::shapes::fold::check(
                spec,
                bn254_fr().modulus(),
                ChunksExactDropsTail,
            ))
        },
    },
    ZooRow {
        name: "dory_g2_fold_field_vectors__boundary_folded_twice",
        routine: "dory_g2_fold_field_vectors",
        bug: "chunk ranges one past the boundary: boundary elements folded twice (parallel split \
              repeating work)",
        trigger: "length of 1025 or more",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(crate::shapes::fold::check(
                spec,
                bn254_fr().modulus(),
                BoundaryFoldedTwice,
            ))
        },
    },
    ZooRow {
        name: "dory_gt_msm__chunks_overlap",
        routine: "dory_gt_msm",
        bug: "gt_msm chunks overlap by one term, which counts twice (dory GT_MSM_MIN_CHUNK \
              split)",
        trigger: "more than 8 terms",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| Box::new(shapes::gt::check_multi_exp(spec, GtChunksOverlap)),
    },
    ZooRow {
        name: "dory_gt_scale__naf_carry_dropped",
        routine: "dory_gt_scale",
        bug: "NAF recoding drops the terminal carry digit (dalek NAF carry, \
              https://github.com/dalek-cryptography/curve25519-dalek/commit/e17c98a3)",
        trigger: "exponents with the two top bits set, e.g. r − 1",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| Box::new(shapes::gt::check_scale(spec, NafCarryDropped)),
    },
    ZooRow {
        name: "ark_g1_normalize_batch__batch_inversion_with_zero",
        routine: "ark_g1_normalize_batch",
        bug: BATCH_INVERSION_WITH_ZERO_BUG,
        trigger: BATCH_INVERSION_WITH_ZERO_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::normalize::check::<Bn254G1, _>(
                spec,
                BatchInversionWithZero(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "ark_g2_normalize_batch__batch_inversion_with_zero",
        routine: "ark_g2_normalize_batch",
        bug: BATCH_INVERSION_WITH_ZERO_BUG,
        trigger: BATCH_INVERSION_WITH_ZERO_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::normalize::check::<Bn254G2, _>(
                spec,
                BatchInversionWithZero(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "ark_g1_normalize_batch__identity_by_canonical_coordinates",
        routine: "ark_g1_normalize_batch",
        bug: IDENTITY_BY_CANONICAL_COORDINATES_BUG,
        trigger: "identity_noncanonical",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::normalize::check::<Bn254G1, _>(
                spec,
                IdentityByCanonicalCoordinates(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "ark_g2_normalize_batch__identity_by_canonical_coordinates",
        routine: "ark_g2_normalize_batch",
        bug: IDENTITY_BY_CANONICAL_COORDINATES_BUG,
        trigger: "identity_noncanonical",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::normalize::check::<Bn254G2, _>(
                spec,
                IdentityByCanonicalCoordinates(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "ark_g1_msm__bucket_index_in_a_byte",
        routine: "ark_g1_msm",
        bug: BUCKET_INDEX_IN_A_BYTE_BUG,
        trigger: BUCKET_INDEX_IN_A_BYTE_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::msm::check_affine::<Bn254G1, _>(
                spec,
                BucketIndexInAByte(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "ark_g2_msm__bucket_index_in_a_byte",
        routine: "ark_g2_msm",
        bug: BUCKET_INDEX_IN_A_BYTE_BUG,
        trigger: BUCKET_INDEX_IN_A_BYTE_TRIGGER,
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(shapes::msm::check_affine::<Bn254G2, _>(
                spec,
                BucketIndexInAByte(PhantomData),
            ))
        },
    },
    incomplete_sum_row!(
        "left_to_right_no_doubling",
        LeftToRight,
        NoDoubling,
        NO_DOUBLING_BUG,
        "meet_prefix_equal"
    ),
    incomplete_sum_row!(
        "left_to_right_no_inverse",
        LeftToRight,
        NoInverse,
        NO_INVERSE_BUG,
        "meet_prefix_negated"
    ),
    incomplete_sum_row!(
        "right_to_left_no_doubling",
        RightToLeft,
        NoDoubling,
        NO_DOUBLING_BUG,
        "meet_suffix_equal"
    ),
    incomplete_sum_row!(
        "right_to_left_no_inverse",
        RightToLeft,
        NoInverse,
        NO_INVERSE_BUG,
        "meet_suffix_negated"
    ),
    incomplete_sum_row!(
        "halves_no_doubling",
        Halves,
        NoDoubling,
        NO_DOUBLING_BUG,
        "meet_halves_equal (or a meeting lower in the tree)"
    ),
    incomplete_sum_row!(
        "halves_no_inverse",
        Halves,
        NoInverse,
        NO_INVERSE_BUG,
        "meet_halves_negated (or a meeting lower in the tree)"
    ),
    incomplete_sum_row!(
        "pippenger_bucket_no_doubling",
        Pippenger,
        NoDoubling,
        NO_DOUBLING_BUG,
        "bucket_repeated_term (equal points sharing a window digit)"
    ),
    incomplete_sum_row!(
        "pippenger_bucket_no_inverse",
        Pippenger,
        NoInverse,
        NO_INVERSE_BUG,
        "bucket_negated_term (opposite points sharing a window digit)"
    ),
    incomplete_sum_row!(
        "straus_table_no_doubling",
        Straus,
        NoDoubling,
        NO_DOUBLING_BUG,
        "bucket_repeated_term (the accumulator holding one term's entry when its equal comes)"
    ),
    incomplete_sum_row!(
        "straus_table_no_inverse",
        Straus,
        NoInverse,
        NO_INVERSE_BUG,
        "bucket_negated_term (the accumulator holding one term's entry when its opposite comes)"
    ),
    curve_ops_row!("ark_g1_curve_ops", "msm_field_scalars_from_raw", MsmFieldScalarsFromRaw, broken_g1_ops),
    curve_ops_row!("ark_g1_curve_ops", "mul_field_montgomery_limbs", MulFieldMontgomeryLimbs, broken_g1_ops),
    curve_ops_row!("ark_ed_on_bn254_curve_ops", "msm_field_scalars_from_raw", MsmFieldScalarsFromRaw, broken_ed_on_bn254_ops),
    curve_ops_row!("ark_ed_on_bn254_curve_ops", "mul_field_montgomery_limbs", MulFieldMontgomeryLimbs, broken_ed_on_bn254_ops),
    ZooRow {
        name: "ark_ed_on_bn254_curve_ops__normalize_batch_identity_poisons",
        routine: "ark_ed_on_bn254_curve_ops",
        bug: "batch normalization by one shared inversion with no identity case: one identity zeroes every output (c-kzg-4844 fr_batch_inv, https://github.com/ethereum/c-kzg-4844/pull/205)",
        trigger: "op_normalize_batch of a list holding the identity",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(broken_ed_on_bn254_ops(spec, CurveOpsFlaw::NormalizeBatchIdentityPoisons))
        },
    },
    ZooRow {
        name: "ark_g2_curve_ops__subgroup_check_on_curve_only",
        routine: "ark_g2_curve_ops",
        bug: "the G2 subgroup check answers \"on the curve\" only: BN254 G2 points outside the order-r subgroup accepted (ZisK's pairing_bn254 without curve or subgroup validation, https://github.com/0xPolygonHermez/zisk/issues/760)",
        trigger: "op_subgroup_check on a point with a torsion component",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| Box::new(broken_g2_ops(spec, CurveOpsFlaw::SubgroupCheckOnCurveOnly)),
    },
    curve_ops_row!("ark_g2_curve_ops", "clear_cofactor_skipped", ClearCofactorSkipped, broken_g2_ops),
    curve_ops_row!(
        "ark_bls12_377_g1_curve_ops",
        "msm_scalars_reduced_mod_r",
        MsmScalarsReducedModR,
        broken_bls12_377_g1_ops
    ),
    ZooRow {
        name: "ark_bls12_377_g2_curve_ops__subgroup_check_on_curve_only",
        routine: "ark_bls12_377_g2_curve_ops",
        bug: "the G2 subgroup check answers \"on the curve\" only (Frontier's EIP-2537 G1/G2 MSM precompiles checked on-curve membership only, https://github.com/polkadot-evm/frontier/pull/1900)",
        trigger: "op_subgroup_check on a point with a torsion component",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(broken_bls12_377_g2_ops(spec, CurveOpsFlaw::SubgroupCheckOnCurveOnly))
        },
    },
    curve_ops_row!(
        "ark_secp256k1_curve_ops",
        "mul_integer_top_words_dropped",
        MulIntegerTopWordsDropped,
        broken_secp256k1_ops
    ),
    ZooRow {
        name: "ark_ed_on_bn254_curve_ops__subgroup_check_on_curve_only",
        routine: "ark_ed_on_bn254_curve_ops",
        bug: "the subgroup check answers \"on the curve\" only: the missing prime-order check behind CryptoNote's key-image double spend, on a twisted Edwards curve with cofactor 8 as there (https://www.getmonero.org/2017/05/17/disclosure-of-a-major-bug-in-cryptonote-based-currencies.html)",
        trigger: "op_subgroup_check on a point with a torsion component",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| Box::new(broken_ed_on_bn254_ops(spec, CurveOpsFlaw::SubgroupCheckOnCurveOnly)),
    },
    curve_ops_row!("ark_ed_on_bn254_curve_ops", "clear_cofactor_skipped", ClearCofactorSkipped, broken_ed_on_bn254_ops),
    curve_ops_row!("ark_ed_on_bn254_curve_ops", "msm_scalars_reduced_mod_r", MsmScalarsReducedModR, broken_ed_on_bn254_ops),
    curve_ops_row!("ark_ed_on_bn254_curve_ops", "mul_integer_top_words_dropped", MulIntegerTopWordsDropped, broken_ed_on_bn254_ops),
    // Every raw-input entry point of the curve_ops rows: the flaws above, on each row.
    curve_ops_row!("ark_g1_curve_ops", "msm_integer_scalars_from_raw", MsmIntegerScalarsFromRaw, broken_g1_ops),
    curve_ops_row!("ark_g1_curve_ops", "mul_integer_top_words_dropped", MulIntegerTopWordsDropped, broken_g1_ops),
    curve_ops_row!("ark_g1_curve_ops", "normalize_batch_identity_poisons", NormalizeBatchIdentityPoisons, broken_g1_ops),
    curve_ops_row!("ark_g2_curve_ops", "msm_scalars_reduced_mod_r", MsmScalarsReducedModR, broken_g2_ops),
    curve_ops_row!("ark_g2_curve_ops", "msm_field_scalars_from_raw", MsmFieldScalarsFromRaw, broken_g2_ops),
    curve_ops_row!("ark_g2_curve_ops", "mul_integer_top_words_dropped", MulIntegerTopWordsDropped, broken_g2_ops),
    curve_ops_row!("ark_g2_curve_ops", "mul_field_montgomery_limbs", MulFieldMontgomeryLimbs, broken_g2_ops),
    curve_ops_row!("ark_g2_curve_ops", "normalize_batch_identity_poisons", NormalizeBatchIdentityPoisons, broken_g2_ops),
    curve_ops_row!("ark_bls12_377_g1_curve_ops", "msm_field_scalars_from_raw", MsmFieldScalarsFromRaw, broken_bls12_377_g1_ops),
    curve_ops_row!("ark_bls12_377_g1_curve_ops", "mul_integer_top_words_dropped", MulIntegerTopWordsDropped, broken_bls12_377_g1_ops),
    curve_ops_row!("ark_bls12_377_g1_curve_ops", "mul_field_montgomery_limbs", MulFieldMontgomeryLimbs, broken_bls12_377_g1_ops),
    curve_ops_row!("ark_bls12_377_g1_curve_ops", "normalize_batch_identity_poisons", NormalizeBatchIdentityPoisons, broken_bls12_377_g1_ops),
    curve_ops_row!("ark_bls12_377_g1_curve_ops", "subgroup_check_on_curve_only", SubgroupCheckOnCurveOnly, broken_bls12_377_g1_ops),
    curve_ops_row!("ark_bls12_377_g1_curve_ops", "clear_cofactor_skipped", ClearCofactorSkipped, broken_bls12_377_g1_ops),
    curve_ops_row!("ark_bls12_377_g2_curve_ops", "msm_scalars_reduced_mod_r", MsmScalarsReducedModR, broken_bls12_377_g2_ops),
    curve_ops_row!("ark_bls12_377_g2_curve_ops", "msm_field_scalars_from_raw", MsmFieldScalarsFromRaw, broken_bls12_377_g2_ops),
    curve_ops_row!("ark_bls12_377_g2_curve_ops", "mul_integer_top_words_dropped", MulIntegerTopWordsDropped, broken_bls12_377_g2_ops),
    curve_ops_row!("ark_bls12_377_g2_curve_ops", "mul_field_montgomery_limbs", MulFieldMontgomeryLimbs, broken_bls12_377_g2_ops),
    curve_ops_row!("ark_bls12_377_g2_curve_ops", "normalize_batch_identity_poisons", NormalizeBatchIdentityPoisons, broken_bls12_377_g2_ops),
    curve_ops_row!("ark_bls12_377_g2_curve_ops", "clear_cofactor_skipped", ClearCofactorSkipped, broken_bls12_377_g2_ops),
    curve_ops_row!("ark_secp256k1_curve_ops", "msm_integer_scalars_from_raw", MsmIntegerScalarsFromRaw, broken_secp256k1_ops),
    curve_ops_row!("ark_secp256k1_curve_ops", "msm_field_scalars_from_raw", MsmFieldScalarsFromRaw, broken_secp256k1_ops),
    curve_ops_row!("ark_secp256k1_curve_ops", "mul_field_montgomery_limbs", MulFieldMontgomeryLimbs, broken_secp256k1_ops),
    curve_ops_row!("ark_secp256k1_curve_ops", "normalize_batch_identity_poisons", NormalizeBatchIdentityPoisons, broken_secp256k1_ops),
    // Cofactor clearing and the subgroup check on the curves of cofactor 1, where a missing
    // cofactor step cannot show: a placeholder cofactor, a mismatched endomorphism.
    curve_ops_row!("ark_g1_curve_ops", "clear_cofactor_by_placeholder", ClearCofactorByPlaceholder, broken_g1_ops),
    curve_ops_row!("ark_g1_curve_ops", "subgroup_check_endomorphism_mismatched", SubgroupCheckEndomorphismMismatched, broken_g1_ops),
    curve_ops_row!("ark_secp256k1_curve_ops", "clear_cofactor_by_placeholder", ClearCofactorByPlaceholder, broken_secp256k1_ops),
    curve_ops_row!("ark_secp256k1_curve_ops", "subgroup_check_endomorphism_mismatched", SubgroupCheckEndomorphismMismatched, broken_secp256k1_ops),
];

/// ark-bn254's G2 raw-input entry points with `flaw` planted ([`CurveOpsFlaw`]), under the
/// row's own declarations (known findings included).
fn broken_g2_ops(
    spec: crate::shapes::Spec,
    flaw: CurveOpsFlaw,
) -> crate::shapes::curve_ops::CurveOpsCheck<
    Bn254G2,
    BrokenCurveOps<Bn254G2, crate::arkworks::curve_ops::Sw<ark_bn254::g2::Config>>,
> {
    let cofactor = crate::curve::SwGroup::curve(&Bn254G2).cofactor.clone();
    let curve = crate::arkworks::curve_ops::ArkCurve::plain(cofactor);
    BrokenCurveOps::check(spec, curve, flaw)
}

/// ark-bn254's G1 raw-input entry points with `flaw` planted ([`CurveOpsFlaw`]), under the
/// row's own declarations (GLV, known findings included).
fn broken_g1_ops(
    spec: crate::shapes::Spec,
    flaw: CurveOpsFlaw,
) -> crate::shapes::curve_ops::CurveOpsCheck<
    Bn254G1,
    BrokenCurveOps<Bn254G1, crate::arkworks::curve_ops::Sw<ark_bn254::g1::Config>>,
> {
    let curve =
        crate::arkworks::curve_ops::ArkCurve::glv::<ark_bn254::g1::Config>(BigUint::from(1u8));
    BrokenCurveOps::check(spec, curve, flaw)
}

/// ark-ed-on-bn254's raw-input entry points with `flaw` planted ([`CurveOpsFlaw`]), under the
/// row's own declarations (known findings included).
fn broken_ed_on_bn254_ops(
    spec: crate::shapes::Spec,
    flaw: CurveOpsFlaw,
) -> crate::shapes::curve_ops::CurveOpsCheck<
    BabyJubjub,
    BrokenCurveOps<
        BabyJubjub,
        crate::arkworks::twisted_edwards::Te<ark_ed_on_bn254::EdwardsConfig>,
    >,
> {
    let curve = crate::arkworks::curve_ops::ArkCurve::plain(BigUint::from(8u8));
    BrokenCurveOps::check(spec, curve, flaw)
}

/// ark-bls12-377's G1 raw-input entry points with `flaw` planted ([`CurveOpsFlaw`]), under the
/// row's own declarations (GLV, the cofactor-clearing multiplier x − 1).
fn broken_bls12_377_g1_ops(
    spec: crate::shapes::Spec,
    flaw: CurveOpsFlaw,
) -> crate::shapes::curve_ops::CurveOpsCheck<
    super::bls12_377::Bls12377G1,
    BrokenCurveOps<
        super::bls12_377::Bls12377G1,
        crate::arkworks::curve_ops::Sw<ark_bls12_377::g1::Config>,
    >,
> {
    let by = crate::curve::parse_integer(super::bls12_377::G1_CLEAR_COFACTOR_BY);
    let curve = crate::arkworks::curve_ops::ArkCurve::glv::<ark_bls12_377::g1::Config>(by);
    BrokenCurveOps::check(spec, curve, flaw)
}

/// ark-bls12-377's G2 raw-input entry points with `flaw` planted ([`CurveOpsFlaw`]), under the
/// row's own declarations (the ψ-based cofactor clearing's multiplier).
fn broken_bls12_377_g2_ops(
    spec: crate::shapes::Spec,
    flaw: CurveOpsFlaw,
) -> crate::shapes::curve_ops::CurveOpsCheck<
    super::bls12_377::Bls12377G2,
    BrokenCurveOps<
        super::bls12_377::Bls12377G2,
        crate::arkworks::curve_ops::Sw<ark_bls12_377::g2::Config>,
    >,
> {
    let by = crate::curve::parse_integer(super::bls12_377::G2_CLEAR_COFACTOR_BY);
    let curve = crate::arkworks::curve_ops::ArkCurve::plain(by);
    BrokenCurveOps::check(spec, curve, flaw)
}

/// ark-secp256k1's raw-input entry points with `flaw` planted ([`CurveOpsFlaw`]) (prime
/// order: clearing the cofactor multiplies by 1).
fn broken_secp256k1_ops(
    spec: crate::shapes::Spec,
    flaw: CurveOpsFlaw,
) -> crate::shapes::curve_ops::CurveOpsCheck<
    ecdiff_oracles::curves::Secp256k1,
    BrokenCurveOps<
        ecdiff_oracles::curves::Secp256k1,
        crate::arkworks::curve_ops::Sw<ark_secp256k1::Config>,
    >,
> {
    let curve = crate::arkworks::curve_ops::ArkCurve::plain(BigUint::from(1u8));
    BrokenCurveOps::check(spec, curve, flaw)
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
