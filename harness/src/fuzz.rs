//! The fuzzing entry point, and the generator of the cargo-fuzz targets that call it.
//!
//! Every routine has a cargo-fuzz target `fuzz/fuzz_targets/<routine>.rs` of a few lines:
//!
//! ```ignore
//! #![no_main]
//! libfuzzer_sys::fuzz_target!(init: ecdiff::fuzz::init("dory_g1_msm"), |data: &[u8]| {
//!     ecdiff::fuzz::check("dory_g1_msm", data)
//! });
//! ```
//!
//! [`check`] hands libFuzzer's bytes to the same decoder, routine and verdict as `cargo test`,
//! `ecdiff run` and the corpus replay, so a crash file replays with
//! `ecdiff replay --routine <routine> <file>` and a corpus file replays under libFuzzer. On a
//! finding it prints the readable case (both outputs, the input in hex) and panics with the
//! stable message `ecdiff finding: <routine>: <verdict_kind>` from a function named after the
//! verdict kind ([`finding`]); libFuzzer's panic hook turns the panic into an abort, so crashes
//! deduplicate by routine (one binary each) and verdict kind (the top stack frame), as
//! cryptofuzz's `<modules>-<op>-difference` messages do.
//!
//! Panics *inside* a subject are outcomes, not crashes: the engine catches them, and its quiet
//! panic hook keeps libFuzzer's abort-on-panic hook from seeing them. libFuzzer installs its
//! hook in `LLVMFuzzerInitialize`, before any input runs; [`init`] (the targets' `init:` block)
//! then installs the quiet hook in front of it, chained, so every panic the engine does not
//! capture still aborts. It also runs the routine's first seeded cases once ([`warm_up`]), so
//! that lazily built tables and pools cost start-up time, not the first inputs' time.
//!
//! Nothing here, nor anywhere in the harness, looks at `cfg(fuzzing)`: a fuzz build computes
//! exactly what `cargo test` computes (`tests/fuzz_targets.rs` checks the sources).
//!
//! The targets and `fuzz/Cargo.toml` are generated from the registry by
//! `ecdiff dev fuzz-targets` ([`target_source`], [`manifest`]); `tests/fuzz_targets.rs` fails
//! when they drift from it.

use crate::engine::{panic, CaseRun, Detail, DynRoutine, VerdictKind};
use crate::finding::{Finding, Origin, Provenance};
use crate::generators::{case_bytes, Bias, CASE_BYTES};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Once per fuzzing process, after libFuzzer's own initialization: installs the engine's quiet
/// panic hook in front of libFuzzer's, builds the registry and the subject thread pool (with
/// the fuzzing thread in it: [`subject_pool_on_this_thread`](crate::engine::subject_pool_on_this_thread)),
/// and warms `routine` up ([`warm_up`]).
pub fn init(routine: &str) {
    panic::install_hook();
    let _ = crate::engine::subject_pool_on_this_thread();
    if let Some(r) = registry().get(routine) {
        warm_up(*r);
    }
}

/// Seeded cases run at start-up ([`warm_up`]).
pub const WARM_UP_CASES: u64 = 4;

/// Runs the first [`WARM_UP_CASES`] cases of `routine`'s seeded stream (seed 0, as `ecdiff
/// run` draws them), so that what is built lazily once per process — oracle tables, pairings,
/// the point, GT and family pools (whole: [`fill_pools`](crate::generators::fill_pools)), a
/// subject's own precomputation — is built before libFuzzer's first input instead of inside
/// it. Their verdicts are not looked at: `ecdiff run` checks them.
pub fn warm_up(routine: &dyn DynRoutine) {
    let name = routine.info().name;
    for index in 0..WARM_UP_CASES {
        let bytes = case_bytes(0, name, index, CASE_BYTES);
        let _ = routine.run_bytes(&bytes, Bias::Edge, Detail::OnFinding);
    }
    // The pools those cases drew from, whole (each registered itself when first drawn from):
    // libFuzzer's inputs then never build one.
    crate::generators::fill_pools();
}

