//! A planted bug, found: ecdiff's suite finds `planted_msm`'s dropped term, saves the input and
//! its companion under this crate (`ecdiff-findings/`), and prints a replay command that works
//! here — proven by running that command's input through the very code path `Suite::run`
//! takes under `ECDIFF_REPLAY`.

use ecdiff::arkworks::msm;
use ecdiff::oracles::curves::Bn254G1;
use ecdiff::shapes::Spec;
use ecdiff::suite::Suite;
use ecdiff::VerdictKind;
use ecdiff_downstream_example::{planted_incomplete_msm, planted_msm};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

const PACKAGE: &str = env!("CARGO_PKG_NAME");
const TEST: &str = "planted_bug_is_found_saved_here_and_replays";

#[test]
fn planted_bug_is_found_saved_here_and_replays() {
    let routine = msm::<Bn254G1, ark_bn254::g1::Config>(Spec::new("planted_msm"), planted_msm);
    let suite = Suite::downstream(&routine, PACKAGE, env!("CARGO_MANIFEST_DIR"), TEST);
    // What the printed replay command runs: this test, with ECDIFF_REPLAY naming the input.
    // `run` replays it alone and panics with the finding, as a user replaying it expects.
    if suite
        .replay_target(std::env::var_os("ECDIFF_REPLAY").as_deref())
        .is_some()
    {
        suite.run();
        return;
    }
    if let Some(name) = std::thread::current().name().filter(|n| *n != "main") {
        assert_eq!(
            name, TEST,
            "the replay command's test filter names this test"
        );
    }

    // Found, not panicking: `try_run` hands the minimized finding back.
    let failure = suite.try_run().expect_err("the planted bug is found");
    eprintln!("{failure}");
    assert_eq!(failure.run.verdict.kind, VerdictKind::Mismatch);
    // Minimized to the smallest case that shows it: three terms (two are summed correctly),
    // the first two with zero scalars; the case as found is kept below it.
    let original = failure.original.as_ref().expect("minimized");
    let case = &failure.run.details.as_ref().expect("details").case;
    assert!(case.starts_with("n = 3\n"), "{case}");
    assert!(case.contains("scalars = [0x0, 0x0, 0x1]"), "{case}");
    assert_eq!(original.run.verdict.kind, VerdictKind::Mismatch);

    // Saved in this crate, not in ecdiff's tree.
    let root = std::env::var_os("ECDIFF_FINDINGS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("ecdiff-findings"));
    let (input, note) = failure.saved.clone().expect("the finding was saved");
    assert_eq!(
        input.parent(),
        Some(root.join("corpus").join("planted_msm").as_path())
    );
    assert_eq!(
        note.parent(),
        Some(root.join("findings").join("planted_msm").as_path())
    );

    assert_eq!(std::fs::read(&input).expect("input saved"), failure.bytes);
    let companion = std::fs::read_to_string(&note).expect("companion saved");

    // The replay command is this test, with ECDIFF_REPLAY naming the input ...
    let command = failure.replay_command();
    let file = command
        .strip_prefix("ECDIFF_REPLAY=")
        .and_then(|rest| rest.split_once(' '))
        .map(|(file, _)| file)
        .expect("ECDIFF_REPLAY=<file> …");
    assert_eq!(
        command,
        format!("ECDIFF_REPLAY={file} cargo test -p {PACKAGE} {TEST}")
    );
    assert!(
        companion.contains(&command),
        "the companion carries the replay command"
    );
    // ... whose file, read from this test's working directory as the replaying test reads it,
    assert_eq!(
        Path::new(file)
            .canonicalize()
            .expect("the command's file exists"),
        input.canonicalize().expect("saved input exists")
    );

    // ... is recognized by `Suite::run` as an input of this routine, and replays to the same
    // finding.
    let target = suite
        .replay_target(Some(OsStr::new(file)))
        .expect("ECDIFF_REPLAY=<file> selects this routine's replay");
    let replayed = suite
        .replay(&target)
        .expect_err("the replay reproduces the finding");
    assert_eq!(replayed.run.verdict.kind, failure.run.verdict.kind);
    assert_eq!(replayed.run.verdict.detail, failure.run.verdict.detail);
    assert_eq!(replayed.bytes, failure.bytes);

    // The case as found, replayed with minimization (`ECDIFF_MINIMIZE=1 ECDIFF_REPLAY=<file>`,
    // the downstream form of `ecdiff replay --minimize`): minimized and saved here again.
    let as_found = root.join("corpus").join("planted_msm").join("as-found");
    std::fs::write(&as_found, &original.bytes).expect("writing the case as found");
    let again = suite
        .replay_minimized(&as_found, std::time::Duration::from_secs(5))
        .expect_err("still a finding");
    assert!(again.original.is_some());
    let (again_input, _) = again.saved.clone().expect("saved");
    assert_eq!(again_input.parent(), as_found.parent());
    assert!(again
        .run
        .details
        .as_ref()
        .expect("details")
        .case
        .starts_with("n = 3\n"));
    std::fs::remove_file(&as_found).expect("removing the scratch input");
}

/// An addition law missing its doubling case, used to sum correct terms left to right, is found
/// with one `check!`-style line at the default budget of an MSM (320 cases, the budget of
/// ecdiff's built-in MSM rows): ecdiff builds inputs whose running sum meets the next term
/// (class `meet_prefix_equal`). Before those classes a 64-case run passed it, and it was found
/// only at 20 times that budget.
#[test]
fn planted_incomplete_addition_is_found_at_the_default_budget() {
    let routine = msm::<Bn254G1, ark_bn254::g1::Config>(
        Spec::new("planted_incomplete_msm"),
        planted_incomplete_msm,
    );
    assert_eq!(ecdiff::Routine::info(&routine).default_cases, 320);
    let suite = Suite::downstream(
        &routine,
        PACKAGE,
        env!("CARGO_MANIFEST_DIR"),
        "planted_incomplete_addition_is_found_at_the_default_budget",
    );
    let failure = suite
        .try_run()
        .expect_err("the incomplete addition is found");
    assert_eq!(failure.run.verdict.kind, VerdictKind::Mismatch);
    // Minimized to a sum whose running value meets its next term: two or three terms.
    let case = &failure.run.details.as_ref().expect("details").case;
    assert!(
        case.starts_with("n = 2\n") || case.starts_with("n = 3\n"),
        "{case}"
    );
    if let Some((input, note)) = failure.saved.clone() {
        std::fs::remove_file(input).ok();
        std::fs::remove_file(note).ok();
    }
}
