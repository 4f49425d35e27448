//! BLS12-381 pairings: e(P, Q) and products ∏ e(Pᵢ, Qᵢ) (a multi-Miller loop and one final
//! exponentiation), as GT elements compared by their 12 canonical 𝔽ₚ coefficients.
//!
//! # Cases
//!
//! Each term is a pair (P, Q) = (a·G1, b·G2) with its logs a and b known, drawn as one
//! occurrence of the `pairing.pair` scope (so the minimizer drops whole pairs). Pair classes,
//! simplest first: `pair_generators` (G1, G2), `pair_random` (uniform logs),
//! `pair_identity_g1` (P = O, which every library maps to 1 without a Miller loop),
//! `pair_identity_g2` (Q = O), `pair_small_multiples` (logs 2..16), `pair_cancelling` (an
//! earlier pair with P or Q negated: the two pairings multiply to 1), `pair_repeated` (an
//! earlier pair again). A product may end with `product_one`: its last pair is chosen so
//! that Σ aᵢbᵢ ≡ 0 (mod r), the shape of every pairing *check* (BLS signature and KZG
//! verification), whose product is exactly 1; or every pair may have a point at infinity
//! (`product_all_infinity`: nothing is left for the Miller loop, and the product is 1).
//! Points outside G1 or G2 are out of contract for the pairing APIs and never drawn; the
//! encoding routines check that decoders refuse them.
//!
//! A product also records the coincidence classes of ∏ e(Pᵢ, Qᵢ) written additively, terms
//! aᵢbᵢ ([`crate::generators::coincidence::classes`] with logs aᵢ and "scalars" bᵢ): a partial
//! product meeting the next factor or its inverse, two halves meeting, and — the bucket
//! classes — two pairs sharing Q with equal or opposite P (`pair_repeated`, `pair_cancelling`),
//! which an implementation that merges pairs by Q (e(P₁, Q)·e(P₂, Q) = e(P₁ + P₂, Q), as
//! aggregate BLS verification does) adds with a doubling or a cancellation; the pair classes
//! above build these (`product_one` is a prefix meeting the inverse of the last factor). The
//! prefix, suffix and halves meetings come from a product drawn with a *meeting pair*
//! inserted where its term meets ± a partial product (`meeting_pair`); GT multiplication is
//! complete field arithmetic, so these matter for an implementation that merges or
//! reorders pairs, and for the Miller loop's shared accumulator.
//!
//! # Oracle
//!
//! Known logs and bilinearity: ∏ e(aᵢ·G1, bᵢ·G2) = e(G1, G2)^(Σ aᵢbᵢ mod r), one fixed-base
//! exponentiation of the oracle's textbook e(G1, G2) (`ecdiff_oracles::bls12_381::pairing`,
//! its Miller loop run once per process). A library's final exponentiation may raise to a
//! multiple m·(p¹²−1)/r with gcd(m, r) = 1 instead of (p¹²−1)/r; its value is then the m-th
//! power of the oracle's. The subject declares m ([`FinalExponent`]) and the oracle returns
//! e(G1, G2)^(m·Σ aᵢbᵢ). blst, zkcrypto and arkworks all use the hard part of Hayashida,
//! Hayasaka and Teruya (<https://eprint.iacr.org/2020/875>), m = 3; the oracle's known-answer
//! test pins this against RELIC's e(G1, G2) (`oracles/tests/kat/bls12_381.rs`).
//!
//! GT values are compared as their 12 canonical 𝔽ₚ coefficients in the tower order
//! c0.c0.c0, c0.c0.c1, …, c1.c2.c1 (w² = v, v³ = 1 + u, u² = −1, in the oracle and in all three
//! libraries); each adapter reads them its own way (`adapter_blstrs.rs`, `adapter_zkcrypto.rs`,
//! `adapter_ark.rs`) and [`gt_from_coefficients`] makes the oracle's value.

