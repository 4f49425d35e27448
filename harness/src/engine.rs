//! The differential engine: a routine is a named pair of a subject and an oracle; a case is
//! decoded from bytes; both sides run with panics captured; their canonical outputs are
//! compared into a verdict.
//!
//! [`Routine`] is the typed interface a routine implements; [`DynRoutine`] is its object-safe
//! face, which the registry, the CLI, the fuzz targets and the corpus replay use: bytes in,
//! [`CaseRun`] out.

pub mod panic;
pub mod verdict;

pub use panic::PanicReport;
pub use verdict::{compare, diff_vec, Expected, Outcome, Verdict, VerdictKind};

use crate::generators::tape::Tape;
use crate::generators::{Bias, Gen};
use crate::repro::project::ReproCode;
use serde::Serialize;
use std::fmt::Debug;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// What a routine is: the stable name and the facts `ecdiff list` prints.
#[derive(Clone, Debug, Serialize)]
pub struct RoutineInfo {
    /// Stable lower-case identifier: the fuzz target, corpus folder, CLI name and test module.
    pub name: &'static str,
    /// The family it belongs to (`dory`, `secp256k1`, `curve25519`).
    pub family: &'static str,
    /// The crate and version under test, e.g. `dory-pcs 0.5.0`.
    pub subject: &'static str,
    /// The code path under test, e.g. `G1Routines::msm`.
    pub function: &'static str,
    /// The oracle it is checked against.
    pub oracle: &'static str,
    /// The edge classes this routine depends on; each must be reached by the default budget.
    pub classes: Vec<&'static str>,
    /// Default number of cases for `cargo test` (debug) and the CLI's default campaign.
    pub default_cases: u32,
    /// Whether a subject panic is one of the subject's own contract checks firing (a debug-only
    /// precondition such as k256's field-magnitude assertions): such a panic is a
    /// `contract_violation`, not a crash. Set by the routine's family ([`crate::declare::Family`]);
    /// [`no_contract_check`] by default.
    #[serde(skip)]
    pub contract_check: fn(&PanicReport) -> bool,
}

/// The default [`RoutineInfo::contract_check`]: no panic is a contract check.
pub fn no_contract_check(_: &PanicReport) -> bool {
    false
}

/// A routine under test.
///
/// Implementations decode a case with [`Gen`], run the subject and the oracle on it, and return
/// canonical encodings (affine coordinates as integers or `Identity`, RFC 8032 / RFC 9496 bytes),
/// never library values. Adapters only decode, call and encode: they never reduce, normalize or
/// otherwise fix up an input that the oracle receives raw.
pub trait Routine: Send + Sync + 'static {
    /// The decoded input.
    type Case: Debug + Send + Sync;
    /// The canonical encoding both sides produce.
    type Output: PartialEq + Debug + Send;

    /// Name, family, subject and declared edge classes.
    fn info(&self) -> RoutineInfo;

    /// Decodes a case, recording the edge classes it belongs to.
    fn generate(&self, g: &mut Gen) -> Self::Case;

    /// Runs the optimized code under test.
    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output>;

    /// Runs the independent oracle.
    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output>;

    /// The verdict this case should get: agreement, or a known finding documented here.
    fn expected(&self, _case: &Self::Case) -> Expected {
        Expected::AGREE
    }

    /// On a case whose expected verdict is a known finding and whose verdict is of that kind:
    /// whether the subject did exactly what the finding documents (the value or encoding it
    /// returns, its refusal, its panic's location and message). `Err(how it differs)` makes
    /// the case a new finding: a known finding covers the documented behaviour only, never
    /// any other wrong value of the same kind. The default accepts the verdict kind alone, for
    /// checks whose `compare` already pins the behaviour itself.
    fn known_behaviour(
        &self,
        _case: &Self::Case,
        _subject: &Outcome<Self::Output>,
    ) -> Result<(), String> {
        Ok(())
    }

    /// Compares the two outcomes. The default is [`verdict::compare`] with a `Debug` diff.
    fn compare(
        &self,
        _case: &Self::Case,
        subject: &Outcome<Self::Output>,
        oracle: &Outcome<Self::Output>,
    ) -> Verdict {
        compare(subject, oracle, |s, o| self.diff(s, o))
    }

    /// Describes how two different outputs differ (used in mismatch verdicts).
    fn diff(&self, subject: &Self::Output, oracle: &Self::Output) -> String {
        format!(
            "subject {} vs oracle {}",
            self.render_output(subject),
            self.render_output(oracle)
        )
    }

    /// A readable rendering of a case (points and scalars in hex).
    fn render_case(&self, case: &Self::Case) -> String {
        format!("{case:#?}")
    }

    /// Whether the decoded `case` has the property of the edge class `class`, by a predicate
    /// on what the subject receives (decoded coordinates, scalars, lengths), never by the
    /// label the generator recorded about itself; `None` where the routine has no predicate
    /// for the class yet (`routines/class_predicates.rs` lists those, and fails on any other).
    fn class_holds(&self, _case: &Self::Case, _class: &str) -> Option<bool> {
        None
    }

    /// [`Routine::class_holds`] of each of `classes`, in order: for a routine whose predicates
    /// share one costly view of the case (long lists: decoded once, not once per class).
    fn classes_hold(&self, case: &Self::Case, classes: &[&'static str]) -> Vec<Option<bool>> {
        (classes.iter())
            .map(|class| self.class_holds(case, class))
            .collect()
    }

    /// A readable rendering of an output.
    fn render_output(&self, output: &Self::Output) -> String {
        format!("{output:?}")
    }

    /// The case as a standalone reproducer's code ([`crate::repro`]): the statements that
    /// build it with the subject's own API and call the function under test, and the line
    /// `oracle` (the oracle's outcome on the case) renders to. `None` where the routine's shape
    /// has no template yet, or for an oracle outcome a reproducer cannot state (a panic).
    fn reproducer(&self, _case: &Self::Case, _oracle: &Outcome<Self::Output>) -> Option<ReproCode> {
        None
    }
}

