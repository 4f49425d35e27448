//! The `vector` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::generators::case_bytes;
use ecdiff_oracles::curves::Bn254G1;
use ecdiff_oracles::group::Group;

struct Unused;

impl BasesThenAdd<Bn254G1> for Unused {
    fn fixed_scalar_mul_bases_then_add(
        &self,
        _: &[Jacobian<ecdiff_oracles::field::Fp>],
        _: &[Jacobian<ecdiff_oracles::field::Fp>],
        _: &BigUint,
    ) -> Vec<Point<ecdiff_oracles::field::Fp>> {
        unreachable!("generation only")
    }
}

fn sum_classes_are_what_they_claim() {
    let check = check_bases_then_add::<Bn254G1, _>(Spec::new("t").lengths(6, &[]), Unused);
    let c = Bn254G1::instance();
    let r = c.order();
    let mut seen = std::collections::BTreeSet::new();
    for i in 0..80 {
        let data = case_bytes(0, "sums", i, 64);
        let mut g = Gen::new(&data, crate::Bias::Edge);
        let case = check.generate_len(&mut g, 6);
        let classes = g.into_classes();
        let sums: Vec<BigUint> = case
            .scaled
            .iter()
            .zip(&case.added)
            .map(|(p, q)| (&case.scalar * &p.log + &q.log) % r)
            .collect();
        if classes.contains("sum_cancels") {
            assert!(sums.iter().any(|s| s == &BigUint::default()));
        }
        if classes.contains("sum_is_doubling") {
            assert!(case
                .scaled
                .iter()
                .zip(&case.added)
                .any(|(p, q)| (&case.scalar * &p.log) % r == q.log));
        }
        seen.extend(classes);
    }
    assert!(seen.contains("sum_cancels") && seen.contains("sum_is_doubling"));
}

crate::declare::unit_tests![sum_classes_are_what_they_claim];
