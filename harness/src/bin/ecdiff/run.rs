//! `ecdiff run`: a campaign over the selected routines, with a progress display and a report;
//! its findings are minimized and saved to the corpus.

use super::progress::Progress;
use super::{seconds, select, stop_on_ctrl_c, threads, usage, write_json, Res, EXIT_INTERRUPTED};
use clap::Args;
use ecdiff::campaign::{self, Budget, Config};
use ecdiff::corpus::{self, CorpusPaths};
use ecdiff::generators::Bias;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args, Debug)]
pub(crate) struct RunArgs {
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

pub(crate) fn run(a: RunArgs) -> Res {
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
