//! A curve library's raw-input entry points over a short-Weierstrass curve with a cofactor:
//! MSM with scalars as wide integers (at, above and far above the group order r), MSM with
//! field scalars, scalar multiplication by a field scalar and by an integer of any width,
//! cofactor clearing, the subgroup check and batch normalization — on points of the whole
//! curve, not only of the prime-order subgroup, as an unchecked decoder hands them to a caller.
//!
//! # Points: a cofactor-aware known-log model
//!
//! A curve of h·r points (r prime, h the cofactor, gcd(h, r) = 1) is the sum of its order-r
//! subgroup and its h-part E\[h\]. A point is kept as (a, t): P = a·G + t·T, G the generator of
//! the subgroup, T a fixed point of the h-part (T = r·R for the first R, by x = 1, 2, …, with
//! r·R ≠ O: h·T = O), a below r and t below h. The oracle then never multiplies a drawn point:
//!
//! * Σ sᵢ·Pᵢ = (Σ sᵢ·aᵢ mod r)·G + (Σ sᵢ·tᵢ mod h)·T, for scalars sᵢ of any size (integers are
//!   not reduced by the caller, and s·T depends on s mod h, not mod r);
//! * clearing the cofactor by the multiplier m (h, or the effective cofactor a library uses,
//!   RFC 9380 §7, §8.8.1) is (m·a mod r, m·t mod h);
//! * P is in the subgroup exactly when t·T = O;
//! * normalization returns each aᵢ·G + tᵢ·T.
//!
//! Only points of T's cyclic subgroup of E\[h\] are reached when E\[h\] is not cyclic. Curves over
//! 𝔽ₚ and 𝔽ₚ² (any coordinate field with square roots: T comes from `lift_x`). The model is
//! [`super::torsion::TorsionModel`], shared with [`super::ark_format`].
//! Per-element classes: `identity`, `generator`, `non_generator` (a random subgroup point),
//! `negated_pair`, `repeated` (as [`crate::generators::points`]), `torsion_component` (a ≠ 0
//! and t·T ≠ O), `pure_torsion` (a = 0 and t·T ≠ O), read off the coordinates. Scalars:
//! [`crate::generators::scalars`]' classes below r, and `scalar_eq_order`, `scalar_above_order`
//! (r < s < 2ᵇ, b the bits of r), `scalar_far_above` (s ≥ 2ᵇ, up to the subject's integer
//! width).

use crate::curve::{Jacobian, SwGroup};
use crate::engine::{Expected, Outcome, Routine, RoutineInfo, VerdictKind};
use crate::generators::points::{point_class_holds, represent};
use crate::generators::scalars::{scalar, scalar_class_holds, SCALAR_CLASSES};
use crate::generators::{Bias, Gen};
use crate::repro::project::ReproCode;
use crate::shapes::torsion::TorsionModel;
use crate::shapes::{hex_point, known, Spec};
use ecdiff_oracles::field::{Field, SqrtField};
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// One entry point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Σ sᵢ·Pᵢ, affine bases, integer scalars of the subject's width (any value).
    MsmInteger,
    /// Σ sᵢ·Pᵢ, affine bases, field scalars (below r).
    MsmField,
    /// s·P, P projective, s an integer of 1 to 8 64-bit words.
    MulInteger,
    /// s·P, P projective, s a field scalar.
    MulField,
    /// The cofactor cleared from an affine P.
    ClearCofactor,
    /// Whether an affine P (on the curve) is in the order-r subgroup.
    SubgroupCheck,
    /// A list of projective points to affine.
    NormalizeBatch,
}

const OPS: [(Op, &str); 7] = [
    (Op::MsmInteger, "op_msm_integer"),
    (Op::MsmField, "op_msm_field"),
    (Op::MulInteger, "op_mul_integer"),
    (Op::MulField, "op_mul_field"),
    (Op::ClearCofactor, "op_clear_cofactor"),
    (Op::SubgroupCheck, "op_subgroup_check"),
    (Op::NormalizeBatch, "op_normalize_batch"),
];
const OP_WEIGHTS: [u32; 7] = [4, 2, 4, 2, 2, 2, 1];

