//! Running things: finding the toolchain's LLVM tools, building the instrumented `ecdiff`,
//! reading the build's packages, running a routine's campaign in an instrumented process, and
//! merging and exporting its profile.

use super::attribute::{Crate, Target};
use super::export::Export;
use super::Error;
use crate::campaign::{self, Budget, Config, Silent};
use crate::corpus::repo_root;
use crate::engine::DynRoutine;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;

// ---------------------------------------------------------------------------------------------
// The tools and the build

/// The toolchain's `llvm-profdata` and `llvm-cov`.
#[derive(Clone, Debug)]
pub struct Tools {
    /// `llvm-profdata`.
    pub profdata: PathBuf,
    /// `llvm-cov`.
    pub cov: PathBuf,
}

fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into())
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

pub(super) fn output(cmd: &mut Command) -> Result<String, Error> {
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cmd:?} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn tools_dir() -> Result<PathBuf, Error> {
    let sysroot = output(Command::new(rustc()).args(["--print", "sysroot"]))?;
    let vv = output(Command::new(rustc()).arg("-vV"))?;
    let host = vv
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .ok_or("`rustc -vV` names no host")?;
    Ok(Path::new(sysroot.trim())
        .join("lib/rustlib")
        .join(host.trim())
        .join("bin"))
}

/// Finds the toolchain's `llvm-profdata` and `llvm-cov`, installing the `llvm-tools` rustup
/// component when they are missing.
pub fn tools() -> Result<Tools, Error> {
    let dir = tools_dir()?;
    let found = |dir: &Path| {
        let t = Tools {
            profdata: dir.join("llvm-profdata"),
            cov: dir.join("llvm-cov"),
        };
        (t.profdata.is_file() && t.cov.is_file()).then_some(t)
    };
    if let Some(t) = found(&dir) {
        return Ok(t);
    }
    eprintln!(
        "ecdiff coverage: installing the llvm-tools component (rustup component add llvm-tools)"
    );
    for component in ["llvm-tools", "llvm-tools-preview"] {
        let ok = Command::new("rustup")
            .args(["component", "add", component])
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            if let Some(t) = found(&dir) {
                return Ok(t);
            }
        }
    }
    Err(format!(
        "llvm-profdata and llvm-cov are not in {}; install them with `rustup component add \
         llvm-tools`",
        dir.display()
    ))
}

/// Builds the instrumented `ecdiff` into `target_dir` and returns its path. Existing
/// `RUSTFLAGS` are kept, `-C instrument-coverage` is added.
pub fn build(target_dir: &Path) -> Result<PathBuf, Error> {
    let flags = match std::env::var("RUSTFLAGS") {
        Ok(f) if !f.trim().is_empty() => format!("{f} -C instrument-coverage"),
        _ => "-C instrument-coverage".to_string(),
    };
    let status = Command::new(cargo())
        .current_dir(repo_root())
        .args(["build", "--release", "-p", "ecdiff", "--bin", "ecdiff"])
        .arg("--target-dir")
        .arg(target_dir)
        .env("RUSTFLAGS", flags)
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        // Instrumented build scripts and proc macros write profiles when they run: keep them
        // in the build's own folder, not the working directory.
        .env(
            "LLVM_PROFILE_FILE",
            target_dir.join("build-profiles").join("%p-%m.profraw"),
        )
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("the instrumented build failed ({status})"));
    }
    let bin = target_dir.join("release").join("ecdiff");
    if !bin.is_file() {
        return Err(format!("the instrumented build left no {}", bin.display()));
    }
    Ok(bin)
}

/// The packages of the workspace's build, from `cargo metadata`: every package with its
/// directory, and each package's dependencies.
#[derive(Clone, Debug, Default)]
pub struct Packages {
    /// Every package.
    pub crates: Vec<Crate>,
    /// Per package (index into `crates`), its direct dependencies.
    pub deps: Vec<Vec<usize>>,
}

