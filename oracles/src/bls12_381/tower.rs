//! The BLS12-381 extension tower 𝔽ₚ² ⊂ 𝔽ₚ⁶ ⊂ 𝔽ₚ¹², with schoolbook multiplication.
//!
//! # Tower (draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1; zkcrypto, RELIC, Constantine)
//!
//! * 𝔽ₚ² = 𝔽ₚ\[u\]/(u² + 1): −1 is a non-residue because p ≡ 3 (mod 4). This is
//!   [`crate::tower::Fp2`] with BLS12-381 coefficients: its product, square, inverse and square
//!   root use only u² = −1 and p ≡ 3 (mod 4), and the field comes with the coefficients (its
//!   BN254-only helpers `Fp2::zero`, `Fp2::one` and `Fp2::mul_by_xi` are not used here).
//! * 𝔽ₚ⁶ = 𝔽ₚ²\[v\]/(v³ − ξ) with ξ = 1 + u (BN254 uses 9 + u, hence separate types).
//! * 𝔽ₚ¹² = 𝔽ₚ⁶\[w\]/(w² − v), so w⁶ = ξ.
//!
//! # Algorithm
//!
//! Schoolbook products of polynomials followed by the reductions u² = −1, v³ = ξ, w² = v;
//! squares merge the symmetric cross terms. Inverses go down the tower through norms
//! (Beuchat et al., *High-speed software implementation of the optimal ate pairing over
//! Barreto–Naehrig curves*, Pairing 2010, §3; Scott, *Implementing cryptographic pairings*,
//! Pairing 2007, <https://eprint.iacr.org/2007/026>):
//!
//! * 𝔽ₚ⁶: (a₀ + a₁v + a₂v²)⁻¹ = (A + Bv + Cv²)/F with A = a₀² − ξa₁a₂, B = ξa₂² − a₀a₁,
//!   C = a₁² − a₀a₂, F = a₀A + ξ(a₂B + a₁C);
//! * 𝔽ₚ¹²: (a₀ + a₁w)⁻¹ = (a₀ − a₁w)/(a₀² − v·a₁²).
//!
//! Multiplication by ξ = 1 + u: (c₀ + c₁u)(1 + u) = (c₀ − c₁) + (c₀ + c₁)u.
//!
//! The p²-power Frobenius ([`Fp12::frobenius_p2`]) uses that 𝔽ₚ² is fixed by it and that
//! w^(p²) = w·γ with γ = w^(p²−1) = (w⁶)^((p²−1)/6) = ξ^((p²−1)/6) (6 | p² − 1): writing
//! a = Σₖ aₖwᵏ with aₖ ∈ 𝔽ₚ² (v = w², so c0 = a₀ + a₂w² + a₄w⁴ and c1 = a₁w + a₃w³ + a₅w⁵),
//! a^(p²) = Σₖ aₖγᵏwᵏ (Devegili, Scott and Dahab, *Implementing cryptographic pairings over
//! Barreto–Naehrig curves*, Pairing 2007, §5; Beuchat et al. 2010, §3). γ is computed from ξ
//! by plain exponentiation; the tests check the map against a^(p²) by square-and-multiply.
//!
//! # Invariants
//!
//! Every coefficient is a canonical [`Fp`] of [`bls12_381_fp`] (for the constructors without
//! arguments; the others keep the field of their inputs). Inverses are asserted (`a·a⁻¹ = 1`).

use std::sync::OnceLock;

use num_bigint::BigUint;

use super::bls12_381_fp;
use crate::field::{Field, Fp};
use crate::tower::Fp2;

/// 0 ∈ 𝔽ₚ² over BLS12-381 𝔽ₚ.
pub fn fp2_zero() -> Fp2 {
    Fp2::new(bls12_381_fp().zero(), bls12_381_fp().zero())
}

/// 1 ∈ 𝔽ₚ² over BLS12-381 𝔽ₚ.
pub fn fp2_one() -> Fp2 {
    Fp2::new(bls12_381_fp().one(), bls12_381_fp().zero())
}

/// c0 + c1·u over BLS12-381 𝔽ₚ from integers, `None` if either is ≥ p.
pub fn fp2_from_canonical(c0: &BigUint, c1: &BigUint) -> Option<Fp2> {
    let fp = bls12_381_fp();
    Some(Fp2::new(fp.from_canonical(c0)?, fp.from_canonical(c1)?))
}

