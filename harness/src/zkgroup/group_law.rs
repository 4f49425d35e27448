//! The group law through zkcrypto's `group` traits (0.13 and 0.14, [`crate::zkgroup`]): `Add`, `Sub`, `Neg`,
//! `Group::double`, mixed addition and subtraction of an affine point (`Curve::to_affine`, then
//! `G + G::AffineRepr`), `Mul<Scalar>` and `Group::is_identity`.
//!
//! A case is one operation on one or two points drawn with known logs (the per-element classes
//! of [`crate::generators::points`]: identities on either side, G, small multiples, P and −P,
//! P twice) and, for `Mul`, a scalar (the scalar classes: 0, 1, r − 1, …). The points enter as
//! `G::generator() * a` and the result leaves through `to_bytes` (the module docs of
//! [`crate::zkgroup`]).
//!
//! Oracle: known-log bookkeeping. P = a·G and Q = b·G, so P + Q is (a + b mod r)·G, P − Q is
//! (a − b)·G, −P is (−a)·G, 2P is (2a)·G, s·P is (s·a)·G, and P is the identity exactly when
//! a = 0; one fixed-base multiplication of the oracle curve per case.

use crate::curve::SwGroup;
use crate::engine::{Outcome, Routine, RoutineInfo};
use crate::generators::points::{
    point_class_holds, point_classes, points, GenPoint, Representation,
};
use crate::generators::scalars::{scalar_class_holds, SCALAR_CLASSES};
use crate::generators::Gen;
use crate::shapes::{hex_gen_points, hex_point, Spec};
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::Zero;

/// One entry point of the traits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `P + Q`.
    Add,
    /// `P - Q`.
    Sub,
    /// `-P`.
    Neg,
    /// `P.double()`.
    Double,
    /// `P + Q.to_affine()`.
    AddAffine,
    /// `P - Q.to_affine()`.
    SubAffine,
    /// `P * s`.
    Mul,
    /// `P.is_identity()`.
    IsIdentity,
}

/// Every operation with the class a case of it records.
const OPS: [(Op, &str); 8] = [
    (Op::Add, "op_add"),
    (Op::Sub, "op_sub"),
    (Op::Neg, "op_neg"),
    (Op::Double, "op_double"),
    (Op::AddAffine, "op_add_affine"),
    (Op::SubAffine, "op_sub_affine"),
    (Op::Mul, "op_mul"),
    (Op::IsIdentity, "op_is_identity"),
];

/// The weights of [`OPS`] in a draw.
const OP_WEIGHTS: [u32; 8] = [2, 1, 1, 1, 2, 1, 5, 1];

impl Op {
    /// How many points the operation takes.
    fn arity(self) -> usize {
        match self {
            Op::Add | Op::Sub | Op::AddAffine | Op::SubAffine => 2,
            Op::Neg | Op::Double | Op::Mul | Op::IsIdentity => 1,
        }
    }
}

/// One case: an operation, its points and (for [`Op::Mul`]) its scalar.
#[derive(Clone, Debug)]
pub struct GroupLawCase<F> {
    /// The operation.
    pub op: Op,
    /// P, or P and Q, with their logs.
    pub points: Vec<GenPoint<F>>,
    /// The scalar of [`Op::Mul`] (0 otherwise), below r.
    pub scalar: BigUint,
}

/// What an operation returns, as the oracle reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GroupValue<F> {
    /// A point, read from its encoding.
    Point(Point<F>),
    /// Bytes that encode no point of the curve.
    NotAPoint(Vec<u8>),
    /// The answer of `is_identity`.
    Flag(bool),
}

/// The traits' entry points of one curve, run on points given by their logs.
pub trait GroupLawSubject<C: SwGroup>: Send + Sync + 'static {
    /// `op` on the points of `logs` (and `scalar` for [`Op::Mul`]), read back by the oracle.
    fn run(&self, op: Op, logs: &[&BigUint], scalar: &BigUint) -> GroupValue<C::F>;
}

