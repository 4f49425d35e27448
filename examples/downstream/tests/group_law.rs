//! A curve ecdiff does not carry, behind zkcrypto's `group` 0.14 traits, in one line: P-384
//! (RustCrypto's p384), declared from its specification and checked through the traits; a
//! known finding of that crate pinned the way ecdiff's own families pin theirs; and a planted
//! incomplete addition around the same traits, found.

use ecdiff::engine::{Expected, Outcome};
use ecdiff::oracles::field::Fp;
use ecdiff::oracles::weierstrass::Point;
use ecdiff::shapes::known::{returned, with_known};
use ecdiff::shapes::Spec;
use ecdiff::suite::Suite;
use ecdiff::zkgroup::group_law::{
    check, sec1_compact_expected, GroupLawCase, GroupLawSubject, GroupValue, Op,
};
use ecdiff::zkgroup::{self, sec1_compact_roots, traits, Sec1Compressed};
use ecdiff::VerdictKind;

ecdiff::sw_curve! {
    /// P-384 (NIST FIPS 186-4 §D.1.2.4, SEC 2 v2 §2.5.1): y² = x³ − 3x + b over
    /// p = 2³⁸⁴ − 2¹²⁸ − 2⁹⁶ + 2³² − 1, of prime order n, cofactor 1.
    pub struct P384 {
        name: "p384",
        p: "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
        a: "-3",
        b: "0xb3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef",
        gx: "0xaa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7",
        gy: "0x3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f",
        r: "0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973",
        h: "1",
    }
}

// The one line: +, -, neg, double, + Affine, * Scalar, is_identity, Sum, batch_normalize,
// from_bytes and conditional_select of p384's ProjectivePoint, read through its SEC 1
// compressed encoding — with the crate's one known finding declared (below).
ecdiff::check!(
    p384_group_law,
    with_known(
        zkgroup::group_law::<p384::ProjectivePoint, P384, _>(
            Spec::new("p384_group_law"),
            Sec1Compressed
        ),
        compact_tag_known,
        compact_tag_behaviour,
    )
);

// And group's wNAF (WnafBase × WnafScalar, windows 2 to 8; p384 implements no `WnafGroup`).
// `group` reads the scalar's representation as little-endian while RustCrypto's is
// big-endian (zkcrypto/group#78): ecdiff pins that known finding by itself, expecting exactly
// the byte-reversed multiple, so this line passes while the bug stands and fails on any other
// wrong value.
ecdiff::check!(
    p384_wnaf,
    zkgroup::wnaf::<p384::ProjectivePoint, P384, _>(Spec::new("p384_wnaf"), Sec1Compressed)
);

/// p384 0.14.0's `GroupEncoding::from_bytes` accepts tag 0x05 (`sec1` 0.8's compact point,
/// not in SEC 1 v2 §2.3.4, never written by `to_bytes`) and returns (x, min(y, p − y)), as
/// ecdiff found in p256 0.14.0, which shares primeorder's code. Smallest input: `05 ‖ x(G)`.
const P384_COMPACT_TAG_ACCEPTED: &str = "p384 0.14.0 (primeorder) GroupEncoding::from_bytes \
     accepts tag 0x05 and returns (x, min(y, p − y)): a second encoding of those points; \
     smallest input: 05 ‖ x(G) decodes to G";

/// The cases of the known finding: `from_bytes` of `05 ‖ x` for the x of a curve point.
fn compact_tag_known(case: &GroupLawCase<Fp>) -> Expected {
    sec1_compact_expected::<P384>(case, P384_COMPACT_TAG_ACCEPTED)
}

/// What p384 is known to return on them, exactly: the point with that x and the smaller y.
fn compact_tag_behaviour(
    case: &GroupLawCase<Fp>,
    subject: &Outcome<GroupValue<Fp>>,
) -> Result<(), String> {
    let roots = sec1_compact_roots::<P384>(&case.bytes).ok_or("not a compact-tag case")?;
    let y = |p: &Point<Fp>| match p {
        Point::Affine { y, .. } => y.value().clone(),
        Point::Identity => unreachable!("a lifted x"),
    };
    let smaller = roots.iter().min_by_key(|p| y(p)).expect("two roots");
    returned(subject, &GroupValue::Point(smaller.clone()))
}

/// P-384's `+` with a chord formula's missing doubling case: P + P (P ≠ O) comes out as the
/// identity, as an incomplete addition's 0/0 does.
struct NoDoubling<S>(S);

impl<S: GroupLawSubject<P384>> GroupLawSubject<P384> for NoDoubling<S> {
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
    let broken = with_known(
        check(
            Spec::new("p384_no_doubling"),
            NoDoubling(traits::<p384::ProjectivePoint, P384, _>(Sec1Compressed)),
            Sec1Compressed,
        ),
        compact_tag_known,
        compact_tag_behaviour,
    );
    let failure = Suite::new(&broken).no_save().try_run().unwrap_err();
    assert_eq!(failure.run.verdict.kind, VerdictKind::Mismatch);
}

/// The declared finding is real: p384 decodes `05 ‖ x(G)` (the smallest compact-tag input) and
/// returns exactly the root `compact_tag_behaviour` pins, G (its y is the smaller one), read
/// back through `to_bytes` by the oracle's SEC 1 decoder.
#[test]
fn the_compact_tag_finding_holds_on_its_smallest_input() {
    use ecdiff::oracles::group::Group;
    use ecdiff::zkgroup::PointEncoding;
    use p384::elliptic_curve::group::GroupEncoding;
    let g = &P384.hub();
    let mut bytes = PointEncoding::<P384>::encode(&Sec1Compressed, g);
    bytes[0] = 5;
    let repr = p384::CompressedPoint::try_from(bytes.as_slice()).expect("49 bytes");
    let decoded = Option::<p384::ProjectivePoint>::from(p384::ProjectivePoint::from_bytes(&repr))
        .expect("p384 accepts tag 0x05 (the known finding)");
    let read = PointEncoding::<P384>::decode(&Sec1Compressed, decoded.to_bytes().as_slice());
    assert_eq!(read.as_ref(), Some(g));
    let roots = sec1_compact_roots::<P384>(&bytes).expect("x(G) lifts");
    let outcome = Outcome::Value(GroupValue::Point(g.clone()));
    let case = GroupLawCase {
        op: Op::Decode,
        points: Vec::new(),
        scalar: Default::default(),
        bytes: bytes.clone(),
        torsion: Vec::new(),
    };
    assert_eq!(compact_tag_behaviour(&case, &outcome), Ok(()));
    let other = roots.iter().find(|p| *p != g).expect("two roots").clone();
    let wrong = Outcome::Value(GroupValue::Point(other));
    assert!(compact_tag_behaviour(&case, &wrong).is_err());
}
