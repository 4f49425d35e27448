//! The `ecdiff` command line: list the routines, run a campaign, replay corpus files, recompute
//! one case, seed and check the corpus, measure the bug zoo.
//!
//! Exit codes, for every command: 0 when every check agreed (known findings allowed), 1 when
//! something new was found (a finding, a corpus problem, a zoo variant that escaped), 2 for bad
//! usage or bad input (an unknown routine, an unreadable or undecodable file), with a one-line
//! error that says what to fix.
#![warn(missing_docs)]

use clap::{Args, Parser, Subcommand};
use ecdiff::campaign::{self, Budget, Config, Observer};
use ecdiff::corpus::{self, CorpusPaths, Provenance};
use ecdiff::engine::{CaseRun, Detail, DynRoutine, RoutineInfo, VerdictKind};
use ecdiff::finding::{Finding, Origin};
use ecdiff::generators::CASE_BYTES;
use ecdiff::generators::{case_bytes, Bias};
use ecdiff::report::{RoutineReport, SavedFinding};
use ecdiff::routines;
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// `println!` that ends the process quietly when stdout is closed (`ecdiff list | head`).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            stdout_failed(e)
        }
    }};
}

/// `print!`, likewise.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout().lock(), $($arg)*) {
            stdout_failed(e)
        }
    }};
}

fn stdout_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("ecdiff: cannot write to stdout: {e}");
    std::process::exit(2);
}

/// Differential correctness testing of optimized elliptic-curve routines against naive oracles.
#[derive(Parser, Debug)]
#[command(name = "ecdiff", version, about, long_about = None)]
#[command(
    after_help = "Exit codes: 0 all agreed (known findings allowed), 1 something new \
was found, 2 bad usage or input.\nSee README.md."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List every routine: subject crate and version, function, oracle, edge classes.
    List(ListArgs),
    /// Run a campaign of seeded cases over routines and print a report.
    Run(RunArgs),
    /// Replay corpus files or folders and print each verdict.
    Replay(ReplayArgs),
    /// Recompute one case of a seeded run: `case_bytes(seed, routine, index)`.
    Case(CaseArgs),
    /// Measure the bug zoo: does ecdiff catch each broken variant, and how fast (needs
    /// `--features zoo`).
    Zoo(ZooArgs),
    /// Seed, import into and check the regression corpus.
    #[command(subcommand)]
    Corpus(CorpusCommand),
    /// Measure what the check costs against the code under test: the default campaign on one
    /// case thread, per routine subject, generation and oracle time and their ratio, with fuzz
    /// targets' exec/s beside the CLI's (from `scripts/fuzz-bench.sh`); `--write` puts the
    /// table into BENCHMARKS.md.
    Bench(BenchArgs),
    /// Measure what the code under test executed: line and region coverage of each routine's
    /// functions under test, from an instrumented build of ecdiff (rustup's llvm-tools,
    /// installed when missing). Exits 1 when a routine could not be measured.
    Coverage(CoverageArgs),
    /// Maintainer tools.
    #[command(subcommand, hide = true)]
    Dev(DevCommand),
}

#[derive(Args, Debug)]
struct ListArgs {
    /// One routine name per line (for scripts).
    #[arg(long, conflicts_with = "json")]
    names: bool,
    /// Everything as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct RunArgs {
    /// Routines to run, by name or name prefix (e.g. `dory_g1`); all when none is given.
    #[arg(value_name = "ROUTINE|PREFIX")]
    routines: Vec<String>,
    /// Cases per routine [default: each routine's default, the budget of its `cargo test`
    /// suite].
    #[arg(long, value_name = "N", conflicts_with = "time")]
    cases: Option<u64>,
    /// Wall time for the whole campaign, in seconds, shared evenly among the routines.
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
    /// Seed of the case stream: case i of routine R is case_bytes(seed, R, i).
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Cases run at once [default: available cores].
    #[arg(long, value_name = "T")]
    threads: Option<usize>,
    /// Also write the report as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Corpus folder findings are saved to (companions go to `findings/` beside it)
    /// [default: the checkout's `corpus/`].
    #[arg(long, value_name = "DIR")]
    corpus: Option<PathBuf>,
    /// Do not save findings.
    #[arg(long)]
    no_save: bool,
    /// Draw cases without edge bias (the baseline; findings are printed, not saved).
    #[arg(long)]
    uniform: bool,
    /// Time budget for minimizing each finding, in seconds (0: save findings as found).
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0)]
    minimize_secs: f64,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// Routines to measure, by name or name prefix; all when none is given.
    #[arg(value_name = "ROUTINE|PREFIX")]
    routines: Vec<String>,
    /// Seed of the case stream.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Case threads (1 compares the CLI with a fuzz target, which runs one case at a time).
    #[arg(long, value_name = "T", default_value_t = 1)]
    threads: usize,
    /// `scripts/fuzz-bench.sh` output to put beside the CLI's speeds.
    #[arg(long, value_name = "FILE")]
    fuzz: Option<PathBuf>,
    /// Replace the generated section of FILE (between its `ecdiff bench` marker lines) with
    /// the table, e.g. BENCHMARKS.md.
    #[arg(long, value_name = "FILE")]
    write: Option<PathBuf>,
    /// Also write the measurements as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    /// Corpus files, routine folders (`corpus/<routine>`) or corpus roots (`corpus/`).
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<PathBuf>,
    /// The routine the files belong to [default: the name of their folder].
    #[arg(long, value_name = "ROUTINE")]
    routine: Option<String>,
    /// Print each case and both outputs.
    #[arg(short, long)]
    verbose: bool,
    /// Minimize every file that is not an agreement (a finding or a known finding): save the
    /// smallest case with the same verdict beside it, with a companion that shows it first
    /// and the file's case below.
    #[arg(long)]
    minimize: bool,
    /// Time budget for minimizing each file, in seconds.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 5.0,
        requires = "minimize"
    )]
    minimize_secs: f64,
}

