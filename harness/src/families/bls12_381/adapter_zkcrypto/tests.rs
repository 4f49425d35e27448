//! The `adapter_zkcrypto` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use ecdiff_oracles::bls12_381::bls12_381_g1;
use ecdiff_oracles::group::Group as _;

/// The comb agrees with the oracle's scalar multiplication, and a point read back by
/// `Debug` is the point: the two paths together are the identity on the curve.
fn the_comb_and_the_debug_reading_agree_with_the_oracle() {
    let curve = bls12_381_g1();
    for k in [0u64, 1, 2, 255, 256, 65_537, u64::MAX] {
        let k = BigUint::from(k);
        let zk = generator_multiple::<Bls12381G1>(&k).to_affine();
        assert_eq!(
            read_affine::<Bls12381G1>(&zk),
            curve.mul(&curve.generator, &k)
        );
    }
    let r_minus_1 = Bls12381G1::instance().order() - 1u8;
    let zk = generator_multiple::<Bls12381G2>(&r_minus_1).to_affine();
    let g2 = ecdiff_oracles::bls12_381::bls12_381_g2();
    assert_eq!(read_affine::<Bls12381G2>(&zk), g2.neg(&g2.generator));
}

/// An off-curve point decoded unchecked reads back with its own coordinates.
fn the_debug_reading_keeps_points_off_the_curve() {
    let mut bytes = [0u8; 96];
    bytes[95] = 5;
    let off = Option::from(bls12_381::G1Affine::from_uncompressed_unchecked(&bytes))
        .expect("zkcrypto's unchecked decoder skips the curve check");
    let read = read_affine::<Bls12381G1>(&off);
    assert_eq!(
        read,
        serialization::g1_coordinates_from_uncompressed(&bytes).unwrap()
    );
}

crate::declare::unit_tests![
    the_comb_and_the_debug_reading_agree_with_the_oracle,
    the_debug_reading_keeps_points_off_the_curve
];
