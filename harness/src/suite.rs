//! Test suites as a library, in the manner of arkworks' test-templates.
//!
//! [`Suite`] runs a routine's default budget under proptest: the strategy is a byte buffer,
//! the same decoder turns it into a case, and a case whose verdict is not the expected one
//! fails the property. The suite then minimizes the case ([`crate::minimize`]: fewer terms,
//! simpler scalars and points, the verdict kept; `ECDIFF_MINIMIZE_SECS`, default 5, bounds it)
//! and saves the minimized input
//! as a corpus file with a readable companion and panics with the seed, the case and the
//! command that replays it. After a passing run it checks that every edge class the routine
//! declares was reached — a class that never occurs is a vacuous test.
//!
//! `ECDIFF_SEED` (default 0) seeds the run; `ECDIFF_CASES` overrides every routine's case
//! count; `ECDIFF_CASES_SCALE` multiplies the defaults (e.g. 10 for a long run).
//!
//! [`routine_suite!`](crate::routine_suite) stamps the `#[test]` for one routine.

use crate::corpus::{self, CorpusPaths};
use crate::engine::{Detail, DynRoutine, VerdictKind};
use crate::finding::{Finding, Origin, Provenance};
use crate::generators::{Bias, CASE_BYTES};
use proptest::collection::vec;
use proptest::prelude::any;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

/// The seed of this run: `ECDIFF_SEED`, default 0.
pub fn env_seed() -> u64 {
    env_u64("ECDIFF_SEED").unwrap_or(0)
}

fn env_u64(name: &str) -> Option<u64> {
    let raw = std::env::var(name).ok()?;
    match raw.trim().parse() {
        Ok(v) => Some(v),
        Err(_) => panic!("{name}={raw:?} is not a non-negative integer"),
    }
}

/// The case count for a routine whose default is `default`, after `ECDIFF_CASES` and
/// `ECDIFF_CASES_SCALE`.
pub fn env_cases(default: u32) -> u32 {
    if let Some(n) = env_u64("ECDIFF_CASES") {
        return n as u32;
    }
    let scale = env_u64("ECDIFF_CASES_SCALE").unwrap_or(1).max(1);
    (u64::from(default) * scale).min(u64::from(u32::MAX)) as u32
}

/// What a passing suite observed.
#[derive(Clone, Debug, Default)]
pub struct SuiteReport {
    /// Cases run.
    pub cases: u32,
    /// How many cases reached each class.
    pub classes: BTreeMap<&'static str, u32>,
    /// How many cases got each verdict.
    pub verdicts: BTreeMap<VerdictKind, u32>,
    /// Total subject time.
    pub subject_time: Duration,
    /// Total oracle time.
    pub oracle_time: Duration,
    /// Total decode time.
    pub decode_time: Duration,
}

impl SuiteReport {
    /// The declared classes that no case reached.
    pub fn missing_classes(&self, declared: &[&'static str]) -> Vec<&'static str> {
        declared
            .iter()
            .copied()
            .filter(|c| !self.classes.contains_key(c))
            .collect()
    }

    /// A one-screen summary: verdict counts and the class table.
    pub fn summary(&self, routine: &str) -> String {
        let mut s = format!(
            "{routine}: {} cases; subject {:.2?}, oracle {:.2?}, decode {:.2?}\n  verdicts:",
            self.cases, self.subject_time, self.oracle_time, self.decode_time
        );
        for (k, n) in &self.verdicts {
            s.push_str(&format!(" {k}={n}"));
        }
        s.push_str("\n  edge classes:");
        for (c, n) in &self.classes {
            s.push_str(&format!(" {c}={n}"));
        }
        s
    }
}

/// A routine's proptest suite.
pub struct Suite<'r> {
    routine: &'r dyn DynRoutine,
    cases: u32,
    seed: u64,
    bias: Bias,
    shrink: bool,
    save: bool,
    origin: Origin,
    save_root: std::path::PathBuf,
}

impl<'r> Suite<'r> {
    /// The suite of `routine` with its default budget (see the module docs for overrides).
    pub fn new(routine: &'r dyn DynRoutine) -> Self {
        let default = routine.info().default_cases;
        Suite {
            routine,
            cases: env_cases(default),
            seed: env_seed(),
            bias: Bias::Edge,
            shrink: true,
            save: true,
            origin: Origin::BuiltIn,
            save_root: findings_dir(),
        }
    }

