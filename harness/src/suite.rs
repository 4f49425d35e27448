//! Test suites as a library, in the manner of arkworks' test-templates.
//!
//! [`Suite`] runs a routine's default budget under proptest: the strategy is a byte buffer,
//! the same decoder turns it into a case, and a case whose verdict is not the expected one
//! fails the property. proptest then shrinks the bytes, and the suite saves the minimal input
//! as a corpus file with a readable companion and panics with the seed, the case and the
//! command that replays it. After a passing run it checks that every edge class the routine
//! declares was reached — a class that never occurs is a vacuous test.
//!
//! `ECDIFF_SEED` (default 0) seeds the run; `ECDIFF_CASES` overrides every routine's case
//! count; `ECDIFF_CASES_SCALE` multiplies the defaults (e.g. 10 for a long run).
//!
//! [`routine_suite!`](crate::routine_suite) stamps the `#[test]` for one routine.

use crate::corpus::{self, CorpusPaths, Provenance};
use crate::engine::{Detail, DynRoutine, VerdictKind};
use crate::gen::Bias;
use proptest::collection::vec;
use proptest::prelude::any;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

/// The size of the byte buffers the suites and the CLI feed the decoder.
pub const CASE_BYTES: usize = 256;

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
        }
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

    /// Reports the first finding as found, without shrinking it (the zoo's tests only need
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

    /// Runs the budget; returns what was observed, or the first (shrunk) finding.
    pub fn try_run(&self) -> Result<SuiteReport, Box<SuiteFailure>> {
        let info = self.routine.info();
        let mut seed_bytes = [0u8; 32];
        seed_bytes[..8].copy_from_slice(&self.seed.to_le_bytes());
        seed_bytes[8..16]
            .copy_from_slice(&crate::gen::stable_hash(info.name.as_bytes()).to_le_bytes());
        let config = Config {
            cases: self.cases,
            failure_persistence: None,
            max_shrink_iters: if self.shrink { 256 } else { 0 },
            max_shrink_time: 60_000,
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
    pub fn run(&self) -> SuiteReport {
        let info = self.routine.info();
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

    fn failure(&self, bytes: Vec<u8>) -> SuiteFailure {
        let run = self.routine.run_bytes(&bytes, self.bias, Detail::Always);
        let provenance = Provenance {
            seed: Some(self.seed),
            case_index: None,
            source: format!("cargo test (proptest, {} cases, shrunk)", self.cases),
        };
        let saved = if self.save {
            corpus::save_finding(
                &CorpusPaths::under(&findings_dir()),
                &run,
                &bytes,
                &provenance,
            )
            .ok()
        } else {
            None
        };
        SuiteFailure {
            run,
            bytes,
            seed: self.seed,
            cases: self.cases,
            saved,
        }
    }
}

/// Where suites save the inputs of their failures: `ECDIFF_FINDINGS_DIR`, default
/// `target/ecdiff-findings` in the repository. (Campaigns write into the corpus itself.)
pub fn findings_dir() -> std::path::PathBuf {
    std::env::var_os("ECDIFF_FINDINGS_DIR")
        .map(Into::into)
        .unwrap_or_else(|| corpus::repo_root().join("target").join("ecdiff-findings"))
}

/// A finding from a suite, with everything needed to reproduce it.
#[derive(Debug)]
pub struct SuiteFailure {
    /// The (shrunk) case's run, with details.
    pub run: crate::engine::CaseRun,
    /// Its input bytes.
    pub bytes: Vec<u8>,
    /// The suite's seed.
    pub seed: u64,
    /// The suite's case count.
    pub cases: u32,
    /// Where the input and its companion were saved, if saving worked.
    pub saved: Option<(std::path::PathBuf, std::path::PathBuf)>,
}

impl std::fmt::Display for SuiteFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let run = &self.run;
        writeln!(f, "ecdiff finding: {}: {}", run.routine, run.verdict.kind)?;
        writeln!(f, "  expected: {}", run.expected.kind)?;
        writeln!(f, "  detail:   {}", run.verdict.detail)?;
        writeln!(f, "  classes:  {}", run.classes.join(", "))?;
        writeln!(
            f,
            "  rerun:    ECDIFF_SEED={} ECDIFF_CASES={} cargo test",
            self.seed, self.cases
        )?;
        writeln!(f, "  input:    {}", hex::encode(&self.bytes))?;
        if let Some((input, note)) = &self.saved {
            writeln!(
                f,
                "  saved:    {} (notes: {})",
                input.display(),
                note.display()
            )?;
            writeln!(f, "  replay:   {}", corpus::replay_command(input))?;
        }
        if let Some(d) = &run.details {
            writeln!(
                f,
                "--- case\n{}\n--- subject\n{}\n--- oracle\n{}",
                d.case, d.subject, d.oracle
            )?;
        }
        Ok(())
    }
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
