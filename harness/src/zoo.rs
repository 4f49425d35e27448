//! The bug zoo: deliberately broken subjects that reproduce real bug classes, to measure that
//! ecdiff finds the bugs it exists for — and how much sooner than unbiased random testing.
//!
//! Only built with the `zoo` feature, which no default build enables. Each [`ZooVariant`] is a
//! routine with the *same* spec as a built-in one (name, edge classes, budget) and a broken
//! subject, so it sees exactly the cases the real routine's suite sees.

use crate::engine::{Detail, DynRoutine};
use crate::gen::{case_bytes, Bias};
use crate::suite::CASE_BYTES;
use std::time::{Duration, Instant};

/// One broken variant.
pub struct ZooVariant {
    /// Stable variant name, e.g. `dory_g1_msm__zscan_first_base_only`.
    pub name: &'static str,
    /// The built-in routine it breaks.
    pub routine: &'static str,
    /// The real bug it models, with its reference (library, issue or commit).
    pub bug: &'static str,
    /// The input class that triggers it.
    pub trigger: &'static str,
    /// The routine with the broken subject.
    pub check: Box<dyn DynRoutine>,
}

impl ZooVariant {
    /// A variant of `routine` whose broken subject `check` runs.
    pub fn new(
        name: &'static str,
        routine: &'static str,
        bug: &'static str,
        trigger: &'static str,
        check: impl DynRoutine + 'static,
    ) -> Self {
        Self::boxed(name, routine, bug, trigger, Box::new(check))
    }

    /// [`ZooVariant::new`] for a check that is already boxed.
    pub fn boxed(
        name: &'static str,
        routine: &'static str,
        bug: &'static str,
        trigger: &'static str,
        check: Box<dyn DynRoutine>,
    ) -> Self {
        ZooVariant {
            name,
            routine,
            bug,
            trigger,
            check,
        }
    }
}

/// Every zoo variant of every family.
pub fn all() -> Vec<ZooVariant> {
    let mut v = crate::families::dory::zoo();
    v.extend(crate::families::secp256k1::zoo());
    v.extend(crate::families::curve25519::zoo());
    v
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
