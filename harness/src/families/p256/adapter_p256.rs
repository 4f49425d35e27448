//! p256 0.14 adapters: the point routines of `primeorder` 0.14 (RustCrypto's generic
//! prime-order curve arithmetic) instantiated for NIST P-256, which ecdiff runs for k256 0.14
//! (the secp256k1 family's `adapter_k256.rs`), on the same recipes.
//!
//! # What differs from k256
//!
//! Read at the pinned versions (`p256-0.14.0/src/arithmetic.rs`, `primeorder-0.14.0/src`):
//!
//! * point arithmetic: `point_arithmetic::EquationAIsMinusThree`, the complete addition,
//!   mixed addition and doubling of Renes–Costello–Batina 2016 (ePrint 2015/1060, Algorithms
//!   4, 5 and 6, a = −3) on homogeneous projective coordinates (X : Y : Z), where k256 uses
//!   its own a = 0 formulas over a lazily reduced field;
//! * the field is `primefield`'s Montgomery form (fiat-crypto), always reduced: an identity
//!   produced by arithmetic (`P + (−P)`, `P·0`) has z = 0 in the one representation
//!   `batch_normalize`'s `z.ct_eq(&ZERO)` tests — the recipes still build every such identity;
//! * no endomorphism: `P * k` is a constant-time 4-bit window over a `LookupTable`,
//!   `mul_vartime` and `lincomb_vartime` go through `group::Wnaf` (`WnafBase::multiscalar_mul`),
//!   `lincomb` is a joint radix-16 walk over one `LookupTable` per term;
//! * `mul_by_generator{,_vartime}` use a lazily built `BasepointTable` with 33 windows when
//!   p256's feature `precomputed-tables` is on (ecdiff's default feature of the same name), and
//!   a plain scalar multiplication of the generator when it is off (`--no-default-features`;
//!   `.ci/run` runs both builds); `mul_by_generator_and_mul_add_vartime`
//!   is `lincomb_vartime([(G, a), (P, b)])` (`primeorder::mul_backend`).
//!
//! # Known finding: `lincomb` of nothing, in debug builds
//!
//! `primeorder`'s constant-time `lincomb` (array and slice forms) starts with
//! `debug_assert!(!digits.is_empty())`: on an empty input it panics in builds with debug
//! assertions and returns the identity without them (`primeorder-0.14.0/src/projective.rs`,
//! `fn lincomb`). `LinearCombination` documents no precondition, k256 0.14 and the vartime
//! forms accept the empty input, and the mathematical answer (the empty sum, the identity) is
//! what release builds return. [`P256Lincomb`] declares `subject_panicked` as expected for the
//! empty input in debug builds and checks the panic is that assertion; release builds must
//! agree with the oracle. Smallest trigger: `lincomb(&[])` (or `[_; 0]`).
//!
//! Inputs go in as in k256's adapter (the secp256k1 family): recipes carried out with p256's
//! own arithmetic (`recipe_builder!`), canonical scalars through `Scalar::from_repr`, raw
//! integers through `Reduce<FieldBytes>`; results leave through p256's own SEC1 encoders only.

use crate::engine::panic::{capture, PanicReport};
use crate::engine::{Expected, Verdict, VerdictKind};
use crate::repro::project::ReproCode;
use crate::rustcrypto::{batch_normalize_subject, lincomb_forms, recipe_builder};
use crate::shapes::sec1_points::form;
use crate::shapes::sec1_points::{
    Enc, FormPanic, FormsResult, FormsSubject, LincombCase, MulTerm, PointInput, Recipe, RecipeApi,
};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
// `double` and `mul_by_generator` are `group::Group` methods for primeorder's points.
use p256::elliptic_curve::Group as _;

/// p256 0.14.0 (features `arithmetic`, `alloc`, `std`, and `precomputed-tables` by default).
pub const P256: &str = "p256 0.14.0";

fn be32(v: &BigUint) -> [u8; 32] {
    let b = v.to_bytes_be();
    assert!(b.len() <= 32, "integer wider than 256 bits");
    let mut out = [0u8; 32];
    out[32 - b.len()..].copy_from_slice(&b);
    out
}

/// A scalar below `n` as a p256 `Scalar` (`from_repr`; panics on a non-canonical value:
/// recipes only hold canonical scalars).
pub fn scalar(v: &BigUint) -> p256::Scalar {
    use p256::elliptic_curve::PrimeField;
    Option::from(p256::Scalar::from_repr(be32(v).into())).expect("canonical scalar")
}