/// ξ = 1 + u, the cubic non-residue of 𝔽ₚ⁶ and the twist constant of E′.
pub fn xi() -> Fp2 {
    Fp2::new(bls12_381_fp().one(), bls12_381_fp().one())
}

/// a·ξ = (c0 − c1) + (c0 + c1)·u for ξ = 1 + u.
pub fn mul_by_xi(a: &Fp2) -> Fp2 {
    Fp2::new(a.c0.sub(&a.c1), a.c0.add(&a.c1))
}

/// aᵉ in 𝔽ₚ² by left-to-right square-and-multiply (HMV Algorithm 3.27, multiplicative).
pub fn fp2_pow(a: &Fp2, e: &BigUint) -> Fp2 {
    let mut acc = a.one_like();
    for i in (0..e.bits()).rev() {
        acc = acc.square();
        if e.bit(i) {
            acc = acc.mul(a);
        }
    }
    acc
}

/// c0 + c1·v + c2·v² ∈ 𝔽ₚ⁶ with v³ = ξ = 1 + u.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Fp6 {
    /// The constant coefficient.
    pub c0: Fp2,
    /// The coefficient of v.
    pub c1: Fp2,
    /// The coefficient of v².
    pub c2: Fp2,
}

/// c0 + c1·w ∈ 𝔽ₚ¹² with w² = v.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Fp12 {
    /// The constant coefficient.
    pub c0: Fp6,
    /// The coefficient of w.
    pub c1: Fp6,
}

impl Fp6 {
    /// c0 + c1·v + c2·v².
    pub fn new(c0: Fp2, c1: Fp2, c2: Fp2) -> Self {
        Fp6 { c0, c1, c2 }
    }

    /// 0 ∈ 𝔽ₚ⁶ over BLS12-381 𝔽ₚ.
    pub fn zero() -> Self {
        Fp6::new(fp2_zero(), fp2_zero(), fp2_zero())
    }

    /// 1 ∈ 𝔽ₚ⁶ over BLS12-381 𝔽ₚ.
    pub fn one() -> Self {
        Fp6::new(fp2_one(), fp2_zero(), fp2_zero())
    }

    /// The 𝔽ₚ² element `a` embedded as a + 0·v + 0·v².
    pub fn from_fp2(a: Fp2) -> Self {
        let z = a.zero_like();
        Fp6::new(a, z.clone(), z)
    }

    /// Multiplication by v: (c0 + c1v + c2v²)·v = ξc2 + c0·v + c1·v².
    pub fn mul_by_v(&self) -> Self {
        Fp6::new(mul_by_xi(&self.c2), self.c0.clone(), self.c1.clone())
    }
}

