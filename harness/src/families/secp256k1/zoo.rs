//! Deliberately broken subjects for the secp256k1 family (feature `zoo`). Each reuses the
//! spec of the routine it breaks and reproduces a real bug class — the three ECSM replay bugs
//! of lambda_vm PR #866 (<https://github.com/yetanotherco/lambda_vm/pull/866>, ecdiff's copy in
//! `subjects/ecsm`), lazy-field misuse, and point-routine bugs published for other libraries
//! (each cited below) — in genuinely
//! broken code: the ECSM replay with its flaw injected (`ecsm_witness::Flaw`), field
//! executors that misuse k256 0.13's API, and point code hand-rolled on k256 0.13's public
//! field ([`lazy_point`]) or calling k256 0.14 with a broken conversion. The doc comment of
//! each subject names the bug and the input that triggers it; `tests/zoo.rs` checks each is
//! caught by its routine's default budget in debug and in release.

mod lazy_point;

use super::{ecsm, field};
use crate::declare::ZooRow;
use crate::engine::VerdictKind;
use crate::families::secp256k1::adapter_ecsm::FlawedEcsm;
use crate::families::secp256k1::adapter_k256::{built_014, k256_013_step, sec1_014, K256Field};
use crate::families::secp256k1::lazy_field::{FieldExec, FieldOp};
use crate::shapes::sec1_points::form;
use crate::shapes::sec1_points::{
    self as points, BatchNormalizeKind, Enc, Form, FormsResult, FormsSubject, LincombCase,
    LincombKind, MulByGeneratorKind, MulKind, MulTerm, PointInput, ToAffineKind,
};
use ecsm_witness::Flaw;
use k256_013::elliptic_curve::subtle::{ConditionallySelectable, ConstantTimeEq};
use k256_013::FieldElement as Fe;
use lazy_point::{build, LazyAffine, LazyPoint, Madd};
use num_bigint::BigUint;
use std::sync::OnceLock;

// ---------------------------------------------------------------------------------------
// Field executors.

/// `negate(m)` written as `-x`, i.e. `negate(1)`, whatever the operand's magnitude — the
/// `f − d.double()` pattern of lambda_vm PR #866 in general form (`Neg` is `negate(1)` in
/// k256, so every `-x` declares magnitude 1). Debug: k256's checker fires on a program that
/// keeps the contract. Release: `negate(1)` computes `4·pᵢ − aᵢ` per limb, which wraps around `u64`
/// for operands of magnitude ≳ 5 — a wrong value.
/// Trigger: `negate(m)` on an operand of magnitude ≥ 2 (release: ≳ 5).
struct NegateDeclaresOne;

impl FieldExec for NegateDeclaresOne {
    type Reg = Fe;

    fn load(&self, be: &[u8; 32]) -> Fe {
        K256Field.load(be)
    }

    fn step(&self, op: &FieldOp, regs: &mut [Fe]) {
        match *op {
            FieldOp::Negate { dst, a, .. } => {
                regs[usize::from(dst)] = -regs[usize::from(a)];
            }
            _ => k256_013_step(op, regs),
        }
    }

    fn read(&self, v: &Fe) -> [u8; 32] {
        K256Field.read(v)
    }

    fn checker_active(&self) -> bool {
        K256Field.checker_active()
    }
}

/// Normalizations elided: `normalize_weak()` and `normalize()` return their operand
/// unchanged — the first draft of lambda_vm PR #866
/// (<https://github.com/yetanotherco/lambda_vm/pull/866>: "subtraction chains over unnormalized
/// intermediates", fixed by "strategic normalize() on intermediates feeding subtractions").
/// Debug: k256's checker fires at the first subtraction or multiplication that the
/// normalization was there for. Release: the operand reaches `negate(1)` or `mul` at high
/// magnitude and the value comes out wrong.
/// Trigger: a normalization followed by a subtraction of, or a `mul` by, its result.
struct NormalizationsElided;

impl FieldExec for NormalizationsElided {
    type Reg = Fe;

