//! Campaign and zoo reports: plain data that serializes to JSON (`--json FILE`) and renders
//! as the table `ecdiff run` and `ecdiff zoo` print.
//!
//! A [`CampaignReport`] has one [`RoutineReport`] per routine: cases run, the declared edge
//! classes reached, verdict counts split into agreements, new findings by kind and known
//! findings, the time spent in the subject and the oracle, and every finding saved to the
//! corpus with its replay command. The JSON holds exactly what the table shows, plus the per-
//! class and per-verdict counts behind it; times are in seconds as floating point numbers.
//!
//! A [`ZooReport`] has one [`ZooRow`] per bug-zoo variant: whether the edge-biased generators
//! and the uniform baseline caught it, and the median cases and seconds to the first detection
//! over several seeds.

use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One finding a campaign saved (or would have saved, with `--no-save`).
#[derive(Clone, Debug, Serialize)]
pub struct SavedFinding {
    /// Case index in the seeded stream: `case_bytes(seed, routine, case, CASE_BYTES)`.
    pub case: u64,
    /// The verdict kind's stable name.
    pub verdict: String,
    /// The verdict's one-line detail.
    pub detail: String,
    /// The corpus file holding the input, when saved.
    pub input: Option<String>,
    /// Its readable companion, when saved.
    pub companion: Option<String>,
    /// The command that replays it (or recomputes it, when not saved).
    pub replay: String,
    /// How the case was minimized, when it was (the input is then the minimized case).
    pub minimized: Option<String>,
}

impl SavedFinding {
    /// The lines a campaign prints when it makes the finding: what, where it was saved, and
    /// how to replay it.
    pub fn render(&self, routine: &str, seed: u64, expected: &str) -> String {
        let mut text = format!(
            "ecdiff finding: {routine}: {} (seed {seed}, case {})\n  detail: {}\n  expected: {expected}\n",
            self.verdict, self.case, self.detail
        );
        if let Some(m) = &self.minimized {
            text.push_str(&format!("  minimized: {m}\n"));
        }
        if let (Some(input), Some(note)) = (&self.input, &self.companion) {
            text.push_str(&format!("  saved:  {input} (notes: {note})\n"));
        }
        text.push_str(&format!("  replay: {}", self.replay));
        text
    }
}

/// What a campaign observed for one routine.
#[derive(Clone, Debug, Default, Serialize)]
pub struct RoutineReport {
    /// The routine's name.
    pub routine: String,
    /// Its family.
    pub family: String,
    /// The crate and version under test.
    pub subject: String,
    /// The function under test.
    pub function: String,
    /// Cases run (indices `0..cases` of the seeded stream).
    pub cases: u64,
    /// Cases planned (`None` for a time budget).
    pub planned: Option<u64>,
    /// The edge classes the routine declares.
    pub classes_declared: Vec<String>,
    /// How many cases reached each class (declared or not).
    pub classes_reached: BTreeMap<String, u64>,
    /// Declared classes no case reached.
    pub classes_missing: Vec<String>,
    /// Cases per verdict kind.
    pub verdicts: BTreeMap<String, u64>,
    /// Cases on which both sides agreed.
    pub agreements: u64,
    /// New findings (verdict ≠ expected) per verdict kind.
    pub findings: BTreeMap<String, u64>,
    /// Cases that gave the known finding the routine documents for them.
    pub known_findings: u64,
    /// Total subject time, seconds.
    pub subject_seconds: f64,
    /// Total oracle time, seconds, with the comparison of the two outputs and the routine's
    /// expected verdict (its known-finding predicate).
    pub oracle_seconds: f64,
    /// Total decode time, seconds.
    pub decode_seconds: f64,
    /// Wall time for the routine, seconds.
    pub wall_seconds: f64,
    /// Findings written to the corpus: each group's witness and the case it was minimized
    /// from.
    pub saved: Vec<SavedFinding>,
    /// The findings grouped by bug, one group per signature.
    pub groups: Vec<FindingGroup>,
}

