//! Standalone reproducers (`ecdiff repro FILE`): a case rewritten as a small Cargo project that
//! depends only on the subject crate at the version ecdiff tested (and the trait crates its API
//! needs), so that the subject's maintainer sees a finding without installing ecdiff.
//!
//! A routine with a template ([`crate::engine::Routine::reproducer`], one per shape) turns its
//! decoded case into [`project::ReproCode`]: Rust statements that build the input with the
//! subject's own public API, call the function under test and render its result as one line,
//! and the line the correct result renders to. The expected line is the oracle's answer to the
//! case, embedded (ecdiff's oracle is not a dependency of the reproducer), and the generated
//! file says so. [`project_for`] adds the subject crate and the case's provenance (the file,
//! the verdict, the known finding it belongs to), and [`project::Project`] writes the files.
//!
//! Templates so far (README "A reproducer for the subject's maintainer" lists them by family):
//! dory's G1 MSM; the k256 0.14 / p256 point routines, k256 0.13.4's `batch_normalize` and lazy
//! field; halo2curves' compressed encodings and MSMs (below the batch-affine threshold); dalek's
//! decompression and multiscalar forms, tari's `from_bytes`; the BLS12-381 encodings, blstrs's
//! MSM and zkcrypto's `batch_normalize`; `group`'s wNAF multiplication over any type behind the
//! traits (`zkgroup::wnaf`).

pub mod project;

use crate::engine::{CaseRun, Detail, DynRoutine, VerdictKind};
use crate::generators::Bias;
use project::{Dependency, Project, Provenance};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The folder of the known findings' reproducers in the checkout (`ecdiff dev repros` writes
/// it, `tests/repro.rs` checks it, `scripts/run-reproducers.sh` builds and runs each).
pub const KNOWN_FINDINGS_DIR: &str = "repro";

/// The reproducer of the case `bytes` (read from `source`) of routine `r`, and ecdiff's run of
/// the case; `Err` says why there is no reproducer.
pub fn project_for(
    r: &dyn DynRoutine,
    bytes: &[u8],
    source: &str,
) -> Result<(Project, CaseRun), String> {
    project_with_patches(r, bytes, source, &[])
}

/// [`project_for`], with each crate of `patches` (name, path) taken from that checkout instead
/// of crates.io (maintainer mode: the finding is in a branch, not in the published version).
///
/// # Errors
/// As [`project_for`], and when a patched crate is not one the reproducer depends on.
pub fn project_with_patches(
    r: &dyn DynRoutine,
    bytes: &[u8],
    source: &str,
    patches: &[(String, String)],
) -> Result<(Project, CaseRun), String> {
    let info = r.info();
    let run = r.run_bytes(bytes, Bias::Edge, Detail::OnFinding);
    if !run.decoded {
        return Err(format!("the case does not decode: {}", run.verdict.detail));
    }
    let mut code = r.reproducer(bytes, Bias::Edge)?;
    let subject = Dependency::of_subject(info.subject).ok_or_else(|| {
        format!(
            "routine `{}`: its subject `{}` names no crate and version to depend on",
            info.name, info.subject
        )
    })?;
    // The subject's crate first: as the template lists it (with the features its code
    // needs), or else as the routine's subject string names it.
    match code
        .dependencies
        .iter()
        .position(|d| d.package == subject.package)
    {
        Some(i) if code.dependencies[i].version != subject.version => {
            return Err(format!(
                "the template depends on {} {}, the routine tests {}",
                subject.package, code.dependencies[i].version, subject.version
            ));
        }
        Some(i) => {
            let listed = code.dependencies.remove(i);
            code.dependencies.insert(0, listed);
        }
        None => code.dependencies.insert(0, subject),
    }
    let names: Vec<String> = code
        .dependencies
        .iter()
        .map(|d| d.package.clone())
        .collect();
    for (krate, path) in patches {
        let d = (code.dependencies.iter_mut())
            .find(|d| &d.package == krate)
            .ok_or_else(|| {
                format!(
                    "--patch {krate}: the reproducer does not depend on {krate} (it depends on {})",
                    names.join(", ")
                )
            })?;
        d.path = Some(path.clone());
    }
    let verdict = if run.verdict.detail.is_empty() {
        run.verdict.kind.to_string()
    } else {
        format!("{}: {}", run.verdict.kind, run.verdict.detail)
    };
    let provenance = Provenance {
        routine: info.name,
        subject: info.subject,
        function: info.function,
        source: source.to_string(),
        input_hex: hex::encode(bytes),
        verdict,
        known_finding: (run.expected.kind != VerdictKind::Agree).then_some(run.expected.reason),
    };
    Ok((Project::new(&code, &provenance), run))
}