/// A raw integer below 2²⁵⁶ as a p256 `Scalar`, through p256's `Reduce<FieldBytes>`.
pub fn reduce(v: &BigUint) -> p256::Scalar {
    use p256::elliptic_curve::ops::Reduce;
    <p256::Scalar as Reduce<p256::FieldBytes>>::reduce(&be32(v).into())
}

/// p256's SEC1 decoder.
pub fn decode(bytes: &[u8]) -> p256::AffinePoint {
    let p = p256::Sec1Point::from_bytes(bytes).expect("a SEC1 encoding");
    p256::AffinePoint::try_from(&p).expect("a point on the curve")
}

recipe_builder!(
    /// Carries out a recipe with p256 0.14's arithmetic.
    build,
    p256,
    scalar,
    decode
);

/// p256's SEC1 encoding of an affine point.
pub fn sec1(a: &p256::AffinePoint, compressed: bool) -> Vec<u8> {
    use p256::elliptic_curve::sec1::ToSec1Point;
    a.to_sec1_point(compressed).as_bytes().to_vec()
}

/// Builds the inputs with p256's arithmetic, under a panic capture.
pub fn built(points: &[PointInput]) -> Result<Vec<p256::ProjectivePoint>, FormPanic> {
    capture(|| points.iter().map(build).collect()).map_err(|report| FormPanic {
        form: "building the inputs (p256 arithmetic)",
        report,
    })
}

fn uncompressed(ps: &[p256::AffinePoint]) -> Vec<Vec<u8>> {
    ps.iter().map(|a| sec1(a, false)).collect()
}

/// The known finding of [`P256Lincomb`].
pub const P256_EMPTY_LINCOMB_BUG: &str = "p256 0.14.0 (primeorder 0.14.0) constant-time \
     LinearCombination::lincomb of zero terms (array and slice forms) panics in builds with \
     debug assertions (debug_assert!(!digits.is_empty()) in primeorder's fn lincomb) and \
     returns the identity without them; the trait documents no precondition, the vartime forms \
     and k256 0.14 accept the empty input";

/// `to_affine` with the SEC1 encoders, `GroupEncoding::to_bytes` and `Group::is_identity`.
#[derive(Clone, Copy, Debug, Default)]
pub struct P256ToAffine;

impl FormsSubject<Vec<PointInput>> for P256ToAffine {
    fn reproducer(&self, case: &Vec<PointInput>, expected: &[Point<Fp>]) -> Option<ReproCode> {
        Some(RecipeApi::elliptic_curve_014("p256").to_affine_reproducer(case, expected))
    }

    fn run(&self, case: &Vec<PointInput>) -> FormsResult {
        use p256::elliptic_curve::group::GroupEncoding;
        use p256::elliptic_curve::Group;
        let ps = built(case)?;
        Ok(vec![
            form(
                "to_affine().to_sec1_point(false)",
                Enc::Uncompressed,
                || ps.iter().map(|p| sec1(&p.to_affine(), false)).collect(),
            )?,
            form("to_affine().to_sec1_point(true)", Enc::Compressed, || {
                ps.iter().map(|p| sec1(&p.to_affine(), true)).collect()
            })?,
            form("GroupEncoding::to_bytes", Enc::Compressed33, || {
                ps.iter().map(|p| p.to_bytes().to_vec()).collect()
            })?,
            form("Group::is_identity", Enc::IsIdentity, || {
                ps.iter()
                    .map(|p| vec![u8::from(bool::from(p.is_identity()))])
                    .collect()
            })?,
        ])
    }
}

/// `P * k` (constant time), `mul_vartime`, and `AffinePoint * k`.
#[derive(Clone, Copy, Debug, Default)]
pub struct P256Mul;

impl FormsSubject<Vec<MulTerm>> for P256Mul {
    fn reproducer(&self, case: &Vec<MulTerm>, expected: &[Point<Fp>]) -> Option<ReproCode> {
        Some(RecipeApi::elliptic_curve_014("p256").mul_reproducer(case, expected))
    }

