//! The bug zoo: deliberately broken subjects that reproduce real bug classes, to measure that
//! ecdiff finds the bugs it exists for — and how much sooner than unbiased random testing.
//!
//! Only built with the `zoo` feature, which no default build enables. Each [`ZooVariant`] is a
//! routine with the *same* spec as a built-in one (name, edge classes, budget) and a broken
//! subject, so it sees exactly the cases the real routine's suite sees.

use crate::engine::{Detail, VerdictKind};
use crate::generators::CASE_BYTES;
use crate::generators::{case_bytes, Bias};
use std::time::{Duration, Instant};

pub use crate::declare::ZooVariant;

/// Every zoo variant of every family.
pub fn all() -> Vec<ZooVariant> {
    crate::routines::FAMILIES
        .iter()
        .flat_map(|f| f.zoo_variants())
        .collect()
}

/// How one search for a variant's bug went.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Detection {
    /// Whether a finding of the kind the variant models turned up within the budget.
    pub caught: bool,
    /// Cases run, up to and including the first such finding.
    pub cases: u64,
    /// Wall time spent.
    pub time: Duration,
    /// An `oracle_panicked` verdict met on the way: a bug in ecdiff, not a detection (the
    /// search stops there).
    pub ecdiff_bug: Option<String>,
}

/// Runs cases `0..budget` of the seeded stream `seed` (the stream `ecdiff run --seed` uses)
/// until the first finding of the kind the variant models ([`ZooVariant::caught_as`]).
/// Findings of another kind do not count; an `oracle_panicked` stops the search as an ecdiff
/// bug.
pub fn detect(variant: &ZooVariant, bias: Bias, seed: u64, budget: u64) -> Detection {
    let start = Instant::now();
    for i in 0..budget {
        let bytes = case_bytes(seed, variant.routine, i, CASE_BYTES);
        let run = variant.check.run_bytes(&bytes, bias, Detail::OnFinding);
        if run.verdict.kind == VerdictKind::OraclePanicked {
            return Detection {
                caught: false,
                cases: i + 1,
                time: start.elapsed(),
                ecdiff_bug: Some(format!(
                    "{} seed {seed} case {i}: {}",
                    variant.name, run.verdict.detail
                )),
            };
        }
        if run.is_finding() && variant.caught_as.contains(&run.verdict.kind) {
            return Detection {
                caught: true,
                cases: i + 1,
                time: start.elapsed(),
                ecdiff_bug: None,
            };
        }
    }
    Detection {
        caught: false,
        cases: budget,
        time: start.elapsed(),
        ecdiff_bug: None,
    }
}

/// The zoo's registry-wide tests (feature `family-tests`), run by
/// `harness/tests/family_tests.rs`.
#[cfg(all(feature = "family-tests", not(test)))]
pub fn unit_tests() -> &'static [crate::declare::UnitTest] {
    registry_tests::TESTS
}

/// A test of every family's zoo rows, so it runs with the families' own tests (feature
/// `family-tests`): the library's unit-test build compiles no family.
#[cfg(all(feature = "family-tests", not(test)))]
pub(crate) mod registry_tests {
    use super::*;

    fn every_variant_is_named_after_the_routine_it_breaks_and_once() {
        let variants = all();
        // Every family's zoo together has over 90 variants; one family alone has some.
        let least = if cfg!(feature = "families") { 91 } else { 1 };
        assert!(variants.len() >= least, "{} variants", variants.len());
        let mut names = std::collections::BTreeSet::new();
        for v in &variants {
            let bug = v
                .name
                .strip_prefix(v.routine)
                .and_then(|s| s.strip_prefix("__"));
            assert!(
                bug.is_some_and(|b| !b.is_empty()),
                "{} is not named <routine>__<bug> after {}",
                v.name,
                v.routine
            );
            assert_eq!(
                v.check.info().name,
                v.routine,
                "{} checks another routine",
                v.name
            );
            assert!(names.insert(v.name), "{} declared twice", v.name);
        }
    }

    crate::declare::unit_tests![every_variant_is_named_after_the_routine_it_breaks_and_once];
}