    fn load(&self, be: &[u8; 32]) -> Fe {
        K256Field.load(be)
    }

    fn step(&self, op: &FieldOp, regs: &mut [Fe]) {
        match *op {
            FieldOp::NormalizeWeak { dst, a } | FieldOp::Normalize { dst, a } => {
                regs[usize::from(dst)] = regs[usize::from(a)];
            }
            _ => k256_013_step(op, regs),
        }
    }

    fn read(&self, v: &Fe) -> [u8; 32] {
        K256Field.read(v)
    }

    fn checker_active(&self) -> bool {
        K256Field.checker_active()
    }
}

// ---------------------------------------------------------------------------------------
// Point subjects on the hand-rolled arithmetic.

fn built_lazy(case: &[PointInput], madd: Madd) -> Result<Vec<LazyPoint>, points::FormPanic> {
    crate::engine::panic::capture(|| case.iter().map(|p| build(p, madd)).collect()).map_err(
        |report| points::FormPanic {
            form: "building the inputs (hand-rolled arithmetic)",
            report,
        },
    )
}

fn encode_all(a: &[LazyAffine], enc: Enc) -> Vec<Vec<u8>> {
    a.iter().map(|p| p.encode(enc)).collect()
}

/// Montgomery batch inversion (prefix products, one `invert`, a backward pass).
fn batch_invert(zs: &[Fe]) -> Option<Vec<Fe>> {
    if zs.is_empty() {
        return Some(Vec::new());
    }
    let mut prefix = Vec::with_capacity(zs.len());
    let mut acc = Fe::ONE;
    for z in zs {
        acc *= z;
        prefix.push(acc);
    }
    let mut inv: Fe = Option::from(acc.invert())?;
    let mut out = vec![Fe::ZERO; zs.len()];
    for i in (1..zs.len()).rev() {
        out[i] = inv * prefix[i - 1];
        inv *= zs[i];
    }
    out[0] = inv;
    Some(out)
}

/// The batch normalization of k256 0.13.4 (`batch_normalize_generic`): identities detected
/// by `z.ct_eq(&FieldElement::ZERO)`, a representation comparison (also of magnitude and
/// flag in debug builds), which misses an identity whose `z` is a lazily reduced zero; its
/// zero then enters the batch inversion, which fails, and the `unwrap` panics
/// (<https://github.com/RustCrypto/elliptic-curves/pull/1029>, issue
/// <https://github.com/RustCrypto/elliptic-curves/issues/943>).
/// Trigger: an identity produced by arithmetic (`identity_cancel`, `identity_times_scalar`,
/// `scaled_to_identity`) in the batch.
struct CtEqZeroIdentity;

impl FormsSubject<Vec<PointInput>> for CtEqZeroIdentity {
    fn run(&self, case: &Vec<PointInput>) -> FormsResult {
        let ps = built_lazy(case, Madd::Guarded)?;
        Ok(vec![form(
            "batch_normalize with z.ct_eq(ZERO) (hand-rolled, k256 0.13.4's)",
            Enc::Uncompressed,
            || {
                let zs: Vec<Fe> = ps
                    .iter()
                    .map(|p| Fe::conditional_select(&p.z, &Fe::ONE, p.z.ct_eq(&Fe::ZERO)))
                    .collect();
                let inv = batch_invert(&zs).expect("batch inversion of non-zero z values");
                let out: Vec<LazyAffine> = ps
                    .iter()
                    .zip(&inv)
                    .map(|(p, zi)| {
                        if p.z_ct_eq_zero() {
                            LazyAffine::IDENTITY
                        } else {
                            p.affine_with(zi)
                        }
                    })
                    .collect();
                encode_all(&out, Enc::Uncompressed)
            },
        )?])
    }
}

