//! RustCrypto-style point routines against a prime-order oracle curve ([`Sec1Curve`]):
//! k256 0.14's `ProjectivePoint` scalar multiplication, `mul_by_generator`, `lincomb`,
//! `batch_normalize` and `to_affine` over secp256k1 (`ecdiff_oracles::curves::secp256k1`),
//! k256 0.13.4's `batch_normalize` on the same inputs, and the same routines of p256 0.14
//! (`primeorder`'s complete formulas for a = −3) over P-256 (`ecdiff_oracles::curves::p256`).
//! The curve is a type parameter of the check ([`check_on`]; [`check`] is secp256k1): it fixes
//! the oracle curve and the order `n` the recipes, scalars and logs are drawn below; the draws
//! themselves are the same for every curve.
//!
//! # Inputs built by the library's own arithmetic
//!
//! k256's projective coordinates are private, so an input point is handed over as a
//! [`Recipe`] — integers only — that the adapter carries out with k256's arithmetic: the
//! constants `IDENTITY` and `GENERATOR`, a SEC1 encoding (compressed, uncompressed, or the
//! one-byte identity) decoded by k256, and arithmetic outputs (`G·a·k`, `G·a + G·b`, mixed
//! addition of a decoded affine point, negation, doubling). Arithmetic that lands on the
//! identity — `P + (−P)`, `P − P`, `P·0`, `IDENTITY·k`, a mixed sum with the affine identity —
//! leaves a *lazily reduced* zero `z` (`z ≡ 0 (mod p)` in a representation other than
//! `FieldElement::ZERO`'s): the input class behind k256 issue #943 / PR #1029
//! (<https://github.com/RustCrypto/elliptic-curves/pull/1029>).
//!
//! # Oracle
//!
//! Every input carries its discrete log relative to `G` (known-log bookkeeping), so the
//! expected value of any routine is one fixed-base multiplication `(Σ sᵢ·aᵢ mod n)·G` in the
//! oracle's affine arithmetic (`Curve::mul_generator`, HMV §3.3.2 windows over SEC 1
//! chord-and-tangent additions), encoded as SEC 1 v2 §2.3.3 octet strings (uncompressed
//! `04‖x‖y`, compressed `02/03‖x`, the identity as `00`) — k256's values are only ever read
//! back through its own encoders, never compared with its `==`.
//!
//! # Forms
//!
//! Each routine calls every API form of the operation k256 0.14 has (constant-time and
//! variable-time, array `[_; N]` and `hybrid_array::Array` for `N ≤ 8`, slice `&[_]`, the
//! `CurveGroup` trait method), each compared with the oracle on its own, so a finding names
//! the form.
//!
//! k256 0.13.4's `batch_normalize` inputs and known findings are the secp256k1 family's
//! (`families/secp256k1/batch_013.rs`).
//!
//! Users (`scripts/shared-users.py`): secp256k1 (k256 0.14 and 0.13.4) and p256.

use crate::engine::panic::{capture, PanicReport};
use crate::engine::{compare, Expected, Outcome, Routine, RoutineInfo, Verdict, VerdictKind};
use crate::generators::coincidence::{
    self, meetings_on_curve, COINCIDENCE_CLASSES, PREDICATE_MAX_TERMS,
};
use crate::generators::scalars::{
    raw_scalar, scalar_class_holds, RAW_SCALAR_CLASSES, SCALAR_CLASSES,
};
use crate::generators::Gen;
use crate::repro::project::ReproCode;
use crate::shapes::Spec;
use ecdiff_oracles::curves::{p256, secp256k1, Secp256k1, P256};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::weierstrass::{Curve, Point};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::fmt::Debug;
use std::marker::PhantomData;

/// The curve a point routine runs over: the oracle curve (short Weierstrass over a prime field,
/// cofactor 1, generator `G` of prime order `n`), for the known-log points, the scalars and the
/// SEC 1 encodings. Implemented for the oracle groups [`Secp256k1`] (k256) and [`P256`]
/// (p256); a P-384 routine needs one more `impl`.
pub trait Sec1Curve: Send + Sync + 'static {
    /// The oracle curve.
    fn curve() -> &'static Curve<Fp>;
    /// The order `n` of its generator.
    fn order() -> &'static BigUint {
        &Self::curve().order
    }
}

impl Sec1Curve for Secp256k1 {
    fn curve() -> &'static Curve<Fp> {
        secp256k1()
    }
}

impl Sec1Curve for P256 {
    fn curve() -> &'static Curve<Fp> {
        p256()
    }
}

/// How the subject builds one input point, with k256's own arithmetic. Every scalar is below
/// `n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recipe {
    /// `ProjectivePoint::IDENTITY`.
    IdentityConst,
    /// `ProjectivePoint::GENERATOR`.
    GeneratorConst,
    /// The SEC1 encoding in [`PointInput::sec1`], decoded to an `AffinePoint`, then
    /// `ProjectivePoint::from`.
    Sec1 {
        /// Whether the encoding is compressed.
        compressed: bool,
    },
    /// `(GENERATOR · a) · k`.
    Scaled {
        /// First factor.
        a: BigUint,
        /// Second factor.
        k: BigUint,
    },
    /// `GENERATOR · a + GENERATOR · b` (projective addition).
    Sum {
        /// Left log.
        a: BigUint,
        /// Right log.
        b: BigUint,
    },
    /// `GENERATOR · a + Q` for the affine `Q` decoded from [`PointInput::sec1`] (mixed
    /// addition; `Q` may be the affine identity).
    MixedSum {
        /// The projective operand's log.
        a: BigUint,
    },
    /// `GENERATOR · a − GENERATOR · a`.
    Difference {
        /// The log.
        a: BigUint,
    },
    /// `−(GENERATOR · a)`.
    Neg {
        /// The log.
        a: BigUint,
    },
    /// `(GENERATOR · a).double()`.
    Doubled {
        /// The log.
        a: BigUint,
    },
    /// `IDENTITY · k`.
    IdentityTimes {
        /// The factor.
        k: BigUint,
    },
}

/// One input point: how to build it, its known log, the SEC1 bytes its recipe decodes, and
/// the oracle's affine point.
#[derive(Clone, Debug)]
pub struct PointInput {
    /// The recipe.
    pub recipe: Recipe,
    /// Discrete log relative to `G`, below `n` (0 for the identity).
    pub log: BigUint,
    /// SEC1 bytes for [`Recipe::Sec1`] (the point itself) and [`Recipe::MixedSum`] (the
    /// affine operand); empty otherwise.
    pub sec1: Vec<u8>,
    /// `log·G` in the oracle's affine arithmetic.
    pub point: Point<Fp>,
}

/// The recipe classes.
pub const RECIPE_CLASSES: &[&str] = &[
    "identity_const",
    "generator_const",
    "sec1_compressed",
    "sec1_uncompressed",
    "sec1_identity",
    "arith_scaled",
    "arith_sum",
    "arith_mixed_sum",
    "mixed_sum_affine_identity",
    "arith_neg",
    "arith_double",
    "identity_cancel",
    "identity_times_scalar",
    "scaled_to_identity",
    "negated_pair",
    "repeated",
];

/// The names a standalone reproducer ([`crate::repro`]) uses to build [`Recipe`]s with one
/// RustCrypto curve crate, as `rustcrypto::recipe_builder!` does in ecdiff: the crate (as the
/// reproducer depends on it, e.g. `k256` at 0.13.4), its SEC1 point type and its encoder trait
/// and method (`EncodedPoint`, `ToEncodedPoint::to_encoded_point` in elliptic-curve 0.13;
/// `Sec1Point`, `ToSec1Point::to_sec1_point` in 0.14).
#[derive(Clone, Copy, Debug)]
pub struct RecipeApi {
    /// The crate's name in the reproducer.
    pub krate: &'static str,
    /// Its SEC1 point type.
    pub sec1_point: &'static str,
    /// Its SEC1 encoder trait.
    pub to_sec1_trait: &'static str,
    /// That trait's method.
    pub to_sec1: &'static str,
}

