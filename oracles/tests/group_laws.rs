//! Group-law property tests, stamped for every [`Group`] the oracles provide: BN254 G1 and G2,
//! secp256k1, P-256, P-384, edwards25519 and BN254 GT.
//!
//! The `check_*` functions are generic over [`Group`]; `group_law_tests!` stamps them for one
//! group with a case count sized to that group's cost (a GT exponentiation is ~10× a G1
//! scalar multiplication). Random elements are `mul_hub(k)` for random k; random scalars are
//! small (u64), uniform 256-bit, or just below 2²⁵⁶ (≥ every order), and the edge rows use 0,
//! 1, r − 1, r and r + 1.

use ecdiff_oracles::curves::{Bn254G1, Bn254G2, Secp256k1, P256, P384};
use ecdiff_oracles::edwards::{self, Ed25519};
use ecdiff_oracles::group::{known_log_msm, logged, naive_msm, Group};
use ecdiff_oracles::gt::Gt;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;

/// Scalars: a u64, a uniform 256-bit integer (above BN254's r 81% and above ℓ 94% of the
/// time), or one within 2²²⁴ of 2²⁵⁶ (above every order here, secp256k1's n included).
fn scalar() -> impl Strategy<Value = BigUint> {
    prop_oneof![
        any::<u64>().prop_map(BigUint::from),
        prop::array::uniform32(any::<u8>()).prop_map(|b| BigUint::from_bytes_le(&b)),
        prop::array::uniform32(any::<u8>()).prop_map(|mut b| {
            b[28..].fill(0xff);
            BigUint::from_bytes_le(&b)
        }),
    ]
}

/// r + δ for the group's order r and a small signed δ.
fn near_order<G: Group>(g: &G, delta: i8) -> BigUint {
    let r = g.order();
    let magnitude = BigUint::from(delta.unsigned_abs());
    if delta < 0 {
        r - magnitude
    } else {
        r + magnitude
    }
}

fn check_associativity_commutativity<G: Group>(g: &G, a: &BigUint, b: &BigUint, c: &BigUint) {
    let (p, q, r) = (g.mul_hub(a), g.mul_hub(b), g.mul_hub(c));
    assert_eq!(g.add(&g.add(&p, &q), &r), g.add(&p, &g.add(&q, &r)));
    assert_eq!(g.add(&p, &q), g.add(&q, &p));
}

fn check_identity_inverse<G: Group>(g: &G, a: &BigUint) {
    let (p, o) = (g.mul_hub(a), g.identity());
    assert_eq!(g.add(&p, &o), p);
    assert_eq!(g.add(&o, &p), p);
    assert_eq!(g.add(&p, &g.neg(&p)), o, "P + (−P) = O");
    assert_eq!(g.neg(&g.neg(&p)), p);
    assert_eq!(g.neg(&o), o);
}

fn check_double_is_add<G: Group>(g: &G, a: &BigUint) {
    let p = g.mul_hub(a);
    let two_p = g.add(&p, &p);
    assert_eq!(g.mul(&p, &BigUint::from(2u8)), two_p);
    assert_eq!(g.add(&two_p, &p), g.mul(&p, &BigUint::from(3u8)));
}

fn check_distributivity<G: Group>(g: &G, a: &BigUint, b: &BigUint, c: &BigUint) {
    let (p, q) = (g.mul_hub(c), g.mul_hub(b));
    // (a + b)·P = a·P + b·P
    assert_eq!(g.mul(&p, &(a + b)), g.add(&g.mul(&p, a), &g.mul(&p, b)));
    // a·(P + Q) = a·P + a·Q
    assert_eq!(
        g.mul(&g.add(&p, &q), a),
        g.add(&g.mul(&p, a), &g.mul(&q, a))
    );
    // (a·b)·P = a·(b·P)
    assert_eq!(g.mul(&p, &(a * b)), g.mul(&g.mul(&p, b), a));
}

