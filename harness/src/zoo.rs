//! The bug zoo: deliberately broken subjects that reproduce real bug classes, to measure that
//! ecdiff finds the bugs it exists for — and how much sooner than unbiased random testing.
//!
//! Only built with the `zoo` feature, which no default build enables. Each [`ZooVariant`] is a
//! routine with the *same* spec as a built-in one (name, edge classes, budget) and a broken
//! subject, so it sees exactly the cases the real routine's suite sees.

use crate::engine::Detail;
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
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Detection {
    /// Whether a finding turned up within the budget.
    pub caught: bool,
    /// Cases run, up to and including the first finding.
    pub cases: u64,
    /// Wall time spent.
    pub time: Duration,
}

/// Runs cases `0..budget` of the seeded stream `seed` (the stream `ecdiff run --seed` uses)
/// until the first finding.
pub fn detect(variant: &ZooVariant, bias: Bias, seed: u64, budget: u64) -> Detection {
    let start = Instant::now();
    for i in 0..budget {
        let bytes = case_bytes(seed, variant.routine, i, CASE_BYTES);
        if variant
            .check
            .run_bytes(&bytes, bias, Detail::OnFinding)
            .is_finding()
        {
            return Detection {
                caught: true,
                cases: i + 1,
                time: start.elapsed(),
            };
        }
    }
    Detection {
        caught: false,
        cases: budget,
        time: start.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_is_named_after_the_routine_it_breaks_and_once() {
        let variants = all();
        assert!(variants.len() > 90, "{} variants", variants.len());
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
}
