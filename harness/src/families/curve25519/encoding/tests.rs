//! The `encoding` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;

fn the_lenient_rule_covers_exactly_the_known_classes() {
    let p = p();
    // y = 1 + p is the identity read mod p; RFC 8032 rejects it.
    let b = le32(&(p + 1u8));
    assert!(edwards_lenient_only(&b));
    assert_eq!(lenient_edwards_decode(&b), Some(edwards::identity()));
    // (0, 1) with the sign bit: lenient identity.
    let mut b = le32(&BigUint::from(1u8));
    b[31] |= 0x80;
    assert!(edwards_lenient_only(&b));
    // A canonical valid encoding is no leniency.
    let b = edwards::encode(&edwards::basepoint());
    assert!(!edwards_lenient_only(&b));
}

crate::declare::unit_tests![the_lenient_rule_covers_exactly_the_known_classes];
