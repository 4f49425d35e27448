//! The `adapter_dalek` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use curve25519_dalek::constants::{ED25519_BASEPOINT_POINT, EIGHT_TORSION};
use ecdiff_oracles::edwards;

fn basepoints_and_torsion_agree_with_the_oracle() {
    assert_eq!(
        ED25519_BASEPOINT_POINT.compress().to_bytes(),
        edwards::encode(&edwards::basepoint())
    );
    // dalek's EIGHT_TORSION and the oracle's are the same subgroup (possibly listed from a
    // different generator): every dalek entry encodes like one oracle entry.
    let oracle: Vec<[u8; 32]> = edwards::eight_torsion()
        .iter()
        .map(edwards::encode)
        .collect();
    for t in EIGHT_TORSION {
        assert!(oracle.contains(&t.compress().to_bytes()));
    }
}

fn scalars_round_trip() {
    let s = edwards::order() - 1u8;
    assert_eq!(from_scalar(&scalar(&s)), s);
}

crate::declare::unit_tests![
    basepoints_and_torsion_agree_with_the_oracle,
    scalars_round_trip
];
