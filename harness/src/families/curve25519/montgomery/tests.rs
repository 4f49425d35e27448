//! The `montgomery` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;

fn u(v: u32) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[..4].copy_from_slice(&v.to_le_bytes());
    out
}

fn the_oracle_map_has_rfc_7748s_known_points() {
    // RFC 7748 §4.1: the base point u = 9 corresponds to the Ed25519 base point y = 4/5.
    assert_eq!(edwards::montgomery_u(&edwards::basepoint()), u(9));
    // The identity (y = 1) and the point of order 2 (y = −1) both have u = 0; the points
    // of order 4 (y = 0) have u = 1.
    assert_eq!(edwards::montgomery_u(&edwards::identity()), u(0));
    assert_eq!(edwards::montgomery_u(torsion_point(4)), u(0));
    assert_eq!(edwards::montgomery_u(torsion_point(2)), u(1));
    assert_eq!(edwards::montgomery_u(torsion_point(6)), u(1));
    for t in 0..8u8 {
        assert_eq!(
            edwards::mul(torsion_point(t), &BigUint::from(order_of(t))),
            edwards::identity()
        );
    }
}

crate::declare::unit_tests![the_oracle_map_has_rfc_7748s_known_points];
