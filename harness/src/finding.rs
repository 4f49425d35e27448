//! What a finding is, where it came from, and how it reads and replays.
//!
//! Every front end — a suite under `cargo test`, a campaign (`ecdiff run`), a fuzz target, the
//! corpus tools of the CLI — reports a finding through one [`Finding`]: one text rendering for
//! the terminal ([`Finding::render_text`]), one markdown companion saved beside the input
//! ([`Finding::render_companion`]), and one replay command ([`Finding::replay_command`]) that
//! is right for where the finding was made:
//!
//! - a built-in routine replays with the ecdiff command line from ecdiff's repository,
//!   `cargo run --release -p ecdiff -- replay <file>`;
//! - a downstream crate's own routine is not in ecdiff's registry, so it replays through the
//!   downstream crate's own test: `ECDIFF_REPLAY=<file> cargo test -p <package> <test>`
//!   ([`crate::suite::Suite::run`] reads `ECDIFF_REPLAY`);
//! - a fuzzer's crash file replays like a built-in corpus file, with the routine named
//!   (`--routine`), since a crash file does not sit in its routine's corpus folder.

use crate::engine::{CaseRun, DynRoutine};
use crate::generators::Bias;
use crate::minimize::{minimize, Signature};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Where a finding was made, which decides how it replays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A built-in routine of ecdiff's registry.
    BuiltIn,
    /// A built-in routine under a fuzzer: the input is a crash file outside the corpus.
    Fuzzer,
    /// A downstream crate's own routine under a fuzzer ([`fuzz_target!`](crate::fuzz_target)):
    /// the input is a crash file, replayed by its cargo-fuzz target.
    DownstreamFuzzer {
        /// The cargo-fuzz target (a `[[bin]]` of the downstream fuzz crate).
        target: String,
    },
    /// A downstream crate's own routine, checked by one of its tests.
    Downstream {
        /// The downstream package (`CARGO_PKG_NAME`).
        package: String,
        /// The test that checks the routine (a `cargo test` filter).
        test: String,
    },
}

/// Where a finding came from: enough to run it again.
#[derive(Clone, Debug)]
pub struct Provenance {
    /// The run's seed (`ECDIFF_SEED` / `--seed`), if the input came from a seeded run.
    pub seed: Option<u64>,
    /// The case index within the seeded run.
    pub case_index: Option<u64>,
    /// How the run was started (`cargo test`, `ecdiff run`, a fuzzer).
    pub source: String,
}

/// A case whose verdict is not the one its routine expects.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The case's run, with its details (case, both outputs) when rendered.
    pub run: CaseRun,
    /// The decoder input that reproduces it.
    pub bytes: Vec<u8>,
    /// Where it was made.
    pub origin: Origin,
    /// How it was found.
    pub provenance: Provenance,
    /// Where its input and companion were saved, if they were.
    pub saved: Option<(PathBuf, PathBuf)>,
    /// The case as found, when `bytes` and `run` are its minimization.
    pub original: Option<Box<Original>>,
}

/// The case a finding was minimized from.
#[derive(Clone, Debug)]
pub struct Original {
    /// Its input.
    pub bytes: Vec<u8>,
    /// Its run, with details.
    pub run: CaseRun,
    /// How the minimization went, in one line.
    pub minimization: String,
}

impl Finding {
    /// Minimizes the finding in place ([`crate::minimize`]): `bytes` and `run` become the
    /// smallest case found within `budget` that keeps the verdict, and the case as found moves
    /// to [`Finding::original`]. Returns the bug's signature (of the original when nothing
    /// could be minimized).
    pub fn minimize(
        &mut self,
        routine: &dyn DynRoutine,
        bias: Bias,
        budget: std::time::Duration,
    ) -> Signature {
        let Some(m) = minimize(routine, &self.bytes, bias, budget) else {
            return Signature::of(&self.run, routine.tape(&self.bytes, bias).as_ref());
        };
        let signature = Signature::of(&m.run, Some(&m.tape));
        let minimization = format!(
            "{} → {} decoder choices in {:.1} s ({} candidates tried, {} kept{})",
            m.choices.0,
            m.choices.1,
            m.elapsed.as_secs_f64(),
            m.tried,
            m.kept,
            if m.out_of_time {
                "; the time budget ran out"
            } else {
                ""
            }
        );
        let original_bytes = std::mem::replace(&mut self.bytes, m.bytes);
        let original_run = std::mem::replace(&mut self.run, m.run);
        self.original = Some(Box::new(Original {
            bytes: original_bytes,
            run: original_run,
            minimization,
        }));
        signature
    }
}