/// Wall time spent in each phase of one case.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Timings {
    /// Decoding bytes into a case (including the oracle-side generation of known-log points).
    pub decode: Duration,
    /// The subject call.
    pub subject: Duration,
    /// The oracle call.
    pub oracle: Duration,
    /// Comparison, the expected verdict (known-finding predicates) and the rendering of a
    /// finding's details.
    pub compare: Duration,
}

/// The readable side of a case run: what a finding's companion file shows.
#[derive(Clone, Debug, Serialize)]
pub struct CaseDetails {
    /// The decoded case.
    pub case: String,
    /// The subject's outcome.
    pub subject: String,
    /// The oracle's outcome.
    pub oracle: String,
}

/// Everything known about one case after it ran.
#[derive(Clone, Debug, Serialize)]
pub struct CaseRun {
    /// The routine's name.
    pub routine: &'static str,
    /// The verdict.
    pub verdict: Verdict,
    /// The verdict the routine expected for this case.
    pub expected: Expected,
    /// The edge classes the case belongs to.
    pub classes: Vec<&'static str>,
    /// Time per phase.
    pub timings: Timings,
    /// Readable case and outputs; present for findings and when asked for.
    pub details: Option<CaseDetails>,
    /// Whether the bytes decoded into a case. When the decoder panics (an ecdiff bug, or a
    /// corpus file the decoder no longer accepts) the verdict is `oracle_panicked`.
    pub decoded: bool,
}

impl CaseRun {
    /// Whether the verdict differs from the expected one: a new finding.
    pub fn is_finding(&self) -> bool {
        self.verdict.kind != self.expected.kind
    }

    /// Whether the verdict is a known finding the routine documents.
    pub fn is_known_finding(&self) -> bool {
        !self.is_finding() && self.expected.kind != VerdictKind::Agree
    }
}

/// When to render [`CaseDetails`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Only for findings (campaigns and suites: rendering large cases costs time).
    OnFinding,
    /// Always (replay).
    Always,
}

/// The object-safe face of a [`Routine`]: bytes in, [`CaseRun`] out.
pub trait DynRoutine: Send + Sync {
    /// Name, family, subject and declared edge classes.
    fn info(&self) -> RoutineInfo;

    /// Decodes `data` and runs the case.
    fn run_bytes(&self, data: &[u8], bias: Bias, detail: Detail) -> CaseRun;

    /// Decodes `data` only, recording the decoder's choices (`None` if the decoder panics).
    fn tape(&self, data: &[u8], bias: Bias) -> Option<Tape>;

    /// The routine as [`std::any::Any`], to recover its concrete check: how a bug-zoo variant
    /// takes a routine row's own check and swaps its subject.
    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any>;