#[derive(Args, Debug)]
struct CaseArgs {
    /// The routine.
    routine: String,
    /// The case index in the seeded stream.
    index: u64,
    /// The run's seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The case came from a `--uniform` run.
    #[arg(long)]
    uniform: bool,
    /// Print the case and both outputs.
    #[arg(short, long)]
    verbose: bool,
    /// Save the input to the corpus (with a companion when it is a finding).
    #[arg(long)]
    save: bool,
    /// Corpus folder for --save [default: the checkout's `corpus/`].
    #[arg(long, value_name = "DIR")]
    corpus: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct ZooArgs {
    /// Seeds per variant and generator (seeds 0..K); medians are taken over them.
    #[arg(long, value_name = "K", default_value_t = 5)]
    seeds: u64,
    /// Cases per search [default: the routine's default cases].
    #[arg(long, value_name = "N")]
    budget: Option<u64>,
    /// Searches run at once [default: available cores].
    #[arg(long, value_name = "T")]
    threads: Option<usize>,
    /// Also write the report as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Also write the report as a Markdown table to FILE (the README's table).
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
    /// Variants, by name or name prefix (a routine's name selects all its variants); all when
    /// none is given.
    variants: Vec<String>,
}

#[derive(Args, Debug)]
struct CoverageArgs {
    /// Routines, by name or name prefix; all when none is given.
    #[arg(value_name = "ROUTINE|PREFIX")]
    routines: Vec<String>,
    /// Cases per routine [default: each routine's default cases].
    #[arg(long, value_name = "N")]
    cases: Option<u64>,
    /// Also write the report as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write an HTML report to DIR: an index per routine, and llvm-cov's annotated sources.
    #[arg(long, value_name = "DIR")]
    html: Option<PathBuf>,
    /// Where the instrumented build and the profiles go [default: the checkout's
    /// `target/coverage`].
    #[arg(long, value_name = "DIR")]
    target_dir: Option<PathBuf>,
    /// Use this instrumented ecdiff instead of building one.
    #[arg(long, value_name = "FILE", hide = true)]
    binary: Option<PathBuf>,
    /// Internal: run the campaign of ROUTINE in this (instrumented) process.
    #[arg(long, value_name = "ROUTINE", hide = true, requires = "summary")]
    campaign: Option<String>,
    /// Internal: where `--campaign` writes its summary.
    #[arg(long, value_name = "FILE", hide = true)]
    summary: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum CorpusCommand {
    /// Add inputs to `corpus/<routine>/` that together reach every declared edge class
    /// (a deterministic greedy cover of a seeded case stream).
    Seed {
        /// Routines, by name or prefix; all when none is given.
        #[arg(value_name = "ROUTINE|PREFIX")]
        routines: Vec<String>,
        /// Seed of the stream the inputs are chosen from.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Give up on a class after this many cases [default: 20 × the routine's default].
        #[arg(long, value_name = "N")]
        max_cases: Option<u64>,
        /// Corpus folder [default: the checkout's `corpus/`].
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
    },
    /// Import inputs (files or folders, e.g. a fuzzer's corpus or crash files) into
    /// `corpus/<routine>/` under content-hash names; findings get a companion.
    Add {
        /// The routine they belong to.
        routine: String,
        /// Files or folders of inputs.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Corpus folder [default: the checkout's `corpus/`].
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
    },
    /// Replay the whole corpus and check its layout and class coverage (what
    /// `tests/corpus.rs` checks).
    Check {
        /// Corpus folder [default: the checkout's `corpus/`].
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// Files replayed at once [default: available cores].
        #[arg(long, value_name = "T")]
        threads: Option<usize>,
    },
}

#[derive(Subcommand, Debug)]
enum DevCommand {
    /// Write `fuzz/fuzz_targets/<routine>.rs` and `fuzz/Cargo.toml` from the registry.
    FuzzTargets {
        /// Only report drift (exit 1), write nothing.
        #[arg(long)]
        check: bool,
        /// The fuzz folder [default: the checkout's `fuzz/`].
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
    /// Rewrite the routine table of `README.md` from the registry.
    Readme {
        /// Only report drift (exit 1), write nothing.
        #[arg(long)]
        check: bool,
        /// The README [default: the checkout's `README.md`].
        #[arg(long, value_name = "FILE")]
        file: Option<PathBuf>,
    },
}

/// A failure with its exit code and a one-line message.
struct Fail(u8, String);

fn usage(msg: impl Into<String>) -> Fail {
    Fail(2, msg.into())
}

type Res = Result<u8, Fail>;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::List(a) => list(a),
        Command::Run(a) => run(a),
        Command::Replay(a) => replay(a),
        Command::Case(a) => case(a),
        Command::Zoo(a) => zoo(a),
        Command::Coverage(a) => coverage(a),
        Command::Bench(a) => bench(a),
        Command::Corpus(CorpusCommand::Seed {
            routines,
            seed,
            max_cases,
            corpus,
        }) => corpus_seed(&routines, seed, max_cases, corpus),
        Command::Corpus(CorpusCommand::Add {
            routine,
            paths,
            corpus,
        }) => corpus_add(&routine, &paths, corpus),
        Command::Corpus(CorpusCommand::Check { corpus, threads }) => corpus_check(corpus, threads),
        Command::Dev(DevCommand::FuzzTargets { check, dir }) => fuzz_targets(check, dir),
        Command::Dev(DevCommand::Readme { check, file }) => readme(check, file),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Fail(code, msg)) => {
            eprintln!("ecdiff: {msg}");
            ExitCode::from(code)
        }
    }
}