    /// The suite of a downstream crate's own routine, checked by the test `test` of package
    /// `package` whose manifest directory is `manifest_dir` (what [`check!`](crate::check)
    /// passes). Findings are saved under `manifest_dir/ecdiff-findings/` (or
    /// `ECDIFF_FINDINGS_DIR`), and their replay command is that test with `ECDIFF_REPLAY`
    /// naming the saved input.
    pub fn downstream(
        routine: &'r dyn DynRoutine,
        package: &str,
        manifest_dir: &str,
        test: &str,
    ) -> Self {
        let mut suite = Suite::new(routine);
        suite.origin = Origin::Downstream {
            package: package.to_string(),
            test: test.to_string(),
        };
        suite.save_root = std::env::var_os("ECDIFF_FINDINGS_DIR")
            .map(Into::into)
            .unwrap_or_else(|| std::path::Path::new(manifest_dir).join("ecdiff-findings"));
        suite
    }

    /// Overrides the case count.
    pub fn cases(mut self, cases: u32) -> Self {
        self.cases = cases;
        self
    }

    /// Overrides the seed.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Overrides the bias (the zoo's baseline uses [`Bias::Uniform`]).
    pub fn bias(mut self, bias: Bias) -> Self {
        self.bias = bias;
        self
    }

    /// Reports the first finding as found, without minimizing it (the zoo's tests only need
    /// to know that a finding turns up).
    pub fn no_shrink(mut self) -> Self {
        self.shrink = false;
        self
    }

    /// Does not save the finding's input (for findings that are expected, like the zoo's).
    pub fn no_save(mut self) -> Self {
        self.save = false;
        self
    }

    /// Runs the budget; returns what was observed, or the first finding, minimized.
    pub fn try_run(&self) -> Result<SuiteReport, Box<SuiteFailure>> {
        let info = self.routine.info();
        let mut seed_bytes = [0u8; 32];
        seed_bytes[..8].copy_from_slice(&self.seed.to_le_bytes());
        seed_bytes[8..16]
            .copy_from_slice(&crate::generators::stable_hash(info.name.as_bytes()).to_le_bytes());
        let config = Config {
            cases: self.cases,
            failure_persistence: None,
            // Byte-level shrinking cannot see a case's structure; crate::minimize does.
            max_shrink_iters: 0,
            ..Config::default()
        };
        let mut runner = TestRunner::new_with_rng(
            config,
            TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes),
        );
        let report = Mutex::new(SuiteReport::default());
        let result = runner.run(&vec(any::<u8>(), 0..=CASE_BYTES), |bytes| {
            let run = self.routine.run_bytes(&bytes, self.bias, Detail::OnFinding);
            let mut r = report.lock().unwrap_or_else(|e| e.into_inner());
            r.cases += 1;
            for &c in &run.classes {
                *r.classes.entry(c).or_default() += 1;
            }
            *r.verdicts.entry(run.verdict.kind).or_default() += 1;
            r.subject_time += run.timings.subject;
            r.oracle_time += run.timings.oracle;
            r.decode_time += run.timings.decode;
            if run.is_finding() {
                return Err(TestCaseError::fail(format!(
                    "{} (expected {})",
                    run.verdict.kind, run.expected.kind
                )));
            }
            Ok(())
        });
        match result {
            Ok(()) => Ok(report.into_inner().unwrap_or_else(|e| e.into_inner())),
            Err(TestError::Fail(_, bytes)) => Err(Box::new(self.failure(bytes))),
            Err(TestError::Abort(why)) => panic!("{}: proptest aborted: {why}", info.name),
        }
    }