/// A reproducer of a corpus file, as [`KNOWN_FINDINGS_DIR`] holds it.
pub struct CorpusReproducer {
    /// The routine.
    pub routine: &'static str,
    /// The known finding reproduced (the routine's documented reason), or `None` for an
    /// agreeing case: the control that shows the routine's template prints the expected line
    /// when the subject is right.
    pub reason: Option<&'static str>,
    /// The corpus file reproduced.
    pub file: PathBuf,
    /// The project's folder under [`KNOWN_FINDINGS_DIR`]: `<routine>-<file name>`, under
    /// `agreeing/` for a control.
    pub folder: String,
    /// The project, or why there is none (no template for the routine's shape yet).
    pub project: Result<Project, String>,
}

/// The largest `main.rs` an agreeing control may have: a routine's control is its first
/// agreeing corpus file (by name) whose reproducer fits, so that a routine of large inputs
/// does not commit a megabyte of coordinates.
pub const CONTROL_MAX_BYTES: usize = 16 * 1024;

/// The reproducers [`KNOWN_FINDINGS_DIR`] holds, from the corpus under `corpus_dir`, for the
/// routines of this build: for each documented known finding the corpus has an input of, the
/// shortest such file (then the first by name); and for each routine with a reproducer
/// template, one agreeing file as its control ([`CONTROL_MAX_BYTES`]). Replays every corpus
/// file (a file's expected
/// verdict says whether it is a known finding).
pub fn corpus_reproducers(corpus_dir: &Path) -> Vec<CorpusReproducer> {
    // Routines are independent: spread them over the cores, keep the registry's order.
    let routines = crate::routines::all();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut done: Vec<(usize, Vec<CorpusReproducer>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(r) = routines.get(i) else {
                            return mine;
                        };
                        mine.push((i, routine_reproducers(r.as_ref(), corpus_dir)));
                    }
                })
            })
            .collect();
        (workers.into_iter())
            .flat_map(|w| w.join().expect("a reproducer worker panicked"))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().flat_map(|(_, r)| r).collect()
}

