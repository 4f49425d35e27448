//! Per-element vector operations over a short-Weierstrass group (dory's `DoryRoutines`):
//!
//! - fixed-base vector scalar multiplication: `out[i] = sᵢ·B`;
//! - bases-then-add: `out[i] = vs[i] + s·bases[i]`;
//! - vs-then-add: `out[i] = s·vs[i] + addends[i]`.
//!
//! Oracle: every output's discrete log follows from the inputs' known logs
//! (e.g. log out\[i\] = log vs\[i\] + s·log bases\[i\] mod r), and the oracle turns each log into a
//! point with a fixed-base scale of G. Beyond the point and scalar classes, the `*_then_add`
//! shapes draw two sum classes on purpose: `sum_cancels` (the addend is −s·P, the element sums
//! to the identity) and `sum_is_doubling` (the addend equals s·P, so an addition formula sees
//! two equal inputs).

use crate::curve::{Jacobian, SwGroup};
use crate::engine::{diff_vec, Outcome, Routine, RoutineInfo};
use crate::generators::points::{
    point_class_holds, point_classes, points, with_log, GenPoint, Representation,
};
use crate::generators::scalars::{scalar, scalar_class_holds, SCALAR_CLASSES};
use crate::generators::Gen;
use crate::shapes::{hex_gen_points, hex_points, hex_scalars, SizedCheck, Spec};
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use std::marker::PhantomData;

/// `out[i] = scalars[i]·base`.
pub trait FixedBaseVectorScalarMul<C: SwGroup>: Send + Sync + 'static {
    /// Runs the subject.
    fn fixed_base_vector_scalar_mul(
        &self,
        base: &Jacobian<C::F>,
        scalars: &[BigUint],
    ) -> Vec<Point<C::F>>;
}

/// `out[i] = vs[i] + scalar·bases[i]` (dory mutates `vs` in place; return the new `vs`).
pub trait BasesThenAdd<C: SwGroup>: Send + Sync + 'static {
    /// Runs the subject.
    fn fixed_scalar_mul_bases_then_add(
        &self,
        bases: &[Jacobian<C::F>],
        vs: &[Jacobian<C::F>],
        scalar: &BigUint,
    ) -> Vec<Point<C::F>>;
}

/// `out[i] = scalar·vs[i] + addends[i]` (dory mutates `vs` in place; return the new `vs`).
pub trait VsThenAdd<C: SwGroup>: Send + Sync + 'static {
    /// Runs the subject.
    fn fixed_scalar_mul_vs_then_add(
        &self,
        vs: &[Jacobian<C::F>],
        addends: &[Jacobian<C::F>],
        scalar: &BigUint,
    ) -> Vec<Point<C::F>>;
}

enum Op<C: SwGroup> {
    FixedBase(Box<dyn FixedBaseVectorScalarMul<C>>),
    BasesThenAdd(Box<dyn BasesThenAdd<C>>),
    VsThenAdd(Box<dyn VsThenAdd<C>>),
}

/// One vector-op case. Which fields are used depends on the shape: fixed-base uses
/// `scaled[0]` as the base and `scalars`; the `*_then_add` shapes use `scaled` (the points
/// multiplied by `scalar`), `added` (the points added as they are) and `scalar`.
#[derive(Clone, Debug)]
pub struct VectorCase<F> {
    /// Points that get multiplied.
    pub scaled: Vec<GenPoint<F>>,
    /// Points that get added.
    pub added: Vec<GenPoint<F>>,
    /// Per-element scalars (fixed-base shape).
    pub scalars: Vec<BigUint>,
    /// The one scalar (`*_then_add` shapes).
    pub scalar: BigUint,
}

/// The differential check of a vector op.
pub struct VectorCheck<C: SwGroup> {
    spec: Spec,
    op: Op<C>,
    _group: PhantomData<C>,
}

/// Checks a fixed-base vector scalar multiplication.
pub fn check_fixed_base<C: SwGroup, S: FixedBaseVectorScalarMul<C>>(
    spec: Spec,
    s: S,
) -> VectorCheck<C> {
    VectorCheck {
        spec,
        op: Op::FixedBase(Box::new(s)),
        _group: PhantomData,
    }
}

/// Checks a bases-then-add.
pub fn check_bases_then_add<C: SwGroup, S: BasesThenAdd<C>>(spec: Spec, s: S) -> VectorCheck<C> {
    VectorCheck {
        spec,
        op: Op::BasesThenAdd(Box::new(s)),
        _group: PhantomData,
    }
}

/// Checks a vs-then-add.
pub fn check_vs_then_add<C: SwGroup, S: VsThenAdd<C>>(spec: Spec, s: S) -> VectorCheck<C> {
    VectorCheck {
        spec,
        op: Op::VsThenAdd(Box::new(s)),
        _group: PhantomData,
    }
}

fn jacs<F: Clone>(ps: &[GenPoint<F>]) -> Vec<Jacobian<F>> {
    ps.iter().map(|p| p.jac.clone()).collect()
}

