//! The `double_base` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use num_bigint::BigInt;

fn naf_is_exact_and_bounded() {
    let l = edwards::order();
    for k in [
        BigUint::zero(),
        BigUint::one(),
        BigUint::from(127u8),
        l - 1u8,
        l - 12345u32,
        (BigUint::one() << 252u32) - 1u8,
    ] {
        for w in [A_NAF_WIDTH, B_NAF_WIDTH] {
            let d = naf(&k, w);
            let value = d
                .iter()
                .enumerate()
                .fold(BigInt::zero(), |acc, (i, &d)| acc + (BigInt::from(d) << i));
            assert_eq!(value, BigInt::from(k.clone()), "w = {w}");
            assert!(d
                .iter()
                .all(|&d| d == 0 || (d % 2 != 0 && d.abs() < 1 << (w - 1))));
            assert!(
                d.len() <= 254,
                "a scalar below ℓ has at most 254 NAF digits"
            );
        }
    }
    // 2²⁵² − 1 carries into position 252.
    assert_eq!(top(&naf(&((BigUint::one() << 252u32) - 1u8), 8)), Some(252));
}

crate::declare::unit_tests![naf_is_exact_and_bounded];
