//! The check of `msm_best`'s batch-affine path (n ≥ 8104): the MSM check of
//! [`crate::shapes::msm`] with two known findings of halo2curves 0.10.0 declared, and a term
//! class of its own that reaches `batch_add`'s doubling and cancelling branches.
//!
//! # Generated on purpose
//!
//! Besides the MSM shape's classes, four in five edge-biased cases repeat an early term i < 64
//! at a later index i + k (k ≤ 64) with the same scalar (`early_term_repeated`), and another
//! one as its negation (`early_term_negated`). In every window the first copy usually sits
//! alone in its bucket when the second arrives, so `batch_add` doubles the bucket or empties
//! it; [`super::batch_affine`] tells which (`batch_add_doubling`, `batch_add_cancelling`).
//!
//! # Known findings
//!
//! * [`MSM_BEST_IDENTITY_BUG`]: any identity base panics (`Affine::from`'s
//!   `coordinates().unwrap()`), on every curve.
//! * [`MSM_BEST_DOUBLING_WITHOUT_A`]: `batch_add` doubles with λ = 3x²/2y, leaving out the
//!   curve's a; on a curve with a ≠ 0 (secp256r1) the doubled bucket leaves the curve and
//!   `BucketAffine` → `Affine::eval`'s `from_xy(..).unwrap()` panics. Declared for exactly the
//!   cases the model finds a doubling in.
//!
//! Both panic in `subtle`'s `CtOption::unwrap` on a none (its file and exact message,
//! [`crate::shapes::known::ct_option_unwrap`]); a case that expects one of them and gets
//! anything else (another panic, in `subtle` or elsewhere, or a value) is a mismatch.

use super::batch_add_replay::branches;
use super::batch_affine::{batch_add_events, BatchAddEvents};
use super::large_repro::{build, edits, first_identity_only, CompactMsm};
use crate::curve::SwGroup;
use crate::engine::{Expected, Outcome, Routine, RoutineInfo, Verdict, VerdictKind};
use crate::generators::points::GenPoint;
use crate::generators::Gen;
use crate::repro::project::ReproCode;
use crate::shapes::msm::{CheckedLogs, MsmCase, MsmCheck};
use ecdiff_oracles::field::Field;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::Zero;
use std::cell::OnceCell;

/// The first length of `msm_best`'s batch-affine path (window c = ⌈ln n⌉ = 10).
pub const BATCH_AFFINE_MIN: usize = 8104;

/// The known finding of an identity base on the batch-affine path.
pub const MSM_BEST_IDENTITY_BUG: &str = "halo2curves 0.10.0 msm_best with n ≥ 8104 (window \
     c ≥ 10, the batch-affine path) panics on an identity base: Affine::from calls \
     coordinates().unwrap() and the identity has none (CtOption::unwrap in subtle); the same \
     code's bug was fixed in midnight-zk, https://github.com/midnightntwrk/midnight-zk/pull/225; \
     no upstream issue found for halo2curves";

/// The known finding of `batch_add`'s doubling on a curve with a ≠ 0.
pub const MSM_BEST_DOUBLING_WITHOUT_A: &str = "halo2curves 0.10.0 msm_best with n ≥ 8104 (the \
     batch-affine path): batch_add doubles a bucket with λ = 3x²/2y, without the curve's a, so \
     on secp256r1 (a = −3) a base meeting a bucket that holds the same point leaves the curve \
     and Affine::eval's from_xy(..).unwrap() panics; smallest trigger: 8104 terms with term 0 \
     repeated (same point, same scalar) before another term shares its bucket; no upstream \
     issue found";

/// The classes this check adds to the MSM shape's.
const CLASSES: &[&str] = &[
    "early_term_repeated",
    "early_term_negated",
    "batch_add_doubling",
    "batch_add_cancelling",
];

/// The scope of the early-term repetition's draws.
const REPEAT_SCOPE: &str = "msm.early_repeat";

/// Writes the reproducer of a case's compact form ([`super::large_repro`]) with the oracle's
/// answer on it.
pub type CompactReproducer<F> = fn(&CompactMsm, &Point<F>) -> ReproCode;

/// An MSM check whose subject is `msm_best` on the batch-affine path.
pub struct LargeBest<C: SwGroup> {
    check: MsmCheck<C>,
    known_findings: bool,
    reproducer: Option<CompactReproducer<C::F>>,
}

impl<C: SwGroup> LargeBest<C> {
    /// `check` with this module's generation and known findings.
    pub fn new(check: MsmCheck<C>) -> Self {
        LargeBest {
            check,
            known_findings: true,
            reproducer: None,
        }
    }

    /// The check with standalone reproducers of its cases' compact forms, written by `render`
    /// (the subject's template).
    pub fn with_reproducer(self, render: CompactReproducer<C::F>) -> Self {
        LargeBest {
            reproducer: Some(render),
            ..self
        }
    }

