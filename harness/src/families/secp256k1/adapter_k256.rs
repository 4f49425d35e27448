//! k256 adapters: 0.13.4's lazily reduced `FieldElement` (feature `expose-field`) running
//! field programs, 0.14.0's point routines, and 0.13.4's `batch_normalize`.
//!
//! Inputs arrive as integers only. A field program's initial values go through
//! `FieldElement::from_bytes`; values leave through `to_bytes()` (which normalizes), never
//! through k256's `==` (in debug builds it also compares magnitudes and flags). A point input
//! is a [`Recipe`] carried out with k256's own arithmetic — its projective coordinates are
//! private, so that is the way to hand it a point with an arbitrary `z`, including the lazily
//! reduced zero `z` of an identity produced by arithmetic. Scalars below `n` become
//! `Scalar::from_repr`; raw integers (the generators' `scalar_order`, `scalar_above_order`)
//! go through k256's own `Reduce<FieldBytes>`, the API it offers for them. Points leave as
//! k256's own SEC1 encoders write them.
//!
//! Every API form runs under its own panic capture, so a panic names the form it came from.

use crate::engine::panic::{capture, PanicReport};
use crate::engine::{Expected, Outcome, Verdict, VerdictKind};
use crate::families::secp256k1::lazy_field::{FieldExec, FieldOp, FieldReproApi};
use crate::repro::project::{Dependency, ReproCode};
use crate::rustcrypto::{batch_normalize_subject, lincomb_forms, recipe_builder};
use crate::shapes::sec1_points::{
    form, Enc, FormPanic, FormsResult, FormsSubject, LincombCase, MulTerm, PointInput, Recipe,
    RecipeApi, ReproForm,
};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::Zero;
use std::sync::OnceLock;

/// k256 0.13.4 (with `expose-field`).
pub const K256_013: &str = "k256 0.13.4";
/// k256 0.14.0.
pub const K256: &str = "k256 0.14.0";

fn be32(v: &BigUint) -> [u8; 32] {
    let b = v.to_bytes_be();
    assert!(b.len() <= 32, "integer wider than 256 bits");
    let mut out = [0u8; 32];
    out[32 - b.len()..].copy_from_slice(&b);
    out
}

// ---------------------------------------------------------------------------------------
// k256 0.13.4's lazy field.

/// k256 0.13.4's field element (the register type of [`FieldExec`]).
pub use k256_013::FieldElement as Fe013;

/// k256 0.13.4's `FieldElement`, each operation as k256 spells it (`Sub` is
/// `self + (−rhs)`, i.e. `negate(1)`).
#[derive(Clone, Copy, Debug, Default)]
pub struct K256Field;

/// One operation on k256 0.13.4 registers, as k256 spells it.
pub fn k256_013_step(op: &FieldOp, r: &mut [Fe013]) {
    use FieldOp::*;
    let g = |i: u8| r[usize::from(i)];
    let v = match *op {
        Add { a, b, .. } => g(a) + g(b),
        Sub { a, b, .. } => g(a) - g(b),
        Double { a, .. } => g(a).double(),
        MulSingle { a, k, .. } => g(a).mul_single(k),
        Negate { a, m, .. } => g(a).negate(m),
        Mul { a, b, .. } => g(a) * g(b),
        Square { a, .. } => g(a).square(),
        NormalizeWeak { a, .. } => g(a).normalize_weak(),
        Normalize { a, .. } => g(a).normalize(),
    };
    r[op.dst()] = v;
}

impl FieldExec for K256Field {
    type Reg = Fe013;

    fn load(&self, be: &[u8; 32]) -> Fe013 {
        Option::from(Fe013::from_bytes(&(*be).into())).expect("canonical initial value")
    }

    fn step(&self, op: &FieldOp, regs: &mut [Fe013]) {
        k256_013_step(op, regs)
    }

    fn read(&self, v: &Fe013) -> [u8; 32] {
        v.to_bytes().into()
    }

    fn checker_active(&self) -> bool {
        checker_active()
    }

    fn reproducer_api(&self) -> Option<FieldReproApi> {
        let mut k256 = Dependency::new("k256", "0.13.4");
        k256.features.push("expose-field");
        Some(FieldReproApi {
            dependency: k256,
            element: "k256::FieldElement",
            expr: k256_013_expr,
        })
    }
}

