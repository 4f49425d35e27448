//! `ecdiff repro FILE`: a corpus file (a finding's input, or any case) written out as a
//! standalone Cargo project that reproduces the case with the subject crate alone
//! (`ecdiff::repro`).

use super::{routine, usage, Res};
use clap::Args;
use ecdiff::corpus;
use ecdiff::finding::display_path;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct ReproArgs {
    /// The corpus file: an input of the routine its folder is named after.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The routine the file belongs to [default: the name of its folder].
    #[arg(long, value_name = "ROUTINE")]
    routine: Option<String>,
    /// The project's folder [default: `repro-<routine>-<file name>` in the current directory].
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Take CRATE from the checkout at PATH instead of crates.io (a path dependency), as
    /// maintainer mode does (`scripts/maintainer.sh` passes its own `--patch`es on).
    #[arg(long, value_name = "CRATE=PATH")]
    patch: Vec<String>,
}

pub(crate) fn repro(a: ReproArgs) -> Res {
    let forced = a.routine.as_deref().map(routine).transpose()?;
    let targets = corpus::resolve_inputs(std::slice::from_ref(&a.file), forced).map_err(usage)?;
    let [(r, path)] = targets.as_slice() else {
        return Err(usage(format!(
            "{} is a folder: `ecdiff repro` takes one corpus file",
            a.file.display()
        )));
    };
    let bytes =
        std::fs::read(path).map_err(|e| usage(format!("cannot read {}: {e}", path.display())))?;
    let source = display_path(path).display().to_string();
    let mut patches = Vec::new();
    for spec in &a.patch {
        let Some((krate, dir)) = spec.split_once('=') else {
            return Err(usage(format!("--patch {spec}: expected CRATE=PATH")));
        };
        let dir = std::path::Path::new(dir);
        if !dir.join("Cargo.toml").is_file() {
            return Err(usage(format!(
                "--patch {spec}: {} has no Cargo.toml",
                dir.display()
            )));
        }
        let abs = std::fs::canonicalize(dir).map_err(|e| usage(format!("--patch {spec}: {e}")))?;
        patches.push((krate.to_string(), abs.display().to_string()));
    }
    let (project, run) = ecdiff::repro::project_with_patches(*r, &bytes, &source, &patches)
        .map_err(|e| usage(format!("no reproducer for {source}: {e}")))?;
    let name = r.info().name;
    let dir = a.out.unwrap_or_else(|| {
        let stem = path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into());
        PathBuf::from(format!("repro-{name}-{stem}"))
    });
    project.write(&dir).map_err(|e| {
        usage(format!(
            "cannot write the project to {}: {e}",
            dir.display()
        ))
    })?;
    outln!(
        "{name}: {} (expected {}); reproducer written to {}",
        run.verdict.kind,
        run.expected.kind,
        dir.display()
    );
    outln!(
        "  run it: cargo run --manifest-path {}",
        dir.join("Cargo.toml").display()
    );
    Ok(0)
}
