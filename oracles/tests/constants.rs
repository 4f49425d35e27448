//! The curve and field constants recomputed or checked from their definitions, and the field,
//! tower and pairing arithmetic checked against independent formulations.

use ecdiff_oracles::curves::{
    bn254_fq, bn254_fr, bn254_g1, bn254_g2, bn254_twist_b, ed25519_fp, ed25519_l, secp256k1,
    secp256k1_fp, secp256k1_n, BN254_X,
};
use ecdiff_oracles::curves::{p256, p256_fp, p256_n, p384, p384_fp, p384_n};
use ecdiff_oracles::edwards;
use ecdiff_oracles::field::{Field, Fp, PrimeField};
use ecdiff_oracles::gt;
use ecdiff_oracles::ristretto;
use ecdiff_oracles::tower::bn254::{Fp12, Fp6};
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::{Curve, Point, SubgroupHint};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;

fn dec(d: &str) -> BigUint {
    BigUint::parse_bytes(d.as_bytes(), 10).expect("decimal")
}

/// Miller–Rabin with the first twelve prime bases (a composite passing all of them would be a
/// famous number).
fn probably_prime(n: &BigUint) -> bool {
    let one = BigUint::one();
    let n_minus_1 = n - &one;
    let s = n_minus_1.trailing_zeros().expect("n > 1");
    let d = &n_minus_1 >> s;
    [2u32, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
        .iter()
        .all(|a| {
            let mut x = BigUint::from(*a).modpow(&d, n);
            if x == one || x == n_minus_1 {
                return true;
            }
            for _ in 1..s {
                x = x.modpow(&BigUint::from(2u8), n);
                if x == n_minus_1 {
                    return true;
                }
            }
            false
        })
}

#[test]
fn moduli_and_orders_are_probable_primes() {
    for f in [
        bn254_fq(),
        bn254_fr(),
        secp256k1_fp(),
        secp256k1_n(),
        ed25519_fp(),
        ed25519_l(),
    ] {
        assert!(probably_prime(f.modulus()), "{}", f.name());
        assert_eq!(f.bits(), f.modulus().bits());
    }
    // Miller–Rabin does reject composites.
    assert!(!probably_prime(
        &(bn254_fq().modulus() * bn254_fr().modulus())
    ));
    assert!(!probably_prime(&BigUint::from(561u32)));
}

/// P-256 and P-384 (SEC 2 v2 §2.4.2, §2.5.1): p and n probable primes, p of generalized-Mersenne
/// form (FIPS 186-4 §D.2), p ≡ 3 (mod 4), a = −3, 4a³ + 27b² ≠ 0 (non-singular), G on the curve
/// with n·G = O, n within the Hasse bound |p + 1 − n| ≤ 2√p (so n = #E and h = 1), and random
/// curve points of order n.
#[test]
fn nist_p256_p384_constants() {
    let two = |e: u32| BigUint::one() << e;
    let cases = [
        (
            p256(),
            p256_fp(),
            p256_n(),
            two(256) - two(224) + two(192) + two(96) - 1u8,
        ),
        (
            p384(),
            p384_fp(),
            p384_n(),
            two(384) - two(128) - two(96) + two(32) - 1u8,
        ),
    ];
    for (curve, fp, n, mersenne) in cases {
        let p = fp.modulus();
        assert_eq!(p, &mersenne, "{}: generalized-Mersenne p", curve.name);
        assert!(
            probably_prime(p) && probably_prime(n.modulus()),
            "{}",
            curve.name
        );
        assert_eq!(p % 4u8, BigUint::from(3u8), "{}: p ≡ 3 (mod 4)", curve.name);
        assert_eq!(curve.a, fp.from_i64(-3), "{}: a = −3", curve.name);
        let discriminant = fp
            .elem(4u8)
            .mul(&curve.a.pow(&BigUint::from(3u8)))
            .add(&fp.elem(27u8).mul(&curve.b.square()));
        assert!(!discriminant.is_zero(), "{}: 4a³ + 27b² ≠ 0", curve.name);
        assert_eq!(&curve.order, n.modulus());
        assert_eq!(curve.cofactor, BigUint::one());
        check_generator(curve);
        // #E = h·n lies in the Hasse interval [p + 1 − 2√p, p + 1 + 2√p] (Washington,
        // *Elliptic Curves*, Thm. 4.2): n lies in it and 2n is above it (2√p < 2⌊√p⌋ + 2),
        // so h = 1.
        let trace = if p + 1u8 >= curve.order {
            p + 1u8 - &curve.order
        } else {
            &curve.order - p - 1u8
        };
        assert!(&trace * &trace <= p * 4u8, "{}: Hasse bound", curve.name);
        assert!(
            &curve.order * 2u8 > p + 3u8 + 2u8 * p.sqrt(),
            "{}: h = 1",
            curve.name
        );
        // Points lifted from small x have order n (cofactor 1).
        let points: Vec<_> = (0u64..)
            .filter_map(|x| curve.lift_x(&fp.elem(x)))
            .take(2)
            .collect();
        for q in &points {
            assert!(curve.is_in_subgroup(q), "{}: n·Q = O", curve.name);
        }
    }
    // Miller–Rabin rejects the product of the two P-256 primes.
    assert!(!probably_prime(&(p256_fp().modulus() * p256_n().modulus())));
}

#[test]
fn bn254_parameters_from_the_bn_polynomials() {
    let x = BigUint::from(BN254_X);
    let x2 = &x * &x;
    let x3 = &x2 * &x;
    let x4 = &x3 * &x;
    let p = 36u32 * &x4 + 36u32 * &x3 + 24u32 * &x2 + 6u32 * &x + 1u32;
    let r = 36u32 * &x4 + 36u32 * &x3 + 18u32 * &x2 + 6u32 * &x + 1u32;
    let trace = 6u32 * &x2 + 1u32;
    assert_eq!(&p, bn254_fq().modulus());
    assert_eq!(&r, bn254_fr().modulus());
    assert_eq!(&r, &(&p + 1u32 - &trace), "#E(𝔽ₚ) = p + 1 − t = r");
    // #E′(𝔽ₚ²) = (p + 1 − t)(p − 1 + t) = r·(2p − r).
    assert_eq!(bn254_g2().cofactor, 2u32 * &p - &r);
    assert_eq!(&p % 4u32, BigUint::from(3u8));
    // The embedding degree is 12: r | p¹² − 1 but r ∤ pᵏ − 1 for k < 12.
    for k in 1..12u32 {
        assert_ne!((p.pow(k) - 1u32) % &r, BigUint::zero(), "k = {k}");
    }
    assert_eq!((p.pow(12) - 1u32) % &r, BigUint::zero());
}

#[test]
fn bn254_twist_coefficient() {
    let fq = bn254_fq();
    let xi = Fp2::new(fq.elem(9u8), fq.one());
    assert_eq!(
        bn254_twist_b().mul(&xi),
        Fp2::from_base(fq.elem(3u8)),
        "b′·ξ = 3"
    );
    assert_eq!(bn254_g2().b, bn254_twist_b());
    // ξ is neither a square nor a cube in 𝔽ₚ², so v³ = ξ and w⁶ = ξ define fields.
    assert!(!xi.is_square());
    let p2_minus_1_over_3 = (fq.modulus().pow(2) - 1u8) / 3u8;
    assert_ne!(pow(&xi, &p2_minus_1_over_3), xi.one_like());
}

/// Generic square-and-multiply for the tower checks.
fn pow<F: Field>(a: &F, e: &BigUint) -> F {
    (0..e.bits()).rev().fold(a.one_like(), |acc, i| {
        let sq = acc.square();
        if e.bit(i) {
            sq.mul(a)
        } else {
            sq
        }
    })
}

fn check_generator<F: Field>(curve: &Curve<F>) {
    assert!(curve.is_on_curve(&curve.generator), "{}", curve.name);
    assert!(
        curve.is_in_subgroup(&curve.generator),
        "{}: r·G = O",
        curve.name
    );
    assert!(!curve
        .mul(&curve.generator, &(&curve.order - 1u8))
        .is_identity());
}

#[test]
fn generators_on_curve_with_order_r() {
    check_generator(bn254_g1());
    check_generator(bn254_g2());
    check_generator(secp256k1());
    assert_eq!(
        bn254_g1().generator,
        Point::Affine {
            x: bn254_fq().elem(1u8),
            y: bn254_fq().elem(2u8)
        }
    );
    assert_eq!(secp256k1().b, secp256k1_fp().elem(7u8));
    assert_eq!(
        secp256k1_fp().modulus(),
        &((BigUint::one() << 256u32) - (BigUint::one() << 32u32) - 977u32)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// h·r·P = O for random points of the whole curve: the cofactors are right.
    #[test]
    fn cofactor_times_order_kills_random_points(x in any::<u64>(), c1 in any::<u64>()) {
        let total = |c: &Curve<Fp>| &c.cofactor * &c.order;
        for (curve, field) in [(bn254_g1(), bn254_fq()), (secp256k1(), secp256k1_fp())] {
            if let Some(p) = (0u64..).find_map(|i| curve.lift_x(&field.elem(x.wrapping_add(i)))) {
                prop_assert!(curve.mul(&p, &total(curve)).is_identity());
                prop_assert!(curve.is_in_subgroup(&p), "cofactor 1: every point is in G");
            }
        }
        let g2 = bn254_g2();
        let fq = bn254_fq();
        let q = (0u64..)
            .find_map(|i| g2.lift_x(&Fp2::new(fq.elem(x.wrapping_add(i)), fq.elem(c1))))
            .expect("half of all x lift");
        prop_assert!(g2.mul(&q, &(&g2.cofactor * &g2.order)).is_identity());
        // Clearing the cofactor lands in G2; a random twist point is almost never in it.
        prop_assert!(g2.is_in_subgroup(&g2.mul(&q, &g2.cofactor)));
        prop_assert!(!g2.is_in_subgroup(&q));
        // A right hint saves the double-and-add, a wrong one is ignored: the answer is the
        // full check's either way. A log hint covers ±k·G; a coset hint ±(T + k·G) for a T
        // outside G (checked once, when the base is made).
        let k = BigUint::from(x);
        let member = g2.mul_generator(&k);
        let k_plus_1 = &k + 1u8;
        prop_assert!(g2.is_in_subgroup_given(&member, SubgroupHint::Log(&k)));
        prop_assert!(g2.is_in_subgroup_given(&g2.neg(&member), SubgroupHint::Log(&k)));
        prop_assert!(g2.is_in_subgroup_given(&member, SubgroupHint::Log(&k_plus_1)));
        prop_assert!(!g2.is_in_subgroup_given(&q, SubgroupHint::Log(&k)));
        prop_assert!(!g2.is_in_subgroup_given(&q, SubgroupHint::None));
        prop_assert!(g2.off_subgroup_multiples(&member, 1).is_empty(), "k·G made a base");
        let base = g2.off_subgroup_multiples(&q, 1).pop().expect("q is outside G2");
        // c·q is outside G2 exactly when (c·q)·r ≠ O: the multiples agree with the full check.
        let bases = g2.off_subgroup_multiples(&q, 3);
        for (c, t) in (1u8..=3).zip(&bases) {
            prop_assert_eq!(t.point(), &g2.mul(&q, &BigUint::from(c)));
            prop_assert!(!g2.is_in_subgroup(t.point()));
        }
        prop_assert_eq!(bases.len(), 3, "a multiple of q in G2");
        let cleared = g2.mul(&q, &g2.cofactor);
        prop_assert!(g2.off_subgroup_multiples(&cleared, 3).is_empty(), "a base in G2");
        let coset = |log| SubgroupHint::Coset { base: &base, log };
        let shifted = g2.add(&q, &member);
        prop_assert!(!g2.is_in_subgroup_given(&shifted, coset(&k)));
        prop_assert!(!g2.is_in_subgroup_given(&g2.neg(&shifted), coset(&k)));
        prop_assert!(!g2.is_in_subgroup_given(&shifted, coset(&k_plus_1)));
        prop_assert!(g2.is_in_subgroup_given(&member, coset(&k)));
        prop_assert!(g2.is_in_subgroup_given(&Point::Identity, coset(&k)));
    }

    /// 8ℓ·P = O on edwards25519, and ℓ·P lands in E[8].
    #[test]
    fn edwards_group_order_is_eight_ell(y in any::<u64>()) {
        let fp = ed25519_fp();
        let mut bytes = [0u8; 32];
        let p = (0u64..)
            .find_map(|i| {
                bytes[..8].copy_from_slice(&y.wrapping_add(i).to_le_bytes());
                edwards::decode(&bytes)
            })
            .expect("half of all y decode");
        let eight_ell = edwards::order() * 8u8;
        prop_assert_eq!(edwards::mul(&p, &eight_ell), edwards::identity());
        prop_assert!(edwards::is_small_order(&edwards::mul(&p, edwards::order())));
        prop_assert!(edwards::is_on_curve(&p));
        prop_assert_eq!(p.y.field().modulus(), fp.modulus());
    }
}

#[test]
fn edwards25519_constants() {
    let fp = ed25519_fp();
    assert_eq!(fp.modulus(), &((BigUint::one() << 255u32) - 19u32));
    assert_eq!(
        edwards::order(),
        &((BigUint::one() << 252u32) + dec("27742317777372353535851937790883648493"))
    );
    let d = edwards::d();
    assert_eq!(d.mul(&fp.elem(121_666u32)), fp.from_i64(-121_665));
    assert!(
        !d.is_square(),
        "d is a non-square: the addition law is complete"
    );
    assert!(fp.from_i64(-1).is_square(), "a = −1 is a square");
    let b = edwards::basepoint();
    assert_eq!(b.y.mul(&fp.elem(5u8)), fp.elem(4u8), "B.y = 4/5");
    assert!(!b.x.value().bit(0), "B.x is even");
    assert!(edwards::is_on_curve(&b));
    assert!(edwards::is_torsion_free(&b));
    assert_eq!(fp.modulus() % 8u32, BigUint::from(5u8));
}

#[test]
fn eight_torsion_structure() {
    let t = edwards::eight_torsion();
    let fp = ed25519_fp();
    assert_eq!(t[0], edwards::identity());
    assert_eq!(
        t[4],
        edwards::EdPoint {
            x: fp.zero(),
            y: fp.from_i64(-1)
        },
        "4T = (0, −1)"
    );
    for (i, p) in t.iter().enumerate() {
        assert!(edwards::is_on_curve(p));
        assert!(edwards::is_small_order(p));
        assert_eq!(edwards::is_torsion_free(p), i == 0);
        assert_eq!(edwards::add(p, &t[1]), t[(i + 1) % 8], "entry i is i·T");
        for q in &t[..i] {
            assert_ne!(p, q);
        }
    }
    // Odd multiples have order exactly 8; 2T and 6T order 4: (±√−1, 0).
    for i in [1, 3, 5, 7] {
        assert_ne!(
            edwards::mul(&t[i], &BigUint::from(4u8)),
            edwards::identity()
        );
    }
    for i in [2, 6] {
        assert!(t[i].y.is_zero() && t[i].x.square() == fp.from_i64(-1));
    }
}

#[test]
fn ristretto_constants_match_rfc_9496() {
    let expected = [
        "19681161376707505956807079304988542015446066515923890162744021073123829784752",
        "25063068953384623474111414158702152701244531502492656460079210482610430750235",
        "54469307008909316920995813868745141605393597292927456921205312896311721017578",
        "1159843021668779879193775521855586647937357759715417654439879720876111806838",
        "40440834346308536858101042469323190826248399146238708352240133220865137265952",
    ];
    for (constant, rfc) in ristretto::rfc_constants().iter().zip(expected) {
        assert_eq!(constant.value(), &dec(rfc));
    }
}

#[test]
fn sqrt_methods_per_modulus_class() {
    // bn254_fq and secp256k1_fp: p ≡ 3 (mod 4); ed25519_fp: p ≡ 5 (mod 8); bn254_fr,
    // secp256k1_n, ed25519_l: Tonelli–Shanks (bn254_fr has 2-adicity 28).
    for f in [
        bn254_fq(),
        secp256k1_fp(),
        ed25519_fp(),
        bn254_fr(),
        secp256k1_n(),
        ed25519_l(),
    ] {
        let mut squares = 0;
        for i in 0u64..200 {
            let a = f.elem(BigUint::from(i).pow(7) + 3u32);
            match a.sqrt() {
                Some(root) => {
                    assert_eq!(root.square(), a);
                    assert!(a.is_square());
                    squares += 1;
                }
                None => assert!(!a.is_square(), "{}: {a:?}", f.name()),
            }
            let b = f.elem(i * i + 1);
            assert_eq!(b.square().sqrt().map(|r| r.square()), Some(b.square()));
        }
        assert!(
            (60..140).contains(&squares),
            "{}: about half are squares",
            f.name()
        );
        assert_eq!(f.zero().sqrt(), Some(f.zero()));
    }
}

static SMALL: std::sync::OnceLock<PrimeField> = std::sync::OnceLock::new();

#[test]
fn small_prime_field_exhaustive() {
    // 𝔽₉₇ (97 ≡ 1 mod 8, 2-adicity 5): every operation against integer arithmetic.
    let f = SMALL.get_or_init(|| PrimeField::new("f97", BigUint::from(97u8)));
    for a in 0u32..97 {
        let x = f.elem(a);
        let squares: Vec<u32> = (0..97).map(|r| r * r % 97).collect();
        assert_eq!(x.is_square(), squares.contains(&a));
        assert_eq!(x.sqrt().is_some(), x.is_square());
        match x.inv() {
            None => assert_eq!(a, 0),
            Some(inv) => assert_eq!(
                (a * inv.value().iter_u32_digits().next().unwrap_or(0)) % 97,
                1
            ),
        }
        for b in [0u32, 1, 2, 50, 96] {
            let y = f.elem(b);
            let value = |v: Fp| v.value().iter_u32_digits().next().unwrap_or(0);
            assert_eq!(value(x.add(&y)), (a + b) % 97);
            assert_eq!(value(x.sub(&y)), (a + 97 - b) % 97);
            assert_eq!(value(x.mul(&y)), a * b % 97);
        }
    }
    assert_eq!(f.from_i64(-1), f.elem(96u8));
    assert_eq!(f.from_canonical(&BigUint::from(97u8)), None);
    assert_eq!(f.from_canonical(&BigUint::from(96u8)), Some(f.elem(96u8)));
    assert_eq!(f.elem(200u32), f.elem(6u8));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Lehmer's inversion against num-bigint's `modinv` (a different extended Euclid).
    #[test]
    fn inversion_vs_modinv(bytes in prop::array::uniform32(any::<u8>()), shift in 0u32..256) {
        for f in [bn254_fq(), secp256k1_fp(), ed25519_fp(), ed25519_l()] {
            for v in [BigUint::from_bytes_le(&bytes), BigUint::one() << shift, f.modulus() - 1u8] {
                let a = f.elem(v);
                match a.inv() {
                    None => prop_assert!(a.is_zero()),
                    Some(inv) => prop_assert_eq!(
                        Some(inv.value().clone()),
                        a.value().modinv(f.modulus())
                    ),
                }
            }
        }
    }

    #[test]
    fn byte_encodings(bytes in prop::array::uniform32(any::<u8>())) {
        let a = bn254_fq().elem(BigUint::from_bytes_be(&bytes));
        let be = a.to_be_bytes(32);
        let mut le = a.to_le_bytes(32);
        prop_assert_eq!(BigUint::from_bytes_be(&be), a.value().clone());
        le.reverse();
        prop_assert_eq!(le, be);
        prop_assert_eq!(a.to_be_bytes(40)[..8].to_vec(), vec![0u8; 8]);
        prop_assert_eq!(format!("{a:?}"), format!("0x{:x}", a.value()));
    }
}

/// A random 𝔽ₚ² element from two 64-bit seeds (spread over the field by squaring).
fn fp2(a: u64, b: u64) -> Fp2 {
    let fq = bn254_fq();
    let spread = |v: u64| fq.elem(BigUint::from(v).pow(5) + 1u8);
    Fp2::new(spread(a), spread(b))
}

fn fp12(seeds: &[u64; 12]) -> Fp12 {
    let c: Vec<Fp2> = seeds.chunks(2).map(|s| fp2(s[0], s[1])).collect();
    Fp12::new(
        Fp6::new(c[0].clone(), c[1].clone(), c[2].clone()),
        Fp6::new(c[3].clone(), c[4].clone(), c[5].clone()),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn fp2_sqrt_and_inverse(a in any::<u64>(), b in any::<u64>()) {
        let x = fp2(a, b);
        let sq = x.square();
        prop_assert_eq!(sq.sqrt().map(|r| r.square()), Some(sq.clone()));
        prop_assert_eq!(x.sqrt().is_some(), x.is_square());
        prop_assert_eq!(x.mul(&x.inv().expect("non-zero")), x.one_like());
        prop_assert_eq!(x.mul(&x.conjugate()), Fp2::from_base(x.norm()));
        // Pure real and pure imaginary inputs take the other branch of sqrt.
        let real = Fp2::from_base(x.c0.clone());
        prop_assert_eq!(real.sqrt().map(|r| r.square()), Some(real.clone()));
    }

    #[test]
    fn fp12_ring_laws_and_inverse(
        s in prop::array::uniform12(any::<u64>()),
        t in prop::array::uniform12(any::<u64>()),
    ) {
        let (a, b) = (fp12(&s), fp12(&t));
        let c = fp12(&[s[1], t[2], s[3], t[4], s[5], t[6], s[7], t[8], s[9], t[10], s[11], t[0]]);
        prop_assert_eq!(a.mul(&b), b.mul(&a));
        // The squaring formulas are the schoolbook product with itself.
        prop_assert_eq!(a.square(), a.mul(&a));
        prop_assert_eq!(a.c1.square(), a.c1.mul(&a.c1));
        prop_assert_eq!(a.c0.c2.square(), a.c0.c2.mul(&a.c0.c2));
        prop_assert_eq!(a.mul(&b).mul(&c), a.mul(&b.mul(&c)));
        prop_assert_eq!(a.mul(&b.add(&c)), a.mul(&b).add(&a.mul(&c)));
        prop_assert_eq!(a.mul(&a.inv().expect("non-zero")), Fp12::one());
        prop_assert_eq!(a.c0.mul(&a.c0.inv().expect("non-zero")), Fp6::one());
        prop_assert_eq!(Fp12::from_coeffs(&a.coeffs().try_into().expect("12")), Some(a.clone()));
        prop_assert!(a.mul(&a.conjugate()).c1.is_zero(), "a·ā ∈ 𝔽ₚ⁶");
    }
}

#[test]
fn tower_structure() {
    let fq = bn254_fq();
    let (zero, one) = (Fp2::zero(), Fp2::one());
    let u = Fp2::new(fq.zero(), fq.one());
    assert_eq!(u.square(), one.neg(), "u² = −1");
    let v = Fp6::new(zero.clone(), one.clone(), zero.clone());
    let xi = Fp2::new(fq.elem(9u8), fq.one());
    assert_eq!(
        v.square().mul(&v),
        Fp6::new(xi, zero.clone(), zero.clone()),
        "v³ = ξ"
    );
    let w = Fp12::new(Fp6::zero(), Fp6::one());
    assert_eq!(w.square(), Fp12::new(v, Fp6::zero()), "w² = v");
    // Coefficient order c0.c0.c0, c0.c0.c1, c0.c1.c0, …: coefficient 2 is v, 6 is w.
    let unit = |i: usize| {
        let mut c: [BigUint; 12] = Default::default();
        c[i] = BigUint::one();
        Fp12::from_coeffs(&c).expect("canonical")
    };
    assert_eq!(unit(6), w);
    assert_eq!(unit(2), w.square());
    assert_eq!(unit(1).square(), Fp12::one().neg(), "coefficient 1 is u");
    let mut too_big: [BigUint; 12] = Default::default();
    too_big[11] = fq.modulus().clone();
    assert_eq!(Fp12::from_coeffs(&too_big), None);
    assert_eq!(Fp12::zero().inv(), None);
    assert_eq!(Fp2::zero().inv(), None);
}

#[test]
fn pairing_bilinear_and_non_degenerate() {
    let (g1, g2) = (bn254_g1(), bn254_g2());
    let (p, q) = (g1.generator.clone(), g2.generator.clone());
    let e = gt::pairing(&p, &q);
    assert_ne!(e, gt::one(), "non-degenerate");
    assert!(gt::is_in_gt(&e));
    let a = BigUint::from(6u8);
    let e_a = gt::pow(&e, &a);
    assert_eq!(
        gt::pairing(&g1.mul(&p, &a), &q),
        e_a,
        "e(aP, Q) = e(P, Q)^a"
    );
    assert_eq!(
        gt::pairing(&p, &g2.mul(&q, &a)),
        e_a,
        "e(P, aQ) = e(P, Q)^a"
    );
    assert_eq!(gt::pairing(&Point::Identity, &q), gt::one());
    assert_eq!(gt::pairing(&p, &Point::Identity), gt::one());
    // pairing_check: e(aP, Q)·e(−P, aQ) = 1; empty and infinity-only products are 1.
    let b = BigUint::from(1_000_003u32);
    assert!(gt::pairing_check(&[
        (g1.mul(&p, &b), q.clone()),
        (g1.neg(&p), g2.mul(&q, &b)),
    ]));
    assert!(!gt::pairing_check(&[(p.clone(), q.clone())]));
    assert!(gt::pairing_check(&[]));
    assert!(gt::pairing_check(&[
        (Point::Identity, q),
        (p, Point::Identity)
    ]));
}

/// BLS12-381: parameters from the BLS polynomials in x, cofactors, twist, tower, Frobenius,
/// untwisting, the final-exponent identities, and the pairing's bilinearity.
mod bls12_381_constants {
    use ecdiff_oracles::bls12_381::curve::interleaved_msm;
    use ecdiff_oracles::bls12_381::pairing::{
        generator_pairing, is_in_cyclotomic_subgroup, is_in_gt, pairing, pairing_check,
        pairing_of_logs, untwist,
    };
    use ecdiff_oracles::bls12_381::tower::{fp2_pow, mul_by_xi, xi, Fp12, Fp6};
    use ecdiff_oracles::bls12_381::{
        bls12_381_fp, bls12_381_fr, bls12_381_g1, bls12_381_g2, bls12_381_twist_b, BLS_X_ABS,
        BLS_X_IS_NEGATIVE,
    };
    use ecdiff_oracles::field::Field;
    use ecdiff_oracles::tower::Fp2;
    use ecdiff_oracles::weierstrass::Point;
    use num_bigint::{BigInt, BigUint};
    use num_traits::{One, Zero};
    use proptest::prelude::*;

    use super::probably_prime;

    /// The signed BLS parameter x = −0xd201000000010000.
    fn x() -> BigInt {
        const { assert!(BLS_X_IS_NEGATIVE) };
        -BigInt::from(BLS_X_ABS)
    }

    fn big(n: &BigUint) -> BigInt {
        BigInt::from(n.clone())
    }

    #[test]
    fn parameters_from_the_bls_polynomials() {
        let x = x();
        let (p, r) = (big(bls12_381_fp().modulus()), big(bls12_381_fr().modulus()));
        // draft-irtf-cfrg-pairing-friendly-curves §4.2.1 / Barreto–Lynn–Scott 2002.
        assert_eq!(r, x.pow(4) - x.pow(2) + 1i32, "r = x⁴ − x² + 1");
        let p_num = (&x - 1i32).pow(2) * (x.pow(4) - x.pow(2) + 1i32);
        assert!((&p_num % 3i32).is_zero());
        assert_eq!(p, p_num / 3i32 + &x, "p = (x − 1)²(x⁴ − x² + 1)/3 + x");
        assert!(probably_prime(bls12_381_fp().modulus()));
        assert!(probably_prime(bls12_381_fr().modulus()));
        assert_eq!(bls12_381_fp().bits(), 381);
        assert_eq!(bls12_381_fr().bits(), 255);
        assert_eq!(
            &p % 4i32,
            BigInt::from(3),
            "p ≡ 3 (mod 4): u² = −1 is irreducible"
        );
        // #E(𝔽ₚ) = p + 1 − t with t = x + 1, and h1 = (x − 1)²/3.
        let n1 = &p + 1i32 - (&x + 1i32);
        let g1 = bls12_381_g1();
        assert_eq!(
            big(&g1.cofactor),
            (&x - 1i32).pow(2) / 3i32,
            "h1 = (x − 1)²/3"
        );
        assert_eq!(big(&g1.cofactor) * &r, n1, "h1·r = #E(𝔽ₚ)");
        // #E′(𝔽ₚ²) for the sextic twist: t₂ = t² − 2p, f² = (4p² − t₂²)/3 and
        // #E′ = p² + 1 − (t₂ ± 3f)/2 (Hess–Smart–Vercauteren 2006, Prop. 8; the sign is the
        // one r divides). h2 is that order over r.
        let t = &x + 1i32;
        let t2 = t.pow(2) - 2i32 * &p;
        let f2 = (4i32 * p.pow(2) - t2.pow(2)) / 3i32;
        let f = f2.sqrt();
        assert_eq!(&f * &f, f2);
        let candidates = [
            p.pow(2) + 1i32 - (&t2 + 3i32 * &f) / 2i32,
            p.pow(2) + 1i32 - (&t2 - 3i32 * &f) / 2i32,
        ];
        let n2 = candidates
            .iter()
            .find(|n| (*n % &r).is_zero())
            .expect("r divides one twist order");
        assert_eq!(big(&bls12_381_g2().cofactor) * &r, *n2, "h2·r = #E′(𝔽ₚ²)");
        // Embedding degree 12.
        let (pu, ru) = (bls12_381_fp().modulus(), bls12_381_fr().modulus());
        for k in 1..12u32 {
            assert!(!((pu.pow(k) - 1u8) % ru).is_zero(), "k = {k}");
        }
        assert!(((pu.pow(12) - 1u8) % ru).is_zero());
        // The hard part of the final exponentiation used by zkcrypto/RELIC (Hayashida–
        // Hayasaka–Teruya, eprint 2020/875): (x − 1)²(x + p)(x² + p² − 1) + 3 = 3(p⁴ − p² + 1)/r.
        let lambda = (p.pow(4) - p.pow(2) + 1i32) / &r;
        assert_eq!(
            (&x - 1i32).pow(2) * (&x + &p) * (x.pow(2) + p.pow(2) - 1i32) + 3i32,
            3i32 * lambda
        );
    }

    #[test]
    fn twist_tower_and_generators() {
        let fp = bls12_381_fp();
        // b′ = 4ξ, ξ = 1 + u neither a square nor a cube in 𝔽ₚ².
        assert_eq!(bls12_381_twist_b(), xi().scale(&fp.elem(4u8)));
        assert_eq!(bls12_381_g2().b, bls12_381_twist_b());
        assert!(!xi().is_square());
        let p2_minus_1 = fp.modulus().pow(2) - 1u8;
        assert_ne!(fp2_pow(&xi(), &(&p2_minus_1 / 3u8)), xi().one_like());
        let a = Fp2::new(fp.elem(1234u32), fp.elem(5678u32));
        assert_eq!(mul_by_xi(&a), a.mul(&xi()));
        // v³ = ξ and w² = v in the tower.
        let zero2 = a.zero_like();
        let v = Fp6::new(zero2.clone(), a.one_like(), zero2.clone());
        assert_eq!(v.square().mul(&v), Fp6::from_fp2(xi()));
        let w = Fp12::new(Fp6::zero(), Fp6::one());
        assert_eq!(w.square(), Fp12::new(v, Fp6::zero()));
        // Generators: on the curve, order r, and a cofactor·(random point) is in the subgroup.
        for (name, ok) in [
            (
                "G1",
                bls12_381_g1().is_in_subgroup(&bls12_381_g1().generator),
            ),
            (
                "G2",
                bls12_381_g2().is_in_subgroup(&bls12_381_g2().generator),
            ),
        ] {
            assert!(ok, "{name} generator has order r");
        }
        let g1 = bls12_381_g1();
        let p = (1u64..)
            .find_map(|x| g1.lift_x(&fp.elem(x)))
            .expect("a point");
        assert!(!g1.is_in_subgroup(&p), "a random point is not in G1");
        assert!(g1.is_in_subgroup(&g1.mul(&p, &g1.cofactor)), "h1·P ∈ G1");
        let g2 = bls12_381_g2();
        let q = (1u64..)
            .find_map(|x| g2.lift_x(&Fp2::new(fp.elem(x), fp.one())))
            .expect("a point");
        assert!(!g2.is_in_subgroup(&q), "a random point is not in G2");
        assert!(g2.is_in_subgroup(&g2.mul(&q, &g2.cofactor)), "h2·Q ∈ G2");
        // ψ maps E′ into E(𝔽ₚ¹²): y² = x³ + 4.
        let Point::Affine { x, y } = &g2.generator else {
            panic!("affine")
        };
        let (xe, ye) = untwist(x, y);
        let four = Fp12::from_fp(fp.elem(4u8));
        assert_eq!(ye.square(), xe.square().mul(&xe).add(&four));
    }

    fn fp12(seeds: &[u64; 12]) -> Fp12 {
        let fp = bls12_381_fp();
        let c: Vec<BigUint> = seeds
            .iter()
            .map(|s| {
                BigUint::from(*s) * BigUint::from(0x9e37_79b9_7f4a_7c15u64).pow(5u32) % fp.modulus()
            })
            .collect();
        Fp12::from_coeffs(&c.try_into().expect("12")).expect("canonical")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3))]

        #[test]
        fn frobenius_and_conjugate_are_powers(seeds in prop::array::uniform12(1u64..)) {
            let a = fp12(&seeds);
            let p = bls12_381_fp().modulus();
            prop_assert_eq!(a.frobenius_p2(), a.pow(&p.pow(2u32)));
            prop_assert_eq!(a.conjugate(), a.pow(&p.pow(6u32)));
            let inv = a.inv().expect("non-zero");
            prop_assert_eq!(a.mul(&inv), Fp12::one());
            prop_assert_eq!(a.square(), a.mul(&a));
        }

        #[test]
        fn interleaved_msm_is_the_naive_sum(
            logs in prop::collection::vec((any::<u64>(), prop::array::uniform32(any::<u8>())), 0..5)
        ) {
            let g1 = bls12_381_g1();
            let terms: Vec<(BigUint, Point<_>)> = logs
                .iter()
                .map(|(a, k)| (BigUint::from_bytes_le(k), g1.mul_generator(&BigUint::from(*a))))
                .collect();
            prop_assert_eq!(interleaved_msm(g1, &terms), g1.msm(&terms));
            let g2 = bls12_381_g2();
            let terms2: Vec<(BigUint, Point<_>)> = logs
                .iter()
                .take(2)
                .map(|(a, k)| (BigUint::from_bytes_le(k), g2.mul_generator(&BigUint::from(*a))))
                .collect();
            prop_assert_eq!(interleaved_msm(g2, &terms2), g2.msm(&terms2));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(6))]

        /// ZCash round trips on k·G, the sort flag selecting −P, the C flag being enforced.
        #[test]
        fn zcash_serialization_round_trips(k in any::<u64>()) {
            use ecdiff_oracles::bls12_381::serialization::*;
            let k = BigUint::from(k);
            let (g1, g2) = (bls12_381_g1(), bls12_381_g2());
            let p = g1.mul_generator(&k);
            let c = g1_to_compressed(&p).expect("on curve");
            let u = g1_to_uncompressed(&p).expect("on curve");
            prop_assert_eq!(g1_from_compressed(&c, SubgroupCheck::Checked), Ok(p.clone()));
            prop_assert_eq!(g1_from_uncompressed(&u, SubgroupCheck::Unchecked), Ok(p.clone()));
            prop_assert_eq!(
                g1_from_compressed(&u[..48], SubgroupCheck::Unchecked),
                Err(DecodeError::WrongCompressionFlag)
            );
            let mut flipped = c;
            flipped[0] ^= 0x20;
            prop_assert_eq!(g1_from_compressed(&flipped, SubgroupCheck::Unchecked), Ok(g1.neg(&p)));
            let mut sorted = u;
            sorted[0] |= 0x20;
            prop_assert_eq!(
                g1_from_uncompressed(&sorted, SubgroupCheck::Unchecked),
                Err(DecodeError::SortFlagUncompressed)
            );
            let q = g2.mul_generator(&k);
            let c2 = g2_to_compressed(&q).expect("on curve");
            prop_assert_eq!(g2_from_compressed(&c2, SubgroupCheck::Unchecked), Ok(q.clone()));
            let u2 = g2_to_uncompressed(&q).expect("on curve");
            prop_assert_eq!(g2_from_uncompressed(&u2, SubgroupCheck::Unchecked), Ok(q.clone()));
            let mut flipped2 = c2;
            flipped2[0] ^= 0x20;
            prop_assert_eq!(g2_from_compressed(&flipped2, SubgroupCheck::Unchecked), Ok(g2.neg(&q)));
            // An off-curve point is refused by the encoder.
            let Point::Affine { x, y } = &p else { return Ok(()) };
            let off = Point::Affine { x: x.clone(), y: y.add(&y.one_like()) };
            prop_assert_eq!(g1_to_compressed(&off), Err(EncodeError::NotOnCurve));
        }
    }

    #[test]
    fn pairing_bilinear_and_non_degenerate() {
        let (g1, g2) = (bls12_381_g1(), bls12_381_g2());
        let (p, q) = (g1.generator.clone(), g2.generator.clone());
        let e = generator_pairing();
        assert_eq!(*e, pairing(&p, &q));
        assert_ne!(*e, Fp12::one(), "non-degenerate");
        assert!(is_in_gt(e) && is_in_cyclotomic_subgroup(e));
        assert!(
            !is_in_gt(&Fp12::from_fp(bls12_381_fp().elem(2u8))),
            "2 ∉ GT"
        );
        // Small logs: e(aP, bQ) = e(P, Q)^(ab), also via the known-log helper.
        for (a, b) in [(2u32, 3u32), (5, 1), (1, 7)] {
            let (a, b) = (BigUint::from(a), BigUint::from(b));
            let lhs = pairing(&g1.mul(&p, &a), &g2.mul(&q, &b));
            assert_eq!(lhs, e.pow(&(&a * &b)));
            assert_eq!(lhs, pairing_of_logs(&a, &b));
        }
        // e(P, −Q) = e(P, Q)⁻¹ and the check form.
        assert_eq!(pairing(&p, &g2.neg(&q)), e.conjugate());
        let k = BigUint::from(1_000_003u32);
        assert!(pairing_check(&[
            (g1.mul(&p, &k), q.clone()),
            (g1.neg(&p), g2.mul(&q, &k)),
        ]));
        assert!(!pairing_check(&[(p.clone(), q.clone())]));
        assert!(pairing_check(&[]));
        assert!(pairing_check(&[(Point::Identity, q), (p, Point::Identity)]));
        assert!(pairing_of_logs(bls12_381_fr().modulus(), &BigUint::one()) == Fp12::one());
    }
}