    /// Runs the budget and panics on a finding or on a declared class never reached.
    ///
    /// With `ECDIFF_REPLAY=<file>` naming an input of this routine (a file in a folder named
    /// after it, as findings are saved), runs that input alone instead, and panics if it is
    /// still a finding; with `ECDIFF_MINIMIZE=1` too, minimizes that finding and saves the
    /// minimized case beside the others first ([`Suite::replay_minimized`]).
    pub fn run(&self) -> SuiteReport {
        let info = self.routine.info();
        if let Some(file) = self.replay_target(std::env::var_os("ECDIFF_REPLAY").as_deref()) {
            let replayed = if std::env::var_os("ECDIFF_MINIMIZE").is_some_and(|v| v != "0") {
                self.replay_minimized(&file, minimize_budget())
            } else {
                self.replay(&file)
            };
            return match replayed {
                Ok(_) => SuiteReport {
                    cases: 1,
                    ..SuiteReport::default()
                },
                Err(finding) => panic!("{}", finding.render_text()),
            };
        }
        let report = match self.try_run() {
            Ok(report) => report,
            Err(failure) => panic!("{failure}"),
        };
        eprintln!("{}", report.summary(info.name));
        let missing = report.missing_classes(&info.classes);
        assert!(
            missing.is_empty(),
            "{}: declared edge classes never generated in {} cases (seed {}): {:?}",
            info.name,
            report.cases,
            self.seed,
            missing
        );
        report
    }

    /// The input an `ECDIFF_REPLAY` value names, when it is an input of this routine (a file
    /// in a folder named after it, as findings are saved); `None` otherwise, and then
    /// [`Suite::run`] runs the budget. `run` passes the variable's value; a test that must not
    /// touch the process's environment passes the path itself.
    pub fn replay_target(&self, value: Option<&std::ffi::OsStr>) -> Option<std::path::PathBuf> {
        let file = std::path::PathBuf::from(value?);
        let routine = corpus::folder_routine(&file)?;
        (routine == self.routine.info().name).then_some(file)
    }

    /// Runs one saved input alone, exactly as [`Suite::run`] does under
    /// `ECDIFF_REPLAY=<file>`: the run, or the finding it still is (rendered by `run` before
    /// it panics).
    ///
    /// # Panics
    /// When `file` cannot be read.
    pub fn replay(&self, file: &std::path::Path) -> Result<crate::CaseRun, Box<Finding>> {
        let bytes =
            std::fs::read(file).unwrap_or_else(|e| panic!("ECDIFF_REPLAY={}: {e}", file.display()));
        let run = self.routine.run_bytes(&bytes, Bias::Edge, Detail::Always);
        if run.is_finding() {
            return Err(Box::new(Finding {
                run,
                bytes,
                origin: self.origin.clone(),
                provenance: Provenance {
                    seed: None,
                    case_index: None,
                    source: format!("replay of {}", file.display()),
                },
                saved: None,
                original: None,
            }));
        }
        eprintln!(
            "{}: {} replays to {} (expected {})",
            run.routine,
            file.display(),
            run.verdict.kind,
            run.expected.kind
        );
        Ok(run)
    }

    /// [`Suite::replay`], and a finding is then minimized within `budget` and saved where this
    /// suite saves findings: what `ecdiff replay --minimize` does for a built-in routine,
    /// for a routine only this crate knows.
    pub fn replay_minimized(
        &self,
        file: &std::path::Path,
        budget: std::time::Duration,
    ) -> Result<crate::CaseRun, Box<Finding>> {
        let mut finding = match self.replay(file) {
            Ok(run) => return Ok(run),
            Err(finding) => finding,
        };
        finding.minimize(self.routine, Bias::Edge, budget);
        if let Err(e) = corpus::save(&CorpusPaths::under(&self.save_root), &mut finding) {
            eprintln!("ecdiff: could not save the minimized finding: {e}");
        }
        Err(finding)
    }