/// [`corpus_reproducers`] of one routine.
fn routine_reproducers(r: &dyn DynRoutine, corpus_dir: &Path) -> Vec<CorpusReproducer> {
    let mut out = Vec::new();
    let name = r.info().name;
    let Ok(files) = crate::corpus::inputs(&corpus_dir.join(name)) else {
        return out;
    };
    let mut known: BTreeMap<&'static str, (usize, PathBuf, Vec<u8>)> = BTreeMap::new();
    let mut agreeing = Vec::new();
    for file in files {
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        let run = r.run_bytes(&bytes, Bias::Edge, Detail::OnFinding);
        if run.expected.kind == VerdictKind::Agree {
            if run.verdict.kind == VerdictKind::Agree {
                agreeing.push((file, bytes));
            }
            continue;
        }
        let key = (bytes.len(), file.clone());
        match known.get(run.expected.reason) {
            Some((len, path, _)) if (*len, path.clone()) <= key => {}
            _ => {
                known.insert(run.expected.reason, (bytes.len(), file, bytes));
            }
        }
    }
    let entry = |reason: Option<&'static str>, file: PathBuf, bytes: &[u8]| {
        let file_name = file
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        let source = format!("corpus/{name}/{file_name}");
        CorpusReproducer {
            routine: name,
            reason,
            folder: match reason {
                Some(_) => format!("{name}-{file_name}"),
                None => format!("agreeing/{name}-{file_name}"),
            },
            project: project_for(r, bytes, &source).map(|(p, _)| p),
            file,
        }
    };
    for (reason, (_, file, bytes)) in known {
        out.push(entry(Some(reason), file, &bytes));
    }
    // The control: only for a routine with a template (the first project tells).
    for (file, bytes) in agreeing {
        let control = entry(None, file, &bytes);
        match &control.project {
            Ok(p) if p.main_rs.len() <= CONTROL_MAX_BYTES => {
                out.push(control);
                break;
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    out
}

/// The files of [`KNOWN_FINDINGS_DIR`] (`dir`) for `reproducers`: each project's `Cargo.toml`
/// and `src/main.rs`, and `README.md`, the index.
pub fn generated_files(dir: &Path, reproducers: &[CorpusReproducer]) -> Vec<(PathBuf, String)> {
    let mut files = vec![(dir.join("README.md"), index_markdown(reproducers))];
    for r in reproducers {
        if let Ok(p) = &r.project {
            let folder = dir.join(&r.folder);
            files.push((folder.join("Cargo.toml"), p.cargo_toml.clone()));
            files.push((folder.join("src/main.rs"), p.main_rs.clone()));
        }
    }
    files
}

/// Project folders in `dir` (and `dir/agreeing`) that `reproducers` no longer generate.
pub fn stale_folders(dir: &Path, reproducers: &[CorpusReproducer]) -> Vec<PathBuf> {
    let wanted: Vec<PathBuf> = (reproducers.iter())
        .filter(|r| r.project.is_ok())
        .map(|r| dir.join(&r.folder))
        .collect();
    let mut stale = Vec::new();
    for parent in [dir.to_path_buf(), dir.join("agreeing")] {
        let Ok(entries) = std::fs::read_dir(&parent) else {
            continue;
        };
        for path in entries.filter_map(Result::ok).map(|e| e.path()) {
            let is_project = path.join("Cargo.toml").is_file() || path.join("src").is_dir();
            if path.is_dir() && is_project && !wanted.contains(&path) {
                stale.push(path);
            }
        }
    }
    stale.sort();
    stale
}

/// `repro/README.md`: the index of the reproducers, and the known findings that have none yet.
pub fn index_markdown(reproducers: &[CorpusReproducer]) -> String {
    let mut out = String::from(
        "# Reproducers of the known findings\n\n\
         Generated by `cargo run -p ecdiff -- dev repros` from the corpus (`tests/repro.rs` \
         fails when they drift): one standalone Cargo project per documented known finding \
         met in the corpus, depending only on the subject crate at the version ecdiff tests. \
         `cargo run` in a folder prints the subject's result beside the correct one (ecdiff's \
         oracle's answer, embedded) and exits 1 when they differ, as each of these does. \
         `agreeing/` holds one agreeing case of each routine with a template: the control, \
         which must print the same line twice and exit 0. `scripts/run-reproducers.sh` builds \
         and runs them all (`.ci/run`). Any other corpus file or finding: `ecdiff repro FILE`.\n\n\
         | reproducer | routine | known finding |\n|---|---|---|\n",
    );
    let mut missing = String::new();
    let mut controls = String::new();
    for r in reproducers {
        let file_name = r
            .file
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        match (r.reason, &r.project) {
            (Some(reason), Ok(_)) => out.push_str(&format!(
                "| [`{0}`]({0}/src/main.rs) | `{1}` | {2} |\n",
                r.folder,
                r.routine,
                one_line(reason)
            )),
            (Some(reason), Err(e)) => missing.push_str(&format!(
                "- `{}` (`corpus/{}/{file_name}`): {}. {e}.\n",
                r.routine,
                r.routine,
                one_line(reason)
            )),
            (None, _) => controls.push_str(&format!("[`{0}`]({0}/src/main.rs)\n", r.folder)),
        }
    }
    if !missing.is_empty() {
        out.push_str("\nKnown findings without a reproducer template yet:\n\n");
        out.push_str(&missing);
    }
    if !controls.is_empty() {
        out.push_str("\nControls (agreeing cases, each must exit 0):\n\n");
        out.push_str(&controls.trim_end().replace('\n', ",\n"));
        out.push('\n');
    }
    out
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
