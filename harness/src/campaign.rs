//! Campaigns: run many seeded cases of many routines, count what happened, and save every new
//! finding to the corpus the moment it turns up.
//!
//! Case `i` of routine `R` in a campaign with seed `S` is decoded from
//! `case_bytes(S, R, i, CASE_BYTES)` ([`crate::generators::case_bytes`]), so any case of any run can be
//! recomputed from three numbers (`ecdiff case R i --seed S`). Routines run one after another;
//! the cases of one routine are shared among `threads` workers that claim indices in order,
//! so the cases that ran always form a prefix `0..n` of the stream, even when a time budget or
//! Ctrl-C ends the routine early. Each worker keeps its own counters; they are merged when the
//! routine ends, so counting costs no locking.
//!
//! A finding (a verdict other than the one the routine expects for the case) is minimized
//! ([`crate::minimize`], [`Config::minimize`] per finding) and grouped by its
//! [`Signature`]: one group per bug. The first finding of a group is written to the corpus
//! with [`corpus::save`] — the minimized input under `corpus/<routine>/` and a readable
//! companion under `findings/<routine>/` that shows the minimized case first and the case as
//! found below it, plus the original input beside it — and handed to the [`Observer`] at
//! once, so an interrupted or crashed campaign keeps what it found. Later findings of the
//! same group are counted. A routine that fails on every case would spend the campaign
//! minimizing, so at most [`Config::max_saved_per_kind`] findings of each verdict kind are
//! minimized per routine; later ones join the first group with the same kind and
//! attribution, or start an unminimized group of their own.
//!
//! The campaign itself prints nothing: the command line implements [`Observer`] with progress
//! bars, tests use [`Silent`].
//!
//! With the `zoo` feature, `zoo` measures every bug-zoo variant under the edge-biased
//! generators and the uniform baseline with the same budget (issue 7).

use crate::corpus::{self, CorpusPaths};
use crate::engine::{CaseRun, Detail, DynRoutine, RoutineInfo, VerdictKind};
use crate::finding::{Finding, Origin, Provenance};
use crate::generators::CASE_BYTES;
use crate::generators::{case_bytes, Bias};
use crate::minimize::Signature;
use crate::report::{CampaignReport, FindingGroup, RoutineReport, SavedFinding};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long each routine runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// Each routine's [`default_cases`].
    Defaults,
    /// This many cases per routine.
    Cases(u64),
    /// This much wall time in all, shared evenly among the routines still to run.
    Time(Duration),
}

impl Budget {
    /// How the budget reads in a report.
    pub fn describe(&self) -> String {
        match self {
            Budget::Defaults => "each routine's default cases".into(),
            Budget::Cases(n) => format!("{n} cases per routine"),
            Budget::Time(t) => format!("{} s in all", t.as_secs_f64()),
        }
    }
}

/// The cases a default campaign runs for a routine: its `default_cases`, the budget its
/// `cargo test` suite runs too.
pub fn default_cases(info: &RoutineInfo) -> u64 {
    u64::from(info.default_cases)
}

/// A campaign's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// The seed of the case stream.
    pub seed: u64,
    /// The budget.
    pub budget: Budget,
    /// Cases run at once (each subject still runs in the engine's fixed rayon pool).
    pub threads: usize,
    /// Edge-biased or uniform.
    pub bias: Bias,
    /// Where findings are saved; `None` to save nothing.
    pub save: Option<CorpusPaths>,
    /// At most this many findings of each verdict kind are minimized per routine.
    pub max_saved_per_kind: usize,
    /// The time budget for minimizing one finding; `None` saves findings as found.
    pub minimize: Option<Duration>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            seed: 0,
            budget: Budget::Defaults,
            threads: default_threads(),
            bias: Bias::Edge,
            save: None,
            max_saved_per_kind: 3,
            minimize: Some(crate::minimize::DEFAULT_BUDGET),
        }
    }
}

/// The machine's available parallelism (1 if unknown).
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

