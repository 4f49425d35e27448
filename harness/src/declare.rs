//! One routine, one row: the declaration a family table holds for each routine, and for each
//! bug-zoo variant.
//!
//! A family (`families/<family>.rs`) declares its routines once, in a `const` table of
//! [`RoutineRow`]s: name, subject crate and version, function, lengths and thresholds, default
//! budget, and how to build the check from a public [`crate::shapes`] constructor and an
//! adapter. Everything else comes from the table: the registry (`crate::routines`),
//! `ecdiff list`, one `#[test]` per routine in debug and release (`tests/routines.rs`
//! enumerates the registry), the cargo-fuzz targets and corpus folders (generated from the
//! registry and checked for drift), and the routine table of `docs/routines.md` (likewise).
//!
//! ```ignore
//! pub const ROUTINES: &[RoutineRow] = &[
//!     RoutineRow {
//!         name: "dory_g1_msm",
//!         subject: DORY,
//!         function: "G1Routines::msm",
//!         lengths: Lengths::up_to(300).thresholds(ARK_MSM_WINDOWS),
//!         cases: 320,
//!         build: |spec| Box::new(msm::check::<Bn254G1, _>(spec, Dory)),
//!     },
//! ];
//! ```
//!
//! A bug-zoo variant is a [`ZooRow`] in the family's `zoo.rs` table (feature `zoo`), next to
//! the broken subject it uses: it builds the same check with that subject from the routine's
//! own [`Spec`], so it sees exactly the cases the routine's suite sees. The family's
//! [`Family`] names its zoo tables beside its routine table (`zoo: &[zoo::ROWS]`, or more
//! tables where rows are stamped per routine, as `crate::zkgroup::planted`'s generic flaws of
//! the `group`-trait rows are), so the registry lists each family once.
//!
//! ```ignore
//! pub(super) const ROWS: &[ZooRow] = &[
//!     ZooRow {
//!         name: "dory_g1_msm__zscan_first_base_only",
//!         routine: "dory_g1_msm",
//!         bug: "z-scan dispatch trusts raw coordinates after checking only the first base",
//!         trigger: "mixed_z bases whose first base has z = 1",
//!         caught_as: &[VerdictKind::Mismatch],
//!         build: |spec| Box::new(msm::check::<Bn254G1, _>(spec, ZscanFirstBaseOnly(PhantomData))),
//!     },
//! ];
//! ```

use crate::engine::{DynRoutine, VerdictKind};
use crate::generators::lengths::Lengths;
use crate::shapes::Spec;

/// The declaration of one routine.
#[derive(Clone, Copy, Debug)]
pub struct RoutineRow {
    /// Stable lower-case name: the fuzz target, corpus folder, CLI name and test name.
    pub name: &'static str,
    /// The crate and version under test, e.g. `dory-pcs 0.5.0`.
    pub subject: &'static str,
    /// The code path under test, e.g. `G1Routines::msm`.
    pub function: &'static str,
    /// Input lengths and the algorithm thresholds to straddle.
    pub lengths: Lengths,
    /// Default case count (`cargo test` and the CLI's default campaign).
    pub cases: u32,
    /// Builds the check from the row's [`Spec`].
    pub build: fn(Spec) -> Box<dyn DynRoutine>,
}

impl RoutineRow {
    /// The row's spec, as the check (and any zoo variant of it) receives it, before its
    /// family adds its contract check ([`Family::spec`]).
    pub fn spec(&self, family: &'static str) -> Spec {
        Spec {
            name: self.name,
            family,
            subject: self.subject,
            function: self.function,
            lengths: self.lengths,
            default_cases: self.cases,
            contract_check: crate::engine::no_contract_check,
        }
    }
}

/// One of a family's own tests: a plain function that panics on failure.
///
/// The families' tests are not `#[test]`s of the library: the library's unit-test build
/// (`cfg(test)`) leaves every family out, so that `cargo test` compiles the families once (into
/// the library, with feature `family-tests`) instead of twice (the unit-test build of a crate is
/// a second compilation of all of it; for the families' generic routines that was ~2 minutes of
/// each `cargo test`). Each family's `tests` modules list their tests with `unit_tests!`, its
/// [`Family`] names the lists, and `harness/tests/family_tests.rs` runs them as
/// `<family>::<module>::<test>` (`cargo test -p ecdiff --test family_tests -- dory::`).
#[derive(Clone, Copy, Debug)]
pub struct UnitTest {
    /// The test's path below `ecdiff::` (`families::dory::vector::tests::…`).
    pub path: &'static str,
    /// The test: returns if it passes, panics if it fails.
    pub run: fn(),
    /// A test of ecdiff's own logic, the same in either profile, left out of release runs.
    pub debug_only: bool,
}