/// One bug: a routine's findings that share a signature
/// ([`crate::minimize::Signature::same_bug`]: verdict kind, attribution, the threshold
/// intervals of the minimized case's lengths, and its classes).
#[derive(Clone, Debug, Serialize)]
pub struct FindingGroup {
    /// The signature in one line.
    pub signature: String,
    /// The verdict kind's stable name.
    pub verdict: String,
    /// The verdict's attribution (a panic's location; empty for most mismatches).
    pub attribution: String,
    /// The witness's drawn lengths.
    pub lengths: Vec<usize>,
    /// The witness's edge classes.
    pub classes: Vec<String>,
    /// Findings in the group. Past [`crate::campaign::Config::max_saved_per_kind`]
    /// minimizations of a verdict kind, findings are not minimized; they count toward the
    /// first group with the same kind and attribution.
    pub count: u64,
    /// The smallest witness (minimized when minimization is on).
    pub witness: SavedFinding,
    /// The witness's input, hex-encoded (a minimized case is an `ecdiff-tape/1` text), so the
    /// report replays even when nothing was saved.
    pub witness_input: String,
}

impl RoutineReport {
    /// Number of new findings.
    pub fn finding_count(&self) -> u64 {
        self.findings.values().sum()
    }

    /// Declared classes reached.
    pub fn classes_covered(&self) -> usize {
        self.classes_declared.len() - self.classes_missing.len()
    }

    /// Mean subject time per case, seconds.
    pub fn subject_per_case(&self) -> f64 {
        per_case(self.subject_seconds, self.cases)
    }

    /// Mean oracle time per case, seconds.
    pub fn oracle_per_case(&self) -> f64 {
        per_case(self.oracle_seconds, self.cases)
    }

    /// Cases per second of wall time.
    pub fn cases_per_second(&self) -> f64 {
        if self.wall_seconds > 0.0 {
            self.cases as f64 / self.wall_seconds
        } else {
            0.0
        }
    }
}

fn per_case(total: f64, cases: u64) -> f64 {
    if cases == 0 {
        0.0
    } else {
        total / cases as f64
    }
}

/// A whole campaign.
#[derive(Clone, Debug, Default, Serialize)]
pub struct CampaignReport {
    /// `ecdiff <version>`.
    pub tool: String,
    /// The seed: case i of routine R is `case_bytes(seed, R, i, CASE_BYTES)`.
    pub seed: u64,
    /// `edge` or `uniform`.
    pub bias: String,
    /// The budget, as given (`320 cases per routine`, `60 s in all`, `defaults`).
    pub budget: String,
    /// `debug` or `release` (whether debug assertions were on).
    pub profile: String,
    /// Cases run at once.
    pub threads: usize,
    /// Threads in the subjects' rayon pool (`ECDIFF_RAYON_THREADS`).
    pub subject_threads: usize,
    /// Where findings were saved (`None` with `--no-save`).
    pub corpus: Option<String>,
    /// Whether Ctrl-C stopped the campaign early.
    pub interrupted: bool,
    /// Wall time, seconds.
    pub wall_seconds: f64,
    /// One entry per routine that ran (in registry order).
    pub routines: Vec<RoutineReport>,
}

impl CampaignReport {
    /// Total new findings.
    pub fn finding_count(&self) -> u64 {
        self.routines.iter().map(RoutineReport::finding_count).sum()
    }

    /// Total cases.
    pub fn cases(&self) -> u64 {
        self.routines.iter().map(|r| r.cases).sum()
    }

