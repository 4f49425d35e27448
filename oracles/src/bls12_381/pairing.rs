//! BLS12-381 GT ⊂ 𝔽ₚ¹²* and the optimal ate pairing e: G1 × G2 → GT, textbook.
//!
//! # Algorithm
//!
//! * The **optimal ate pairing** for BLS12 curves (Vercauteren, *Optimal pairings*, IEEE
//!   Trans. Inf. Theory 56(1), 2010, §IV.B / Example; Hess–Smart–Vercauteren, *The Eta Pairing
//!   Revisited*, 2006; draft-irtf-cfrg-pairing-friendly-curves-11 §2.5 and Appendix A):
//!   e(P, Q) = f_{x,Q}(P)^((p¹²−1)/r) with x = −0xd201000000010000, where f_{x,Q} is the Miller
//!   function of divisor x(Q) − (\[x\]Q) − (x − 1)(O) (Miller, *The Weil pairing and its
//!   efficient calculation*, J. Cryptology 17, 2004).
//! * Miller's loop over the bits of |x| (Miller 2004, Algorithm 1; Scott, *Implementing
//!   cryptographic pairings*, Pairing 2007, <https://eprint.iacr.org/2007/026>, §3): f ← f²·l_{T,T}(P),
//!   T ← 2T, and for a set bit f ← f·l_{T,Q}(P), T ← T + Q. T runs over E′(𝔽ₚ²) with the affine
//!   chord-and-tangent law of [`crate::weierstrass::Curve`]; each line is the line through
//!   ψ(T) and ψ(S) on E(𝔽ₚ¹²), for the untwisting ψ(x′, y′) = (x′·w⁻², y′·w⁻³) of the M-twist
//!   (w⁶ = ξ, so y′² = x′³ + 4ξ becomes y² = x³ + 4). Its slope is λ = λ′·w⁻¹ for the slope
//!   λ′ of the same chord or tangent on E′, so
//!   l(P) = (y_P − y′_T·w⁻³) − λ′w⁻¹·(x_P − x′_T·w⁻²), and the vertical line is x_P − x′_T·w⁻².
//!   The loop asserts that T ends at |x|·Q.
//! * Denominators dropped: the vertical lines x_P − x′·w⁻² lie in 𝔽ₚ⁶ (w⁻² = v⁻¹), whose
//!   non-zero elements the final exponent kills because (p⁶ − 1) divides (p¹² − 1)/r
//!   (r divides Φ₁₂(p) = p⁴ − p² + 1, which divides p⁶ + 1).
//! * x < 0: f_{x,Q} = 1/(f_{|x|,Q}·v_{\[|x|\]Q}) (Miller-function relation, e.g. Aranha et al.,
//!   *Faster explicit formulas for computing pairings over ordinary curves*, EUROCRYPT 2011,
//!   §2); the vertical v is dropped as above, so the Miller value is f_{|x|,Q}(P)⁻¹.
//! * Final exponentiation by the plain exponent (p¹² − 1)/r, split as
//!   (p⁶ − 1)·(p² + 1)·Λ with Λ = (p⁴ − p² + 1)/r (the "easy" and "hard" parts of Scott et al.,
//!   *On the final exponentiation for calculating pairings on ordinary elliptic curves*,
//!   Pairing 2009, §2): g = f^(p⁶−1) = f̄·f⁻¹ (the conjugate is the p⁶-power Frobenius),
//!   h = g^(p²+1) = g^(p²)·g ([`Fp12::frobenius_p2`]), then one plain square-and-multiply by
//!   Λ (1269 bits). The result is exactly f^((p¹²−1)/r); no addition chain, no cyclotomic
//!   squaring.
//! * Pairing checks ∏ e(Pᵢ, Qᵢ) = 1 multiply the Miller values and exponentiate once (the
//!   final exponentiation is a homomorphism).
//! * GT = {a ∈ 𝔽ₚ¹²* : aʳ = 1}, inside the cyclotomic subgroup {a : a^Φ₁₂(p) = 1} (Granger and
//!   Scott, *Faster squaring in the cyclotomic subgroup of sixth degree extensions*, PKC 2010,
//!   §2); [`is_in_gt`] checks both by plain exponentiation.
//!
//! The value is compared with RELIC's e(G1, G2) (zkcrypto's `test_pairing_result_against_relic`,
//! `tests/vectors/bls12381_gt_pairing_generators.json`) by the known-answer tests, which
//! document the exponent relation they find.
//!
//! # Invariants
//!
//! [`generator_pairing`] is computed once and is an element of GT different from 1 (checked
//! by the tests), so [`pow_generator_pairing`]`(k)` = e(G1, G2)^(k mod r).

