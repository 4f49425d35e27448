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
    // `ecdiff coverage` builds through `$CARGO`: point it at a script that leaves a mark, so
    // any build or metadata call made before the usage error shows.
    let dir = std::env::temp_dir().join(format!("ecdiff-coverage-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mark = dir.join("cargo-was-run");
    let fake_cargo = dir.join("cargo");
    std::fs::write(
        &fake_cargo,
        format!("#!/bin/sh\ntouch '{}'\nexit 1\n", mark.display()),
    )
    .expect("fake cargo");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&fake_cargo, std::fs::Permissions::from_mode(0o755))
            .expect("chmod");
    }
    for args in [
        &["coverage", "no_such_routine"][..],
        &["coverage", "--cases", "0", "dory_g1_msm"][..],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_ecdiff"))
            .args(args)
            .env("CARGO", &fake_cargo)
            .output()
            .expect("run ecdiff");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {o:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    }
    assert!(!mark.exists(), "cargo was run before the usage error");
    std::fs::remove_dir_all(&dir).ok();
}
