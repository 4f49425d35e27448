//! `ecdiff case`: one case of a seeded run recomputed and printed, and with `--save` added to
//! the corpus.

use super::replay::print_details;
use super::{routine, usage, Res};
use clap::Args;
use ecdiff::campaign;
use ecdiff::corpus::{self, CorpusPaths, Provenance};
use ecdiff::engine::Detail;
use ecdiff::generators::{case_bytes, Bias, CASE_BYTES};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct CaseArgs {
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

pub(crate) fn case(a: CaseArgs) -> Res {
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