fn select(selectors: &[String]) -> Result<Vec<&'static dyn DynRoutine>, Fail> {
    routines::select(selectors).map_err(|unknown| {
        usage(format!(
            "no routine is named or starts with {}; `ecdiff list --names` shows them",
            unknown
                .iter()
                .map(|u| format!("`{u}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })
}

fn routine(name: &str) -> Result<&'static dyn DynRoutine, Fail> {
    routines::by_name(name).ok_or_else(|| {
        usage(format!(
            "unknown routine `{name}`; `ecdiff list --names` shows them"
        ))
    })
}

fn threads(t: Option<usize>) -> Result<usize, Fail> {
    match t {
        Some(0) => Err(usage("--threads must be at least 1")),
        Some(n) => Ok(n),
        None => Ok(campaign::default_threads()),
    }
}

fn write_json<T: serde::Serialize>(path: &Path, value: &T) -> Result<(), Fail> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| Fail(2, format!("cannot encode the report: {e}")))?;
    std::fs::write(path, text + "\n").map_err(|e| {
        usage(format!(
            "cannot write the JSON report to {}: {e}",
            path.display()
        ))
    })
}

/// Sets the returned flag on the first Ctrl-C; exits at once on the second.
fn stop_on_ctrl_c(what: &'static str) -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            eprintln!("\necdiff: interrupted again; quitting now");
            std::process::exit(130);
        }
        eprintln!("\necdiff: stopping {what} after the cases in flight (Ctrl-C again to quit now)");
    });
    stop
}

// ---------------------------------------------------------------------------------------------
// list

fn list(a: ListArgs) -> Res {
    let infos: Vec<RoutineInfo> = routines::all().iter().map(|r| r.info()).collect();
    if a.names {
        for i in &infos {
            outln!("{}", i.name);
        }
    } else if a.json {
        let text = serde_json::to_string_pretty(&infos)
            .map_err(|e| Fail(2, format!("cannot encode: {e}")))?;
        outln!("{text}");
    } else {
        let width = infos.iter().map(|i| i.name.len()).max().unwrap_or(0);
        for i in &infos {
            outln!(
                "{:width$}  {} · {} · {} cases by default",
                i.name,
                i.subject,
                i.function,
                i.default_cases
            );
            outln!("{:width$}    oracle:  {}", "", i.oracle);
            let lead = format!("{:width$}    classes: ", "");
            outln!(
                "{lead}{}",
                wrap(&i.classes, 120usize.saturating_sub(lead.len()).max(40)).join(&format!(
                    "\n{:1$}",
                    "",
                    lead.chars().count()
                ))
            );
        }
        outln!("{} routines", infos.len());
    }
    Ok(0)
}

// ---------------------------------------------------------------------------------------------
// run

fn run(a: RunArgs) -> Res {
    let selected = select(&a.routines)?;
    let budget = match (a.cases, a.time) {
        (Some(n), _) => Budget::Cases(n),
        (None, Some(t)) if t.is_finite() && t > 0.0 => Budget::Time(Duration::from_secs_f64(t)),
        (None, Some(t)) => {
            return Err(usage(format!(
                "--time {t}: give a positive number of seconds"
            )))
        }
        (None, None) => Budget::Defaults,
    };
    let bias = if a.uniform { Bias::Uniform } else { Bias::Edge };
    let save = if a.no_save {
        None
    } else {
        let dir = corpus::corpus_dir(a.corpus);
        Some(CorpusPaths::for_corpus_dir(&dir))
    };
    let config = Config {
        seed: a.seed,
        budget,
        threads: threads(a.threads)?,
        bias,
        save,
        minimize: seconds(a.minimize_secs)?,
        ..Config::default()
    };
    if a.uniform && !a.no_save {
        eprintln!(
            "ecdiff: --uniform: findings are printed with the command that recomputes them, \
             not saved (corpus files replay under the edge bias)"
        );
    }
    let stop = stop_on_ctrl_c("the campaign");
    let progress = Progress::new(a.seed);
    let report = campaign::run(&selected, &config, &stop, &progress);
    progress.clear();
    if let Some(path) = &a.json {
        write_json(path, &report)?;
    }
    out!("{}", report.table());
    if report.interrupted {
        // A half-run is not a pass: what it found is saved and printed, and the exit code is
        // the shell's for an interrupt.
        return Ok(EXIT_INTERRUPTED);
    }
    Ok(u8::from(report.finding_count() > 0))
}