/// The longest list of an MSM or a normalization.
const LIST_MAX: usize = 40;
const LIST_CLASSES: [&str; 3] = ["list_empty", "list_one", "list_many"];
const POINT_CLASSES: [&str; 7] = [
    "identity",
    "generator",
    "non_generator",
    "negated_pair",
    "repeated",
    "torsion_component",
    "pure_torsion",
];
const INTEGER_CLASSES: [&str; 3] = ["scalar_eq_order", "scalar_above_order", "scalar_far_above"];
const TORSION_CLASSES: [&str; 2] = ["torsion_component", "pure_torsion"];

/// The widest integer of [`Op::MulInteger`], in 64-bit words.
const MUL_WORDS_MAX: usize = 8;

/// A drawn point: how the subject receives it, and its known log (a, t).
#[derive(Clone, Debug)]
pub struct KnownPoint<F> {
    /// The Jacobian representation handed to a projective entry point (z = 1 or random z).
    pub jac: Jacobian<F>,
    /// The affine point (for the affine entry points).
    pub affine: Point<F>,
    /// a: the multiple of G.
    pub log: BigUint,
    /// t: the multiple of the torsion point T.
    pub torsion: BigUint,
}

/// One case: an operation, its points and its scalars (one per point for the MSMs, one for
/// the multiplications, none otherwise); `words` the width of [`Op::MulInteger`]'s integer.
#[derive(Clone, Debug)]
pub struct CurveOpsCase<F> {
    /// The operation.
    pub op: Op,
    /// The points.
    pub points: Vec<KnownPoint<F>>,
    /// The scalars.
    pub scalars: Vec<BigUint>,
    /// The 64-bit words [`Op::MulInteger`] passes (at least the scalar's).
    pub words: usize,
}

/// What an entry point returns, as the oracle reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CurveOpsValue<F> {
    /// A point.
    Point(Point<F>),
    /// A yes/no answer.
    Flag(bool),
    /// A list of points.
    List(Vec<Point<F>>),
}

/// A library's documented departure from the oracle on one case, declared by its adapter
/// ([`CurveOps::known`]): the case expects it, and the subject must do exactly that.
#[derive(Clone, Debug)]
pub enum KnownDeparture<F> {
    /// The subject panics in `file` with `message`.
    Panic {
        /// A path fragment of the panic's location.
        file: &'static str,
        /// A fragment of the panic's message.
        message: &'static str,
        /// The known finding.
        reason: &'static str,
    },
    /// The subject computes the operation with these scalars in place of the case's (an
    /// integer read modulo a power of two, say): its result must be exactly that value.
    Scalars {
        /// The scalars the subject uses.
        scalars: Vec<BigUint>,
        /// The known finding.
        reason: &'static str,
    },
    /// The subject returns exactly this point (computed by the adapter's model of the
    /// library's algorithm, with the oracle's arithmetic).
    Point {
        /// The point.
        point: Point<F>,
        /// The known finding.
        reason: &'static str,
    },
}

/// A library's entry points over one curve.
pub trait CurveOps<C: SwGroup>: Send + Sync + 'static {
    /// The width of the MSM's integer scalars, in 64-bit words.
    fn integer_words(&self) -> usize;
    /// `op` on the case's points and scalars, the result read back raw.
    fn run(&self, case: &CurveOpsCase<C::F>) -> CurveOpsValue<C::F>;
    /// The library's known departure on this case, if any (none by default).
    fn known(&self, _case: &CurveOpsCase<C::F>) -> Option<KnownDeparture<C::F>> {
        None
    }
    /// The case as a standalone reproducer, whose `subject()` must print the oracle's result
    /// `expected` (as [`repro_line`] renders it, or in the library's own coordinates) when
    /// the library is right; none by default.
    fn reproducer(
        &self,
        _case: &CurveOpsCase<C::F>,
        _expected: &CurveOpsValue<C::F>,
    ) -> Option<ReproCode> {
        None
    }
    /// A point as a report shows it: `(x, y)` on `C`'s curve by default; an adapter whose
    /// library works in another model of the curve (Edwards coordinates) shows that one.
    fn show(&self, p: &Point<C::F>) -> String {
        hex_point(p)
    }
}

