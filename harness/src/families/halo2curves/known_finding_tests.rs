//! The `halo2curves` module's known-finding tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::shapes::known::testing::assert_pinned;
use ecdiff_oracles::weierstrass::Point;

/// The first case of `check`'s seeded stream (seed 0, its default budget) that expects the
/// known finding `reason`.
fn first_case_of<R: crate::Routine>(check: &R, reason: &str) -> R::Case {
    use crate::generators::{case_bytes, Bias, Gen, CASE_BYTES};
    let name = check.info().name;
    (0..check.info().default_cases as u64)
        .map(|i| {
            check.generate(&mut Gen::new(
                &case_bytes(0, name, i, CASE_BYTES),
                Bias::Edge,
            ))
        })
        .find(|case| check.expected(case).reason == reason)
        .unwrap_or_else(|| panic!("the default budget of seed 0 meets {reason}"))
}

/// msm_best's batch-affine path panics in `CtOption::unwrap` (in subtle) on an identity
/// base; another panic, elsewhere or in subtle's file, is a new finding.
fn the_batch_affine_identity_panic_is_pinned_to_its_unwrap() {
    use crate::shapes::known::testing::{other_panic, other_panic_in_subtle};
    let build = || {
        LargeBest::new(msm::check_affine::<Bn254G1, _>(
            FAMILY.spec("halo2_bn256_msm_best_large"),
            Halo2Msm(MsmEntry::Best),
        ))
    };
    let case = first_case_of(&build(), large_best::MSM_BEST_IDENTITY_BUG);
    assert_pinned(build(), &case, |_, _| other_panic());
    assert_pinned(build(), &case, |_, _| other_panic_in_subtle());
}

/// `group`'s wNAF over halo2curves' secp256k1 and secp256r1 (little-endian
/// representations, r > 2²⁵⁵) drops the recoding's carry: G·(r − 1) comes out as
/// (r − 1 − 2²⁵⁶)·G at every window, pinned; the right value or another is a new finding.
fn the_wnaf_dropped_carry_is_pinned_to_its_value() {
    use crate::zkgroup::wnaf::testing::assert_wnaf_finding_pinned;
    fn minus_one_less_2_256(r: &num_bigint::BigUint) -> (num_bigint::BigUint, num_bigint::BigUint) {
        let wrapped = (num_bigint::BigUint::from(1u8) << 256u32) % r;
        (r - 1u8, (r - 1u8 + r - wrapped) % r)
    }
    let (s, m) = minus_one_less_2_256(&ecdiff_oracles::curves::secp256k1().order);
    assert_wnaf_finding_pinned(
        || {
            zkgroup::v013::wnaf::<halo2curves::secp256k1::Secp256k1, Secp256k1, _>(
                FAMILY.spec("halo2_secp256k1_wnaf"),
                zkgroup::Halo2Format(FlagLayout::Extra),
            )
        },
        s,
        m,
    );
    let (s, m) = minus_one_less_2_256(&ecdiff_oracles::curves::p256().order);
    assert_wnaf_finding_pinned(
        || {
            zkgroup::v013::wnaf::<halo2curves::secp256r1::Secp256r1, P256, _>(
                FAMILY.spec("halo2_secp256r1_wnaf"),
                zkgroup::Halo2Format(FlagLayout::Extra),
            )
        },
        s,
        m,
    );
}

/// On secp256r1 (a = −3), `batch_add`'s doubling without a leaves the curve and panics in
/// `CtOption::unwrap`, on the cases the model says reach the doubling branch; another
/// panic there, or a value, is a new finding.
fn the_secp256r1_doubling_without_a_is_pinned_to_its_unwrap() {
    use crate::shapes::known::testing::{other_panic, other_panic_in_subtle};
    let build = || {
        LargeBest::new(msm::check_affine::<P256, _>(
            FAMILY.spec("halo2_secp256r1_msm_best_large"),
            Halo2Msm(MsmEntry::Best),
        ))
    };
    let case = first_case_of(&build(), large_best::MSM_BEST_DOUBLING_WITHOUT_A);
    assert!(
        case.bases.iter().all(|b| b.log.bits() > 0),
        "the doubling case has no identity base, so it is not the identity finding"
    );
    assert_pinned(build(), &case, |_, _| other_panic());
    assert_pinned(build(), &case, |_, _| other_panic_in_subtle());
    let oracle = crate::Routine::oracle(&build(), &case);
    assert_pinned(build(), &case, move |_, _| oracle.clone());
}

fn secp256r1_x_zero_decode_is_pinned_to_its_refusal() {
    let check = with_known(
        compressed::check::<P256, _>(
            FAMILY.spec("halo2_secp256r1_compressed_encoding"),
            Halo2Encoding,
        ),
        secp256r1_x_zero_known,
        secp256r1_x_zero_behaviour,
    );
    let case = compressed::CompressedCase {
        encode: false,
        point: Point::Identity,
        bytes: vec![0u8; 33],
    };
    // halo2curves refuses (0, √b); decoding it to some other point is a finding.
    assert_pinned(check, &case, |_, _| Outcome::Value("00".repeat(33)));
}

/// halo2curves' Pallas and Vesta decode x = 0 with the sign bit set to the identity, on the
/// first such case of seed 0 (the default budget reaches it); decoding it to another point, or
/// refusing it, is a finding.
fn pasta_identity_with_sign_is_pinned_to_the_identity() {
    use zkgroup::group_law::GroupValue;
    fn pallas() -> known::WithKnown<zkgroup::group_law::GroupLawCheck<Pallas>> {
        with_pasta_identity_sign_known(zkgroup::v013::group_law::<
            halo2curves::pasta::Pallas,
            Pallas,
            _,
        >(
            FAMILY.spec("halo2_pallas_group_law"),
            zkgroup::XLittleEndianSignBit,
        ))
    }
    fn vesta() -> known::WithKnown<zkgroup::group_law::GroupLawCheck<Vesta>> {
        with_pasta_identity_sign_known(zkgroup::v013::group_law::<
            halo2curves::pasta::Vesta,
            Vesta,
            _,
        >(
            FAMILY.spec("halo2_vesta_group_law"),
            zkgroup::XLittleEndianSignBit,
        ))
    }
    let case = first_case_of(&pallas(), HALO2_PASTA_IDENTITY_SIGN_ACCEPTED);
    assert_eq!(case.bytes, [&[0u8; 31][..], &[0x80]].concat());
    let generator = crate::curve::SwGroup::curve(&Pallas).mul_generator(&1u8.into());
    assert_pinned(pallas(), &case, move |_, _| {
        Outcome::Value(GroupValue::Point(generator.clone()))
    });
    let case = first_case_of(&pallas(), HALO2_PASTA_IDENTITY_SIGN_ACCEPTED);
    assert_pinned(pallas(), &case, |_, _| {
        Outcome::Rejected("from_bytes returned none".into())
    });
    let case = first_case_of(&vesta(), HALO2_PASTA_IDENTITY_SIGN_ACCEPTED);
    assert_pinned(vesta(), &case, |_, _| {
        Outcome::Rejected("from_bytes returned none".into())
    });
}

crate::declare::unit_tests![
    the_batch_affine_identity_panic_is_pinned_to_its_unwrap,
    the_wnaf_dropped_carry_is_pinned_to_its_value,
    the_secp256r1_doubling_without_a_is_pinned_to_its_unwrap,
    secp256r1_x_zero_decode_is_pinned_to_its_refusal,
    pasta_identity_with_sign_is_pinned_to_the_identity
];
