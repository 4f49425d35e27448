//! jubjub 0.11: Jubjub, the twisted Edwards curve of Zcash Sapling
//! (<https://github.com/zkcrypto/jubjub>), through zkcrypto's `group` 0.14 traits as generic
//! code calls them. Oracle: Jubjub declared from the Zcash protocol specification §5.4.9.3
//! with [`crate::te_curve!`] ([`crate::curve::declared::Jubjub`]): the Edwards law and
//! encoding of `ecdiff_oracles::twisted_edwards`, known logs kept in the curve's Weierstrass
//! model.
//!
//! | routine | subject | oracle |
//! |---|---|---|
//! | `jubjub_group_law` | `ExtendedPoint`: `+`, `-`, `neg`, `double`, `+ AffinePoint`, `* Fr`, `is_identity`, `Sum`, `batch_normalize`, `from_bytes`, `conditional_select` | known logs |
//! | `jubjub_wnaf` | `group`'s wNAF over `ExtendedPoint`: `WnafBase × WnafScalar` (windows 2 to 8), `Wnaf::scalar`, `Wnaf::base` | known logs |
//!
//! `ExtendedPoint::generator()` generates the whole group (8·r points, cyclic), so the rows'
//! points are multiples of 8·`generator()`, `SubgroupPoint::generator()`
//! ([`crate::zkgroup::v014::group_law_prime_subgroup()`]); the `from_bytes` cases decode any
//! point of the curve, torsion included (a mutated encoding that decodes is mostly outside the
//! subgroup: 7 in 8 points of the curve are), by the
//! Edwards encoding's rules with ZIP 216's refusal of x = 0 with the sign bit set
//! ([`crate::zkgroup::EdwardsYSign`]). `SubgroupPoint` implements no `Curve`, so it has no row
//! of its own. Known-log cases on points with a torsion component (a cofactor-aware model)
//! are issue 40's next step.
//!
//! The bug zoo's variants of these trait entry points are halo2curves' (see
//! [`crate::families::pasta`]'s module docs).

use crate::curve::declared::Jubjub;
use crate::declare::{Family, RoutineRow};
use crate::generators::lengths::Lengths;
use crate::zkgroup::{self, EdwardsYSign};

/// The subject crate, at the version ecdiff pins.
pub const JUBJUB: &str = "jubjub 0.11.1";

/// How the rows read `to_bytes`: any curve point (`ExtendedPoint` holds torsion too).
const ENCODING: EdwardsYSign = EdwardsYSign {
    prime_order_only: false,
};

/// The family's table: one row per routine.
pub const FAMILY: Family = Family {
    name: "jubjub",
    #[cfg(feature = "zoo")]
    zoo: &[],
    contract_check: crate::engine::no_contract_check,
    routines: &[
        RoutineRow {
            name: "jubjub_group_law",
            subject: JUBJUB,
            function: "group 0.14 traits (ExtendedPoint, prime-order points): +, -, neg, double, + AffinePoint, * Fr, is_identity, Sum, batch_normalize, from_bytes, conditional_select",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(zkgroup::v014::group_law_prime_subgroup::<
                    jubjub::ExtendedPoint,
                    Jubjub,
                    _,
                >(spec, ENCODING))
            },
        },
        RoutineRow {
            name: "jubjub_wnaf",
            subject: JUBJUB,
            function: "group 0.14 wNAF (ExtendedPoint, prime-order points): WnafBase × WnafScalar (windows 2 to 8), Wnaf::scalar, Wnaf::base",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(zkgroup::v014::wnaf_group_prime_subgroup::<
                    jubjub::ExtendedPoint,
                    Jubjub,
                    _,
                >(spec, ENCODING))
            },
        },
    ],
};

#[cfg(test)]
mod tests {
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
    #[test]
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
}
