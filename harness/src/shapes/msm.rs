//! Multi-scalar multiplication Σ sᵢ·Pᵢ over a short-Weierstrass group.
//!
//! Oracle: known-log bookkeeping. Every base is aᵢ·G with aᵢ known, so the sum is
//! (Σ sᵢ·aᵢ mod r)·G, one fixed-base scale per case whatever the length. When a case
//! disagrees, the oracle confirms itself with the per-point naive sum (affine coordinates from
//! the raw Jacobian input, double-and-add, one term at a time) for inputs of up to 64 terms.
//!
//! Users (`scripts/shared-users.py`): dory, bls12_381 and halo2curves, the arkworks adapters
//! and the downstream API.

use super::{hex_gen_points, hex_point, hex_scalars, SizedCheck, Spec};
use crate::curve::{Jacobian, SwGroup};
use crate::engine::{compare, Outcome, Routine, RoutineInfo, Verdict, VerdictKind};
use crate::generators::coincidence::{
    self, meetings_of_logs, meetings_on_curve, Plan, COINCIDENCE_CLASSES, PREDICATE_MAX_TERMS,
};
use crate::generators::points::{
    checked_logs, point_class_holds, point_class_holds_by_logs, point_classes, points, GenPoint,
    Representation, LOG_RELATION_CLASSES,
};
use crate::generators::scalars::{scalar_class_holds, SCALAR_CLASSES};
use crate::generators::Gen;
use crate::repro::project::ReproCode;
use ecdiff_oracles::group::known_log_msm;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::Zero;
use std::cell::OnceCell;
use std::marker::PhantomData;

/// An MSM under test, taking bases in Jacobian coordinates.
pub trait Msm<C: SwGroup>: Send + Sync + 'static {
    /// Σ scalars\[i\]·bases\[i\]. Scalars are canonical (below the group order); both slices have
    /// the same length (possibly zero).
    fn msm(&self, bases: &[Jacobian<C::F>], scalars: &[BigUint]) -> Point<C::F>;

    /// A standalone reproducer of this MSM on `bases` and `scalars` ([`crate::repro`]), whose
    /// correct result is `expected`; `None` where the library has no template.
    fn reproducer(
        &self,
        _bases: &[Jacobian<C::F>],
        _scalars: &[BigUint],
        _expected: &Point<C::F>,
    ) -> Option<ReproCode> {
        None
    }
}

/// An MSM under test, taking affine bases (the identity as [`Point::Identity`]).
pub trait AffineMsm<C: SwGroup>: Send + Sync + 'static {
    /// Σ scalars\[i\]·bases\[i\].
    fn msm(&self, bases: &[Point<C::F>], scalars: &[BigUint]) -> Point<C::F>;

    /// A standalone reproducer of this MSM on `bases` and `scalars`, whose correct result is
    /// `expected` ([`crate::repro`]); `None` where the library has no template.
    fn reproducer(
        &self,
        _bases: &[Point<C::F>],
        _scalars: &[BigUint],
        _expected: &Point<C::F>,
    ) -> Option<ReproCode> {
        None
    }
}

/// The subject of an [`MsmCheck`]: Jacobian or affine input.
pub enum MsmSubject<C: SwGroup> {
    /// Bases as drawn, in any representation.
    Jacobian(Box<dyn Msm<C>>),
    /// Bases normalized by construction (z = 1), handed over as affine points.
    Affine(Box<dyn AffineMsm<C>>),
}

/// One MSM case.
#[derive(Clone, Debug)]
pub struct MsmCase<F> {
    /// The bases, with their known logs.
    pub bases: Vec<GenPoint<F>>,
    /// The scalars, below the order.
    pub scalars: Vec<BigUint>,
}

/// The differential check of an MSM.
pub struct MsmCheck<C: SwGroup> {
    spec: Spec,
    subject: MsmSubject<C>,
    _group: PhantomData<C>,
}

/// The default case count of an MSM whose spec sets none: that of the built-in MSM rows
/// (`dory_g1_msm`, `ark_g1_msm`, …), so a downstream MSM gets the budget that finds a
/// coincidence of its accumulation order ([`crate::generators::coincidence`]).
pub const MSM_CASES: u32 = 320;

/// A check of a Jacobian-input MSM.
pub fn check<C: SwGroup, S: Msm<C>>(spec: Spec, subject: S) -> MsmCheck<C> {
    MsmCheck {
        spec: spec.shape_default(MSM_CASES),
        subject: MsmSubject::Jacobian(Box::new(subject)),
        _group: PhantomData,
    }
}

