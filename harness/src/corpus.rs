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
//!
//! Beyond reading and writing files, this module holds the three corpus procedures every
//! front end shares (the CLI, `tests/corpus.rs`, the nightly script):
//!
//! - [`replay_file`]: run one input through the decoder and its routine, and judge the verdict
//!   against the expectation (the routine's own, or the companion's pinned one);
//! - [`audit`]: replay a whole corpus and check its layout — every folder is a routine, every
//!   routine has a folder, every file decodes and gives its expected verdict, every companion
//!   has its input, the files of each routine together reach every edge class the routine
//!   declares (a corpus that silently stops testing is the failure this guards against), and no
//!   file's case builds its input and reads its result through one codec of the subject's
//!   library used both ways ([`crate::paths`]);
//! - [`seed_cover`]: choose, deterministically, a handful of inputs from a seeded case stream
//!   that together reach every declared edge class (greedy set cover) — how `corpus/` is
//!   seeded (`ecdiff corpus seed`).

use crate::engine::{CaseRun, Detail, DynRoutine, VerdictKind};
pub use crate::finding::{display_path, profile, repo_root, Provenance};
use crate::finding::{Finding, Origin};
use crate::generators::CASE_BYTES;
use crate::generators::{case_bytes, stable_hash, Bias};
use crate::paths;
use crate::routines;
use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

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

    /// The corpus folder `dir`, with companions in `findings/` beside it (`dir/../findings`).
    pub fn for_corpus_dir(dir: &Path) -> Self {
        let parent = dir
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        CorpusPaths {
            corpus: dir.to_path_buf(),
            findings: parent.join("findings"),
        }
    }

    /// Where the companion of input `name` of `routine` lives.
    pub fn companion_path(&self, routine: &str, name: &str) -> PathBuf {
        self.findings.join(routine).join(format!("{name}.md"))
    }

    /// The expectation a companion pins for input `name` of `routine`, if it has a companion
    /// with an `expect:` line.
    pub fn pinned(&self, routine: &str, name: &str) -> Option<VerdictKind> {
        let note = std::fs::read_to_string(self.companion_path(routine, name)).ok()?;
        pinned_expectation(&note)
    }
}

/// The corpus folder the CLI works on: `given` (`--corpus`), else the checkout's `corpus/`
/// when it exists, else `./corpus`.
pub fn corpus_dir(given: Option<PathBuf>) -> PathBuf {
    given.unwrap_or_else(|| {
        let repo = CorpusPaths::repo();
        if repo.corpus.is_dir() {
            repo.corpus
        } else {
            PathBuf::from("corpus")
        }
    })
}

/// The input files `paths` name and the routine of each: a file is an input of the routine
/// its folder is named after (or of `forced`); a folder is a routine folder (all its files)
/// or a corpus root (every routine folder in it).
///
/// # Errors
/// A one-line message naming the path that cannot be read or whose routine cannot be told.
pub fn resolve_inputs(
    paths: &[PathBuf],
    forced: Option<&'static dyn DynRoutine>,
) -> Result<Vec<(&'static dyn DynRoutine, PathBuf)>, String> {
    let mut out = Vec::new();
    let list = |dir: &Path| inputs(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()));
    for path in paths {
        let meta =
            std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if !meta.is_dir() {
            let r = match forced {
                Some(r) => r,
                None => {
                    let folder = folder_routine(path).unwrap_or_default();
                    routines::by_name(&folder).ok_or_else(|| {
                        format!(
                            "cannot tell the routine of {}: its folder `{folder}` is not a \
                             routine; pass --routine NAME",
                            path.display()
                        )
                    })?
                }
            };
            out.push((r, path.clone()));
            continue;
        }
        let as_routine = forced.or_else(|| dir_name(path).as_deref().and_then(routines::by_name));
        if let Some(r) = as_routine {
            out.extend(list(path)?.into_iter().map(|f| (r, f)));
            continue;
        }
        // A corpus root: every routine folder in it.
        let mut subdirs: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("cannot list {}: {e}", path.display()))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        subdirs.sort();
        let routine_dirs: Vec<(&'static dyn DynRoutine, PathBuf)> = subdirs
            .iter()
            .filter_map(|d| {
                dir_name(d)
                    .as_deref()
                    .and_then(routines::by_name)
                    .map(|r| (r, d.clone()))
            })
            .collect();
        if routine_dirs.is_empty() {
            return Err(format!(
                "{} is neither a routine folder nor a corpus of routine folders; \
                 pass --routine NAME",
                path.display()
            ));
        }
        for (r, d) in routine_dirs {
            out.extend(list(&d)?.into_iter().map(|f| (r, f)));
        }
    }
    Ok(out)
}

