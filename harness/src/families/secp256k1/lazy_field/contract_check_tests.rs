//! The `lazy_field` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;

fn contract_checks_are_recognized_by_prefix_and_location() {
    let shadow = PanicReport {
        message: format!("{CONTRACT_PREFIX}negate(1) on magnitude 2"),
        location: None,
    };
    assert!(is_contract_check(&shadow));
    let k256 = PanicReport {
        message: "assertion failed: self.magnitude <= magnitude".into(),
        location: Some(
            "/home/u/.cargo/registry/src/x/k256-0.13.4/src/arithmetic/field/field_impl.rs:106:9"
                .into(),
        ),
    };
    assert!(is_contract_check(&k256));
    let checkout = PanicReport {
        location: Some(
            "/home/u/src/elliptic-curves/k256/src/arithmetic/field/field_impl.rs:87:9".into(),
        ),
        ..k256.clone()
    };
    assert!(is_contract_check(&checkout));
    let other_crate = PanicReport {
        location: Some("/home/u/src/p256/src/arithmetic/field/field_impl.rs:87:9".into()),
        ..k256.clone()
    };
    assert!(!is_contract_check(&other_crate));
    let elsewhere = PanicReport {
        message: "assertion failed: self.magnitude <= magnitude".into(),
        location: Some("/home/u/.cargo/registry/src/x/k256-0.13.4/src/lib.rs:1:1".into()),
    };
    assert!(!is_contract_check(&elsewhere));
}

crate::declare::unit_tests![contract_checks_are_recognized_by_prefix_and_location];