impl Field for Fp6 {
    fn zero_like(&self) -> Self {
        let z = self.c0.zero_like();
        Fp6::new(z.clone(), z.clone(), z)
    }
    fn one_like(&self) -> Self {
        let z = self.c0.zero_like();
        Fp6::new(self.c0.one_like(), z.clone(), z)
    }
    fn is_zero(&self) -> bool {
        self.c0.is_zero() && self.c1.is_zero() && self.c2.is_zero()
    }
    fn add(&self, rhs: &Self) -> Self {
        Fp6::new(
            self.c0.add(&rhs.c0),
            self.c1.add(&rhs.c1),
            self.c2.add(&rhs.c2),
        )
    }
    fn sub(&self, rhs: &Self) -> Self {
        Fp6::new(
            self.c0.sub(&rhs.c0),
            self.c1.sub(&rhs.c1),
            self.c2.sub(&rhs.c2),
        )
    }
    /// Schoolbook: c0 = a0b0 + ξ(a1b2 + a2b1), c1 = a0b1 + a1b0 + ξa2b2,
    /// c2 = a0b2 + a1b1 + a2b0.
    fn mul(&self, rhs: &Self) -> Self {
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        let (b0, b1, b2) = (&rhs.c0, &rhs.c1, &rhs.c2);
        Fp6::new(
            a0.mul(b0).add(&mul_by_xi(&a1.mul(b2).add(&a2.mul(b1)))),
            a0.mul(b1).add(&a1.mul(b0)).add(&mul_by_xi(&a2.mul(b2))),
            a0.mul(b2).add(&a1.mul(b1)).add(&a2.mul(b0)),
        )
    }
    fn neg(&self) -> Self {
        Fp6::new(self.c0.neg(), self.c1.neg(), self.c2.neg())
    }
    fn double(&self) -> Self {
        Field::add(self, self)
    }
    /// The schoolbook product with itself, symmetric terms merged: c0 = a0² + ξ·2a1a2,
    /// c1 = 2a0a1 + ξa2², c2 = a1² + 2a0a2.
    fn square(&self) -> Self {
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        Fp6::new(
            a0.square().add(&mul_by_xi(&a1.mul(a2).double())),
            a0.mul(a1).double().add(&mul_by_xi(&a2.square())),
            a1.square().add(&a0.mul(a2).double()),
        )
    }
    /// (A + Bv + Cv²)/F, see the module documentation.
    fn inv(&self) -> Option<Self> {
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        let big_a = a0.square().sub(&mul_by_xi(&a1.mul(a2)));
        let big_b = mul_by_xi(&a2.square()).sub(&a0.mul(a1));
        let big_c = a1.square().sub(&a0.mul(a2));
        let big_f = a0
            .mul(&big_a)
            .add(&mul_by_xi(&a2.mul(&big_b).add(&a1.mul(&big_c))));
        let f_inv = big_f.inv()?;
        let inverse = Fp6::new(big_a.mul(&f_inv), big_b.mul(&f_inv), big_c.mul(&f_inv));
        assert!(
            Field::mul(self, &inverse) == self.one_like(),
            "Fp6 inverse check failed"
        );
        Some(inverse)
    }
    fn from_u64_like(&self, v: u64) -> Self {
        let z = self.c0.zero_like();
        Fp6::new(self.c0.from_u64_like(v), z.clone(), z)
    }
    fn coeffs(&self) -> Vec<BigUint> {
        [&self.c0, &self.c1, &self.c2]
            .into_iter()
            .flat_map(Field::coeffs)
            .collect()
    }
}

impl Fp12 {
    /// c0 + c1·w.
    pub fn new(c0: Fp6, c1: Fp6) -> Self {
        Fp12 { c0, c1 }
    }

    /// 1 ∈ 𝔽ₚ¹² over BLS12-381 𝔽ₚ.
    pub fn one() -> Self {
        Fp12::new(Fp6::one(), Fp6::zero())
    }

    /// 0 ∈ 𝔽ₚ¹² over BLS12-381 𝔽ₚ.
    pub fn zero() -> Self {
        Fp12::new(Fp6::zero(), Fp6::zero())
    }

    /// The 𝔽ₚ² element `a` embedded in 𝔽ₚ¹².
    pub fn from_fp2(a: Fp2) -> Self {
        Fp12::new(Fp6::from_fp2(a), Fp6::zero())
    }

    /// The base-field element `a` embedded in 𝔽ₚ¹².
    pub fn from_fp(a: Fp) -> Self {
        let z = a.zero_like();
        Fp12::from_fp2(Fp2::new(a, z))
    }

    /// The element with the given BLS12-381 𝔽ₚ coefficients in the order
    /// `c0.c0.c0, c0.c0.c1, c0.c1.c0, …, c1.c2.c1` (zkcrypto/RELIC tower order);
    /// `None` if any coefficient is ≥ p.
    pub fn from_coeffs(coeffs: &[BigUint; 12]) -> Option<Fp12> {
        let fp2 = |i: usize| fp2_from_canonical(&coeffs[2 * i], &coeffs[2 * i + 1]);
        Some(Fp12::new(
            Fp6::new(fp2(0)?, fp2(1)?, fp2(2)?),
            Fp6::new(fp2(3)?, fp2(4)?, fp2(5)?),
        ))
    }

    /// The coefficients in the order of [`Fp12::from_coeffs`].
    pub fn coeffs(&self) -> Vec<BigUint> {
        Field::coeffs(self)
    }

    /// c0 − c1·w, the p⁶-power Frobenius (w^(p⁶) = −w because w ∉ 𝔽ₚ⁶ and w² = v ∈ 𝔽ₚ⁶);
    /// the inverse of every element of norm 1 over 𝔽ₚ⁶, in particular of every element of GT.
    pub fn conjugate(&self) -> Self {
        Fp12::new(self.c0.clone(), self.c1.neg())
    }

