//! Known findings of a published crate, declared next to the check they belong to.
//!
//! When a published crate disagrees with the oracle, that is ecdiff working: the disagreement
//! is minimized by hand, documented, and declared as the *expected* verdict of exactly the
//! cases that trigger it ([`Expected::known`]), so that every other case of the routine stays
//! checked and a change of behaviour (the bug fixed upstream, or a different failure) is a
//! finding again. [`with_known`] wraps any check of [`crate::shapes`] with such a
//! declaration; the wrapped check generates, runs and compares exactly as before.
//!
//! A declaration is two functions: which cases the finding covers (their expected verdict),
//! and what the subject is known to do on them ([`crate::Routine::known_behaviour`]): the
//! exact value it returns, its refusal, or its panic's file and message. A case of the right
//! verdict kind whose subject does anything else is a new finding, so a known finding hides
//! no other bug on the inputs it covers.
//!
//! ```ignore
//! shapes::known::with_known(
//!     shapes::msm::check::<Bls12381G1, _>(spec, Blstrs),
//!     |case| if case.bases.is_empty() {
//!         Expected::known(VerdictKind::SubjectPanicked, "blstrs 0.7.1: empty multi_exp panics")
//!     } else {
//!         Expected::AGREE
//!     },
//!     |_case, subject| known::panicked_in(subject, "/pippenger.rs", "index out of bounds"),
//! )
//! ```
//!
//! Users (`scripts/shared-users.py`): every family with a known finding (bls12_381, curve25519,
//! halo2curves, p256, secp256k1) and the core's known-finding tests.

use crate::engine::{Expected, Outcome, Routine, RoutineInfo, Verdict};
use crate::generators::Gen;

/// What a subject is known to do on a known finding's case: `Ok(())` when it did exactly
/// that, `Err(how it differs)` otherwise.
pub type Behaviour<R> =
    fn(&<R as Routine>::Case, &Outcome<<R as Routine>::Output>) -> Result<(), String>;

/// A check whose expected verdict comes from a declared list of known findings.
pub struct WithKnown<R: Routine> {
    inner: R,
    expected: fn(&R::Case) -> Expected,
    behaviour: Behaviour<R>,
}

/// `check` with its known findings: `expected(case)` is the verdict the case should get
/// ([`Expected::AGREE`] for every case outside a documented finding), and `behaviour(case,
/// subject)` says whether the subject did exactly what the finding documents on it.
pub fn with_known<R: Routine>(
    check: R,
    expected: fn(&R::Case) -> Expected,
    behaviour: Behaviour<R>,
) -> WithKnown<R> {
    WithKnown {
        inner: check,
        expected,
        behaviour,
    }
}

/// The pin of a known panic: the subject panicked at a location whose path contains `file`,
/// with a message containing `message`.
pub fn panicked_in<T>(subject: &Outcome<T>, file: &str, message: &str) -> Result<(), String> {
    match subject {
        Outcome::Panicked(report) => {
            let location = report.location.as_deref().unwrap_or("").replace('\\', "/");
            if location.contains(file) && report.message.contains(message) {
                Ok(())
            } else {
                Err(format!(
                    "the known panic is in {file} with \"{message}\", this one is {report}"
                ))
            }
        }
        _ => Err("the known behaviour is a panic, the subject did not panic".into()),
    }
}

/// The message of `subtle`'s `CtOption::unwrap` on a none: its `assert_eq!(is_some, 1)` with no
/// message of its own (subtle 2.6 `src/lib.rs`; `CtOption::expect`, in the same file, adds its
/// message after "failed").
pub const CT_OPTION_UNWRAP_MESSAGE: &str = "assertion `left == right` failed\n  left: 0\n right: 1";

