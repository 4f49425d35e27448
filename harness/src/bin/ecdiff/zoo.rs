//! `ecdiff zoo`: the bug zoo measured (needs `--features zoo`): is each broken variant caught,
//! under the edge-biased generators and the uniform baseline, and in how many cases.

#[cfg(feature = "zoo")]
use super::{stop_on_ctrl_c, threads, write_json};
use super::{usage, Res};
use clap::Args;
#[cfg(feature = "zoo")]
use ecdiff::campaign;
#[cfg(feature = "zoo")]
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct ZooArgs {
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
    /// Also write the report as a Markdown table to FILE (the table of `docs/zoo.md`).
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
    /// Variants, by name or name prefix (a routine's name selects all its variants); all when
    /// none is given.
    variants: Vec<String>,
}

#[cfg(not(feature = "zoo"))]
pub(crate) fn zoo(_a: ZooArgs) -> Res {
    Err(usage(
        "this ecdiff was built without the bug zoo; run `cargo run --release -p ecdiff \
         --features zoo -- zoo`",
    ))
}

#[cfg(feature = "zoo")]
pub(crate) fn zoo(a: ZooArgs) -> Res {
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