/// Receives a campaign's events as they happen (from worker threads).
pub trait Observer: Sync {
    /// A routine starts; `planned` is its case count (`None` under a time budget, where
    /// `time` is its share).
    fn routine_started(&self, _info: &RoutineInfo, _planned: Option<u64>, _time: Option<Duration>) {
    }
    /// A case finished.
    fn case_finished(&self, _info: &RoutineInfo, _run: &CaseRun) {}
    /// A new finding, already saved when saving is on.
    fn finding(&self, _run: &CaseRun, _saved: &SavedFinding) {}
    /// A routine ended.
    fn routine_finished(&self, _report: &RoutineReport) {}
}

/// An observer that ignores everything.
pub struct Silent;

impl Observer for Silent {}

/// Runs a campaign over `routines`. Setting `stop` ends it after the cases in flight; the
/// report then covers what ran and says it was interrupted.
pub fn run(
    routines: &[&dyn DynRoutine],
    config: &Config,
    stop: &AtomicBool,
    observer: &dyn Observer,
) -> CampaignReport {
    let start = Instant::now();
    let mut report = CampaignReport {
        tool: format!("ecdiff {}", env!("CARGO_PKG_VERSION")),
        seed: config.seed,
        bias: bias_name(config.bias).into(),
        budget: config.budget.describe(),
        profile: profile_name().into(),
        threads: config.threads.max(1),
        subject_threads: crate::engine::subject_threads(),
        corpus: config
            .save
            .as_ref()
            .map(|p| corpus::display_path(&p.corpus).display().to_string()),
        ..Default::default()
    };
    for (k, routine) in routines.iter().enumerate() {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let limit = match config.budget {
            Budget::Defaults => Limit::Cases(default_cases(&routine.info())),
            Budget::Cases(n) => Limit::Cases(n),
            Budget::Time(total) => {
                let left = total.saturating_sub(start.elapsed());
                Limit::Time(left / (routines.len() - k) as u32)
            }
        };
        report
            .routines
            .push(run_routine(*routine, config, limit, stop, observer));
    }
    report.interrupted = stop.load(Ordering::SeqCst);
    report.wall_seconds = start.elapsed().as_secs_f64();
    report
}

/// One routine's share of the budget.
#[derive(Clone, Copy, Debug)]
pub enum Limit {
    /// Exactly this many cases (unless stopped).
    Cases(u64),
    /// As many cases as fit in this much time.
    Time(Duration),
}

/// `edge` or `uniform`.
pub fn bias_name(bias: Bias) -> &'static str {
    match bias {
        Bias::Edge => "edge",
        Bias::Uniform => "uniform",
    }
}

/// `debug` or `release`, by whether debug assertions are on.
pub fn profile_name() -> &'static str {
    if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    }
}

#[derive(Default)]
struct Tally {
    cases: u64,
    classes: BTreeMap<&'static str, u64>,
    verdicts: BTreeMap<VerdictKind, u64>,
    findings: BTreeMap<VerdictKind, u64>,
    known: u64,
    subject: Duration,
    oracle: Duration,
    decode: Duration,
}

impl Tally {
    fn add(&mut self, run: &CaseRun) {
        self.cases += 1;
        for &c in &run.classes {
            *self.classes.entry(c).or_default() += 1;
        }
        *self.verdicts.entry(run.verdict.kind).or_default() += 1;
        if run.is_finding() {
            *self.findings.entry(run.verdict.kind).or_default() += 1;
        } else if run.is_known_finding() {
            self.known += 1;
        }
        self.subject += run.timings.subject;
        // The check's side of a case: the oracle, the comparison and the expected verdict
        // (a routine's known-finding predicate can decode and check points too).
        self.oracle += run.timings.oracle + run.timings.compare;
        self.decode += run.timings.decode;
    }

    fn merge(&mut self, other: Tally) {
        self.cases += other.cases;
        for (c, n) in other.classes {
            *self.classes.entry(c).or_default() += n;
        }
        for (k, n) in other.verdicts {
            *self.verdicts.entry(k).or_default() += n;
        }
        for (k, n) in other.findings {
            *self.findings.entry(k).or_default() += n;
        }
        self.known += other.known;
        self.subject += other.subject;
        self.oracle += other.oracle;
        self.decode += other.decode;
    }
}

