//! The `jubjub` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::zkgroup::PointEncoding;
use ecdiff_oracles::group::Group as OracleGroup;
use group_014::{Group, GroupEncoding};

fn oracle_encode(p: &ecdiff_oracles::weierstrass::Point<ecdiff_oracles::field::Fp>) -> Vec<u8> {
    PointEncoding::<Jubjub>::encode(&ENCODING, p)
}

fn jubjub_decode(bytes: &[u8]) -> Option<jubjub::ExtendedPoint> {
    let repr: [u8; 32] = bytes.try_into().expect("32 bytes");
    Option::from(jubjub::ExtendedPoint::from_bytes(&repr))
}

/// The rows' conventions hold on jubjub: the identity and (0, −1) encode as the oracle
/// encodes them; 8·`ExtendedPoint::generator()` is the declared generator; and the
/// identity's encoding with the sign bit set (x = 0), refused by the oracle (ZIP 216), is
/// refused by `from_bytes` too — while jubjub's pre-ZIP-216 parser accepts it (the
/// consensus bug ZIP 216 fixed, which a row on that parser would report).
fn the_encoding_and_generator_conventions_hold() {
    let identity = oracle_encode(&Jubjub.identity());
    assert_eq!(
        jubjub::ExtendedPoint::identity().to_bytes().to_vec(),
        identity
    );
    let c = Jubjub::edwards_curve();
    let order_two = ecdiff_oracles::twisted_edwards::TePoint {
        x: Jubjub::oracle_field().zero(),
        y: Jubjub::oracle_field().one().neg(),
    };
    let order_two = oracle_encode(&c.to_weierstrass(&order_two));
    let decoded = jubjub_decode(&order_two).expect("(0, −1) decodes");
    assert_eq!(decoded.to_bytes().to_vec(), order_two);
    assert!(!bool::from(decoded.is_identity()));
    assert!(bool::from(decoded.double().is_identity()));

    let eight_g = jubjub::ExtendedPoint::generator() * jubjub::Fr::from(8u64);
    assert_eq!(eight_g.to_bytes().to_vec(), oracle_encode(&Jubjub.hub()));

    let mut signed = identity;
    signed[31] |= 0x80;
    assert_eq!(PointEncoding::<Jubjub>::decode(&ENCODING, &signed), None);
    assert!(jubjub_decode(&signed).is_none(), "jubjub follows ZIP 216");
    let legacy = jubjub::AffinePoint::from_bytes_pre_zip216_compatibility(
        signed.try_into().expect("32 bytes"),
    );
    assert!(
        bool::from(legacy.is_some()),
        "the pre-ZIP-216 parser accepts it"
    );
}

crate::declare::unit_tests![the_encoding_and_generator_conventions_hold];
