//! Coordinate conversions and encodings: Jacobian and homogeneous round trips (random z and
//! z = 0), the curve-level helpers (`double`, `msm`, `lift_x`), RFC 8032 point encoding,
//! RFC 9496 ristretto255 encoding and its E\[4\] quotient, and the RFC 7748 Montgomery map.

use ecdiff_oracles::curves::{bn254_fq, bn254_g1, bn254_g2, ed25519_fp, secp256k1};
use ecdiff_oracles::edwards::{self, EdPoint};
use ecdiff_oracles::field::{Field, SqrtField};
use ecdiff_oracles::ristretto;
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::{Curve, Point};
use num_bigint::BigUint;
use proptest::prelude::*;

fn scalar() -> impl Strategy<Value = BigUint> {
    prop::array::uniform32(any::<u8>()).prop_map(|b| BigUint::from_bytes_le(&b))
}

/// Round trips through Jacobian and homogeneous coordinates for a point and a z ≠ 0, the
/// point at infinity, and z = 0 with arbitrary X, Y.
fn check_projective_round_trips<F: Field>(curve: &Curve<F>, p: &Point<F>, z: &F, junk: &F) {
    let (x, y, zz) = curve.to_jacobian(p, z);
    assert_eq!(&zz, z);
    assert_eq!(
        &curve.from_jacobian(&x, &y, &zz),
        p,
        "{}: Jacobian",
        curve.name
    );
    if let Point::Affine { x: ax, y: ay } = p {
        // Homogeneous (X : Y : Z) = (x·z, y·z, z).
        let hom = curve.from_homogeneous(&ax.mul(z), &ay.mul(z), z);
        assert_eq!(&hom, p, "{}: homogeneous", curve.name);
    }
    let zero = z.zero_like();
    assert!(
        curve.from_jacobian(junk, z, &zero).is_identity(),
        "Z = 0 is O whatever X, Y"
    );
    assert!(curve.from_homogeneous(z, junk, &zero).is_identity());
    let (ix, iy, iz) = curve.to_jacobian(&Point::Identity, z);
    assert_eq!(
        (&ix, &iy, iz.is_zero()),
        (&z.one_like(), &z.one_like(), true)
    );
    assert!(curve
        .from_jacobian(&z.one_like(), &z.one_like(), &zero)
        .is_identity());
    // Many at once, one shared inversion: Z = 0 entries (with junk X, Y) between points with
    // different z, and the empty list.
    let (x2, y2, z2) = curve.to_jacobian(p, &z.square());
    let triples = [
        (&x, &y, &zz),
        (junk, z, &zero),
        (&x2, &y2, &z2),
        (&ix, &iy, &iz),
    ];
    assert_eq!(
        curve.from_jacobian_many(&triples),
        vec![p.clone(), Point::Identity, p.clone(), Point::Identity],
        "{}: Jacobian, many",
        curve.name
    );
    assert!(curve.from_jacobian_many(&[]).is_empty());
}