impl RecipeApi {
    /// Helper functions for the body of a reproducer: `scalar(hex)`, `decode(hex)`, `g(hex)`
    /// (the generator times a scalar) and `sec1(&affine)` (uncompressed, the identity `00`).
    pub fn helpers(&self) -> String {
        let RecipeApi {
            krate,
            sec1_point,
            to_sec1_trait,
            to_sec1,
        } = *self;
        format!(
            "// `double` is a `group::Group` method of some crates' points.\n\
             #[allow(unused_imports)]\n\
             use {krate}::elliptic_curve::Group as _;\n\
             #[allow(dead_code)]\n\
             fn scalar(be: &str) -> {krate}::Scalar {{\n    \
             use {krate}::elliptic_curve::PrimeField;\n    \
             let bytes: [u8; 32] = unhex(be).try_into().expect(\"32 bytes\");\n    \
             Option::from({krate}::Scalar::from_repr(bytes.into())).expect(\"a canonical scalar\")\n}}\n\
             #[allow(dead_code)]\n\
             fn decode(sec1: &str) -> {krate}::AffinePoint {{\n    \
             let p = {krate}::{sec1_point}::from_bytes(unhex(sec1)).expect(\"a SEC1 encoding\");\n    \
             {krate}::AffinePoint::try_from(&p).expect(\"a point on the curve\")\n}}\n\
             #[allow(dead_code)]\n\
             fn g(log: &str) -> {krate}::ProjectivePoint {{\n    \
             {krate}::ProjectivePoint::GENERATOR * scalar(log)\n}}\n\
             #[allow(dead_code)]\n\
             fn sec1(a: &{krate}::AffinePoint) -> String {{\n    \
             use {krate}::elliptic_curve::sec1::{to_sec1_trait};\n    \
             hex(a.{to_sec1}(false).as_bytes())\n}}\n"
        )
    }

    /// The expression that builds `p` with the crate's arithmetic, as its recipe says.
    pub fn build(&self, p: &PointInput) -> String {
        let k = self.krate;
        let h = |v: &BigUint| format!("\"{}\"", hex::encode(be32(v)));
        match &p.recipe {
            Recipe::IdentityConst => format!("{k}::ProjectivePoint::IDENTITY"),
            Recipe::GeneratorConst => format!("{k}::ProjectivePoint::GENERATOR"),
            Recipe::Sec1 { .. } => format!(
                "{k}::ProjectivePoint::from(decode(\"{}\"))",
                hex::encode(&p.sec1)
            ),
            Recipe::Scaled { a, k: f } => format!("g({}) * scalar({})", h(a), h(f)),
            Recipe::Sum { a, b } => format!("g({}) + g({})", h(a), h(b)),
            Recipe::MixedSum { a } => {
                format!("g({}) + decode(\"{}\")", h(a), hex::encode(&p.sec1))
            }
            Recipe::Difference { a } => format!("{{\n    let x = g({});\n    x - x\n}}", h(a)),
            Recipe::Neg { a } => format!("-g({})", h(a)),
            Recipe::Doubled { a } => format!("g({}).double()", h(a)),
            Recipe::IdentityTimes { k: f } => {
                format!("{k}::ProjectivePoint::IDENTITY * scalar({})", h(f))
            }
        }
    }

    /// Statements binding `points`, the inputs built as their recipes say.
    pub fn points(&self, inputs: &[PointInput]) -> String {
        let mut out = format!(
            "// The inputs, built with the crate's own arithmetic as ecdiff builds them (an\n\
             // identity from arithmetic keeps a lazily reduced zero z).\n\
             let points: Vec<{}::ProjectivePoint> = vec![",
            self.krate
        );
        for p in inputs {
            out.push_str("\n    ");
            out.push_str(&self.build(p).replace('\n', "\n    "));
            out.push(',');
        }
        if !inputs.is_empty() {
            out.push('\n');
        }
        out.push_str("];\n");
        out
    }
}

/// One API form in a reproducer: its name (as the check names it), how its values are
/// encoded, and a Rust expression of type `Vec<String>` (each output point's encoding in hex)
/// over the bindings the reproducer's setup made.
pub struct ReproForm {
    /// The form's name, e.g. `lincomb(&[_])`.
    pub name: String,
    /// Its encoding (the expected line encodes the oracle's points so).
    pub enc: Enc,
    /// The expression.
    pub expr: String,
}

impl ReproForm {
    /// A form.
    pub fn new(name: impl Into<String>, enc: Enc, expr: impl Into<String>) -> Self {
        ReproForm {
            name: name.into(),
            enc,
            expr: expr.into(),
        }
    }
}

impl RecipeApi {
    /// The names of a RustCrypto crate on elliptic-curve 0.14 (k256 0.14, p256 0.14).
    pub const fn elliptic_curve_014(krate: &'static str) -> Self {
        RecipeApi {
            krate,
            sec1_point: "Sec1Point",
            to_sec1_trait: "ToSec1Point",
            to_sec1: "to_sec1_point",
        }
    }

    /// A reproducer that runs every form of a point routine, as the check does, after `setup`
    /// (statements binding what the forms use, after the helpers): the subject's line is each
    /// form's name and values, and the expected line the same with the oracle's points
    /// `expected` in each form's encoding, so a finding in any one form shows.
    pub fn forms_reproducer(
        &self,
        uses: Vec<String>,
        setup: String,
        forms: &[ReproForm],
        expected: &[Point<Fp>],
    ) -> ReproCode {
        let mut body = format!(
            "{}\n{setup}// The forms under test, each on its own (a panic ends only its form).\n\
             let mut forms: Vec<String> = Vec::new();\n",
            self.helpers()
        );
        let mut want = Vec::new();
        for f in forms {
            body.push_str(&format!(
                "forms.push({{\n    \
                 let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| -> Vec<String> {{\n        \
                 {}\n    }}));\n    \
                 match result {{\n        \
                 Ok(values) => format!(\"{name}: [{{}}]\", values.join(\", \")),\n        \
                 Err(payload) => format!(\"{name}: panicked: {{}}\", panic_message(payload.as_ref()).replace('\\n', \" \")),\n    \
                 }}\n}});\n",
                f.expr.replace('\n', "\n        "),
                name = f.name,
            ));
            let values: Vec<String> = expected
                .iter()
                .map(|p| hex::encode(f.enc.encode(p)))
                .collect();
            want.push(format!("{}: [{}]", f.name, values.join(", ")));
        }
        body.push_str("forms.join(\" | \")\n");
        ReproCode {
            dependencies: Vec::new(),
            uses,
            body,
            expected: want.join(" | "),
            expected_from: "ecdiff's oracle on this case (each output's known log times the \
                            generator, in num-bigint arithmetic, in each form's encoding), \
                            embedded"
                .into(),
        }
    }

    /// Statements binding `scalars`, canonical scalars (`scalar(hex)`).
    pub fn scalars(&self, values: &[BigUint]) -> String {
        let mut out = format!("let scalars: Vec<{}::Scalar> = vec![", self.krate);
        for s in values {
            out.push_str(&format!("\n    scalar(\"{}\"),", hex::encode(be32(s))));
        }
        if !values.is_empty() {
            out.push('\n');
        }
        out.push_str("];\n");
        out
    }

    /// Statements binding `ks`, raw integers below 2²⁵⁶ reduced modulo n
    /// (`Reduce<FieldBytes>`, as the routines hand them over).
    pub fn reduced(&self, values: &[BigUint]) -> String {
        let k = self.krate;
        let mut out = format!(
            "fn reduce(be: &str) -> {k}::Scalar {{\n    \
             use {k}::elliptic_curve::ops::Reduce;\n    \
             let bytes: [u8; 32] = unhex(be).try_into().expect(\"32 bytes\");\n    \
             <{k}::Scalar as Reduce<{k}::FieldBytes>>::reduce(&bytes.into())\n}}\n\
             let ks: Vec<{k}::Scalar> = vec!["
        );
        for v in values {
            out.push_str(&format!("\n    reduce(\"{}\"),", hex::encode(be32(v))));
        }
        if !values.is_empty() {
            out.push('\n');
        }
        out.push_str("];\n");
        out
    }

