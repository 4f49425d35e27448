//! The `ecdiff` command line: list the routines, run a campaign, replay corpus files, recompute
//! one case, seed and check the corpus, measure the bug zoo.
//!
//! Exit codes, for every command: 0 when every check agreed (known findings allowed), 1 when
//! something new was found (a finding, a corpus problem, a zoo variant that escaped), 2 for bad
//! usage or bad input (an unknown routine, an unreadable or undecodable file), with a one-line
//! error that says what to fix.
//!
//! This file parses the command line and dispatches; each subcommand lives in its own module
//! (`run`, `bench`, `replay`, `case`, `repro`, `zoo`, `coverage`, `corpus_commands`, `dev`, `list`),
//! and the logic they share is in the library.
#![warn(missing_docs)]

use clap::{Parser, Subcommand};
use ecdiff::campaign;
use ecdiff::engine::DynRoutine;
use ecdiff::routines;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// `println!` that ends the process quietly when stdout is closed (`ecdiff list | head`).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            $crate::stdout_failed(e)
        }
    }};
}

/// `print!`, likewise.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout().lock(), $($arg)*) {
            $crate::stdout_failed(e)
        }
    }};
}

mod bench;
mod case;
mod corpus_commands;
mod coverage;
mod dev;
mod list;
mod progress;
mod replay;
mod repro;
mod run;
mod zoo;

use corpus_commands::CorpusCommand;
use dev::DevCommand;

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
    List(list::ListArgs),
    /// Run a campaign of seeded cases over routines and print a report.
    Run(run::RunArgs),
    /// Replay corpus files or folders and print each verdict.
    Replay(replay::ReplayArgs),
    /// Recompute one case of a seeded run: `case_bytes(seed, routine, index)`.
    Case(case::CaseArgs),
    /// Write a corpus file's case as a standalone Cargo project that reproduces it with the
    /// subject crate alone (the README lists the routines with a template).
    Repro(repro::ReproArgs),
    /// Measure the bug zoo: does ecdiff catch each broken variant, and how fast (needs
    /// `--features zoo`).
    Zoo(zoo::ZooArgs),
    /// Seed, import into and check the regression corpus.
    #[command(subcommand)]
    Corpus(CorpusCommand),
    /// Measure what the check costs against the code under test: the default campaign on one
    /// case thread, per routine subject, generation and oracle time and their ratio, with fuzz
    /// targets' exec/s beside the CLI's (from `scripts/fuzz-bench.sh`); `--write` puts the
    /// table into BENCHMARKS.md.
    Bench(bench::BenchArgs),
    /// Measure what the code under test executed: line and region coverage of each routine's
    /// functions under test, from an instrumented build of ecdiff (rustup's llvm-tools,
    /// installed when missing). Exits 1 when a routine could not be measured.
    Coverage(coverage::CoverageArgs),
    /// Maintainer tools.
    #[command(subcommand, hide = true)]
    Dev(DevCommand),
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
        Command::List(a) => list::list(a),
        Command::Run(a) => run::run(a),
        Command::Replay(a) => replay::replay(a),
        Command::Case(a) => case::case(a),
        Command::Repro(a) => repro::repro(a),
        Command::Zoo(a) => zoo::zoo(a),
        Command::Coverage(a) => coverage::coverage(a),
        Command::Bench(a) => bench::bench(a),
        Command::Corpus(CorpusCommand::Seed {
            routines,
            seed,
            max_cases,
            corpus,
        }) => corpus_commands::corpus_seed(&routines, seed, max_cases, corpus),
        Command::Corpus(CorpusCommand::Add {
            routine,
            paths,
            corpus,
        }) => corpus_commands::corpus_add(&routine, &paths, corpus),
        Command::Corpus(CorpusCommand::Check { corpus, threads }) => {
            corpus_commands::corpus_check(corpus, threads)
        }
        Command::Dev(DevCommand::FuzzTargets { check, dir }) => dev::fuzz_targets(check, dir),
        Command::Dev(DevCommand::Readme { check, file }) => dev::readme(check, file),
        Command::Dev(DevCommand::Repros { check }) => dev::repros(check),
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

/// The exit code of a run stopped by Ctrl-C (128 + SIGINT), as shells expect.
const EXIT_INTERRUPTED: u8 = 130;

/// A seconds flag as a duration (`None` for 0).
fn seconds(s: f64) -> Result<Option<Duration>, Fail> {
    if !(s.is_finite() && s >= 0.0) {
        return Err(usage(format!("{s}: not a number of seconds")));
    }
    Ok((s > 0.0).then(|| Duration::from_secs_f64(s)))
}
