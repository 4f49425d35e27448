//! `ecdiff replay`: corpus files replayed, each with its verdict against its expectation, and
//! with `--minimize` the ones that are not agreements minimized beside themselves.

use super::{routine, seconds, usage, Fail, Res};
use clap::Args;
use ecdiff::corpus::{self, CorpusPaths, Provenance};
use ecdiff::engine::{CaseRun, Detail, DynRoutine, VerdictKind};
use ecdiff::finding::{Finding, Origin};
use ecdiff::generators::Bias;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args, Debug)]
pub(crate) struct ReplayArgs {
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

pub(crate) fn print_details(run: &CaseRun) {
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

pub(crate) fn replay(a: ReplayArgs) -> Res {
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