impl Packages {
    /// Reads `cargo metadata` of the workspace.
    pub fn load() -> Result<Self, Error> {
        let text = output(Command::new(cargo()).current_dir(repo_root()).args([
            "metadata",
            "--format-version",
            "1",
        ]))?;
        Self::parse(&text)
    }

    /// Parses `cargo metadata --format-version 1` output.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("cannot read cargo metadata: {e}"))?;
        let mut crates = Vec::new();
        let mut ids = Vec::new();
        for p in v["packages"].as_array().into_iter().flatten() {
            let manifest = PathBuf::from(p["manifest_path"].as_str().unwrap_or_default());
            crates.push(Crate {
                name: p["name"].as_str().unwrap_or_default().into(),
                version: p["version"].as_str().unwrap_or_default().into(),
                dir: manifest.parent().unwrap_or(Path::new("/")).to_path_buf(),
            });
            ids.push(p["id"].as_str().unwrap_or_default().to_string());
        }
        let mut deps = vec![Vec::new(); crates.len()];
        for node in v["resolve"]["nodes"].as_array().into_iter().flatten() {
            let Some(i) = ids.iter().position(|id| node["id"] == **id) else {
                continue;
            };
            for d in node["deps"].as_array().into_iter().flatten() {
                if let Some(j) = ids.iter().position(|id| d["pkg"] == **id) {
                    deps[i].push(j);
                }
            }
        }
        Ok(Packages { crates, deps })
    }

    /// The target of a routine: its subject crate (the first two words of `subject`: name and
    /// version) and that crate's dependencies, transitively.
    pub fn target(&self, routine: &str, subject: &str, function: &str) -> Result<Target, Error> {
        let mut words = subject.split_whitespace();
        let (name, version) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        let primary = self
            .crates
            .iter()
            .position(|c| c.name == name && c.version == version)
            .ok_or_else(|| format!("{routine}: no package {name} {version} in the build"))?;
        let mut seen = BTreeSet::from([primary]);
        let mut todo = vec![primary];
        while let Some(i) = todo.pop() {
            for &j in &self.deps[i] {
                if seen.insert(j) {
                    todo.push(j);
                }
            }
        }
        seen.remove(&primary);
        Ok(Target {
            routine: routine.into(),
            subject: subject.into(),
            function: function.into(),
            primary: self.crates[primary].clone(),
            deps: seen.into_iter().map(|j| self.crates[j].clone()).collect(),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Running, merging, exporting

/// What the instrumented campaign of one routine reported.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct RunSummary {
    /// Cases run.
    pub cases: u64,
    /// New findings.
    pub findings: u64,
    /// Wall seconds of the campaign.
    pub seconds: f64,
}

/// The child side of [`run_routine`]: runs the default campaign (or `cases` cases) of one
/// routine in this process, saving nothing, and writes a [`RunSummary`] to `summary`.
pub fn campaign_child(
    routine: &'static dyn DynRoutine,
    cases: Option<u64>,
    summary: &Path,
) -> Result<RunSummary, Error> {
    let config = Config {
        budget: cases.map_or(Budget::Defaults, Budget::Cases),
        save: None,
        ..Config::default()
    };
    let report = campaign::run(&[routine], &config, &AtomicBool::new(false), &Silent);
    let s = RunSummary {
        cases: report.cases(),
        findings: report.finding_count(),
        seconds: report.wall_seconds,
    };
    let text = serde_json::to_string(&s).map_err(|e| e.to_string())?;
    std::fs::write(summary, text)
        .map_err(|e| format!("cannot write {}: {e}", summary.display()))?;
    Ok(s)
}

/// Runs `routine`'s campaign in a process of the instrumented binary `bin` with its profile
/// written under `dir` (`<routine>-<pid>.profraw`), and merges it into `<dir>/<routine>.profdata`.
pub fn run_routine(
    tools: &Tools,
    bin: &Path,
    routine: &str,
    cases: Option<u64>,
    dir: &Path,
) -> Result<(RunSummary, PathBuf), Error> {
    for e in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let p = e.map_err(|e| e.to_string())?.path();
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with(&format!("{routine}-")) && name.ends_with(".profraw") {
            std::fs::remove_file(&p).map_err(|e| format!("{}: {e}", p.display()))?;
        }
    }
    let summary = dir.join(format!("{routine}.summary.json"));
    let mut cmd = Command::new(bin);
    cmd.args(["coverage", "--campaign", routine, "--summary"])
        .arg(&summary)
        .env(
            "LLVM_PROFILE_FILE",
            dir.join(format!("{routine}-%p.profraw")),
        )
        .stdout(Stdio::null());
    if let Some(n) = cases {
        cmd.args(["--cases", &n.to_string()]);
    }
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let text = std::fs::read_to_string(&summary).map_err(|_| {
        format!("the instrumented campaign of {routine} ended without a summary ({status})")
    })?;
    let s: RunSummary = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let raw: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| e.to_string())?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&format!("{routine}-")) && n.ends_with(".profraw"))
        })
        .collect();
    if raw.is_empty() {
        return Err(format!("the campaign of {routine} wrote no profile"));
    }
    let out = dir.join(format!("{routine}.profdata"));
    merge(tools, &raw, &out)?;
    for p in raw {
        let _ = std::fs::remove_file(p);
    }
    Ok((s, out))
}