fn check_order_and_hub_table<G: Group>(g: &G, a: &BigUint, k: &BigUint) {
    let p = g.mul_hub(a);
    assert_eq!(g.mul(&p, g.order()), g.identity(), "r·P = O");
    // The fixed-base table agrees with double-and-add, for k < r and k ≥ r alike, alone and
    // in a batch.
    assert_eq!(g.mul_hub(k), g.mul(&g.hub(), k));
    assert_eq!(
        g.mul_hub_many(&[a.clone(), k.clone(), a.clone()]),
        [p.clone(), g.mul(&g.hub(), k), p.clone()]
    );
    let l = logged(g, k);
    assert!(l.log < *g.order());
    assert_eq!(l.elem, g.mul(&g.hub(), &l.log));
}

fn check_known_log_msm<G: Group>(g: &G, terms: &[(BigUint, BigUint)]) {
    let points: Vec<_> = terms.iter().map(|(_, a)| logged(g, a)).collect();
    let by_log: Vec<(&BigUint, &BigUint)> = terms
        .iter()
        .zip(&points)
        .map(|((s, _), p)| (s, &p.log))
        .collect();
    let by_point: Vec<(&BigUint, &G::Elem)> = terms
        .iter()
        .zip(&points)
        .map(|((s, _), p)| (s, &p.elem))
        .collect();
    assert_eq!(known_log_msm(g, &by_log), naive_msm(g, &by_point));
}

/// The edge rows: 0·P, k·O, (r − 1)·P = −P, (r + 1)·P = P, r·H = O, P + (−P), sums of zero
/// scalars and the empty sum.
fn check_edge_rows<G: Group>(g: &G) {
    let (o, h) = (g.identity(), g.hub());
    let p = g.mul_hub(&BigUint::from(0x1234_5678_9abc_def0u64));
    let zero = BigUint::zero();
    assert_eq!(g.mul(&p, &zero), o, "0·P = O");
    assert_eq!(g.mul_hub(&zero), o, "0·H = O (table)");
    assert_eq!(g.mul(&o, &BigUint::from(12345u32)), o, "k·O = O");
    assert_eq!(g.mul(&o, &near_order(g, 1)), o, "(r + 1)·O = O");
    assert_eq!(g.mul(&p, &near_order(g, -1)), g.neg(&p), "(r − 1)·P = −P");
    assert_eq!(g.mul(&p, &near_order(g, 1)), p, "(r + 1)·P = P");
    assert_eq!(g.mul(&h, g.order()), o, "r·H = O");
    assert_eq!(g.mul_hub(g.order()), o, "r·H = O (table)");
    assert_eq!(
        g.mul_hub(&near_order(g, -1)),
        g.neg(&h),
        "(r − 1)·H (table)"
    );
    assert_eq!(g.mul(&h, &BigUint::one()), h, "1·H = H");
    // A batch of table multiplications with trees of every depth, 0 and r among them.
    let batch = [
        zero.clone(),
        BigUint::one(),
        near_order(g, -1),
        g.order().clone(),
        BigUint::from(0x1234_5678_9abc_def0u64),
        BigUint::from(0x100u32),
    ];
    let alone: Vec<G::Elem> = batch.iter().map(|k| g.mul(&h, k)).collect();
    assert_eq!(
        g.mul_hub_many(&batch),
        alone,
        "mul_hub_many (table, batched)"
    );
    assert!(g.mul_hub_many(&[]).is_empty());
    assert_eq!(g.add(&p, &g.neg(&p)), o, "P + (−P) = O");
    // All-zero scalars and the empty sum.
    let (a, b) = (BigUint::from(7u8), BigUint::from(11u8));
    let q = g.mul_hub(&b);
    assert_eq!(naive_msm(g, &[(&zero, &p), (&zero, &q)]), o);
    assert_eq!(known_log_msm(g, &[(&zero, &a), (&zero, &b)]), o);
    assert_eq!(naive_msm(g, &[]), o);
    assert_eq!(known_log_msm(g, &[]), o);
    // Cancelling terms: s·P + (r − s)·P = O.
    let s = BigUint::from(99u8);
    let r_minus_s = g.order() - &s;
    assert_eq!(naive_msm(g, &[(&s, &p), (&r_minus_s, &p)]), o);
    assert_eq!(known_log_msm(g, &[(&s, &a), (&r_minus_s, &a)]), o);
}

