//! The `edwards_msm` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::generators::case_bytes;
use crate::generators::Bias;
use std::collections::{BTreeMap, BTreeSet};

struct Unused;
impl MsmSubject for Unused {
    fn msm(&self, _: &MsmInput<'_>) -> Outcome<[u8; 32]> {
        Outcome::Rejected("not called".into())
    }
}

/// Every coincidence class an Edwards or ristretto255 sum is labelled with is a meeting
/// of the decoded points under the oracle's own addition (torsion components included),
/// every meeting is labelled, and each class is drawn: a relation solved mod ℓ but read
/// mod ℓ only, or a log of the wrong torsion, fails one of the assertions.
fn every_coincidence_class_is_a_meeting_of_the_decoded_points() {
    for flavor in [Flavor::Edwards, Flavor::Ristretto] {
        let msm = check(
            Spec::new("test").lengths(10, &[]),
            flavor,
            MsmKind::Vartime,
            Unused,
        );
        let mut counts: BTreeMap<&str, u32> = BTreeMap::new();
        for i in 0..400 {
            let data = case_bytes(0, "edwards-coincidence", i, 256);
            let mut g = Gen::new(&data, Bias::Edge);
            let case = msm.generate(&mut g);
            let labelled: BTreeSet<&str> = (g.into_classes().into_iter())
                .filter(|class| COINCIDENCE_CLASSES.contains(class))
                .collect();
            let pts: Vec<EdPoint> = (case.points.iter())
                .map(|p| p.as_ref().unwrap().repr.oracle_point(flavor).unwrap())
                .collect();
            let found = meetings(flavor, &pts, &case.scalars);
            assert_eq!(labelled, found, "{flavor:?} case {i}");
            for class in labelled {
                *counts.entry(class).or_default() += 1;
            }
        }
        for class in COINCIDENCE_CLASSES {
            assert!(
                counts.get(class).copied().unwrap_or(0) >= 3,
                "{flavor:?} {class}: {counts:?}"
            );
        }
    }
}

crate::declare::unit_tests![every_coincidence_class_is_a_meeting_of_the_decoded_points];