/// `double`, `sub`, `msm` and `lift_x` against the group law and each other.
fn check_curve_helpers<F: SqrtField>(curve: &Curve<F>, a: &BigUint, b: &BigUint) {
    let (p, q) = (curve.mul_generator(a), curve.mul_generator(b));
    assert_eq!(curve.double(&p), curve.add(&p, &p));
    assert_eq!(curve.sub(&p, &q), curve.add(&p, &curve.neg(&q)));
    assert_eq!(curve.sub(&p, &p), Point::Identity);
    let msm = curve.msm(&[(a.clone(), q.clone()), (b.clone(), p.clone())]);
    assert_eq!(msm, curve.add(&curve.mul(&q, a), &curve.mul(&p, b)));
    assert_eq!(curve.msm(&[]), Point::Identity);
    // The batched tree sum against a left fold, with O, repeats and cancelling pairs.
    let terms = [
        p.clone(),
        q.clone(),
        p.clone(),
        curve.neg(&p),
        Point::Identity,
        q.clone(),
        curve.double(&q),
    ];
    for n in 0..=terms.len() {
        let fold = terms[..n]
            .iter()
            .fold(Point::Identity, |acc, t| curve.add(&acc, t));
        assert_eq!(curve.sum(&terms[..n]), fold, "{}: sum of {n}", curve.name);
    }
    if let Point::Affine { x, y } = &p {
        let lifted = curve.lift_x(x).expect("x of a curve point");
        assert!(lifted == p || lifted == curve.neg(&p), "lift_x gives ±P");
        assert!(curve.is_on_curve(&lifted));
        // Off-curve: the same x with y + 1.
        let off = Point::Affine {
            x: x.clone(),
            y: y.add(&y.one_like()),
        };
        assert!(!curve.is_on_curve(&off) && !curve.is_in_subgroup(&off));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn weierstrass_projective_round_trips(k in scalar(), z in scalar(), w in scalar()) {
        let fq = bn254_fq();
        let zf = fq.elem(z.clone());
        prop_assume!(!zf.is_zero());
        let g1 = bn254_g1();
        check_projective_round_trips(g1, &g1.mul_generator(&k), &zf, &fq.elem(w.clone()));
        let g2 = bn254_g2();
        let z2 = Fp2::new(zf.clone(), fq.elem(w.clone()));
        check_projective_round_trips(g2, &g2.mul_generator(&k), &z2, &Fp2::from_base(zf.clone()));
        let curve = secp256k1();
        let zs = curve.a.field().elem(z);
        prop_assume!(!zs.is_zero());
        let junk = curve.a.field().elem(w);
        check_projective_round_trips(curve, &curve.mul_generator(&k), &zs, &junk);
    }

    #[test]
    fn weierstrass_helpers(a in scalar(), b in scalar()) {
        check_curve_helpers(bn254_g1(), &a, &b);
        check_curve_helpers(bn254_g2(), &a, &b);
        check_curve_helpers(secp256k1(), &a, &b);
    }

    /// RFC 8032 encoding is injective on the whole curve: P + T round trips for every
    /// 8-torsion T.
    #[test]
    fn edwards_encode_decode_round_trip(k in scalar()) {
        let p = edwards::mul_base(&k);
        for t in edwards::eight_torsion() {
            let q = edwards::add(&p, t);
            prop_assert_eq!(edwards::decode(&edwards::encode(&q)), Some(q.clone()));
        }
        prop_assert!(edwards::is_torsion_free(&p));
        prop_assert!(!edwards::is_torsion_free(&edwards::add(&p, &edwards::eight_torsion()[1])));
        prop_assert_eq!(edwards::sub(&p, &p), edwards::identity());
        // The batched tree sum against a left fold, with identity, repeats and torsion.
        let t = edwards::eight_torsion();
        let terms = [
            p.clone(),
            t[3].clone(),
            p.clone(),
            edwards::neg(&p),
            edwards::identity(),
            t[4].clone(),
        ];
        for n in 0..=terms.len() {
            let fold = terms[..n].iter().fold(edwards::identity(), |acc, x| edwards::add(&acc, x));
            prop_assert_eq!(edwards::sum(&terms[..n]), fold);
        }
    }

    /// ristretto255 decodes what it encodes, and quotients exactly by E[4]: P + T for
    /// T ∈ {0, 2, 4, 6}·T₈ shares P's encoding and is `equals` to P; an order-8 T is not.
    #[test]
    fn ristretto_round_trip_and_torsion_quotient(k in scalar()) {
        let p = edwards::mul_base(&k);
        let enc = ristretto::encode(&p);
        let decoded = ristretto::decode(&enc).expect("encodings decode");
        prop_assert!(ristretto::equals(&decoded, &p));
        prop_assert_eq!(ristretto::encode(&decoded), enc);
        let torsion = edwards::eight_torsion();
        for (i, t) in torsion.iter().enumerate() {
            let q = edwards::add(&p, t);
            if i % 2 == 0 {
                prop_assert_eq!(ristretto::encode(&q), enc, "E[4] element {}·T", i);
                prop_assert!(ristretto::equals(&q, &p));
            } else {
                prop_assert!(!ristretto::equals(&q, &p), "order-8 element {}·T", i);
            }
        }
    }

    /// The batched double-and-encode is the encoding of the double, for prime-order points,
    /// points with each torsion component, the identity and the torsion points themselves
    /// (whose doubles lie in E[4] and take the per-point path), in one batch.
    #[test]
    fn encode_doubles_is_encode_of_the_double(k in scalar(), j in scalar()) {
        let mut qs = vec![edwards::mul_base(&k), edwards::mul_base(&j), edwards::basepoint()];
        for t in edwards::eight_torsion() {
            qs.push(edwards::add(&qs[0], t));
            qs.push(t.clone());
        }
        let batch = ristretto::encode_doubles(&qs);
        prop_assert_eq!(batch.len(), qs.len());
        for (q, bytes) in qs.iter().zip(&batch) {
            prop_assert_eq!(*bytes, ristretto::encode(&edwards::double(q)), "Q = {:?}", q);
        }
    }

    #[test]
    fn ristretto_one_way_map_lands_in_the_group(bytes in prop::collection::vec(any::<u8>(), 64)) {
        let uniform: [u8; 64] = bytes.try_into().expect("64 bytes");
        let p = ristretto::from_uniform_bytes(&uniform);
        prop_assert!(edwards::is_on_curve(&p));
        let enc = ristretto::encode(&p);
        let decoded = ristretto::decode(&enc).expect("decodes");
        prop_assert!(ristretto::equals(&decoded, &p));
        // The element lies in 2E: ℓ·P ∈ E[4].
        let torsion = edwards::mul(&p, edwards::order());
        prop_assert!(edwards::is_small_order(&torsion));
        prop_assert!(edwards::mul(&torsion, &BigUint::from(4u8)) == edwards::identity());
    }

    #[test]
    fn montgomery_map_round_trip(u in scalar()) {
        let u = ed25519_fp().elem(u);
        match edwards::u_to_y(&u) {
            None => prop_assert_eq!(u.clone(), ed25519_fp().from_i64(-1)),
            Some(y) => prop_assert_eq!(edwards::y_to_u(&y), Some(u)),
        }
    }
}

#[test]
fn edwards_decode_rejections() {
    let fp = ed25519_fp();
    // y = p (non-canonical encoding of 0).
    let mut y_is_p: [u8; 32] = fp.modulus().to_bytes_le().try_into().expect("32 bytes");
    assert_eq!(edwards::decode(&y_is_p), None);
    y_is_p[0] += 1; // y = p + 1 ≡ 1: still rejected.
    assert_eq!(edwards::decode(&y_is_p), None);
    // y = 1 (identity, x = 0): sign bit 0 decodes, sign bit 1 is rejected.
    let mut one = [0u8; 32];
    one[0] = 1;
    assert_eq!(edwards::decode(&one), Some(edwards::identity()));
    one[31] |= 0x80;
    assert_eq!(edwards::decode(&one), None);
    // A small y decodes exactly when (y² − 1)/(d·y² + 1) is a square (RFC 8032 §5.1.3).
    let one = fp.one();
    let mut rejected = 0;
    for y in 2u8..64 {
        let yf = fp.elem(y);
        let x2 = yf
            .square()
            .sub(&one)
            .mul(&edwards::d().mul(&yf.square()).add(&one).inv().expect("≠ 0"));
        let mut b = [0u8; 32];
        b[0] = y;
        assert_eq!(edwards::decode(&b).is_some(), x2.is_square(), "y = {y}");
        rejected += usize::from(!x2.is_square());
    }
    assert!(rejected > 0);
    assert_eq!(edwards::y_to_u(&fp.one()), None);
    assert_eq!(edwards::u_to_y(&fp.from_i64(-1)), None);
    let origin = EdPoint {
        x: fp.zero(),
        y: fp.zero(),
    };
    assert!(!edwards::is_on_curve(&origin));
}
