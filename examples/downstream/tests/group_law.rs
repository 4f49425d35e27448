//! A curve ecdiff does not carry, behind zkcrypto's `group` 0.14 traits, in one line: Pallas
//! (pasta_curves), declared from its specification and checked through the traits, and a
//! planted incomplete addition around the same traits, found.

use ecdiff::oracles::field::Fp;
use ecdiff::oracles::weierstrass::Point;
use ecdiff::shapes::Spec;
use ecdiff::suite::Suite;
use ecdiff::zkgroup::group_law::{check, GroupLawSubject, GroupValue, Op};
use ecdiff::zkgroup::{self, traits, XLittleEndianSignBit};
use ecdiff::VerdictKind;

ecdiff::sw_curve! {
    /// Pallas, from the Pasta curves' specification (<https://github.com/zcash/pasta>, and the
    /// Zcash protocol specification §5.4.9.6): y² = x³ + 5 over
    /// p = 2²⁵⁴ + 45560315531419706090280762371685220353, of prime order
    /// q = 2²⁵⁴ + 45560315531506369815346746415080538113, generator (−1, 2).
    pub struct Pallas {
        name: "pallas",
        p: "0x40000000000000000000000000000000224698fc094cf91b992d30ed00000001",
        a: "0",
        b: "5",
        gx: "-1",
        gy: "2",
        r: "0x40000000000000000000000000000000224698fc0994a8dd8c46eb2100000001",
        h: "1",
    }
}

// The one line: +, -, neg, double, + Affine, - Affine, * Scalar and is_identity of
// pasta_curves' Pallas, read through its encoding (x little-endian, sign of y on top).
ecdiff::check!(
    pallas_group_law,
    zkgroup::group_law::<pasta_curves::pallas::Point, Pallas, _>(
        Spec::new("pallas_group_law"),
        XLittleEndianSignBit
    )
);

// And group's wNAF over the same type, all three forms (pasta_curves implements WnafGroup).
ecdiff::check!(
    pallas_wnaf,
    zkgroup::wnaf_group::<pasta_curves::pallas::Point, Pallas, _>(
        Spec::new("pallas_wnaf"),
        XLittleEndianSignBit
    )
);

/// Pallas' `+` with a chord formula's missing doubling case: P + P (P ≠ O) comes out as the
/// identity, as an incomplete addition's 0/0 does.
struct NoDoubling<S>(S);

impl<S: GroupLawSubject<Pallas>> GroupLawSubject<Pallas> for NoDoubling<S> {
    fn run(
        &self,
        op: Op,
        logs: &[&ecdiff::num_bigint::BigUint],
        scalar: &ecdiff::num_bigint::BigUint,
    ) -> GroupValue<Fp> {
        if op == Op::Add && logs[0] == logs[1] && logs[0].bits() > 0 {
            return GroupValue::Point(Point::Identity);
        }
        self.0.run(op, logs, scalar)
    }

    fn decode(&self, bytes: &[u8]) -> GroupValue<Fp> {
        self.0.decode(bytes)
    }
}

#[test]
fn an_addition_without_its_doubling_case_is_found() {
    let broken = check(
        Spec::new("pallas_no_doubling"),
        NoDoubling(traits::<pasta_curves::pallas::Point, Pallas, _>(
            XLittleEndianSignBit,
        )),
        XLittleEndianSignBit,
    );
    let failure = Suite::new(&broken).no_save().try_run().unwrap_err();
    assert_eq!(failure.run.verdict.kind, VerdictKind::Mismatch);
}