impl<C: SwGroup> SizedCheck for VectorCheck<C> {
    fn generate_len(&self, g: &mut Gen, n: usize) -> Self::Case {
        let c = C::instance();
        if let Op::FixedBase(_) = self.op {
            let scaled = points(g, c, 1, Representation::Jacobian);
            let scalars = (0..n).map(|_| scalar(g, c.order())).collect();
            return VectorCase {
                scaled,
                added: vec![],
                scalars,
                scalar: BigUint::default(),
            };
        }
        let scaled = points(g, c, n, Representation::Jacobian);
        let before = g.classes().clone();
        let mut added = points(g, c, n, Representation::Jacobian);
        let from_added: Vec<&'static str> = g.classes().difference(&before).copied().collect();
        let s = scalar(g, c.order());
        let mut replaced = false;
        if g.edgy() {
            for i in 0..n {
                // Make the element's two terms cancel, or coincide.
                let special = g.weighted(&[10, 1, 1]);
                if special == 0 {
                    continue;
                }
                let product = (&s * &scaled[i].log) % c.order();
                let log = if special == 1 {
                    (c.order() - product) % c.order()
                } else {
                    product
                };
                g.hit(if special == 1 {
                    "sum_cancels"
                } else {
                    "sum_is_doubling"
                });
                added[i] = with_log(g, c, log);
                replaced = true;
            }
        }
        // A replaced element may have been the one point (or the one z) a class of `added`
        // was recorded for: keep only the classes the final list still has.
        if replaced {
            for class in from_added {
                if point_class_holds(c, class, &added) == Some(false) {
                    g.withdraw(class);
                }
            }
        }
        VectorCase {
            scaled,
            added,
            scalars: vec![],
            scalar: s,
        }
    }
}

impl<C: SwGroup> Routine for VectorCheck<C> {
    type Case = VectorCase<C::F>;
    type Output = Vec<Point<C::F>>;

    fn info(&self) -> RoutineInfo {
        let mut classes = self.spec.lengths.classes();
        let single_base = matches!(self.op, Op::FixedBase(_));
        // One base cannot repeat or negate an earlier one, nor have a z that differs from
        // another's: its representation class is z = 1, the identity, or z ≠ 1.
        classes.extend(
            point_classes(Representation::Jacobian)
                .into_iter()
                .filter(|c| !single_base || !matches!(*c, "negated_pair" | "repeated" | "mixed_z")),
        );
        if single_base {
            classes.push("z_not_one");
        }
        classes.extend(SCALAR_CLASSES);
        if !single_base {
            classes.extend(["sum_cancels", "sum_is_doubling"]);
        }
        self.spec
            .info("known-log: per-element logs, each scaled from G", classes)
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let n = self.spec.lengths.draw(g);
        self.generate_len(g, n)
    }

    /// Read off the decoded points and scalars: a point or representation class holds on one
    /// of the two lists (each drawn as a list: [`point_class_holds`]), a scalar class on the
    /// scalars by value, `sum_cancels` / `sum_is_doubling` where an element's added point is
    /// −s·P / s·P of its scaled point P by the oracle's arithmetic.
    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        let c = C::instance();
        let n = match self.op {
            Op::FixedBase(_) => case.scalars.len(),
            _ => case.scaled.len(),
        };
        if matches!(class, "sum_cancels" | "sum_is_doubling") {
            let curve = c.curve();
            let affine = |p: &GenPoint<C::F>| curve.from_jacobian(&p.jac.x, &p.jac.y, &p.jac.z);
            return Some((case.scaled.iter().zip(&case.added)).any(|(p, q)| {
                let term = curve.mul(&affine(p), &case.scalar);
                let want = if class == "sum_cancels" {
                    curve.neg(&term)
                } else {
                    term
                };
                affine(q) == want
            }));
        }
        let scalars = match self.op {
            Op::FixedBase(_) => case.scalars.clone(),
            _ => vec![case.scalar.clone()],
        };
        if let Some(holds) = scalar_class_holds(class, &scalars, c.order()) {
            return Some(holds);
        }
        let on = |list: &[GenPoint<C::F>]| point_class_holds(c, class, list);
        match (on(&case.scaled), on(&case.added)) {
            (Some(a), Some(b)) => Some(a || b),
            (Some(a), None) => Some(a),
            _ => self.spec.lengths.class_holds(class, n),
        }
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        Outcome::Value(match &self.op {
            Op::FixedBase(s) => s.fixed_base_vector_scalar_mul(&case.scaled[0].jac, &case.scalars),
            Op::BasesThenAdd(s) => s.fixed_scalar_mul_bases_then_add(
                &jacs(&case.scaled),
                &jacs(&case.added),
                &case.scalar,
            ),
            Op::VsThenAdd(s) => s.fixed_scalar_mul_vs_then_add(
                &jacs(&case.scaled),
                &jacs(&case.added),
                &case.scalar,
            ),
        })
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        let c = C::instance();
        let r = c.order();
        let logs: Vec<BigUint> = match &self.op {
            Op::FixedBase(_) => case
                .scalars
                .iter()
                .map(|s| (s * &case.scaled[0].log) % r)
                .collect(),
            _ => case
                .scaled
                .iter()
                .zip(&case.added)
                .map(|(p, q)| (&case.scalar * &p.log + &q.log) % r)
                .collect(),
        };
        Outcome::Value(c.mul_hub_many(&logs))
    }

    fn diff(&self, subject: &Self::Output, oracle: &Self::Output) -> String {
        diff_vec(subject, oracle)
    }

    fn render_case(&self, case: &Self::Case) -> String {
        match &self.op {
            Op::FixedBase(_) => format!(
                "n = {}\nbase = {}\nscalars = {}",
                case.scalars.len(),
                hex_gen_points(&case.scaled),
                hex_scalars(&case.scalars)
            ),
            _ => format!(
                "n = {}\nscalar = 0x{:x}\nscaled = {}\nadded = {}",
                case.scaled.len(),
                case.scalar,
                hex_gen_points(&case.scaled),
                hex_gen_points(&case.added)
            ),
        }
    }

    fn render_output(&self, output: &Self::Output) -> String {
        hex_points(output)
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