use crate::engine::{Outcome, Routine, RoutineInfo};
use crate::generators::coincidence::{self, meetings_of_logs, COINCIDENCE_CLASSES};
use crate::generators::log_check::logs_hold;
use crate::generators::Gen;
use crate::shapes::{SizedCheck, Spec};
use ecdiff_oracles::bls12_381::pairing::pow_generator_pairing;
use ecdiff_oracles::bls12_381::tower::Fp12;
use ecdiff_oracles::bls12_381::{Bls12381G1, Bls12381G2};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::group::Group;
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// Every per-pair class a product can record.
pub const PAIR_CLASSES: &[&str] = &[
    "pair_generators",
    "pair_random",
    "pair_identity_g1",
    "pair_identity_g2",
    "pair_small_multiples",
    "pair_cancelling",
    "pair_repeated",
    "product_one",
    "product_all_infinity",
];

/// The classes a single pairing e(P, Q) can record (no earlier pair to refer to).
const SINGLE_CLASSES: &[&str] = &[
    "pair_generators",
    "pair_random",
    "pair_identity_g1",
    "pair_identity_g2",
    "pair_small_multiples",
];

/// The scope each pair is drawn under.
pub const PAIR_SCOPE: &str = "pairing.pair";

/// The exponent of a library's final exponentiation (module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinalExponent {
    /// (p¹²−1)/r, the textbook exponent.
    Plain,
    /// 3·(p¹²−1)/r: the hard part by Hayashida–Hayasaka–Teruya's chain.
    Cubed,
}

impl FinalExponent {
    /// m, the multiple of (p¹²−1)/r.
    pub fn multiple(self) -> u32 {
        match self {
            FinalExponent::Plain => 1,
            FinalExponent::Cubed => 3,
        }
    }
}

/// A BLS12-381 pairing product under test.
pub trait PairingProduct: Send + Sync + 'static {
    /// ∏ e(Pᵢ, Qᵢ) over affine points of G1 and G2 (identities included), as the canonical
    /// coefficients of the library's GT element.
    /// Each pair carries its logs, for a library that builds its points by arithmetic.
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12;

    /// The exponent the library's final exponentiation raises to.
    fn final_exponent(&self) -> FinalExponent;
}

/// One pair of a case, with its logs.
#[derive(Clone, Debug)]
pub struct Pair {
    /// a·G1.
    pub p: Point<Fp>,
    /// a, below r.
    pub a: BigUint,
    /// b·G2.
    pub q: Point<Fp2>,
    /// b, below r.
    pub b: BigUint,
}

/// One pairing case: the pairs of the product.
#[derive(Clone, Debug)]
pub struct PairingCase {
    /// The pairs, in order.
    pub pairs: Vec<Pair>,
}

/// Whether the routine takes one pair or a product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arity {
    Single,
    Product,
}

/// The differential check of a pairing.
pub struct PairingCheck {
    spec: Spec,
    arity: Arity,
    subject: Box<dyn PairingProduct>,
}

/// Checks a pairing product ∏ e(Pᵢ, Qᵢ) over the spec's lengths.
pub fn check_product<S: PairingProduct>(spec: Spec, subject: S) -> PairingCheck {
    PairingCheck {
        spec,
        arity: Arity::Product,
        subject: Box::new(subject),
    }
}

/// Checks a single pairing e(P, Q): every case has one pair, and the subject gets a slice of
/// one.
pub fn check_single<S: PairingProduct>(spec: Spec, subject: S) -> PairingCheck {
    PairingCheck {
        spec,
        arity: Arity::Single,
        subject: Box::new(subject),
    }
}

fn pair(a: BigUint, b: BigUint) -> Pair {
    Pair {
        p: Bls12381G1.mul_hub(&a),
        q: Bls12381G2.mul_hub(&b),
        a,
        b,
    }
}

