//! The families' own tests (known findings pinned, adapters against their libraries, generators'
//! classes, planted bugs found …) and the registry-wide ones (every recorded class holds on the
//! decoded case, zoo rows named after their routines), one test each, named
//! `<family>::<module>::<test>` or `routines::…` / `zoo::…`:
//!
//! ```text
//! cargo test -p ecdiff --features family-tests --test family_tests -- dory::
//! ```
//!
//! They are plain functions compiled into the library with feature `family-tests`
//! ([`ecdiff::declare::UnitTest`]), not `#[test]`s of its unit-test build: that build compiles
//! the whole crate a second time, and without the families it costs a fraction. `cargo test` at
//! the workspace's root turns the feature on (through `ecdiff-tests`).

use libtest_mimic::{Arguments, Failed, Trial};
use std::panic::{catch_unwind, AssertUnwindSafe};

fn main() {
    let args = Arguments::from_args();
    let tests = ecdiff::routines::unit_tests();
    #[cfg(feature = "zoo")]
    let tests = tests.chain(ecdiff::zoo::unit_tests());
    let trials = tests
        .map(|test| {
            let name = test.path.strip_prefix("ecdiff::").unwrap_or(test.path);
            let name = name.strip_prefix("families::").unwrap_or(name);
            let run = test.run;
            Trial::test(name, move || {
                catch_unwind(AssertUnwindSafe(run)).map_err(|payload| {
                    let message = (payload.downcast_ref::<String>().cloned())
                        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_else(|| "panicked".into());
                    Failed::from(message)
                })
            })
            .with_ignored_flag(test.debug_only && !cfg!(debug_assertions))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