/// A batch inversion that does not set zeros aside: the identity's `z = 0` zeroes the whole
/// product, the inversion fails and is taken as 0, and every other point of the batch comes
/// out as (0, 0) (c-kzg-4844 `fr_batch_inv`, <https://github.com/ethereum/c-kzg-4844/issues/205>;
/// primeorder `BatchInvert` with zero elements, <https://github.com/RustCrypto/traits/pull/1884>).
/// Identities themselves are detected correctly (`normalizes_to_zero`).
/// Trigger: any identity together with a non-identity point in one batch.
struct ZeroPoisonsBatch;

impl FormsSubject<Vec<PointInput>> for ZeroPoisonsBatch {
    fn run(&self, case: &Vec<PointInput>) -> FormsResult {
        let ps = built_lazy(case, Madd::Guarded)?;
        Ok(vec![form(
            "batch_normalize, zeros inside the batch inversion (hand-rolled)",
            Enc::Uncompressed,
            || {
                let zs: Vec<Fe> = ps.iter().map(|p| p.z).collect();
                let inv = batch_invert(&zs).unwrap_or_else(|| vec![Fe::ZERO; zs.len()]);
                let out: Vec<LazyAffine> = ps
                    .iter()
                    .zip(&inv)
                    .map(|(p, zi)| {
                        if bool::from(p.z.normalizes_to_zero()) {
                            LazyAffine::IDENTITY
                        } else {
                            p.affine_with(zi)
                        }
                    })
                    .collect();
                encode_all(&out, Enc::Uncompressed)
            },
        )?])
    }
}

fn all_encodings(a: &[LazyAffine], suffix: &'static [&'static str; 4]) -> Vec<Form> {
    [
        Enc::Uncompressed,
        Enc::Compressed,
        Enc::Compressed33,
        Enc::IsIdentity,
    ]
    .iter()
    .zip(suffix)
    .map(|(&enc, &name)| Form {
        name,
        enc,
        values: encode_all(a, enc),
    })
    .collect()
}

/// `to_affine` that tests `z.is_zero()` — valid only on a normalized value — instead of
/// `normalizes_to_zero()`: "a lazily reduced zero z". Debug: `is_zero` on the unnormalized
/// `z` of any arithmetic output trips k256's checker (`field_impl.rs`). Release: a lazily
/// reduced zero `z` (limbs of `p`) is "non-zero", its inversion fails and is taken as 0, and
/// the identity comes out as the point (0, 0) (the class of
/// <https://github.com/RustCrypto/elliptic-curves/pull/1029>;
/// <https://github.com/RustCrypto/elliptic-curves/issues/529> for the release-only
/// `is_odd`/`is_zero` on unnormalized values).
/// Trigger: an identity produced by arithmetic (release); any arithmetic output (debug).
struct IsZeroOnLazyZ;

impl FormsSubject<Vec<PointInput>> for IsZeroOnLazyZ {
    fn run(&self, case: &Vec<PointInput>) -> FormsResult {
        let ps = built_lazy(case, Madd::Guarded)?;
        let affine = crate::engine::panic::capture(|| {
            ps.iter()
                .map(|p| {
                    if bool::from(p.z.is_zero()) {
                        LazyAffine::IDENTITY
                    } else {
                        let zi = Option::from(p.z.invert()).unwrap_or(Fe::ZERO);
                        p.affine_with(&zi)
                    }
                })
                .collect::<Vec<_>>()
        })
        .map_err(|report| points::FormPanic {
            form: "to_affine with z.is_zero() (hand-rolled)",
            report,
        })?;
        Ok(all_encodings(
            &affine,
            &[
                "to_affine with z.is_zero(): uncompressed",
                "to_affine with z.is_zero(): compressed",
                "to_affine with z.is_zero(): 33 bytes",
                "to_affine with z.is_zero(): is_identity",
            ],
        ))
    }
}

/// Mixed addition without the affine-identity guard: RCB Algorithm 8 fed the identity's
/// stored coordinates (0, 0) as if they were a point (k256/p256 mixed addition,
/// <https://github.com/RustCrypto/elliptic-curves/pull/337>).
/// Trigger: `mixed_sum_affine_identity` (P + O given as an affine identity).
struct UnguardedMixedAddition;