// ---------------------------------------------------------------------------------------------
// bench

fn bench(a: BenchArgs) -> Res {
    let selected = select(&a.routines)?;
    let fuzz = match &a.fuzz {
        None => Default::default(),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| usage(format!("cannot read {}: {e}", path.display())))?;
            ecdiff::bench::parse_fuzz_bench(&text)
                .map_err(|e| usage(format!("{}: {e}", path.display())))?
        }
    };
    // The file to write is checked before the campaign runs, not after.
    let doc = match &a.write {
        None => None,
        Some(path) => {
            let doc = std::fs::read_to_string(path)
                .map_err(|e| usage(format!("cannot read {}: {e}", path.display())))?;
            ecdiff::bench::splice(&doc, "")
                .map_err(|e| usage(format!("{}: {e}", path.display())))?;
            Some((path, doc))
        }
    };
    let config = Config {
        seed: a.seed,
        budget: Budget::Defaults,
        threads: threads(Some(a.threads))?,
        bias: Bias::Edge,
        save: None,
        minimize: None,
        ..Config::default()
    };
    let stop = stop_on_ctrl_c("the benchmark");
    let progress = Progress::new(a.seed);
    let report = campaign::run(&selected, &config, &stop, &progress);
    progress.clear();
    if report.interrupted {
        return Ok(EXIT_INTERRUPTED);
    }
    let bench = ecdiff::bench::Bench::new(&report, &fuzz);
    if let Some(path) = &a.json {
        write_json(path, &bench)?;
    }
    out!("{}", bench.table());
    if let Some((path, doc)) = doc {
        let new = ecdiff::bench::splice(&doc, &bench.markdown())
            .map_err(|e| usage(format!("{}: {e}", path.display())))?;
        std::fs::write(path, new)
            .map_err(|e| usage(format!("cannot write {}: {e}", path.display())))?;
        outln!("wrote the generated section of {}", path.display());
    }
    Ok(u8::from(report.finding_count() > 0))
}

/// The exit code of a run stopped by Ctrl-C (128 + SIGINT), as shells expect.
const EXIT_INTERRUPTED: u8 = 130;

/// The campaign's progress display: one bar per routine, findings printed above the bars.
struct Progress {
    bars: MultiProgress,
    current: Mutex<Option<ProgressBar>>,
    findings: AtomicU64,
    seed: u64,
}

impl Progress {
    fn new(seed: u64) -> Self {
        Progress {
            bars: MultiProgress::with_draw_target(ProgressDrawTarget::stderr_with_hz(8)),
            current: Mutex::new(None),
            findings: AtomicU64::new(0),
            seed,
        }
    }

