//! The campaign's progress display (`ecdiff run`, `ecdiff bench`): one bar per routine,
//! findings printed above the bars.

use ecdiff::campaign::Observer;
use ecdiff::engine::{CaseRun, RoutineInfo};
use ecdiff::report::{RoutineReport, SavedFinding};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// The campaign's progress display: one bar per routine, findings printed above the bars.
pub(crate) struct Progress {
    bars: MultiProgress,
    current: Mutex<Option<ProgressBar>>,
    findings: AtomicU64,
    seed: u64,
}

impl Progress {
    pub(crate) fn new(seed: u64) -> Self {
        Progress {
            bars: MultiProgress::with_draw_target(ProgressDrawTarget::stderr_with_hz(8)),
            current: Mutex::new(None),
            findings: AtomicU64::new(0),
            seed,
        }
    }

    fn bar(&self) -> Option<ProgressBar> {
        self.current
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    pub(crate) fn clear(&self) {
        let _ = self.bars.clear();
    }
}

impl Observer for Progress {
    fn routine_started(&self, info: &RoutineInfo, planned: Option<u64>, time: Option<Duration>) {
        self.findings.store(0, Ordering::SeqCst);
        let bar = match planned {
            Some(n) => ProgressBar::new(n).with_style(
                ProgressStyle::with_template(
                    "{prefix:<44} [{bar:28}] {pos:>6}/{len:<6} {elapsed:>4} eta {eta:<4} {msg}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
            ),
            None => ProgressBar::new_spinner().with_style(
                ProgressStyle::with_template(
                    "{prefix:<44} {spinner} {pos:>6} cases {elapsed:>4} of {msg}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            ),
        };
        let bar = self.bars.add(bar);
        bar.set_prefix(info.name);
        if let Some(t) = time {
            bar.set_message(format!("{}s", t.as_secs()));
        }
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) = Some(bar);
    }

    fn case_finished(&self, _info: &RoutineInfo, _run: &CaseRun) {
        if let Some(bar) = self.bar() {
            bar.inc(1);
        }
    }

    fn finding(&self, run: &CaseRun, saved: &SavedFinding) {
        let n = self.findings.fetch_add(1, Ordering::SeqCst) + 1;
        let text = saved.render(run.routine, self.seed, run.expected.kind.name());
        self.bars.suspend(|| eprintln!("{text}"));
        if let Some(bar) = self.bar() {
            bar.set_message(format!("{n} findings"));
        }
    }

    fn routine_finished(&self, r: &RoutineReport) {
        let summary = format!(
            "{} findings · classes {}/{} · {:.1} s",
            r.finding_count(),
            r.classes_covered(),
            r.classes_declared.len(),
            r.wall_seconds
        );
        if let Some(bar) = self.bar() {
            bar.finish_with_message(summary.clone());
        }
        if self.bars.is_hidden() {
            eprintln!("{}: {} cases · {summary}", r.routine, r.cases);
        }
    }
}