    fn run(&self, case: &Vec<MulTerm>) -> FormsResult {
        use p256::elliptic_curve::ops::MulVartime;
        let points: Vec<PointInput> = case.iter().map(|t| t.point.clone()).collect();
        let ps = built(&points)?;
        let ks: Vec<p256::Scalar> = case.iter().map(|t| reduce(&t.k)).collect();
        let each = |f: &dyn Fn(&p256::ProjectivePoint, &p256::Scalar) -> p256::ProjectivePoint| {
            ps.iter()
                .zip(&ks)
                .map(|(p, k)| sec1(&f(p, k).to_affine(), false))
                .collect()
        };
        Ok(vec![
            form("ProjectivePoint * Scalar", Enc::Uncompressed, || {
                each(&|p, k| *p * k)
            })?,
            form("MulVartime::mul_vartime", Enc::Uncompressed, || {
                each(&|p, k| MulVartime::mul_vartime(*p, k))
            })?,
            form("to_affine() * Scalar", Enc::Uncompressed, || {
                each(&|p, k| p.to_affine() * k)
            })?,
        ])
    }
}

/// `mul_by_generator`, `mul_by_generator_vartime`, and `GENERATOR * k`.
#[derive(Clone, Copy, Debug, Default)]
pub struct P256MulByGenerator;

impl FormsSubject<Vec<BigUint>> for P256MulByGenerator {
    fn reproducer(&self, case: &Vec<BigUint>, expected: &[Point<Fp>]) -> Option<ReproCode> {
        Some(RecipeApi::elliptic_curve_014("p256").mul_by_generator_reproducer(case, expected))
    }

    fn run(&self, case: &Vec<BigUint>) -> FormsResult {
        use p256::elliptic_curve::ops::MulByGeneratorVartime;
        use p256::ProjectivePoint as P;
        let ks: Vec<p256::Scalar> = case.iter().map(reduce).collect();
        let each = |f: &dyn Fn(&p256::Scalar) -> P| {
            ks.iter().map(|k| sec1(&f(k).to_affine(), false)).collect()
        };
        Ok(vec![
            form(
                "ProjectivePoint::mul_by_generator",
                Enc::Uncompressed,
                || each(&P::mul_by_generator),
            )?,
            form(
                "ProjectivePoint::mul_by_generator_vartime",
                Enc::Uncompressed,
                || each(&P::mul_by_generator_vartime),
            )?,
            form("GENERATOR * Scalar", Enc::Uncompressed, || {
                each(&|k| P::GENERATOR * k)
            })?,
        ])
    }
}

lincomb_forms!(
    /// p256 0.14's `lincomb` forms.
    p256_lincomb_forms,
    p256,
    built,
    scalar,
    sec1
);

/// `lincomb` and `lincomb_vartime`, array (`N ≤ 8`) and slice forms, and
/// `mul_by_generator_and_mul_add_vartime(u1, u2, R)` when the first point is `G`.
#[derive(Clone, Copy, Debug, Default)]
pub struct P256Lincomb;

impl FormsSubject<LincombCase> for P256Lincomb {
    fn run(&self, case: &LincombCase) -> FormsResult {
        p256_lincomb_forms(case)
    }

    fn reproducer(&self, case: &LincombCase, expected: &[Point<Fp>]) -> Option<ReproCode> {
        Some(RecipeApi::elliptic_curve_014("p256").lincomb_reproducer(case, expected))
    }

    fn expected(&self, case: &LincombCase) -> Expected {
        if case.points.is_empty() && cfg!(debug_assertions) {
            Expected::known(VerdictKind::SubjectPanicked, P256_EMPTY_LINCOMB_BUG)
        } else {
            Expected::AGREE
        }
    }

    fn check_panic(&self, case: &LincombCase, report: &PanicReport) -> Option<Verdict> {
        if self.expected(case).kind != VerdictKind::SubjectPanicked {
            return None;
        }
        let in_lincomb = report.message.contains("digits.is_empty()")
            && report
                .location
                .as_deref()
                .is_some_and(|l| l.replace('\\', "/").contains("/primeorder-"));
        Some(if in_lincomb {
            Verdict::new(
                VerdictKind::SubjectPanicked,
                format!("known finding: subject {report}"),
            )
        } else {
            Verdict::new(
                VerdictKind::Mismatch,
                format!(
                    "expected the known empty-lincomb debug assertion (in primeorder), got \
                     another panic: {report}"
                ),
            )
        })
    }
}

batch_normalize_subject!(
    /// p256 0.14's `BatchNormalize` (constant time and vartime) for `[P; N]`, `Array<P, U>`
    /// (`N ≤ 8`) and `[P]`, and `CurveGroup::batch_normalize`.
    P256BatchNormalize,
    p256,
    built,
    uncompressed
);
