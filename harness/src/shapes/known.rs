//! Known findings of a published crate, declared next to the check they belong to.
//!
//! When a published crate disagrees with the oracle, that is ecdiff working: the disagreement
//! is minimized by hand, documented, and declared as the *expected* verdict of exactly the
//! cases that trigger it ([`Expected::known`]), so that every other case of the routine stays
//! checked and a change of behaviour (the bug fixed upstream, or a different failure) is a
//! finding again. [`with_known`] wraps any check of [`crate::shapes`] with such a
//! declaration; the wrapped check generates, runs and compares exactly as before.
//!
//! ```ignore
//! shapes::known::with_known(
//!     shapes::msm::check::<Bls12381G1, _>(spec, Blstrs),
//!     |case| if case.bases.is_empty() {
//!         Expected::known(VerdictKind::SubjectPanicked, "blstrs 0.7.1: empty multi_exp panics")
//!     } else {
//!         Expected::AGREE
//!     },
//! )
//! ```

use crate::engine::{Expected, Outcome, Routine, RoutineInfo, Verdict};
use crate::generators::Gen;

/// A check whose expected verdict comes from a declared list of known findings.
pub struct WithKnown<R: Routine> {
    inner: R,
    expected: fn(&R::Case) -> Expected,
}

/// `check` with its known findings: `expected(case)` is the verdict the case should get
/// ([`Expected::AGREE`] for every case outside a documented finding).
pub fn with_known<R: Routine>(check: R, expected: fn(&R::Case) -> Expected) -> WithKnown<R> {
    WithKnown {
        inner: check,
        expected,
    }
}

impl<R: Routine> Routine for WithKnown<R> {
    type Case = R::Case;
    type Output = R::Output;

    fn info(&self) -> RoutineInfo {
        self.inner.info()
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        self.inner.generate(g)
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        self.inner.subject(case)
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        self.inner.oracle(case)
    }

    fn expected(&self, case: &Self::Case) -> Expected {
        let known = (self.expected)(case);
        if known == Expected::AGREE {
            self.inner.expected(case)
        } else {
            known
        }
    }

    fn compare(
        &self,
        case: &Self::Case,
        subject: &Outcome<Self::Output>,
        oracle: &Outcome<Self::Output>,
    ) -> Verdict {
        self.inner.compare(case, subject, oracle)
    }

    fn diff(&self, subject: &Self::Output, oracle: &Self::Output) -> String {
        self.inner.diff(subject, oracle)
    }

    fn render_case(&self, case: &Self::Case) -> String {
        self.inner.render_case(case)
    }

    fn render_output(&self, output: &Self::Output) -> String {
        self.inner.render_output(output)
    }
}

impl<R: Routine + super::SizedCheck> super::SizedCheck for WithKnown<R> {
    fn generate_len(&self, g: &mut Gen, n: usize) -> Self::Case {
        self.inner.generate_len(g, n)
    }
}