    /// The table `ecdiff run` prints.
    pub fn table(&self) -> String {
        let header = [
            "routine",
            "cases",
            "classes",
            "agree",
            "findings",
            "known",
            "subject/case",
            "oracle/case",
            "cases/s",
        ];
        let mut rows: Vec<Vec<String>> = self
            .routines
            .iter()
            .map(|r| {
                vec![
                    r.routine.clone(),
                    r.cases.to_string(),
                    format!("{}/{}", r.classes_covered(), r.classes_declared.len()),
                    r.agreements.to_string(),
                    findings_cell(&r.findings),
                    r.known_findings.to_string(),
                    duration(r.subject_per_case()),
                    duration(r.oracle_per_case()),
                    format!("{:.1}", r.cases_per_second()),
                ]
            })
            .collect();
        let total_known: u64 = self.routines.iter().map(|r| r.known_findings).sum();
        let total_agree: u64 = self.routines.iter().map(|r| r.agreements).sum();
        let mut total_findings = BTreeMap::new();
        for r in &self.routines {
            for (k, n) in &r.findings {
                *total_findings.entry(k.clone()).or_insert(0) += n;
            }
        }
        rows.push(vec![
            format!("total ({} routines)", self.routines.len()),
            self.cases().to_string(),
            String::new(),
            total_agree.to_string(),
            findings_cell(&total_findings),
            total_known.to_string(),
            String::new(),
            String::new(),
            String::new(),
        ]);
        let mut out = render_table(&header, &rows, &[1, 2, 3, 5, 6, 7, 8]);
        let _ = writeln!(
            out,
            "seed {} · {} bias · budget {} · {} build · {} threads ({} per subject) · {:.1} s{}",
            self.seed,
            self.bias,
            self.budget,
            self.profile,
            self.threads,
            self.subject_threads,
            self.wall_seconds,
            if self.interrupted {
                " · INTERRUPTED (Ctrl-C): the table covers the cases that ran"
            } else {
                ""
            }
        );
        for r in &self.routines {
            if !r.classes_missing.is_empty() {
                let _ = writeln!(
                    out,
                    "{}: declared classes not reached: {}",
                    r.routine,
                    r.classes_missing.join(", ")
                );
            }
        }
        let groups: Vec<&FindingGroup> = self.routines.iter().flat_map(|r| &r.groups).collect();
        if !groups.is_empty() {
            let _ = writeln!(out, "\nfindings, one line per bug:");
            for g in groups {
                let w = &g.witness;
                let _ = writeln!(
                    out,
                    "  {} ×{} (smallest witness: case {}{}): {}",
                    g.signature,
                    g.count,
                    w.case,
                    if w.minimized.is_some() {
                        ", minimized"
                    } else {
                        ""
                    },
                    w.detail
                );
                let _ = writeln!(out, "    replay: {}", w.replay);
            }
        }
        out
    }
}

fn findings_cell(findings: &BTreeMap<String, u64>) -> String {
    let parts: Vec<String> = findings
        .iter()
        .filter(|(_, &n)| n > 0)
        .map(|(k, n)| format!("{k}:{n}"))
        .collect();
    if parts.is_empty() {
        "0".into()
    } else {
        parts.join(" ")
    }
}

/// A duration in seconds, with a unit that keeps three significant digits or so.
pub fn duration(seconds: f64) -> String {
    if seconds <= 0.0 {
        "-".into()
    } else if seconds < 1e-3 {
        format!("{:.0} µs", seconds * 1e6)
    } else if seconds < 1.0 {
        format!("{:.1} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}

/// `doc` with the text between its `begin` and `end` marker lines replaced by `body` (which
/// goes right after the begin marker's line break). Generated sections of `docs/routines.md`
/// and of BENCHMARKS.md are written this way, so the hand-written text around them stays.
///
/// # Errors
/// When a marker is missing, or the end marker comes before the begin marker.
pub fn splice_section(doc: &str, begin: &str, end: &str, body: &str) -> Result<String, String> {
    let start = doc
        .find(begin)
        .ok_or_else(|| format!("no line `{begin}`"))?;
    let stop = doc
        .find(end)
        .filter(|&e| e > start)
        .ok_or_else(|| format!("no line `{end}` after the begin marker"))?;
    Ok(format!("{}{begin}\n{body}{}", &doc[..start], &doc[stop..]))
}

/// Renders rows under a header, columns padded; columns listed in `right` align right.
pub fn render_table(header: &[&str], rows: &[Vec<String>], right: &[usize]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| {
        let mut s = String::new();
        for (i, cell) in cells.iter().enumerate() {
            let pad = widths[i] - cell.chars().count();
            if i > 0 {
                s.push_str("  ");
            }
            if right.contains(&i) {
                s.push_str(&" ".repeat(pad));
                s.push_str(cell);
            } else {
                s.push_str(cell);
                if i + 1 < cells.len() {
                    s.push_str(&" ".repeat(pad));
                }
            }
        }
        s.trim_end().to_string()
    };
    let mut out = String::new();
    out.push_str(&line(header.to_vec()));
    out.push('\n');
    let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
    out.push_str(&line(rule.iter().map(String::as_str).collect()));
    out.push('\n');
    for row in rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
        out.push('\n');
    }
    out
}

/// One search for a zoo variant's bug with one seed.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ZooTrial {
    /// The seed.
    pub seed: u64,
    /// Whether a finding turned up within the budget.
    pub caught: bool,
    /// Cases run, up to and including the first finding.
    pub cases: u64,
    /// Wall time, seconds.
    pub seconds: f64,
    /// Whether the search met an `oracle_panicked` (an ecdiff bug) instead.
    pub ecdiff_bug: bool,
}

/// A variant under one generator, over every seed.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ZooStats {
    /// Seeds on which the variant was caught.
    pub caught: usize,
    /// Seeds tried.
    pub seeds: usize,
    /// Median cases to the first detection, counting a miss as never: `None` when the
    /// variant was missed on half the seeds or more.
    pub median_cases: Option<u64>,
    /// Median seconds to the first detection, likewise.
    pub median_seconds: Option<f64>,
    /// Every trial.
    pub trials: Vec<ZooTrial>,
}

