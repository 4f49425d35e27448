//! The `bls12_381` module's known-finding tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::curve::SwGroup;
use crate::families::bls12_381::adapter_ark::ArkBlsCurve;
use crate::families::bls12_381::encoding::Known;
use crate::shapes::known::testing::{assert_pinned, other_panic};
use ecdiff_oracles::field::Fp;

fn decode_case(bytes: Vec<u8>, compressed: bool) -> EncodingCase<Fp> {
    EncodingCase {
        op: Op::Decode { checked: false },
        compressed,
        point: Point::Identity,
        known: Known::Nothing,
        bytes,
    }
}

fn generator_output() -> String {
    canonical::<Bls12381G1>(&Bls12381G1::instance().curve().generator)
}

fn blstrs_empty_multi_exp_is_pinned_to_its_panic() {
    let check = blstrs_msm::<Bls12381G1>(FAMILY.spec("blst_g1_msm"));
    let empty = MsmCase {
        bases: vec![],
        scalars: vec![],
    };
    assert_pinned(check, &empty, |_, _| other_panic());
    // Another index panic in the same file of blst is another bug.
    let check = blstrs_msm::<Bls12381G1>(FAMILY.spec("blst_g1_msm"));
    assert_pinned(check, &empty, |_, _| {
        Outcome::Panicked(crate::engine::PanicReport {
            message: "index out of bounds: the len is 2 but the index is 2".into(),
            location: Some("/r/blst-0.3.16/src/pippenger.rs:145:59".into()),
        })
    });
}

fn blstrs_flagged_uncompressed_decode_is_pinned_to_the_first_half() {
    let check = blstrs_encoding::<Bls12381G1>(FAMILY.spec("blst_g1_encoding"));
    let mut bytes = vec![0u8; 96];
    bytes[0] = 0xc0;
    // blstrs returns the identity (the first half, compressed); another point is a finding.
    assert_pinned(check, &decode_case(bytes, false), |_, _| {
        Outcome::Value(generator_output())
    });
}

fn blstrs_unchecked_x_zero_is_pinned_to_its_refusal() {
    let check = blstrs_encoding::<Bls12381G1>(FAMILY.spec("blst_g1_encoding"));
    let mut bytes = vec![0u8; 48];
    bytes[0] = 0x80;
    assert_pinned(check, &decode_case(bytes, true), |_, _| {
        Outcome::Value(generator_output())
    });
}

fn zkcrypto_and_ark_off_curve_decodes_are_pinned_to_the_input_coordinates() {
    let zkcrypto = zkcrypto_encoding::<Bls12381G1>(FAMILY.spec("zkcrypto_g1_encoding"));
    let ark = ark_encoding::<Bls12381G1>(FAMILY.spec("ark_bls12_381_g1_encoding"));
    // 96 zero bytes: (0, 0), off the curve; returning the generator instead is a finding.
    let case = decode_case(vec![0u8; 96], false);
    assert_pinned(zkcrypto, &case, |_, _| Outcome::Value(generator_output()));
    assert_pinned(ark, &case, |_, _| Outcome::Value(generator_output()));
}

// Each known finding at its smallest input, in the libraries that have it and in those
// that do not.

/// The known finding `BLSTRS_UNCOMPRESSED_ACCEPTS_COMPRESSED` (families/bls12_381.rs), at
/// its smallest input: 0xc0 then zeros, decoded as uncompressed.
fn blstrs_uncompressed_decoders_accept_the_compression_flag() {
    let mut g1 = [0u8; 96];
    g1[0] = 0xc0;
    let mut g2 = [0u8; 192];
    g2[0] = 0xc0;
    for checked in [true, false] {
        assert_eq!(
            Codec::<Bls12381G1>::decode(&Blstrs, &g1, false, checked),
            Some(Point::Identity)
        );
        assert_eq!(
            Codec::<Bls12381G2>::decode(&Blstrs, &g2, false, checked),
            Some(Point::Identity)
        );
        // zkcrypto refuses, as the format requires.
        assert_eq!(
            Codec::<Bls12381G1>::decode(&Zkcrypto, &g1, false, checked),
            None
        );
        assert_eq!(
            Codec::<Bls12381G2>::decode(&Zkcrypto, &g2, false, checked),
            None
        );
    }
    assert_eq!(
        <Bls12381G1 as BlsGroup>::decode(&g1, false, SubgroupCheck::Checked),
        Err(DecodeError::WrongCompressionFlag)
    );
}