    /// Decodes `data` and checks every class it records against the decoded case
    /// ([`Routine::class_holds`]): each class with `Some(holds)`, or `None` when unchecked.
    fn check_classes(&self, data: &[u8], bias: Bias) -> Vec<(&'static str, Option<bool>)>;

    /// Decodes `data` and makes the case's reproducer code ([`Routine::reproducer`]), or says
    /// why there is none.
    fn reproducer(&self, data: &[u8], bias: Bias) -> Result<ReproCode, String>;
}

impl<R: Routine> DynRoutine for R {
    fn info(&self) -> RoutineInfo {
        Routine::info(self)
    }

    fn run_bytes(&self, data: &[u8], bias: Bias, detail: Detail) -> CaseRun {
        run_case(self, data, bias, detail)
    }

    fn tape(&self, data: &[u8], bias: Bias) -> Option<Tape> {
        panic::capture(|| {
            let mut g = Gen::recording(data, bias);
            self.generate(&mut g);
            g.take_tape()
        })
        .ok()
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }

    fn check_classes(&self, data: &[u8], bias: Bias) -> Vec<(&'static str, Option<bool>)> {
        let mut g = Gen::new(data, bias);
        let case = self.generate(&mut g);
        let classes: Vec<&'static str> = g.into_classes().into_iter().collect();
        let holds = self.classes_hold(&case, &classes);
        classes.into_iter().zip(holds).collect()
    }