/// `unit_tests![a, b]` at the end of a family's `tests` module: its tests' list, `TESTS`.
/// (Never in the library's unit-test build, which compiles no family.)
#[cfg(all(feature = "family-tests", not(test)))]
macro_rules! unit_tests {
    ($($test:ident),* $(,)?) => {
        /// This module's tests, named by the family's `unit_tests` list.
        pub(crate) const TESTS: &[$crate::declare::UnitTest] = &[$($crate::declare::UnitTest {
            path: concat!(module_path!(), "::", stringify!($test)),
            run: $test,
            debug_only: false,
        }),*];
    };
}
#[cfg(all(feature = "family-tests", not(test)))]
pub(crate) use unit_tests;

/// A family: its name, its routine table and its zoo table, declared once.
#[derive(Clone, Copy, Debug)]
pub struct Family {
    /// The family's name (`dory`, `secp256k1`, `curve25519`); also its cargo feature.
    pub name: &'static str,
    /// One row per routine.
    pub routines: &'static [RoutineRow],
    /// The family's bug-zoo tables (feature `zoo`), one row per variant, each breaking one of
    /// `routines`: its own table, and the tables stamped per routine by generic flaws
    /// (`crate::zkgroup::planted`).
    #[cfg(feature = "zoo")]
    pub zoo: &'static [&'static [ZooRow]],
    /// The family's own tests (feature `family-tests`): each of its `tests` modules' list.
    #[cfg(feature = "family-tests")]
    pub unit_tests: &'static [&'static [UnitTest]],
    /// Which subject panics are the family's subjects' own contract checks firing
    /// ([`crate::RoutineInfo::contract_check`]; [`crate::engine::no_contract_check`] for none).
    pub contract_check: fn(&crate::engine::PanicReport) -> bool,
}

impl Family {
    /// The spec of the routine `name` of this family.
    ///
    /// # Panics
    ///
    /// If the family declares no such routine (a typo in a zoo row).
    pub fn spec(&self, name: &str) -> Spec {
        self.routines
            .iter()
            .find(|r| r.name == name)
            .unwrap_or_else(|| panic!("no {}-family routine named {name}", self.name))
            .spec(self.name)
            .contract_check(self.contract_check)
    }

    /// Builds the family's bug-zoo variants, each from the spec of the routine it breaks.
    ///
    /// # Panics
    ///
    /// If a row names a routine the family does not declare.
    #[cfg(feature = "zoo")]
    pub fn zoo_variants(&self) -> Vec<ZooVariant> {
        self.zoo
            .iter()
            .flat_map(|table| table.iter())
            .map(|row| ZooVariant::from_row(self, row))
            .collect()
    }

    /// Builds every routine of the family.
    pub fn build(&self) -> impl Iterator<Item = Box<dyn DynRoutine>> + '_ {
        (self.routines.iter())
            .map(|r| (r.build)(r.spec(self.name).contract_check(self.contract_check)))
    }
}

/// A deliberately broken variant of a routine (the bug zoo, feature `zoo`).
#[derive(Clone, Copy, Debug)]
pub struct ZooRow {
    /// Stable variant name, `<routine>__<bug>`.
    pub name: &'static str,
    /// The routine it breaks.
    pub routine: &'static str,
    /// The real bug it models, with its reference (library, issue or commit).
    pub bug: &'static str,
    /// The input class that triggers it.
    pub trigger: &'static str,
    /// The verdicts the modelled bug gives (a wrong value is `Mismatch`, a crash
    /// `SubjectPanicked`, an accepted invalid input `OracleRejected`, a broken lazy-field
    /// contract `ContractViolation`; two where the profile decides, as an overflow check that
    /// panics in debug builds and wraps to a wrong value in release; `Agree` where the bug hides
    /// a known finding, so that the routine no longer departs as it ships): the zoo counts the
    /// variant as caught only by a finding of one of these kinds.
    pub caught_as: &'static [VerdictKind],
    /// Builds the broken check from the routine's spec.
    pub build: fn(Spec) -> Box<dyn DynRoutine>,
}

/// One broken variant, built.
pub struct ZooVariant {
    /// Stable variant name, e.g. `dory_g1_msm__zscan_first_base_only`.
    pub name: &'static str,
    /// The built-in routine it breaks.
    pub routine: &'static str,
    /// The real bug it models, with its reference (library, issue or commit).
    pub bug: &'static str,
    /// The input class that triggers it.
    pub trigger: &'static str,
    /// The verdicts the modelled bug gives ([`ZooRow::caught_as`]).
    pub caught_as: &'static [VerdictKind],
    /// The routine with the broken subject.
    pub check: Box<dyn DynRoutine>,
}

impl ZooVariant {
    /// Builds a [`ZooRow`] of `family` from the spec of the routine it breaks.
    ///
    /// # Panics
    ///
    /// If the family declares no routine named `row.routine`.
    pub fn from_row(family: &Family, row: &ZooRow) -> Self {
        ZooVariant {
            name: row.name,
            routine: row.routine,
            bug: row.bug,
            trigger: row.trigger,
            caught_as: row.caught_as,
            check: (row.build)(family.spec(row.routine)),
        }
    }
}
