//! The `adapter_halo2curves` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use ecdiff_oracles::field::Field;
use ecdiff_oracles::halo2_compressed::{self as format, FlagLayout};

/// The known finding `HALO2_SECP256R1_X_ZERO_REFUSED`: halo2curves writes the encoding of
/// (0, ±√b) on secp256r1 and refuses to read it back. If a release fixes this, this test
/// fails and the declaration in `families/halo2curves.rs` must go.
fn secp256r1_refuses_its_own_encoding_of_the_points_with_x_zero() {
    let curve = P256::instance().curve();
    let p = curve.lift_x(&curve.a.zero_like()).expect("b is a square");
    for point in [p.clone(), curve.neg(&p)] {
        let bytes = Halo2Codec::<P256>::encode(&Halo2Encoding, &point);
        assert_eq!(bytes, format::encode(curve, FlagLayout::Extra, &point));
        assert!(bytes[1..].iter().all(|&b| b == 0) && bytes[0] & !0x80 == 0);
        assert_eq!(format::decode(curve, FlagLayout::Extra, &bytes), Ok(point));
        assert_eq!(Halo2Codec::<P256>::decode(&Halo2Encoding, &bytes), None);
    }
}

/// n terms whose bases walk G, 2G, 3G, …, with base 0 repeated at index 300 under the same
/// scalar, so that from n = 8104 `msm_best`'s batch-affine path meets a bucket holding P
/// when P arrives again in a later batch of 64: the doubling case of `batch_add`.
fn repeated_base_input<C: Halo2Group>(n: usize) -> (Vec<Point<Fp>>, Vec<BigUint>, BigUint) {
    let c = C::instance();
    let curve = c.curve();
    let mut bases = Vec::with_capacity(n);
    let mut logs = Vec::with_capacity(n);
    let mut scalars = Vec::with_capacity(n);
    let mut p = curve.generator.clone();
    for i in 0..n {
        bases.push(p.clone());
        logs.push(BigUint::from(i + 1));
        scalars.push((BigUint::from(0x9e37_79b9_7f4a_7c15u64) * (i + 7)) % c.order());
        p = curve.add(&p, &curve.generator);
    }
    bases[300] = bases[0].clone();
    logs[300] = logs[0].clone();
    scalars[300] = scalars[0].clone();
    let total = logs
        .iter()
        .zip(&scalars)
        .fold(BigUint::from(0u8), |acc, (l, s)| (acc + l * s) % c.order());
    (bases, scalars, total)
}

/// halo2curves 0.10.0 `batch_add` (`src/msm.rs`) doubles a bucket with the slope
/// λ = 3x² / 2y, which leaves out the curve's a: right for bn256 and secp256k1 (a = 0),
/// wrong for secp256r1 (a = −3), where the doubled bucket leaves the curve and `msm_best`
/// panics (an on-curve check's `CtOption::unwrap`). The same input on secp256k1 agrees with
/// the oracle. If a release fixes this, this test fails: record the fix.
fn msm_best_batch_add_doubles_without_a_on_secp256r1() {
    use crate::shapes::msm::AffineMsm;
    use ecdiff_oracles::group::Group;
    let n = 8104;
    let (bases, scalars, total) = repeated_base_input::<Secp256k1>(n);
    let got = AffineMsm::<Secp256k1>::msm(&Halo2Msm(MsmEntry::Best), &bases, &scalars);
    assert_eq!(got, Secp256k1.mul_hub(&total), "secp256k1 agrees");
    let (bases, scalars, total) = repeated_base_input::<P256>(n);
    let run = std::panic::catch_unwind(|| {
        AffineMsm::<P256>::msm(&Halo2Msm(MsmEntry::Best), &bases, &scalars)
    });
    match run {
        Err(_) => {} // the known finding
        Ok(got) => assert_ne!(got, P256.mul_hub(&total), "secp256r1 now agrees: fixed?"),
    }
}

crate::declare::unit_tests![
    secp256r1_refuses_its_own_encoding_of_the_points_with_x_zero,
    msm_best_batch_add_doubles_without_a_on_secp256r1
];
