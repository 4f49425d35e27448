//! The `zoo` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::arkworks::zoo::naf;

fn naf_digits_recombine_to_the_scalar() {
    for k in [0u64, 1, 2, 3, 7, 0xdead_beef, u64::MAX] {
        let digits = naf(&BigUint::from(k));
        let mut v: i128 = 0;
        for d in digits.iter().rev() {
            v = 2 * v + i128::from(*d);
        }
        assert_eq!(v, i128::from(k));
        assert!(
            digits.windows(2).all(|w| w[0] == 0 || w[1] == 0),
            "adjacent non-zero digits"
        );
    }
}

crate::declare::unit_tests![naf_digits_recombine_to_the_scalar];