/// A check of an affine-input MSM.
pub fn check_affine<C: SwGroup, S: AffineMsm<C>>(spec: Spec, subject: S) -> MsmCheck<C> {
    MsmCheck {
        spec: spec.shape_default(MSM_CASES),
        subject: MsmSubject::Affine(Box::new(subject)),
        _group: PhantomData,
    }
}

impl<C: SwGroup> MsmCheck<C> {
    /// Relabels `case` after an edit made once it was drawn (a term replaced by another):
    /// takes back the classes recorded on `g` that it no longer has and records the
    /// coincidences the edited sum has, judged from the case's logs: the generator's own
    /// knowledge, as at drawing time (the class predicates judge the result apart from it).
    /// Length classes stay; classes this shape does not know are left alone.
    pub fn relabel_after_edit(&self, g: &mut Gen, case: &MsmCase<C::F>) {
        let c = C::instance();
        let order = c.order();
        let logs: Vec<BigUint> = case.bases.iter().map(|b| b.log.clone()).collect();
        let refs: Vec<&BigUint> = logs.iter().collect();
        let meetings = coincidence::classes(&refs, &case.scalars, order);
        let recorded: Vec<&'static str> = g.classes().iter().copied().collect();
        for class in recorded {
            let holds = if COINCIDENCE_CLASSES.contains(&class) {
                Some(meetings.contains(&class))
            } else if LOG_RELATION_CLASSES.contains(&class) {
                point_class_holds_by_logs(class, &logs, order)
            } else if class == REPEATED_TERM_OTHER_Z {
                Some(repeated_term_other_z_by_logs(
                    &logs,
                    &case.scalars,
                    &case.bases,
                ))
            } else {
                // The identity and representation classes (no arithmetic), the scalars'.
                point_class_holds(c, class, &case.bases)
                    .or_else(|| scalar_class_holds(class, &case.scalars, order))
            };
            if holds == Some(false) {
                g.withdraw(class);
            }
        }
        for class in meetings {
            g.hit(class);
        }
    }

    /// A case of `n` terms, with the coincidence planned for it ([`coincidence::plan`]), so
    /// that a check that edits the case afterwards can solve the plan again.
    pub fn generate_len_planned(&self, g: &mut Gen, n: usize) -> (MsmCase<C::F>, Option<Plan>) {
        let c = C::instance();
        let bases = points(g, c, n, self.representation());
        let logs: Vec<&BigUint> = bases.iter().map(|b| &b.log).collect();
        let drawn = coincidence::draw(g, n, c.order());
        let planned = coincidence::plan(g, &logs, c.order());
        let scalars = drawn.solve(g, planned, &logs, c.order());
        coincidence::record(g, &logs, &scalars, c.order());
        if self.representation() == Representation::Jacobian
            && repeated_term_other_z(&bases, &scalars)
        {
            g.hit(REPEATED_TERM_OTHER_Z);
        }
        (MsmCase { bases, scalars }, planned)
    }

    /// [`Routine::generate`] with the coincidence planned for the case.
    pub fn generate_planned(&self, g: &mut Gen) -> (MsmCase<C::F>, Option<Plan>) {
        let n = self.spec.lengths.draw(g);
        self.generate_len_planned(g, n)
    }

    fn representation(&self) -> Representation {
        match self.subject {
            MsmSubject::Jacobian(_) => Representation::Jacobian,
            MsmSubject::Affine(_) => Representation::Affine,
        }
    }
}

/// The class of a Jacobian MSM with two terms of one affine point and one scalar whose z
/// differ: a bucket (or a Straus step) adds P to P handed over in another projective form, which
/// a doubling check comparing raw coordinates (X₁ = X₂ instead of X₁Z₂² = X₂Z₁²) misses.
pub const REPEATED_TERM_OTHER_Z: &str = "bucket_repeated_term_other_z";

/// Whether two terms have one non-identity base (equal logs), one non-zero scalar and
/// different z.
fn repeated_term_other_z<F: ecdiff_oracles::field::Field>(
    bases: &[GenPoint<F>],
    scalars: &[BigUint],
) -> bool {
    (0..bases.len()).any(|j| {
        !bases[j].log.is_zero()
            && !scalars[j].is_zero()
            && (0..j).any(|i| {
                bases[i].log == bases[j].log
                    && scalars[i] == scalars[j]
                    && bases[i].jac.z != bases[j].jac.z
            })
    })
}