impl FormsSubject<Vec<PointInput>> for UnguardedMixedAddition {
    fn run(&self, case: &Vec<PointInput>) -> FormsResult {
        let ps = built_lazy(case, Madd::Unguarded)?;
        let affine: Vec<LazyAffine> = ps.iter().map(|p| p.to_affine()).collect();
        Ok(all_encodings(
            &affine,
            &[
                "unguarded mixed addition, to_affine: uncompressed",
                "unguarded mixed addition, to_affine: compressed",
                "unguarded mixed addition, to_affine: 33 bytes",
                "unguarded mixed addition, to_affine: is_identity",
            ],
        ))
    }
}

/// Affine chord addition that assumes distinct, finite points: `λ = (y₂ − y₁)/(x₂ − x₁)` with
/// the inverse of 0 taken as 0, and infinity flags ignored.
fn chord(a: &LazyAffine, b: &LazyAffine) -> LazyAffine {
    let inv = Option::from((b.x - a.x).invert()).unwrap_or(Fe::ZERO);
    let l = (b.y - a.y) * inv;
    let x3 = (l.square() - a.x - b.x).normalize();
    let y3 = (l * (a.x - x3) - a.y).normalize();
    LazyAffine {
        x: x3,
        y: y3,
        infinity: false,
    }
}

/// Shamir's trick for two terms with a precomputed table {P₁, P₂, P₁ + P₂} whose sum entry
/// is an incomplete affine addition: for related points (P₂ = ±P₁) or an identity among
/// them, the table holds a wrong point instead of the infinity or the doubling (Botan
/// `PointGFp_Multi_Point_Precompute`, <https://github.com/randombit/botan/issues/2424>; wolfSSL,
/// <https://github.com/wolfSSL/wolfssl/pull/3427>; Wycheproof's EdgeCaseShamirMultiplication,
/// tcId 295 of `testvectors_v1/ecdsa_secp256k1_sha256_test.json` in
/// <https://github.com/C2SP/wycheproof>). Other lengths: one multiplication per term.
/// Trigger: `lincomb_related_points`, or an identity among two terms.
struct ShamirTableInfinity;

impl FormsSubject<LincombCase> for ShamirTableInfinity {
    fn run(&self, case: &LincombCase) -> FormsResult {
        let ps = built_lazy(&case.points, Madd::Guarded)?;
        Ok(vec![form(
            "Shamir's trick, incomplete table (hand-rolled)",
            Enc::Uncompressed,
            || {
                let acc = if ps.len() == 2 {
                    let (a1, a2) = (ps[0].to_affine(), ps[1].to_affine());
                    let table = [a1, a2, chord(&a1, &a2)];
                    let (s1, s2) = (&case.scalars[0], &case.scalars[1]);
                    let mut acc = LazyPoint::IDENTITY;
                    for i in (0..256).rev() {
                        acc = acc.double();
                        match (s1.bit(i), s2.bit(i)) {
                            (true, false) => acc = acc.add_mixed(&table[0]),
                            (false, true) => acc = acc.add_mixed(&table[1]),
                            (true, true) => acc = acc.add_mixed(&table[2]),
                            (false, false) => {}
                        }
                    }
                    acc
                } else {
                    ps.iter()
                        .zip(&case.scalars)
                        .fold(LazyPoint::IDENTITY, |acc, (p, s)| acc.add(&p.mul(s)))
                };
                vec![acc.to_affine().encode(Enc::Uncompressed)]
            },
        )?])
    }
}

/// The 4-bit fixed-window table of `G`: `table[i][j] = j·16ⁱ·G`, entry 0 the affine
/// identity.
fn window_table() -> &'static Vec<[LazyAffine; 16]> {
    static TABLE: OnceLock<Vec<[LazyAffine; 16]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut base = LazyPoint::generator();
        (0..64)
            .map(|_| {
                let mut row = [LazyAffine::IDENTITY; 16];
                let mut acc = LazyPoint::IDENTITY;
                for entry in row.iter_mut().skip(1) {
                    acc = acc.add(&base);
                    *entry = acc.to_affine();
                }
                for _ in 0..4 {
                    base = base.double();
                }
                row
            })
            .collect()
    })
}

