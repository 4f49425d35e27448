//! The committed regression corpus, replayed by plain `cargo test` (debug) and
//! `cargo test --release`, as rustls replays its fuzz corpus.
//!
//! Every file under `corpus/<routine>/` goes through the same decoder and routine as the fuzz
//! target of that name ([`ecdiff::corpus::audit`]). The tests below fail, naming each path:
//!
//! - when a folder is not a routine, or a routine has no folder;
//! - when a file no longer decodes (the decoder panics on it);
//! - when a file gives another verdict than its expected one (agreement, the routine's
//!   documented known finding, or the `expect:` its companion in `findings/` pins);
//! - when the files of a routine together no longer reach every edge class it declares — a
//!   corpus that silently stops testing is the failure this guards against;
//! - when a companion in `findings/` has lost its input.

use ecdiff::corpus::{self, Audit, CorpusPaths, ProblemKind};
use ecdiff::engine::DynRoutine;
use std::sync::OnceLock;

fn audit() -> &'static Audit {
    static AUDIT: OnceLock<Audit> = OnceLock::new();
    AUDIT.get_or_init(|| {
        let routines: Vec<&'static dyn DynRoutine> =
            ecdiff::routines::all().iter().map(|r| &**r).collect();
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        let audit = corpus::audit(&CorpusPaths::repo(), &routines, threads);
        eprintln!(
            "replayed {} corpus files of {} routines",
            audit.files(),
            audit.routines.len()
        );
        audit
    })
}

fn assert_none(kinds: &[ProblemKind], what: &str) {
    let problems: Vec<String> = audit()
        .problems
        .iter()
        .filter(|p| kinds.contains(&p.kind))
        .map(|p| format!("  {p}"))
        .collect();
    assert!(
        problems.is_empty(),
        "{what} ({} problems):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn corpus_folders_are_routines_and_every_routine_has_one() {
    assert_none(&[ProblemKind::Layout], "corpus layout");
}

#[test]
fn every_corpus_file_decodes() {
    assert_none(
        &[ProblemKind::Unreadable, ProblemKind::Undecodable],
        "corpus files that do not decode",
    );
}

#[test]
fn every_corpus_file_gives_its_expected_verdict() {
    assert_none(
        &[ProblemKind::Verdict],
        "corpus files with an unexpected verdict",
    );
}

#[test]
fn corpus_reaches_every_declared_edge_class() {
    assert_none(
        &[ProblemKind::Coverage],
        "routines whose corpus misses classes",
    );
}

#[test]
fn every_companion_has_its_input() {
    assert_none(&[ProblemKind::Companion], "companions in findings/");
}

/// The audit itself must fail on the failures it exists for: a scratch corpus with a stray
/// folder, a routine without files, a pinned expectation that does not hold, a missing class
/// and an orphan companion.
#[test]
fn audit_reports_each_kind_of_problem() {
    let all = ecdiff::routines::all();
    let first = &*all[0];
    let name = first.info().name;
    let root = std::env::temp_dir().join(format!("ecdiff-corpus-audit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let paths = CorpusPaths::under(&root);
    std::fs::create_dir_all(paths.corpus.join("not_a_routine")).unwrap();
    // One input, pinned to a verdict it does not give.
    let bytes = ecdiff::generators::case_bytes(0, name, 0, ecdiff::generators::CASE_BYTES);
    let (input, _) = corpus::add_input(&paths, name, &bytes).unwrap();
    let stem = input.file_name().unwrap().to_str().unwrap().to_string();
    std::fs::create_dir_all(paths.findings.join(name)).unwrap();
    std::fs::write(
        paths.companion_path(name, &stem),
        "expect: subject_panicked\n",
    )
    .unwrap();
    std::fs::write(paths.companion_path(name, "0000000000000000"), "orphan\n").unwrap();

    let audit = corpus::audit(&paths, &[first], 1);
    let kinds: Vec<ProblemKind> = audit.problems.iter().map(|p| p.kind).collect();
    assert!(kinds.contains(&ProblemKind::Layout), "{:?}", audit.problems);
    assert!(
        kinds.contains(&ProblemKind::Verdict),
        "{:?}",
        audit.problems
    );
    assert!(
        kinds.contains(&ProblemKind::Coverage),
        "{:?}",
        audit.problems
    );
    assert!(
        kinds.contains(&ProblemKind::Companion),
        "{:?}",
        audit.problems
    );
    assert!(audit
        .problems
        .iter()
        .any(|p| p.path.ends_with(&stem) && p.what.contains("pinned")));
    let _ = std::fs::remove_dir_all(&root);
}
