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
//! - when a companion in `findings/` has lost its input;
//! - when a file's case goes into its subject through one direction of a codec of the subject's
//!   library and comes back through the other (`docs/paths.md`);
//! - when the standalone reproducers of the corpus's known findings in `repro/` are not what
//!   `ecdiff dev repros` generates from it, or pin another version of a crate than the one
//!   ecdiff tests (`scripts/run-reproducers.sh` builds and runs them).

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

/// No file's case lets a library referee itself (`docs/paths.md`): none goes in through one
/// direction of a codec of its subject's library and comes out through the other. The check is
/// not vacuous: the routines whose adapters convert through a codec of their library record it.
#[test]
fn no_corpus_case_reads_a_result_back_through_the_codec_that_built_its_input() {
    assert_none(
        &[ProblemKind::SharedPath],
        "cases whose library is its own referee",
    );
    for name in [
        "zkcrypto_g1_batch_normalize",
        "zkcrypto_g2_batch_normalize",
        "zkcrypto_g1_encoding",
        "zkcrypto_g2_encoding",
        "zkcrypto_pairing",
        "zkcrypto_multi_miller_loop",
        "tari_proof_from_bytes",
        "dalek_edwards_compress",
        "dalek_ristretto_double_and_compress_batch",
        "dalek_edwards_decompress",
        "dalek_ristretto_vartime_multiscalar_mul",
        "dalek_edwards_mul_base",
    ] {
        let recorded = &audit().routines[name].codec_functions;
        assert!(!recorded.is_empty(), "{name} recorded no codec function");
    }
}

/// The same audit flags a check that reads a parsed proof back only with the encoder of the
/// decoder under test (`tari_proof_from_bytes` before it read the proof's parts), recorded by a
/// subject that runs in the engine's subject pool.
#[test]
fn audit_reports_a_codec_used_both_ways() {
    use ecdiff::families::curve25519::{tari, FAMILY};
    use ecdiff::paths::{under_test, Side};
    let name = "tari_proof_from_bytes";
    let round_trip_only = tari::check_from_bytes(
        FAMILY.spec(name),
        Box::new(|bytes: &[u8]| {
            under_test(Side::In, "tari::RangeProof::from_bytes");
            under_test(Side::Out, "tari::RangeProof::to_bytes");
            Ok(tari::Reserialized {
                parsed: bytes.to_vec(),
                written: bytes.to_vec(),
            })
        }),
    );
    let routine: &'static dyn DynRoutine = Box::leak(Box::new(round_trip_only));
    let root = std::env::temp_dir().join(format!("ecdiff-corpus-paths-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let paths = CorpusPaths::under(&root);
    let bytes = ecdiff::generators::case_bytes(0, name, 0, ecdiff::generators::CASE_BYTES);
    corpus::add_input(&paths, name, &bytes).unwrap();
    let audit = corpus::audit(&paths, &[routine], 1);
    let _ = std::fs::remove_dir_all(&root);
    let shared = audit.of_kind(ProblemKind::SharedPath);
    assert_eq!(shared.len(), 1, "{:?} {:?}", audit.routines, audit.problems);
    assert!(shared[0].what.contains("to_bytes"), "{}", shared[0]);
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

/// The reproducers `ecdiff dev repros` generates from the committed corpus (computed once).
fn reproducers() -> &'static [ecdiff::repro::CorpusReproducer] {
    static REPRODUCERS: OnceLock<Vec<ecdiff::repro::CorpusReproducer>> = OnceLock::new();
    REPRODUCERS.get_or_init(|| {
        ecdiff::repro::corpus_reproducers(&ecdiff::corpus::repo_root().join("corpus"))
    })
}

/// `repro/` is what `cargo run -p ecdiff -- dev repros` writes from the corpus, in the dev
/// profile: which corpus files are known findings depends on the profile (p256's empty
/// `lincomb` panics only with debug assertions), so the release build does not compare.
#[cfg_attr(
    not(debug_assertions),
    ignore = "repro/ is generated with debug assertions (p256's finding is debug-only)"
)]
#[test]
fn the_known_findings_reproducers_are_up_to_date() {
    let root = ecdiff::corpus::repo_root();
    let dir = root.join(ecdiff::repro::KNOWN_FINDINGS_DIR);
    let reproducers = reproducers();
    let mut problems: Vec<String> = ecdiff::repro::generated_files(&dir, reproducers)
        .into_iter()
        .filter(|(path, text)| std::fs::read_to_string(path).ok().as_deref() != Some(text))
        .map(|(path, _)| format!("{} is out of date", path.display()))
        .collect();
    problems.extend(
        ecdiff::repro::stale_folders(&dir, reproducers)
            .iter()
            .map(|p| format!("{} is no longer generated", p.display())),
    );
    assert!(
        problems.is_empty(),
        "{}\nregenerate with `cargo run -p ecdiff -- dev repros`",
        problems.join("\n")
    );
    assert!(
        reproducers
            .iter()
            .any(|r| r.reason.is_some() && r.project.is_ok()),
        "no known finding has a reproducer"
    );
}

/// Every crate a reproducer depends on is pinned (`=version`) to the version in ecdiff's own
/// Cargo.lock: a reproducer shows the crate ecdiff tested.
#[test]
fn reproducers_pin_the_versions_ecdiff_tests() {
    let root = ecdiff::corpus::repo_root();
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).expect("Cargo.lock");
    let locked = |name: &str, version: &str| {
        lock.contains(&format!("name = \"{name}\"\nversion = \"{version}\"\n"))
    };
    let mut problems = Vec::new();
    let mut seen = 0;
    for r in reproducers() {
        let Ok(project) = &r.project else { continue };
        let deps = project
            .cargo_toml
            .split("[dependencies]\n")
            .nth(1)
            .unwrap_or_default();
        for line in deps.lines().take_while(|l| !l.is_empty()) {
            let (name, rest) = line
                .split_once(" = { version = \"=")
                .expect("a pinned dependency");
            let version = rest.split('"').next().unwrap_or_default();
            seen += 1;
            if !locked(name, version) {
                problems.push(format!(
                    "{}: {name} {version} is not in Cargo.lock",
                    r.folder
                ));
            }
        }
    }
    assert!(seen > 0, "no reproducer dependency checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
