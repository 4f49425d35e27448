//! Multiscalar multiplication Σ sᵢ·Pᵢ over edwards25519 and ristretto255, in the five public
//! forms curve25519-dalek 5 offers.
//!
//! # Paths
//!
//! | form | algorithm (dalek 5.0.0) |
//! |---|---|
//! | `multiscalar_mul` | constant-time Straus, radix-16 digits, whatever the size (`edwards.rs:967`) |
//! | `vartime_multiscalar_mul`, `optional_multiscalar_mul` | Straus (width-5 NAF) below 190 points, Pippenger from 190 with window w = 6, 7 from 500, 8 from 800 (`edwards.rs:1023`, `pippenger.rs:81`); the size is the scalar iterator's `size_hint` |
//! | `vartime_mixed_multiscalar_mul`, `optional_mixed_multiscalar_mul` | precomputed Straus: width-8 NAF tables for the static points, width-5 NAF for the dynamic ones; fewer static scalars than static points are implicit zeros (`precomputed_straus.rs:57`) |
//!
//! Each case records the path its size selects (`path_straus`, `path_pippenger_w6`,
//! `path_pippenger_w7`, `path_pippenger_w8`, `path_straus_consttime`,
//! `path_precomputed_straus`), and the routines declare them, so the vacuity check proves every
//! path ran.
//!
//! The dynamic scalars carry the core's coincidences
//! ([`crate::generators::coincidence`]): a partial sum of the dynamic terms meeting ±the next
//! one, two halves meeting, equal or opposite points with one scalar (in one Straus step or one
//! Pippenger bucket), solved mod ℓ and read in the whole group ℤ/8ℓ
//! ([`EdInput::full_log`](super::edwards::EdInput::full_log)). They are drawn after every other
//! choice, so a saved input of an older ecdiff decodes the same points and scalars.
//!
//! # Oracle
//!
//! Known logs with torsion bookkeeping ([`known_log_sum`]): an input is Pᵢ = aᵢ·B + tᵢ·T and
//! dalek's scalars are canonical, so Σ sᵢ·Pᵢ = (Σ sᵢaᵢ mod ℓ)·B + (Σ sᵢtᵢ mod 8)·T, compared as
//! RFC 8032 (Edwards) or RFC 9496 (ristretto255) encodings. A `None` point in the optional
//! forms must give `None`: the oracle rejects such a case, and accept/reject is compared. On a
//! disagreement the oracle confirms itself with the per-point naive sum (textbook
//! double-and-add over the decoded inputs) for up to 64 terms.

use crate::engine::{compare, Outcome, Routine, RoutineInfo, Verdict, VerdictKind};
use crate::families::curve25519::edwards::{
    checked_logs, full_order, hex_inputs, known_log_sum, point_class_holds_with, points, EdInput,
    Flavor, LogsOnce, Repr, ReprMode, PREDICATE_MAX_POINTS, REPR_CLASSES,
};
use crate::generators::coincidence::{
    self, meetings_by_arithmetic, meetings_of_logs, COINCIDENCE_CLASSES,
};
use crate::generators::scalars::{scalar, scalar_class_holds, SCALAR_CLASSES};
use crate::generators::Gen;
use crate::repro::project::ReproCode;
use crate::shapes::{hex_scalars, Spec};
use ecdiff_oracles::edwards::{self, EdPoint};
use num_bigint::BigUint;

/// A decoded point compared by its canonical encoding (ristretto255's encoding identifies a
/// coset, Edwards' a point), so equality is the group's, not the representative's.
#[derive(Clone)]
struct ByEncoding(EdPoint, [u8; 32]);

impl PartialEq for ByEncoding {
    fn eq(&self, other: &Self) -> bool {
        self.1 == other.1
    }
}

/// The coincidence classes of Σ sᵢ·Pᵢ over decoded points by the oracle's Edwards arithmetic,
/// points compared by their `flavor` encoding ([`meetings_by_arithmetic`]).
fn meetings(
    flavor: Flavor,
    points: &[EdPoint],
    scalars: &[BigUint],
) -> std::collections::BTreeSet<&'static str> {
    let enc = |p: EdPoint| {
        let bytes = flavor.encode(&p);
        ByEncoding(p, bytes)
    };
    let pts: Vec<ByEncoding> = points.iter().cloned().map(enc).collect();
    meetings_by_arithmetic(
        &pts,
        scalars,
        &enc(edwards::identity()),
        |p, s| enc(edwards::mul(&p.0, s)),
        |a, b| enc(edwards::add(&a.0, &b.0)),
        |p| enc(edwards::neg(&p.0)),
    )
}