    /// The uses every 0.14 point template takes (the traits its forms call).
    fn uses_014(&self) -> Vec<String> {
        let k = self.krate;
        vec![
            "#[allow(unused_imports)]".into(),
            format!("use {k}::elliptic_curve::group::{{Curve as _, GroupEncoding as _}};"),
            "#[allow(unused_imports)]".into(),
            format!(
                "use {k}::elliptic_curve::ops::{{MulByGeneratorVartime as _, MulVartime as _}};"
            ),
        ]
    }

    /// The reproducer of a `to_affine` case (elliptic-curve 0.14): the four forms
    /// `K256ToAffine` / `P256ToAffine` run.
    pub fn to_affine_reproducer(&self, case: &[PointInput], expected: &[Point<Fp>]) -> ReproCode {
        let k = self.krate;
        let forms = [
            ReproForm::new("to_affine().to_sec1_point(false)", Enc::Uncompressed, "points.iter().map(|p| sec1(&p.to_affine())).collect()"),
            ReproForm::new(
                "to_affine().to_sec1_point(true)",
                Enc::Compressed,
                format!("points\n.iter()\n.map(|p| hex({k}::elliptic_curve::sec1::ToSec1Point::to_sec1_point(&p.to_affine(), true).as_bytes()))\n.collect()"),
            ),
            ReproForm::new("GroupEncoding::to_bytes", Enc::Compressed33, "points.iter().map(|p| hex(p.to_bytes().as_ref())).collect()"),
            ReproForm::new(
                "Group::is_identity",
                Enc::IsIdentity,
                "points.iter().map(|p| hex(&[u8::from(bool::from(p.is_identity()))])).collect()",
            ),
        ];
        self.forms_reproducer(self.uses_014(), self.points(case), &forms, expected)
    }

    /// The reproducer of a scalar multiplication case (elliptic-curve 0.14): `P * k`,
    /// `mul_vartime` and `AffinePoint * k`, each term on its own.
    pub fn mul_reproducer(&self, case: &[MulTerm], expected: &[Point<Fp>]) -> ReproCode {
        let inputs: Vec<PointInput> = case.iter().map(|t| t.point.clone()).collect();
        let ks: Vec<BigUint> = case.iter().map(|t| t.k.clone()).collect();
        let each = |f: &str| {
            format!(
                "points\n.iter()\n.zip(&ks)\n.map(|(p, k)| sec1(&({f}).to_affine()))\n.collect()"
            )
        };
        let forms = [
            ReproForm::new(
                "ProjectivePoint * Scalar",
                Enc::Uncompressed,
                each("*p * k"),
            ),
            ReproForm::new(
                "MulVartime::mul_vartime",
                Enc::Uncompressed,
                each("p.mul_vartime(k)"),
            ),
            ReproForm::new(
                "to_affine() * Scalar",
                Enc::Uncompressed,
                each("p.to_affine() * k"),
            ),
        ];
        let setup = format!("{}{}", self.points(&inputs), self.reduced(&ks));
        self.forms_reproducer(self.uses_014(), setup, &forms, expected)
    }

    /// The reproducer of a `mul_by_generator` case (elliptic-curve 0.14): the constant-time and
    /// vartime forms and `GENERATOR * k`.
    pub fn mul_by_generator_reproducer(
        &self,
        case: &[BigUint],
        expected: &[Point<Fp>],
    ) -> ReproCode {
        let k = self.krate;
        let each = |f: &str| format!("ks.iter().map(|k| sec1(&({f}).to_affine())).collect()");
        let forms = [
            ReproForm::new(
                "ProjectivePoint::mul_by_generator",
                Enc::Uncompressed,
                each(&format!("{k}::ProjectivePoint::mul_by_generator(k)")),
            ),
            ReproForm::new(
                "ProjectivePoint::mul_by_generator_vartime",
                Enc::Uncompressed,
                each(&format!(
                    "{k}::ProjectivePoint::mul_by_generator_vartime(k)"
                )),
            ),
            ReproForm::new(
                "GENERATOR * Scalar",
                Enc::Uncompressed,
                each(&format!("{k}::ProjectivePoint::GENERATOR * k")),
            ),
        ];
        self.forms_reproducer(self.uses_014(), self.reduced(case), &forms, expected)
    }

    /// The reproducer of a `batch_normalize` case (elliptic-curve 0.14): the array forms
    /// (`N ≤ 8`, constant time and vartime), the slice forms and `CurveGroup::batch_normalize`
    /// (`batch_normalize_subject!`'s forms but the `hybrid_array::Array` ones, which need that
    /// crate).
    pub fn batch_normalize_reproducer(
        &self,
        case: &[PointInput],
        expected: &[Point<Fp>],
    ) -> ReproCode {
        let k = self.krate;
        let p = format!("{k}::ProjectivePoint");
        let n = case.len();
        let mut forms = Vec::new();
        let run = |form: &str, shape: &str, arg: &str| {
            format!(
                "<{p} as BatchNormalize<{shape}>>::{form}({arg})\n.iter()\n.map(sec1)\n.collect()"
            )
        };
        if n <= 8 {
            let array = format!("[{p}; {n}]");
            let arg = format!("&<{array}>::try_from(points.clone()).expect(\"{n} points\")");
            forms.push(ReproForm::new(
                "batch_normalize([_; N])",
                Enc::Uncompressed,
                run("batch_normalize", &array, &arg),
            ));
            forms.push(ReproForm::new(
                "batch_normalize_vartime([_; N])",
                Enc::Uncompressed,
                run("batch_normalize_vartime", &array, &arg),
            ));
        }
        let slice = format!("[{p}]");
        forms.push(ReproForm::new(
            "batch_normalize(&[_])",
            Enc::Uncompressed,
            run("batch_normalize", &slice, "points.as_slice()"),
        ));
        forms.push(ReproForm::new(
            "batch_normalize_vartime(&[_])",
            Enc::Uncompressed,
            run("batch_normalize_vartime", &slice, "points.as_slice()"),
        ));
        forms.push(ReproForm::new(
            "CurveGroup::batch_normalize",
            Enc::Uncompressed,
            format!(
                "let mut out = vec![{k}::AffinePoint::IDENTITY; points.len()];\n\
                 <{p} as {k}::elliptic_curve::CurveGroup>::batch_normalize(&points, &mut out);\n\
                 out.iter().map(sec1).collect()"
            ),
        ));
        let mut uses = self.uses_014();
        uses.push(format!("use {k}::elliptic_curve::BatchNormalize;"));
        self.forms_reproducer(uses, self.points(case), &forms, expected)
    }

    /// The reproducer of a `lincomb` case: `terms` (points and scalars) through the array
    /// forms (`N ≤ 8`, constant time and vartime) and the slice forms, as `lincomb_forms!`
    /// runs them (the form `mul_by_generator_and_mul_add_vartime` is left out).
    pub fn lincomb_reproducer(&self, case: &LincombCase, expected: &[Point<Fp>]) -> ReproCode {
        let k = self.krate;
        let n = case.points.len();
        let term = format!("({k}::ProjectivePoint, {k}::Scalar)");
        let mut forms = Vec::new();
        let call = |form: &str, shape: &str, arg: &str| {
            format!(
                "vec![sec1(&<{k}::ProjectivePoint as LinearCombination<{shape}>>::{form}({arg}).to_affine())]"
            )
        };
        if n <= 8 {
            let array = format!("[{term}; {n}]");
            let arg = format!("&<{array}>::try_from(terms.clone()).expect(\"{n} terms\")");
            forms.push(ReproForm::new(
                "lincomb([_; N])",
                Enc::Uncompressed,
                call("lincomb", &array, &arg),
            ));
            forms.push(ReproForm::new(
                "lincomb_vartime([_; N])",
                Enc::Uncompressed,
                call("lincomb_vartime", &array, &arg),
            ));
        }
        let slice = format!("[{term}]");
        forms.push(ReproForm::new(
            "lincomb(&[_])",
            Enc::Uncompressed,
            call("lincomb", &slice, "&terms"),
        ));
        forms.push(ReproForm::new(
            "lincomb_vartime(&[_])",
            Enc::Uncompressed,
            call("lincomb_vartime", &slice, "&terms"),
        ));
        let setup = format!(
            "{}{}let terms: Vec<{term}> = points.into_iter().zip(scalars).collect();\n",
            self.points(&case.points),
            self.scalars(&case.scalars)
        );
        let mut uses = self.uses_014();
        uses.push(format!("use {k}::elliptic_curve::ops::LinearCombination;"));
        self.forms_reproducer(uses, setup, &forms, expected)
    }
}