/// A result as a reproducer prints it: `identity`, `(x, y)` with each coordinate's base-field
/// coefficients (tower order, c0 first) big-endian in hex over `words` 64-bit words each and
/// concatenated, `true` / `false`, or a list's points joined by `; `.
pub fn repro_line<F: Field>(value: &CurveOpsValue<F>, words: usize) -> String {
    let coordinate = |v: &F| {
        (v.coeffs().iter())
            .map(|c| {
                let mut be = c.to_bytes_le();
                be.resize(8 * words, 0);
                be.reverse();
                hex::encode(be)
            })
            .collect::<String>()
    };
    let point = |p: &Point<F>| match p {
        Point::Identity => "identity".to_string(),
        Point::Affine { x, y } => format!("({}, {})", coordinate(x), coordinate(y)),
    };
    match value {
        CurveOpsValue::Point(p) => point(p),
        CurveOpsValue::Flag(b) => b.to_string(),
        CurveOpsValue::List(ps) => ps.iter().map(point).collect::<Vec<_>>().join("; "),
    }
}

/// The check of [`CurveOps`] over `C`.
pub struct CurveOpsCheck<C: SwGroup, S> {
    spec: Spec,
    subject: S,
    clear_by: BigUint,
    /// The cofactor-aware model: T and its table.
    torsion: TorsionModel<C>,
}

/// The check of `subject`'s entry points over `C`; `clear_by` is the multiplier the library's
/// cofactor clearing is specified to use (h, or an effective cofactor).
pub fn check<C: SwGroup, S: CurveOps<C>>(
    spec: Spec,
    subject: S,
    clear_by: BigUint,
) -> CurveOpsCheck<C, S> {
    CurveOpsCheck {
        spec,
        subject,
        clear_by,
        torsion: TorsionModel::default(),
    }
}

