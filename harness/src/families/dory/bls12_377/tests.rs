//! The `bls12_377` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::curve::parse_integer;
use crate::curve::SwGroup;

/// p, r, h₁, h₂ and both effective cofactors follow from x as the module docs say.
fn the_constants_follow_from_x() {
    use num_bigint::BigUint;
    let x = BigUint::from(0x8508_c000_0000_0001u64);
    let one = BigUint::from(1u8);
    let (x2, x4) = (&x * &x, (&x * &x) * (&x * &x));
    let r = &x4 - &x2 + &one;
    let xm1 = &x - &one;
    let p = (&xm1 * &xm1) * &r / 3u8 + &x;
    let g1 = Bls12377G1.curve();
    let g2 = Bls12377G2.curve();
    assert_eq!(g1.order, r);
    assert_eq!(g2.order, r);
    assert_eq!(g1.b.field().modulus(), &p);
    assert_eq!(g1.cofactor, (&xm1 * &xm1) / 3u8);
    let pow = |k: u32| x.pow(k);
    let h2 = (pow(8) + 5u8 * pow(6) + 6u8 * pow(3) + 13u8
        - 4u8 * pow(7)
        - 4u8 * pow(4)
        - 4u8 * pow(2)
        - 4u8 * &x)
        / 9u8;
    assert_eq!(g2.cofactor, h2);
    assert_eq!(parse_integer(G1_CLEAR_COFACTOR_BY), xm1);
    assert_eq!(
        parse_integer(G2_CLEAR_COFACTOR_BY),
        3u8 * (&x2 - &one) * &h2
    );
}

crate::declare::unit_tests![the_constants_follow_from_x];