impl Finding {
    /// The command that replays the finding (the same verdict in debug and release).
    pub fn replay_command(&self) -> String {
        let file = match &self.saved {
            Some((input, _)) => display_path(input).display().to_string(),
            None => "<file>".to_string(),
        };
        let ecdiff = cli_command();
        match &self.origin {
            Origin::BuiltIn => format!("{ecdiff} replay {file}"),
            Origin::Fuzzer => format!("{ecdiff} replay --routine {} {file}", self.run.routine),
            Origin::DownstreamFuzzer { target } => {
                format!("cargo +nightly fuzz run {target} {file}")
            }
            Origin::Downstream { package, test } => {
                format!("ECDIFF_REPLAY={file} cargo test -p {package} {test}")
            }
        }
    }

    /// The one-screen text report: what, where, how to replay, then the case and both sides.
    pub fn render_text(&self) -> String {
        let run = &self.run;
        let mut s = String::new();
        let _ = writeln!(s, "ecdiff finding: {}: {}", run.routine, run.verdict.kind);
        let _ = writeln!(s, "  expected: {}", run.expected.kind);
        let _ = writeln!(s, "  detail:   {}", run.verdict.detail);
        let _ = writeln!(s, "  classes:  {}", run.classes.join(", "));
        let _ = writeln!(s, "  found by: {}", self.provenance.source);
        if let Some(seed) = self.provenance.seed {
            let index = self
                .provenance
                .case_index
                .map(|i| format!(", case {i}"))
                .unwrap_or_default();
            let _ = writeln!(s, "  seed:     {seed}{index}");
        }
        let _ = writeln!(
            s,
            "  input:    {} ({} bytes)",
            hex::encode(&self.bytes),
            self.bytes.len()
        );
        if let Some((input, note)) = &self.saved {
            let _ = writeln!(
                s,
                "  saved:    {} (notes: {})",
                display_path(input).display(),
                display_path(note).display()
            );
        } else if matches!(
            self.origin,
            Origin::Fuzzer | Origin::DownstreamFuzzer { .. }
        ) {
            let _ = writeln!(s, "  saved:    the fuzzer's crash file");
        }
        let _ = writeln!(s, "  replay:   {}", self.replay_command());
        if let Some(o) = &self.original {
            let _ = writeln!(s, "  minimized: {}", o.minimization);
            let _ = writeln!(
                s,
                "  original: {} input bytes, classes {}",
                o.bytes.len(),
                o.run.classes.join(", ")
            );
        }
        if let Some(d) = &run.details {
            let _ = write!(
                s,
                "--- case{}\n{}\n--- subject\n{}\n--- oracle\n{}\n",
                if self.original.is_some() {
                    " (minimized)"
                } else {
                    ""
                },
                d.case,
                d.subject,
                d.oracle
            );
        }
        s
    }

    /// The markdown companion saved beside the input.
    pub fn render_companion(&self) -> String {
        let run = &self.run;
        let mut s = String::new();
        let _ = writeln!(s, "# {}: {}\n", run.routine, run.verdict.kind);
        let _ = writeln!(s, "- routine: `{}`", run.routine);
        let _ = writeln!(
            s,
            "- verdict: `{}` — {}",
            run.verdict.kind, run.verdict.detail
        );
        let _ = writeln!(s, "- expected: `{}`", run.expected.kind);
        if let Some((input, _)) = &self.saved {
            let _ = writeln!(s, "- input: `{}`", display_path(input).display());
        }
        if let Some(seed) = self.provenance.seed {
            let _ = writeln!(s, "- seed: `{seed}`");
        }
        if let Some(index) = self.provenance.case_index {
            let _ = writeln!(s, "- case index: `{index}`");
        }
        let _ = writeln!(s, "- found by: {}", self.provenance.source);
        let _ = writeln!(s, "- profile: {}", profile());
        let _ = writeln!(s, "- edge classes: {}", run.classes.join(", "));
        let _ = writeln!(s, "\nReplay (same verdict in debug and release):\n");
        let _ = writeln!(s, "```sh\n{}\n```", self.replay_command());
        if let Some(o) = &self.original {
            let _ = writeln!(s, "- minimized: {}", o.minimization);
        }
        let heading = if self.original.is_some() {
            "Case (minimized)"
        } else {
            "Case"
        };
        if let Some(d) = &run.details {
            let _ = writeln!(s, "\n## {heading}\n\n```text\n{}\n```", d.case);
            let _ = writeln!(s, "\n## Subject\n\n```text\n{}\n```", d.subject);
            let _ = writeln!(s, "\n## Oracle\n\n```text\n{}\n```", d.oracle);
        }
        if let Some(o) = &self.original {
            let _ = writeln!(
                s,
                "\n## The case as found\n\n- verdict: `{}` — {}\n- edge classes: {}\n- input ({} bytes): `{}`",
                o.run.verdict.kind,
                o.run.verdict.detail,
                o.run.classes.join(", "),
                o.bytes.len(),
                hex::encode(&o.bytes)
            );
            if let Some(d) = &o.run.details {
                let _ = writeln!(s, "\n```text\n{}\n```", d.case);
                let _ = writeln!(s, "\nSubject:\n\n```text\n{}\n```", d.subject);
                let _ = writeln!(s, "\nOracle:\n\n```text\n{}\n```", d.oracle);
            }
        }
        s
    }
}