    /// self^(p²), the p²-power Frobenius, by the constants γᵏ = ξ^(k(p²−1)/6) (module
    /// documentation).
    pub fn frobenius_p2(&self) -> Self {
        static GAMMA: OnceLock<[Fp2; 6]> = OnceLock::new();
        let gamma = GAMMA.get_or_init(|| {
            let p = bls12_381_fp().modulus();
            let exp = (p * p - 1u8) / 6u8;
            let g1 = fp2_pow(&xi(), &exp);
            let mut powers = vec![fp2_one()];
            for k in 1..6 {
                powers.push(powers[k - 1].mul(&g1));
            }
            powers.try_into().expect("six powers")
        });
        // aₖ for k = 0, 2, 4 sit in c0, k = 1, 3, 5 in c1.
        Fp12::new(
            Fp6::new(
                self.c0.c0.mul(&gamma[0]),
                self.c0.c1.mul(&gamma[2]),
                self.c0.c2.mul(&gamma[4]),
            ),
            Fp6::new(
                self.c1.c0.mul(&gamma[1]),
                self.c1.c1.mul(&gamma[3]),
                self.c1.c2.mul(&gamma[5]),
            ),
        )
    }

    /// selfᵉ by left-to-right square-and-multiply over every bit of e (HMV Algorithm 3.27
    /// written multiplicatively); self⁰ = 1.
    pub fn pow(&self, e: &BigUint) -> Self {
        let mut acc = self.one_like();
        for i in (0..e.bits()).rev() {
            acc = acc.square();
            if e.bit(i) {
                acc = Field::mul(&acc, self);
            }
        }
        acc
    }
}

impl Field for Fp12 {
    fn zero_like(&self) -> Self {
        let z = self.c0.zero_like();
        Fp12::new(z.clone(), z)
    }
    fn one_like(&self) -> Self {
        Fp12::new(self.c0.one_like(), self.c0.zero_like())
    }
    fn is_zero(&self) -> bool {
        self.c0.is_zero() && self.c1.is_zero()
    }
    fn add(&self, rhs: &Self) -> Self {
        Fp12::new(self.c0.add(&rhs.c0), self.c1.add(&rhs.c1))
    }
    fn sub(&self, rhs: &Self) -> Self {
        Fp12::new(self.c0.sub(&rhs.c0), self.c1.sub(&rhs.c1))
    }
    /// Schoolbook: (a0 + a1w)(b0 + b1w) = (a0b0 + v·a1b1) + (a0b1 + a1b0)w.
    fn mul(&self, rhs: &Self) -> Self {
        let (a0, a1) = (&self.c0, &self.c1);
        let (b0, b1) = (&rhs.c0, &rhs.c1);
        Fp12::new(
            a0.mul(b0).add(&a1.mul(b1).mul_by_v()),
            a0.mul(b1).add(&a1.mul(b0)),
        )
    }
    fn neg(&self) -> Self {
        Fp12::new(self.c0.neg(), self.c1.neg())
    }
    fn double(&self) -> Self {
        Field::add(self, self)
    }
    /// (a0 + a1w)² = (a0² + v·a1²) + 2a0a1·w.
    fn square(&self) -> Self {
        Fp12::new(
            self.c0.square().add(&self.c1.square().mul_by_v()),
            self.c0.mul(&self.c1).double(),
        )
    }
    /// (a0 − a1w)/(a0² − v·a1²).
    fn inv(&self) -> Option<Self> {
        let denominator = self.c0.square().sub(&self.c1.square().mul_by_v());
        let d_inv = denominator.inv()?;
        let inverse = Fp12::new(self.c0.mul(&d_inv), self.c1.neg().mul(&d_inv));
        assert!(
            Field::mul(self, &inverse) == self.one_like(),
            "Fp12 inverse check failed"
        );
        Some(inverse)
    }
    fn from_u64_like(&self, v: u64) -> Self {
        Fp12::new(self.c0.from_u64_like(v), self.c0.zero_like())
    }
    fn coeffs(&self) -> Vec<BigUint> {
        [&self.c0, &self.c1]
            .into_iter()
            .flat_map(Field::coeffs)
            .collect()
    }
}