/// The differential check of a curve's group law through the traits.
pub struct GroupLawCheck<C: SwGroup> {
    spec: Spec,
    subject: Box<dyn GroupLawSubject<C>>,
    encoding: &'static str,
}

/// The default case count: every operation and every point and scalar class at seed 0.
pub const GROUP_LAW_CASES: u32 = 512;

/// The group-law check of any subject (a planted bug around [`crate::zkgroup::traits()`], say), whose results
/// are read through the encoding called `encoding`.
pub fn check<C: SwGroup>(
    spec: Spec,
    subject: impl GroupLawSubject<C>,
    encoding: &'static str,
) -> GroupLawCheck<C> {
    GroupLawCheck {
        spec: spec.shape_default(GROUP_LAW_CASES),
        encoding,
        subject: Box::new(subject),
    }
}

impl<C: SwGroup> Routine for GroupLawCheck<C> {
    type Case = GroupLawCase<C::F>;
    type Output = GroupValue<C::F>;

    fn info(&self) -> RoutineInfo {
        let mut classes: Vec<&'static str> = OPS.iter().map(|(_, class)| *class).collect();
        classes.extend(point_classes(Representation::Affine));
        classes.extend(SCALAR_CLASSES);
        self.spec.info(
            "known logs: (a ± b)·G, (−a)·G, (2a)·G, (s·a)·G, a = 0",
            classes,
        )
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let c = C::instance();
        // Multiplication has a dozen scalar classes to reach, the other operations none.
        let (op, class) = OPS[g.weighted(&OP_WEIGHTS)];
        g.hit(class);
        let points = points(g, c, op.arity(), Representation::Affine);
        let scalar = match op {
            Op::Mul => crate::generators::scalars::scalar(g, c.order()),
            _ => BigUint::zero(),
        };
        GroupLawCase { op, points, scalar }
    }

    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        if let Some((op, _)) = OPS.iter().find(|(_, c)| *c == class) {
            return Some(case.op == *op);
        }
        let c = C::instance();
        point_class_holds(c, class, &case.points).or_else(|| {
            (case.op == Op::Mul)
                .then(|| scalar_class_holds(class, std::slice::from_ref(&case.scalar), c.order()))
                .flatten()
        })
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        let logs: Vec<&BigUint> = case.points.iter().map(|p| &p.log).collect();
        Outcome::Value(self.subject.run(case.op, &logs, &case.scalar))
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        let c = C::instance();
        let r = c.order();
        let log = |i: usize| &case.points[i].log % r;
        let neg = |a: BigUint| (r - a) % r;
        let result = match case.op {
            Op::Add | Op::AddAffine => (log(0) + log(1)) % r,
            Op::Sub | Op::SubAffine => (log(0) + neg(log(1))) % r,
            Op::Neg => neg(log(0)),
            Op::Double => (log(0) * 2u8) % r,
            Op::Mul => (log(0) * &case.scalar) % r,
            Op::IsIdentity => return Outcome::Value(GroupValue::Flag(log(0).is_zero())),
        };
        Outcome::Value(GroupValue::Point(c.curve().mul_generator(&result)))
    }

    fn render_case(&self, case: &Self::Case) -> String {
        format!(
            "op = {:?}\npoints = {}\nscalar = 0x{:x}",
            case.op,
            hex_gen_points(&case.points),
            case.scalar
        )
    }

    fn render_output(&self, output: &Self::Output) -> String {
        render_value(output, self.encoding)
    }
}

/// A [`GroupValue`] for a report, `encoding` the name of the encoding its bytes were read in.
pub fn render_value<F: ecdiff_oracles::field::Field>(
    output: &GroupValue<F>,
    encoding: &str,
) -> String {
    match output {
        GroupValue::Point(p) => hex_point(p),
        GroupValue::NotAPoint(bytes) => format!(
            "to_bytes() = {} (no point in {encoding})",
            bytes.iter().map(|b| format!("{b:02x}")).collect::<String>(),
        ),
        GroupValue::Flag(b) => format!("is_identity() = {b}"),
    }
}