/// [`k256_013_step`]'s operation as a Rust expression over the registers `r[i]`.
fn k256_013_expr(op: &FieldOp) -> String {
    use FieldOp::*;
    match *op {
        Add { a, b, .. } => format!("r[{a}] + r[{b}]"),
        Sub { a, b, .. } => format!("r[{a}] - r[{b}]"),
        Double { a, .. } => format!("r[{a}].double()"),
        MulSingle { a, k, .. } => format!("r[{a}].mul_single({k})"),
        Negate { a, m, .. } => format!("r[{a}].negate({m})"),
        Mul { a, b, .. } => format!("r[{a}] * r[{b}]"),
        Square { a, .. } => format!("r[{a}].square()"),
        NormalizeWeak { a, .. } => format!("r[{a}].normalize_weak()"),
        Normalize { a, .. } => format!("r[{a}].normalize()"),
    }
}

/// Whether k256 0.13.4's magnitude checker is compiled in (it is under `debug_assertions`):
/// probed once by `ONE.double().negate(1)`, which only the checker rejects.
pub fn checker_active() -> bool {
    static ACTIVE: OnceLock<bool> = OnceLock::new();
    *ACTIVE.get_or_init(|| {
        capture(|| {
            let _ = Fe013::ONE.double().negate(1);
        })
        .is_err()
    })
}

// ---------------------------------------------------------------------------------------
// Recipes.

/// A scalar below `n` as a k256 0.14 `Scalar` (`from_repr`; panics on a non-canonical value:
/// recipes only hold canonical scalars).
pub fn scalar_014(v: &BigUint) -> k256::Scalar {
    use k256::elliptic_curve::PrimeField;
    Option::from(k256::Scalar::from_repr(be32(v).into())).expect("canonical scalar")
}

/// A raw integer below 2²⁵⁶ as a k256 0.14 `Scalar`, through k256's `Reduce<FieldBytes>`.
pub fn reduce_014(v: &BigUint) -> k256::Scalar {
    use k256::elliptic_curve::ops::Reduce;
    <k256::Scalar as Reduce<k256::FieldBytes>>::reduce(&be32(v).into())
}

/// A scalar below `n` as a k256 0.13.4 `Scalar`.
pub fn scalar_013(v: &BigUint) -> k256_013::Scalar {
    use k256_013::elliptic_curve::PrimeField;
    Option::from(k256_013::Scalar::from_repr(be32(v).into())).expect("canonical scalar")
}

/// k256 0.14's SEC1 decoder.
pub fn decode_014(bytes: &[u8]) -> k256::AffinePoint {
    let p = k256::Sec1Point::from_bytes(bytes).expect("a SEC1 encoding");
    k256::AffinePoint::try_from(&p).expect("a point on the curve")
}

/// k256 0.13.4's SEC1 decoder.
pub fn decode_013(bytes: &[u8]) -> k256_013::AffinePoint {
    let p = k256_013::EncodedPoint::from_bytes(bytes).expect("a SEC1 encoding");
    k256_013::AffinePoint::try_from(&p).expect("a point on the curve")
}

recipe_builder!(
    /// Carries out a recipe with k256 0.14's arithmetic.
    build_014,
    k256,
    scalar_014,
    decode_014
);
recipe_builder!(
    /// Carries out a recipe with k256 0.13.4's arithmetic.
    build_013,
    k256_013,
    scalar_013,
    decode_013
);

/// Whether the k256 0.13.4 point of `p` has `z` in exactly `FieldElement::ZERO`'s
/// representation — what 0.13.4's `batch_normalize` tests with `z.ct_eq(&ZERO)` (limbs, and
/// in debug builds magnitude and normalized flag too). `z` is private; the point's `Debug`
/// output is its only public view, and prints the same fields `ct_eq` compares.
pub fn k256_013_z_is_literal_zero(p: &PointInput) -> bool {
    let shown = format!("{:?}", build_013(p));
    let zero = format!("{:?}", Fe013::ZERO);
    let z = shown
        .rsplit_once("z: ")
        .map(|(_, z)| z.trim_end().trim_end_matches('}').trim_end())
        .expect("ProjectivePoint's Debug output names z");
    z == zero
}