/// The name of a folder (after resolving `.` and links).
fn dir_name(dir: &Path) -> Option<String> {
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    Some(dir.file_name()?.to_str()?.to_string())
}

/// The corpus paths for an input file `corpus/<routine>/<name>`: its folder's parent is the
/// corpus root, and companions live in `findings/` beside that root.
pub fn paths_for_input(input: &Path) -> CorpusPaths {
    let routine_dir = input.parent().unwrap_or(Path::new("."));
    let root = routine_dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    CorpusPaths::for_corpus_dir(root)
}

/// The name of the folder holding `input`: the routine a corpus file belongs to.
pub fn folder_routine(input: &Path) -> Option<String> {
    let dir = input.parent()?;
    let dir = if dir.as_os_str().is_empty() {
        std::env::current_dir().ok()?
    } else {
        dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf())
    };
    Some(dir.file_name()?.to_str()?.to_string())
}

/// The regular files directly in `dir`, sorted by name.
pub fn inputs(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            files.push(entry.path());
        }
    }
    files.sort();
    Ok(files)
}

/// Stores `bytes` as an input of `routine` under its content-hash name (no companion).
/// Returns the path and whether the file is new.
pub fn add_input(paths: &CorpusPaths, routine: &str, bytes: &[u8]) -> io::Result<(PathBuf, bool)> {
    let dir = paths.corpus.join(routine);
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(file_name(bytes));
    if path.exists() {
        return Ok((path, false));
    }
    std::fs::write(&path, bytes)?;
    Ok((path, true))
}

/// The file name an input is stored under.
pub fn file_name(bytes: &[u8]) -> String {
    format!("{:016x}", stable_hash(bytes))
}

/// Writes a finding: the raw input under `corpus/<routine>/` and its companion under
/// `findings/<routine>/`, and records both paths in `finding.saved`.
pub fn save(paths: &CorpusPaths, finding: &mut Finding) -> io::Result<()> {
    let routine = finding.run.routine;
    let name = file_name(&finding.bytes);
    let input_dir = paths.corpus.join(routine);
    let note_dir = paths.findings.join(routine);
    std::fs::create_dir_all(&input_dir)?;
    std::fs::create_dir_all(&note_dir)?;
    let input = input_dir.join(&name);
    std::fs::write(&input, &finding.bytes)?;
    let note = note_dir.join(format!("{name}.md"));
    finding.saved = Some((input, note.clone()));
    std::fs::write(&note, finding.render_companion())?;
    Ok(())
}

/// [`save`] for a finding of a built-in routine. Returns the input's and the companion's
/// paths.
pub fn save_finding(
    paths: &CorpusPaths,
    run: &CaseRun,
    bytes: &[u8],
    provenance: &Provenance,
) -> io::Result<(PathBuf, PathBuf)> {
    let mut finding = Finding {
        run: run.clone(),
        bytes: bytes.to_vec(),
        origin: Origin::BuiltIn,
        provenance: provenance.clone(),
        saved: None,
        original: None,
    };
    save(paths, &mut finding)?;
    Ok(finding.saved.expect("saved"))
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

/// One corpus file, replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The input file.
    pub path: PathBuf,
    /// The run.
    pub run: CaseRun,
    /// The verdict the file must give: the companion's pinned one, else the routine's.
    pub expected: VerdictKind,
    /// Whether `expected` comes from a companion's `expect:` line.
    pub pinned: bool,
}

impl Replay {
    /// Whether the file gave the verdict it must give.
    pub fn ok(&self) -> bool {
        self.run.verdict.kind == self.expected
    }

    /// Whether the decoder itself panicked on the file: it no longer decodes.
    pub fn undecodable(&self) -> bool {
        undecodable(&self.run)
    }
}

/// Whether the decoder panicked in `run` (the input does not decode).
pub fn undecodable(run: &CaseRun) -> bool {
    !run.decoded
}

/// Replays one input file of `routine` (companions looked up in `paths.findings`).
///
/// # Errors
/// When the file cannot be read.
pub fn replay_file(
    routine: &dyn DynRoutine,
    path: &Path,
    paths: &CorpusPaths,
    detail: Detail,
) -> io::Result<Replay> {
    let bytes = std::fs::read(path)?;
    let run = routine.run_bytes(&bytes, Bias::Edge, detail);
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let pinned = paths.pinned(run.routine, name);
    Ok(Replay {
        path: path.to_path_buf(),
        expected: pinned.unwrap_or(run.expected.kind),
        pinned: pinned.is_some(),
        run,
    })
}

