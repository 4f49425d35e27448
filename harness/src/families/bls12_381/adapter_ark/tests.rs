//! The `adapter_ark` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use ecdiff_oracles::bls12_381::{bls12_381_g1, bls12_381_g2};

fn generators_convert_both_ways() {
    let a1 = ark_bls12_381::G1Affine::generator();
    assert_eq!(Bls12381G1::from_ark_affine(&a1), bls12_381_g1().generator);
    let a2 = ark_bls12_381::G2Affine::generator();
    assert_eq!(Bls12381G2::from_ark_affine(&a2), bls12_381_g2().generator);
    assert_eq!(Bls12381G2::to_ark_affine(&bls12_381_g2().generator), a2);
    let one = bls12_381_fp().one();
    assert_eq!(from_ark_fq(&ark_fq(&one)), one);
}

/// GT values cross into ark in the right tower order: the oracle's e(G1, G2)³, converted,
/// equals ark's own pairing of the generators.
fn gt_elements_cross_into_ark() {
    let cube = ecdiff_oracles::bls12_381::generator_pairing().pow(&BigUint::from(3u32));
    let ark_e = ark_bls12_381::Bls12_381::pairing(
        ark_bls12_381::G1Affine::generator(),
        ark_bls12_381::G2Affine::generator(),
    );
    assert_eq!(to_ark_gt(&cube), ark_e.0);
    assert_eq!(ark_gt(&ark_e.0), cube);
}

crate::declare::unit_tests![generators_convert_both_ways, gt_elements_cross_into_ark];