    /// `check` with this module's generation and no known findings: for a bug-zoo subject that
    /// runs the same cases through another MSM (whose every case must agree).
    pub fn without_known_findings(check: MsmCheck<C>) -> Self {
        LargeBest {
            check,
            known_findings: false,
            reproducer: None,
        }
    }

    /// The known finding `case` meets, if this check declares them.
    fn known(&self, case: &MsmCase<C::F>) -> Option<&'static str> {
        self.known_findings
            .then(|| known_finding::<C>(case))
            .flatten()
    }
}

/// The events of the batch-affine path on `case`, or `None` below it.
fn events<C: SwGroup>(case: &MsmCase<C::F>) -> Option<BatchAddEvents> {
    if case.bases.len() < BATCH_AFFINE_MIN {
        return None;
    }
    let order = C::instance().order();
    let logs: Vec<_> = case.bases.iter().map(|b| b.log.clone()).collect();
    Some(batch_add_events(
        &logs,
        &case.scalars,
        order,
        order.bits() as usize,
    ))
}

/// The known finding `case` meets on curve `C`, if any.
fn known_finding<C: SwGroup>(case: &MsmCase<C::F>) -> Option<&'static str> {
    if case.bases.len() < BATCH_AFFINE_MIN {
        return None;
    }
    if case.bases.iter().any(|b| b.jac.z.is_zero()) {
        return Some(MSM_BEST_IDENTITY_BUG);
    }
    let a_is_zero = C::instance().curve().a.is_zero();
    let doubles = !a_is_zero && events::<C>(case).is_some_and(|e| e.doubling);
    doubles.then_some(MSM_BEST_DOUBLING_WITHOUT_A)
}

/// Repeats early terms of `case` at later indices with their scalars: one as itself, and (in
/// lists of four terms or more) another one negated. Returns the indices it read or wrote
/// (none if it left the case alone).
fn repeat_early_term<C: SwGroup>(g: &mut Gen, case: &mut MsmCase<C::F>) -> Vec<usize> {
    let n = case.bases.len();
    if n < 2 || !g.edgy() {
        return Vec::new();
    }
    g.scope(REPEAT_SCOPE, |g| {
        // Index 0 (no repetition) first, so that exhausted input and minimization leave the
        // case alone.
        if g.weighted(&[1, 4]) == 0 {
            return Vec::new();
        }
        // An early index i and a later one j ≤ i + 64.
        let pair = |g: &mut Gen| {
            let i = g.below((n - 1).min(64) as u64) as usize;
            (i, i + 1 + g.below((n - 1 - i).min(64) as u64) as usize)
        };
        let (i, j) = pair(g);
        case.bases[j] = case.bases[i].clone();
        case.scalars[j] = case.scalars[i].clone();
        // (An identity repeated meets nothing in a bucket.)
        if !case.bases[i].log.is_zero() {
            g.hit("early_term_repeated");
        }
        let (k, l) = pair(g);
        let mut edited = vec![i, j];
        if ![k, l].iter().any(|x| *x == i || *x == j) {
            edited.extend([k, l]);
            case.bases[l] = negated::<C>(&case.bases[k]);
            case.scalars[l] = case.scalars[k].clone();
            if !case.bases[k].log.is_zero() {
                g.hit("early_term_negated");
            }
        }
        edited
    })
}

/// Whether a term i < 64 recurs at some index j in i + 1 ..= i + 64 with the same non-identity
/// point (its negation, if `negated`) and the same scalar, the points read from the
/// coordinates handed to the subject.
fn early_term_meets<C: SwGroup>(case: &MsmCase<C::F>, negated: bool) -> bool {
    let curve = C::instance().curve();
    let head = case.bases.len().min(64 + 64 + 1);
    let triples: Vec<_> = (case.bases[..head].iter())
        .map(|b| (&b.jac.x, &b.jac.y, &b.jac.z))
        .collect();
    let points = curve.from_jacobian_many(&triples);
    (0..head.min(64)).any(|i| {
        let target = if negated {
            curve.neg(&points[i])
        } else {
            points[i].clone()
        };
        points[i] != Point::Identity
            && (i + 1..head.min(i + 65))
                .any(|j| points[j] == target && case.scalars[j] == case.scalars[i])
    })
}

/// −P in the same representation.
fn negated<C: SwGroup>(p: &GenPoint<C::F>) -> GenPoint<C::F> {
    let mut jac = p.jac.clone();
    jac.y = jac.y.neg();
    let order = C::instance().order();
    GenPoint {
        jac,
        log: (order - &p.log) % order,
    }
}