impl ZooStats {
    /// Summarizes trials: medians are lower medians over all seeds, a miss ranking last.
    pub fn from_trials(mut trials: Vec<ZooTrial>) -> Self {
        trials.sort_by_key(|t| t.seed);
        let caught = trials.iter().filter(|t| t.caught).count();
        let median = |key: &dyn Fn(&ZooTrial) -> f64| -> Option<f64> {
            if trials.is_empty() {
                return None;
            }
            let mut v: Vec<f64> = trials
                .iter()
                .map(|t| if t.caught { key(t) } else { f64::INFINITY })
                .collect();
            v.sort_by(f64::total_cmp);
            let m = v[(v.len() - 1) / 2];
            m.is_finite().then_some(m)
        };
        ZooStats {
            caught,
            seeds: trials.len(),
            median_cases: median(&|t| t.cases as f64).map(|m| m as u64),
            median_seconds: median(&|t| t.seconds),
            trials,
        }
    }

    /// Caught on every seed.
    pub fn always_caught(&self) -> bool {
        self.seeds > 0 && self.caught == self.seeds
    }
}

/// One zoo variant's row.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ZooRow {
    /// The variant's name.
    pub variant: String,
    /// The routine it breaks.
    pub routine: String,
    /// The real bug it models.
    pub bug: String,
    /// The input class that triggers it.
    pub trigger: String,
    /// The case budget per seed.
    pub budget: u64,
    /// Under the edge-biased generators.
    pub edge: ZooStats,
    /// Under the uniform baseline.
    pub uniform: ZooStats,
}

/// The `ecdiff zoo` report.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ZooReport {
    /// `ecdiff <version>`.
    pub tool: String,
    /// `debug` or `release`.
    pub profile: String,
    /// Seeds per variant and generator (seeds `0..seeds`).
    pub seeds: u64,
    /// The budget, as given (`each routine's default`, or a number).
    pub budget: String,
    /// Whether Ctrl-C stopped it early.
    pub interrupted: bool,
    /// Wall time, seconds.
    pub wall_seconds: f64,
    /// One row per variant.
    pub rows: Vec<ZooRow>,
}

impl ZooReport {
    /// Whether every variant was caught by the edge-biased generators on every seed.
    pub fn all_caught(&self) -> bool {
        self.rows.iter().all(|r| r.edge.always_caught()) && !self.ecdiff_bugs()
    }

    /// Whether any search met an `oracle_panicked` verdict (a bug in ecdiff, reported on
    /// standard error as it happens).
    pub fn ecdiff_bugs(&self) -> bool {
        self.rows.iter().any(|r| {
            (r.edge.trials.iter())
                .chain(&r.uniform.trials)
                .any(|t| t.ecdiff_bug)
        })
    }

