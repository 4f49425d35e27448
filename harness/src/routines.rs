//! The registry of built-in routines: every (subject, oracle) pair ecdiff knows, by name.
//!
//! A routine's name is its identity everywhere: the fuzz target `fuzz/fuzz_targets/<name>.rs`,
//! the corpus folder `corpus/<name>/`, the CLI's `ecdiff run <name>`, and the test
//! `<family>::<name>` of `tests/routines.rs`. Every routine comes from one row of its family's
//! table ([`crate::declare`]).

use crate::declare::{Family, RoutineRow};
use crate::engine::DynRoutine;
use std::sync::OnceLock;

#[cfg(feature = "family-tests")]
mod class_predicates;

/// Every family compiled in, in registry order: each behind the cargo feature of its name.
///
/// A `static`, not a `const`: a `const` is copied into every crate that (through a small,
/// cross-crate-inlined caller such as [`all`]) names it, and with it the function pointers of
/// every routine, so each test binary and the CLI re-instantiated all ~100 generic routines
/// (release builds share no generics): a 30 s compile for a 150-line test file. As a `static`
/// they are compiled once, here (`cargo test --release` 1.5 min quicker).
pub static FAMILIES: &[Family] = &[
    #[cfg(all(feature = "dory", not(test)))]
    crate::families::dory::FAMILY,
    #[cfg(all(feature = "secp256k1", not(test)))]
    crate::families::secp256k1::FAMILY,
    #[cfg(all(feature = "p256", not(test)))]
    crate::families::p256::FAMILY,
    #[cfg(all(feature = "halo2curves", not(test)))]
    crate::families::halo2curves::FAMILY,
    #[cfg(all(feature = "pasta", not(test)))]
    crate::families::pasta::FAMILY,
    #[cfg(all(feature = "jubjub", not(test)))]
    crate::families::jubjub::FAMILY,
    #[cfg(all(feature = "curve25519", not(test)))]
    crate::families::curve25519::FAMILY,
    #[cfg(all(feature = "bls12_381", not(test)))]
    crate::families::bls12_381::FAMILY,
];

/// The families' own tests and the registry-wide class-predicate test (feature
/// `family-tests`), run by `harness/tests/family_tests.rs` (with `zoo::unit_tests`).
#[cfg(feature = "family-tests")]
pub fn unit_tests() -> impl Iterator<Item = &'static crate::declare::UnitTest> {
    let families = FAMILIES.iter().flat_map(|f| f.unit_tests.iter().copied());
    std::iter::once(class_predicates::TESTS)
        .chain(families)
        .flatten()
}

/// Every declaration row with its family's name, in registry order.
pub fn rows() -> impl Iterator<Item = (&'static str, &'static RoutineRow)> {
    FAMILIES
        .iter()
        .flat_map(|f| f.routines.iter().map(move |r| (f.name, r)))
}

fn build() -> Vec<Box<dyn DynRoutine>> {
    FAMILIES.iter().flat_map(|f| f.build()).collect()
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