/// Draws one pair (one occurrence of [`PAIR_SCOPE`]) after `earlier` ones.
fn draw_pair(g: &mut Gen, earlier: &[Pair], single: bool, only_infinity: bool) -> Pair {
    let r = Bls12381G1.order();
    g.scope(PAIR_SCOPE, |g| {
        let back = if earlier.is_empty() || single { 0 } else { 8 };
        let kind = if only_infinity {
            2 + g.below(2) as usize
        } else if g.edgy() {
            g.weighted(&[8, 24, 8, 8, 8, back, back])
        } else {
            1
        };
        let (pair, class) = match kind {
            0 => (pair(BigUint::one(), BigUint::one()), "pair_generators"),
            1 => (pair(g.biguint_below(r), g.biguint_below(r)), "pair_random"),
            2 => (
                pair(BigUint::zero(), g.biguint_below(r)),
                "pair_identity_g1",
            ),
            3 => (
                pair(g.biguint_below(r), BigUint::zero()),
                "pair_identity_g2",
            ),
            4 => {
                let a = BigUint::from(g.range(2, 16));
                let b = BigUint::from(g.range(2, 16));
                (pair(a, b), "pair_small_multiples")
            }
            5 => {
                let j = &earlier[g.below(earlier.len() as u64) as usize];
                let negate = |k: &BigUint| (r - k) % r;
                let p = if g.chance(1, 2) {
                    pair(negate(&j.a), j.b.clone())
                } else {
                    pair(j.a.clone(), negate(&j.b))
                };
                (p, "pair_cancelling")
            }
            _ => {
                let j = &earlier[g.below(earlier.len() as u64) as usize];
                (j.clone(), "pair_repeated")
            }
        };
        if g.edgy() {
            g.hit(class);
        }
        pair
    })
}

/// The pair (a·G1, b·G2) closing a product: b = −(Σ aᵢbᵢ)/a over the `earlier` pairs, for a
/// drawn non-zero a (one occurrence of [`PAIR_SCOPE`]).
fn closing_pair(g: &mut Gen, earlier: &[Pair]) -> Pair {
    let r = Bls12381G1.order();
    g.scope(PAIR_SCOPE, |g| {
        let sum = earlier
            .iter()
            .fold(BigUint::zero(), |acc, t| (acc + &t.a * &t.b) % r);
        let a = g.biguint_below(&(r - 1u32)) + 1u32;
        // a⁻¹ = a^(r−2) (r is prime).
        let a_inv = a.modpow(&(r - 2u32), r);
        let b = (r - sum) % r * a_inv % r;
        pair(a, b)
    })
}

/// The pair (a·G1, b·G2) inserted at a drawn index of `earlier` so that, in the product of
/// `earlier.len() + 1` pairs written additively (terms aᵢbᵢ), a partial product meets ± the new
/// term: the prefix before it, the suffix after it, or (the new pair in the second half) the
/// two halves. A drawn non-zero a, b solved (one occurrence of [`PAIR_SCOPE`]); returns the
/// index. The classes say which meeting holds ([`coincidence::classes`]; none when the other
/// side sums to 0).
fn meeting_pair(g: &mut Gen, pairs: &mut Vec<Pair>) -> usize {
    let r = Bls12381G1.order();
    let n = pairs.len() + 1;
    let (index, pair) = g.scope(PAIR_SCOPE, |g| {
        let negated = g.chance(1, 2);
        let kind = g.below(3);
        let index = match kind {
            0 => g.range(1, n - 1),
            1 => g.range(0, n - 2),
            _ => g.range(n / 2, n - 1),
        };
        let sum =
            |range: &[Pair]| (range.iter()).fold(BigUint::zero(), |acc, t| (acc + &t.a * &t.b) % r);
        let signed = |v: BigUint| if negated { (r - v) % r } else { v };
        let target = match kind {
            0 => signed(sum(&pairs[..index])),
            1 => signed(sum(&pairs[index..])),
            _ => {
                let (first, second) = (sum(&pairs[..n / 2]), sum(&pairs[n / 2..]));
                (signed(first) + r - second) % r
            }
        };
        let a = g.biguint_below(&(r - 1u32)) + 1u32;
        let b = target * a.modpow(&(r - 2u32), r) % r;
        (index, pair(a, b))
    });
    pairs.insert(index, pair);
    index
}