fn registry() -> &'static HashMap<&'static str, &'static dyn DynRoutine> {
    static MAP: OnceLock<HashMap<&'static str, &'static dyn DynRoutine>> = OnceLock::new();
    MAP.get_or_init(|| {
        crate::routines::all()
            .iter()
            .map(|r| (r.info().name, &**r))
            .collect()
    })
}

/// Runs one fuzz input of `routine` and panics (an abort under libFuzzer) on a finding, with
/// the stable message `ecdiff finding: <routine>: <verdict_kind>`.
///
/// # Panics
/// On a finding, and when `routine` is not a registered routine (a stale fuzz target).
pub fn check(routine: &str, data: &[u8]) {
    panic::install_hook();
    let Some(r) = registry().get(routine) else {
        ::std::panic!(
            "ecdiff: no routine named `{routine}`; regenerate the fuzz targets with \
             `cargo run -p ecdiff -- dev fuzz-targets`"
        );
    };
    let run = r.run_bytes(data, Bias::Edge, Detail::OnFinding);
    if run.is_finding() {
        eprintln!("{}", describe(&run, data));
        finding(&run);
    }
}

/// [`init`] for a downstream crate's own routine: the quiet panic hook, the subject thread
/// pool and the warm-up, without building ecdiff's registry ([`fuzz_target!`](crate::fuzz_target) calls it).
pub fn init_routine(routine: &dyn DynRoutine) {
    panic::install_hook();
    let _ = crate::engine::subject_pool_on_this_thread();
    warm_up(routine);
}

/// [`check`] for a downstream crate's own routine: runs one fuzz input and panics (an abort
/// under libFuzzer) on a finding, with the same stable message; the printed report's replay
/// command is the crate's cargo-fuzz target named after the routine (see
/// [`fuzz_target!`](crate::fuzz_target)).
pub fn check_routine(routine: &dyn DynRoutine, data: &[u8]) {
    panic::install_hook();
    let run = routine.run_bytes(data, Bias::Edge, Detail::OnFinding);
    if run.is_finding() {
        let report = Finding {
            run: run.clone(),
            bytes: data.to_vec(),
            origin: Origin::DownstreamFuzzer {
                target: run.routine.to_string(),
            },
            provenance: Provenance {
                seed: None,
                case_index: None,
                source: "libFuzzer (cargo fuzz)".into(),
            },
            saved: None,
            original: None,
        };
        eprintln!("{}", report.render_text());
        finding(&run);
    }
}

/// Stamps a downstream crate's cargo-fuzz target for its own routine: the whole target file
/// is one line after `#![no_main]`.
///
/// ```ignore
/// // fuzz/fuzz_targets/my_msm.rs
/// #![no_main]
/// ecdiff::fuzz_target!(ecdiff::arkworks::msm::<Bn254G1, ark_bn254::g1::Config>(
///     Spec::new("my_msm"), my_crate::my_msm));
/// ```
///
/// The fuzz crate depends on `libfuzzer-sys` (the macro expands to its `fuzz_target!`, with
/// [`init_routine`] as the `init:` block) and on `ecdiff`; the routine is built once. Name the
/// target (its `[[bin]]`) after the routine: `cargo +nightly fuzz run my_msm` then uses the
/// corpus folder `fuzz/corpus/my_msm`, and a crash prints the same report as a suite's finding
/// with the replay command `cargo +nightly fuzz run my_msm <crash file>`. Inputs the crate's
/// suites saved (`ecdiff-findings/corpus/<routine>/`) are valid seeds:
/// `cargo +nightly fuzz run my_msm fuzz/corpus/my_msm ../ecdiff-findings/corpus/my_msm`.
#[macro_export]
macro_rules! fuzz_target {
    ($routine:expr $(,)?) => {
        fn __ecdiff_fuzz_routine() -> &'static dyn $crate::DynRoutine {
            static ROUTINE: ::std::sync::OnceLock<::std::boxed::Box<dyn $crate::DynRoutine>> =
                ::std::sync::OnceLock::new();
            &**ROUTINE.get_or_init(|| ::std::boxed::Box::new($routine))
        }

        ::libfuzzer_sys::fuzz_target!(
            init: $crate::fuzz::init_routine(__ecdiff_fuzz_routine()),
            |data: &[u8]| $crate::fuzz::check_routine(__ecdiff_fuzz_routine(), data)
        );
    };
}