// ---------------------------------------------------------------------------------------
// Encoders and forms.

/// k256 0.14's SEC1 encoding of an affine point.
pub fn sec1_014(a: &k256::AffinePoint, compressed: bool) -> Vec<u8> {
    use k256::elliptic_curve::sec1::ToSec1Point;
    a.to_sec1_point(compressed).as_bytes().to_vec()
}

/// k256 0.13.4's SEC1 encoding (uncompressed) of an affine point.
pub fn sec1_013(a: &k256_013::AffinePoint) -> Vec<u8> {
    use k256_013::elliptic_curve::sec1::ToEncodedPoint;
    a.to_encoded_point(false).as_bytes().to_vec()
}

/// Builds the inputs with k256 0.14's arithmetic, under a panic capture.
pub fn built_014(points: &[PointInput]) -> Result<Vec<k256::ProjectivePoint>, FormPanic> {
    capture(|| points.iter().map(build_014).collect()).map_err(|report| FormPanic {
        form: "building the inputs (k256 0.14 arithmetic)",
        report,
    })
}

fn uncompressed_014(ps: &[k256::AffinePoint]) -> Vec<Vec<u8>> {
    ps.iter().map(|a| sec1_014(a, false)).collect()
}

// ---------------------------------------------------------------------------------------
// k256 0.14 subjects.

/// `to_affine` with the SEC1 encoders, `GroupEncoding::to_bytes` and `Group::is_identity`.
#[derive(Clone, Copy, Debug, Default)]
pub struct K256ToAffine;

impl FormsSubject<Vec<PointInput>> for K256ToAffine {
    fn reproducer(&self, case: &Vec<PointInput>, expected: &[Point<Fp>]) -> Option<ReproCode> {
        Some(RecipeApi::elliptic_curve_014("k256").to_affine_reproducer(case, expected))
    }