impl SizedCheck for PairingCheck {
    fn generate_len(&self, g: &mut Gen, n: usize) -> Self::Case {
        let single = self.arity == Arity::Single;
        let n = if single { 1 } else { n };
        // The product's class: plain, closed to 1, every pair with a point at infinity, or with
        // a partial product meeting one of its factors.
        let two = if n >= 2 { 35 } else { 0 };
        let (product_one, all_infinity, meeting) =
            match (!single && n >= 1 && g.edgy()).then(|| g.weighted(&[50, two, 15, two])) {
                Some(1) => (true, false, false),
                Some(2) => (false, true, false),
                Some(3) => (false, false, true),
                _ => (false, false, false),
            };
        let mut pairs: Vec<Pair> = Vec::with_capacity(n);
        for _ in 0..n - usize::from(product_one || meeting) {
            let next = draw_pair(g, &pairs, single, all_infinity);
            pairs.push(next);
        }
        if all_infinity {
            g.hit("product_all_infinity");
        }
        if product_one {
            let last = closing_pair(g, &pairs);
            pairs.push(last);
            g.hit("product_one");
        }
        if meeting {
            meeting_pair(g, &mut pairs);
        }
        if !single {
            let a: Vec<&BigUint> = pairs.iter().map(|t| &t.a).collect();
            let b: Vec<BigUint> = pairs.iter().map(|t| t.b.clone()).collect();
            coincidence::record(g, &a, &b, Bls12381G1.order());
        }
        PairingCase { pairs }
    }
}

impl Routine for PairingCheck {
    type Case = PairingCase;
    type Output = Fp12;