impl<C: SwGroup> Routine for LargeBest<C>
where
    C::F: Field,
{
    type Case = MsmCase<C::F>;
    type Output = Point<C::F>;

    fn info(&self) -> RoutineInfo {
        let mut info = self.check.info();
        info.classes.extend(CLASSES);
        info
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let (mut case, planned) = self.check.generate_planned(g);
        let edited = repeat_early_term::<C>(g, &mut case);
        if !edited.is_empty() {
            // The edit changed two terms: solve the planned coincidence again on the edited
            // sum (unless the edit read or wrote its scalar), then relabel the edited case.
            let order = C::instance().order();
            let logs: Vec<&BigUint> = case.bases.iter().map(|b| &b.log).collect();
            if let Some(p) = planned.filter(|p| !edited.contains(&p.index)) {
                case.scalars[p.index] = p.solve(&logs, &case.scalars, order);
            }
            self.check.relabel_after_edit(g, &case);
        }
        if g.edgy() {
            if let Some(e) = events::<C>(&case) {
                if e.doubling {
                    g.hit("batch_add_doubling");
                }
                if e.cancelling {
                    g.hit("batch_add_cancelling");
                }
            }
        }
        case
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        self.check.subject(case)
    }

    /// The MSM shape's classes as its check reads them (a long list's logs checked on the
    /// curve once); `early_term_*` on the points of the first 129 terms, read off their
    /// coordinates; `batch_add_*` by the second model of the schedule
    /// ([`super::batch_add_replay`]) on the same checked logs.
    fn classes_hold(&self, case: &Self::Case, classes: &[&'static str]) -> Vec<Option<bool>> {
        let shape: Vec<&'static str> = (classes.iter().copied())
            .filter(|class| !CLASSES.contains(class))
            .collect();
        let logs = CheckedLogs::new();
        let mut shape_holds = (self.check)
            .classes_hold_with_logs(case, &shape, &logs)
            .into_iter();
        let met = OnceCell::new();
        let met = || {
            *met.get_or_init(|| {
                let order = C::instance().order();
                let logs = MsmCheck::<C>::checked_logs(case, &logs).as_ref()?;
                (case.bases.len() >= BATCH_AFFINE_MIN)
                    .then(|| branches(logs, &case.scalars, order, order.bits() as usize))
            })
        };
        (classes.iter())
            .map(|&class| match class {
                "early_term_repeated" => Some(early_term_meets::<C>(case, false)),
                "early_term_negated" => Some(early_term_meets::<C>(case, true)),
                "batch_add_doubling" => Some(met().is_some_and(|b| b.doubles)),
                "batch_add_cancelling" => Some(met().is_some_and(|b| b.cancels)),
                _ => shape_holds.next().expect("one answer per shape class"),
            })
            .collect()
    }

    /// The reproducer of the case rewritten into its compact form ([`super::large_repro`]),
    /// with only its first identity if that keeps the verdict, else with all its edits;
    /// written only when the rewritten case expects the original's verdict (the same known
    /// finding, or agreement); its expected line is the oracle's answer on the rewritten case.
    fn reproducer(&self, case: &Self::Case, _oracle: &Outcome<Self::Output>) -> Option<ReproCode> {
        let render = self.reproducer?;
        let n = case.bases.len();
        let all = edits::<C>(case);
        // One identity first (a dense list has hundreds), then every edit.
        let (compact, rewritten) = [first_identity_only(&all), all]
            .into_iter()
            .map(|edits| build::<C>(n, edits))
            .find(|(_, rewritten)| self.known(rewritten) == self.known(case))?;
        match self.check.oracle(&rewritten) {
            Outcome::Value(expected) => Some(render(&compact, &expected)),
            _ => None,
        }
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        self.check.oracle(case)
    }

    fn expected(&self, case: &Self::Case) -> Expected {
        match self.known(case) {
            Some(reason) => Expected::known(VerdictKind::SubjectPanicked, reason),
            None => Expected::AGREE,
        }
    }

    fn compare(
        &self,
        case: &Self::Case,
        subject: &Outcome<Self::Output>,
        oracle: &Outcome<Self::Output>,
    ) -> Verdict {
        let Some(reason) = self.known(case) else {
            return self.check.compare(case, subject, oracle);
        };
        match (subject, crate::shapes::known::ct_option_unwrap(subject)) {
            (Outcome::Panicked(p), Ok(())) => Verdict::new(
                VerdictKind::SubjectPanicked,
                format!("known finding: subject {p}"),
            ),
            (_, Err(differs)) => Verdict::new(
                VerdictKind::Mismatch,
                format!("a known finding's input ({reason}), but {differs}"),
            ),
            (_, Ok(())) => unreachable!("ct_option_unwrap holds only of a panic"),
        }
    }

    fn render_case(&self, case: &Self::Case) -> String {
        self.check.render_case(case)
    }

    fn render_output(&self, output: &Self::Output) -> String {
        self.check.render_output(output)
    }
}
