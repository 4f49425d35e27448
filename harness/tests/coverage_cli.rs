//! `ecdiff coverage` from the command line, without the instrumented build (that takes
//! minutes; the attribution logic has its unit tests under `src/coverage/`): its help, and bad
//! usage rejected before anything is built.

use std::process::{Command, Output};

fn ecdiff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ecdiff"))
        .args(args)
        .output()
        .expect("running the ecdiff binary")
}

#[test]
fn coverage_help_lists_its_options() {
    let o = ecdiff(&["coverage", "--help"]);
    assert!(o.status.success(), "{o:?}");
    let text = String::from_utf8_lossy(&o.stdout);
    for opt in [
        "--json <FILE>",
        "--html <DIR>",
        "--cases <N>",
        "[ROUTINE|PREFIX]...",
    ] {
        assert!(
            text.contains(opt),
            "`ecdiff coverage --help` lacks {opt}:\n{text}"
        );
    }
    // The internal child mode stays out of the help.
    assert!(!text.contains("--campaign"), "{text}");
    // And the subcommand is listed by the top-level help.
    let top = ecdiff(&["--help"]);
    assert!(String::from_utf8_lossy(&top.stdout).contains("coverage"));
}

#[test]
fn coverage_rejects_bad_usage_before_building() {
    let started = std::time::Instant::now();
    for args in [
        &["coverage", "no_such_routine"][..],
        &["coverage", "--cases", "0", "dory_g1_msm"][..],
    ] {
        let o = ecdiff(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {o:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    }
    assert!(started.elapsed().as_secs() < 30, "nothing was built or run");
}