/// Fixed-base multiplication over 4-bit windows whose table entry for the digit 0 is the
/// affine identity, added with a mixed addition that has no identity guard: every zero
/// window adds the garbage of (0, 0) (k256 mixed addition with an affine identity,
/// <https://github.com/RustCrypto/elliptic-curves/pull/337>; OpenSSL `G·0` returning a
/// non-identity, <https://github.com/openssl/openssl/issues/2419>; gnark-crypto's `[0]P`,
/// <https://github.com/Consensys/gnark-crypto/pull/774>).
/// Trigger: a scalar with a zero 4-bit window (`scalar_zero`, `scalar_small`,
/// `scalar_low_hamming`, most others).
struct WindowZeroDigit;

impl FormsSubject<Vec<BigUint>> for WindowZeroDigit {
    fn run(&self, case: &Vec<BigUint>) -> FormsResult {
        Ok(vec![form(
            "4-bit fixed-window mul_by_generator (hand-rolled)",
            Enc::Uncompressed,
            || {
                let table = window_table();
                let n = ecdiff_oracles::ecsm::n();
                case.iter()
                    .map(|k| {
                        let k = k % n;
                        let mut acc = LazyPoint::IDENTITY;
                        for (i, row) in table.iter().enumerate() {
                            let digit = (0..4).fold(0usize, |d, b| {
                                d | (usize::from(k.bit(4 * i as u64 + b)) << b)
                            });
                            acc = acc.add_mixed_unguarded(&row[digit]);
                        }
                        acc.to_affine().encode(Enc::Uncompressed)
                    })
                    .collect()
            },
        )?])
    }
}

/// Raw integers converted with `Scalar::from_repr(bytes).unwrap_or(ZERO)`: a value `≥ n` is
/// not reduced but silently becomes 0, so `k·P` comes out as the identity (arkworks MSM with
/// scalars ≥ r, <https://github.com/arkworks-rs/algebra/issues/656>; kilic `FromBytes` with
/// value = modulus, <https://github.com/kilic/bls12-381/issues/40>; relic,
/// <https://github.com/relic-toolkit/relic/issues/126>).
/// Trigger: `scalar_order`, `scalar_order_plus_1`, `scalar_above_order` (with a non-identity
/// point).
struct ScalarFromReprOrZero;

impl FormsSubject<Vec<MulTerm>> for ScalarFromReprOrZero {
    fn run(&self, case: &Vec<MulTerm>) -> FormsResult {
        use k256::elliptic_curve::PrimeField;
        let points: Vec<PointInput> = case.iter().map(|t| t.point.clone()).collect();
        let ps = built_014(&points)?;
        Ok(vec![form(
            "P * Scalar::from_repr(k).unwrap_or(ZERO)",
            Enc::Uncompressed,
            || {
                ps.iter()
                    .zip(case)
                    .map(|(p, t)| {
                        let b = t.k.to_bytes_be();
                        let mut be = [0u8; 32];
                        be[32 - b.len()..].copy_from_slice(&b);
                        let k = Option::from(k256::Scalar::from_repr(be.into()))
                            .unwrap_or(k256::Scalar::ZERO);
                        sec1_014(&(*p * k).to_affine(), false)
                    })
                    .collect()
            },
        )?])
    }
}

// ---------------------------------------------------------------------------------------
// The variants.
/// Every variant of the family: one row each, built from the spec of the routine it breaks.
/// The `group`-trait rows' variants: every entry point with a generic planted flaw
/// ([`crate::zkgroup::planted`]), the group law under the row's own known findings.
const GROUP_LAW: [ZooRow; 12] =
    crate::zkgroup::planted::group_law_zoo_rows!("k256_group_law", |spec, flaw| {
        Box::new(super::with_compact_tag_known(
            crate::zkgroup::v014::planted_group_law::<
                k256::ProjectivePoint,
                ecdiff_oracles::curves::Secp256k1,
                _,
            >(spec, crate::zkgroup::Sec1Compressed, flaw),
        ))
    });