/// Runs one routine of a campaign.
pub fn run_routine(
    routine: &dyn DynRoutine,
    config: &Config,
    limit: Limit,
    stop: &AtomicBool,
    observer: &dyn Observer,
) -> RoutineReport {
    let info = routine.info();
    let (planned, time) = match limit {
        Limit::Cases(n) => (Some(n), None),
        Limit::Time(t) => (None, Some(t)),
    };
    observer.routine_started(&info, planned, time);
    let start = Instant::now();
    let deadline = time.map(|t| start + t);
    let next = AtomicU64::new(0);
    let groups = Mutex::new(Groups::default());
    let total = Mutex::new(Tally::default());

    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let mut tally = Tally::default();
                loop {
                    if stop.load(Ordering::SeqCst) || deadline.is_some_and(|d| Instant::now() >= d)
                    {
                        break;
                    }
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if planned.is_some_and(|n| index >= n) {
                        break;
                    }
                    let bytes = case_bytes(config.seed, info.name, index, CASE_BYTES);
                    let run = routine.run_bytes(&bytes, config.bias, Detail::OnFinding);
                    tally.add(&run);
                    if run.is_finding() {
                        groups
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .add(routine, config, &run, &bytes, index, observer);
                    }
                    observer.case_finished(&info, &run);
                }
                total.lock().unwrap_or_else(|e| e.into_inner()).merge(tally);
            });
        }
    });

    let tally = total.into_inner().unwrap_or_else(|e| e.into_inner());
    let groups = groups.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut saved = groups.saved;
    saved.sort_by_key(|s| s.case);
    let groups: Vec<FindingGroup> = groups.groups.into_iter().map(|(_, g)| g).collect();
    let report = RoutineReport {
        routine: info.name.into(),
        family: info.family.into(),
        subject: info.subject.into(),
        function: info.function.into(),
        cases: tally.cases,
        planned,
        classes_declared: info.classes.iter().map(|c| c.to_string()).collect(),
        classes_reached: tally
            .classes
            .iter()
            .map(|(c, n)| (c.to_string(), *n))
            .collect(),
        classes_missing: info
            .classes
            .iter()
            .filter(|c| !tally.classes.contains_key(*c))
            .map(|c| c.to_string())
            .collect(),
        verdicts: tally
            .verdicts
            .iter()
            .map(|(k, n)| (k.name().to_string(), *n))
            .collect(),
        agreements: tally
            .verdicts
            .get(&VerdictKind::Agree)
            .copied()
            .unwrap_or(0),
        findings: tally
            .findings
            .iter()
            .map(|(k, n)| (k.name().to_string(), *n))
            .collect(),
        known_findings: tally.known,
        subject_seconds: tally.subject.as_secs_f64(),
        oracle_seconds: tally.oracle.as_secs_f64(),
        decode_seconds: tally.decode.as_secs_f64(),
        wall_seconds: start.elapsed().as_secs_f64(),
        saved,
        groups,
    };
    observer.routine_finished(&report);
    report
}

/// The command that recomputes case `index` of a seeded run (nothing saved).
pub fn recompute_command(routine: &str, seed: u64, index: u64, bias: Bias) -> String {
    format!(
        "cargo run --release -p ecdiff -- case {routine} {index} --seed {seed}{}",
        if bias == Bias::Uniform {
            " --uniform"
        } else {
            ""
        }
    )
}

/// A routine's findings by bug, as the campaign goes.
#[derive(Default)]
struct Groups {
    /// Findings minimized so far, per verdict kind.
    minimized: BTreeMap<VerdictKind, usize>,
    /// One group per signature, in order of discovery.
    groups: Vec<(Signature, FindingGroup)>,
    /// Every file saved.
    saved: Vec<SavedFinding>,
}