    fn reproducer(&self, data: &[u8], bias: Bias) -> Result<ReproCode, String> {
        let case = panic::capture(|| self.generate(&mut Gen::new(data, bias)))
            .map_err(|p| format!("the decoder panicked: {p}"))?;
        let oracle = panic::capture(|| self.oracle(&case)).map_err(|p| {
            format!("the oracle panicked on the case (an ecdiff bug, not a finding): {p}")
        })?;
        Routine::reproducer(self, &case, &oracle).ok_or_else(|| {
            format!(
                "routine `{}` has no reproducer template yet",
                Routine::info(self).name
            )
        })
    }
}

/// Runs one case of `routine` from `data`.
pub fn run_case<R: Routine + ?Sized>(
    routine: &R,
    data: &[u8],
    bias: Bias,
    detail: Detail,
) -> CaseRun {
    let name = routine.info().name;
    let mut timings = Timings::default();

    let start = Instant::now();
    let mut g = Gen::new(data, bias);
    let decoded = panic::capture(|| routine.generate(&mut g));
    timings.decode = start.elapsed();
    let classes: Vec<&'static str> = g.into_classes().into_iter().collect();
    let case = match decoded {
        Ok(case) => case,
        Err(p) => {
            // The decoder is harness code: a panic there is an ecdiff bug, reported as such.
            return CaseRun {
                routine: name,
                verdict: Verdict::new(VerdictKind::OraclePanicked, format!("decoder {p}")),
                expected: Expected::AGREE,
                classes,
                timings,
                details: Some(CaseDetails {
                    case: format!("<decoder panicked on {} input bytes>", data.len()),
                    subject: String::new(),
                    oracle: String::new(),
                }),
                decoded: false,
            };
        }
    };

    let checked = check_decoded(routine, &case, detail);
    timings.subject = checked.timings.subject;
    timings.oracle = checked.timings.oracle;
    timings.compare = checked.timings.compare;
    let (verdict, expected, details) = (checked.verdict, checked.expected, checked.details);

    CaseRun {
        routine: name,
        verdict,
        expected,
        classes,
        timings,
        details,
        decoded: true,
    }
}

/// The result of [`check_decoded`].
pub struct Checked {
    /// The verdict.
    pub verdict: Verdict,
    /// The verdict the routine expected.
    pub expected: Expected,
    /// Subject, oracle and comparison times (decode is zero).
    pub timings: Timings,
    /// Readable case and outputs, as [`Detail`] asks.
    pub details: Option<CaseDetails>,
}

/// Runs an already decoded case: subject (in the subject pool) and oracle with panics
/// captured, then the comparison. [`run_case`] is decoding followed by this.
pub fn check_decoded<R: Routine + ?Sized>(routine: &R, case: &R::Case, detail: Detail) -> Checked {
    let mut timings = Timings::default();
    let start = Instant::now();
    // A trace of the codec functions used (`crate::paths`) follows the subject into its pool.
    let tracing = crate::paths::active();
    let subject = match panic::capture(|| {
        let mut result = None;
        in_subject_pool(&mut || {
            result = Some(crate::paths::carried(tracing, || routine.subject(case)));
        });
        result.expect("the subject pool ran the call")
    }) {
        Ok((outcome, trace)) => {
            crate::paths::absorb(trace);
            outcome
        }
        Err(p) => Outcome::Panicked(p),
    };
    // A panic of the subject's own contract checks is a violation of its contract.
    let subject = match subject {
        Outcome::Panicked(p) if (routine.info().contract_check)(&p) => {
            Outcome::Violated(p.to_string())
        }
        other => other,
    };
    timings.subject = start.elapsed();

    let start = Instant::now();
    let oracle = match panic::capture(|| routine.oracle(case)) {
        Ok(outcome) => outcome,
        Err(p) => Outcome::Panicked(p),
    };
    timings.oracle = start.elapsed();

    let start = Instant::now();
    let mut verdict = match panic::capture(|| routine.compare(case, &subject, &oracle)) {
        Ok(v) => v,
        Err(p) => Verdict::new(VerdictKind::OraclePanicked, format!("comparison {p}")),
    };
    let mut expected = routine.expected(case);
    if expected.kind != VerdictKind::Agree && verdict.kind == expected.kind {
        let pinned = panic::capture(|| routine.known_behaviour(case, &subject))
            .unwrap_or_else(|p| Err(format!("checking the known behaviour panicked: {p}")));
        if let Err(how) = pinned {
            // The input of a known finding, but not its behaviour: a new finding.
            verdict.detail = format!(
                "{} (a known finding's input, but not its documented behaviour: {how})",
                verdict.detail
            );
            expected = Expected::AGREE;
        }
    }
    let is_finding = verdict.kind != expected.kind;
    let details = (detail == Detail::Always || is_finding).then(|| CaseDetails {
        case: routine.render_case(case),
        subject: subject.render(|v| routine.render_output(v)),
        oracle: oracle.render(|v| routine.render_output(v)),
    });
    timings.compare = start.elapsed();
    Checked {
        verdict,
        expected,
        timings,
        details,
    }
}

/// The number of threads in the pool subjects run in: `ECDIFF_RAYON_THREADS`, default 4.
///
/// Fixed rather than taken from the machine, because subjects split work by thread count
/// (dory's `gt_msm` chunks are `max(len / threads, 8)`): a case must take the same code path
/// on every machine that replays it.
pub fn subject_threads() -> usize {
    std::env::var("ECDIFF_RAYON_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(4)
}

/// The rayon pool every subject runs in (see [`subject_threads`]). Its threads capture panics
/// quietly, so a subject panicking inside a parallel iterator is reported, not printed.
pub fn subject_pool() -> &'static rayon::ThreadPool {
    pool(false)
}

/// Runs `call` in [`subject_pool`]. Not generic: rayon's `install` is instantiated once here
/// instead of once per routine (each routine's closure is its own type).
fn in_subject_pool(call: &mut (dyn FnMut() + Send)) {
    subject_pool().install(call)
}

/// [`subject_pool`], built with the calling thread as its thread 0 if it is not built yet, so
/// that a subject called from this thread runs on it instead of being handed to a worker while
/// the caller sleeps (a wake-up and a sleep per case: a fifth of a fuzz target's time on a
/// routine of 0.2 ms a case). The pool has the same number of threads either way, so subjects
/// split their work the same way. For a thread that runs every case and lives as long as the
/// process: a fuzz target's (libFuzzer calls every input on its main thread).
pub fn subject_pool_on_this_thread() -> &'static rayon::ThreadPool {
    pool(true)
}

fn pool(on_this_thread: bool) -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| build_pool(on_this_thread))
}

