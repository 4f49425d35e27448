//! jubjub 0.11: Jubjub, the twisted Edwards curve of Zcash Sapling
//! (<https://github.com/zkcrypto/jubjub>), through zkcrypto's `group` 0.14 traits as generic
//! code calls them. Oracle: Jubjub declared from the Zcash protocol specification §5.4.9.3
//! with [`crate::te_curve!`] ([`crate::curve::declared::Jubjub`]): the Edwards law and
//! encoding of `ecdiff_oracles::twisted_edwards`, known logs kept in the curve's Weierstrass
//! model.
//!
//! | routine | subject | oracle |
//! |---|---|---|
//! | `jubjub_group_law` | `ExtendedPoint` (points with torsion parts too): `+`, `-`, `neg`, `double`, `+ AffinePoint`, `* Fr`, `is_identity`, `Sum`, `batch_normalize`, `from_bytes`, `conditional_select` | known logs |
//! | `jubjub_wnaf` | `group`'s wNAF over `ExtendedPoint` (points with torsion parts too): `WnafBase × WnafScalar` (windows 2 to 8), `Wnaf::scalar`, `Wnaf::base` | known logs |
//!
//! `ExtendedPoint::generator()` generates the whole group (8·r points, cyclic), so the rows'
//! prime-order points are multiples of 8·`generator()`, `SubgroupPoint::generator()`. Both
//! rows also add torsion parts: points a·G + t·T, T of the 8-torsion, small-order
//! points included ([`crate::zkgroup::v014::group_law_with_torsion()`],
//! [`crate::zkgroup::v014::wnaf_group_with_torsion()`]), what `ExtendedPoint`
//! holds after an unchecked decoding, against the cofactor-aware known-log model. The
//! `from_bytes` cases decode any point of the curve, torsion included (a mutated encoding
//! that decodes is mostly outside the subgroup: 7 in 8 points of the curve are), by the
//! Edwards encoding's rules with ZIP 216's refusal of x = 0 with the sign bit set
//! ([`crate::zkgroup::EdwardsYSign`]). `SubgroupPoint` implements no `Curve`, so it has no row
//! of its own.
//!
//! The bug zoo's variants of these trait entry points are halo2curves' (see
//! [`crate::families::pasta`]'s module docs), except five of cofactor and Edwards bugs
//! (`zoo.rs`: a multiplication blinded by multiples of the order r, which only points with a
//! torsion part show; `is_identity` and the identity's multiple by the Weierstrass habit of
//! taking (0, 0) for the identity; `neg` and `- AffinePoint` by its negation (u, −v)).

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

/// The family's own tests ([`crate::declare::UnitTest`]), one list per `tests` module.
#[cfg(feature = "family-tests")]
const UNIT_TESTS: &[&[crate::declare::UnitTest]] = &[tests::TESTS];

/// The family's table: one row per routine.
pub const FAMILY: Family = Family {
    name: "jubjub",
    #[cfg(feature = "zoo")]
    zoo: zoo::TABLES,
    #[cfg(feature = "family-tests")]
    unit_tests: UNIT_TESTS,
    contract_check: crate::engine::no_contract_check,
    routines: &[
        RoutineRow {
            name: "jubjub_group_law",
            subject: JUBJUB,
            function: "group 0.14 traits (ExtendedPoint, points with torsion parts): +, -, neg, double, + AffinePoint, * Fr, is_identity, Sum, batch_normalize, from_bytes, conditional_select",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(zkgroup::v014::group_law_with_torsion::<
                    jubjub::ExtendedPoint,
                    Jubjub,
                    _,
                >(spec, ENCODING))
            },
        },
        RoutineRow {
            name: "jubjub_wnaf",
            subject: JUBJUB,
            function: "group 0.14 wNAF (ExtendedPoint, points with torsion parts): WnafBase × WnafScalar (windows 2 to 8), Wnaf::scalar, Wnaf::base",
            lengths: Lengths::up_to(0),
            cases: 512,
            build: |spec| {
                Box::new(zkgroup::v014::wnaf_group_with_torsion::<
                    jubjub::ExtendedPoint,
                    Jubjub,
                    _,
                >(spec, ENCODING))
            },
        },
    ],
};

/// The point a·(8·`generator()`) + T', T' the torsion part the check hands over as its
/// encoding (empty: none), built as the group-law row builds it (for planted bugs around it).
#[cfg(any(feature = "zoo", feature = "family-tests"))]
fn extended_point(log: &num_bigint::BigUint, torsion: &[u8]) -> jubjub::ExtendedPoint {
    use group_014::{Group, GroupEncoding};
    let eight_g = jubjub::ExtendedPoint::generator() * jubjub::Fr::from(8u64);
    let prime = eight_g * zkgroup::v014::scalar::<jubjub::Fr>(log);
    if torsion.is_empty() {
        return prime;
    }
    let repr: [u8; 32] = torsion.try_into().expect("a 32-byte encoding");
    let part: Option<jubjub::ExtendedPoint> = jubjub::ExtendedPoint::from_bytes(&repr).into();
    prime + part.expect("the torsion part decodes")
}

/// `p.to_bytes()` read through the rows' encoding.
#[cfg(any(feature = "zoo", feature = "family-tests"))]
fn read_back(
    p: jubjub::ExtendedPoint,
) -> zkgroup::group_law::GroupValue<ecdiff_oracles::field::Fp> {
    use group_014::GroupEncoding;
    use zkgroup::group_law::GroupValue;
    let bytes = p.to_bytes();
    match zkgroup::PointEncoding::<Jubjub>::decode(&ENCODING, &bytes) {
        Some(p) => GroupValue::Point(p),
        None => GroupValue::NotAPoint(bytes.to_vec()),
    }
}

#[cfg(feature = "zoo")]
mod zoo;

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
