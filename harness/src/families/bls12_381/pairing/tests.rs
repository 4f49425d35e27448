//! The `pairing` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::families::bls12_381::adapter_ark::ArkMultiPairing;
use crate::families::bls12_381::adapter_blstrs::{BlstrsMultiMillerLoop, BlstrsPairing};
use crate::families::bls12_381::adapter_zkcrypto::{ZkcryptoMultiMillerLoop, ZkcryptoPairing};
use crate::generators::{case_bytes, Bias};
use ecdiff_oracles::bls12_381::generator_pairing;

fn products() -> [(&'static str, Box<dyn PairingProduct>); 3] {
    [
        ("blstrs", Box::new(BlstrsMultiMillerLoop)),
        ("zkcrypto", Box::new(ZkcryptoMultiMillerLoop)),
        ("ark", Box::new(ArkMultiPairing)),
    ]
}

/// Every library's e(G1, G2) is the cube of the oracle's (the declared final exponent),
/// read through each coefficient path: a wrong tower order or byte order fails here.
fn generator_pairing_is_the_cube_of_the_oracles() {
    let cube = generator_pairing().pow(&BigUint::from(3u32));
    assert_ne!(cube, *generator_pairing());
    let one = BigUint::from(1u8);
    let pair = [Pair {
        p: Bls12381G1.hub(),
        a: one.clone(),
        q: Bls12381G2.hub(),
        b: one,
    }];
    for (name, s) in products() {
        assert_eq!(s.final_exponent(), FinalExponent::Cubed);
        assert_eq!(s.pairing_product(&pair), cube, "{name}");
    }
    assert_eq!(BlstrsPairing.pairing_product(&pair), cube);
    assert_eq!(ZkcryptoPairing.pairing_product(&pair), cube);
}

/// The empty product is 1 in every library.
fn empty_product_is_one() {
    for (name, s) in products() {
        assert_eq!(s.pairing_product(&[]), Fp12::one(), "{name}");
    }
}

/// A product drawn for its classes has the logs it claims, and every class is drawn.
fn pairs_are_what_their_classes_claim() {
    let r = Bls12381G1.order();
    let mut seen = std::collections::BTreeSet::new();
    for i in 0..60 {
        let data = case_bytes(0, "pairing", i, 256);
        let mut g = Gen::new(&data, Bias::Edge);
        let check = PairingCheck {
            spec: Spec::new("t"),
            arity: Arity::Product,
            subject: Box::new(Unused),
        };
        let case = check.generate_len(&mut g, 4);
        let classes = g.into_classes();
        for t in &case.pairs {
            assert_eq!(t.p, Bls12381G1.mul_hub(&t.a));
            assert_eq!(t.q, Bls12381G2.mul_hub(&t.b));
        }
        let sum = case
            .pairs
            .iter()
            .fold(BigUint::zero(), |acc, t| (acc + &t.a * &t.b) % r);
        if classes.contains("product_one") {
            assert!(sum.is_zero());
        }
        if classes.contains("pair_identity_g1") {
            assert!(case.pairs.iter().any(|t| t.p == Point::Identity));
        }
        if classes.contains("product_all_infinity") {
            assert!(case
                .pairs
                .iter()
                .all(|t| t.p == Point::Identity || t.q == Point::Identity));
        }
        if classes.contains("pair_identity_g2") {
            assert!(case.pairs.iter().any(|t| t.q == Point::Identity));
        }
        if classes.contains("pair_cancelling") {
            assert!(case.pairs.iter().enumerate().any(|(i, s)| {
                case.pairs[..i]
                    .iter()
                    .any(|t| (&s.a * &s.b + &t.a * &t.b) % r == BigUint::zero())
            }));
        }
        seen.extend(classes);
    }
    for class in PAIR_CLASSES {
        assert!(seen.contains(class), "{class} never drawn");
    }
}

/// A product's coincidence classes are meetings of its GT factors e(G1, G2)^(aᵢbᵢ),
/// multiplied in 𝔽ₚ¹² in each order (the inverse of a GT element is its conjugate), and
/// of its points (two pairs with one Q and equal or opposite P); each is drawn.
fn product_coincidences_are_meetings_of_the_factors() {
    use ecdiff_oracles::field::Field;
    let r = Bls12381G1.order();
    let mut seen = std::collections::BTreeMap::<&str, u32>::new();
    for i in 0..150 {
        let data = case_bytes(0, "pairing-coincidence", i, 256);
        let mut g = Gen::new(&data, Bias::Edge);
        let check = PairingCheck {
            spec: Spec::new("t"),
            arity: Arity::Product,
            subject: Box::new(Unused),
        };
        let case = check.generate_len(&mut g, 2 + (i % 4) as usize);
        let labelled: std::collections::BTreeSet<&str> = (g.into_classes().into_iter())
            .filter(|c| COINCIDENCE_CLASSES.contains(c))
            .collect();
        let f: Vec<Fp12> = (case.pairs.iter())
            .map(|t| pow_generator_pairing(&(&t.a * &t.b % r)))
            .collect();
        let one = Fp12::one();
        let product = |fs: &[Fp12]| fs.iter().fold(one.clone(), |acc, x| acc.mul(x));
        let mut found = std::collections::BTreeSet::new();
        let mut meet = |x: &Fp12, y: &Fp12, equal, negated| {
            if *x == one || *y == one {
            } else if x == y {
                found.insert(equal);
            } else if *x == y.conjugate() {
                found.insert(negated);
            }
        };
        let n = f.len();
        for k in 1..n {
            meet(
                &product(&f[..k]),
                &f[k],
                "meet_prefix_equal",
                "meet_prefix_negated",
            );
            let (before, after) = (&f[k - 1], product(&f[k..]));
            meet(&after, before, "meet_suffix_equal", "meet_suffix_negated");
        }
        meet(
            &product(&f[..n / 2]),
            &product(&f[n / 2..]),
            "meet_halves_equal",
            "meet_halves_negated",
        );
        for (j, t) in case.pairs.iter().enumerate() {
            let live = t.p != Point::Identity && t.q != Point::Identity;
            for u in &case.pairs[..j] {
                if live && u.q == t.q && u.p == t.p {
                    found.insert("bucket_repeated_term");
                } else if live
                    && u.q == t.q
                    && u.p == ecdiff_oracles::bls12_381::bls12_381_g1().neg(&t.p)
                {
                    found.insert("bucket_negated_term");
                }
            }
        }
        assert_eq!(labelled, found, "case {i}");
        for class in labelled {
            *seen.entry(class).or_default() += 1;
        }
    }
    for class in COINCIDENCE_CLASSES {
        assert!(
            seen.get(class).copied().unwrap_or(0) >= 2,
            "{class}: {seen:?}"
        );
    }
}

struct Unused;
impl PairingProduct for Unused {
    fn pairing_product(&self, _: &[Pair]) -> Fp12 {
        unreachable!()
    }
    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Plain
    }
}

crate::declare::unit_tests![
    generator_pairing_is_the_cube_of_the_oracles,
    empty_product_is_one,
    pairs_are_what_their_classes_claim,
    product_coincidences_are_meetings_of_the_factors
];