/// `v` (below 2²⁵⁶) as 32 big-endian bytes.
fn be32(v: &BigUint) -> Vec<u8> {
    let bytes = v.to_bytes_be();
    let mut out = vec![0; 32usize.saturating_sub(bytes.len())];
    out.extend(bytes);
    out
}

/// SEC 1 v2 §2.3.3 encoding of an oracle point: `00` for the identity, `04‖x‖y` or
/// `02/03‖x` (the low bit of y).
/// Coordinates take the field's length (32 bytes for secp256k1 and P-256): the oracle's
/// [`ecdiff_oracles::sec1::encode`].
pub fn sec1(p: &Point<Fp>, compressed: bool) -> Vec<u8> {
    ecdiff_oracles::sec1::encode(p, compressed)
}

/// k256 0.14's `GroupEncoding::to_bytes` layout: the compressed SEC1 encoding in 33 bytes, the
/// identity as 33 zero bytes.
pub fn compressed33(p: &Point<Fp>) -> Vec<u8> {
    match p {
        Point::Identity => vec![0; 33],
        _ => sec1(p, true),
    }
}

fn point_of<C: Sec1Curve>(log: &BigUint) -> Point<Fp> {
    C::curve().mul_generator(log)
}

fn modn<C: Sec1Curve>(v: BigUint) -> BigUint {
    v % C::order()
}

/// A scalar below `n` for a recipe (not recorded as a scalar class).
fn recipe_scalar<C: Sec1Curve>(g: &mut Gen) -> BigUint {
    match g.weighted(&[70, 15, 5, 10]) {
        0 => g.biguint_below(C::order()),
        1 => BigUint::from(g.range(2, 16)),
        2 => C::order() - 1u8,
        _ => BigUint::one(),
    }
}

fn nonzero_scalar<C: Sec1Curve>(g: &mut Gen) -> BigUint {
    loop {
        let v = recipe_scalar::<C>(g);
        if !v.is_zero() {
            return v;
        }
    }
}

fn input<C: Sec1Curve>(recipe: Recipe, log: BigUint, sec1_bytes: Vec<u8>) -> PointInput {
    let point = point_of::<C>(&log);
    PointInput {
        recipe,
        log,
        sec1: sec1_bytes,
        point,
    }
}

/// The input with log `log` handed over as its SEC1 encoding.
pub fn sec1_input<C: Sec1Curve>(log: BigUint, compressed: bool) -> PointInput {
    let point = point_of::<C>(&log);
    let bytes = sec1(&point, compressed);
    PointInput {
        recipe: Recipe::Sec1 { compressed },
        log,
        sec1: bytes,
        point,
    }
}

/// `−(G·a)` as an input.
pub fn neg_input<C: Sec1Curve>(a: BigUint) -> PointInput {
    let log = modn::<C>(C::order() - &a);
    input::<C>(Recipe::Neg { a }, log, Vec::new())
}

/// Draws one input point (see the module doc); `earlier` are the points drawn before it in
/// the same list.
pub fn draw_point<C: Sec1Curve>(g: &mut Gen, earlier: &[PointInput]) -> PointInput {
    let nn = C::order();
    if !g.edgy() {
        // The unbiased baseline: k256's own tests' "non-identity" points, G·k.
        let k = nonzero_scalar::<C>(g);
        let log = k.clone();
        return input::<C>(
            Recipe::Scaled {
                a: BigUint::one(),
                k,
            },
            log,
            Vec::new(),
        );
    }
    let later = if earlier.is_empty() { 0 } else { 7 };
    let weights = [6, 5, 12, 12, 8, 10, 6, 6, 9, 7, 6, later, later];
    let (class, point) = match g.weighted(&weights) {
        0 => (
            "identity_const",
            input::<C>(Recipe::IdentityConst, BigUint::zero(), Vec::new()),
        ),
        1 => (
            "generator_const",
            input::<C>(Recipe::GeneratorConst, BigUint::one(), Vec::new()),
        ),
        2 => {
            let compressed = g.chance(1, 2);
            if g.chance(1, 8) {
                (
                    "sec1_identity",
                    sec1_input::<C>(BigUint::zero(), compressed),
                )
            } else {
                let log = nonzero_scalar::<C>(g);
                let class = if compressed {
                    "sec1_compressed"
                } else {
                    "sec1_uncompressed"
                };
                (class, sec1_input::<C>(log, compressed))
            }
        }
        3 => {
            let (a, k) = (nonzero_scalar::<C>(g), nonzero_scalar::<C>(g));
            let log = modn::<C>(&a * &k);
            (
                "arith_scaled",
                input::<C>(Recipe::Scaled { a, k }, log, Vec::new()),
            )
        }
        4 => {
            let (a, b) = (nonzero_scalar::<C>(g), nonzero_scalar::<C>(g));
            let log = modn::<C>(&a + &b);
            (
                "arith_sum",
                input::<C>(Recipe::Sum { a, b }, log, Vec::new()),
            )
        }
        5 => {
            let a = nonzero_scalar::<C>(g);
            let compressed = g.chance(1, 2);
            let (class, b) = if g.chance(1, 3) {
                ("mixed_sum_affine_identity", BigUint::zero())
            } else {
                ("arith_mixed_sum", nonzero_scalar::<C>(g))
            };
            let log = modn::<C>(&a + &b);
            let bytes = sec1(&point_of::<C>(&b), compressed);
            (class, input::<C>(Recipe::MixedSum { a }, log, bytes))
        }
        6 => ("arith_neg", neg_input::<C>(nonzero_scalar::<C>(g))),
        7 => {
            let a = nonzero_scalar::<C>(g);
            let log = modn::<C>(&a << 1u32);
            (
                "arith_double",
                input::<C>(Recipe::Doubled { a }, log, Vec::new()),
            )
        }
        8 => {
            // P + (−P), P − P, or a mixed sum with −P: an identity with a lazily reduced z.
            let a = nonzero_scalar::<C>(g);
            let minus = modn::<C>(nn - &a);
            let recipe = match g.below(3) {
                0 => (Recipe::Sum { a, b: minus }, Vec::new()),
                1 => (Recipe::Difference { a }, Vec::new()),
                _ => {
                    let bytes = sec1(&point_of::<C>(&minus), g.chance(1, 2));
                    (Recipe::MixedSum { a }, bytes)
                }
            };
            (
                "identity_cancel",
                input::<C>(recipe.0, BigUint::zero(), recipe.1),
            )
        }
        9 => {
            let k = recipe_scalar::<C>(g);
            (
                "identity_times_scalar",
                input::<C>(Recipe::IdentityTimes { k }, BigUint::zero(), Vec::new()),
            )
        }
        10 => {
            let (a, k) = if g.chance(1, 2) {
                (nonzero_scalar::<C>(g), BigUint::zero())
            } else {
                (BigUint::zero(), nonzero_scalar::<C>(g))
            };
            (
                "scaled_to_identity",
                input::<C>(Recipe::Scaled { a, k }, BigUint::zero(), Vec::new()),
            )
        }
        11 => {
            let j = g.below(earlier.len() as u64) as usize;
            ("negated_pair", neg_input::<C>(earlier[j].log.clone()))
        }
        _ => {
            let j = g.below(earlier.len() as u64) as usize;
            ("repeated", earlier[j].clone())
        }
    };
    g.hit(class);
    point
}

/// Draws `len` points.
pub fn draw_points<C: Sec1Curve>(g: &mut Gen, len: usize) -> Vec<PointInput> {
    let mut v: Vec<PointInput> = Vec::with_capacity(len);
    for _ in 0..len {
        let p = draw_point::<C>(g, &v);
        v.push(p);
    }
    v
}