impl<C: SwGroup, S: CurveOps<C>> CurveOpsCheck<C, S>
where
    C::F: SqrtField,
{
    fn has_torsion(&self) -> bool {
        self.torsion.has_torsion()
    }

    /// T: r·R for the first R with x = 1, 2, … on the curve and r·R ≠ O (O when h = 1).
    pub fn torsion_point(&self) -> &Point<C::F> {
        self.torsion.torsion_point()
    }

    /// t·T, from T's table.
    fn torsion_multiple(&self, t: &BigUint) -> Point<C::F> {
        self.torsion.multiple(t)
    }

    /// Points as [`hex_points`](crate::shapes::hex_points) lists them, each shown by the subject ([`CurveOps::show`]).
    fn show_list(&self, ps: &[Point<C::F>]) -> String {
        let items: Vec<String> = (ps.iter().enumerate())
            .map(|(i, p)| format!("  [{i}] {}", self.subject.show(p)))
            .collect();
        format!("[\n{}\n]", items.join("\n"))
    }

    /// a·G + t·T.
    fn point(&self, log: &BigUint, torsion: &BigUint) -> Point<C::F> {
        self.torsion.point(log, torsion)
    }

    /// A list operation's case under the uniform baseline: a uniform length, then as
    /// [`Routine::generate`] (whose draws are uniform under that bias).
    fn uniform_case(&self, g: &mut Gen, op: Op) -> CurveOpsCase<C::F> {
        let r = C::instance().order().clone();
        let n = g.range(0, LIST_MAX);
        let points = self.draw_points(g, n);
        let scalars = match op {
            Op::MsmInteger => {
                let width = self.subject.integer_words();
                (0..n).map(|_| self.integer(g, width)).collect()
            }
            Op::MsmField => (0..n).map(|_| scalar(g, &r)).collect(),
            _ => Vec::new(),
        };
        CurveOpsCase {
            op,
            points,
            scalars,
            words: 0,
        }
    }

    /// The point a·G + t·T at z = 1, as a case holds it.
    pub fn known_point(&self, log: BigUint, torsion: BigUint) -> KnownPoint<C::F> {
        let affine = self.point(&log, &torsion);
        let one = C::instance().curve().b.one_like();
        let jac = match &affine {
            Point::Identity => Jacobian {
                x: one.clone(),
                y: one.clone(),
                z: one.zero_like(),
            },
            Point::Affine { x, y } => Jacobian {
                x: x.clone(),
                y: y.clone(),
                z: one,
            },
        };
        KnownPoint {
            jac,
            affine,
            log,
            torsion,
        }
    }

    fn draw_points(&self, g: &mut Gen, n: usize) -> Vec<KnownPoint<C::F>> {
        let c = C::instance();
        let (r, h) = (c.order(), &c.curve().cofactor);
        let torsion_weight = if self.has_torsion() { 12 } else { 0 };
        let mut out: Vec<KnownPoint<C::F>> = Vec::with_capacity(n);
        if g.bias() == Bias::Uniform {
            // The baseline: uniform points of the whole curve, nothing recorded.
            for _ in 0..n {
                let (log, torsion) = (g.biguint_below(r), g.biguint_below(h));
                out.push(self.represented(g, log, torsion));
            }
            return out;
        }
        for i in 0..n {
            let earlier = if i > 0 { 8 } else { 0 };
            let random_torsion = |g: &mut Gen| BigUint::one() + g.biguint_below(&(h - 1u8));
            let (log, torsion, class) = match g.weighted(&[
                30,
                6,
                6,
                torsion_weight,
                torsion_weight / 2,
                earlier,
                earlier,
            ]) {
                0 => (g.biguint_below(r), BigUint::zero(), "non_generator"),
                1 => (BigUint::zero(), BigUint::zero(), "identity"),
                2 => (BigUint::one(), BigUint::zero(), "generator"),
                3 => (g.biguint_below(r), random_torsion(g), "torsion_component"),
                4 => (BigUint::zero(), random_torsion(g), "pure_torsion"),
                5 => {
                    let j = g.below(i as u64) as usize;
                    let p = &out[j];
                    ((r - &p.log) % r, (h - &p.torsion) % h, "negated_pair")
                }
                _ => {
                    let j = g.below(i as u64) as usize;
                    (out[j].log.clone(), out[j].torsion.clone(), "repeated")
                }
            };
            // A t with t·T = O (T's order a proper divisor of h) draws a subgroup point.
            let torsion_free = self.torsion_multiple(&torsion).is_identity();
            let class = match class {
                "torsion_component" if torsion_free => "non_generator",
                "pure_torsion" if torsion_free => "identity",
                class => class,
            };
            g.hit(class);
            out.push(self.represented(g, log, torsion));
        }
        out
    }

    /// a·G + t·T handed over at z = 1 (one time in three) or a random z.
    fn represented(&self, g: &mut Gen, log: BigUint, torsion: BigUint) -> KnownPoint<C::F> {
        let affine = self.point(&log, &torsion);
        let z_one = g.chance(1, 3);
        let jac = represent(g, C::instance(), &affine, z_one, false);
        KnownPoint {
            jac,
            affine,
            log,
            torsion,
        }
    }

    /// An integer scalar: below r by the scalar classes, or r, above r, far above r (up to
    /// `words` 64-bit words).
    fn integer(&self, g: &mut Gen, words: usize) -> BigUint {
        let r = C::instance().order();
        let top = BigUint::one() << (64 * words);
        if g.bias() == Bias::Uniform {
            return g.biguint_below(&top);
        }
        // Above r within r's bits needs r < 2ᵇ − 1; far above needs a width beyond b bits
        // (a 256-bit r in four words has none: MulInteger's eight words reach the class).
        let low = BigUint::one() << r.bits();
        let room = &low - r;
        let above = if room > BigUint::one() { 1 } else { 0 };
        let far = if top > low { 2 } else { 0 };
        match g.weighted(&[3, 1, above, far]) {
            0 => scalar(g, r),
            1 => {
                g.hit("scalar_eq_order");
                r.clone()
            }
            2 => {
                g.hit("scalar_above_order");
                r + BigUint::one() + g.biguint_below(&(room - 1u8))
            }
            _ => {
                g.hit("scalar_far_above");
                &low + g.biguint_below(&(top - &low))
            }
        }
    }

    /// Σ sᵢ·Pᵢ over the case's points with `scalars` (any size): (Σ sᵢaᵢ mod r)·G +
    /// (Σ sᵢtᵢ mod h)·T.
    fn linear_combination(&self, case: &CurveOpsCase<C::F>, scalars: &[BigUint]) -> Point<C::F> {
        let (mut a, mut t) = (BigUint::zero(), BigUint::zero());
        for (p, s) in case.points.iter().zip(scalars) {
            a += s * &p.log;
            t += s * &p.torsion;
        }
        self.materialize(a, t)
    }

    fn materialize(&self, log: BigUint, torsion: BigUint) -> Point<C::F> {
        let c = C::instance();
        self.point(&(log % c.order()), &(torsion % &c.curve().cofactor))
    }
}

