//! Batch normalization: Jacobian points to affine points, the identity for Z = 0
//! (ark's `CurveGroup::normalize_batch`, one shared Montgomery inversion).
//!
//! Oracle: the textbook conversion (X/Z², Y/Z³) of each input, Z = 0 mapping to the identity
//! whatever X and Y are (`Curve::from_jacobian_many`). The non-zero Z share one field
//! inversion (Montgomery's simultaneous inversion, as the subjects do), and the oracle checks
//! every inverse it gets (Z·Z⁻¹ = 1) and leaves the Z = 0 entries out of the batch itself, so
//! a mistake in the shared trick fails loudly in the oracle instead of agreeing with the
//! subject's.
//!
//! Users (`scripts/shared-users.py`): dory, bls12_381 and halo2curves.

use super::{hex_gen_points, hex_points, SizedCheck, Spec};
use crate::curve::{Jacobian, SwGroup};
use crate::engine::{diff_vec, Outcome, Routine, RoutineInfo};
use crate::generators::points::{
    point_class_holds, point_classes, points, GenPoint, Representation,
};
use crate::generators::Gen;
use crate::repro::project::ReproCode;
use ecdiff_oracles::weierstrass::Point;
use std::marker::PhantomData;

/// A batch normalization under test.
pub trait NormalizeBatch<C: SwGroup>: Send + Sync + 'static {
    /// The affine form of every input, in order.
    fn normalize_batch(&self, points: &[Jacobian<C::F>]) -> Vec<Point<C::F>>;
}

/// A batch normalization handed the drawn points themselves, representation and log: for a
/// subject whose coordinates cannot be set, which builds its inputs by arithmetic from the
/// logs ([`check_drawn`]). Every [`NormalizeBatch`] is one, on the Jacobian forms.
pub trait NormalizeDrawn<C: SwGroup>: Send + Sync + 'static {
    /// The affine form of every drawn point, in order.
    fn normalize_drawn(&self, points: &[GenPoint<C::F>]) -> Vec<Point<C::F>>;

    /// A standalone reproducer of this normalization of `points`, whose correct affine forms
    /// are `expected` ([`crate::repro`]); `None` where the library has no template.
    fn reproducer(
        &self,
        _points: &[GenPoint<C::F>],
        _expected: &[Point<C::F>],
    ) -> Option<ReproCode> {
        None
    }
}

/// A [`NormalizeBatch`] handed the Jacobian forms of the drawn points.
struct OnJacobians<S>(S);

impl<C: SwGroup, S: NormalizeBatch<C>> NormalizeDrawn<C> for OnJacobians<S> {
    fn normalize_drawn(&self, points: &[GenPoint<C::F>]) -> Vec<Point<C::F>> {
        let jacs: Vec<_> = points.iter().map(|p| p.jac.clone()).collect();
        self.0.normalize_batch(&jacs)
    }
}

/// The differential check of a batch normalization.
pub struct NormalizeCheck<C: SwGroup> {
    spec: Spec,
    subject: Box<dyn NormalizeDrawn<C>>,
    _group: PhantomData<C>,
}

/// Checks a batch normalization.
pub fn check<C: SwGroup, S: NormalizeBatch<C>>(spec: Spec, subject: S) -> NormalizeCheck<C> {
    check_drawn(spec, OnJacobians(subject))
}

/// The default case count of a batch normalization whose spec sets none: that of the
/// built-in `ark_g1_normalize_batch` row.
pub const NORMALIZE_CASES: u32 = 160;

/// Checks a batch normalization that takes the drawn points themselves.
pub fn check_drawn<C: SwGroup, S: NormalizeDrawn<C>>(spec: Spec, subject: S) -> NormalizeCheck<C> {
    NormalizeCheck {
        spec: spec.shape_default(NORMALIZE_CASES),
        subject: Box::new(subject),
        _group: PhantomData,
    }
}

impl<C: SwGroup> SizedCheck for NormalizeCheck<C> {
    fn generate_len(&self, g: &mut Gen, n: usize) -> Self::Case {
        points(g, C::instance(), n, Representation::Jacobian)
    }
}

impl<C: SwGroup> Routine for NormalizeCheck<C> {
    type Case = Vec<GenPoint<C::F>>;
    type Output = Vec<Point<C::F>>;

    fn info(&self) -> RoutineInfo {
        let mut classes = self.spec.lengths.classes();
        classes.extend(point_classes(Representation::Jacobian));
        self.spec
            .info("textbook (X/Z², Y/Z³) per point, Z = 0 → identity", classes)
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let n = self.spec.lengths.draw(g);
        self.generate_len(g, n)
    }

    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        (self.spec.lengths.class_holds(class, case.len()))
            .or_else(|| point_class_holds(C::instance(), class, case))
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        Outcome::Value(self.subject.normalize_drawn(case))
    }

    fn reproducer(&self, case: &Self::Case, oracle: &Outcome<Self::Output>) -> Option<ReproCode> {
        let Outcome::Value(expected) = oracle else {
            return None;
        };
        self.subject.reproducer(case, expected)
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        let curve = C::instance().curve();
        let triples: Vec<_> = case
            .iter()
            .map(|p| (&p.jac.x, &p.jac.y, &p.jac.z))
            .collect();
        Outcome::Value(curve.from_jacobian_many(&triples))
    }

    fn diff(&self, subject: &Self::Output, oracle: &Self::Output) -> String {
        diff_vec(subject, oracle)
    }

    fn render_case(&self, case: &Self::Case) -> String {
        format!("n = {}\npoints = {}", case.len(), hex_gen_points(case))
    }

    fn render_output(&self, output: &Self::Output) -> String {
        hex_points(output)
    }
}