fn render_input(p: &PointInput) -> String {
    let recipe = match &p.recipe {
        Recipe::IdentityConst => "IDENTITY".to_string(),
        Recipe::GeneratorConst => "GENERATOR".to_string(),
        Recipe::Sec1 { compressed } => format!(
            "from SEC1 ({}) {}",
            if *compressed {
                "compressed"
            } else {
                "uncompressed"
            },
            hex::encode(&p.sec1)
        ),
        Recipe::Scaled { a, k } => format!("(G·0x{a:x})·0x{k:x}"),
        Recipe::Sum { a, b } => format!("G·0x{a:x} + G·0x{b:x}"),
        Recipe::MixedSum { a } => format!("G·0x{a:x} + affine {}", hex::encode(&p.sec1)),
        Recipe::Difference { a } => format!("G·0x{a:x} − G·0x{a:x}"),
        Recipe::Neg { a } => format!("−(G·0x{a:x})"),
        Recipe::Doubled { a } => format!("(G·0x{a:x}).double()"),
        Recipe::IdentityTimes { k } => format!("IDENTITY·0x{k:x}"),
    };
    format!("{recipe}  [log 0x{:x}]", p.log)
}

fn render_inputs(ps: &[PointInput]) -> String {
    ps.iter()
        .enumerate()
        .map(|(i, p)| format!("  [{i}] {}", render_input(p)))
        .collect::<Vec<_>>()
        .join("\n")
}

// ---------------------------------------------------------------------------------------
// Forms and the generic routine.

/// How a form encodes a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Enc {
    /// SEC1 uncompressed (`04‖x‖y`, identity `00`).
    Uncompressed,
    /// SEC1 compressed (`02/03‖x`, identity `00`).
    Compressed,
    /// `GroupEncoding::to_bytes`: compressed in 33 bytes, identity all zero.
    Compressed33,
    /// `Group::is_identity`, as `[1]` or `[0]`.
    IsIdentity,
}

impl Enc {
    /// The oracle's encoding of `p`.
    pub fn encode(self, p: &Point<Fp>) -> Vec<u8> {
        match self {
            Enc::Uncompressed => sec1(p, false),
            Enc::Compressed => sec1(p, true),
            Enc::Compressed33 => compressed33(p),
            Enc::IsIdentity => vec![u8::from(p.is_identity())],
        }
    }
}

/// The results of one API form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// The form, e.g. `lincomb(&[_])`.
    pub name: &'static str,
    /// How its values are encoded.
    pub enc: Enc,
    /// One encoding per output point.
    pub values: Vec<Vec<u8>>,
}

/// A form that panicked, or the input building that did.
#[derive(Clone, Debug)]
pub struct FormPanic {
    /// The form (or `"building the inputs"`).
    pub form: &'static str,
    /// The panic.
    pub report: PanicReport,
}

/// What a subject returns: every form's results, or the first panic.
pub type FormsResult = Result<Vec<Form>, FormPanic>;

/// Runs one form under its own panic capture.
pub fn form(
    name: &'static str,
    enc: Enc,
    f: impl FnOnce() -> Vec<Vec<u8>>,
) -> Result<Form, FormPanic> {
    capture(f)
        .map(|values| Form { name, enc, values })
        .map_err(|report| FormPanic { form: name, report })
}

/// A point routine's subject: library types in (built from the case), forms out.
pub trait FormsSubject<C>: Send + Sync + 'static {
    /// A standalone reproducer of one of its forms on `case`, whose correct output points are
    /// `expected` ([`crate::repro`]); `None` where it has no template.
    fn reproducer(&self, _case: &C, _expected: &[Point<Fp>]) -> Option<ReproCode> {
        None
    }

    /// Runs every form on the case.
    fn run(&self, case: &C) -> FormsResult;
    /// The verdict expected for a case: agreement, or a documented known finding of this
    /// library version.
    fn expected(&self, _case: &C) -> Expected {
        Expected::AGREE
    }
    /// A stricter look at a subject panic that is a known finding: `Some(verdict)` overrides
    /// the default.
    fn check_panic(&self, _case: &C, _report: &PanicReport) -> Option<Verdict> {
        None
    }
}

/// What distinguishes the point routines: cases, classes and the oracle's values.
pub trait PointKind: Send + Sync + 'static {
    /// The case.
    type Case: Debug + Send + Sync;
    /// The oracle description for `ecdiff list`.
    const ORACLE: &'static str;
    /// The classes the routine declares (besides those of its length spec).
    fn classes(&self) -> Vec<&'static str>;
    /// Draws a case.
    fn generate<C: Sec1Curve>(&self, spec: &Spec, g: &mut Gen) -> Self::Case;
    /// The expected output points, in order.
    fn expect<C: Sec1Curve>(&self, case: &Self::Case) -> Vec<Point<Fp>>;
    /// Renders a case.
    fn render(&self, case: &Self::Case) -> String;
    /// The verdict expected for a case.
    fn expected(&self, _case: &Self::Case) -> Expected {
        Expected::AGREE
    }
    /// A stricter look at a subject panic: `Some(verdict)` overrides the default.
    fn check_panic(&self, _case: &Self::Case, _report: &PanicReport) -> Option<Verdict> {
        None
    }
    /// Whether the decoded case has the property of `class` ([`Routine::class_holds`]), the
    /// length classes by `spec`; `None` for a class the kind does not check.
    fn class_holds<C: Sec1Curve>(
        &self,
        _spec: &Spec,
        _case: &Self::Case,
        _class: &str,
    ) -> Option<bool> {
        None
    }
}

/// The point an input's recipe builds, by the oracle's arithmetic on the recipe's own integers
/// and bytes (never the input's `log` or `point` bookkeeping); `None` when its SEC1 bytes do
/// not decode.
pub fn recipe_point<C: Sec1Curve>(input: &PointInput) -> Option<Point<Fp>> {
    let curve = C::curve();
    let times_g = |a: &BigUint| curve.mul(&curve.generator, a);
    let decoded = || ecdiff_oracles::sec1::decode(curve, &input.sec1).ok();
    Some(match &input.recipe {
        Recipe::IdentityConst | Recipe::IdentityTimes { .. } => Point::Identity,
        Recipe::GeneratorConst => curve.generator.clone(),
        Recipe::Sec1 { .. } => decoded()?,
        Recipe::Scaled { a, k } => curve.mul(&times_g(a), k),
        Recipe::Sum { a, b } => curve.add(&times_g(a), &times_g(b)),
        Recipe::MixedSum { a } => curve.add(&times_g(a), &decoded()?),
        Recipe::Difference { a } => curve.add(&times_g(a), &curve.neg(&times_g(a))),
        Recipe::Neg { a } => curve.neg(&times_g(a)),
        Recipe::Doubled { a } => curve.add(&times_g(a), &times_g(a)),
    })
}

