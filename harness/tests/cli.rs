//! The `ecdiff` binary, run as a user runs it: listing, a tiny campaign with a JSON report,
//! exit code 2 with a one-line error for bad input, replay of corpus files, and a saved
//! finding that replays.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ecdiff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ecdiff"))
        .args(args)
        .env("ECDIFF_RAYON_THREADS", "2")
        .output()
        .expect("running the ecdiff binary")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A scratch folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("ecdiff-cli-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("creating a scratch folder");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The cheapest routine to run in a debug build: the one with the smallest default budget
/// (a rough proxy for cost), first in registry order on ties.
fn some_routine() -> &'static str {
    ecdiff::routines::all()
        .iter()
        .map(|r| r.info())
        .min_by_key(|i| i.default_cases)
        .map(|i| i.name)
        .expect("the registry has routines")
}

#[test]
fn list_names_every_routine() {
    let o = ecdiff(&["list", "--names"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let names: Vec<String> = stdout(&o).lines().map(String::from).collect();
    let registry: Vec<&str> = ecdiff::routines::all()
        .iter()
        .map(|r| r.info().name)
        .collect();
    assert_eq!(names, registry);

    let o = ecdiff(&["list"]);
    assert!(o.status.success());
    let text = stdout(&o);
    for r in ecdiff::routines::all() {
        let info = r.info();
        assert!(
            text.contains(info.name) && text.contains(info.subject),
            "{text}"
        );
    }
    assert!(text.contains("classes:") && text.contains("oracle:"));
}

#[test]
fn a_tiny_run_prints_a_table_and_writes_json() {
    let scratch = Scratch::new("run");
    let json = scratch.0.join("report.json");
    let routine = some_routine();
    let o = ecdiff(&[
        "run",
        routine,
        "--cases",
        "2",
        "--seed",
        "7",
        "--threads",
        "1",
        "--no-save",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let table = stdout(&o);
    assert!(
        table.contains(routine) && table.contains("classes"),
        "{table}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["seed"], 7);
    assert_eq!(report["routines"][0]["routine"], routine);
    assert_eq!(report["routines"][0]["cases"], 2);
    assert_eq!(report["routines"][0]["agreements"], 2);
    assert_eq!(report["interrupted"], false);
}

#[test]
fn an_unknown_routine_is_exit_2_with_one_line() {
    for args in [
        &["run", "no_such_routine", "--cases", "1"][..],
        &["case", "no_such_routine", "0"][..],
        &["corpus", "seed", "no_such_routine"][..],
    ] {
        let o = ecdiff(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("no_such_routine") && err.contains("ecdiff list"),
            "{err}"
        );
    }
}

#[test]
fn an_unreadable_file_is_exit_2_with_one_line() {
    let o = ecdiff(&["replay", "/nonexistent/ecdiff/corpus/file"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("cannot read /nonexistent/ecdiff/corpus/file"),
        "{err}"
    );

    // A file whose folder is not a routine, without --routine.
    let scratch = Scratch::new("unknown-folder");
    let f = scratch.0.join("input");
    std::fs::write(&f, b"abc").unwrap();
    let o = ecdiff(&["replay", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--routine"), "{}", stderr(&o));
}

#[test]
fn bad_usage_is_exit_2() {
    assert_eq!(ecdiff(&["run", "--cases", "many"]).status.code(), Some(2));
    assert_eq!(
        ecdiff(&["run", "--cases", "1", "--time", "1"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(ecdiff(&["frobnicate"]).status.code(), Some(2));
}

#[cfg(not(feature = "zoo"))]
#[test]
fn zoo_without_the_feature_says_how_to_build_it() {
    let o = ecdiff(&["zoo"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--features zoo"), "{}", stderr(&o));
}

#[test]
fn the_committed_corpus_replays() {
    let root = ecdiff::corpus::repo_root().join("corpus");
    let routine = some_routine();
    let dir = root.join(routine);
    let file = ecdiff::corpus::inputs(&dir)
        .expect("the routine has a committed corpus folder")
        .into_iter()
        .next()
        .expect("the routine's corpus folder has files");
    let o = ecdiff(&["replay", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).starts_with("ok "), "{}", stdout(&o));

    let o = ecdiff(&["replay", "-v", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("--- oracle"), "{}", stdout(&o));
}

/// Saves a finding with the library API into a scratch corpus, then replays it with the
/// binary: the companion carries the replay command, and its pinned expectation is honoured.
#[test]
fn a_saved_finding_replays() {
    use ecdiff::corpus::{save_finding, CorpusPaths, Provenance};
    let scratch = Scratch::new("finding");
    let paths = CorpusPaths::under(&scratch.0);
    let routine = ecdiff::routines::by_name(some_routine()).unwrap();
    let bytes =
        ecdiff::generators::case_bytes(3, routine.info().name, 1, ecdiff::generators::CASE_BYTES);
    let mut run = routine.run_bytes(&bytes, ecdiff::Bias::Edge, ecdiff::Detail::Always);
    // Present the agreeing case as if the subject had disagreed.
    run.verdict = ecdiff::Verdict::new(ecdiff::VerdictKind::Mismatch, "crafted for the test");
    let provenance = Provenance {
        seed: Some(3),
        case_index: Some(1),
        source: "harness/tests/cli.rs".into(),
    };
    let (input, note) = save_finding(&paths, &run, &bytes, &provenance).unwrap();
    assert_eq!(std::fs::read(&input).unwrap(), bytes);
    let text = std::fs::read_to_string(&note).unwrap();
    assert!(
        text.contains("replay") && text.contains("- seed: `3`"),
        "{text}"
    );
    assert!(
        text.contains(&format!("- routine: `{}`", routine.info().name)),
        "{text}"
    );

    // The real routine agrees on it: exit 0.
    let o = ecdiff(&["replay", input.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));

    // Pin the (crafted) finding in the companion: now the agreement is the surprise.
    std::fs::write(&note, format!("{text}\nexpect: mismatch\n")).unwrap();
    let o = ecdiff(&["replay", input.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("expected mismatch, pinned"),
        "{}",
        stdout(&o)
    );
}

/// `case --save` writes a recomputed case into a corpus that `replay` then reads.
#[test]
fn a_recomputed_case_can_be_saved_and_replayed() {
    let scratch = Scratch::new("case");
    let corpus = scratch.0.join("corpus");
    let routine = some_routine();
    let o = ecdiff(&[
        "case",
        routine,
        "4",
        "--seed",
        "9",
        "--save",
        "--corpus",
        corpus.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let saved = ecdiff::corpus::inputs(&corpus.join(routine)).unwrap();
    assert_eq!(saved.len(), 1);
    assert_eq!(
        std::fs::read(&saved[0]).unwrap(),
        ecdiff::generators::case_bytes(9, routine, 4, ecdiff::generators::CASE_BYTES)
    );
    let o = ecdiff(&["replay", corpus.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(Path::new(&saved[0]).exists());
}

/// Under the zoo feature: a campaign over a broken variant saves its finding, which then
/// replays against the real routine (where it agrees).
#[cfg(feature = "zoo")]
#[test]
fn a_zoo_finding_is_saved_by_a_campaign_and_replays() {
    use ecdiff::campaign::{self, Budget, Config, Silent};
    use ecdiff::corpus::CorpusPaths;
    use std::sync::atomic::AtomicBool;
    let variants = ecdiff::zoo::all();
    let Some(v) = variants.first() else {
        eprintln!("no zoo variants yet");
        return;
    };
    let scratch = Scratch::new("zoo");
    let paths = CorpusPaths::under(&scratch.0);
    let config = Config {
        budget: Budget::Cases(u64::from(v.check.info().default_cases)),
        save: Some(paths.clone()),
        max_saved_per_kind: 1,
        ..Config::default()
    };
    let report = campaign::run(&[&*v.check], &config, &AtomicBool::new(false), &Silent);
    let saved = &report.routines[0].saved;
    assert!(!saved.is_empty(), "variant {} not caught", v.name);
    let input = saved[0]
        .input
        .as_ref()
        .expect("saved to the scratch corpus");
    let input = if Path::new(input).is_absolute() {
        PathBuf::from(input)
    } else {
        std::env::current_dir().unwrap().join(input)
    };
    let o = ecdiff(&["replay", input.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
}

/// Ctrl-C during a campaign: the report of what ran is printed and written, and the exit
/// code is 130 (a half-run is not a pass).
#[test]
fn an_interrupted_campaign_reports_what_ran_and_exits_130() {
    let scratch = Scratch::new("interrupt");
    let json = scratch.0.join("report.json");
    let child = Command::new(env!("CARGO_BIN_EXE_ecdiff"))
        .args(["run", "--time", "600", "--no-save", "--json"])
        .arg(&json)
        .arg(some_routine())
        .env("ECDIFF_RAYON_THREADS", "2")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starting ecdiff run");
    std::thread::sleep(std::time::Duration::from_secs(3));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("running kill");
    assert!(kill.success());
    let out = child.wait_with_output().expect("waiting for ecdiff");
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("the JSON report"))
            .expect("valid JSON");
    assert_eq!(report["interrupted"], true);
    assert!(stdout(&out).contains(some_routine()));
}

#[test]
fn replay_minimize_saves_a_smaller_case_that_replays_the_same_verdict() {
    // blst 0.3's multi_exp of zero terms panics (a known finding): its corpus file is 256 raw
    // bytes; the minimized case is a tape with the one choice that makes the length zero.
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/blst_g1_msm");
    let known = std::fs::read_dir(&source)
        .expect("the blst corpus folder")
        .map(|e| e.expect("entry").path())
        .find(|p| {
            let o = ecdiff(&["replay", p.to_str().expect("utf-8")]);
            stdout(&o).contains("subject_panicked")
        })
        .expect("the corpus keeps the known finding");
    let scratch = Scratch::new("minimize");
    let folder = scratch.0.join("corpus").join("blst_g1_msm");
    std::fs::create_dir_all(&folder).expect("scratch corpus");
    let copy = folder.join(known.file_name().expect("file name"));
    std::fs::copy(&known, &copy).expect("copy");

    let o = ecdiff(&["replay", "--minimize", copy.to_str().expect("utf-8")]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("bug:      blst_g1_msm: subject_panicked"),
        "{out}"
    );
    assert!(out.contains("--- case (minimized)\nn = 0"), "{out}");
    let minimized: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| *p != copy)
        .collect();
    assert_eq!(minimized.len(), 1, "{minimized:?}");
    let bytes = std::fs::read(&minimized[0]).expect("minimized file");
    assert!(bytes.starts_with(b"ecdiff-tape/1\n"));
    assert!(bytes.len() < std::fs::read(&copy).expect("copy").len());
    let note = scratch.0.join("findings/blst_g1_msm").join(format!(
        "{}.md",
        minimized[0].file_name().unwrap().to_string_lossy()
    ));
    let note = std::fs::read_to_string(note).expect("companion");
    let minimized_at = note.find("## Case (minimized)").expect("minimized case");
    let original_at = note.find("## The case as found").expect("original case");
    assert!(minimized_at < original_at);
    // The minimized file replays to the same (known) verdict.
    let o = ecdiff(&["replay", minimized[0].to_str().expect("utf-8")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("subject_panicked  (expected subject_panicked)"));
}

#[test]
fn bench_writes_its_section_between_the_markers_and_refuses_a_file_without_them() {
    let scratch = Scratch::new("bench");
    let doc = scratch.0.join("BENCHMARKS.md");
    std::fs::write(
        &doc,
        format!(
            "# intro\n{}\nold table\n{}\n# outro\n",
            ecdiff::bench::BEGIN,
            ecdiff::bench::END
        ),
    )
    .unwrap();
    let routine = some_routine();
    let o = ecdiff(&["bench", routine, "--write", doc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("check/subject"), "{}", stdout(&o));
    let written = std::fs::read_to_string(&doc).unwrap();
    assert!(written.starts_with("# intro\n") && written.ends_with("# outro\n"));
    assert!(!written.contains("old table"), "{written}");
    assert!(written.contains(&format!("| `{routine}` |")), "{written}");

    let bare = scratch.0.join("bare.md");
    std::fs::write(&bare, "no markers here\n").unwrap();
    let o = ecdiff(&["bench", routine, "--write", bare.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    assert!(stderr(&o).contains("bare.md"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&bare).unwrap(), "no markers here\n");
}

/// `ecdiff repro` writes, for a known finding's corpus file, the project `repro/` holds for it
/// (`ecdiff dev repros` and the command share one generator), and refuses with exit 2 and one
/// line a routine without a template, a folder, and a file it cannot read.
#[test]
fn repro_writes_the_committed_project_and_refuses_what_it_cannot() {
    let root = ecdiff::corpus::repo_root();
    let committed = std::fs::read_dir(root.join("repro"))
        .expect("repro/")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .min()
        .expect("repro/ holds a known finding's project");
    let folder = committed
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let (routine, file) = folder.rsplit_once('-').expect("<routine>-<file>");
    let input = root.join("corpus").join(routine).join(file);
    let scratch = Scratch::new("repro");
    let out = scratch.0.join("project");
    let o = ecdiff(&[
        "repro",
        input.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("cargo run --manifest-path"),
        "{}",
        stdout(&o)
    );
    for f in ["Cargo.toml", "src/main.rs"] {
        assert_eq!(
            std::fs::read_to_string(out.join(f)).unwrap(),
            std::fs::read_to_string(committed.join(f)).unwrap(),
            "{f} of {folder}"
        );
    }

    // A routine without a template: the first whose first corpus file has no reproducer.
    let without = ecdiff::routines::all()
        .iter()
        .find_map(|r| {
            let dir = root.join("corpus").join(r.info().name);
            let first = ecdiff::corpus::inputs(&dir).ok()?.into_iter().next()?;
            let bytes = std::fs::read(&first).ok()?;
            r.reproducer(&bytes, ecdiff::generators::Bias::Edge)
                .is_err()
                .then_some(first)
        })
        .expect("a routine without a reproducer template");
    let folder_input = root.join("corpus").join(routine);
    let unreadable = scratch.0.join(routine).join("missing");
    for (args, says) in [
        (
            vec!["repro", without.to_str().unwrap()],
            "no reproducer template yet",
        ),
        (vec!["repro", folder_input.to_str().unwrap()], "is a folder"),
        (vec!["repro", unreadable.to_str().unwrap()], "cannot read"),
    ] {
        let o = ecdiff(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