    /// The report as a Markdown table (`ecdiff zoo --markdown`), as `docs/zoo.md` publishes it:
    /// per variant the modelled bug, its trigger, and for the edge-biased generators and the
    /// uniform baseline the seeds on which it was caught and the median cases and seconds to
    /// the first detection.
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "| variant | modelled bug | trigger | edge-biased: caught | cases | seconds | uniform: caught | cases | seconds |"
        );
        let _ = writeln!(out, "|---|---|---|---|---:|---:|---|---:|---:|");
        let stats = |s: &ZooStats, budget: u64| {
            let cases = s
                .median_cases
                .map_or(format!(">{budget}"), |c| c.to_string());
            let secs = s
                .median_seconds
                .map_or("–".to_string(), |t| format!("{t:.3}"));
            (format!("{}/{}", s.caught, s.seeds), cases, secs)
        };
        for r in &self.rows {
            let (ec, en, es) = stats(&r.edge, r.budget);
            let (uc, un, us) = stats(&r.uniform, r.budget);
            let _ = writeln!(
                out,
                "| `{}` | {} | {} | {ec} | {en} | {es} | {uc} | {un} | {us} |",
                r.variant,
                r.bug.replace('|', "\\|"),
                r.trigger.replace('|', "\\|"),
            );
        }
        let edge = self.rows.iter().filter(|r| r.edge.always_caught()).count();
        let base = self
            .rows
            .iter()
            .filter(|r| r.uniform.always_caught())
            .count();
        let _ = writeln!(
            out,
            "\n{} variants; caught on every seed by the edge-biased generators: **{edge}**, by the \
             uniform baseline: **{base}**. Medians over {} seeds (a miss counts as never); budget: \
             {}; {} build; {:.0} s.",
            self.rows.len(),
            self.seeds,
            self.budget,
            self.profile,
            self.wall_seconds
        );
        out
    }

    /// The table `ecdiff zoo` prints.
    pub fn table(&self) -> String {
        let header = [
            "variant",
            "modelled bug",
            "caught",
            "cases",
            "seconds",
            "baseline caught",
            "cases",
            "seconds",
        ];
        let caught = |s: &ZooStats| {
            format!(
                "{} ({}/{})",
                if s.always_caught() { "yes" } else { "no" },
                s.caught,
                s.seeds
            )
        };
        let cases = |s: &ZooStats, budget: u64| match s.median_cases {
            Some(c) => c.to_string(),
            None => format!(">{budget}"),
        };
        let secs = |s: &ZooStats| match s.median_seconds {
            Some(t) => format!("{t:.3}"),
            None => "-".into(),
        };
        let rows: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|r| {
                vec![
                    r.variant.clone(),
                    truncate(&r.bug, 60),
                    caught(&r.edge),
                    cases(&r.edge, r.budget),
                    secs(&r.edge),
                    caught(&r.uniform),
                    cases(&r.uniform, r.budget),
                    secs(&r.uniform),
                ]
            })
            .collect();
        let mut out = render_table(&header, &rows, &[3, 4, 6, 7]);
        let edge = self.rows.iter().filter(|r| r.edge.always_caught()).count();
        let base = self
            .rows
            .iter()
            .filter(|r| r.uniform.always_caught())
            .count();
        let _ = writeln!(
            out,
            "{} variants · caught on every seed: edge-biased {edge}, uniform baseline {base} · \
             medians over {} seeds (a miss counts as never) · budget {} · {} build · {:.1} s{}",
            self.rows.len(),
            self.seeds,
            self.budget,
            self.profile,
            self.wall_seconds,
            if self.interrupted {
                " · INTERRUPTED (Ctrl-C)"
            } else {
                ""
            }
        );
        out
    }
}

fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let cut: String = s.chars().take(max - 1).collect();
        format!("{cut}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_align_and_count() {
        let mut r = RoutineReport {
            routine: "dory_g1_msm".into(),
            cases: 10,
            classes_declared: vec!["a".into(), "b".into()],
            classes_missing: vec!["b".into()],
            agreements: 9,
            subject_seconds: 0.01,
            oracle_seconds: 0.002,
            wall_seconds: 0.5,
            ..Default::default()
        };
        r.findings.insert("mismatch".into(), 1);
        let report = CampaignReport {
            routines: vec![r],
            bias: "edge".into(),
            profile: "release".into(),
            ..Default::default()
        };
        let t = report.table();
        assert!(t.contains("1/2"), "{t}");
        assert!(t.contains("mismatch:1"), "{t}");
        assert!(t.contains("1.0 ms"), "{t}");
        assert!(t.contains("declared classes not reached: b"), "{t}");
        assert_eq!(report.finding_count(), 1);
    }

    #[test]
    fn zoo_medians_count_misses_as_never() {
        let t = |seed, caught, cases| ZooTrial {
            seed,
            caught,
            cases,
            seconds: cases as f64,
            ecdiff_bug: false,
        };
        let s = ZooStats::from_trials(vec![t(0, true, 5), t(1, true, 9), t(2, false, 100)]);
        assert_eq!(s.median_cases, Some(9));
        assert!(!s.always_caught());
        let s = ZooStats::from_trials(vec![t(0, true, 5), t(1, false, 9), t(2, false, 100)]);
        assert_eq!(s.median_cases, None);
        let s = ZooStats::from_trials(vec![t(0, true, 3), t(1, true, 1)]);
        assert_eq!(s.median_cases, Some(1));
        assert!(s.always_caught());
    }
}
