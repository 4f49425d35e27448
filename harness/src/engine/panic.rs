//! Per-case panic capture with a quiet panic hook.
//!
//! A subject that panics is an outcome to report, not a crash of the harness. The engine runs
//! every subject and oracle call inside [`capture`], which catches the unwind and returns a
//! [`PanicReport`] with the panic message and its source location. The location matters: a
//! family can say which of its subjects' panics are their own contract checks firing
//! (`RoutineInfo::contract_check`: the secp256k1 family's is k256's debug-build magnitude
//! checker), and those are contract violations; any other panic is a crash.
//!
//! The hook is installed once, chained in front of whatever hook was there before (the default
//! one, or libFuzzer's abort-on-panic hook). It stays silent for panics raised while a capture
//! is active on the panicking thread, or on one of the engine's subject worker threads, and
//! forwards every other panic to the previous hook unchanged.

use std::cell::Cell;
use std::collections::VecDeque;
use std::panic::{self, AssertUnwindSafe, PanicHookInfo};
use std::sync::{Mutex, Once};
use std::thread::ThreadId;

/// What a caught panic said, and where it was raised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PanicReport {
    /// The panic payload as text.
    pub message: String,
    /// `file:line:column` of the `panic!`, when the hook saw it.
    pub location: Option<String>,
}

impl std::fmt::Display for PanicReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.location {
            Some(loc) => write!(f, "panicked at {loc}: {}", self.message),
            None => write!(f, "panicked: {}", self.message),
        }
    }
}

thread_local! {
    /// Nesting depth of active captures on this thread, or `usize::MAX` on engine workers.
    static QUIET: Cell<usize> = const { Cell::new(0) };
}

/// Recently seen panics: the thread that raised each, its message and location. A panic raised
/// on a rayon worker is re-thrown on the thread that waits for it, carrying only its payload;
/// the hook ran on the worker and left the location here, so [`capture`] can find it by
/// message. A panic of the capturing thread itself is looked up by thread first: two threads
/// that panic at once with the same message at different places (blst's G1 and G2 bindings
/// indexing an empty slice) must each get their own location.
static RECENT: Mutex<VecDeque<(ThreadId, String, String)>> = Mutex::new(VecDeque::new());
const RECENT_CAPACITY: usize = 64;

static INSTALL: Once = Once::new();

/// Installs the quiet hook (idempotent). Called by [`capture`]; call it yourself after another
/// component replaced the hook (libFuzzer does so on its first input).
pub fn install_hook() {
    INSTALL.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info: &PanicHookInfo<'_>| {
            if QUIET.with(Cell::get) > 0 {
                if let Some(loc) = info.location() {
                    let mut recent = RECENT.lock().unwrap_or_else(|e| e.into_inner());
                    if recent.len() == RECENT_CAPACITY {
                        recent.pop_front();
                    }
                    let thread = std::thread::current().id();
                    recent.push_back((thread, payload_text(info.payload()), loc.to_string()));
                }
                return;
            }
            previous(info);
        }));
    });
}

/// Marks the current thread as an engine worker: every panic on it is captured quietly.
/// Used as the start handler of the subject thread pool.
pub fn mark_worker_thread() {
    QUIET.with(|q| q.set(usize::MAX / 2));
}

/// Runs `f`, turning a panic into a [`PanicReport`] without printing it. Only the
/// `catch_unwind` is generic: the hook, the quiet count and the report are compiled once, not
/// once per closure (several hundred: each subject call site).
pub fn capture<T>(f: impl FnOnce() -> T) -> Result<T, PanicReport> {
    enter_quiet();
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    leave_quiet();
    result.map_err(report_of)
}

/// The hook installed, and one more level of capture on this thread (its panics go quiet).
fn enter_quiet() {
    install_hook();
    QUIET.with(|q| q.set(q.get() + 1));
}

/// One level of capture less on this thread.
fn leave_quiet() {
    QUIET.with(|q| q.set(q.get() - 1));
}

/// The report of a caught panic: its message, and the location the hook recorded for it (this
/// thread's most recent panic with that message, else any thread's). Not generic, so the
/// lookup is compiled once rather than once per closure given to [`capture`] (several
/// hundred: each subject call site).
fn report_of(payload: Box<dyn std::any::Any + Send>) -> PanicReport {
    let message = payload_text(&*payload);
    let location = {
        let mut recent = RECENT.lock().unwrap_or_else(|e| e.into_inner());
        let here = std::thread::current().id();
        let found = (recent.iter())
            .rposition(|(t, m, _)| *t == here && *m == message)
            .or_else(|| recent.iter().rposition(|(_, m, _)| *m == message));
        found.and_then(|i| recent.remove(i)).map(|(_, _, loc)| loc)
    };
    PanicReport { message, location }
}

fn payload_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "<non-string panic payload>".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capture_returns_message_and_location() {
        let err = capture(|| panic!("boom {}", 7)).unwrap_err();
        assert_eq!(err.message, "boom 7");
        assert!(err.location.as_deref().unwrap().contains("panic.rs"));
    }

    /// Two threads panicking at once with one message at two places each get their own
    /// location (the hook records the thread; a location from another thread is only the
    /// fallback of a panic re-thrown from a worker).
    #[test]
    fn simultaneous_panics_with_one_message_keep_their_locations() {
        let barrier = std::sync::Barrier::new(2);
        let (first, second) = std::thread::scope(|scope| {
            let a = scope.spawn(|| {
                (0..2000)
                    .map(|_| {
                        barrier.wait();
                        capture(|| panic!("same message")).unwrap_err()
                    })
                    .collect::<Vec<_>>()
            });
            let b = scope.spawn(|| {
                (0..2000)
                    .map(|_| {
                        barrier.wait();
                        let line = line!() + 1;
                        (capture(|| panic!("same message")).unwrap_err(), line)
                    })
                    .collect::<Vec<_>>()
            });
            (a.join().unwrap(), b.join().unwrap())
        });
        let second_line = second[0].1;
        for report in &first {
            let location = report.location.as_deref().unwrap();
            assert!(
                !location.contains(&format!(":{second_line}:")),
                "{location}"
            );
        }
        for (report, line) in &second {
            let location = report.location.as_deref().unwrap();
            assert!(location.contains(&format!(":{line}:")), "{location}");
        }
    }

    #[test]
    fn capture_passes_values_through() {
        assert_eq!(capture(|| 41 + 1), Ok(42));
    }
}