fn build_pool(on_this_thread: bool) -> rayon::ThreadPool {
    panic::install_hook();
    let builder = rayon::ThreadPoolBuilder::new()
        .num_threads(subject_threads())
        .thread_name(|i| format!("ecdiff-subject-{i}"))
        .start_handler(|_| panic::mark_worker_thread());
    let builder = if on_this_thread {
        builder.use_current_thread()
    } else {
        builder
    };
    builder.build().expect("building the subject thread pool")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_on_this_thread_runs_subjects_here_with_as_many_threads() {
        // On a thread of its own: the pool keeps the thread that built it as its thread 0.
        std::thread::spawn(|| {
            let here = std::thread::current().id();
            let joined = build_pool(true);
            assert_eq!(joined.install(|| std::thread::current().id()), here);
            assert_eq!(joined.current_num_threads(), subject_threads());
            let apart = build_pool(false);
            assert_ne!(apart.install(|| std::thread::current().id()), here);
            assert_eq!(apart.current_num_threads(), subject_threads());
            // Work split across the pool still comes back whole.
            let sum: u64 = joined.install(|| {
                use rayon::prelude::*;
                (0..10_000u32)
                    .into_par_iter()
                    .with_min_len(100)
                    .map(u64::from)
                    .sum()
            });
            assert_eq!(sum, 10_000 * 9_999 / 2);
        })
        .join()
        .expect("the pool test thread");
    }

    /// A routine whose parts can be made to fail on purpose.
    struct Toy {
        decoder_panics: bool,
        subject_adds: u64,
    }

    impl Routine for Toy {
        type Case = u64;
        type Output = u64;

        fn info(&self) -> RoutineInfo {
            RoutineInfo {
                name: "toy",
                family: "test",
                subject: "none",
                function: "x + 1",
                oracle: "x + 1",
                classes: vec![],
                default_cases: 1,
                contract_check: no_contract_check,
            }
        }

        fn generate(&self, g: &mut Gen) -> u64 {
            assert!(!self.decoder_panics, "decoder broke");
            g.u64() >> 1
        }

        fn subject(&self, case: &u64) -> Outcome<u64> {
            Outcome::Value(case + self.subject_adds)
        }

        fn oracle(&self, case: &u64) -> Outcome<u64> {
            Outcome::Value(case + 1)
        }
    }

    #[test]
    fn agreement_mismatch_and_decoder_panics_are_told_apart() {
        let data = [7u8; 8];
        let ok = run_case(
            &Toy {
                decoder_panics: false,
                subject_adds: 1,
            },
            &data,
            Bias::Edge,
            Detail::OnFinding,
        );
        assert_eq!(ok.verdict.kind, VerdictKind::Agree);
        assert!(ok.decoded && !ok.is_finding() && ok.details.is_none());

        let bad = run_case(
            &Toy {
                decoder_panics: false,
                subject_adds: 2,
            },
            &data,
            Bias::Edge,
            Detail::OnFinding,
        );
        assert_eq!(bad.verdict.kind, VerdictKind::Mismatch);
        assert!(bad.is_finding() && bad.details.is_some());

        let undecodable = run_case(
            &Toy {
                decoder_panics: true,
                subject_adds: 1,
            },
            &data,
            Bias::Edge,
            Detail::OnFinding,
        );
        assert!(!undecodable.decoded);
        assert_eq!(undecodable.verdict.kind, VerdictKind::OraclePanicked);
        assert!(undecodable.verdict.detail.contains("decoder broke"));
    }

    /// A subject that panics, with or without a contract check that claims its panic.
    struct PanickingToy {
        contract_check: fn(&PanicReport) -> bool,
    }

    impl Routine for PanickingToy {
        type Case = u64;
        type Output = u64;

        fn info(&self) -> RoutineInfo {
            RoutineInfo {
                contract_check: self.contract_check,
                ..Routine::info(&Toy {
                    decoder_panics: false,
                    subject_adds: 1,
                })
            }
        }

        fn generate(&self, g: &mut Gen) -> u64 {
            g.u64()
        }

        fn subject(&self, _: &u64) -> Outcome<u64> {
            panic!("magnitude 9 above 8")
        }

        fn oracle(&self, case: &u64) -> Outcome<u64> {
            Outcome::Value(*case)
        }
    }

    #[test]
    fn a_panic_the_routine_claims_as_a_contract_check_is_a_contract_violation() {
        let claims = |p: &PanicReport| p.message.starts_with("magnitude");
        let run = |contract_check| {
            run_case(
                &PanickingToy { contract_check },
                &[1; 8],
                Bias::Edge,
                Detail::OnFinding,
            )
            .verdict
        };
        let claimed = run(claims);
        assert_eq!(
            claimed.kind,
            VerdictKind::ContractViolation,
            "{}",
            claimed.detail
        );
        assert!(claimed.detail.contains("magnitude 9 above 8"));
        assert_eq!(run(no_contract_check).kind, VerdictKind::SubjectPanicked);
    }
}
