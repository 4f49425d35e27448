//! The `zoo` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

/// Asserts that every variant is caught by its routine's suite with the default budget
/// (what `tests/zoo.rs` checks for the whole zoo), reporting the cases each took.
fn assert_all_caught() {
    let mut missed = Vec::new();
    for v in super::super::FAMILY.zoo_variants() {
        let routine = crate::routines::by_name(v.routine).expect("a registered routine");
        assert_eq!(routine.info().classes, v.check.info().classes, "{}", v.name);
        assert_eq!(
            routine.info().default_cases,
            v.check.info().default_cases,
            "{}",
            v.name
        );
        match crate::suite::Suite::new(&*v.check)
            .no_shrink()
            .no_save()
            .try_run()
        {
            Err(f) => eprintln!(
                "caught {}: {} ({})",
                v.name,
                f.run.verdict.kind,
                f.run.classes.join(", ")
            ),
            Ok(r) => missed.push(format!("{} ({} cases)", v.name, r.cases)),
        }
    }
    assert!(missed.is_empty(), "zoo variants not caught: {missed:?}");
}

fn every_variant_is_caught_with_the_default_budget() {
    assert_all_caught();
}

crate::declare::unit_tests![every_variant_is_caught_with_the_default_budget];
