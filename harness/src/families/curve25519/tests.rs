//! The `curve25519` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::engine::Detail;
use crate::generators::{case_bytes, Bias};

fn the_uniform_baseline_records_no_classes_and_agrees() {
    for r in FAMILY.build() {
        let name = r.info().name;
        for i in 0..6 {
            let bytes = case_bytes(0, name, i, 256);
            let run = r.run_bytes(&bytes, Bias::Uniform, Detail::OnFinding);
            assert!(run.classes.is_empty(), "{name}: {:?}", run.classes);
            assert!(!run.is_finding(), "{name}: {:?}", run.verdict);
        }
    }
}

fn routine_names_are_stable_identifiers() {
    for r in FAMILY.build() {
        let name = r.info().name;
        assert!(
            name.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
            "{name}"
        );
        assert_eq!(r.info().family, "curve25519");
    }
}

crate::declare::unit_tests![
    the_uniform_baseline_records_no_classes_and_agrees,
    routine_names_are_stable_identifiers
];