macro_rules! group_law_tests {
    ($name:ident, $group:expr, $cases:expr) => {
        mod $name {
            use super::*;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases($cases))]

                #[test]
                fn associativity_commutativity(a in scalar(), b in scalar(), c in scalar()) {
                    check_associativity_commutativity(&$group, &a, &b, &c);
                }

                #[test]
                fn identity_inverse(a in scalar()) {
                    check_identity_inverse(&$group, &a);
                }

                #[test]
                fn double_is_add(a in scalar()) {
                    check_double_is_add(&$group, &a);
                }

                #[test]
                fn distributivity(a in scalar(), b in scalar(), c in scalar()) {
                    check_distributivity(&$group, &a, &b, &c);
                }

                #[test]
                fn order_and_hub_table_vs_double_and_add(a in scalar(), k in scalar()) {
                    check_order_and_hub_table(&$group, &a, &k);
                }

                #[test]
                fn known_log_msm_vs_naive_msm(
                    terms in prop::collection::vec((scalar(), scalar()), 0..4)
                ) {
                    check_known_log_msm(&$group, &terms);
                }
            }

            #[test]
            fn edge_rows() {
                check_edge_rows(&$group);
            }
        }
    };
}

group_law_tests!(bn254_g1, Bn254G1, 12);
group_law_tests!(bn254_g2, Bn254G2, 8);
group_law_tests!(secp256k1, Secp256k1, 12);
// P-256 and P-384 have a = −3: the tangent slope (3x² + a)/(2y) with a ≠ 0. The 256-bit
// scalars are all below P-384's n; its edge rows still use n − 1, n and n + 1.
group_law_tests!(p256, P256, 12);
group_law_tests!(p384, P384, 3);
group_law_tests!(edwards25519, Ed25519, 12);
group_law_tests!(bn254_gt, Gt, 3);
// BLS12-381 (381-bit 𝔽ₚ): G1, the M-twist G2, and GT with hub e(G1, G2).
group_law_tests!(bls12_381_g1, ecdiff_oracles::bls12_381::Bls12381G1, 8);
group_law_tests!(bls12_381_g2, ecdiff_oracles::bls12_381::Bls12381G2, 5);
group_law_tests!(bls12_381_gt, ecdiff_oracles::bls12_381::Bls12381Gt, 3);

/// The batched additions behind the fixed-base tables and `sum` agree with one addition at a
/// time on every kind of pair: distinct points, P + P, P + (−P), and identities on either side.
#[test]
fn add_pairs_is_add_on_every_kind_of_pair() {
    let curve = ecdiff_oracles::curves::bn254_g1();
    let (p, q) = (
        curve.mul_generator(&BigUint::from(5u8)),
        curve.mul_generator(&BigUint::from(9u8)),
    );
    let (minus_p, o) = (curve.neg(&p), Bn254G1.identity());
    let pairs = [
        (&p, &q),
        (&p, &p),
        (&p, &minus_p),
        (&o, &q),
        (&q, &o),
        (&q, &p),
    ];
    let sums = curve.add_pairs(&pairs);
    assert_eq!(sums.len(), pairs.len());
    for ((a, b), s) in pairs.iter().zip(&sums) {
        assert_eq!(*s, curve.add(a, b));
    }

    let ed = |k: u8| Ed25519.mul_hub(&BigUint::from(k));
    let (e, f, minus_e, eo) = (ed(3), ed(200), Ed25519.neg(&ed(3)), Ed25519.identity());
    let ed_pairs = [(&e, &f), (&e, &e), (&e, &minus_e), (&eo, &f), (&f, &eo)];
    let ed_sums = ecdiff_oracles::edwards::add_pairs(&ed_pairs);
    assert_eq!(ed_sums.len(), ed_pairs.len());
    for ((a, b), s) in ed_pairs.iter().zip(&ed_sums) {
        assert_eq!(*s, Ed25519.add(a, b));
    }
}

