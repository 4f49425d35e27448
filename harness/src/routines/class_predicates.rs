//! Every edge class a routine records is a property of the decoded case, checked by a
//! predicate on what the subject receives ([`Routine::class_holds`]), never by the generator's
//! own label: each routine's first cases (edge-biased, seed 0) are decoded and every class they
//! record is checked. A class that does not hold fails, naming the routine, class and case.
//!
//! Predicates are being written shape by shape (issue 37). The routine/class pairs that have
//! none yet are listed in `unchecked_classes.txt` (next to this file), which this test keeps
//! exact for the routines of the build (each family alone runs its own): a class
//! recorded without a predicate and not listed fails (a new class must come with its
//! predicate), and a listed pair that is now checked fails too (take it off the list).
//! `ECDIFF_PREDICATE_TIMES=1` prints each routine's time (decoding included).
//!
//! A test of every family's routines, so it runs with the families' own tests (feature
//! `family-tests`, `harness/tests/family_tests.rs`) rather than in the library's unit-test build,
//! which compiles no family.
//!
//! [`Routine::class_holds`]: crate::engine::Routine::class_holds

use crate::generators::{case_bytes, Bias, CASE_BYTES};
use std::collections::{BTreeMap, BTreeSet};

/// Cases decoded per routine.
const CASES: u64 = 48;

fn listed() -> BTreeSet<(String, String)> {
    let text = include_str!("unchecked_classes.txt");
    let mut out = BTreeSet::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (routine, classes) = line.split_once(':').expect("`routine: class class …`");
        for class in classes.split_whitespace() {
            out.insert((routine.trim().to_string(), class.to_string()));
        }
    }
    out
}

/// (routine, class) → (checked, unchecked) counts, and the failures, of some routines.
type Tally = (BTreeMap<(String, String), (u32, u32)>, Vec<String>);

/// The tally of one routine's first [`CASES`] cases.
fn tally(routine: &dyn crate::engine::DynRoutine, into: &mut Tally) {
    let name = routine.info().name;
    let t0 = std::time::Instant::now();
    for i in 0..CASES {
        let data = case_bytes(0, name, i, CASE_BYTES);
        for (class, holds) in routine.check_classes(&data, Bias::Edge) {
            let entry = into
                .0
                .entry((name.to_string(), class.to_string()))
                .or_default();
            match holds {
                Some(true) => entry.0 += 1,
                Some(false) => {
                    entry.0 += 1;
                    into.1
                        .push(format!("{name} case {i}: `{class}` does not hold"));
                }
                None => entry.1 += 1,
            }
        }
    }
    if std::env::var("ECDIFF_PREDICATE_TIMES").is_ok() {
        eprintln!("{name}: {:?}", t0.elapsed());
    }
}

/// This module's test: the predicates and generators are ecdiff's own logic, the same in either
/// profile; the debug run (overflow checks on) is the stricter one, so release runs leave it out.
pub(crate) const TESTS: &[crate::declare::UnitTest] = &[crate::declare::UnitTest {
    path: concat!(
        module_path!(),
        "::every_recorded_class_holds_on_the_decoded_case"
    ),
    run: every_recorded_class_holds_on_the_decoded_case,
    debug_only: true,
}];

fn every_recorded_class_holds_on_the_decoded_case() {
    // Routines are independent: two workers share them (the test is the library's longest).
    let routines = super::all();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Tally::default();
                    while let Some(r) =
                        routines.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                    {
                        tally(r.as_ref(), &mut mine);
                    }
                    mine
                })
            })
            .collect();
        (workers.into_iter())
            .map(|w| w.join().expect("a predicate worker panicked"))
            .collect()
    });
    let mut seen: BTreeMap<(String, String), (u32, u32)> = BTreeMap::new();
    let mut failures = Vec::new();
    for (counts, fails) in tallies {
        for (k, (c, u)) in counts {
            let e = seen.entry(k).or_default();
            e.0 += c;
            e.1 += u;
        }
        failures.extend(fails);
    }
    failures.sort();
    assert!(
        failures.is_empty(),
        "classes that do not hold:\n{}",
        failures.join("\n")
    );
    let never_checked: BTreeSet<(String, String)> = (seen.iter())
        .filter(|(_, &(checked, _))| checked == 0)
        .map(|(k, _)| k.clone())
        .collect();
    let listed = listed();
    let unlisted: Vec<String> = (never_checked.difference(&listed))
        .map(|(r, c)| format!("{r}: {c}"))
        .collect();
    assert!(
        unlisted.is_empty(),
        "classes recorded without a predicate (write one, or list them in \
         harness/src/routines/unchecked_classes.txt):\n{}",
        unlisted.join("\n")
    );
    let stale: Vec<String> = (listed.iter())
        .filter(|k| seen.get(*k).is_some_and(|&(checked, _)| checked > 0))
        .map(|(r, c)| format!("{r}: {c}"))
        .collect();
    assert!(
        stale.is_empty(),
        "listed as unchecked but checked now (take them off \
         harness/src/routines/unchecked_classes.txt):\n{}",
        stale.join("\n")
    );
    let checked = seen.values().filter(|&&(c, _)| c > 0).count();
    eprintln!(
        "{checked} of {} recorded routine/class pairs checked by a predicate",
        seen.len()
    );
}