use std::sync::OnceLock;

use num_bigint::BigUint;

use super::curve::bls12_381_g2;
use super::tower::{Fp12, Fp6};
use super::{bls12_381_fp, bls12_381_fr, BLS_X_ABS, BLS_X_IS_NEGATIVE};
use crate::field::{Field, Fp};
use crate::group::Group;
use crate::tower::Fp2;
use crate::weierstrass::Point;
use crate::window::FixedBaseTable;

/// w⁻¹, w⁻² and w⁻³ in 𝔽ₚ¹² (w = 0 + 1·w), computed once by inversion.
fn w_inverse_powers() -> &'static [Fp12; 3] {
    static POWERS: OnceLock<[Fp12; 3]> = OnceLock::new();
    POWERS.get_or_init(|| {
        let w = Fp12::new(Fp6::zero(), Fp6::one());
        let w_inv = w.inv().expect("w ≠ 0");
        let w_inv2 = w_inv.square();
        let w_inv3 = w_inv2.mul(&w_inv);
        [w_inv, w_inv2, w_inv3]
    })
}

/// ψ(Q) = (x′·w⁻², y′·w⁻³) ∈ E(𝔽ₚ¹²) for Q = (x′, y′) ∈ E′(𝔽ₚ²): the untwisting of the
/// M-twist (module documentation). Public for the tests, which check that ψ(Q) is on E.
pub fn untwist(x: &Fp2, y: &Fp2) -> (Fp12, Fp12) {
    let [_, w_inv2, w_inv3] = w_inverse_powers();
    (
        Fp12::from_fp2(x.clone()).mul(w_inv2),
        Fp12::from_fp2(y.clone()).mul(w_inv3),
    )
}

/// The line through ψ(T) and ψ(S) (the tangent if S = T, the vertical if S = −T, including
/// the tangent at a point of order 2) evaluated at P = (x_P, y_P), see the module docs.
fn line(t: (&Fp2, &Fp2), s: (&Fp2, &Fp2), xp: &Fp12, yp: &Fp12) -> Fp12 {
    let [w_inv, w_inv2, w_inv3] = w_inverse_powers();
    let (xt, yt) = t;
    let (xs, ys) = s;
    let slope = if xt == xs {
        if yt == ys && !yt.is_zero() {
            // Tangent on E′ (a = 0): λ′ = 3x′²/(2y′).
            let three = xt.from_u64_like(3);
            Some(
                xt.square()
                    .mul(&three)
                    .mul(&yt.double().inv().expect("y ≠ 0")),
            )
        } else {
            None
        }
    } else {
        Some(ys.sub(yt).mul(&xs.sub(xt).inv().expect("x_S ≠ x_T")))
    };
    let x_term = xp.sub(&Fp12::from_fp2(xt.clone()).mul(w_inv2));
    match slope {
        // l = (y_P − y_T) − λ(x_P − x_T) with y_T = y′w⁻³, λ = λ′w⁻¹, x_T = x′w⁻².
        Some(lambda) => {
            let y_term = yp.sub(&Fp12::from_fp2(yt.clone()).mul(w_inv3));
            let lambda_e = Fp12::from_fp2(lambda).mul(w_inv);
            y_term.sub(&lambda_e.mul(&x_term))
        }
        // l = x_P − x_T (a value in 𝔽ₚ⁶, kept for literalness).
        None => x_term,
    }
}

