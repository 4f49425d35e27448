//! The report of a whole coverage run: the Markdown table, the listing of unreached blocks,
//! and the HTML report (llvm-cov's annotated sources plus an index).

use super::attribute::{Ratio, RoutineCoverage};
use super::run::{output, Tools};
use super::Error;
use serde::Serialize;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

// ---------------------------------------------------------------------------------------------
// Reports

/// A whole coverage run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    /// `ecdiff <version>`.
    pub tool: String,
    /// The budget each routine ran with.
    pub budget: String,
    /// Seconds spent building the instrumented binary.
    pub build_seconds: f64,
    /// Seconds for the whole run.
    pub wall_seconds: f64,
    /// Per routine, in registry order.
    pub routines: Vec<RoutineCoverage>,
}

fn pct(r: Ratio) -> String {
    format!("{:.1}%", r.percent())
}

impl Report {
    /// The Markdown table (the one in `docs/coverage.md`): routine | subject | functions |
    /// lines | regions | unreached.
    pub fn table(&self) -> String {
        let mut s = String::from(
            "| routine | subject | functions (declared) | lines covered/total | lines % | regions % | unreached |\n\
             |---|---|---:|---:|---:|---:|---|\n",
        );
        for r in &self.routines {
            if let Some(e) = &r.error {
                let _ = writeln!(
                    s,
                    "| `{}` | {} | – | – | – | – | not measured: {e} |",
                    r.routine, r.subject
                );
                continue;
            }
            let unreached = if r.unreached.is_empty() {
                "–".to_string()
            } else {
                format!(
                    "{} lines in {} blocks",
                    r.unreached_lines(),
                    r.unreached.len()
                )
            };
            let missing = if r.declared_missing.is_empty() {
                String::new()
            } else {
                format!("; not found: {}", r.declared_missing.join(", "))
            };
            let _ = writeln!(
                s,
                "| `{}` | {} | {} ({}) | {}/{} | {} | {} | {unreached}{missing} |",
                r.routine,
                r.crates.join(", "),
                r.functions.len(),
                r.declared_functions(),
                r.lines.covered,
                r.lines.total,
                pct(r.lines),
                pct(r.regions),
            );
        }
        s
    }

    /// The unreached blocks of every routine, at most `cap` per routine (0: all).
    pub fn unreached_listing(&self, cap: usize) -> String {
        let mut s = String::new();
        for r in self.routines.iter().filter(|r| !r.unreached.is_empty()) {
            let _ = writeln!(
                s,
                "{} ({} of lines, {} unreached):",
                r.routine,
                pct(r.lines),
                r.unreached_lines()
            );
            let shown = if cap == 0 {
                r.unreached.len()
            } else {
                cap.min(r.unreached.len())
            };
            for u in &r.unreached[..shown] {
                let _ = writeln!(s, "  {}  {}", u.location(), u.function);
            }
            if shown < r.unreached.len() {
                let _ = writeln!(
                    s,
                    "  … {} more blocks (see --json or --html)",
                    r.unreached.len() - shown
                );
            }
        }
        s
    }
}

/// `llvm-cov show -format=html` over `profile` for the files that hold the functions under
/// test of every routine of `report`, into `dir/llvm-cov/`, and an index `dir/index.html` with
/// one section per routine linking its unreached blocks.
pub fn html(
    tools: &Tools,
    bin: &Path,
    profile: &Path,
    report: &Report,
    dir: &Path,
) -> Result<(), Error> {
    let mut files: BTreeSet<String> = BTreeSet::new();
    for r in &report.routines {
        files.extend(r.unreached.iter().map(|u| u.path.clone()));
    }
    let raw = dir.join("llvm-cov");
    std::fs::create_dir_all(&raw).map_err(|e| format!("{}: {e}", raw.display()))?;
    if !files.is_empty() {
        output(
            Command::new(&tools.cov)
                .args([
                    "show",
                    "-format=html",
                    "-show-line-counts-or-regions",
                    "-show-instantiations=false",
                ])
                .arg(format!("-output-dir={}", raw.display()))
                .arg(format!("-instr-profile={}", profile.display()))
                .arg(bin)
                .args(&files),
        )?;
    }
    std::fs::write(dir.join("index.html"), index_html(report))
        .map_err(|e| format!("cannot write {}: {e}", dir.join("index.html").display()))
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The HTML index: the table, then per routine its functions under test and unreached blocks,
/// linked to llvm-cov's annotated sources (`llvm-cov/coverage/<path>.html#L<line>`).
pub fn index_html(report: &Report) -> String {
    let mut s = String::from(
        "<!doctype html><meta charset=utf-8><title>ecdiff coverage</title>\n<style>body{font-family:sans-serif}\
         td,th{padding:2px 8px;text-align:left}code{font-size:90%}</style>\n<h1>Coverage of the code under test</h1>\n",
    );
    let _ = writeln!(
        s,
        "<p>{} · {} · <a href=\"llvm-cov/index.html\">llvm-cov's report</a></p>\n<table><tr><th>routine<th>crates<th>functions<th>lines<th>regions<th>unreached lines</tr>",
        esc(&report.tool),
        esc(&report.budget)
    );
    for r in &report.routines {
        let _ =
            writeln!(
            s,
            "<tr><td><a href=\"#{0}\">{0}</a><td>{1}<td>{2}<td>{3}/{4} ({5})<td>{6}<td>{7}</tr>",
            esc(&r.routine),
            esc(&r.crates.join(", ")),
            r.functions.len(),
            r.lines.covered,
            r.lines.total,
            pct(r.lines),
            pct(r.regions),
            r.error.as_deref().map_or(r.unreached_lines().to_string(), esc)
        );
    }
    s.push_str("</table>\n");
    for r in &report.routines {
        let _ = writeln!(
            s,
            "<h2 id=\"{0}\">{0}</h2>\n<p>{1} · <code>{2}</code> · {3} cases, {4} findings</p>",
            esc(&r.routine),
            esc(&r.subject),
            esc(&r.function),
            r.cases,
            r.findings
        );
        s.push_str(
            "<table><tr><th>function<th>file<th>declared<th>entries<th>lines<th>regions</tr>\n",
        );
        for f in &r.functions {
            let _ = writeln!(
                s,
                "<tr><td><code>{}</code><td>{}:{}-{}<td>{}<td>{}<td>{}/{}<td>{}</tr>",
                esc(&f.name),
                esc(&f.file),
                f.lines_span.0,
                f.lines_span.1,
                if f.declared { "yes" } else { "" },
                f.executions,
                f.lines.covered,
                f.lines.total,
                pct(f.regions)
            );
        }
        s.push_str("</table>\n<ul>\n");
        for u in &r.unreached {
            let _ = writeln!(
                s,
                "<li><a href=\"llvm-cov/coverage{}.html#L{}\">{}</a> <code>{}</code></li>",
                esc(&u.path),
                u.first,
                esc(&u.location()),
                esc(&u.function)
            );
        }
        s.push_str("</ul>\n");
    }
    s
}
