//! The `adapter_blstrs` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use group_013::Group;

fn generators_convert_both_ways() {
    let g1 = blstrs::G1Projective::generator();
    assert_eq!(Bls12381G1::from_blst(&g1), bls12_381_g1().generator);
    let g2 = blstrs::G2Projective::generator();
    assert_eq!(Bls12381G2::from_blst(&g2), bls12_381_g2().generator);
    assert_eq!(
        Bls12381G2::to_blst_affine(&bls12_381_g2().generator),
        blstrs::G2Affine::generator()
    );
    let one = bls12_381_fp().one();
    assert_eq!(from_blst_fp(&blst_fp(&one)), one);
}

/// GT values cross into blstrs in the right tower order: the oracle's e(G1, G2)³,
/// converted, equals blstrs' own pairing of the generators.
fn gt_elements_cross_into_blstrs() {
    let cube = ecdiff_oracles::bls12_381::generator_pairing().pow(&BigUint::from(3u32));
    let blst_e = blstrs::pairing(
        &blstrs::G1Affine::generator(),
        &blstrs::G2Affine::generator(),
    );
    assert_eq!(to_blst_gt(&cube), blst_e);
    assert_eq!(blst_gt(blst_e), cube);
}

crate::declare::unit_tests![generators_convert_both_ways, gt_elements_cross_into_blstrs];
