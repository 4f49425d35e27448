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

/// The group law's torsion parts reach every point of the 8-torsion: the oracle's T
/// (`Curve::torsion_generator`) has order 8 exactly, and jubjub's own decoder accepts it.
fn the_torsion_point_has_order_eight() {
    let curve = crate::curve::SwGroup::curve(&Jubjub);
    let t = curve
        .torsion_generator(64)
        .expect("Jubjub's 8-torsion is cyclic");
    assert!(curve.mul(&t, &8u8.into()).is_identity());
    assert!(
        !curve.mul(&t, &4u8.into()).is_identity(),
        "T has order 8, not 1, 2 or 4"
    );
    let decoded = jubjub_decode(&oracle_encode(&t)).expect("T decodes");
    assert!(!bool::from((decoded.double().double()).is_identity()));
    assert!(bool::from(decoded.double().double().double().is_identity()));
}

/// Bugs of code that assumes prime order, planted around jubjub's `ExtendedPoint`.
#[derive(Clone, Copy, Debug)]
enum PrimeOrderAssumed {
    /// `is_identity` answered by `is_small_order` (8·P = O): a small-order point passes
    /// for the identity.
    IdentityBySmallOrder,
    /// `P * s` computed on the prime-order part (8·P times s/8 mod r): right on the subgroup,
    /// the torsion part lost.
    MulDropsTorsion,
}

/// The real entry points with one [`PrimeOrderAssumed`] bug.
struct PlantedTorsionBug<S>(S, PrimeOrderAssumed);

impl<S: zkgroup::group_law::GroupLawSubject<Jubjub>> zkgroup::group_law::GroupLawSubject<Jubjub>
    for PlantedTorsionBug<S>
{
    fn run(
        &self,
        op: zkgroup::group_law::Op,
        logs: &[&num_bigint::BigUint],
        scalar: &num_bigint::BigUint,
    ) -> zkgroup::group_law::GroupValue<ecdiff_oracles::field::Fp> {
        self.run_with_torsion(op, logs, &[], scalar)
    }

    fn run_with_torsion(
        &self,
        op: zkgroup::group_law::Op,
        logs: &[&num_bigint::BigUint],
        torsion: &[Vec<u8>],
        scalar: &num_bigint::BigUint,
    ) -> zkgroup::group_law::GroupValue<ecdiff_oracles::field::Fp> {
        use zkgroup::group_law::{GroupValue, Op};
        let point = || extended_point(logs[0], torsion.first().map_or(&[][..], Vec::as_slice));
        match (self.1, op) {
            (PrimeOrderAssumed::IdentityBySmallOrder, Op::IsIdentity) => {
                GroupValue::Flag(bool::from(point().is_small_order()))
            }
            (PrimeOrderAssumed::MulDropsTorsion, Op::Mul) => {
                let eighth = jubjub::Fr::from(8u64).invert().expect("8 ≠ 0 mod r");
                let s = zkgroup::v014::scalar::<jubjub::Fr>(scalar) * eighth;
                read_back(point().mul_by_cofactor() * s)
            }
            _ => self.0.run_with_torsion(op, logs, torsion, scalar),
        }
    }

    fn decode(&self, bytes: &[u8]) -> zkgroup::group_law::GroupValue<ecdiff_oracles::field::Fp> {
        self.0.decode(bytes)
    }
}

/// The group law's default budget finds each [`PrimeOrderAssumed`] bug: only points with a
/// torsion part show them (seen: with the torsion parts left out, both pass).
fn planted_prime_order_assumptions_are_found() {
    for bug in [
        PrimeOrderAssumed::IdentityBySmallOrder,
        PrimeOrderAssumed::MulDropsTorsion,
    ] {
        let subject = PlantedTorsionBug(
            zkgroup::v014::traits_with_torsion::<jubjub::ExtendedPoint, Jubjub, _>(ENCODING),
            bug,
        );
        let broken = zkgroup::group_law::check(FAMILY.spec("jubjub_group_law"), subject, ENCODING)
            .with_torsion();
        let failure = crate::suite::Suite::new(&broken)
            .no_save()
            .try_run()
            .err()
            .unwrap_or_else(|| panic!("{bug:?} not found"));
        assert_eq!(failure.run.verdict.kind, crate::VerdictKind::Mismatch);
        assert!(failure.run.classes.contains(&"torsion_component"));
    }
}

/// `group`'s wNAF run on the prime-order part: 8·P times s/8 mod r (`Wnaf::scalar`, whatever
/// the case's form), right on the subgroup, the torsion part lost.
struct WnafDropsTorsion;

impl zkgroup::wnaf::WnafSubject<Jubjub> for WnafDropsTorsion {
    fn run(
        &self,
        form: zkgroup::wnaf::Form,
        log: &num_bigint::BigUint,
        scalar: &num_bigint::BigUint,
    ) -> zkgroup::group_law::GroupValue<ecdiff_oracles::field::Fp> {
        self.run_with_torsion(form, log, &[], scalar)
    }

    fn run_with_torsion(
        &self,
        _form: zkgroup::wnaf::Form,
        log: &num_bigint::BigUint,
        torsion: &[u8],
        scalar: &num_bigint::BigUint,
    ) -> zkgroup::group_law::GroupValue<ecdiff_oracles::field::Fp> {
        let eighth = jubjub::Fr::from(8u64).invert().expect("8 ≠ 0 mod r");
        let s = zkgroup::v014::scalar::<jubjub::Fr>(scalar) * eighth;
        let p = extended_point(log, torsion).mul_by_cofactor();
        read_back(group_014::Wnaf::new().scalar(&s).base(p))
    }

    fn fixed_base_window(&self, n: usize) -> Option<usize> {
        Some(<jubjub::ExtendedPoint as group_014::WnafGroup>::recommended_wnaf_for_num_scalars(n))
    }

    fn repr_layout(&self) -> zkgroup::wnaf::ReprLayout {
        zkgroup::wnaf::ReprLayout {
            little_endian: true,
            len: 32,
        }
    }

    fn encode(&self, p: &ecdiff_oracles::weierstrass::Point<ecdiff_oracles::field::Fp>) -> Vec<u8> {
        oracle_encode(p)
    }
}

/// The wNAF row's default budget finds [`WnafDropsTorsion`]: only points with a torsion part
/// show it (seen: with the torsion parts left out, it passes).
fn planted_wnaf_on_the_prime_part_is_found() {
    let name = PointEncoding::<Jubjub>::name(&ENCODING);
    let broken =
        zkgroup::wnaf::check(FAMILY.spec("jubjub_wnaf"), WnafDropsTorsion, name).with_torsion();
    let failure = crate::suite::Suite::new(&broken)
        .no_save()
        .try_run()
        .err()
        .unwrap_or_else(|| panic!("the wNAF on the prime part alone is not found"));
    assert_eq!(failure.run.verdict.kind, crate::VerdictKind::Mismatch);
    assert!(failure.run.classes.contains(&"torsion_component"));
}

crate::declare::unit_tests![
    the_encoding_and_generator_conventions_hold,
    the_torsion_point_has_order_eight,
    planted_prime_order_assumptions_are_found,
    planted_wnaf_on_the_prime_part_is_found
];