/// The pin of a known `CtOption::unwrap` on a none: the subject panicked in `subtle`'s
/// `src/lib.rs` with exactly [`CT_OPTION_UNWRAP_MESSAGE`] (after the `form: ` label a check of
/// several forms puts before it); any other panic, in that file or elsewhere, is not it.
pub fn ct_option_unwrap<T>(subject: &Outcome<T>) -> Result<(), String> {
    let unwrap = |report: &crate::engine::PanicReport| {
        let location = report.location.as_deref().unwrap_or("").replace('\\', "/");
        location.contains("/subtle-")
            && location.contains("/src/lib.rs:")
            && (report.message.strip_suffix(CT_OPTION_UNWRAP_MESSAGE))
                .is_some_and(|label| label.is_empty() || label.ends_with(": "))
    };
    match subject {
        Outcome::Panicked(report) if unwrap(report) => Ok(()),
        Outcome::Panicked(report) => Err(format!(
            "the known panic is CtOption::unwrap on a none (subtle's src/lib.rs, \"{}\"), \
             this one is {report}",
            CT_OPTION_UNWRAP_MESSAGE.escape_debug()
        )),
        _ => {
            Err("the known behaviour is CtOption::unwrap's panic, the subject did not panic".into())
        }
    }
}

/// The pin of a known refusal: the subject refused, with a reason containing `reason`
/// (empty: any reason, for APIs whose refusal carries none, such as a `None`).
pub fn refused_with<T: std::fmt::Debug>(subject: &Outcome<T>, reason: &str) -> Result<(), String> {
    match subject {
        Outcome::Rejected(r) if r.contains(reason) => Ok(()),
        Outcome::Rejected(r) => Err(format!(
            "the known refusal says \"{reason}\", this one: {r}"
        )),
        other => Err(format!(
            "the known behaviour is a refusal, the subject gave {other:?}"
        )),
    }
}