impl Groups {
    /// Files a finding: minimized (within the per-kind cap), then counted in its group, or
    /// saved and reported as a new group's witness.
    fn add(
        &mut self,
        routine: &dyn DynRoutine,
        config: &Config,
        run: &CaseRun,
        bytes: &[u8],
        index: u64,
        observer: &dyn Observer,
    ) {
        let recompute = recompute_command(run.routine, config.seed, index, config.bias);
        let mut finding = Finding {
            run: run.clone(),
            bytes: bytes.to_vec(),
            origin: Origin::BuiltIn,
            provenance: Provenance {
                seed: Some(config.seed),
                case_index: Some(index),
                source: format!(
                    "`ecdiff run` (seed {}, case {index}; recompute the case as found with `{recompute}`)",
                    config.seed
                ),
            },
            saved: None,
            original: None,
        };
        let minimized = self.minimized.entry(run.verdict.kind).or_default();
        let signature = if *minimized < config.max_saved_per_kind {
            *minimized += 1;
            // Corpus files and tapes replay under the edge bias; a uniform run is the baseline.
            match config.minimize.filter(|_| config.bias == Bias::Edge) {
                Some(budget) => finding.minimize(routine, config.bias, budget),
                None => Signature::of(run, routine.tape(bytes, config.bias).as_ref()),
            }
        } else {
            let attribution = run.verdict.attribution();
            if let Some((_, group)) = self
                .groups
                .iter_mut()
                .find(|(s, _)| s.kind == run.verdict.kind && s.attribution == attribution)
            {
                group.count += 1;
                return;
            }
            Signature::of(run, routine.tape(bytes, config.bias).as_ref())
        };
        if let Some((_, group)) = self.groups.iter_mut().find(|(s, _)| s.same_bug(&signature)) {
            group.count += 1;
            return;
        }
        let witness = save(config, &mut finding, index, &recompute);
        if let Some(original) = finding.original.take() {
            // The case as found, saved too: a regression input on the path it took.
            let mut as_found = Finding {
                run: original.run,
                bytes: original.bytes,
                original: None,
                saved: None,
                ..finding.clone()
            };
            let saved = save(config, &mut as_found, index, &recompute);
            self.saved.push(saved);
        }
        observer.finding(&finding.run, &witness);
        self.saved.push(witness.clone());
        let group = FindingGroup {
            signature: signature.render(),
            verdict: signature.kind.name().into(),
            attribution: signature.attribution.clone(),
            lengths: signature.lengths.clone(),
            classes: signature.classes.iter().map(|c| c.to_string()).collect(),
            count: 1,
            witness,
            witness_input: hex::encode(&finding.bytes),
        };
        self.groups.push((signature, group));
    }
}

/// Saves `finding` to the corpus when the campaign saves (edge bias only: corpus files replay
/// under it), and describes it for the report.
fn save(config: &Config, finding: &mut Finding, index: u64, recompute: &str) -> SavedFinding {
    let mut saved = SavedFinding {
        case: index,
        verdict: finding.run.verdict.kind.name().into(),
        detail: finding.run.verdict.detail.clone(),
        input: None,
        companion: None,
        replay: recompute.to_string(),
        minimized: finding.original.as_ref().map(|o| o.minimization.clone()),
    };
    let Some(paths) = config.save.as_ref().filter(|_| config.bias == Bias::Edge) else {
        return saved;
    };
    match corpus::save(paths, finding) {
        Ok(()) => {
            saved.replay = finding.replay_command();
            if let Some((input, note)) = &finding.saved {
                saved.input = Some(corpus::display_path(input).display().to_string());
                saved.companion = Some(corpus::display_path(note).display().to_string());
            }
        }
        Err(e) => {
            saved.detail = format!("{} (NOT SAVED: {e})", saved.detail);
        }
    }
    saved
}

#[cfg(feature = "zoo")]
pub use zoo_campaign::zoo;

#[cfg(feature = "zoo")]
mod zoo_campaign {
    use super::*;
    use crate::report::{ZooReport, ZooRow, ZooStats, ZooTrial};
    use crate::zoo::{detect, ZooVariant};

