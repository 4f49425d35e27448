//! The regression corpus on disk.
//!
//! ```text
//! corpus/<routine>/<name>        raw decoder input: a seed input or a saved finding
//! findings/<routine>/<name>.md   the readable companion of a finding (routine, verdict,
//!                                case in hex, both outputs, seed, the command that replays it)
//! ```
//!
//! Inputs and companions live in separate trees because `corpus/<routine>/` doubles as the
//! libFuzzer corpus: libFuzzer (and `cargo fuzz cmin`) treats every file in it as an input.
//! A file's name is the FNV-1a hash of its bytes in hex, so saving the same input twice is a
//! no-op. A companion may pin the verdict its input is expected to give with a line
//! `expect: <verdict>` (a known finding documented next to it).

use crate::engine::{CaseRun, VerdictKind};
use crate::gen::stable_hash;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

/// The repository root this crate was built from (where `corpus/` and `findings/` live).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("harness/ has a parent")
        .to_path_buf()
}

/// The corpus and findings roots.
#[derive(Clone, Debug)]
pub struct CorpusPaths {
    /// `corpus/`: one folder of raw inputs per routine.
    pub corpus: PathBuf,
    /// `findings/`: one folder of companions per routine.
    pub findings: PathBuf,
}

impl CorpusPaths {
    /// `corpus/` and `findings/` under `root`.
    pub fn under(root: &Path) -> Self {
        CorpusPaths {
            corpus: root.join("corpus"),
            findings: root.join("findings"),
        }
    }

    /// The repository's own corpus.
    pub fn repo() -> Self {
        CorpusPaths::under(&repo_root())
    }
}

/// The file name an input is stored under.
pub fn file_name(bytes: &[u8]) -> String {
    format!("{:016x}", stable_hash(bytes))
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

/// Writes a finding: the raw input under `corpus/<routine>/` and its companion under
/// `findings/<routine>/`. Returns both paths.
pub fn save_finding(
    paths: &CorpusPaths,
    run: &CaseRun,
    bytes: &[u8],
    provenance: &Provenance,
) -> io::Result<(PathBuf, PathBuf)> {
    let name = file_name(bytes);
    let input_dir = paths.corpus.join(run.routine);
    let note_dir = paths.findings.join(run.routine);
    std::fs::create_dir_all(&input_dir)?;
    std::fs::create_dir_all(&note_dir)?;
    let input = input_dir.join(&name);
    std::fs::write(&input, bytes)?;
    let note = note_dir.join(format!("{name}.md"));
    std::fs::write(&note, companion(run, &input, provenance))?;
    Ok((input, note))
}

/// The readable companion of a finding.
pub fn companion(run: &CaseRun, input: &Path, provenance: &Provenance) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# {}: {}\n", run.routine, run.verdict.kind);
    let _ = writeln!(s, "- routine: `{}`", run.routine);
    let _ = writeln!(
        s,
        "- verdict: `{}` — {}",
        run.verdict.kind, run.verdict.detail
    );
    let _ = writeln!(s, "- expected: `{}`", run.expected.kind);
    let _ = writeln!(s, "- input: `{}`", input.display());
    if let Some(seed) = provenance.seed {
        let _ = writeln!(s, "- seed: `{seed}`");
    }
    if let Some(index) = provenance.case_index {
        let _ = writeln!(s, "- case index: `{index}`");
    }
    let _ = writeln!(s, "- found by: {}", provenance.source);
    let _ = writeln!(s, "- profile: {}", profile());
    let _ = writeln!(s, "- edge classes: {}", run.classes.join(", "));
    let _ = writeln!(s, "\nReplay (same verdict in debug and release):\n");
    let _ = writeln!(s, "```sh\n{}\n```", replay_command(input));
    if let Some(d) = &run.details {
        let _ = writeln!(s, "\n## Case\n\n```text\n{}\n```", d.case);
        let _ = writeln!(s, "\n## Subject\n\n```text\n{}\n```", d.subject);
        let _ = writeln!(s, "\n## Oracle\n\n```text\n{}\n```", d.oracle);
    }
    s
}

/// The command that replays an input file.
pub fn replay_command(input: &Path) -> String {
    format!(
        "cargo run --release -p ecdiff -- replay {}",
        input.display()
    )
}

/// `debug` or `release`, by whether debug assertions are on.
pub fn profile() -> &'static str {
    if cfg!(debug_assertions) {
        "debug (debug assertions on)"
    } else {
        "release (debug assertions off)"
    }
}

/// Reads the `expect: <verdict>` line of a companion, if the companion pins one.
pub fn pinned_expectation(note: &str) -> Option<VerdictKind> {
    note.lines().find_map(|line| {
        let rest = line
            .trim()
            .trim_start_matches("- ")
            .strip_prefix("expect:")?;
        VerdictKind::from_name(rest.trim().trim_matches('`'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinned_expectations_parse() {
        assert_eq!(
            pinned_expectation("x\nexpect: subject_panicked\n"),
            Some(VerdictKind::SubjectPanicked)
        );
        assert_eq!(
            pinned_expectation("- expect: `agree`"),
            Some(VerdictKind::Agree)
        );
        assert_eq!(pinned_expectation("- expected: `mismatch`"), None);
    }

    #[test]
    fn names_are_content_hashes() {
        assert_eq!(file_name(b"abc"), file_name(b"abc"));
        assert_ne!(file_name(b"abc"), file_name(b"abd"));
        assert_eq!(file_name(b"").len(), 16);
    }
}