/// The pin of a known wrong value: the subject returned exactly `want`.
pub fn returned<T: PartialEq + std::fmt::Debug>(
    subject: &Outcome<T>,
    want: &T,
) -> Result<(), String> {
    match subject {
        Outcome::Value(v) if v == want => Ok(()),
        other => Err(format!(
            "the known result is {want:?}, the subject gave {other:?}"
        )),
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

    fn known_behaviour(
        &self,
        case: &Self::Case,
        subject: &Outcome<Self::Output>,
    ) -> Result<(), String> {
        if (self.expected)(case) == Expected::AGREE {
            self.inner.known_behaviour(case, subject)
        } else {
            (self.behaviour)(case, subject)
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

    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        self.inner.class_holds(case, class)
    }

    fn classes_hold(&self, case: &Self::Case, classes: &[&'static str]) -> Vec<Option<bool>> {
        self.inner.classes_hold(case, classes)
    }

    fn reproducer(
        &self,
        case: &Self::Case,
        oracle: &Outcome<Self::Output>,
    ) -> Option<crate::repro::project::ReproCode> {
        self.inner.reproducer(case, oracle)
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

/// Tests of known findings: a different wrong behaviour planted on a known finding's input
/// must be a new finding.
#[cfg(any(test, feature = "family-tests"))]
// Used by the families' known-finding tests and the arkworks adapters' own; a build with
// neither uses part of it.
#[allow(dead_code)]
pub(crate) mod testing {
    use super::*;
    use crate::engine::{check_decoded, Detail, PanicReport};

    /// What replaces the subject's outcome.
    type Plant<R> = Box<
        dyn Fn(
                &<R as Routine>::Case,
                Outcome<<R as Routine>::Output>,
            ) -> Outcome<<R as Routine>::Output>
            + Send
            + Sync,
    >;

    /// `inner` with its subject's outcome replaced by `plant(case, outcome)`.
    struct Planted<R: Routine> {
        inner: R,
        plant: Plant<R>,
    }

    impl<R: Routine> Routine for Planted<R> {
        type Case = R::Case;
        type Output = R::Output;
        fn info(&self) -> RoutineInfo {
            self.inner.info()
        }
        fn generate(&self, g: &mut Gen) -> Self::Case {
            self.inner.generate(g)
        }
        fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
            let real = crate::engine::panic::capture(|| self.inner.subject(case))
                .unwrap_or_else(Outcome::Panicked);
            (self.plant)(case, real)
        }
        fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
            self.inner.oracle(case)
        }
        fn expected(&self, case: &Self::Case) -> Expected {
            self.inner.expected(case)
        }
        fn known_behaviour(
            &self,
            case: &Self::Case,
            subject: &Outcome<Self::Output>,
        ) -> Result<(), String> {
            self.inner.known_behaviour(case, subject)
        }
        fn compare(
            &self,
            case: &Self::Case,
            subject: &Outcome<Self::Output>,
            oracle: &Outcome<Self::Output>,
        ) -> Verdict {
            self.inner.compare(case, subject, oracle)
        }
    }

    /// A panic at another place than any known one.
    pub(crate) fn other_panic<T>() -> Outcome<T> {
        Outcome::Panicked(PanicReport {
            message: "a different panic".into(),
            location: Some("src/elsewhere.rs:1:1".into()),
        })
    }

    /// A panic in the file of `subtle`'s `CtOption::unwrap` that is not it: `CtOption::expect`
    /// on a none (subtle 2.6.1 `src/lib.rs:692`).
    pub(crate) fn other_panic_in_subtle<T>() -> Outcome<T> {
        Outcome::Panicked(PanicReport {
            message: "assertion `left == right` failed: a caller's message\n  left: 0\n right: 1"
                .into(),
            location: Some(
                "/home/u/.cargo/registry/src/index.crates.io-0/subtle-2.6.1/src/lib.rs:692:9"
                    .into(),
            ),
        })
    }

    /// `case` is not a known finding of `check`: the real subject agrees with the oracle, and
    /// once `plant` changes its behaviour the verdict is a finding.
    pub(crate) fn assert_agrees_until_planted<R: Routine>(
        check: R,
        case: &R::Case,
        plant: impl Fn(&R::Case, Outcome<R::Output>) -> Outcome<R::Output> + Send + Sync + 'static,
    ) {
        let real = check_decoded(&check, case, Detail::Always);
        assert_eq!(
            real.expected.kind,
            crate::VerdictKind::Agree,
            "a known finding's case"
        );
        assert_eq!(
            real.verdict.kind,
            crate::VerdictKind::Agree,
            "{}",
            real.verdict.detail
        );
        let run = run_planted(check, case, plant);
        assert_ne!(
            run.verdict.kind, run.expected.kind,
            "{}",
            run.verdict.detail
        );
    }

    /// `case` run on `check` with its subject's outcome replaced by `plant(case, outcome)`.
    fn run_planted<R: Routine>(
        check: R,
        case: &R::Case,
        plant: impl Fn(&R::Case, Outcome<R::Output>) -> Outcome<R::Output> + Send + Sync + 'static,
    ) -> crate::engine::Checked {
        let planted = Planted {
            inner: check,
            plant: Box::new(plant),
        };
        check_decoded(&planted, case, Detail::Always)
    }

    /// `case` is a known finding of `check` as the subject behaves, and a new finding once
    /// `plant` changes the subject's behaviour to another of the same sort (another panic for
    /// a known panic, another value for a known value, another refusal for a known refusal),
    /// whether the pin is [`Routine::known_behaviour`] or the check's own `compare`.
    pub(crate) fn assert_pinned<R: Routine>(
        check: R,
        case: &R::Case,
        plant: impl Fn(&R::Case, Outcome<R::Output>) -> Outcome<R::Output> + Send + Sync + 'static,
    ) {
        let real = check_decoded(&check, case, Detail::Always);
        assert_ne!(
            real.expected.kind,
            crate::VerdictKind::Agree,
            "not a known finding's case"
        );
        assert_eq!(
            real.verdict.kind, real.expected.kind,
            "the real subject does not show the known finding: {}",
            real.verdict.detail
        );
        let run = run_planted(check, case, plant);
        assert_ne!(
            run.verdict.kind, run.expected.kind,
            "a different wrong behaviour on a known finding's input passed as the known finding: {}",
            run.verdict.detail
        );
    }
}