/// The readable report of a finding printed before the abort.
pub fn describe(run: &CaseRun, data: &[u8]) -> String {
    Finding {
        run: run.clone(),
        bytes: data.to_vec(),
        origin: Origin::Fuzzer,
        provenance: Provenance {
            seed: None,
            case_index: None,
            source: "libFuzzer (cargo fuzz)".into(),
        },
        saved: None,
        original: None,
    }
    .render_text()
}

/// Panics with `ecdiff finding: <routine>: <verdict_kind>` from a function named after the
/// verdict kind, so the crash's top frame and message are stable per (routine, kind).
pub fn finding(run: &CaseRun) -> ! {
    let routine = run.routine;
    match run.verdict.kind {
        VerdictKind::Agree => abort::agree(routine),
        VerdictKind::Mismatch => abort::mismatch(routine),
        VerdictKind::SubjectPanicked => abort::subject_panicked(routine),
        VerdictKind::ContractViolation => abort::contract_violation(routine),
        VerdictKind::OracleRejected => abort::oracle_rejected(routine),
        VerdictKind::OraclePanicked => abort::oracle_panicked(routine),
        VerdictKind::Unsupported => abort::unsupported(routine),
    }
}

/// One never-inlined function per verdict kind, so each kind has its own crash stack.
mod abort {
    macro_rules! kinds {
        ($($kind:ident),*) => {
            $(
                #[inline(never)]
                #[cold]
                pub(super) fn $kind(routine: &str) -> ! {
                    ::std::panic!("ecdiff finding: {routine}: {}", stringify!($kind))
                }
            )*
        };
    }
    kinds!(
        agree,
        mismatch,
        subject_panicked,
        contract_violation,
        oracle_rejected,
        oracle_panicked,
        unsupported
    );
}

/// The first line of every generated file: how to regenerate it.
pub const GENERATED: &str = "generated by `cargo run -p ecdiff -- dev fuzz-targets`; do not edit";

/// The source of the fuzz target for `routine`.
pub fn target_source(routine: &str) -> String {
    format!(
        "// {GENERATED}\n\
         //! cargo-fuzz target for the ecdiff routine `{routine}`: libFuzzer's bytes go through\n\
         //! the same decoder and verdict as `cargo test` and `ecdiff run`.\n\
         #![no_main]\n\
         \n\
         libfuzzer_sys::fuzz_target!(init: ecdiff::fuzz::init(\"{routine}\"), |data: &[u8]| {{\n    \
         ecdiff::fuzz::check(\"{routine}\", data)\n\
         }});\n"
    )
}

