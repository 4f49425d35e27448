//! BN254 GT: the order-r subgroup of 𝔽ₚ¹²*, and a textbook pairing into it.
//!
//! # Algorithm
//!
//! * Group law: 𝔽ₚ¹² multiplication ([`crate::tower`]); exponentiation by left-to-right
//!   square-and-multiply over every bit of the exponent (HMV Algorithm 3.27 written
//!   multiplicatively; no reduction of the exponent, no cyclotomic squaring). [`pow_e`] uses
//!   the shared fixed-base 8-bit window table of [`mcl_e`].
//! * [`pairing`]: the **reduced Tate pairing** e(P, Q) = f_{r,P}(ψ(Q))^((p¹²−1)/r) (Frey–Rück;
//!   Miller, *The Weil pairing and its efficient calculation*, J. Cryptology 2004;
//!   Galbraith, *Pairings*, Advances in ECC, LMS 317, Chapter IX), with
//!   - P ∈ G1 ⊂ E(𝔽ₚ), Miller's loop run on P over the bits of r in affine coordinates, each
//!     step multiplying by the numerator line (tangent, chord, or vertical) through the current
//!     points evaluated at ψ(Q);
//!   - ψ(Q) = (x·w², y·w³) ∈ E(𝔽ₚ¹²) the untwisted image of Q ∈ G2 ⊂ E′(𝔽ₚ²) (w⁶ = ξ maps
//!     y² = x³ + 3/ξ onto y² = x³ + 3);
//!   - the vertical-line denominators dropped: ψ(Q) has x in 𝔽ₚ⁶, so they lie in the proper
//!     subfield 𝔽ₚ⁶, whose non-zero elements the final exponent kills
//!     ((p⁶ − 1) divides (p¹² − 1)/r because r | p⁴ − p² + 1);
//!   - the final exponentiation by (p¹² − 1)/r as one plain square-and-multiply.
//!
//!   It is bilinear and non-degenerate on G1 × G2, but it is not the optimal ate pairing of
//!   ark or mcl: its values differ from theirs by a fixed power. Compare pairing *checks*
//!   (∏ e(Pᵢ, Qᵢ) = 1), never pairing values, across implementations.
//!
//! # Invariants
//!
//! [`mcl_e`] is in GT (e ≠ 1, e^r = 1: checked by the tests against the vector file), so
//! `pow_e(k) = pow(mcl_e, k mod r)`.

use std::sync::OnceLock;

use num_bigint::BigUint;

use crate::curves::{bn254_fq, bn254_fr, bn254_g1};
use crate::field::{Field, Fp};
use crate::group::Group;
use crate::tower::bn254::{Fp12, Fp6};
use crate::tower::Fp2;
use crate::weierstrass::Point;
use crate::window::FixedBaseTable;

/// The mcl test pairing value e(P, Q) for BN_SNARK1 (`tests/vectors/SOURCES.md` §6b), as the
/// 12 decimal coefficients in the order of [`Fp12::from_coeffs`].
const MCL_E_DECIMAL: [&str; 12] = [
    "15163392945550945552839911839294582974434771053565812675833291179413834896953",
    "20389211011850518572149982239826345669421868561029856883955740401696801984953",
    "17766795911013516700216709333389761327222334145011922123798810516425387779347",
    "6064163297423711021549973931984064750876944939004405231004441199168710504090",
    "296093106139306574860102680862436174771023602986903675151017278048818344347",
    "1573596951222456889652521728261836933382094474023551133585236991207205981715",
    "3511871642997169996730611220058787939468653751355351269812083879279936651479",
    "17848534184080172844395614793152774197360421729995967636680357250333093768504",
    "3273860031361637906105800996652640969711942192883181518057117446820546419132",
    "7212721189663231589365009629980400132745687533815732336503876102977912682966",
    "18569236611881855981733896549089319395087993987737891870319625215675547032585",
    "10088832670068482545658647976676953228519838542958787800193793260459700064172",
];

/// 1 ∈ GT.
pub fn one() -> Fp12 {
    Fp12::one()
}

/// a·b in 𝔽ₚ¹².
pub fn mul(a: &Fp12, b: &Fp12) -> Fp12 {
    Field::mul(a, b)
}

/// The conjugate c0 − c1·w, which is a⁻¹ for a ∈ GT.
pub fn conjugate(a: &Fp12) -> Fp12 {
    a.conjugate()
}