/// The affine coordinates of a point known not to be O.
fn affine<F: Clone>(p: &Point<F>, what: &str) -> (F, F) {
    match p {
        Point::Affine { x, y } => (x.clone(), y.clone()),
        Point::Identity => panic!("{what} is the point at infinity"),
    }
}

/// The Miller value f_{x,Q}(P) (verticals dropped, module documentation) for affine
/// P ∈ E(𝔽ₚ) and Q ∈ E′(𝔽ₚ²). Asserts that the loop ends at T = |x|·Q.
pub fn miller_loop(p: (&Fp, &Fp), q: (&Fp2, &Fp2)) -> Fp12 {
    let g2 = bls12_381_g2();
    let (xp, yp) = (Fp12::from_fp(p.0.clone()), Fp12::from_fp(p.1.clone()));
    let q_point = Point::Affine {
        x: q.0.clone(),
        y: q.1.clone(),
    };
    let x_abs = BigUint::from(BLS_X_ABS);
    let mut f = Fp12::one();
    let mut t = q_point.clone();
    for i in (0..x_abs.bits() - 1).rev() {
        // T = k·Q for a prefix 1 ≤ k < |x| < r of |x|'s bits: never O, never ±Q when adding.
        let (xt, yt) = affine(&t, "T");
        f = f.square().mul(&line((&xt, &yt), (&xt, &yt), &xp, &yp));
        t = g2.double(&t);
        if x_abs.bit(i) {
            let (xt, yt) = affine(&t, "T");
            f = f.mul(&line((&xt, &yt), q, &xp, &yp));
            t = g2.add(&t, &q_point);
        }
    }
    assert!(
        t == g2.mul(&q_point, &x_abs),
        "Miller loop must end at T = |x|·Q"
    );
    if BLS_X_IS_NEGATIVE {
        f.inv()
            .expect("a Miller value of points of G1 × G2 is non-zero")
    } else {
        f
    }
}

/// Λ = (p⁴ − p² + 1)/r, asserted to be an integer.
fn hard_exponent() -> &'static BigUint {
    static EXP: OnceLock<BigUint> = OnceLock::new();
    EXP.get_or_init(|| {
        let p = bls12_381_fp().modulus();
        let phi12 = p.pow(4u32) - p.pow(2u32) + 1u8;
        let r = bls12_381_fr().modulus();
        assert!(&phi12 % r == BigUint::ZERO, "r divides p⁴ − p² + 1");
        phi12 / r
    })
}

/// f^((p¹²−1)/r) = ((f̄·f⁻¹)^(p²+1))^Λ (module documentation); panics on f = 0.
pub fn final_exponentiation(f: &Fp12) -> Fp12 {
    let g = f
        .conjugate()
        .mul(&f.inv().expect("the final exponentiation of 0 is undefined"));
    let h = g.frobenius_p2().mul(&g);
    h.pow(hard_exponent())
}

/// The product of the Miller values of the pairs without a point at infinity.
fn miller_product(pairs: &[(Point<Fp>, Point<Fp2>)]) -> Fp12 {
    pairs.iter().fold(Fp12::one(), |acc, pair| match pair {
        (Point::Affine { x: px, y: py }, Point::Affine { x: qx, y: qy }) => {
            acc.mul(&miller_loop((px, py), (qx, qy)))
        }
        _ => acc,
    })
}

/// The optimal ate pairing e(P, Q) ∈ GT of the module documentation; 1 if P or Q is the point
/// at infinity. Pass points of G1 and G2: inputs are not validated (the decoders and
/// [`crate::weierstrass::Curve::is_in_subgroup`] do that).
pub fn pairing(p: &Point<Fp>, q: &Point<Fp2>) -> Fp12 {
    final_exponentiation(&miller_product(&[(p.clone(), q.clone())]))
}