/// What is wrong with a corpus entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ProblemKind {
    /// A folder that is not a routine, a stray file, a routine without a folder.
    Layout,
    /// A file that cannot be read.
    Unreadable,
    /// A file on which the decoder panics.
    Undecodable,
    /// A file that gives another verdict than the one it must give.
    Verdict,
    /// A declared edge class no file of the routine reaches.
    Coverage,
    /// A companion without its input, or a companion folder that is not a routine.
    Companion,
    /// A file whose case hands the subject its input and reads its result back through the
    /// two directions of one codec of the subject's library (`crate::paths`).
    SharedPath,
}

/// One thing wrong with a corpus, named by path.
#[derive(Clone, Debug)]
pub struct Problem {
    /// What kind of problem.
    pub kind: ProblemKind,
    /// The file or folder concerned.
    pub path: PathBuf,
    /// What is wrong, and what to do about it.
    pub what: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.what)
    }
}

/// What an audit of one routine's corpus saw.
#[derive(Clone, Debug, Default)]
pub struct RoutineAudit {
    /// Files replayed.
    pub files: usize,
    /// How many files reached each class.
    pub classes: BTreeMap<&'static str, usize>,
    /// Declared classes no file reaches.
    pub missing: Vec<&'static str>,
    /// The codec functions the routine's adapters recorded (`crate::paths`), over all files.
    pub codec_functions: BTreeSet<&'static str>,
}

/// The result of [`audit`].
#[derive(Clone, Debug, Default)]
pub struct Audit {
    /// Every problem found, sorted by kind then path.
    pub problems: Vec<Problem>,
    /// Per routine: files and classes reached.
    pub routines: BTreeMap<&'static str, RoutineAudit>,
}

impl Audit {
    /// The problems of one kind.
    pub fn of_kind(&self, kind: ProblemKind) -> Vec<&Problem> {
        self.problems.iter().filter(|p| p.kind == kind).collect()
    }

    /// Total files replayed.
    pub fn files(&self) -> usize {
        self.routines.values().map(|r| r.files).sum()
    }
}

/// Files allowed at the top of `corpus/` and `findings/` besides routine folders.
const ROOT_FILES: &[&str] = &["README.md", ".gitattributes"];