/// aᵉ by left-to-right square-and-multiply over every bit of e; a⁰ = 1 (also for a = 0)
/// ([`Fp12::pow`]).
pub fn pow(a: &Fp12, e: &BigUint) -> Fp12 {
    a.pow(e)
}

/// Whether a ≠ 0 and a^r = 1, i.e. a lies in the order-r subgroup GT.
pub fn is_in_gt(a: &Fp12) -> bool {
    !a.is_zero() && pow(a, bn254_fr().modulus()) == a.one_like()
}

/// The mcl pairing value e(P, Q) of `bn254_g2_gt_invalid_kats.json` (an element of GT ≠ 1),
/// the hub of [`Gt`].
pub fn mcl_e() -> &'static Fp12 {
    static E: OnceLock<Fp12> = OnceLock::new();
    E.get_or_init(|| {
        let coeffs = MCL_E_DECIMAL
            .map(|c| BigUint::parse_bytes(c.as_bytes(), 10).expect("valid decimal constant"));
        Fp12::from_coeffs(&coeffs).expect("canonical coefficients")
    })
}

/// mcl_eᵏ = mcl_e^(k mod r) with the fixed-base 8-bit window table of mcl_e (HMV §3.3.2,
/// 32 windows, built on first use); tested against [`pow`].
pub fn pow_e(k: &BigUint) -> Fp12 {
    static TABLE: OnceLock<FixedBaseTable<Fp12>> = OnceLock::new();
    let r = bn254_fr().modulus();
    let table = TABLE.get_or_init(|| {
        FixedBaseTable::build(mcl_e(), r.bits(), &one(), |pairs| {
            pairs.iter().map(|(a, b)| mul(a, b)).collect()
        })
    });
    table
        .select(&(k % r))
        .iter()
        .fold(one(), |acc, entry| mul(&acc, entry))
}

/// The base-field element `a` embedded in 𝔽ₚ¹².
fn embed(a: &Fp) -> Fp12 {
    let zero2 = Fp2::zero();
    Fp12::new(
        Fp6::new(Fp2::from_base(a.clone()), zero2.clone(), zero2),
        Fp6::zero(),
    )
}

/// ψ(Q) = (x·w², y·w³) ∈ E(𝔽ₚ¹²) for Q = (x, y) ∈ E′(𝔽ₚ²): x·w² = x·v and y·w³ = (y·v)·w.
fn untwist(x: &Fp2, y: &Fp2) -> (Fp12, Fp12) {
    let zero2 = Fp2::zero();
    let x_v = Fp6::new(zero2.clone(), x.clone(), zero2.clone());
    let y_v = Fp6::new(zero2.clone(), y.clone(), zero2);
    (Fp12::new(x_v, Fp6::zero()), Fp12::new(Fp6::zero(), y_v))
}

/// One Miller step: the line through T and S (the tangent if S = T, the vertical if
/// S = −T) evaluated at ψ(Q) = (xq, yq), and the point T + S. T and S are affine points of
/// E(𝔽ₚ).
fn line_and_add(t: (&Fp, &Fp), s: (&Fp, &Fp), xq: &Fp12, yq: &Fp12) -> (Fp12, Point<Fp>) {
    let curve = bn254_g1();
    let (xt, yt) = t;
    let (xs, ys) = s;
    let slope = if xt == xs {
        if yt == ys && !yt.is_zero() {
            // Tangent: λ = 3x²/(2y) (a = 0).
            Some(
                xt.square()
                    .mul(&bn254_fq().elem(3u8))
                    .mul(&yt.double().inv().expect("y ≠ 0")),
            )
        } else {
            None
        }
    } else {
        Some(ys.sub(yt).mul(&xs.sub(xt).inv().expect("x_S ≠ x_T")))
    };
    let line = match &slope {
        // l(X, Y) = Y − y_T − λ(X − x_T).
        Some(lambda) => {
            Field::sub(yq, &embed(yt)).sub(&Field::sub(xq, &embed(xt)).mul(&embed(lambda)))
        }
        // Vertical line l(X, Y) = X − x_T (a value in 𝔽ₚ⁶, kept for literalness).
        None => Field::sub(xq, &embed(xt)),
    };
    let tp = Point::Affine {
        x: xt.clone(),
        y: yt.clone(),
    };
    let sp = Point::Affine {
        x: xs.clone(),
        y: ys.clone(),
    };
    (line, curve.add(&tp, &sp))
}

