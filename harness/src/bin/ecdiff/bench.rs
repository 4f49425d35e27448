//! `ecdiff bench`: what the check costs against the code under test, routine by routine, with
//! the fuzz targets' speeds beside the CLI's; `--write` regenerates BENCHMARKS.md's table.

use super::progress::Progress;
use super::{select, stop_on_ctrl_c, threads, usage, write_json, Res, EXIT_INTERRUPTED};
use clap::Args;
use ecdiff::campaign::{self, Budget, Config};
use ecdiff::generators::Bias;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct BenchArgs {
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
    /// Run the campaign once unmeasured first, so that one-time start-up (oracle tables,
    /// pools of points with known logs) is left out, as it is from a fuzz target's exec/s
    /// (`scripts/fuzz-bench.sh` measures the CLI this way beside each target).
    #[arg(long)]
    warm_up: bool,
}

pub(crate) fn bench(a: BenchArgs) -> Res {
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
    if a.warm_up && campaign::run(&selected, &config, &stop, &progress).interrupted {
        progress.clear();
        return Ok(EXIT_INTERRUPTED);
    }
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