    fn run(&self, case: &Vec<PointInput>) -> FormsResult {
        use k256::elliptic_curve::group::GroupEncoding;
        use k256::elliptic_curve::Group;
        let ps = built_014(case)?;
        Ok(vec![
            form(
                "to_affine().to_sec1_point(false)",
                Enc::Uncompressed,
                || ps.iter().map(|p| sec1_014(&p.to_affine(), false)).collect(),
            )?,
            form("to_affine().to_sec1_point(true)", Enc::Compressed, || {
                ps.iter().map(|p| sec1_014(&p.to_affine(), true)).collect()
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
pub struct K256Mul;

impl FormsSubject<Vec<MulTerm>> for K256Mul {
    fn reproducer(&self, case: &Vec<MulTerm>, expected: &[Point<Fp>]) -> Option<ReproCode> {
        Some(RecipeApi::elliptic_curve_014("k256").mul_reproducer(case, expected))
    }

    fn run(&self, case: &Vec<MulTerm>) -> FormsResult {
        use k256::elliptic_curve::ops::MulVartime;
        let points: Vec<PointInput> = case.iter().map(|t| t.point.clone()).collect();
        let ps = built_014(&points)?;
        let ks: Vec<k256::Scalar> = case.iter().map(|t| reduce_014(&t.k)).collect();
        let each = |f: &dyn Fn(&k256::ProjectivePoint, &k256::Scalar) -> k256::ProjectivePoint| {
            ps.iter()
                .zip(&ks)
                .map(|(p, k)| sec1_014(&f(p, k).to_affine(), false))
                .collect()
        };
        Ok(vec![
            form("ProjectivePoint * Scalar", Enc::Uncompressed, || {
                each(&|p, k| *p * k)
            })?,
            form("MulVartime::mul_vartime", Enc::Uncompressed, || {
                each(&|p, k| p.mul_vartime(k))
            })?,
            form("to_affine() * Scalar", Enc::Uncompressed, || {
                each(&|p, k| p.to_affine() * k)
            })?,
        ])
    }
}

/// `mul_by_generator`, `mul_by_generator_vartime`, and `GENERATOR * k`.
#[derive(Clone, Copy, Debug, Default)]
pub struct K256MulByGenerator;

impl FormsSubject<Vec<BigUint>> for K256MulByGenerator {
    fn reproducer(&self, case: &Vec<BigUint>, expected: &[Point<Fp>]) -> Option<ReproCode> {
        Some(RecipeApi::elliptic_curve_014("k256").mul_by_generator_reproducer(case, expected))
    }

    fn run(&self, case: &Vec<BigUint>) -> FormsResult {
        use k256::ProjectivePoint as P;
        let ks: Vec<k256::Scalar> = case.iter().map(reduce_014).collect();
        let each = |f: &dyn Fn(&k256::Scalar) -> P| {
            ks.iter()
                .map(|k| sec1_014(&f(k).to_affine(), false))
                .collect()
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
    /// k256 0.14's `lincomb` forms.
    k256_lincomb_forms,
    k256,
    built_014,
    scalar_014,
    sec1_014
);

/// `lincomb` and `lincomb_vartime`, array (`N ≤ 8`) and slice forms, and
/// `mul_by_generator_and_mul_add_vartime(u1, u2, R)` when the first point is `G`.
#[derive(Clone, Copy, Debug, Default)]
pub struct K256Lincomb;

impl FormsSubject<LincombCase> for K256Lincomb {
    fn run(&self, case: &LincombCase) -> FormsResult {
        k256_lincomb_forms(case)
    }

    fn reproducer(&self, case: &LincombCase, expected: &[Point<Fp>]) -> Option<ReproCode> {
        Some(RecipeApi::elliptic_curve_014("k256").lincomb_reproducer(case, expected))
    }
}

batch_normalize_subject!(
    /// k256 0.14's `BatchNormalize` (constant time and vartime) for `[P; N]`, `Array<P, U>`
    /// (`N ≤ 8`) and `[P]`, and `CurveGroup::batch_normalize`.
    K256BatchNormalize,
    k256,
    built_014,
    uncompressed_014
);

// ---------------------------------------------------------------------------------------
// k256 0.13.4's batch_normalize.

fn bn013_array<const N: usize>(ps: &[k256_013::ProjectivePoint]) -> Option<Vec<Vec<u8>>> {
    use k256_013::elliptic_curve::BatchNormalize;
    type P = k256_013::ProjectivePoint;
    let arr: [P; N] = ps.try_into().ok()?;
    let out = <P as BatchNormalize<[P; N]>>::batch_normalize(&arr);
    Some(out.iter().map(sec1_013).collect())
}

/// The known finding of [`K256013BatchNormalize`].
pub const K256_013_BATCH_NORMALIZE_BUG: &str = "k256 0.13.4 batch_normalize detects identities \
     with z.ct_eq(&FieldElement::ZERO), which misses a lazily reduced zero z (an identity from \
     arithmetic: P + (−P), P·0, IDENTITY·k), so its batch inversion gets a zero and \
     CtOption::unwrap panics; fixed upstream in RustCrypto/elliptic-curves#1029 (issue #943)";

/// The second known finding of [`K256013BatchNormalize`].
pub const K256_013_EMPTY_BATCH_BUG: &str = "k256 0.13.4 batch_normalize of an empty batch: \
     elliptic-curve 0.13's BatchInvert reports failure for zero elements, and \
     batch_normalize's CtOption::unwrap panics; fixed upstream in RustCrypto/traits#1884 \
     (https://github.com/RustCrypto/traits/pull/1884)";

/// k256 0.13.4's `BatchNormalize<[ProjectivePoint; N]>` (`N ≤ 8`), its slice form
/// `BatchNormalize<[ProjectivePoint]>`, and `group::Curve::batch_normalize` (all three on
/// 0.13.4's `batch_normalize_generic`, built with `alloc`).
#[derive(Clone, Copy, Debug, Default)]
pub struct K256013BatchNormalize;

impl FormsSubject<Vec<PointInput>> for K256013BatchNormalize {
    /// The array form (`N ≤ 8`), the slice form and `group::Curve::batch_normalize`.
    fn reproducer(&self, case: &Vec<PointInput>, expected: &[Point<Fp>]) -> Option<ReproCode> {
        let api = RecipeApi {
            krate: "k256",
            sec1_point: "EncodedPoint",
            to_sec1_trait: "ToEncodedPoint",
            to_sec1: "to_encoded_point",
        };
        let n = case.len();
        let p = "k256::ProjectivePoint";
        let mut forms = Vec::new();
        if n <= 8 {
            forms.push(ReproForm::new(
                "batch_normalize([_; N])",
                Enc::Uncompressed,
                format!(
                    "<{p} as BatchNormalize<[{p}; {n}]>>::batch_normalize(\n    \
                     &<[{p}; {n}]>::try_from(points.clone()).expect(\"{n} points\"),\n)\n\
                     .iter()\n.map(sec1)\n.collect()"
                ),
            ));
        }
        forms.push(ReproForm::new(
            "batch_normalize(&[_])",
            Enc::Uncompressed,
            format!("<{p} as BatchNormalize<[{p}]>>::batch_normalize(points.as_slice())\n.iter()\n.map(sec1)\n.collect()"),
        ));
        forms.push(ReproForm::new(
            "group::Curve::batch_normalize",
            Enc::Uncompressed,
            format!(
                "let mut out = vec![k256::AffinePoint::IDENTITY; points.len()];\n\
                 <{p} as k256::elliptic_curve::group::Curve>::batch_normalize(&points, &mut out);\n\
                 out.iter().map(sec1).collect()"
            ),
        ));
        Some(api.forms_reproducer(
            vec!["use k256::elliptic_curve::BatchNormalize;".into()],
            api.points(case),
            &forms,
            expected,
        ))
    }

    fn run(&self, case: &Vec<PointInput>) -> FormsResult {
        use k256_013::elliptic_curve::group::Curve;
        use k256_013::elliptic_curve::BatchNormalize;
        type P = k256_013::ProjectivePoint;
        let ps: Vec<P> =
            capture(|| case.iter().map(build_013).collect()).map_err(|report| FormPanic {
                form: "building the inputs (k256 0.13.4 arithmetic)",
                report,
            })?;
        let mut forms = Vec::new();
        if ps.len() <= 8 {
            forms.push(form("batch_normalize([_; N])", Enc::Uncompressed, || {
                match ps.len() {
                    0 => bn013_array::<0>(&ps),
                    1 => bn013_array::<1>(&ps),
                    2 => bn013_array::<2>(&ps),
                    3 => bn013_array::<3>(&ps),
                    4 => bn013_array::<4>(&ps),
                    5 => bn013_array::<5>(&ps),
                    6 => bn013_array::<6>(&ps),
                    7 => bn013_array::<7>(&ps),
                    _ => bn013_array::<8>(&ps),
                }
                .expect("N ≤ 8")
            })?);
        }
        forms.push(form("batch_normalize(&[_])", Enc::Uncompressed, || {
            <P as BatchNormalize<[P]>>::batch_normalize(ps.as_slice())
                .iter()
                .map(sec1_013)
                .collect()
        })?);
        forms.push(form(
            "group::Curve::batch_normalize",
            Enc::Uncompressed,
            || {
                let mut out = vec![k256_013::AffinePoint::IDENTITY; ps.len()];
                <P as Curve>::batch_normalize(&ps, &mut out);
                out.iter().map(sec1_013).collect()
            },
        )?);
        Ok(forms)
    }

    fn expected(&self, case: &Vec<PointInput>) -> Expected {
        if case.is_empty() {
            return Expected::known(VerdictKind::SubjectPanicked, K256_013_EMPTY_BATCH_BUG);
        }
        let hit = case
            .iter()
            .any(|p| p.log.is_zero() && !k256_013_z_is_literal_zero(p));
        if hit {
            Expected::known(VerdictKind::SubjectPanicked, K256_013_BATCH_NORMALIZE_BUG)
        } else {
            Expected::AGREE
        }
    }

    fn check_panic(&self, case: &Vec<PointInput>, report: &PanicReport) -> Option<Verdict> {
        if self.expected(case).kind != VerdictKind::SubjectPanicked {
            return None;
        }
        let panicked = Outcome::<()>::Panicked(report.clone());
        Some(match crate::shapes::known::ct_option_unwrap(&panicked) {
            Ok(()) => Verdict::new(
                VerdictKind::SubjectPanicked,
                format!("known finding: subject {report}"),
            ),
            Err(differs) => Verdict::new(
                VerdictKind::Mismatch,
                format!("a known batch_normalize finding's input, but {differs}"),
            ),
        })
    }
}