/// The public multiscalar forms of dalek 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MsmKind {
    /// `MultiscalarMul::multiscalar_mul`: constant-time Straus.
    ConstTime,
    /// `VartimeMultiscalarMul::vartime_multiscalar_mul`: Straus or Pippenger by size.
    Vartime,
    /// `VartimeMultiscalarMul::optional_multiscalar_mul`: the same, with `Option` points.
    Optional,
    /// `VartimePrecomputedMultiscalarMul::vartime_mixed_multiscalar_mul`.
    Mixed,
    /// `VartimePrecomputedMultiscalarMul::optional_mixed_multiscalar_mul`.
    OptionalMixed,
}

impl MsmKind {
    /// Whether the form takes `Option` points.
    pub fn optional(self) -> bool {
        matches!(self, MsmKind::Optional | MsmKind::OptionalMixed)
    }

    /// Whether the form has a precomputed static part.
    pub fn precomputed(self) -> bool {
        matches!(self, MsmKind::Mixed | MsmKind::OptionalMixed)
    }

    /// The path classes this form can record.
    pub fn path_classes(self) -> &'static [&'static str] {
        match self {
            MsmKind::ConstTime => &["path_straus_consttime"],
            MsmKind::Vartime | MsmKind::Optional => &[
                "path_straus",
                "path_pippenger_w6",
                "path_pippenger_w7",
                "path_pippenger_w8",
            ],
            MsmKind::Mixed | MsmKind::OptionalMixed => &["path_precomputed_straus"],
        }
    }
}

/// dalek's variable-time dispatch: Straus below this many points, Pippenger from it.
pub const STRAUS_PIPPENGER: usize = 190;
/// Pippenger's window grows from 6 to 7 bits at this size.
pub const PIPPENGER_W7: usize = 500;
/// Pippenger's window grows from 7 to 8 bits at this size.
pub const PIPPENGER_W8: usize = 800;

/// The path class of a variable-time MSM of `n` points.
pub fn vartime_path(n: usize) -> &'static str {
    if n < STRAUS_PIPPENGER {
        "path_straus"
    } else if n < PIPPENGER_W7 {
        "path_pippenger_w6"
    } else if n < PIPPENGER_W8 {
        "path_pippenger_w7"
    } else {
        "path_pippenger_w8"
    }
}

/// The inputs a subject receives: bytes and canonical scalars only.
#[derive(Clone, Copy, Debug)]
pub struct MsmInput<'a> {
    /// Scalars for the first static points (precomputed forms; may be fewer than the points).
    pub static_scalars: &'a [BigUint],
    /// The precomputed static points (precomputed forms only).
    pub static_points: &'a [Repr],
    /// The (dynamic) scalars.
    pub scalars: &'a [BigUint],
    /// The (dynamic) points; `None` only in the optional forms.
    pub points: &'a [Option<Repr>],
}

/// A Curve25519 multiscalar multiplication under test.
pub trait MsmSubject: Send + Sync + 'static {
    /// The result's canonical encoding; `Rejected` for the optional forms' `None` (or an input
    /// encoding the subject refuses).
    fn msm(&self, input: &MsmInput<'_>) -> Outcome<[u8; 32]>;

    /// A standalone reproducer of this form on `input` whose correct result is `expected`
    /// (an encoding, or `None` for the optional forms' `None`) ([`crate::repro`]); `None`
    /// where the subject has no template.
    fn reproducer(&self, _input: &MsmInput<'_>, _expected: Option<&[u8; 32]>) -> Option<ReproCode> {
        None
    }
}

/// One MSM case.
#[derive(Clone, Debug)]
pub struct MsmCase {
    /// Static points (precomputed forms).
    pub static_points: Vec<EdInput>,
    /// Static scalars, at most as many as static points.
    pub static_scalars: Vec<BigUint>,
    /// Dynamic points (`None` only in the optional forms).
    pub points: Vec<Option<EdInput>>,
    /// Dynamic scalars.
    pub scalars: Vec<BigUint>,
}

/// The differential check of one multiscalar form.
pub struct MsmCheck {
    spec: Spec,
    flavor: Flavor,
    kind: MsmKind,
    subject: Box<dyn MsmSubject>,
}