/// How a replay command names the ecdiff command line: `cargo run --release -p ecdiff --` in
/// ecdiff's checkout, or `$ECDIFF_REPLAY_PREFIX` when set (maintainer mode sets it to its own
/// command, so a finding saved in a subject crate's checkout replays there).
pub fn cli_command() -> String {
    match std::env::var("ECDIFF_REPLAY_PREFIX") {
        Ok(prefix) if !prefix.trim().is_empty() => prefix.trim().to_string(),
        _ => "cargo run --release -p ecdiff --".to_string(),
    }
}

/// The repository root this crate was built from (where ecdiff's own `corpus/` and
/// `findings/` live).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("harness/ has a parent")
        .to_path_buf()
}

/// `path` relative to the working directory (or else ecdiff's repository root) when it lies
/// under it, so companions written on one machine read the same on every other.
pub fn display_path(path: &Path) -> PathBuf {
    let bases = [std::env::current_dir().ok(), Some(repo_root())];
    for base in bases.into_iter().flatten() {
        if let Ok(rel) = path.strip_prefix(&base) {
            if !rel.as_os_str().is_empty() {
                return rel.to_path_buf();
            }
        }
    }
    path.to_path_buf()
}

/// `debug` or `release`, by whether debug assertions are on.
pub fn profile() -> &'static str {
    if cfg!(debug_assertions) {
        "debug (debug assertions on)"
    } else {
        "release (debug assertions off)"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Expected, Timings, Verdict, VerdictKind};

    fn finding(origin: Origin, saved: bool) -> Finding {
        Finding {
            run: CaseRun {
                routine: "my_msm",
                verdict: Verdict::new(VerdictKind::Mismatch, "subject 1 vs oracle 2"),
                expected: Expected::AGREE,
                classes: vec!["len_2"],
                timings: Timings::default(),
                details: None,
                decoded: true,
            },
            bytes: vec![1, 2, 3],
            origin,
            provenance: Provenance {
                seed: Some(7),
                case_index: None,
                source: "cargo test".into(),
            },
            saved: saved.then(|| {
                (
                    PathBuf::from("/x/corpus/my_msm/abc"),
                    PathBuf::from("/x/findings/my_msm/abc.md"),
                )
            }),
            original: None,
        }
    }

    #[test]
    fn the_replay_command_fits_where_the_finding_was_made() {
        let built_in = finding(Origin::BuiltIn, true).replay_command();
        assert_eq!(
            built_in,
            "cargo run --release -p ecdiff -- replay /x/corpus/my_msm/abc"
        );
        let fuzzed = finding(Origin::Fuzzer, false).replay_command();
        assert_eq!(
            fuzzed,
            "cargo run --release -p ecdiff -- replay --routine my_msm <file>"
        );
        let fuzzed_downstream = finding(
            Origin::DownstreamFuzzer {
                target: "my_msm".into(),
            },
            false,
        )
        .replay_command();
        assert_eq!(fuzzed_downstream, "cargo +nightly fuzz run my_msm <file>");
        let downstream = finding(
            Origin::Downstream {
                package: "my-crate".into(),
                test: "my_msm_agrees".into(),
            },
            true,
        )
        .replay_command();
        assert_eq!(
            downstream,
            "ECDIFF_REPLAY=/x/corpus/my_msm/abc cargo test -p my-crate my_msm_agrees"
        );
    }

    #[test]
    fn text_and_companion_carry_the_same_facts() {
        let f = finding(Origin::BuiltIn, true);
        let text = f.render_text();
        let note = f.render_companion();
        for needle in ["my_msm", "mismatch", "subject 1 vs oracle 2", "len_2"] {
            assert!(text.contains(needle), "text lacks {needle}: {text}");
            assert!(note.contains(needle), "companion lacks {needle}: {note}");
        }
        assert!(text.contains(&f.replay_command()));
        assert!(note.contains(&f.replay_command()));
        assert!(text.contains("010203"));
    }
}