    fn failure(&self, bytes: Vec<u8>) -> SuiteFailure {
        let run = self.routine.run_bytes(&bytes, self.bias, Detail::Always);
        let mut finding = Finding {
            run,
            bytes,
            origin: self.origin.clone(),
            provenance: Provenance {
                seed: Some(self.seed),
                case_index: None,
                source: format!(
                    "cargo test (proptest, {} cases; rerun: ECDIFF_SEED={} ECDIFF_CASES={})",
                    self.cases, self.seed, self.cases
                ),
            },
            saved: None,
            original: None,
        };
        if self.shrink {
            finding.minimize(self.routine, self.bias, minimize_budget());
        }
        if self.save {
            if let Err(e) = corpus::save(&CorpusPaths::under(&self.save_root), &mut finding) {
                eprintln!("ecdiff: could not save the finding: {e}");
            }
        }
        SuiteFailure {
            finding,
            seed: self.seed,
            cases: self.cases,
        }
    }
}

/// The time budget for minimizing a suite's finding: `ECDIFF_MINIMIZE_SECS` (default 5 s).
pub fn minimize_budget() -> std::time::Duration {
    env_u64("ECDIFF_MINIMIZE_SECS")
        .map(std::time::Duration::from_secs)
        .unwrap_or(crate::minimize::DEFAULT_BUDGET)
}

/// Where the suites of built-in routines save the inputs of their failures:
/// `ECDIFF_FINDINGS_DIR`, default `target/ecdiff-findings` in ecdiff's repository. (Campaigns
/// write into the corpus itself; downstream suites under their own crate,
/// [`Suite::downstream`].)
pub fn findings_dir() -> std::path::PathBuf {
    std::env::var_os("ECDIFF_FINDINGS_DIR")
        .map(Into::into)
        .unwrap_or_else(|| {
            crate::finding::repo_root()
                .join("target")
                .join("ecdiff-findings")
        })
}

/// A finding from a suite, with everything needed to reproduce it.
#[derive(Debug)]
pub struct SuiteFailure {
    /// The (minimized) finding, saved if saving worked.
    pub finding: Finding,
    /// The suite's seed.
    pub seed: u64,
    /// The suite's case count.
    pub cases: u32,
}

impl std::ops::Deref for SuiteFailure {
    type Target = Finding;

    fn deref(&self) -> &Finding {
        &self.finding
    }
}

impl std::fmt::Display for SuiteFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.finding.render_text())
    }
}

/// Stamps a `#[test]` in a downstream crate that checks its own routine: the one line a
/// routine needs.
///
/// ```ignore
/// ecdiff::check!(my_g1_msm, msm::check::<Bn254G1, _>(Spec::new("my_g1_msm"), MyMsm));
/// ```
///
/// The test runs the routine's suite ([`Suite::downstream`]): findings are saved under the
/// calling crate (`ecdiff-findings/`, or `ECDIFF_FINDINGS_DIR`) and replay with
/// `ECDIFF_REPLAY=<file> cargo test -p <package> <test>`.
#[macro_export]
macro_rules! check {
    ($test:ident, $routine:expr) => {
        #[test]
        fn $test() {
            let routine = $routine;
            let module = module_path!();
            let module = module.split_once("::").map(|(_, rest)| rest).unwrap_or("");
            let test = if module.is_empty() {
                stringify!($test).to_string()
            } else {
                format!("{module}::{}", stringify!($test))
            };
            $crate::suite::Suite::downstream(
                &routine,
                env!("CARGO_PKG_NAME"),
                env!("CARGO_MANIFEST_DIR"),
                &test,
            )
            .run();
        }
    };
}

/// Stamps a `#[test]` that runs a routine's suite.
///
/// ```ignore
/// ecdiff::routine_suite!(dory_g1_msm, ecdiff::routines::by_name("dory_g1_msm").unwrap());
/// ```
#[macro_export]
macro_rules! routine_suite {
    ($name:ident, $routine:expr) => {
        #[test]
        fn $name() {
            let routine = $routine;
            $crate::suite::Suite::new(&*routine).run();
        }
    };
}