/// Replays the whole corpus at `paths` against `routines` (usually the registry) with
/// `threads` workers, and checks its layout and class coverage (see the module docs).
pub fn audit(paths: &CorpusPaths, routines: &[&'static dyn DynRoutine], threads: usize) -> Audit {
    let mut problems = Vec::new();
    let by_name: BTreeMap<&'static str, &'static dyn DynRoutine> =
        routines.iter().map(|r| (r.info().name, *r)).collect();
    let layout = |path: PathBuf, what: String| Problem {
        kind: ProblemKind::Layout,
        path,
        what,
    };

    // Layout of corpus/.
    let mut work: Vec<(&'static dyn DynRoutine, PathBuf)> = Vec::new();
    let mut seen = BTreeSet::new();
    match std::fs::read_dir(&paths.corpus) {
        Err(e) => problems.push(layout(
            paths.corpus.clone(),
            format!("cannot read the corpus folder: {e}"),
        )),
        Ok(entries) => {
            let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
            entries.sort_by_key(|e| e.file_name());
            for entry in entries {
                let path = entry.path();
                let name = entry.file_name().to_string_lossy().into_owned();
                let is_dir = entry.file_type().map(|t| t.is_dir()).unwrap_or(false);
                if !is_dir {
                    if !ROOT_FILES.contains(&name.as_str()) {
                        problems.push(layout(
                            path,
                            "a file at the top of the corpus; inputs go in corpus/<routine>/"
                                .into(),
                        ));
                    }
                    continue;
                }
                let Some(&routine) = by_name.get(name.as_str()) else {
                    problems.push(layout(
                        path,
                        format!(
                            "`{name}` is not a routine (`ecdiff list --names`); rename or \
                             remove the folder"
                        ),
                    ));
                    continue;
                };
                seen.insert(routine.info().name);
                match inputs(&path) {
                    Ok(files) if files.is_empty() => problems.push(layout(
                        path,
                        "an empty routine folder; run `ecdiff corpus seed` for it".into(),
                    )),
                    Ok(files) => work.extend(files.into_iter().map(|f| (routine, f))),
                    Err(e) => problems.push(Problem {
                        kind: ProblemKind::Unreadable,
                        path,
                        what: format!("cannot list the folder: {e}"),
                    }),
                }
            }
        }
    }
    for name in by_name.keys() {
        if !seen.contains(name) {
            problems.push(layout(
                paths.corpus.join(name),
                format!("routine `{name}` has no corpus; run `ecdiff corpus seed {name}`"),
            ));
        }
    }

    // Replay, in parallel.
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, io::Result<Replay>, paths::Trace)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((routine, path)) = work.get(i) else {
                    break;
                };
                let (r, trace) =
                    paths::trace(|| replay_file(*routine, path, paths, Detail::OnFinding));
                results
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((i, r, trace));
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(i, _, _)| *i);

    let mut per: BTreeMap<&'static str, RoutineAudit> = BTreeMap::new();
    for (i, result, trace) in results {
        let (routine, path) = &work[i];
        let name = routine.info().name;
        let entry = per.entry(name).or_default();
        entry.files += 1;
        let functions = trace.inputs.iter().chain(&trace.outputs);
        entry.codec_functions.extend(functions.map(|&(f, _)| f));
        if let Some((input, output)) = paths::shared_pair(&trace) {
            problems.push(Problem {
                kind: ProblemKind::SharedPath,
                path: path.clone(),
                what: format!(
                    "the subject's input is built through `{input}` and its result read back \
                     through `{output}`, one codec both ways: a bug both share cancels out \
                     (docs/paths.md)"
                ),
            });
        }
        match result {
            Err(e) => problems.push(Problem {
                kind: ProblemKind::Unreadable,
                path: path.clone(),
                what: format!("cannot read: {e}"),
            }),
            Ok(r) if r.undecodable() => problems.push(Problem {
                kind: ProblemKind::Undecodable,
                path: path.clone(),
                what: format!(
                    "no longer decodes ({}); the decoder changed under a committed input",
                    r.run.verdict.detail
                ),
            }),
            Ok(r) => {
                for &c in &r.run.classes {
                    *entry.classes.entry(c).or_default() += 1;
                }
                if !r.ok() {
                    problems.push(Problem {
                        kind: ProblemKind::Verdict,
                        path: path.clone(),
                        what: format!(
                            "gave `{}`, expected `{}`{}: {}",
                            r.run.verdict.kind,
                            r.expected,
                            if r.pinned {
                                " (pinned by its companion)"
                            } else {
                                ""
                            },
                            r.run.verdict.detail
                        ),
                    });
                }
            }
        }
    }

    // Class coverage.
    for (&name, routine) in &by_name {
        if !seen.contains(name) {
            continue;
        }
        let entry = per.entry(name).or_default();
        entry.missing = routine
            .info()
            .classes
            .iter()
            .copied()
            .filter(|c| !entry.classes.contains_key(c))
            .collect();
        if !entry.missing.is_empty() && entry.files > 0 {
            problems.push(Problem {
                kind: ProblemKind::Coverage,
                path: paths.corpus.join(name),
                what: format!(
                    "no file reaches the declared classes {:?}; run `ecdiff corpus seed {name}`",
                    entry.missing
                ),
            });
        }
    }

    // Companions.
    if let Ok(entries) = std::fs::read_dir(&paths.findings) {
        let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if !entry.file_type().map(|t| t.is_dir()).unwrap_or(false) {
                if !ROOT_FILES.contains(&name.as_str()) {
                    problems.push(Problem {
                        kind: ProblemKind::Companion,
                        path,
                        what: "a file at the top of findings/; companions go in \
                               findings/<routine>/<input>.md"
                            .into(),
                    });
                }
                continue;
            }
            if !by_name.contains_key(name.as_str()) {
                problems.push(Problem {
                    kind: ProblemKind::Companion,
                    path,
                    what: format!("`{name}` is not a routine"),
                });
                continue;
            }
            for note in inputs(&path).unwrap_or_default() {
                let input = note
                    .file_name()
                    .and_then(|n| n.to_str())
                    .and_then(|n| n.strip_suffix(".md"))
                    .map(|stem| paths.corpus.join(&name).join(stem));
                match input {
                    None => problems.push(Problem {
                        kind: ProblemKind::Companion,
                        path: note,
                        what: "not a companion (`<input>.md`)".into(),
                    }),
                    Some(input) if !input.is_file() => problems.push(Problem {
                        kind: ProblemKind::Companion,
                        path: note,
                        what: format!(
                            "its input {} is missing; restore it or remove the companion",
                            input.display()
                        ),
                    }),
                    Some(_) => {}
                }
            }
        }
    }

    problems.sort_by(|a, b| (a.kind, &a.path).cmp(&(b.kind, &b.path)));
    Audit {
        problems,
        routines: per,
    }
}

