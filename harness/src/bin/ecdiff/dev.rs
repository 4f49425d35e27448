//! `ecdiff dev`: maintainer tools that regenerate what comes from the routine registry — the
//! fuzz targets, the routine table of `docs/routines.md` and the known findings' reproducers
//! in `repro/` — or check it for drift.

use super::{usage, Res};
use clap::Subcommand;
use ecdiff::corpus;
use ecdiff::routines;
use std::path::PathBuf;

#[derive(Subcommand, Debug)]
pub(crate) enum DevCommand {
    /// Write `fuzz/fuzz_targets/<routine>.rs` and `fuzz/Cargo.toml` from the registry.
    FuzzTargets {
        /// Only report drift (exit 1), write nothing.
        #[arg(long)]
        check: bool,
        /// The fuzz folder [default: the checkout's `fuzz/`].
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
    /// Write the known findings' reproducers (`repro/`: one project per known finding met in
    /// the corpus, and `repro/README.md`, their index).
    Repros {
        /// Only report drift (exit 1), write nothing.
        #[arg(long)]
        check: bool,
    },
    /// Rewrite the routine table of `docs/routines.md` from the registry.
    Readme {
        /// Only report drift (exit 1), write nothing.
        #[arg(long)]
        check: bool,
        /// The file [default: the checkout's `docs/routines.md`].
        #[arg(long, value_name = "FILE")]
        file: Option<PathBuf>,
    },
}

pub(crate) fn readme(check: bool, file: Option<PathBuf>) -> Res {
    let file = file.unwrap_or_else(|| corpus::repo_root().join(ecdiff::routine_table::FILE));
    let current = std::fs::read_to_string(&file)
        .map_err(|e| usage(format!("cannot read {}: {e}", file.display())))?;
    let want = ecdiff::routine_table::splice(&current, &ecdiff::routine_table::markdown())
        .map_err(|e| usage(format!("{}: {e}", file.display())))?;
    if want == current {
        outln!("{}: the routine table is up to date", file.display());
        return Ok(0);
    }
    if check {
        outln!(
            "{}: the routine table is out of date; run `cargo run -p ecdiff -- dev readme`",
            file.display()
        );
        return Ok(1);
    }
    std::fs::write(&file, want)
        .map_err(|e| usage(format!("cannot write {}: {e}", file.display())))?;
    outln!("wrote the routine table of {}", file.display());
    Ok(0)
}

pub(crate) fn repros(check: bool) -> Res {
    if !cfg!(debug_assertions) {
        return Err(usage(
            "`dev repros` writes repro/ as the dev profile sees the corpus (p256's empty \
             lincomb is a known finding only with debug assertions): run it without --release",
        ));
    }
    let root = corpus::repo_root();
    let dir = root.join(ecdiff::repro::KNOWN_FINDINGS_DIR);
    let reproducers = ecdiff::repro::corpus_reproducers(&root.join("corpus"));
    let want = ecdiff::repro::generated_files(&dir, &reproducers);
    let stale = ecdiff::repro::stale_folders(&dir, &reproducers);
    let drift = sync(&want, &stale, check, "is no longer generated")?;
    let known = reproducers.iter().filter(|r| r.reason.is_some());
    let made = known.clone().filter(|r| r.project.is_ok()).count();
    outln!(
        "{} known findings in the corpus, {made} with a reproducer; {} agreeing controls{}",
        known.count(),
        reproducers.iter().filter(|r| r.reason.is_none()).count(),
        if drift == 0 { "; up to date" } else { "" }
    );
    if check && drift > 0 {
        outln!("regenerate with `cargo run -p ecdiff -- dev repros`");
        return Ok(1);
    }
    Ok(0)
}

/// Brings generated files up to date, or with `check` only reports drift: each `(path, text)`
/// of `want` whose file differs is written (folders created), each path of `stale` (a file or
/// a folder) removed; each is named as it goes. Returns how many differed.
fn sync(
    want: &[(PathBuf, String)],
    stale: &[PathBuf],
    check: bool,
    stale_says: &str,
) -> Result<usize, super::Fail> {
    let mut drift = 0;
    for (path, text) in want {
        if std::fs::read_to_string(path).ok().as_deref() == Some(text.as_str()) {
            continue;
        }
        drift += 1;
        if check {
            outln!("{} is out of date", path.display());
            continue;
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| usage(format!("cannot create {}: {e}", parent.display())))?;
        }
        std::fs::write(path, text)
            .map_err(|e| usage(format!("cannot write {}: {e}", path.display())))?;
        outln!("wrote {}", path.display());
    }
    for path in stale {
        drift += 1;
        if check {
            outln!("{} {stale_says}", path.display());
            continue;
        }
        let removed = if path.is_dir() {
            std::fs::remove_dir_all(path)
        } else {
            std::fs::remove_file(path)
        };
        removed.map_err(|e| usage(format!("cannot remove {}: {e}", path.display())))?;
        outln!("removed {}", path.display());
    }
    Ok(drift)
}

pub(crate) fn fuzz_targets(check: bool, dir: Option<PathBuf>) -> Res {
    let dir = dir.unwrap_or_else(|| corpus::repo_root().join("fuzz"));
    let names: Vec<&str> = routines::all().iter().map(|r| r.info().name).collect();
    let targets: Vec<(&str, &str)> = routines::rows().map(|(f, r)| (f, r.name)).collect();
    let mut want: Vec<(PathBuf, String)> =
        vec![(dir.join("Cargo.toml"), ecdiff::fuzz::manifest(&targets))];
    for n in &names {
        want.push((
            dir.join("fuzz_targets").join(format!("{n}.rs")),
            ecdiff::fuzz::target_source(n),
        ));
    }
    // Generated targets whose routine is gone.
    let mut stale = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir.join("fuzz_targets")) {
        for e in entries.filter_map(Result::ok) {
            let p = e.path();
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            if p.extension().is_some_and(|x| x == "rs") && !names.contains(&stem) {
                stale.push(p);
            }
        }
    }
    stale.sort();
    let drift = sync(&want, &stale, check, "is a target without a routine")?;
    outln!(
        "{} routines, {} fuzz targets {}",
        names.len(),
        names.len(),
        match (check, drift) {
            (_, 0) => "up to date".to_string(),
            (true, n) =>
                format!("— {n} files out of date; run `cargo run -p ecdiff -- dev fuzz-targets`"),
            (false, n) => format!("— {n} files written or removed"),
        }
    );
    Ok(u8::from(check && drift > 0))
}
