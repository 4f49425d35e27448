//! Shared helpers for ecdiff's integration suites.

use libtest_mimic::Failed;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs `f`, turning a panic (a suite's failure report) into a test failure with its message.
pub fn run_caught<T>(f: impl FnOnce() -> T) -> Result<T, Failed> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "panicked".into());
        Failed::from(message)
    })
}