    /// Runs every variant under [`Bias::Edge`] and [`Bias::Uniform`] with seeds `0..seeds`,
    /// `budget` cases per search (default: the routine's `default_cases`), on `threads`
    /// workers. `progress(done, total)` is called after each search.
    pub fn zoo(
        variants: &[ZooVariant],
        seeds: u64,
        budget: Option<u64>,
        threads: usize,
        stop: &AtomicBool,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> ZooReport {
        let start = Instant::now();
        let budget_of =
            |v: &ZooVariant| budget.unwrap_or_else(|| u64::from(v.check.info().default_cases));
        let work: Vec<(usize, Bias, u64)> = (0..variants.len())
            .flat_map(|v| {
                [Bias::Edge, Bias::Uniform]
                    .into_iter()
                    .flat_map(move |b| (0..seeds).map(move |s| (v, b, s)))
            })
            .collect();
        let total = work.len() as u64;
        let next = AtomicU64::new(0);
        let done = AtomicU64::new(0);
        let results: Mutex<Vec<(usize, Bias, ZooTrial)>> = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                scope.spawn(|| loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst) as usize;
                    let Some(&(v, bias, seed)) = work.get(i) else {
                        break;
                    };
                    let d = detect(&variants[v], bias, seed, budget_of(&variants[v]));
                    if let Some(bug) = &d.ecdiff_bug {
                        eprintln!("ecdiff bug (oracle_panicked) in the zoo: {bug}");
                    }
                    results.lock().unwrap_or_else(|e| e.into_inner()).push((
                        v,
                        bias,
                        ZooTrial {
                            seed,
                            caught: d.caught,
                            cases: d.cases,
                            seconds: d.time.as_secs_f64(),
                            ecdiff_bug: d.ecdiff_bug.is_some(),
                        },
                    ));
                    progress(done.fetch_add(1, Ordering::SeqCst) + 1, total);
                });
            }
        });
        let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
        let trials = |v: usize, b: Bias| -> Vec<ZooTrial> {
            results
                .iter()
                .filter(|(rv, rb, _)| *rv == v && *rb == b)
                .map(|(_, _, t)| *t)
                .collect()
        };
        let rows = variants
            .iter()
            .enumerate()
            .map(|(i, v)| ZooRow {
                variant: v.name.into(),
                routine: v.routine.into(),
                bug: v.bug.into(),
                trigger: v.trigger.into(),
                budget: budget_of(v),
                edge: ZooStats::from_trials(trials(i, Bias::Edge)),
                uniform: ZooStats::from_trials(trials(i, Bias::Uniform)),
            })
            .collect();
        ZooReport {
            tool: format!("ecdiff {}", env!("CARGO_PKG_VERSION")),
            profile: profile_name().into(),
            seeds,
            budget: match budget {
                Some(n) => format!("{n} cases per search"),
                None => "each routine's default cases per search".into(),
            },
            interrupted: stop.load(Ordering::SeqCst),
            wall_seconds: start.elapsed().as_secs_f64(),
            rows,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(feature = "arkworks")]
    fn a_campaign_runs_a_prefix_of_the_stream_and_counts_it() {
        let planted = crate::minimize::tests::planted();
        let routine: &dyn DynRoutine = &planted;
        let config = Config {
            budget: Budget::Cases(3),
            threads: 2,
            ..Config::default()
        };
        let report = run(&[routine], &config, &AtomicBool::new(false), &Silent);
        assert_eq!(report.routines.len(), 1);
        let r = &report.routines[0];
        assert_eq!(r.cases, 3);
        assert_eq!(r.verdicts.values().sum::<u64>(), 3);
        assert!(!report.interrupted);
    }

    #[test]
    #[cfg(feature = "arkworks")]
    fn findings_of_one_bug_make_one_group_with_a_minimized_witness() {
        let routine = crate::minimize::tests::planted();
        let dir = std::env::temp_dir().join(format!("ecdiff-groups-{}", std::process::id()));
        let paths = CorpusPaths::for_corpus_dir(&dir.join("corpus"));
        let config = Config {
            seed: 1,
            budget: Budget::Cases(40),
            threads: 2,
            save: Some(paths.clone()),
            ..Config::default()
        };
        let report = run(&[&routine], &config, &AtomicBool::new(false), &Silent);
        let r = &report.routines[0];
        let found = r.finding_count();
        assert!(found > 3, "the planted bug shows on many cases: {found}");
        // One bug, one group, holding every finding; its witness is the threshold's edge.
        assert_eq!(r.groups.len(), 1, "{:#?}", r.groups);
        let group = &r.groups[0];
        assert_eq!(group.count, found);
        assert_eq!(group.lengths, [3]);
        assert!(group.witness.minimized.is_some());
        // Saved: the minimized witness and the case it came from, both replaying as findings.
        assert_eq!(r.saved.len(), 2);
        for saved in &r.saved {
            let file = saved.input.as_ref().expect("saved");
            // Outside the working directory, saved paths are absolute.
            let bytes = std::fs::read(file).expect("readable");
            let replay = routine.run_bytes(&bytes, Bias::Edge, Detail::OnFinding);
            assert!(replay.is_finding());
        }
        let witness = std::fs::read_to_string(group.witness.companion.as_ref().expect("note"))
            .expect("companion");
        let minimized_at = witness
            .find("## Case (minimized)")
            .expect("minimized first");
        let original_at = witness
            .find("## The case as found")
            .expect("original below");
        assert!(minimized_at < original_at);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A case run with the given verdict, expectation and phase times (in ms).
    fn timed_run(
        kind: VerdictKind,
        expected: crate::engine::Expected,
        [decode, subject, oracle, compare]: [u64; 4],
    ) -> CaseRun {
        CaseRun {
            routine: "tally",
            verdict: crate::engine::Verdict::new(kind, "detail"),
            expected,
            classes: vec!["identity"],
            timings: crate::engine::Timings {
                decode: Duration::from_millis(decode),
                subject: Duration::from_millis(subject),
                oracle: Duration::from_millis(oracle),
                compare: Duration::from_millis(compare),
            },
            details: None,
            decoded: true,
        }
    }

    /// The tally counts verdicts, findings and known findings apart, and charges the
    /// comparison (where known-finding predicates run) to the check's side with the oracle,
    /// never to the subject; merging two tallies adds every field.
    #[test]
    fn the_tally_charges_comparison_to_the_check_and_merges_by_sum() {
        use crate::engine::Expected;
        let known = Expected::known(VerdictKind::SubjectPanicked, "a documented bug");
        let mut first = Tally::default();
        first.add(&timed_run(
            VerdictKind::Agree,
            Expected::AGREE,
            [1, 10, 100, 1000],
        ));
        first.add(&timed_run(
            VerdictKind::SubjectPanicked,
            known,
            [2, 20, 200, 2000],
        ));
        let mut second = Tally::default();
        second.add(&timed_run(
            VerdictKind::Mismatch,
            Expected::AGREE,
            [4, 40, 400, 4000],
        ));

        assert_eq!(first.cases, 2);
        assert_eq!(first.known, 1);
        assert!(first.findings.is_empty(), "{:?}", first.findings);
        assert_eq!(first.decode, Duration::from_millis(3));
        assert_eq!(first.subject, Duration::from_millis(30));
        assert_eq!(first.oracle, Duration::from_millis(3300));

        first.merge(second);
        assert_eq!(first.cases, 3);
        assert_eq!(first.classes["identity"], 3);
        assert_eq!(first.verdicts[&VerdictKind::Mismatch], 1);
        assert_eq!(first.findings[&VerdictKind::Mismatch], 1);
        assert_eq!(first.known, 1);
        assert_eq!(first.decode, Duration::from_millis(7));
        assert_eq!(first.subject, Duration::from_millis(70));
        assert_eq!(first.oracle, Duration::from_millis(7700));
    }

    #[test]
    #[cfg(feature = "arkworks")]
    fn a_stopped_campaign_runs_nothing_more() {
        let planted = crate::minimize::tests::planted();
        let routine: &dyn DynRoutine = &planted;
        let report = run(
            &[routine],
            &Config::default(),
            &AtomicBool::new(true),
            &Silent,
        );
        assert!(report.interrupted);
        assert!(report.routines.is_empty());
    }
}