/// `Curve::multiples` is [O, P, 2P, …] by double-and-add, also past a power of two.
#[test]
fn multiples_are_the_scalar_multiples() {
    let curve = ecdiff_oracles::curves::bn254_g2();
    let p = curve.mul_generator(&BigUint::from(0xdead_beefu32));
    let multiples = curve.multiples(&p, 11);
    assert_eq!(multiples.len(), 11);
    for (k, m) in multiples.iter().enumerate() {
        assert_eq!(*m, curve.mul(&p, &BigUint::from(k)), "{k}·P");
    }
    let q = edwards::add(&edwards::basepoint(), &edwards::eight_torsion()[3]);
    let multiples = edwards::multiples(&q, 13);
    assert_eq!(multiples.len(), 13);
    for (k, m) in multiples.iter().enumerate() {
        assert_eq!(*m, edwards::mul(&q, &BigUint::from(k)), "{k}·Q");
    }
}

/// A point of BN254's G2 curve outside the subgroup: T = r·R for the first R with x = 1, 2, …
/// and r·R ≠ O (a point of the cofactor part), and R itself.
fn bn254_g2_torsion_and_whole_curve_points() -> (
    ecdiff_oracles::weierstrass::Point<ecdiff_oracles::tower::Fp2>,
    ecdiff_oracles::weierstrass::Point<ecdiff_oracles::tower::Fp2>,
) {
    use ecdiff_oracles::field::Field;
    let curve = ecdiff_oracles::curves::bn254_g2();
    let one = curve.b.one_like();
    let mut x = one.clone();
    loop {
        if let Some(r) = curve.lift_x(&x) {
            let t = curve.mul(&r, &curve.order);
            if !t.is_identity() {
                return (t, r);
            }
        }
        x = x.add(&one);
    }
}

/// `Curve::mul_fixed` is double-and-add for any point and every k: below, at and above the
/// modulus, zero, and a scalar wider than the table — on a torsion point (modulus h) and on a
/// point of the whole curve (modulus r·h).
#[test]
fn fixed_base_tables_of_any_point_are_double_and_add() {
    let curve = ecdiff_oracles::curves::bn254_g2();
    let (t, r_point) = bn254_g2_torsion_and_whole_curve_points();
    assert!(curve.mul(&t, &curve.cofactor).is_identity());
    assert_eq!(
        curve.torsion_point(),
        Some(t.clone()),
        "the search above, in the oracle"
    );
    assert_eq!(
        ecdiff_oracles::curves::bn254_g1().torsion_point(),
        None,
        "h = 1"
    );
    let whole = &curve.order * &curve.cofactor;
    for (p, m) in [(&t, &curve.cofactor), (&r_point, &whole)] {
        let base = curve.fixed_base(p, m);
        assert_eq!(base.point(), p);
        let mut ks = vec![
            BigUint::zero(),
            BigUint::one(),
            BigUint::from(255u8),
            BigUint::from(256u16),
            m - 1u8,
            m.clone(),
            m + 1u8,
            m * 3u8 + 7u8,
            (BigUint::one() << 600) + 12345u32,
        ];
        ks.push(BigUint::from_bytes_le(&[0xa5; 40]) % m);
        for k in &ks {
            assert_eq!(curve.mul_fixed(&base, k), curve.mul(p, k), "k = {k:#x}");
        }
    }
}

/// A modulus that is not a multiple of the point's order is refused: (k mod m)·T would not be
/// k·T.
#[test]
#[should_panic(expected = "multiple of the point's order")]
fn a_fixed_base_modulus_that_does_not_kill_the_point_is_refused() {
    let curve = ecdiff_oracles::curves::bn254_g2();
    let (t, _) = bn254_g2_torsion_and_whole_curve_points();
    curve.fixed_base(&t, &(&curve.cofactor + 1u8));
}