impl<C: SwGroup, S: CurveOps<C>> Routine for CurveOpsCheck<C, S>
where
    C::F: SqrtField,
{
    type Case = CurveOpsCase<C::F>;
    type Output = CurveOpsValue<C::F>;

    fn info(&self) -> RoutineInfo {
        let mut classes: Vec<&'static str> = OPS.iter().map(|(_, class)| *class).collect();
        classes.extend(LIST_CLASSES);
        let torsion = self.has_torsion();
        classes.extend(
            POINT_CLASSES
                .iter()
                .filter(|class| torsion || !TORSION_CLASSES.contains(class)),
        );
        classes.extend(SCALAR_CLASSES);
        classes.extend(INTEGER_CLASSES);
        self.spec.info(
            "known logs with a torsion component: Σ sᵢ·(aᵢ·G + tᵢ·T) = (Σ sᵢaᵢ mod r)·G + \
             (Σ sᵢtᵢ mod h)·T, scalars unreduced",
            classes,
        )
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let (op, class) = OPS[g.weighted(&OP_WEIGHTS)];
        g.hit(class);
        let r = C::instance().order().clone();
        let n = match op {
            Op::MsmInteger | Op::MsmField | Op::NormalizeBatch => {
                if g.bias() == Bias::Uniform {
                    return self.uniform_case(g, op);
                }
                let n = match g.weighted(&[1, 2, 6]) {
                    0 => 0,
                    1 => 1,
                    _ => g.range(2, LIST_MAX),
                };
                g.hit(LIST_CLASSES[n.min(2)]);
                n
            }
            _ => 1,
        };
        let points = self.draw_points(g, n);
        let mut words = 0;
        let scalars = match op {
            Op::MsmInteger => {
                let width = self.subject.integer_words();
                (0..n).map(|_| self.integer(g, width)).collect()
            }
            Op::MsmField => (0..n).map(|_| scalar(g, &r)).collect(),
            Op::MulInteger => {
                let s = self.integer(g, MUL_WORDS_MAX);
                let least = (s.bits() as usize).div_ceil(64);
                words = g.range(least.max(1), MUL_WORDS_MAX);
                vec![s]
            }
            Op::MulField => vec![scalar(g, &r)],
            _ => Vec::new(),
        };
        CurveOpsCase {
            op,
            points,
            scalars,
            words,
        }
    }

    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        if let Some((op, _)) = OPS.iter().find(|(_, c)| *c == class) {
            return Some(case.op == *op);
        }
        if let Some(i) = LIST_CLASSES.iter().position(|c| *c == class) {
            let listed = matches!(case.op, Op::MsmInteger | Op::MsmField | Op::NormalizeBatch);
            return Some(listed && case.points.len().min(2) == i);
        }
        let c = C::instance();
        let curve = c.curve();
        let r = c.order();
        let in_subgroup = |p: &Point<C::F>| curve.mul(p, r).is_identity();
        let pure =
            |p: &Point<C::F>| !p.is_identity() && curve.mul(p, &curve.cofactor).is_identity();
        match class {
            "torsion_component" => {
                return Some(
                    case.points
                        .iter()
                        .any(|p| !in_subgroup(&p.affine) && !pure(&p.affine)),
                )
            }
            "pure_torsion" => return Some(case.points.iter().any(|p| pure(&p.affine))),
            "scalar_eq_order" => return Some(case.scalars.contains(r)),
            "scalar_above_order" => {
                return Some(case.scalars.iter().any(|s| s > r && s.bits() <= r.bits()))
            }
            "scalar_far_above" => return Some(case.scalars.iter().any(|s| s.bits() > r.bits())),
            _ => {}
        }
        let gen_points: Vec<crate::generators::points::GenPoint<C::F>> = (case.points.iter())
            .map(|p| crate::generators::points::GenPoint {
                jac: p.jac.clone(),
                log: p.log.clone(),
            })
            .collect();
        if class == "non_generator" {
            // A subgroup point that is neither the identity nor G (a torsion point is not
            // one: its own classes say what it is).
            return Some(case.points.iter().any(|p| {
                in_subgroup(&p.affine) && !p.affine.is_identity() && p.affine != curve.generator
            }));
        }
        point_class_holds(c, class, &gen_points).or_else(|| {
            let below: Vec<BigUint> = case.scalars.iter().filter(|s| *s < r).cloned().collect();
            scalar_class_holds(class, &below, r)
        })
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        Outcome::Value(self.subject.run(case))
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        let value = match case.op {
            Op::MsmInteger | Op::MsmField | Op::MulInteger | Op::MulField => {
                CurveOpsValue::Point(self.linear_combination(case, &case.scalars))
            }
            Op::ClearCofactor => {
                let p = &case.points[0];
                let m = &self.clear_by;
                CurveOpsValue::Point(self.materialize(m * &p.log, m * &p.torsion))
            }
            Op::SubgroupCheck => {
                let p = &case.points[0];
                CurveOpsValue::Flag(self.torsion_multiple(&p.torsion).is_identity())
            }
            Op::NormalizeBatch => {
                CurveOpsValue::List(case.points.iter().map(|p| p.affine.clone()).collect())
            }
        };
        Outcome::Value(value)
    }

    fn expected(&self, case: &Self::Case) -> Expected {
        match self.subject.known(case) {
            None => Expected::AGREE,
            Some(KnownDeparture::Panic { reason, .. }) => {
                Expected::known(VerdictKind::SubjectPanicked, reason)
            }
            // Where the library's value is the right one anyway, nothing shows.
            Some(KnownDeparture::Scalars { scalars, reason }) => {
                let right = self.linear_combination(case, &case.scalars);
                if self.linear_combination(case, &scalars) == right {
                    Expected::AGREE
                } else {
                    Expected::known(VerdictKind::Mismatch, reason)
                }
            }
            Some(KnownDeparture::Point { point, reason }) => {
                if point == self.linear_combination(case, &case.scalars) {
                    Expected::AGREE
                } else {
                    Expected::known(VerdictKind::Mismatch, reason)
                }
            }
        }
    }

    fn known_behaviour(
        &self,
        case: &Self::Case,
        subject: &Outcome<Self::Output>,
    ) -> Result<(), String> {
        match self.subject.known(case) {
            None => Err("no known finding on this case".into()),
            Some(KnownDeparture::Panic { file, message, .. }) => {
                known::panicked_in(subject, file, message)
            }
            Some(KnownDeparture::Scalars { scalars, .. }) => known::returned(
                subject,
                &CurveOpsValue::Point(self.linear_combination(case, &scalars)),
            ),
            Some(KnownDeparture::Point { point, .. }) => {
                known::returned(subject, &CurveOpsValue::Point(point))
            }
        }
    }

    fn render_case(&self, case: &Self::Case) -> String {
        let points: Vec<Point<C::F>> = case.points.iter().map(|p| p.affine.clone()).collect();
        let mut out = format!("{:?} of\n{}", case.op, self.show_list(&points));
        for (i, p) in case.points.iter().enumerate() {
            out += &format!("\n  [{i}] = 0x{:x}·G + 0x{:x}·T", p.log, p.torsion);
        }
        for (i, s) in case.scalars.iter().enumerate() {
            out += &format!("\n  s[{i}] = 0x{s:x}");
        }
        if case.op == Op::MulInteger {
            out += &format!("\n  as {} 64-bit words", case.words);
        }
        out + &format!("\n  T = {}", self.subject.show(self.torsion_point()))
    }

    fn reproducer(&self, case: &Self::Case, oracle: &Outcome<Self::Output>) -> Option<ReproCode> {
        let Outcome::Value(value) = oracle else {
            return None;
        };
        self.subject.reproducer(case, value)
    }

    fn render_output(&self, output: &Self::Output) -> String {
        match output {
            CurveOpsValue::Point(p) => self.subject.show(p),
            CurveOpsValue::Flag(b) => b.to_string(),
            CurveOpsValue::List(ps) => self.show_list(ps),
        }
    }
}