    fn info(&self) -> RoutineInfo {
        let classes = match self.arity {
            Arity::Single => SINGLE_CLASSES.to_vec(),
            Arity::Product => {
                let mut c = self.spec.lengths.classes();
                c.extend(PAIR_CLASSES);
                c.extend(COINCIDENCE_CLASSES);
                c
            }
        };
        self.spec.info(
            "known logs: e(G1, G2)^(m·Σ aᵢbᵢ mod r) from the textbook optimal ate pairing \
             of the generators",
            classes,
        )
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let n = match self.arity {
            Arity::Single => 1,
            Arity::Product => self.spec.lengths.draw(g),
        };
        self.generate_len(g, n)
    }

    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        use ecdiff_oracles::bls12_381::{bls12_381_g1, bls12_381_g2};
        let (g1, g2) = (bls12_381_g1(), bls12_381_g2());
        let pairs = &case.pairs;
        let o1 = |t: &Pair| t.p == Point::Identity;
        let o2 = |t: &Pair| t.q == Point::Identity;
        let small = |t: &Pair| {
            (2..=16u32).any(|k| t.p == g1.mul(&g1.generator, &BigUint::from(k)))
                && (2..=16u32).any(|k| t.q == g2.mul(&g2.generator, &BigUint::from(k)))
        };
        let earlier = |related: &dyn Fn(&Pair, &Pair) -> bool| {
            (0..pairs.len()).any(|j| (0..j).any(|i| related(&pairs[i], &pairs[j])))
        };
        // Read off the points the subject receives (the pairs' logs are the oracle's side).
        Some(match class {
            "pair_generators" => pairs
                .iter()
                .any(|t| t.p == g1.generator && t.q == g2.generator),
            "pair_identity_g1" => pairs.iter().any(o1),
            "pair_identity_g2" => pairs.iter().any(o2),
            "pair_small_multiples" => pairs.iter().any(small),
            "pair_random" => pairs.iter().any(|t| !o1(t) && !o2(t)),
            "pair_cancelling" => earlier(&|a, b| {
                (b.p == g1.neg(&a.p) && b.q == a.q) || (b.p == a.p && b.q == g2.neg(&a.q))
            }),
            "pair_repeated" => earlier(&|a, b| a.p == b.p && a.q == b.q),
            "product_all_infinity" => pairs.iter().all(|t| o1(t) || o2(t)),
            // The product's value: its factors' logs checked on both curves, then read off
            // the GT exponents aᵢbᵢ (the oracle's pairing of each pair is too slow here).
            class if class == "product_one" || COINCIDENCE_CLASSES.contains(&class) => {
                let r = Bls12381G1.order();
                let (p, a): (Vec<Point<Fp>>, Vec<&BigUint>) =
                    pairs.iter().map(|t| (t.p.clone(), &t.a)).unzip();
                let (q, b): (Vec<Point<Fp2>>, Vec<BigUint>) =
                    pairs.iter().map(|t| (t.q.clone(), t.b.clone())).unzip();
                let b_refs: Vec<&BigUint> = b.iter().collect();
                if !logs_hold(g1, &p, &a, 1) || !logs_hold(g2, &q, &b_refs, 2) {
                    return Some(false);
                }
                if class == "product_one" {
                    let sum =
                        (a.iter().zip(&b)).fold(BigUint::zero(), |acc, (a, b)| (acc + *a * b) % r);
                    return Some(sum.is_zero());
                }
                meetings_of_logs(&a, &b, r).contains(class)
            }
            _ => return self.spec.lengths.class_holds(class, pairs.len()),
        })
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        Outcome::Value(self.subject.pairing_product(&case.pairs))
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        let r = Bls12381G1.order();
        let sum = case
            .pairs
            .iter()
            .fold(BigUint::zero(), |acc, t| (acc + &t.a * &t.b) % r);
        let m = self.subject.final_exponent().multiple();
        Outcome::Value(pow_generator_pairing(&(sum * m % r)))
    }

    fn render_case(&self, case: &Self::Case) -> String {
        let pairs: Vec<String> = case
            .pairs
            .iter()
            .enumerate()
            .map(|(i, t)| {
                format!(
                    "  [{i}] P = 0x{:x}·G1 = {}\n      Q = 0x{:x}·G2 = {}",
                    t.a,
                    crate::shapes::hex_point(&t.p),
                    t.b,
                    crate::shapes::hex_point(&t.q)
                )
            })
            .collect();
        format!(
            "n = {}\npairs = [\n{}\n]",
            case.pairs.len(),
            pairs.join("\n")
        )
    }

    fn render_output(&self, output: &Self::Output) -> String {
        hex_fp12(output)
    }
}

/// A GT element from its 12 canonical coefficients in the tower order (module docs), as an
/// adapter reads them from its library.
///
/// # Panics
/// When there are not 12, or one is not below p.
pub fn gt_from_coefficients(coeffs: Vec<BigUint>) -> Fp12 {
    let coeffs: [BigUint; 12] = coeffs.try_into().expect("12 coefficients");
    Fp12::from_coeffs(&coeffs).expect("canonical coefficients below p")
}

/// The one pair of a single pairing's case.
///
/// # Panics
/// When the case has another number of pairs (the single rows draw exactly one).
pub fn single_pair(pairs: &[Pair]) -> &Pair {
    match pairs {
        [one] => one,
        _ => panic!("a single pairing takes one pair, got {}", pairs.len()),
    }
}

/// The 12 coefficients c0.c0.c0, c0.c0.c1, …, c1.c2.c1 in hex.
pub fn hex_fp12(x: &Fp12) -> String {
    let c: Vec<String> = x.coeffs().iter().map(|c| format!("0x{c:x}")).collect();
    format!("[{}]", c.join(", "))
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