/// Whether some input of `inputs` (for `negated_pair` and `repeated`: some later input and an
/// earlier one) has the property of the recipe class `class`, read off the recipes — their
/// variants, integers mod n and SEC1 bytes, decoded by the oracle — and, for the pair classes
/// and the sums whose value decides, the points [`recipe_point`] computes; `None` for a class
/// that is not a recipe class.
fn recipe_class_holds<C: Sec1Curve>(class: &str, inputs: &[PointInput]) -> Option<bool> {
    let curve = C::curve();
    let nonzero = |v: &BigUint| !(v % C::order()).is_zero();
    let times_g = |a: &BigUint| curve.mul(&curve.generator, a);
    let decoded = |p: &PointInput| ecdiff_oracles::sec1::decode(curve, &p.sec1).ok();
    let sec1 = |p: &PointInput, compressed: bool, len: usize| {
        p.recipe == Recipe::Sec1 { compressed }
            && p.sec1.len() == len
            && decoded(p).is_some_and(|q| q != Point::Identity)
    };
    let any = |f: &dyn Fn(&PointInput) -> bool| inputs.iter().any(f);
    let pair = |related: &dyn Fn(&Point<Fp>, &Point<Fp>) -> bool| {
        let points: Vec<Option<Point<Fp>>> = inputs.iter().map(recipe_point::<C>).collect();
        (0..points.len()).any(|j| {
            (0..j).any(|i| match (&points[i], &points[j]) {
                (Some(p), Some(q)) => related(p, q),
                _ => false,
            })
        })
    };
    Some(match class {
        "identity_const" => any(&|p| p.recipe == Recipe::IdentityConst),
        "generator_const" => any(&|p| p.recipe == Recipe::GeneratorConst),
        "sec1_compressed" => any(&|p| sec1(p, true, 33)),
        "sec1_uncompressed" => any(&|p| sec1(p, false, 65)),
        "sec1_identity" => any(&|p| matches!(p.recipe, Recipe::Sec1 { .. }) && p.sec1 == [0]),
        "arith_scaled" => {
            any(&|p| matches!(&p.recipe, Recipe::Scaled { a, k } if nonzero(&(a * k))))
        }
        "arith_sum" => any(
            &|p| matches!(&p.recipe, Recipe::Sum { a, b } if nonzero(a) && nonzero(b) && nonzero(&(a + b))),
        ),
        "arith_mixed_sum" => any(&|p| match &p.recipe {
            Recipe::MixedSum { a } => decoded(p).is_some_and(|q| {
                q != Point::Identity && curve.add(&times_g(a), &q) != Point::Identity
            }),
            _ => false,
        }),
        "mixed_sum_affine_identity" => {
            any(&|p| matches!(&p.recipe, Recipe::MixedSum { a } if nonzero(a)) && p.sec1 == [0])
        }
        "arith_neg" => any(&|p| matches!(&p.recipe, Recipe::Neg { a } if nonzero(a))),
        "arith_double" => any(&|p| matches!(&p.recipe, Recipe::Doubled { a } if nonzero(a))),
        // A non-trivial operand cancelled by arithmetic: P + (−P), P − P, or a mixed sum with −P.
        "identity_cancel" => any(&|p| match &p.recipe {
            Recipe::Sum { a, b } => nonzero(a) && !nonzero(&(a + b)),
            Recipe::Difference { a } => nonzero(a),
            Recipe::MixedSum { a } => nonzero(a) && decoded(p) == Some(curve.neg(&times_g(a))),
            _ => false,
        }),
        "identity_times_scalar" => any(&|p| matches!(p.recipe, Recipe::IdentityTimes { .. })),
        "scaled_to_identity" => {
            any(&|p| matches!(&p.recipe, Recipe::Scaled { a, k } if !nonzero(&(a * k))))
        }
        "negated_pair" => pair(&|p, q| *q == curve.neg(p)),
        "repeated" => pair(&|p, q| q == p),
        _ => return None,
    })
}

/// Whether some raw integer of `ks` has the property of the scalar class `class` (the classes
/// of [`raw_scalar`] too: n, n + 1, above n).
fn raw_scalar_class_holds<C: Sec1Curve>(class: &str, ks: &[BigUint]) -> Option<bool> {
    let n = C::order();
    Some(match class {
        "scalar_order" => ks.iter().any(|k| k == n),
        "scalar_order_plus_1" => ks.iter().any(|k| *k == n + 1u8),
        "scalar_above_order" => ks.iter().any(|k| k >= n && k.bits() <= 256),
        _ => return scalar_class_holds(class, ks, n),
    })
}

/// A point routine: a [`PointKind`] with a subject, over the curve `C` (secp256k1 unless
/// said otherwise).
pub struct PointCheck<K: PointKind, C: Sec1Curve = Secp256k1> {
    spec: Spec,
    kind: K,
    subject: Box<dyn FormsSubject<K::Case>>,
    _curve: PhantomData<fn() -> C>,
}

/// The check of `subject` as the point routine `kind` over secp256k1 (k256).
pub fn check<K: PointKind>(
    spec: Spec,
    kind: K,
    subject: impl FormsSubject<K::Case>,
) -> PointCheck<K> {
    check_on::<Secp256k1, K>(spec, kind, subject)
}

/// The check of `subject` as the point routine `kind` over the curve `C`, e.g.
/// `check_on::<P256, _>(spec, MulKind, P256Mul)`.
pub fn check_on<C: Sec1Curve, K: PointKind>(
    spec: Spec,
    kind: K,
    subject: impl FormsSubject<K::Case>,
) -> PointCheck<K, C> {
    PointCheck {
        spec,
        kind,
        subject: Box::new(subject),
        _curve: PhantomData,
    }
}

/// The oracle's side: the expected points, one list for every encoding.
#[derive(Clone, Debug, PartialEq)]
pub enum PointsOutput {
    /// The subject's forms.
    Forms(Vec<Form>),
    /// The oracle's points.
    Expected(Vec<Point<Fp>>),
}