/// `llvm-profdata merge -sparse INPUTS -o OUT`.
pub fn merge(tools: &Tools, inputs: &[PathBuf], out: &Path) -> Result<(), Error> {
    output(
        Command::new(&tools.profdata)
            .args(["merge", "-sparse"])
            .args(inputs)
            .arg("-o")
            .arg(out),
    )
    .map(drop)
}

/// `llvm-cov export -format=text -skip-expansions` of `profile` for the binary `bin`,
/// restricted to `sources` (files or folders), read as it streams.
pub fn export(
    tools: &Tools,
    bin: &Path,
    profile: &Path,
    sources: &[PathBuf],
) -> Result<Export, Error> {
    let mut child = Command::new(&tools.cov)
        .args([
            "export",
            "-format=text",
            "-skip-expansions",
            "-instr-profile",
        ])
        .arg(profile)
        .arg(bin)
        .args(sources)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", tools.cov.display()))?;
    let stdout = child.stdout.take().ok_or("llvm-cov export: no stdout")?;
    let parsed: Result<Export, _> =
        serde_json::from_reader(BufReader::with_capacity(1 << 20, stdout));
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "llvm-cov export failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    parsed.map_err(|e| format!("cannot read llvm-cov's export: {e}"))
}

/// The source folders an export for `target` needs: the subject crate and its dependencies.
pub fn sources(target: &Target) -> Vec<PathBuf> {
    std::iter::once(&target.primary)
        .chain(&target.deps)
        .map(|c| c.dir.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cargo_metadata_targets() {
        let meta = r#"{"packages":[
            {"id":"a 1","name":"a","version":"1.0.0","manifest_path":"/r/a-1.0.0/Cargo.toml"},
            {"id":"b 1","name":"b","version":"2.0.0","manifest_path":"/r/b-2.0.0/Cargo.toml"},
            {"id":"c 1","name":"c","version":"3.0.0","manifest_path":"/r/c-3.0.0/Cargo.toml"}],
            "resolve":{"nodes":[{"id":"a 1","deps":[{"pkg":"b 1"}]},{"id":"b 1","deps":[{"pkg":"c 1"}]},{"id":"c 1","deps":[]}]}}"#;
        let p = Packages::parse(meta).expect("parses");
        let t = p.target("r", "a 1.0.0 (over x)", "f").expect("found");
        assert_eq!(t.primary.dir, PathBuf::from("/r/a-1.0.0"));
        assert_eq!(
            t.deps.iter().map(Crate::label).collect::<Vec<_>>(),
            vec!["b 2.0.0", "c 3.0.0"]
        );
        assert!(p.target("r", "a 9.9.9", "f").is_err());
    }
}
