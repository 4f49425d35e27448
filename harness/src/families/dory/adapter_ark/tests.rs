//! The `adapter_ark` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use ark_ec::{CurveGroup, PrimeGroup};

fn generators_convert_both_ways() {
    let g = G1Projective::generator();
    assert_eq!(from_g1(&g), bn254_g1().generator);
    let h = G2Projective::generator();
    assert_eq!(from_g2(&h), bn254_g2().generator);
    assert_eq!(from_g1_affine(&g.into_affine()), bn254_g1().generator);
    assert_eq!(g1_affine(&bn254_g1().generator), g.into_affine());
}

fn the_towers_match() {
    // e = mcl's pairing value: ark agrees it lies in the cyclotomic subgroup of order r.
    let e = fq12(ecdiff_oracles::gt::mcl_e());
    assert_eq!(from_fq12(&e), *ecdiff_oracles::gt::mcl_e());
    let r = ark_bn254::Fr::MODULUS;
    use ark_ff::Field;
    assert_eq!(e.pow(r), Fq12::ONE);
    assert_ne!(e, Fq12::ONE);
}

crate::declare::unit_tests![generators_convert_both_ways, the_towers_match];