fn render_forms(forms: &[Form]) -> String {
    forms
        .iter()
        .map(|f| {
            let vals: Vec<String> = f.values.iter().map(hex::encode).collect();
            format!("{}: [{}]", f.name, vals.join(", "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

impl<K: PointKind, C: Sec1Curve> Routine for PointCheck<K, C> {
    type Case = K::Case;
    type Output = PointsOutput;

    fn info(&self) -> RoutineInfo {
        let mut classes = self.spec.lengths.classes();
        classes.extend(self.kind.classes());
        self.spec.info(K::ORACLE, classes)
    }

    fn generate(&self, g: &mut Gen) -> K::Case {
        self.kind.generate::<C>(&self.spec, g)
    }

    fn class_holds(&self, case: &K::Case, class: &str) -> Option<bool> {
        self.kind.class_holds::<C>(&self.spec, case, class)
    }

    fn subject(&self, case: &K::Case) -> Outcome<PointsOutput> {
        match self.subject.run(case) {
            Ok(forms) => Outcome::Value(PointsOutput::Forms(forms)),
            Err(FormPanic { form, report }) => Outcome::Panicked(PanicReport {
                message: format!("{form}: {}", report.message),
                location: report.location,
            }),
        }
    }

    fn oracle(&self, case: &K::Case) -> Outcome<PointsOutput> {
        Outcome::Value(PointsOutput::Expected(self.kind.expect::<C>(case)))
    }

    fn reproducer(&self, case: &K::Case, oracle: &Outcome<PointsOutput>) -> Option<ReproCode> {
        match oracle {
            Outcome::Value(PointsOutput::Expected(points)) => self.subject.reproducer(case, points),
            _ => None,
        }
    }

    fn expected(&self, case: &K::Case) -> Expected {
        let known = self.subject.expected(case);
        if known.kind == VerdictKind::Agree {
            self.kind.expected(case)
        } else {
            known
        }
    }

    fn compare(
        &self,
        case: &K::Case,
        subject: &Outcome<PointsOutput>,
        oracle: &Outcome<PointsOutput>,
    ) -> Verdict {
        use VerdictKind as Kd;
        match (subject, oracle) {
            (
                Outcome::Value(PointsOutput::Forms(forms)),
                Outcome::Value(PointsOutput::Expected(want)),
            ) => {
                for f in forms {
                    if f.values.len() != want.len() {
                        return Verdict::new(
                            Kd::Mismatch,
                            format!(
                                "{}: {} results for {} expected",
                                f.name,
                                f.values.len(),
                                want.len()
                            ),
                        );
                    }
                    for (i, (got, p)) in f.values.iter().zip(want).enumerate() {
                        let w = f.enc.encode(p);
                        if *got != w {
                            return Verdict::new(
                                Kd::Mismatch,
                                format!(
                                    "{}: result {i} is {}, the oracle's is {}",
                                    f.name,
                                    hex::encode(got),
                                    hex::encode(&w)
                                ),
                            );
                        }
                    }
                }
                Verdict::agree()
            }
            (Outcome::Panicked(p), Outcome::Value(_)) => self
                .subject
                .check_panic(case, p)
                .or_else(|| self.kind.check_panic(case, p))
                .unwrap_or_else(|| compare(subject, oracle, |_, _| String::new())),
            _ => compare(subject, oracle, |_, _| "unreachable".into()),
        }
    }

    fn render_case(&self, case: &K::Case) -> String {
        self.kind.render(case)
    }

    fn render_output(&self, output: &PointsOutput) -> String {
        match output {
            PointsOutput::Forms(f) => render_forms(f),
            PointsOutput::Expected(ps) => ps
                .iter()
                .map(|p| hex::encode(sec1(p, false)))
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }
}

// ---------------------------------------------------------------------------------------
// The kinds.

/// `to_affine` and the encoders on points built by recipes.
pub struct ToAffineKind;

impl PointKind for ToAffineKind {
    type Case = Vec<PointInput>;
    const ORACLE: &'static str =
        "known-log mul_generator, SEC 1 §2.3.3 encodings (uncompressed, compressed, 33-byte, identity flag)";

    fn classes(&self) -> Vec<&'static str> {
        RECIPE_CLASSES.to_vec()
    }

    fn generate<C: Sec1Curve>(&self, spec: &Spec, g: &mut Gen) -> Self::Case {
        let n = spec.lengths.draw(g);
        draw_points::<C>(g, n)
    }

    fn expect<C: Sec1Curve>(&self, case: &Self::Case) -> Vec<Point<Fp>> {
        case.iter().map(|p| p.point.clone()).collect()
    }

    fn class_holds<C: Sec1Curve>(
        &self,
        spec: &Spec,
        case: &Self::Case,
        class: &str,
    ) -> Option<bool> {
        recipe_class_holds::<C>(class, case).or_else(|| spec.lengths.class_holds(class, case.len()))
    }

    fn render(&self, case: &Self::Case) -> String {
        format!("n = {}\npoints:\n{}", case.len(), render_inputs(case))
    }
}

/// `P · k` for raw integers `k` (reduced by k256's `Reduce<FieldBytes>`, so `k ≥ n` is in
/// scope).
pub struct MulKind;

/// One `P · k` term.
#[derive(Clone, Debug)]
pub struct MulTerm {
    /// The point.
    pub point: PointInput,
    /// The raw integer (any value below 2²⁵⁶).
    pub k: BigUint,
}

impl PointKind for MulKind {
    type Case = Vec<MulTerm>;
    const ORACLE: &'static str = "known-log (k·a mod n)·G on the unreduced integer k";

    fn classes(&self) -> Vec<&'static str> {
        let mut v = RECIPE_CLASSES.to_vec();
        v.extend(SCALAR_CLASSES);
        v.extend(RAW_SCALAR_CLASSES);
        v
    }

    fn generate<C: Sec1Curve>(&self, spec: &Spec, g: &mut Gen) -> Self::Case {
        let len = spec.lengths.draw(g);
        let points = draw_points::<C>(g, len);
        points
            .into_iter()
            .map(|point| MulTerm {
                point,
                k: raw_scalar(g, C::order()),
            })
            .collect()
    }

    fn expect<C: Sec1Curve>(&self, case: &Self::Case) -> Vec<Point<Fp>> {
        case.iter()
            .map(|t| point_of::<C>(&modn::<C>(&t.k * &t.point.log)))
            .collect()
    }

    fn class_holds<C: Sec1Curve>(
        &self,
        spec: &Spec,
        case: &Self::Case,
        class: &str,
    ) -> Option<bool> {
        let points: Vec<PointInput> = case.iter().map(|t| t.point.clone()).collect();
        let ks: Vec<BigUint> = case.iter().map(|t| t.k.clone()).collect();
        recipe_class_holds::<C>(class, &points)
            .or_else(|| raw_scalar_class_holds::<C>(class, &ks))
            .or_else(|| spec.lengths.class_holds(class, case.len()))
    }

    fn render(&self, case: &Self::Case) -> String {
        case.iter()
            .enumerate()
            .map(|(i, t)| format!("  [{i}] {} · 0x{:x}", render_input(&t.point), t.k))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// `k · G` through `mul_by_generator` (raw integers, reduced by `Reduce<FieldBytes>`).
pub struct MulByGeneratorKind;

impl PointKind for MulByGeneratorKind {
    type Case = Vec<BigUint>;
    const ORACLE: &'static str = "mul_generator (fixed-base windows over affine additions)";

    fn classes(&self) -> Vec<&'static str> {
        let mut v = SCALAR_CLASSES.to_vec();
        v.extend(RAW_SCALAR_CLASSES);
        v
    }

    fn generate<C: Sec1Curve>(&self, spec: &Spec, g: &mut Gen) -> Self::Case {
        let len = spec.lengths.draw(g);
        (0..len).map(|_| raw_scalar(g, C::order())).collect()
    }

    fn expect<C: Sec1Curve>(&self, case: &Self::Case) -> Vec<Point<Fp>> {
        case.iter().map(point_of::<C>).collect()
    }

    fn class_holds<C: Sec1Curve>(
        &self,
        spec: &Spec,
        case: &Self::Case,
        class: &str,
    ) -> Option<bool> {
        raw_scalar_class_holds::<C>(class, case)
            .or_else(|| spec.lengths.class_holds(class, case.len()))
    }

    fn render(&self, case: &Self::Case) -> String {
        case.iter()
            .map(|k| format!("  0x{k:x}"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Σ sᵢ·Pᵢ through `lincomb` (and `mul_by_generator_and_mul_add_vartime` for `u1·G + u2·R`).
pub struct LincombKind;

/// One lincomb case.
#[derive(Clone, Debug)]
pub struct LincombCase {
    /// The points.
    pub points: Vec<PointInput>,
    /// The scalars, below `n`.
    pub scalars: Vec<BigUint>,
}

/// The shape classes of `k256_lincomb`.
pub const LINCOMB_CLASSES: &[&str] = &[
    "lincomb_ecrecover",
    "lincomb_related_points",
    "lincomb_result_identity",
    "lincomb_long",
];

impl PointKind for LincombKind {
    type Case = LincombCase;
    const ORACLE: &'static str = "known-log (Σ sᵢ·aᵢ mod n)·G";

    fn classes(&self) -> Vec<&'static str> {
        let mut v = RECIPE_CLASSES.to_vec();
        v.extend(SCALAR_CLASSES);
        v.extend(COINCIDENCE_CLASSES);
        v.extend(LINCOMB_CLASSES);
        v
    }

    fn generate<C: Sec1Curve>(&self, spec: &Spec, g: &mut Gen) -> Self::Case {
        let nn = C::order();
        // Two terms are lincomb's main use (ECDSA verification and ecrecover, u1·G + u2·R) and
        // the shape of Shamir's trick, so the edge-biased stream draws them a quarter of the
        // time on top of the family's length distribution.
        let len = if g.edgy() && g.chance(1, 4) {
            g.hit("len_2");
            2
        } else {
            spec.lengths.draw(g)
        };
        let mut points: Vec<PointInput>;
        if len == 2 && g.edgy() && g.chance(2, 5) {
            // ecrecover: u1·G + u2·R with R recovered from its compressed encoding.
            g.hit("lincomb_ecrecover");
            let gen = if g.chance(1, 2) {
                input::<C>(Recipe::GeneratorConst, BigUint::one(), Vec::new())
            } else {
                sec1_input::<C>(BigUint::one(), g.chance(1, 2))
            };
            points = vec![gen, sec1_input::<C>(nonzero_scalar::<C>(g), true)];
        } else if len >= 2 && g.edgy() && g.chance(1, if len == 2 { 2 } else { 3 }) {
            // Related points (Botan https://github.com/randombit/botan/issues/2424, wolfSSL
            // https://github.com/wolfSSL/wolfssl/pull/3427, Wycheproof
            // ecdsa_secp256k1_sha256_test.json tcId 295): Pᵢ = ±P₀, ±2P₀, or c·P₀ for a
            // small c, so a Shamir/Straus table holds an infinity or a doubling. Two terms are
            // the shape of Wycheproof's EdgeCaseShamirMultiplication and of ecrecover, so they
            // get this class more often, and ±P₀ (the table's P₁ + P₂ entry is then O or 2P₁)
            // is drawn half of the time.
            g.hit("lincomb_related_points");
            let p0 = if g.chance(1, 2) {
                input::<C>(Recipe::GeneratorConst, BigUint::one(), Vec::new())
            } else {
                draw_point::<C>(g, &[])
            };
            let a0 = p0.log.clone();
            points = vec![p0];
            for _ in 1..len {
                let c: u64 = *g.pick(&[1, 1, 1, 2, 3, 3]);
                let m = modn::<C>(&a0 * c);
                let p = match (c, g.chance(1, 2)) {
                    (_, true) => neg_input::<C>(m),
                    (1, false) => points[0].clone(),
                    (2, false) => input::<C>(Recipe::Doubled { a: a0.clone() }, m, Vec::new()),
                    _ => input::<C>(
                        Recipe::Scaled {
                            a: a0.clone(),
                            k: BigUint::from(c),
                        },
                        m,
                        Vec::new(),
                    ),
                };
                points.push(p);
            }
        } else {
            points = draw_points::<C>(g, len);
        }
        if len >= 3 {
            g.hit("lincomb_long");
        }
        // Coincidences inside the sum ([`coincidence`]): a quarter of the edge-biased sums end
        // at the identity (u₁·G + u₂·Q = O), and the others get the core's planned meetings.
        let logs: Vec<&BigUint> = points.iter().map(|p| &p.log).collect();
        let drawn = coincidence::draw(g, len, nn);
        let planned =
            coincidence::identity_total(g, &logs, 1).or_else(|| coincidence::plan(g, &logs, nn));
        let scalars = drawn.solve(g, planned, &logs, nn);
        coincidence::record(g, &logs, &scalars, nn);
        if len >= 2 && coincidence::total_cancels(&logs, &scalars, nn) {
            g.hit("lincomb_result_identity");
        }
        LincombCase { points, scalars }
    }

    fn expect<C: Sec1Curve>(&self, case: &Self::Case) -> Vec<Point<Fp>> {
        let total = case
            .scalars
            .iter()
            .zip(&case.points)
            .fold(BigUint::zero(), |acc, (s, p)| acc + s * &p.log);
        vec![point_of::<C>(&modn::<C>(total))]
    }

    /// Besides the recipe, scalar and length classes: the coincidences and the total by the
    /// oracle's arithmetic on the recipes' points ([`meetings_on_curve`], up to
    /// [`PREDICATE_MAX_TERMS`] terms), `lincomb_ecrecover` as G and a compressed SEC1 point,
    /// `lincomb_related_points` as every later point c·P₀ for c ∈ {±1, ±2, ±3}.
    fn class_holds<C: Sec1Curve>(
        &self,
        spec: &Spec,
        case: &Self::Case,
        class: &str,
    ) -> Option<bool> {
        let curve = C::curve();
        let n = case.points.len();
        let points =
            || -> Option<Vec<Point<Fp>>> { case.points.iter().map(recipe_point::<C>).collect() };
        let terms = || -> Option<Vec<Point<Fp>>> {
            Some(
                (points()?.iter().zip(&case.scalars))
                    .map(|(p, s)| curve.mul(p, s))
                    .collect(),
            )
        };
        if COINCIDENCE_CLASSES.contains(&class) {
            if n > PREDICATE_MAX_TERMS {
                return None;
            }
            let found = meetings_on_curve(curve, &points()?, &case.scalars);
            return Some(found.contains(class));
        }
        match class {
            "lincomb_long" => Some(n >= 3),
            "lincomb_ecrecover" => Some(
                n == 2
                    && points().is_some_and(|p| p[0] == curve.generator)
                    && case.points[1].recipe == Recipe::Sec1 { compressed: true },
            ),
            "lincomb_related_points" => Some(
                n >= 2
                    && points().is_some_and(|p| {
                        let multiples: Vec<Point<Fp>> = (1..=3u32)
                            .map(|c| curve.mul(&p[0], &BigUint::from(c)))
                            .flat_map(|m| [curve.neg(&m), m])
                            .collect();
                        p[1..].iter().all(|q| multiples.contains(q))
                    }),
            ),
            "lincomb_result_identity" => Some(
                n >= 2
                    && terms().is_some_and(|t| {
                        t.iter().any(|t| *t != Point::Identity)
                            && t.iter().fold(Point::Identity, |a, t| curve.add(&a, t))
                                == Point::Identity
                    }),
            ),
            _ => recipe_class_holds::<C>(class, &case.points)
                .or_else(|| scalar_class_holds(class, &case.scalars, C::order()))
                .or_else(|| spec.lengths.class_holds(class, n)),
        }
    }

    fn render(&self, case: &Self::Case) -> String {
        case.points
            .iter()
            .zip(&case.scalars)
            .enumerate()
            .map(|(i, (p, s))| format!("  [{i}] 0x{s:x} · {}", render_input(p)))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Batch normalization of points built by recipes.
pub struct BatchNormalizeKind;

impl PointKind for BatchNormalizeKind {
    type Case = Vec<PointInput>;
    const ORACLE: &'static str = "known-log mul_generator per point, SEC 1 uncompressed";

    fn classes(&self) -> Vec<&'static str> {
        RECIPE_CLASSES.to_vec()
    }

    fn generate<C: Sec1Curve>(&self, spec: &Spec, g: &mut Gen) -> Self::Case {
        let n = spec.lengths.draw(g);
        draw_points::<C>(g, n)
    }

    fn expect<C: Sec1Curve>(&self, case: &Self::Case) -> Vec<Point<Fp>> {
        case.iter().map(|p| p.point.clone()).collect()
    }

    /// The same inputs as [`ToAffineKind`]'s: its classes.
    fn class_holds<C: Sec1Curve>(
        &self,
        spec: &Spec,
        case: &Self::Case,
        class: &str,
    ) -> Option<bool> {
        ToAffineKind.class_holds::<C>(spec, case, class)
    }

    fn render(&self, case: &Self::Case) -> String {
        format!("n = {}\npoints:\n{}", case.len(), render_inputs(case))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::case_bytes;
    use crate::generators::Bias;
    use std::collections::{BTreeMap, BTreeSet};

    /// Every coincidence class of a lincomb case is a meeting of its points under the oracle's
    /// addition, every meeting is labelled, `lincomb_result_identity` is exactly a sum of
    /// non-identity terms that adds up to O, and each class is drawn over both curves: the
    /// planned identity total solved without its negation fails the last assertion.
    #[test]
    fn lincomb_coincidences_are_meetings_of_the_points() {
        fn run<C: Sec1Curve>(counts: &mut BTreeMap<&'static str, u32>) {
            let curve = C::curve();
            let spec = Spec::new("test").lengths(8, &[]);
            for i in 0..300 {
                let data = case_bytes(0, "lincomb-coincidence", i, 256);
                let mut g = Gen::new(&data, Bias::Edge);
                let case = LincombKind.generate::<C>(&spec, &mut g);
                let classes: BTreeSet<&str> = g.into_classes().into_iter().collect();
                let labelled: BTreeSet<&str> = (classes.iter().copied())
                    .filter(|c| COINCIDENCE_CLASSES.contains(c))
                    .collect();
                let pts: Vec<Point<Fp>> = case.points.iter().map(|p| p.point.clone()).collect();
                let found = meetings_on_curve(curve, &pts, &case.scalars);
                assert_eq!(labelled, found, "case {i}");
                let terms: Vec<Point<Fp>> = (pts.iter().zip(&case.scalars))
                    .map(|(p, s)| curve.mul(p, s))
                    .collect();
                let total = terms.iter().fold(Point::Identity, |a, t| curve.add(&a, t));
                let cancels = terms.len() >= 2
                    && total == Point::Identity
                    && terms.iter().any(|t| *t != Point::Identity);
                assert_eq!(
                    classes.contains("lincomb_result_identity"),
                    cancels,
                    "case {i}"
                );
                for class in labelled {
                    *counts.entry(class).or_default() += 1;
                }
                if cancels {
                    *counts.entry("lincomb_result_identity").or_default() += 1;
                }
            }
        }
        let mut counts = BTreeMap::new();
        run::<Secp256k1>(&mut counts);
        run::<P256>(&mut counts);
        for class in COINCIDENCE_CLASSES
            .iter()
            .chain(&["lincomb_result_identity"])
        {
            assert!(
                counts.get(class).copied().unwrap_or(0) >= 3,
                "{class}: {counts:?}"
            );
        }
    }
}