/// The known finding `BLSTRS_UNCHECKED_REFUSES_X_ZERO` (families/bls12_381.rs), at its
/// smallest input: the compressed encoding of (0, 2), 0x80 then zeros, and the
/// uncompressed one of (0, −2), decoded unchecked. zkcrypto and ark accept both, as the
/// format's unchecked decoders must (the points are on the curve).
fn blstrs_unchecked_decoders_refuse_x_zero() {
    let mut compressed = [0u8; 48];
    compressed[0] = 0x80;
    let two = <Bls12381G1 as BlsGroup>::decode(&compressed, true, SubgroupCheck::Unchecked)
        .expect("(0, 2) is on the curve");
    let minus_two = Bls12381G1::instance().curve().neg(&two);
    let uncompressed = <Bls12381G1 as BlsGroup>::encode(&minus_two, false).expect("on the curve");
    for (bytes, is_compressed, point) in [
        (&compressed[..], true, &two),
        (&uncompressed[..], false, &minus_two),
    ] {
        assert_eq!(
            Codec::<Bls12381G1>::decode(&Blstrs, bytes, is_compressed, false),
            None
        );
        assert_eq!(
            Codec::<Bls12381G1>::decode(&Zkcrypto, bytes, is_compressed, false).as_ref(),
            Some(point)
        );
        assert_eq!(
            Codec::<Bls12381G1>::decode(&ArkBls, bytes, is_compressed, false).as_ref(),
            Some(point)
        );
    }
}

/// The known findings `ARK_UNCHECKED_SKIPS_CURVE_CHECK` and
/// `ZKCRYPTO_UNCHECKED_SKIPS_CURVE_CHECK` (families/bls12_381.rs), at their smallest
/// input: all-zero uncompressed bytes, (0, 0) with no flag, which is off both curves.
/// ark's and zkcrypto's unchecked decoders return it; the oracle and blstrs refuse it, and
/// so do ark's and zkcrypto's checked decoders.
fn ark_and_zkcrypto_unchecked_decoders_accept_points_off_the_curve() {
    fn case<C: ArkBlsCurve + BlsGroup>()
    where
        Zkcrypto: Codec<C>,
        Blstrs: Codec<C>,
        C::F: std::fmt::Debug,
    {
        let zeros = vec![0u8; 2 * C::COMPRESSED];
        assert_eq!(
            <C as BlsGroup>::decode(&zeros, false, SubgroupCheck::Unchecked),
            Err(DecodeError::NotOnCurve)
        );
        for (name, unchecked, checked) in [
            (
                "ark",
                Codec::<C>::decode(&ArkBls, &zeros, false, false),
                Codec::<C>::decode(&ArkBls, &zeros, false, true),
            ),
            (
                "zkcrypto",
                Codec::<C>::decode(&Zkcrypto, &zeros, false, false),
                Codec::<C>::decode(&Zkcrypto, &zeros, false, true),
            ),
        ] {
            let Some(Point::Affine { x, y }) = unchecked else {
                panic!("{name}'s unchecked decoder gave {unchecked:?} for (0, 0)");
            };
            assert!(x.is_zero() && y.is_zero());
            assert_eq!(checked, None, "{name}'s checked decoder");
        }
        assert_eq!(Codec::<C>::decode(&Blstrs, &zeros, false, false), None);
    }
    case::<Bls12381G1>();
    case::<Bls12381G2>();
}

crate::declare::unit_tests![
    blstrs_empty_multi_exp_is_pinned_to_its_panic,
    blstrs_flagged_uncompressed_decode_is_pinned_to_the_first_half,
    blstrs_unchecked_x_zero_is_pinned_to_its_refusal,
    zkcrypto_and_ark_off_curve_decodes_are_pinned_to_the_input_coordinates,
    blstrs_uncompressed_decoders_accept_the_compression_flag,
    blstrs_unchecked_decoders_refuse_x_zero,
    ark_and_zkcrypto_unchecked_decoders_accept_points_off_the_curve
];
