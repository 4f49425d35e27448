//! The cargo-fuzz targets stay in step with the registry: one target per routine, named after
//! it, exactly as `ecdiff dev fuzz-targets` generates it, and no target without a routine.
//! Also: the fuzz workspace's lockfile pins every shared dependency at the version the tests
//! use, and no harness, oracle or subject source changes behaviour under `cfg(fuzzing)`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const REGENERATE: &str = "regenerate with `cargo run -p ecdiff -- dev fuzz-targets`";

fn repo() -> PathBuf {
    ecdiff::corpus::repo_root()
}

fn routine_names() -> Vec<&'static str> {
    ecdiff::routines::all()
        .iter()
        .map(|r| r.info().name)
        .collect()
}

#[test]
fn every_routine_has_its_generated_fuzz_target() {
    let mut problems = Vec::new();
    for name in routine_names() {
        let path = repo().join("fuzz/fuzz_targets").join(format!("{name}.rs"));
        match std::fs::read_to_string(&path) {
            Err(_) => problems.push(format!("routine `{name}` has no target {}", path.display())),
            Ok(text) if text != ecdiff::fuzz::target_source(name) => problems.push(format!(
                "{} differs from the generated target",
                path.display()
            )),
            Ok(_) => {}
        }
    }
    assert!(problems.is_empty(), "{}\n{REGENERATE}", problems.join("\n"));
}

#[test]
fn every_fuzz_target_has_a_routine() {
    let names: BTreeSet<&str> = routine_names().into_iter().collect();
    let mut orphans = Vec::new();
    for entry in std::fs::read_dir(repo().join("fuzz/fuzz_targets")).expect("fuzz/fuzz_targets") {
        let path = entry.expect("a directory entry").path();
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        if !names.contains(stem) {
            orphans.push(path.display().to_string());
        }
    }
    assert!(
        orphans.is_empty(),
        "fuzz targets without a routine: {orphans:?}\n{REGENERATE}"
    );
}

#[test]
fn fuzz_manifest_declares_one_bin_per_routine() {
    let manifest =
        std::fs::read_to_string(repo().join("fuzz/Cargo.toml")).expect("fuzz/Cargo.toml");
    assert_eq!(
        manifest,
        ecdiff::fuzz::manifest(
            &ecdiff::routines::rows()
                .map(|(family, row)| (family, row.name))
                .collect::<Vec<_>>(),
        ),
        "fuzz/Cargo.toml differs from the generated manifest\n{REGENERATE}"
    );
}

/// `name version` pairs of a Cargo.lock.
fn locked(path: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut name = None;
    for line in text.lines() {
        if let Some(n) = line.strip_prefix("name = ") {
            name = Some(n.trim_matches('"').to_string());
        } else if let Some(v) = line.strip_prefix("version = ") {
            if let Some(n) = name.take() {
                out.entry(n)
                    .or_default()
                    .insert(v.trim_matches('"').to_string());
            }
        }
    }
    out
}

#[test]
fn fuzz_lockfile_matches_the_workspace_lockfile() {
    let main = locked(&repo().join("Cargo.lock"));
    let fuzz = locked(&repo().join("fuzz/Cargo.lock"));
    let drift: Vec<String> = fuzz
        .iter()
        .filter_map(|(name, versions)| {
            let ours = main.get(name)?;
            (!versions.is_subset(ours))
                .then(|| format!("{name}: fuzz {versions:?}, tests {ours:?}"))
        })
        .collect();
    assert!(
        drift.is_empty(),
        "the fuzz targets would test other versions than `cargo test` does:\n{}\n\
         sync with `scripts/gen-fuzz-targets.sh`",
        drift.join("\n")
    );
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "target") {
                rust_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `cfg(fuzzing)` must never change what is computed (rust-secp256k1 once swapped in fake
/// crypto under it): no code in the harness, the oracles or the subjects may test it.
#[test]
fn no_source_looks_at_cfg_fuzzing() {
    let mut files = Vec::new();
    for dir in ["harness/src", "oracles/src", "subjects"] {
        rust_files(&repo().join(dir), &mut files);
    }
    let offenders: Vec<String> = files
        .iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            text.lines()
                .enumerate()
                .filter(|(_, l)| {
                    let code = l.split("//").next().unwrap_or("");
                    code.contains("cfg") && code.contains("fuzzing")
                })
                .map(|(i, _)| format!("{}:{}", f.display(), i + 1))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(offenders.is_empty(), "cfg(fuzzing) in: {offenders:?}");
}