/// `fuzz/Cargo.toml`: its own workspace, a path dependency on the harness, one feature per
/// family (forwarded to ecdiff's) and one `[[bin]]` per routine, `(family, routine)`, which
/// requires its family's feature: `cargo fuzz run ROUTINE --no-default-features --features
/// FAMILY` builds that family's subject crates and no other.
pub fn manifest(targets: &[(&str, &str)]) -> String {
    let mut families: Vec<&str> = targets.iter().map(|(f, _)| *f).collect();
    families.dedup();
    let family_list = families
        .iter()
        .map(|f| format!("\"{f}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let family_features: String = families
        .iter()
        .map(|f| format!("{f} = [\"ecdiff/{f}\"]\n"))
        .collect();
    let mut s = format!(
        r#"# {GENERATED}
#
# ecdiff's cargo-fuzz targets: one per routine, named after it. This is its own workspace
# (cargo-fuzz builds it with nightly, sanitizer and coverage flags); `fuzz/Cargo.lock` is
# committed and keeps every shared dependency at the version of the main `Cargo.lock`
# (`tests/fuzz_targets.rs` checks it).
#
#     cargo install cargo-fuzz --locked
#     cd fuzz && cargo +nightly fuzz run <routine> ../corpus/<routine>
[package]
name = "ecdiff-fuzz"
version = "0.0.0"
edition = "2021"
publish = false

[package.metadata]
cargo-fuzz = true

[dependencies]
libfuzzer-sys = "0.4"
ecdiff = {{ path = "../harness", default-features = false }}

# ecdiff's families and subject configurations, forwarded: `--no-default-features --features
# FAMILY,parallel,precomputed-tables` builds one family (each target requires its own);
# `--no-default-features --features families` fuzzes the serial subjects without precomputed
# tables; `--features halo2-asm` or `--features blst-no-threads` the builds `.ci/run` tests
# too (`scripts/nightly.sh` takes them as NIGHTLY_CONFIG).
[features]
default = ["families", "parallel", "precomputed-tables"]
families = [{family_list}]
{family_features}parallel = ["ecdiff/parallel"]
precomputed-tables = ["ecdiff/precomputed-tables"]
blst-no-threads = ["ecdiff/blst-no-threads"]
halo2-asm = ["ecdiff/halo2-asm"]

[workspace]
members = ["."]

# As in the main workspace: line tables only, for readable crash stacks without full debug info
# (with it, each of the ~80 sanitized binaries is 230 MB). cargo-fuzz adds debug assertions
# unless run with -O.
[profile.release]
debug = "line-tables-only"

[profile.dev]
debug = "line-tables-only"
"#
    );
    for (family, r) in targets {
        s.push_str(&format!(
            "\n[[bin]]\nname = \"{r}\"\npath = \"fuzz_targets/{r}.rs\"\ntest = false\ndoc = false\nbench = false\nrequired-features = [\"{family}\"]\n"
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stale target's name is refused with the command that regenerates the targets; with a
    /// family on, the first registered routine's agreeing inputs pass; a finding's panic
    /// message is the stable one.
    #[test]
    fn agreeing_inputs_pass_and_findings_carry_a_stable_message() {
        let stale = panic::capture(|| check("no_such_routine", &[])).unwrap_err();
        assert!(
            stale.message.contains("no routine named `no_such_routine`")
                && stale.message.contains("dev fuzz-targets"),
            "{}",
            stale.message
        );
        if let Some(first) = crate::routines::all().first() {
            let name = first.info().name;
            check(name, &[]);
            check(name, &[0xff; 64]);
        }
        let name = "some_routine";
        let run = CaseRun {
            routine: name,
            verdict: crate::Verdict::new(VerdictKind::Mismatch, "x"),
            expected: crate::Expected::AGREE,
            classes: vec![],
            timings: Default::default(),
            details: None,
            decoded: true,
        };
        let err = panic::capture(|| finding(&run)).unwrap_err();
        assert_eq!(err.message, format!("ecdiff finding: {name}: mismatch"));
    }

    #[test]
    #[cfg(feature = "arkworks")]
    fn downstream_routines_fuzz_to_the_same_verdicts() {
        use crate::arkworks::{ark_msm, msm};
        use crate::shapes::Spec;
        use ecdiff_oracles::curves::Bn254G1;
        let good = ark_msm::<Bn254G1, ark_bn254::g1::Config>(Spec::new("good_msm"));
        check_routine(&good, &[]);
        check_routine(&good, &[0xff; 64]);
        let bad = msm::<Bn254G1, ark_bn254::g1::Config>(Spec::new("bad_msm"), |_, _| {
            <ark_bn254::G1Projective as ark_ec::PrimeGroup>::generator()
        });
        let err = panic::capture(|| check_routine(&bad, &[0xff; 64])).unwrap_err();
        assert_eq!(err.message, "ecdiff finding: bad_msm: mismatch");
    }

    #[test]
    fn generated_targets_name_their_routine() {
        let src = target_source("r_x");
        assert!(src.contains("ecdiff::fuzz::check(\"r_x\", data)"));
        assert!(src.contains("#![no_main]"));
        let m = manifest(&[("f", "a"), ("f", "b"), ("g", "c")]);
        assert!(m.contains("name = \"b\"\npath = \"fuzz_targets/b.rs\""));
        assert!(m.contains("families = [\"f\", \"g\"]\nf = [\"ecdiff/f\"]\ng = [\"ecdiff/g\"]\n"));
        assert!(m.contains("name = \"c\"\npath = \"fuzz_targets/c.rs\"\ntest = false\ndoc = false\nbench = false\nrequired-features = [\"g\"]\n"));
        assert!(m.contains("cargo-fuzz = true"));
    }
}