/// A check of `subject` as the form `kind` over `flavor`.
pub fn check(spec: Spec, flavor: Flavor, kind: MsmKind, subject: impl MsmSubject) -> MsmCheck {
    MsmCheck {
        spec,
        flavor,
        kind,
        subject: Box::new(subject),
    }
}

impl MsmCheck {
    /// The same check (spec, flavor, form) of another subject: a bug-zoo variant of the row.
    pub fn with_subject(self, subject: impl MsmSubject) -> Self {
        MsmCheck {
            subject: Box::new(subject),
            ..self
        }
    }
}

/// The largest number of static points the precomputed forms draw.
pub const STATIC_MAX: usize = 72;

/// The static-part classes of the precomputed forms.
pub const STATIC_CLASSES: &[&str] = &[
    "static_points_0",
    "static_points_1",
    "static_points_few",
    "static_points_many",
    "static_scalars_equal",
    "static_scalars_fewer",
    "static_scalars_0",
];

impl MsmCheck {
    fn has_large(&self) -> bool {
        self.spec.lengths.max > PIPPENGER_W8 + 1
    }

    fn draw_len(&self, g: &mut Gen) -> usize {
        if self.has_large() && g.edgy() && g.chance(1, 12) {
            g.hit("len_large");
            return g.range(PIPPENGER_W8 + 2, self.spec.lengths.max);
        }
        self.spec.lengths.draw(g)
    }

    fn draw_static(&self, g: &mut Gen) -> (Vec<EdInput>, Vec<BigUint>) {
        let l = edwards::order();
        let sp = if g.edgy() {
            match g.weighted(&[10, 10, 50, 30]) {
                0 => {
                    g.hit("static_points_0");
                    0
                }
                1 => {
                    g.hit("static_points_1");
                    1
                }
                2 => {
                    g.hit("static_points_few");
                    g.range(2, 16)
                }
                _ => {
                    g.hit("static_points_many");
                    g.range(17, STATIC_MAX)
                }
            }
        } else {
            g.range(0, 32)
        };
        let ss = if sp == 0 {
            0
        } else if !g.edgy() {
            g.range(0, sp)
        } else if g.chance(1, 2) {
            g.hit("static_scalars_equal");
            sp
        } else {
            g.hit("static_scalars_fewer");
            if sp == 1 || g.chance(1, 4) {
                0
            } else {
                g.range(1, sp - 1)
            }
        };
        if g.edgy() && ss == 0 {
            g.hit("static_scalars_0");
        }
        let static_points = points(g, self.flavor, sp, ReprMode::Mixed);
        let static_scalars = (0..ss).map(|_| scalar(g, l)).collect();
        (static_points, static_scalars)
    }
}

impl Routine for MsmCheck {
    type Case = MsmCase;
    type Output = [u8; 32];

