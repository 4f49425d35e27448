//! `ecdiff corpus seed|add|check`: the regression corpus seeded with inputs that together reach
//! every declared class, other inputs (a fuzzer's) imported, and the whole corpus audited.

use super::{routine, select, threads, usage, Res};
use clap::Subcommand;
use ecdiff::campaign;
use ecdiff::corpus::{self, CorpusPaths, Provenance};
use ecdiff::engine::{Detail, DynRoutine};
use ecdiff::finding::{Finding, Origin};
use ecdiff::generators::Bias;
use ecdiff::routines;
use std::path::PathBuf;

#[derive(Subcommand, Debug)]
pub(crate) enum CorpusCommand {
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

pub(crate) fn corpus_seed(
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

pub(crate) fn corpus_add(name: &str, inputs: &[PathBuf], dir: Option<PathBuf>) -> Res {
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

pub(crate) fn corpus_check(dir: Option<PathBuf>, t: Option<usize>) -> Res {
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