/// [`repeated_term_other_z`] of a long list whose logs were checked on the curve
/// ([`checked_logs`]: equal logs are equal points), the terms grouped by hashing: some
/// non-identity point and non-zero scalar occur twice with different z.
fn repeated_term_other_z_by_logs<F: ecdiff_oracles::field::Field>(
    logs: &[BigUint],
    scalars: &[BigUint],
    bases: &[GenPoint<F>],
) -> bool {
    let mut first_z = std::collections::HashMap::new();
    (logs.iter().zip(scalars).zip(bases)).any(|((a, s), b)| {
        if a.is_zero() || s.is_zero() {
            return false;
        }
        first_z.entry((a, s)).or_insert(&b.jac.z) != &&b.jac.z
    })
}

/// The affine point of a Jacobian representation with z ∈ {0, 1}: no arithmetic involved.
pub(crate) fn normalized_as_affine<F: ecdiff_oracles::field::Field>(j: &Jacobian<F>) -> Point<F> {
    if j.z.is_zero() {
        Point::Identity
    } else {
        assert!(j.z == j.z.one_like(), "affine input drawn with z ≠ 1");
        Point::Affine {
            x: j.x.clone(),
            y: j.y.clone(),
        }
    }
}

/// A long list's logs, checked on the curve at most once per case
/// ([`MsmCheck::classes_hold_with_logs`]): `None` inside once a claim is wrong.
pub type CheckedLogs = OnceCell<Option<Vec<BigUint>>>;

impl<C: SwGroup> MsmCheck<C> {
    /// [`Routine::classes_hold`], with the logs of a long list kept in `logs` for a caller
    /// that reads more classes off them ([`Self::checked_logs`]).
    pub fn classes_hold_with_logs(
        &self,
        case: &MsmCase<C::F>,
        classes: &[&'static str],
        logs: &CheckedLogs,
    ) -> Vec<Option<bool>> {
        if case.bases.len() <= PREDICATE_MAX_TERMS {
            return (classes.iter())
                .map(|class| self.class_holds(case, class))
                .collect();
        }
        let c = C::instance();
        let logs = || Self::checked_logs(case, logs);
        let meetings = OnceCell::new();
        let meetings = || {
            meetings.get_or_init(|| {
                logs().as_ref().map(|logs| {
                    let refs: Vec<&BigUint> = logs.iter().collect();
                    meetings_of_logs(&refs, &case.scalars, c.order())
                })
            })
        };
        (classes.iter())
            .map(|&class| {
                if COINCIDENCE_CLASSES.contains(&class) {
                    return Some(meetings().as_ref().is_some_and(|m| m.contains(class)));
                }
                if class == REPEATED_TERM_OTHER_Z {
                    return Some(logs().as_ref().is_some_and(|logs| {
                        repeated_term_other_z_by_logs(logs, &case.scalars, &case.bases)
                    }));
                }
                if LOG_RELATION_CLASSES.contains(&class) {
                    return Some(logs().as_ref().is_some_and(|logs| {
                        point_class_holds_by_logs(class, logs, c.order()) == Some(true)
                    }));
                }
                self.class_holds(case, class)
            })
            .collect()
    }

    /// The logs of `case`'s bases, checked on the curve ([`checked_logs`]) on first use and
    /// kept in `cell`; `None` if a claim is wrong.
    pub fn checked_logs<'a>(
        case: &MsmCase<C::F>,
        cell: &'a CheckedLogs,
    ) -> &'a Option<Vec<BigUint>> {
        cell.get_or_init(|| checked_logs(C::instance(), &case.bases))
    }
}

impl<C: SwGroup> SizedCheck for MsmCheck<C> {
    fn generate_len(&self, g: &mut Gen, n: usize) -> Self::Case {
        self.generate_len_planned(g, n).0
    }
}

impl<C: SwGroup> Routine for MsmCheck<C> {
    type Case = MsmCase<C::F>;
    type Output = Point<C::F>;