/// Whether ∏ e(Pᵢ, Qᵢ) = 1 (the EIP-2537 pairing check): pairs with a point at infinity
/// contribute 1 and the empty product is 1. One final exponentiation of the product of the
/// Miller values. Inputs are not validated.
pub fn pairing_check(pairs: &[(Point<Fp>, Point<Fp2>)]) -> bool {
    final_exponentiation(&miller_product(pairs)) == Fp12::one()
}

/// e(G1, G2) for the two generators, computed once.
pub fn generator_pairing() -> &'static Fp12 {
    static E: OnceLock<Fp12> = OnceLock::new();
    E.get_or_init(|| pairing(&super::bls12_381_g1().generator, &bls12_381_g2().generator))
}

/// e(G1, G2)^(k mod r) with the fixed-base 8-bit window table of e(G1, G2) (HMV §3.3.2, 32
/// windows, built on first use); tested against [`Fp12::pow`].
pub fn pow_generator_pairing(k: &BigUint) -> Fp12 {
    static TABLE: OnceLock<FixedBaseTable<Fp12>> = OnceLock::new();
    let r = bls12_381_fr().modulus();
    let table = TABLE.get_or_init(|| {
        FixedBaseTable::build(generator_pairing(), r.bits(), &Fp12::one(), |pairs| {
            pairs.iter().map(|(a, b)| a.mul(b)).collect()
        })
    });
    table
        .select(&(k % r))
        .iter()
        .fold(Fp12::one(), |acc, entry| acc.mul(entry))
}

/// The known-log value of a pairing: e(a·G1, b·G2) = e(G1, G2)^(ab) by bilinearity, computed
/// as [`pow_generator_pairing`]`(a·b mod r)` without a Miller loop.
pub fn pairing_of_logs(a: &BigUint, b: &BigUint) -> Fp12 {
    pow_generator_pairing(&((a * b) % bls12_381_fr().modulus()))
}

/// Whether a^Φ₁₂(p) = 1 for Φ₁₂(p) = p⁴ − p² + 1: membership in the cyclotomic subgroup of
/// 𝔽ₚ¹²*, by plain exponentiation.
pub fn is_in_cyclotomic_subgroup(a: &Fp12) -> bool {
    static PHI12: OnceLock<BigUint> = OnceLock::new();
    let phi = PHI12.get_or_init(|| {
        let p = bls12_381_fp().modulus();
        p.pow(4u32) - p.pow(2u32) + 1u8
    });
    !a.is_zero() && a.pow(phi) == Fp12::one()
}

/// Whether a ∈ GT: a ≠ 0, aʳ = 1, and a in the cyclotomic subgroup (implied by aʳ = 1
/// because r | Φ₁₂(p), and checked anyway).
pub fn is_in_gt(a: &Fp12) -> bool {
    !a.is_zero() && a.pow(bls12_381_fr().modulus()) == Fp12::one() && is_in_cyclotomic_subgroup(a)
}

/// BLS12-381 GT as a [`Group`] written additively: the "sum" is the 𝔽ₚ¹² product, k·a is
/// aᵏ, the hub is [`generator_pairing`] and the order is r.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bls12381Gt;

impl Group for Bls12381Gt {
    type Elem = Fp12;
    fn name(&self) -> &'static str {
        "bls12_381_gt"
    }
    fn order(&self) -> &BigUint {
        bls12_381_fr().modulus()
    }
    fn identity(&self) -> Fp12 {
        Fp12::one()
    }
    fn hub(&self) -> Fp12 {
        generator_pairing().clone()
    }
    fn add(&self, a: &Fp12, b: &Fp12) -> Fp12 {
        a.mul(b)
    }
    /// The field inverse a⁻¹ (equal to the conjugate on GT); panics on 0, which is not in GT.
    fn neg(&self, a: &Fp12) -> Fp12 {
        a.inv().expect("0 is not an element of GT")
    }
    fn mul(&self, a: &Fp12, k: &BigUint) -> Fp12 {
        a.pow(k)
    }
    fn mul_hub(&self, k: &BigUint) -> Fp12 {
        pow_generator_pairing(k)
    }
}