    fn info(&self) -> RoutineInfo {
        let mut classes = self.spec.lengths.classes();
        if self.has_large() {
            classes.push("len_large");
        }
        classes.extend(self.flavor.point_classes());
        classes.extend(REPR_CLASSES);
        classes.extend(SCALAR_CLASSES);
        classes.extend(COINCIDENCE_CLASSES);
        classes.extend(self.kind.path_classes());
        if self.kind.precomputed() {
            classes.extend(STATIC_CLASSES);
        }
        if self.kind.optional() {
            classes.push("none_point");
        }
        self.spec.info(
            "known-log (Σ sᵢaᵢ mod ℓ)·B + (Σ sᵢtᵢ mod 8)·T, RFC 8032 / RFC 9496 encodings; \
             per-point naive sum on disagreement",
            classes,
        )
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let l = edwards::order();
        let (static_points, static_scalars) = if self.kind.precomputed() {
            self.draw_static(g)
        } else {
            (Vec::new(), Vec::new())
        };
        let n = self.draw_len(g);
        // The optional forms' `None`s take places of their own: the points drawn are the
        // points the subject receives, so every point class recorded holds for them.
        let nones = if self.kind.optional() && n > 0 && g.edgy() && g.chance(1, 4) {
            g.hit("none_point");
            g.range(1, 2).min(n)
        } else {
            0
        };
        let dynamic = points(g, self.flavor, n - nones, ReprMode::Mixed);
        let mut points: Vec<Option<EdInput>> = dynamic.into_iter().map(Some).collect();
        for _ in 0..nones {
            let len = points.len();
            let at = match g.below(3) {
                0 => 0,
                1 => len,
                _ => g.below(len as u64 + 1) as usize,
            };
            points.insert(at, None);
        }
        let drawn = coincidence::draw(g, n, l);
        // A `None` counts as the identity (log 0) for the coincidences: the optional forms
        // return `None` for such a case anyway.
        let zero = BigUint::ZERO;
        let logs: Vec<(BigUint, BigUint)> = (points.iter())
            .map(|p| {
                p.as_ref().map_or((zero.clone(), zero.clone()), |p| {
                    (p.log.clone(), p.full_log())
                })
            })
            .collect();
        if g.edgy() {
            g.hit(match self.kind {
                MsmKind::Vartime | MsmKind::Optional => vartime_path(n),
                k => k.path_classes()[0],
            });
        }
        // A relation is solved in the prime-order component (mod ℓ) and holds in the full
        // group when the torsion components agree too; the classes are read mod 8ℓ.
        let prime_logs: Vec<&BigUint> = logs.iter().map(|(a, _)| a).collect();
        let scalars = drawn.coincide(g, &prime_logs, l);
        let full_logs: Vec<&BigUint> = logs.iter().map(|(_, m)| m).collect();
        coincidence::record(g, &full_logs, &scalars, full_order());
        MsmCase {
            static_points,
            static_scalars,
            points,
            scalars,
        }
    }

    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        self.class_holds_with(case, class, &LogsOnce::new(), &LogsOnce::new())
    }

    /// Each class with the case's checked logs computed once (long lists).
    fn classes_hold(&self, case: &Self::Case, classes: &[&'static str]) -> Vec<Option<bool>> {
        let (dynamic, all) = (LogsOnce::new(), LogsOnce::new());
        (classes.iter())
            .map(|class| self.class_holds_with(case, class, &dynamic, &all))
            .collect()
    }

    fn reproducer(&self, case: &Self::Case, oracle: &Outcome<[u8; 32]>) -> Option<ReproCode> {
        let expected = match oracle {
            Outcome::Value(e) => Some(e),
            Outcome::Rejected(_) => None,
            _ => return None,
        };
        let static_points: Vec<Repr> = case.static_points.iter().map(|p| p.repr.clone()).collect();
        let points: Vec<Option<Repr>> = (case.points.iter())
            .map(|p| p.as_ref().map(|p| p.repr.clone()))
            .collect();
        self.subject.reproducer(
            &MsmInput {
                static_scalars: &case.static_scalars,
                static_points: &static_points,
                scalars: &case.scalars,
                points: &points,
            },
            expected,
        )
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        let static_points: Vec<Repr> = case.static_points.iter().map(|p| p.repr.clone()).collect();
        let points: Vec<Option<Repr>> = case
            .points
            .iter()
            .map(|p| p.as_ref().map(|p| p.repr.clone()))
            .collect();
        self.subject.msm(&MsmInput {
            static_scalars: &case.static_scalars,
            static_points: &static_points,
            scalars: &case.scalars,
            points: &points,
        })
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        if case.points.iter().any(Option::is_none) {
            return Outcome::Rejected("a point is None: the optional forms return None".into());
        }
        let mut terms: Vec<(&BigUint, &EdInput)> = case
            .static_scalars
            .iter()
            .zip(&case.static_points)
            .collect();
        terms.extend(
            case.scalars.iter().zip(
                case.points
                    .iter()
                    .map(|p| p.as_ref().expect("checked above")),
            ),
        );
        Outcome::Value(self.flavor.encode(&known_log_sum(&terms)))
    }

    fn compare(
        &self,
        case: &Self::Case,
        subject: &Outcome<Self::Output>,
        oracle: &Outcome<Self::Output>,
    ) -> Verdict {
        let mut v = compare(subject, oracle, |s, o| {
            format!("subject {} vs oracle {}", hex::encode(s), hex::encode(o))
        });
        let terms = case.static_scalars.len() + case.points.len();
        if v.kind == VerdictKind::Mismatch && terms <= 64 && oracle.value().is_some() {
            let mut naive = edwards::identity();
            let pairs = case
                .static_scalars
                .iter()
                .zip(&case.static_points)
                .chain(case.scalars.iter().zip(case.points.iter().flatten()));
            for (s, p) in pairs {
                let point = p
                    .repr
                    .oracle_point(self.flavor)
                    .expect("generated bytes decode");
                naive = edwards::add(&naive, &edwards::mul(&point, s));
            }
            let confirms = oracle.value() == Some(&self.flavor.encode(&naive));
            v.detail.push_str(if confirms {
                "; the per-point naive sum confirms the oracle"
            } else {
                "; ORACLE SELF-CHECK FAILED: the naive sum differs from the known-log result"
            });
        }
        v
    }

    fn render_case(&self, case: &Self::Case) -> String {
        let points: Vec<String> = case
            .points
            .iter()
            .enumerate()
            .map(|(i, p)| match p {
                None => format!("  [{i}] None"),
                Some(p) => format!(
                    "  [{i}] {} (log 0x{:x}, torsion {})",
                    p.repr.hex(),
                    p.log,
                    p.torsion
                ),
            })
            .collect();
        let mut s = format!(
            "{} {:?}, n = {}\npoints = [\n{}\n]\nscalars = {}",
            self.flavor.name(),
            self.kind,
            case.points.len(),
            points.join("\n"),
            hex_scalars(&case.scalars)
        );
        if self.kind.precomputed() {
            s.push_str(&format!(
                "\nstatic points ({}) = {}\nstatic scalars ({}) = {}",
                case.static_points.len(),
                hex_inputs(&case.static_points),
                case.static_scalars.len(),
                hex_scalars(&case.static_scalars)
            ));
        }
        s
    }

    fn render_output(&self, output: &Self::Output) -> String {
        hex::encode(output)
    }
}