    fn info(&self) -> RoutineInfo {
        let mut classes = self.spec.lengths.classes();
        classes.extend(point_classes(self.representation()));
        classes.extend(SCALAR_CLASSES);
        classes.extend(COINCIDENCE_CLASSES);
        if self.representation() == Representation::Jacobian {
            classes.push(REPEATED_TERM_OTHER_Z);
        }
        self.spec.info(
            "known-log (Σ sᵢ·aᵢ mod r)·G; per-point naive sum on disagreement",
            classes,
        )
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let n = self.spec.lengths.draw(g);
        self.generate_len(g, n)
    }

    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        let c = C::instance();
        let curve = c.curve();
        let n = case.bases.len();
        let affine = || -> Vec<Point<C::F>> {
            (case.bases.iter())
                .map(|b| curve.from_jacobian(&b.jac.x, &b.jac.y, &b.jac.z))
                .collect()
        };
        if class == REPEATED_TERM_OTHER_Z {
            let a = affine();
            return Some((0..n).any(|j| {
                (0..j).any(|i| {
                    a[j] != Point::Identity
                        && a[i] == a[j]
                        && case.scalars[i] == case.scalars[j]
                        && !case.scalars[j].is_zero()
                        && case.bases[i].jac.z != case.bases[j].jac.z
                })
            }));
        }
        if COINCIDENCE_CLASSES.contains(&class) {
            if n > PREDICATE_MAX_TERMS {
                return None;
            }
            let found = meetings_on_curve(curve, &affine(), &case.scalars);
            return Some(found.contains(class));
        }
        (self.spec.lengths.class_holds(class, n))
            .or_else(|| point_class_holds(c, class, &case.bases))
            .or_else(|| scalar_class_holds(class, &case.scalars, c.order()))
    }

    /// Lists of up to [`PREDICATE_MAX_TERMS`] terms: [`Routine::class_holds`] per class, by
    /// the points' arithmetic. Longer ones: their logs checked on the curve once
    /// ([`checked_logs`]), then the relations between terms read off the logs.
    fn classes_hold(&self, case: &Self::Case, classes: &[&'static str]) -> Vec<Option<bool>> {
        self.classes_hold_with_logs(case, classes, &CheckedLogs::new())
    }

    fn reproducer(&self, case: &Self::Case, oracle: &Outcome<Point<C::F>>) -> Option<ReproCode> {
        let Outcome::Value(expected) = oracle else {
            return None;
        };
        match &self.subject {
            MsmSubject::Jacobian(s) => {
                let bases: Vec<_> = case.bases.iter().map(|b| b.jac.clone()).collect();
                s.reproducer(&bases, &case.scalars, expected)
            }
            MsmSubject::Affine(s) => {
                let bases: Vec<_> = (case.bases.iter())
                    .map(|b| normalized_as_affine(&b.jac))
                    .collect();
                s.reproducer(&bases, &case.scalars, expected)
            }
        }
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        match &self.subject {
            MsmSubject::Jacobian(s) => {
                let bases: Vec<_> = case.bases.iter().map(|b| b.jac.clone()).collect();
                Outcome::Value(s.msm(&bases, &case.scalars))
            }
            MsmSubject::Affine(s) => {
                let bases: Vec<_> = case
                    .bases
                    .iter()
                    .map(|b| normalized_as_affine(&b.jac))
                    .collect();
                Outcome::Value(s.msm(&bases, &case.scalars))
            }
        }
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        let terms: Vec<(&BigUint, &BigUint)> = case
            .scalars
            .iter()
            .zip(case.bases.iter().map(|b| &b.log))
            .collect();
        Outcome::Value(known_log_msm(C::instance(), &terms))
    }

    fn compare(
        &self,
        case: &Self::Case,
        subject: &Outcome<Self::Output>,
        oracle: &Outcome<Self::Output>,
    ) -> Verdict {
        let mut v = compare(subject, oracle, |s, o| {
            format!("subject {} vs oracle {}", hex_point(s), hex_point(o))
        });
        if v.kind == VerdictKind::Mismatch && case.bases.len() <= 64 {
            let c = C::instance();
            let curve = c.curve();
            let mut naive = Point::Identity;
            for (b, s) in case.bases.iter().zip(&case.scalars) {
                let p = curve.from_jacobian(&b.jac.x, &b.jac.y, &b.jac.z);
                naive = curve.add(&naive, &curve.mul(&p, s));
            }
            let confirms = oracle.value() == Some(&naive);
            v.detail.push_str(if confirms {
                "; the per-point naive sum confirms the oracle"
            } else {
                "; ORACLE SELF-CHECK FAILED: the naive sum differs from the known-log result"
            });
        }
        v
    }

    fn render_case(&self, case: &Self::Case) -> String {
        format!(
            "n = {}\nbases = {}\nscalars = {}",
            case.bases.len(),
            hex_gen_points(&case.bases),
            hex_scalars(&case.scalars)
        )
    }

    fn render_output(&self, output: &Self::Output) -> String {
        hex_point(output)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::{case_bytes, Bias};
    use ecdiff_oracles::curves::Bn254G1;
    use ecdiff_oracles::field::Field;

    struct Unused;
    impl Msm<Bn254G1> for Unused {
        fn msm(
            &self,
            _: &[Jacobian<ecdiff_oracles::field::Fp>],
            _: &[BigUint],
        ) -> Point<ecdiff_oracles::field::Fp> {
            unreachable!()
        }
    }

    /// `bucket_repeated_term_other_z` is exactly a case with two terms whose decoded affine
    /// points are equal and not the identity, whose scalars are equal and non-zero, and whose
    /// raw z differ; and the default MSM stream draws it.
    #[test]
    fn repeated_terms_in_other_projective_forms_are_what_the_class_claims() {
        let curve = Bn254G1::instance().curve();
        let msm = check::<Bn254G1, _>(Spec::new("t").lengths(12, &[]), Unused);
        let mut drawn = 0;
        for i in 0..200 {
            let data = case_bytes(0, "other-z", i, 256);
            let mut g = Gen::new(&data, Bias::Edge);
            let case = msm.generate(&mut g);
            let labelled = g.into_classes().contains(REPEATED_TERM_OTHER_Z);
            let affine: Vec<Point<_>> = (case.bases.iter())
                .map(|b| curve.from_jacobian(&b.jac.x, &b.jac.y, &b.jac.z))
                .collect();
            let n = affine.len();
            let found = (0..n).any(|j| {
                (0..j).any(|i| {
                    affine[j] != Point::Identity
                        && affine[i] == affine[j]
                        && case.scalars[i] == case.scalars[j]
                        && case.scalars[j] != BigUint::from(0u8)
                        && case.bases[i].jac.z != case.bases[j].jac.z
                })
            });
            assert_eq!(labelled, found, "case {i}");
            drawn += usize::from(found);
        }
        assert!(drawn >= 5, "drawn in {drawn} of 200 cases");
    }

    /// A class predicate answers for the case as it is, not for its label: a case labelled
    /// `scalar_zero`, `identity` and `len_small`, altered to lose each property, fails each
    /// predicate (and passes them before).
    #[test]
    fn a_class_the_case_no_longer_has_does_not_hold() {
        let msm = check::<Bn254G1, _>(Spec::new("t").lengths(12, &[]), Unused);
        let generator = Bn254G1::instance().curve().generator.clone();
        let (mut zero, mut identity, mut small) = (false, false, false);
        for i in 0..400 {
            let data = case_bytes(0, "class-lost", i, 256);
            let mut g = Gen::new(&data, Bias::Edge);
            let mut case = msm.generate(&mut g);
            let classes = g.into_classes();
            if classes.contains("scalar_zero") {
                assert_eq!(msm.class_holds(&case, "scalar_zero"), Some(true));
                let mut lost = case.clone();
                for s in lost.scalars.iter_mut().filter(|s| s.is_zero()) {
                    *s = BigUint::from(1u8);
                }
                assert_eq!(
                    msm.class_holds(&lost, "scalar_zero"),
                    Some(false),
                    "case {i}"
                );
                zero = true;
            }
            if classes.contains("identity") {
                assert_eq!(msm.class_holds(&case, "identity"), Some(true));
                for b in case.bases.iter_mut().filter(|b| b.jac.z.is_zero()) {
                    let (x, y) = match &generator {
                        Point::Affine { x, y } => (x.clone(), y.clone()),
                        Point::Identity => unreachable!(),
                    };
                    b.jac = Jacobian {
                        x,
                        y,
                        z: b.jac.z.one_like(),
                    };
                }
                assert_eq!(msm.class_holds(&case, "identity"), Some(false), "case {i}");
                identity = true;
            }
            if classes.contains("len_small") {
                assert_eq!(msm.class_holds(&case, "len_small"), Some(true));
                case.bases.truncate(2);
                case.scalars.truncate(2);
                assert_eq!(msm.class_holds(&case, "len_small"), Some(false), "case {i}");
                small = true;
            }
        }
        assert!(zero && identity && small, "{zero} {identity} {small}");
    }
}
