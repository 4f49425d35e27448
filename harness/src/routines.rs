//! The registry of built-in routines: every (subject, oracle) pair ecdiff knows, by name.
//!
//! A routine's name is its identity everywhere: the fuzz target `fuzz/fuzz_targets/<name>.rs`,
//! the corpus folder `corpus/<name>/`, the CLI's `ecdiff run <name>`, and the test
//! `tests/<family>.rs::<name>`.

use crate::engine::DynRoutine;
use std::sync::OnceLock;

fn build() -> Vec<Box<dyn DynRoutine>> {
    let mut all = crate::families::dory::routines();
    all.extend(crate::families::secp256k1::routines());
    all.extend(crate::families::curve25519::routines());
    all
}

/// Every built-in routine, in registry order.
pub fn all() -> &'static [Box<dyn DynRoutine>] {
    static ALL: OnceLock<Vec<Box<dyn DynRoutine>>> = OnceLock::new();
    ALL.get_or_init(build)
}

/// The routine called `name`.
pub fn by_name(name: &str) -> Option<&'static dyn DynRoutine> {
    all().iter().find(|r| r.info().name == name).map(|r| &**r)
}

/// The routines whose name equals or starts with one of `selectors` (all of them for none).
/// Returns the selectors that matched nothing as the error.
pub fn select(selectors: &[String]) -> Result<Vec<&'static dyn DynRoutine>, Vec<String>> {
    if selectors.is_empty() {
        return Ok(all().iter().map(|r| &**r).collect());
    }
    let unknown: Vec<String> = selectors
        .iter()
        .filter(|s| !all().iter().any(|r| r.info().name.starts_with(s.as_str())))
        .cloned()
        .collect();
    if !unknown.is_empty() {
        return Err(unknown);
    }
    Ok(all()
        .iter()
        .filter(|r| {
            selectors
                .iter()
                .any(|s| r.info().name.starts_with(s.as_str()))
        })
        .map(|r| &**r)
        .collect())
}