    fn bar(&self) -> Option<ProgressBar> {
        self.current
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    fn clear(&self) {
        let _ = self.bars.clear();
    }
}

impl Observer for Progress {
    fn routine_started(&self, info: &RoutineInfo, planned: Option<u64>, time: Option<Duration>) {
        self.findings.store(0, Ordering::SeqCst);
        let bar = match planned {
            Some(n) => ProgressBar::new(n).with_style(
                ProgressStyle::with_template(
                    "{prefix:<44} [{bar:28}] {pos:>6}/{len:<6} {elapsed:>4} eta {eta:<4} {msg}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
            ),
            None => ProgressBar::new_spinner().with_style(
                ProgressStyle::with_template(
                    "{prefix:<44} {spinner} {pos:>6} cases {elapsed:>4} of {msg}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            ),
        };
        let bar = self.bars.add(bar);
        bar.set_prefix(info.name);
        if let Some(t) = time {
            bar.set_message(format!("{}s", t.as_secs()));
        }
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) = Some(bar);
    }

    fn case_finished(&self, _info: &RoutineInfo, _run: &CaseRun) {
        if let Some(bar) = self.bar() {
            bar.inc(1);
        }
    }

    fn finding(&self, run: &CaseRun, saved: &SavedFinding) {
        let n = self.findings.fetch_add(1, Ordering::SeqCst) + 1;
        let text = saved.render(run.routine, self.seed, run.expected.kind.name());
        self.bars.suspend(|| eprintln!("{text}"));
        if let Some(bar) = self.bar() {
            bar.set_message(format!("{n} findings"));
        }
    }

    fn routine_finished(&self, r: &RoutineReport) {
        let summary = format!(
            "{} findings · classes {}/{} · {:.1} s",
            r.finding_count(),
            r.classes_covered(),
            r.classes_declared.len(),
            r.wall_seconds
        );
        if let Some(bar) = self.bar() {
            bar.finish_with_message(summary.clone());
        }
        if self.bars.is_hidden() {
            eprintln!("{}: {} cases · {summary}", r.routine, r.cases);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// replay and case

/// Words joined into lines of at most `width` characters (the last line ends with the count).
fn wrap(words: &[&str], width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for w in words {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + 1 + w.len() > width {
            lines.push(String::new());
        }
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if let Some(last) = lines.last_mut() {
        last.push_str(&format!(" ({})", words.len()));
    }
    lines
}

fn print_details(run: &CaseRun) {
    outln!("  classes:  {}", run.classes.join(", "));
    if let Some(d) = &run.details {
        outln!("  --- case\n{}", indent(&d.case));
        outln!("  --- subject\n{}", indent(&d.subject));
        outln!("  --- oracle\n{}", indent(&d.oracle));
    }
}

fn indent(s: &str) -> String {
    s.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn replay(a: ReplayArgs) -> Res {
    let forced = a.routine.as_deref().map(routine).transpose()?;
    let targets = corpus::resolve_inputs(&a.paths, forced).map_err(usage)?;
    if targets.is_empty() {
        return Err(usage("no files to replay in the given folders"));
    }
    let detail = if a.verbose {
        Detail::Always
    } else {
        Detail::OnFinding
    };
    let (mut ok, mut bad, mut undecodable) = (0, 0, 0);
    for (r, path) in &targets {
        let paths = corpus::paths_for_input(path);
        let rep = corpus::replay_file(*r, path, &paths, detail)
            .map_err(|e| usage(format!("cannot read {}: {e}", path.display())))?;
        let shown = corpus::display_path(path);
        let expectation = if rep.pinned {
            format!("expected {}, pinned", rep.expected)
        } else {
            format!("expected {}", rep.expected)
        };
        if rep.undecodable() {
            undecodable += 1;
            outln!(
                "UNDECODABLE  {}  {} ({})",
                shown.display(),
                rep.run.verdict.kind,
                rep.run.verdict.detail
            );
        } else if rep.ok() {
            ok += 1;
            outln!(
                "ok       {}  {}  ({expectation})",
                shown.display(),
                rep.run.verdict.kind
            );
        } else {
            bad += 1;
            outln!(
                "FINDING  {}  {}  ({expectation}): {}",
                shown.display(),
                rep.run.verdict.kind,
                rep.run.verdict.detail
            );
        }
        if a.verbose || !rep.ok() {
            if !rep.ok() && !a.verbose {
                outln!("  classes:  {}", rep.run.classes.join(", "));
            } else {
                print_details(&rep.run);
            }
        }
        if a.minimize && !rep.undecodable() && rep.run.verdict.kind != VerdictKind::Agree {
            minimize_file(*r, path, &paths, &rep.run, seconds(a.minimize_secs)?)?;
        }
    }
    outln!(
        "{} files: {ok} as expected, {bad} findings{}",
        targets.len(),
        if undecodable > 0 {
            format!(", {undecodable} undecodable")
        } else {
            String::new()
        }
    );
    if undecodable > 0 {
        return Err(usage(format!(
            "{undecodable} files no longer decode (the decoder panics on them); see above"
        )));
    }
    Ok(u8::from(bad > 0))
}

/// `ecdiff replay --minimize`: minimizes one file and saves the result beside it.
fn minimize_file(
    r: &dyn DynRoutine,
    path: &std::path::Path,
    paths: &CorpusPaths,
    run: &CaseRun,
    budget: Option<Duration>,
) -> Result<(), Fail> {
    let bytes =
        std::fs::read(path).map_err(|e| usage(format!("cannot read {}: {e}", path.display())))?;
    let mut finding = Finding {
        run: run.clone(),
        bytes,
        origin: Origin::BuiltIn,
        provenance: Provenance {
            seed: None,
            case_index: None,
            source: format!(
                "`ecdiff replay --minimize` of {}",
                corpus::display_path(path).display()
            ),
        },
        saved: None,
        original: None,
    };
    let signature = finding.minimize(r, Bias::Edge, budget.unwrap_or(Duration::ZERO));
    if finding.original.is_none() {
        outln!("  minimize: nothing smaller keeps the verdict");
        return Ok(());
    }
    corpus::save(paths, &mut finding)
        .map_err(|e| usage(format!("cannot save to {}: {e}", paths.corpus.display())))?;
    outln!("  bug:      {}", signature.render());
    for line in finding.render_text().lines().skip(1) {
        outln!("{line}");
    }
    Ok(())
}

/// A seconds flag as a duration (`None` for 0).
fn seconds(s: f64) -> Result<Option<Duration>, Fail> {
    if !(s.is_finite() && s >= 0.0) {
        return Err(usage(format!("{s}: not a number of seconds")));
    }
    Ok((s > 0.0).then(|| Duration::from_secs_f64(s)))
}

fn case(a: CaseArgs) -> Res {
    let r = routine(&a.routine)?;
    let bias = if a.uniform { Bias::Uniform } else { Bias::Edge };
    let name = r.info().name;
    let bytes = case_bytes(a.seed, name, a.index, CASE_BYTES);
    let detail = if a.verbose {
        Detail::Always
    } else {
        Detail::OnFinding
    };
    let run = r.run_bytes(&bytes, bias, detail);
    let status = if run.is_finding() { "FINDING" } else { "ok" };
    outln!(
        "{status}  {name} case {} (seed {}, {} bias)  {}  (expected {}){}",
        a.index,
        a.seed,
        campaign::bias_name(bias),
        run.verdict.kind,
        run.expected.kind,
        if run.verdict.detail.is_empty() {
            String::new()
        } else {
            format!(": {}", run.verdict.detail)
        }
    );
    outln!("  input:    {}", hex::encode(&bytes));
    if a.verbose || run.is_finding() {
        print_details(&run);
    }
    if a.save {
        if a.uniform {
            return Err(usage(
                "--save with --uniform: corpus files replay under the edge bias",
            ));
        }
        let paths = CorpusPaths::for_corpus_dir(&corpus::corpus_dir(a.corpus));
        let saved = if run.is_finding() {
            let provenance = Provenance {
                seed: Some(a.seed),
                case_index: Some(a.index),
                source: "`ecdiff case --save`".into(),
            };
            corpus::save_finding(&paths, &run, &bytes, &provenance).map(|(p, _)| p)
        } else {
            corpus::add_input(&paths, name, &bytes).map(|(p, _)| p)
        }
        .map_err(|e| usage(format!("cannot save to {}: {e}", paths.corpus.display())))?;
        outln!("  saved:    {}", corpus::display_path(&saved).display());
    }
    Ok(u8::from(run.is_finding()))
}

// ---------------------------------------------------------------------------------------------
// zoo

#[cfg(not(feature = "zoo"))]
fn zoo(_a: ZooArgs) -> Res {
    Err(usage(
        "this ecdiff was built without the bug zoo; run `cargo run --release -p ecdiff \
         --features zoo -- zoo`",
    ))
}

#[cfg(feature = "zoo")]
fn zoo(a: ZooArgs) -> Res {
    if a.seeds == 0 {
        return Err(usage("--seeds must be at least 1"));
    }
    if a.budget == Some(0) {
        return Err(usage("--budget must be at least 1"));
    }
    let mut variants = ecdiff::zoo::all();
    if !a.variants.is_empty() {
        let unknown: Vec<&String> = a
            .variants
            .iter()
            .filter(|s| !variants.iter().any(|v| v.name.starts_with(s.as_str())))
            .collect();
        if !unknown.is_empty() {
            return Err(usage(format!("no zoo variant matches {unknown:?}")));
        }
        variants.retain(|v| a.variants.iter().any(|s| v.name.starts_with(s.as_str())));
    }
    let stop = stop_on_ctrl_c("the zoo");
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(8))
        .with_style(
            ProgressStyle::with_template("zoo [{bar:40}] {pos}/{len} searches {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
    let report = campaign::zoo(
        &variants,
        a.seeds,
        a.budget,
        threads(a.threads)?,
        &stop,
        &|done, total| {
            bar.set_length(total);
            bar.set_position(done);
        },
    );
    bar.finish_and_clear();
    if let Some(path) = &a.json {
        write_json(path, &report)?;
    }
    if let Some(path) = &a.markdown {
        std::fs::write(path, report.markdown())
            .map_err(|e| usage(format!("cannot write {}: {e}", path.display())))?;
    }
    out!("{}", report.table());
    Ok(u8::from(!report.all_caught()))
}

// ---------------------------------------------------------------------------------------------
// coverage

fn coverage(a: CoverageArgs) -> Res {
    use ecdiff::coverage as cov;
    if a.cases == Some(0) {
        return Err(usage("--cases must be at least 1"));
    }
    if let (Some(name), Some(summary)) = (&a.campaign, &a.summary) {
        // The instrumented child: one routine's campaign, nothing saved.
        cov::campaign_child(routine(name)?, a.cases, summary).map_err(usage)?;
        return Ok(0);
    }
    let selected = select(&a.routines)?;
    let start = std::time::Instant::now();
    let tools = cov::tools().map_err(usage)?;
    let packages = cov::Packages::load().map_err(usage)?;
    let root = corpus::repo_root();
    let target_dir = a.target_dir.unwrap_or_else(|| root.join("target/coverage"));
    let bin = match a.binary {
        Some(b) => b,
        None => {
            eprintln!(
                "ecdiff coverage: building an instrumented ecdiff in {}",
                target_dir.display()
            );
            cov::build(&target_dir).map_err(usage)?
        }
    };
    let profiles = target_dir.join("profiles");
    std::fs::create_dir_all(&profiles)
        .map_err(|e| usage(format!("cannot create {}: {e}", profiles.display())))?;
    let mut report = cov::Report {
        tool: format!("ecdiff {}", env!("CARGO_PKG_VERSION")),
        budget: a.cases.map_or(Budget::Defaults, Budget::Cases).describe(),
        build_seconds: start.elapsed().as_secs_f64(),
        ..cov::Report::default()
    };
    let mut merged = Vec::new();
    for (k, r) in selected.iter().enumerate() {
        let info = r.info();
        eprint!(
            "ecdiff coverage: [{}/{}] {} ",
            k + 1,
            selected.len(),
            info.name
        );
        let t = std::time::Instant::now();
        let measured = packages
            .target(info.name, info.subject, info.function)
            .and_then(|target| {
                let (run, profile) = cov::run_routine(&tools, &bin, info.name, a.cases, &profiles)?;
                let export = cov::export(&tools, &bin, &profile, &cov::sources(&target))?;
                let mut c = cov::attribute(&export, &target, &root);
                c.cases = run.cases;
                c.findings = run.findings;
                c.run_seconds = run.seconds;
                Ok((c, profile))
            });
        match measured {
            Ok((c, profile)) => {
                eprintln!(
                    "{} lines, {:.1}% ({:.0} s)",
                    c.lines.total,
                    c.lines.percent(),
                    t.elapsed().as_secs_f64()
                );
                merged.push(profile);
                report.routines.push(c);
            }
            Err(e) => {
                eprintln!("not measured: {e}");
                report.routines.push(cov::RoutineCoverage {
                    routine: info.name.into(),
                    subject: info.subject.into(),
                    function: info.function.into(),
                    error: Some(e),
                    ..cov::RoutineCoverage::default()
                });
            }
        }
    }
    if let Some(dir) = &a.html {
        let all = profiles.join("all.profdata");
        if !merged.is_empty() {
            cov::merge(&tools, &merged, &all).map_err(usage)?;
        }
        cov::html(&tools, &bin, &all, &report, dir).map_err(usage)?;
        eprintln!(
            "ecdiff coverage: HTML report in {}/index.html",
            dir.display()
        );
    }
    report.wall_seconds = start.elapsed().as_secs_f64();
    if let Some(path) = &a.json {
        write_json(path, &report)?;
    }
    out!("{}", report.table());
    out!("{}", report.unreached_listing(12));
    outln!(
        "{} routines in {:.0} s (instrumented build {:.0} s)",
        report.routines.len(),
        report.wall_seconds,
        report.build_seconds
    );
    Ok(u8::from(report.routines.iter().any(|r| r.error.is_some())))
}

// ---------------------------------------------------------------------------------------------
// corpus

fn corpus_seed(
    selectors: &[String],
    seed: u64,
    max_cases: Option<u64>,
    dir: Option<PathBuf>,
) -> Res {
    let selected = select(selectors)?;
    let paths = CorpusPaths::for_corpus_dir(&corpus::corpus_dir(dir));
    let mut code = 0;
    for r in selected {
        let info = r.info();
        let max = max_cases.unwrap_or(20 * u64::from(info.default_cases).max(100));
        let plan = corpus::seed_cover(r, seed, max);
        let mut new = 0;
        for pick in &plan.picks {
            let (_, fresh) = corpus::add_input(&paths, info.name, &pick.bytes)
                .map_err(|e| usage(format!("cannot write to {}: {e}", paths.corpus.display())))?;
            new += usize::from(fresh);
        }
        outln!(
            "{}: {} files ({} new) reach {}/{} classes; chosen from {} cases of seed {seed}",
            info.name,
            plan.picks.len(),
            new,
            info.classes.len() - plan.uncovered.len(),
            info.classes.len(),
            plan.examined
        );
        if !plan.uncovered.is_empty() {
            code = 1;
            outln!(
                "  not reached in {} cases: {}",
                plan.examined,
                plan.uncovered.join(", ")
            );
        }
        for (index, run) in &plan.findings {
            code = 1;
            outln!(
                "  FINDING at case {index}: {} (expected {}): {}\n    recompute: {}",
                run.verdict.kind,
                run.expected.kind,
                run.verdict.detail,
                campaign::recompute_command(info.name, seed, *index, Bias::Edge)
            );
        }
    }
    Ok(code)
}

fn corpus_add(name: &str, inputs: &[PathBuf], dir: Option<PathBuf>) -> Res {
    let r = routine(name)?;
    let paths = CorpusPaths::for_corpus_dir(&corpus::corpus_dir(dir));
    let targets = corpus::resolve_inputs(inputs, Some(r)).map_err(usage)?;
    let (mut added, mut present, mut findings) = (0, 0, 0);
    for (_, file) in &targets {
        let bytes = std::fs::read(file)
            .map_err(|e| usage(format!("cannot read {}: {e}", file.display())))?;
        let run = r.run_bytes(&bytes, Bias::Edge, Detail::OnFinding);
        if corpus::undecodable(&run) {
            return Err(usage(format!(
                "{} does not decode: {}",
                file.display(),
                run.verdict.detail
            )));
        }
        if run.is_finding() {
            findings += 1;
            let provenance = Provenance {
                seed: None,
                case_index: None,
                source: format!(
                    "`ecdiff corpus add` from {}",
                    corpus::display_path(file).display()
                ),
            };
            let (input, note) = corpus::save_finding(&paths, &run, &bytes, &provenance)
                .map_err(|e| usage(format!("cannot write to {}: {e}", paths.corpus.display())))?;
            outln!(
                "FINDING  {} → {} (notes: {}): {}: {}",
                file.display(),
                corpus::display_path(&input).display(),
                corpus::display_path(&note).display(),
                run.verdict.kind,
                run.verdict.detail
            );
            // A fuzzer's crash is as large as the fuzzer left it: save its minimization too.
            let mut finding = Finding {
                run: run.clone(),
                bytes: bytes.clone(),
                origin: Origin::BuiltIn,
                provenance,
                saved: None,
                original: None,
            };
            let signature = finding.minimize(r, Bias::Edge, ecdiff::minimize::DEFAULT_BUDGET);
            if let Some(how) = finding.original.as_ref().map(|o| o.minimization.clone()) {
                corpus::save(&paths, &mut finding).map_err(|e| {
                    usage(format!("cannot write to {}: {e}", paths.corpus.display()))
                })?;
                if let Some((input, _)) = &finding.saved {
                    outln!(
                        "  minimized → {} ({}): {}",
                        corpus::display_path(input).display(),
                        how,
                        signature.render()
                    );
                }
            }
        } else {
            let (_, fresh) = corpus::add_input(&paths, r.info().name, &bytes)
                .map_err(|e| usage(format!("cannot write to {}: {e}", paths.corpus.display())))?;
            if fresh {
                added += 1;
            } else {
                present += 1;
            }
        }
    }
    outln!(
        "{}: {} inputs: {added} added, {present} already present, {findings} findings",
        r.info().name,
        targets.len()
    );
    Ok(u8::from(findings > 0))
}

fn corpus_check(dir: Option<PathBuf>, t: Option<usize>) -> Res {
    let paths = CorpusPaths::for_corpus_dir(&corpus::corpus_dir(dir));
    let all: Vec<&'static dyn DynRoutine> = routines::all().iter().map(|r| &**r).collect();
    let audit = corpus::audit(&paths, &all, threads(t)?);
    for (name, r) in &audit.routines {
        let declared = routines::by_name(name).map_or(0, |r| r.info().classes.len());
        outln!(
            "{name}: {} files, classes {}/{declared}",
            r.files,
            declared - r.missing.len()
        );
    }
    for p in &audit.problems {
        outln!("PROBLEM  {p}");
    }
    outln!(
        "{} files in {} routines: {} problems ({} build)",
        audit.files(),
        audit.routines.len(),
        audit.problems.len(),
        campaign::profile_name()
    );
    Ok(u8::from(!audit.problems.is_empty()))
}

// ---------------------------------------------------------------------------------------------
// dev

fn readme(check: bool, file: Option<PathBuf>) -> Res {
    let file = file.unwrap_or_else(|| corpus::repo_root().join("README.md"));
    let current = std::fs::read_to_string(&file)
        .map_err(|e| usage(format!("cannot read {}: {e}", file.display())))?;
    let want = ecdiff::routine_table::splice(&current, &ecdiff::routine_table::markdown())
        .map_err(|e| usage(format!("{}: {e}", file.display())))?;
    if want == current {
        outln!("{}: the routine table is up to date", file.display());
        return Ok(0);
    }
    if check {
        outln!(
            "{}: the routine table is out of date; run `cargo run -p ecdiff -- dev readme`",
            file.display()
        );
        return Ok(1);
    }
    std::fs::write(&file, want)
        .map_err(|e| usage(format!("cannot write {}: {e}", file.display())))?;
    outln!("wrote the routine table of {}", file.display());
    Ok(0)
}

fn fuzz_targets(check: bool, dir: Option<PathBuf>) -> Res {
    let dir = dir.unwrap_or_else(|| corpus::repo_root().join("fuzz"));
    let names: Vec<&str> = routines::all().iter().map(|r| r.info().name).collect();
    let mut want: Vec<(PathBuf, String)> =
        vec![(dir.join("Cargo.toml"), ecdiff::fuzz::manifest(&names))];
    for n in &names {
        want.push((
            dir.join("fuzz_targets").join(format!("{n}.rs")),
            ecdiff::fuzz::target_source(n),
        ));
    }
    // Generated targets whose routine is gone.
    let mut stale = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir.join("fuzz_targets")) {
        for e in entries.filter_map(Result::ok) {
            let p = e.path();
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            if p.extension().is_some_and(|x| x == "rs") && !names.contains(&stem) {
                stale.push(p);
            }
        }
    }
    stale.sort();
    let mut drift = 0;
    for (path, text) in &want {
        let current = std::fs::read_to_string(path).ok();
        if current.as_deref() == Some(text.as_str()) {
            continue;
        }
        drift += 1;
        if check {
            outln!("out of date: {}", path.display());
        } else {
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)
                    .map_err(|e| usage(format!("cannot create {}: {e}", parent.display())))?;
            }
            std::fs::write(path, text)
                .map_err(|e| usage(format!("cannot write {}: {e}", path.display())))?;
            outln!("wrote {}", path.display());
        }
    }
    for p in &stale {
        drift += 1;
        if check {
            outln!("target without a routine: {}", p.display());
        } else {
            std::fs::remove_file(p)
                .map_err(|e| usage(format!("cannot remove {}: {e}", p.display())))?;
            outln!("removed {}", p.display());
        }
    }
    outln!(
        "{} routines, {} fuzz targets {}",
        names.len(),
        names.len(),
        match (check, drift) {
            (_, 0) => "up to date".to_string(),
            (true, n) =>
                format!("— {n} files out of date; run `cargo run -p ecdiff -- dev fuzz-targets`"),
            (false, n) => format!("— {n} files written or removed"),
        }
    );
    Ok(u8::from(check && drift > 0))
}