impl MsmCheck {
    /// [`Routine::class_holds`], with the checked logs of the dynamic points and of all points
    /// kept in `dynamic_logs` and `all_logs` for the case's next class.
    fn class_holds_with(
        &self,
        case: &MsmCase,
        class: &str,
        dynamic_logs: &LogsOnce,
        all_logs: &LogsOnce,
    ) -> Option<bool> {
        let n = case.points.len();
        let (sp, ss) = (case.static_points.len(), case.static_scalars.len());
        let dynamic: Vec<&EdInput> = case.points.iter().flatten().collect();
        let holds = match class {
            "len_large" => n >= PIPPENGER_W8 + 2,
            "none_point" => case.points.iter().any(Option::is_none),
            "path_straus" | "path_pippenger_w6" | "path_pippenger_w7" | "path_pippenger_w8" => {
                vartime_path(n) == class
            }
            "path_straus_consttime" => self.kind == MsmKind::ConstTime,
            "path_precomputed_straus" => self.kind.precomputed(),
            "static_points_0" => sp == 0,
            "static_points_1" => sp == 1,
            "static_points_few" => (2..=16).contains(&sp),
            "static_points_many" => (17..=STATIC_MAX).contains(&sp),
            "static_scalars_equal" => sp > 0 && ss == sp,
            "static_scalars_fewer" => ss < sp,
            "static_scalars_0" => ss == 0,
            // One representation class per list (the static and the dynamic one).
            "all_z_one" => {
                let encoded = |ps: &[&EdInput]| {
                    !ps.is_empty() && ps.iter().all(|p| matches!(p.repr, Repr::Encoded(_)))
                };
                let statics: Vec<&EdInput> = case.static_points.iter().collect();
                encoded(&dynamic) || encoded(&statics)
            }
            c if COINCIDENCE_CLASSES.contains(&c) => {
                if dynamic.len() < n {
                    return None;
                }
                if n > PREDICATE_MAX_POINTS {
                    // Long lists: the logs checked on the curve once, the meetings read off them.
                    let checked = dynamic_logs.get_or_init(|| checked_logs(self.flavor, &dynamic));
                    let Some((logs, modulus)) = checked else {
                        return Some(false);
                    };
                    let logs: Vec<&BigUint> = logs.iter().collect();
                    return Some(meetings_of_logs(&logs, &case.scalars, modulus).contains(c));
                }
                let pts: Vec<EdPoint> = (dynamic.iter())
                    .map(|p| p.repr.oracle_point(self.flavor).expect("generated bytes"))
                    .collect();
                meetings(self.flavor, &pts, &case.scalars).contains(c)
            }
            _ => {
                let scalars: Vec<BigUint> = (case.scalars.iter())
                    .chain(&case.static_scalars)
                    .cloned()
                    .collect();
                let points: Vec<&EdInput> =
                    dynamic.iter().copied().chain(&case.static_points).collect();
                return (self.spec.lengths.class_holds(class, n))
                    .or_else(|| point_class_holds_with(self.flavor, class, &points, all_logs))
                    .or_else(|| scalar_class_holds(class, &scalars, edwards::order()));
            }
        };
        Some(holds)
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