/// A seed input chosen by [`seed_cover`].
#[derive(Clone, Debug)]
pub struct SeedPick {
    /// Its index in the seeded stream.
    pub index: u64,
    /// Its bytes (`case_bytes(seed, routine, index, CASE_BYTES)`).
    pub bytes: Vec<u8>,
    /// The declared classes it reaches.
    pub classes: Vec<&'static str>,
}

/// What [`seed_cover`] chose.
#[derive(Clone, Debug)]
pub struct SeedPlan {
    /// The routine.
    pub routine: &'static str,
    /// The chosen inputs, in stream order.
    pub picks: Vec<SeedPick>,
    /// Cases examined.
    pub examined: u64,
    /// Declared classes no examined case reached.
    pub uncovered: Vec<&'static str>,
    /// Examined cases that were findings (left out of the cover; they need a look).
    pub findings: Vec<(u64, CaseRun)>,
}

/// Chooses a small set of inputs from the stream `case_bytes(seed, routine, i, CASE_BYTES)`
/// that together reach every declared edge class of `routine`.
///
/// Cases are examined in stream order until their union covers the declared classes (or
/// `max_cases` were examined); a greedy set cover over them then picks, again and again, the
/// case reaching the most classes not yet covered (the earliest on ties). Cases that are
/// findings are never picked. Deterministic: the same registry and seed give the same files.
pub fn seed_cover(routine: &dyn DynRoutine, seed: u64, max_cases: u64) -> SeedPlan {
    let info = routine.info();
    let declared: BTreeSet<&'static str> = info.classes.iter().copied().collect();
    let mut pool: Vec<(u64, BTreeSet<&'static str>)> = Vec::new();
    let mut union = BTreeSet::new();
    let mut findings = Vec::new();
    let mut examined = 0;
    while examined < max_cases && union.len() < declared.len() {
        let index = examined;
        examined += 1;
        let bytes = case_bytes(seed, info.name, index, CASE_BYTES);
        let run = routine.run_bytes(&bytes, Bias::Edge, Detail::OnFinding);
        if run.is_finding() {
            findings.push((index, run));
            continue;
        }
        let reached: BTreeSet<&'static str> = run
            .classes
            .iter()
            .copied()
            .filter(|c| declared.contains(c))
            .collect();
        union.extend(reached.iter().copied());
        pool.push((index, reached));
    }

    let mut covered = BTreeSet::new();
    let mut chosen: Vec<usize> = Vec::new();
    loop {
        let best = pool
            .iter()
            .enumerate()
            .map(|(i, (_, cls))| (i, cls.difference(&covered).count()))
            .filter(|&(_, gain)| gain > 0)
            .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)));
        let Some((i, _)) = best else { break };
        covered.extend(pool[i].1.iter().copied());
        chosen.push(i);
    }
    chosen.sort_unstable();
    let picks = chosen
        .into_iter()
        .map(|i| {
            let (index, classes) = &pool[i];
            SeedPick {
                index: *index,
                bytes: case_bytes(seed, info.name, *index, CASE_BYTES),
                classes: classes.iter().copied().collect(),
            }
        })
        .collect();
    SeedPlan {
        routine: info.name,
        picks,
        examined,
        uncovered: declared.difference(&covered).copied().collect(),
        findings,
    }
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
    fn corpus_paths_put_findings_beside_the_corpus() {
        let p = CorpusPaths::for_corpus_dir(Path::new("/x/corpus"));
        assert_eq!(p.findings, Path::new("/x/findings"));
        assert_eq!(
            p.companion_path("r", "00ff"),
            Path::new("/x/findings/r/00ff.md")
        );
        let q = paths_for_input(Path::new("/x/corpus/r/00ff"));
        assert_eq!(q.corpus, Path::new("/x/corpus"));
        assert_eq!(q.findings, Path::new("/x/findings"));
    }

    #[test]
    fn names_are_content_hashes() {
        assert_eq!(file_name(b"abc"), file_name(b"abc"));
        assert_ne!(file_name(b"abc"), file_name(b"abd"));
        assert_eq!(file_name(b"").len(), 16);
    }
}