/// Miller's algorithm for f_{r,P}(ψ(Q)) (Miller 2004; numerators only), for affine
/// P ∈ G1 and Q ∈ E′(𝔽ₚ²); asserts that the loop ends at r·P = O.
fn miller_loop(p: (&Fp, &Fp), q: (&Fp2, &Fp2)) -> Fp12 {
    let r = bn254_fr().modulus();
    let (xq, yq) = untwist(q.0, q.1);
    let mut f = Fp12::one();
    let mut t = Point::Affine {
        x: p.0.clone(),
        y: p.1.clone(),
    };
    // T = k·P for the prefix k < r of r's bits read so far: never O for P of order r.
    let affine = |t: &Point<Fp>| match t {
        Point::Affine { x, y } => (x.clone(), y.clone()),
        Point::Identity => panic!("pairing input P is not a point of order r"),
    };
    for i in (0..r.bits() - 1).rev() {
        let (x, y) = affine(&t);
        let (line, doubled) = line_and_add((&x, &y), (&x, &y), &xq, &yq);
        f = f.square().mul(&line);
        t = doubled;
        if r.bit(i) {
            let (x, y) = affine(&t);
            let (line, sum) = line_and_add((&x, &y), p, &xq, &yq);
            f = f.mul(&line);
            t = sum;
        }
    }
    assert!(t.is_identity(), "Miller loop must end at r·P = O");
    f
}

/// The final exponentiation f^((p¹²−1)/r), by plain square-and-multiply.
fn final_exponentiation(f: &Fp12) -> Fp12 {
    static EXP: OnceLock<BigUint> = OnceLock::new();
    let exp = EXP.get_or_init(|| {
        let p12_minus_1 = bn254_fq().modulus().pow(12u32) - 1u8;
        let r = bn254_fr().modulus();
        assert!((&p12_minus_1 % r) == BigUint::ZERO, "r divides p¹² − 1");
        p12_minus_1 / r
    });
    pow(f, exp)
}

/// The product of the Miller values of the non-infinity pairs.
fn miller_product(pairs: &[(Point<Fp>, Point<Fp2>)]) -> Fp12 {
    pairs.iter().fold(Fp12::one(), |acc, pair| match pair {
        (Point::Affine { x: px, y: py }, Point::Affine { x: qx, y: qy }) => {
            acc.mul(&miller_loop((px, py), (qx, qy)))
        }
        _ => acc,
    })
}

/// The reduced Tate pairing e(P, Q) ∈ GT described in the module documentation; 1 if P or Q
/// is the point at infinity. Pass points of G1 and G2: inputs are not validated, except that
/// a P of order other than r panics (Miller's loop must end at r·P = O).
pub fn pairing(p: &Point<Fp>, q: &Point<Fp2>) -> Fp12 {
    final_exponentiation(&miller_product(&[(p.clone(), q.clone())]))
}

/// Whether ∏ e(Pᵢ, Qᵢ) = 1 (the EIP-197 pairing check): pairs with a point at infinity
/// contribute 1 and the empty product is 1. Computed as one final exponentiation of the
/// product of the Miller values, which equals the product of the pairings because the final
/// exponentiation is a homomorphism. Inputs are validated only as in [`pairing`].
pub fn pairing_check(pairs: &[(Point<Fp>, Point<Fp2>)]) -> bool {
    final_exponentiation(&miller_product(pairs)) == Fp12::one()
}

/// GT as a [`Group`] written additively: the "sum" is the 𝔽ₚ¹² product, k·a is aᵏ, the hub
/// is [`mcl_e`] and the order is r.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gt;

impl Group for Gt {
    type Elem = Fp12;
    fn name(&self) -> &'static str {
        "bn254_gt"
    }
    fn order(&self) -> &BigUint {
        bn254_fr().modulus()
    }
    fn identity(&self) -> Fp12 {
        one()
    }
    fn hub(&self) -> Fp12 {
        mcl_e().clone()
    }
    fn add(&self, a: &Fp12, b: &Fp12) -> Fp12 {
        mul(a, b)
    }
    /// The field inverse a⁻¹ (equal to the conjugate on GT); panics on 0, which is not in GT.
    fn neg(&self, a: &Fp12) -> Fp12 {
        a.inv().expect("0 is not an element of GT")
    }
    fn mul(&self, a: &Fp12, k: &BigUint) -> Fp12 {
        pow(a, k)
    }
    fn mul_hub(&self, k: &BigUint) -> Fp12 {
        pow_e(k)
    }
}