// The carry lost at every window: `group` reads this big-endian representation as
// little-endian and drops the final carry of what it reads (the row's known finding), which a
// dropped final carry would only repeat.
const WNAF: [ZooRow; 1] = crate::zkgroup::planted::wnaf_zoo_rows!(
    "k256_wnaf",
    |spec, flaw| {
        Box::new(crate::zkgroup::v014::planted_wnaf::<
            k256::ProjectivePoint,
            ecdiff_oracles::curves::Secp256k1,
            _,
        >(spec, crate::zkgroup::Sec1Compressed, flaw))
    },
    carry_not_propagated,
    [windowed]
);

/// Every table of the family: its own rows and the trait rows' stamped ones.
pub(super) const TABLES: &[&[ZooRow]] = &[ROWS, &GROUP_LAW, &WNAF];

const ROWS: &[ZooRow] = &[
    ZooRow {
        name: "ecsm_witness__doubled_subtrahend",
        routine: "ecsm_witness",
        bug: "the first broken replay of lambda_vm PR #866: X3 = F − D.double() in the doubling \
              and r² − J − V.double() in the mixed addition negate a magnitude-2 value with \
              negate(1) (its review, crypto/ecsm/src/curve.rs:176/:200, \
              https://github.com/yetanotherco/lambda_vm/pull/866); debug k256 panics, release \
              k256 is value-correct by limb slack, the shadow catches it in every profile",
        trigger: "any k ≥ 2 (the first row is a double), any base",
        caught_as: &[VerdictKind::ContractViolation],
        build: |spec| Box::new(ecsm::check(spec, FlawedEcsm(Flaw::DoubledSubtrahend))),
    },
    ZooRow {
        name: "ecsm_witness__unnormalized_subtraction",
        routine: "ecsm_witness",
        bug: "the first draft of lambda_vm PR #866: no normalization before subtractions \
              (negate(1) on magnitudes up to 10); release k256 computes wrong points (the PR's \
              description, https://github.com/yetanotherco/lambda_vm/pull/866)",
        trigger: "any k ≥ 2, any base",
        caught_as: &[VerdictKind::ContractViolation],
        build: |spec| Box::new(ecsm::check(spec, FlawedEcsm(Flaw::UnnormalizedSubtraction))),
    },
    ZooRow {
        name: "ecsm_witness__generator_only_base",
        routine: "ecsm_witness",
        bug: "a replay right only for G: the mixed addition reads the generator's coordinates \
              (the PR's tests never reached the Jacobian code with another base: review of \
              https://github.com/yetanotherco/lambda_vm/pull/866)",
        trigger: "base ≠ G and a k with an add row (popcount ≥ 2)",
        caught_as: &[VerdictKind::SubjectPanicked],
        build: |spec| Box::new(ecsm::check(spec, FlawedEcsm(Flaw::GeneratorOnlyBase))),
    },
    ZooRow {
        name: "k256_field__negate_declares_magnitude_1",
        routine: "k256_field",
        bug: "negate(m) written as -x = negate(1) whatever the magnitude (the magnitude-2 negate \
              of https://github.com/yetanotherco/lambda_vm/pull/866, generalized); release wraps \
              a limb for magnitude ≳ 5",
        trigger: "negate(m) on an operand of magnitude ≥ 2",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| Box::new(field::check(spec, NegateDeclaresOne)),
    },
    ZooRow {
        name: "k256_field__normalizations_elided",
        routine: "k256_field",
        bug: "subtraction chains over unnormalized values: normalize_weak/normalize dropped (the \
              first draft of https://github.com/yetanotherco/lambda_vm/pull/866)",
        trigger: "a normalization followed by a subtraction of, or mul by, its result",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| Box::new(field::check(spec, NormalizationsElided)),
    },
    ZooRow {
        name: "k256_batch_normalize__ct_eq_zero_identity",
        routine: "k256_batch_normalize",
        bug: "identity detected by z.ct_eq(ZERO), missing a lazily reduced zero z; the batch \
              inversion fails and unwrap panics \
              (https://github.com/RustCrypto/elliptic-curves/pull/1029)",
        trigger: "an identity produced by arithmetic in the batch",
        caught_as: &[VerdictKind::SubjectPanicked],
        build: |spec| Box::new(points::check(spec, BatchNormalizeKind, CtEqZeroIdentity)),
    },
    ZooRow {
        name: "k256_batch_normalize__zero_poisons_batch",
        routine: "k256_batch_normalize",
        bug: "batch inversion without setting zeros aside: one identity zeroes every other \
              output (c-kzg-4844 fr_batch_inv, https://github.com/ethereum/c-kzg-4844/issues/205; \
              https://github.com/RustCrypto/traits/pull/1884)",
        trigger: "an identity together with a non-identity point",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| Box::new(points::check(spec, BatchNormalizeKind, ZeroPoisonsBatch)),
    },
    ZooRow {
        name: "k256_to_affine__is_zero_on_lazy_z",
        routine: "k256_to_affine",
        bug: "a lazily reduced zero z tested with is_zero() (normalized values only): debug \
              trips k256's checker, release turns the identity into (0, 0) (the class of \
              https://github.com/RustCrypto/elliptic-curves/pull/1029; \
              https://github.com/RustCrypto/elliptic-curves/issues/529)",
        trigger: "an identity produced by arithmetic",
        caught_as: &[VerdictKind::ContractViolation, VerdictKind::Mismatch],
        build: |spec| Box::new(points::check(spec, ToAffineKind, IsZeroOnLazyZ)),
    },
    ZooRow {
        name: "k256_to_affine__unguarded_mixed_addition",
        routine: "k256_to_affine",
        bug: "mixed addition incomplete when the affine operand is the identity \
              (https://github.com/RustCrypto/elliptic-curves/pull/337)",
        trigger: "mixed_sum_affine_identity",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| Box::new(points::check(spec, ToAffineKind, UnguardedMixedAddition)),
    },
    ZooRow {
        name: "k256_lincomb__shamir_table_infinity",
        routine: "k256_lincomb",
        bug: "Shamir/Straus table with an incomplete P₁ + P₂ entry: infinity or doubling in the \
              table (Botan https://github.com/randombit/botan/issues/2424, wolfSSL \
              https://github.com/wolfSSL/wolfssl/pull/3427, Wycheproof \
              ecdsa_secp256k1_sha256_test.json tcId 295)",
        trigger: "lincomb_related_points (P₂ = ±P₁), or an identity among two terms",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| Box::new(points::check(spec, LincombKind, ShamirTableInfinity)),
    },
    ZooRow {
        name: "k256_mul_by_generator__window_zero_digit",
        routine: "k256_mul_by_generator",
        bug: "fixed-window table whose digit-0 entry is the affine identity, added by an \
              unguarded mixed addition (https://github.com/RustCrypto/elliptic-curves/pull/337; \
              OpenSSL G·0, https://github.com/openssl/openssl/issues/2419; \
              https://github.com/Consensys/gnark-crypto/pull/774)",
        trigger: "a scalar with a zero 4-bit window (scalar_zero, scalar_small, most scalars)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| Box::new(points::check(spec, MulByGeneratorKind, WindowZeroDigit)),
    },
    ZooRow {
        name: "k256_mul__scalar_from_repr_or_zero",
        routine: "k256_mul",
        bug: "raw scalars ≥ n not reduced but turned into 0 \
              (https://github.com/arkworks-rs/algebra/issues/656, \
              https://github.com/kilic/bls12-381/issues/40, relic \
              https://github.com/relic-toolkit/relic/issues/126)",
        trigger: "scalar_order, scalar_order_plus_1, scalar_above_order",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| Box::new(points::check(spec, MulKind, ScalarFromReprOrZero)),
    },
];
