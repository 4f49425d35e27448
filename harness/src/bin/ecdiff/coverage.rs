//! `ecdiff coverage`: line and region coverage of each routine's functions under test, from
//! an instrumented build of ecdiff (rustup's llvm-tools).

use super::{routine, select, usage, write_json, Res};
use clap::Args;
use ecdiff::campaign::Budget;
use ecdiff::corpus;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct CoverageArgs {
    /// Routines, by name or name prefix; all when none is given.
    #[arg(value_name = "ROUTINE|PREFIX")]
    routines: Vec<String>,
    /// Cases per routine [default: each routine's default cases].
    #[arg(long, value_name = "N")]
    cases: Option<u64>,
    /// Also write the report as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write an HTML report to DIR: an index per routine, and llvm-cov's annotated sources.
    #[arg(long, value_name = "DIR")]
    html: Option<PathBuf>,
    /// Where the instrumented build and the profiles go [default: the checkout's
    /// `target/coverage`].
    #[arg(long, value_name = "DIR")]
    target_dir: Option<PathBuf>,
    /// Use this instrumented ecdiff instead of building one.
    #[arg(long, value_name = "FILE", hide = true)]
    binary: Option<PathBuf>,
    /// Internal: run the campaign of ROUTINE in this (instrumented) process.
    #[arg(long, value_name = "ROUTINE", hide = true, requires = "summary")]
    campaign: Option<String>,
    /// Internal: where `--campaign` writes its summary.
    #[arg(long, value_name = "FILE", hide = true)]
    summary: Option<PathBuf>,
}

pub(crate) fn coverage(a: CoverageArgs) -> Res {
    use ecdiff::coverage as cov;
    if a.cases == Some(0) {
        return Err(usage("--cases must be at least 1"));
    }
    if let (Some(name), Some(summary)) = (&a.campaign, &a.summary) {
        // The instrumented child: one routine's campaign, nothing saved.
        cov::campaign_child(routine(name)?, a.cases, summary).map_err(usage)?;
        return Ok(0);
    }
    let selected = select(&a.routines)?;
    let start = std::time::Instant::now();
    let tools = cov::tools().map_err(usage)?;
    let packages = cov::Packages::load().map_err(usage)?;
    let root = corpus::repo_root();
    let target_dir = a.target_dir.unwrap_or_else(|| root.join("target/coverage"));
    let bin = match a.binary {
        Some(b) => b,
        None => {
            eprintln!(
                "ecdiff coverage: building an instrumented ecdiff in {}",
                target_dir.display()
            );
            cov::build(&target_dir).map_err(usage)?
        }
    };
    let profiles = target_dir.join("profiles");
    std::fs::create_dir_all(&profiles)
        .map_err(|e| usage(format!("cannot create {}: {e}", profiles.display())))?;
    let mut report = cov::Report {
        tool: format!("ecdiff {}", env!("CARGO_PKG_VERSION")),
        budget: a.cases.map_or(Budget::Defaults, Budget::Cases).describe(),
        build_seconds: start.elapsed().as_secs_f64(),
        ..cov::Report::default()
    };
    let mut merged = Vec::new();
    for (k, r) in selected.iter().enumerate() {
        let info = r.info();
        eprint!(
            "ecdiff coverage: [{}/{}] {} ",
            k + 1,
            selected.len(),
            info.name
        );
        let t = std::time::Instant::now();
        let measured = packages
            .target(info.name, info.subject, info.function)
            .and_then(|target| {
                let (run, profile) = cov::run_routine(&tools, &bin, info.name, a.cases, &profiles)?;
                let export = cov::export(&tools, &bin, &profile, &cov::sources(&target))?;
                let mut c = cov::attribute(&export, &target, &root);
                c.cases = run.cases;
                c.findings = run.findings;
                c.run_seconds = run.seconds;
                Ok((c, profile))
            });
        match measured {
            Ok((c, profile)) => {
                eprintln!(
                    "{} lines, {:.1}% ({:.0} s)",
                    c.lines.total,
                    c.lines.percent(),
                    t.elapsed().as_secs_f64()
                );
                merged.push(profile);
                report.routines.push(c);
            }
            Err(e) => {
                eprintln!("not measured: {e}");
                report.routines.push(cov::RoutineCoverage {
                    routine: info.name.into(),
                    subject: info.subject.into(),
                    function: info.function.into(),
                    error: Some(e),
                    ..cov::RoutineCoverage::default()
                });
            }
        }
    }
    if let Some(dir) = &a.html {
        let all = profiles.join("all.profdata");
        if !merged.is_empty() {
            cov::merge(&tools, &merged, &all).map_err(usage)?;
        }
        cov::html(&tools, &bin, &all, &report, dir).map_err(usage)?;
        eprintln!(
            "ecdiff coverage: HTML report in {}/index.html",
            dir.display()
        );
    }
    report.wall_seconds = start.elapsed().as_secs_f64();
    if let Some(path) = &a.json {
        write_json(path, &report)?;
    }
    out!("{}", report.table());
    out!("{}", report.unreached_listing(12));
    outln!(
        "{} routines in {:.0} s (instrumented build {:.0} s)",
        report.routines.len(),
        report.wall_seconds,
        report.build_seconds
    );
    Ok(u8::from(report.routines.iter().any(|r| r.error.is_some())))
}
