//! Quadratic extensions 𝔽ₚ² = 𝔽ₚ\[u\]/(u² − β) for any odd prime p and any quadratic
//! non-residue β ∈ 𝔽ₚ: the coordinate field of a G2 declared from its specification (BLS12-377's
//! G2 uses β = −5, EIP-2539; BN254's and BLS12-381's use β = −1, which [`crate::tower::Fp2`]
//! fixes for their towers).
//!
//! # Algorithm
//!
//! Schoolbook: (a₀ + a₁u)(b₀ + b₁u) = (a₀b₀ + β·a₁b₁) + (a₀b₁ + a₁b₀)u; the norm
//! 𝑁(a) = a·ā = a₀² − β·a₁² ∈ 𝔽ₚ with ā = a₀ − a₁u (the p-power Frobenius), so
//! a⁻¹ = ā/𝑁(a) (𝑁(a) ≠ 0 for a ≠ 0 because β is a non-residue). a is a square in 𝔽ₚ² exactly
//! when 𝑁(a) is a square in 𝔽ₚ; a square root by the norm-based "complex method" (Adj and
//! Rodríguez-Henríquez, *Square root computation over even extension fields*, IEEE Trans.
//! Computers 63(11), 2014, §3, for any non-residue): with α = √𝑁(a), δ = (a₀ ± α)/2 chosen to
//! be a square, x₀ = √δ and x₁ = a₁/(2x₀), since (x₀ + x₁u)² = x₀² + β·x₁² + 2x₀x₁u and
//! 4x₀⁴ − 4a₀x₀² + β·a₁² = 0. For a₁ = 0: √a₀ ∈ 𝔽ₚ, or else a₀/β is a square and
//! (√(a₀/β)·u)² = a₀.
//!
//! # Invariants
//!
//! Elements are canonical coefficient pairs of one [`QuadraticField`] (asserted when two meet);
//! [`QuadraticField::new`] asserts that β is a non-residue; inverses and roots are asserted
//! (a·a⁻¹ = 1, r² = a).

use crate::field::{same_field, Field, Fp, PrimeField, SqrtField};
use num_bigint::BigUint;
use std::fmt;

/// 𝔽ₚ² = 𝔽ₚ\[u\]/(u² − β): the base field and β.
pub struct QuadraticField {
    /// The base field 𝔽ₚ.
    pub base: &'static PrimeField,
    /// β, a quadratic non-residue of 𝔽ₚ: u² = β.
    pub beta: Fp,
}

impl fmt::Debug for QuadraticField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[u]/(u² − 0x{:x})",
            self.base.name(),
            self.beta.value()
        )
    }
}

impl QuadraticField {
    /// 𝔽ₚ\[u\]/(u² − β).
    ///
    /// # Panics
    /// When β is a square in 𝔽ₚ (u² − β would factor).
    pub fn new(base: &'static PrimeField, beta: Fp) -> Self {
        assert!(
            same_field(beta.field(), base),
            "β is not an element of the base field"
        );
        assert!(
            !beta.is_square(),
            "{}: β = 0x{:x} is a square, so u² − β is not irreducible",
            base.name(),
            beta.value()
        );
        QuadraticField { base, beta }
    }

    /// c0 + c1·u.
    pub fn elem(&'static self, c0: Fp, c1: Fp) -> QuadExt {
        assert!(
            same_field(c0.field(), self.base) && same_field(c1.field(), self.base),
            "coefficients from another field"
        );
        QuadExt {
            c0,
            c1,
            field: self,
        }
    }

    /// The element with canonical coefficients `c0`, `c1`, or `None` when one is ≥ p.
    pub fn from_canonical(&'static self, c0: &BigUint, c1: &BigUint) -> Option<QuadExt> {
        Some(self.elem(self.base.from_canonical(c0)?, self.base.from_canonical(c1)?))
    }
}

/// c0 + c1·u in a [`QuadraticField`].
#[derive(Clone)]
pub struct QuadExt {
    /// The constant coefficient.
    pub c0: Fp,
    /// The coefficient of u.
    pub c1: Fp,
    field: &'static QuadraticField,
}

impl PartialEq for QuadExt {
    fn eq(&self, other: &Self) -> bool {
        self.c0 == other.c0 && self.c1 == other.c1 && self.field.beta == other.field.beta
    }
}

impl Eq for QuadExt {}

impl fmt::Debug for QuadExt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x{:x} + 0x{:x}·u", self.c0.value(), self.c1.value())
    }
}

impl QuadExt {
    /// The field the element lives in.
    pub fn field(&self) -> &'static QuadraticField {
        self.field
    }

    fn with(&self, c0: Fp, c1: Fp) -> Self {
        QuadExt {
            c0,
            c1,
            field: self.field,
        }
    }

    fn check(&self, rhs: &Self) {
        assert!(
            self.field.beta == rhs.field.beta && same_field(self.c0.field(), rhs.c0.field()),
            "QuadExt operands from different fields"
        );
    }

    /// The conjugate c0 − c1·u.
    pub fn conjugate(&self) -> Self {
        self.with(self.c0.clone(), self.c1.neg())
    }

    /// The norm c0² − β·c1² ∈ 𝔽ₚ.
    pub fn norm(&self) -> Fp {
        self.c0
            .square()
            .sub(&self.field.beta.mul(&self.c1.square()))
    }

    /// Multiplication by a base-field element.
    pub fn scale(&self, s: &Fp) -> Self {
        self.with(self.c0.mul(s), self.c1.mul(s))
    }
}

impl Field for QuadExt {
    fn zero_like(&self) -> Self {
        self.with(self.c0.zero_like(), self.c0.zero_like())
    }
    fn one_like(&self) -> Self {
        self.with(self.c0.one_like(), self.c0.zero_like())
    }
    fn is_zero(&self) -> bool {
        self.c0.is_zero() && self.c1.is_zero()
    }
    fn add(&self, rhs: &Self) -> Self {
        self.check(rhs);
        self.with(self.c0.add(&rhs.c0), self.c1.add(&rhs.c1))
    }
    fn sub(&self, rhs: &Self) -> Self {
        self.check(rhs);
        self.with(self.c0.sub(&rhs.c0), self.c1.sub(&rhs.c1))
    }
    /// (a0 + a1u)(b0 + b1u) = (a0b0 + β·a1b1) + (a0b1 + a1b0)u.
    fn mul(&self, rhs: &Self) -> Self {
        self.check(rhs);
        let (a0, a1, b0, b1) = (&self.c0, &self.c1, &rhs.c0, &rhs.c1);
        self.with(
            a0.mul(b0).add(&self.field.beta.mul(&a1.mul(b1))),
            a0.mul(b1).add(&a1.mul(b0)),
        )
    }
    fn neg(&self) -> Self {
        self.with(self.c0.neg(), self.c1.neg())
    }
    fn double(&self) -> Self {
        Field::add(self, self)
    }
    fn square(&self) -> Self {
        Field::mul(self, self)
    }
    /// ā / 𝑁(a).
    fn inv(&self) -> Option<Self> {
        let norm_inv = self.norm().inv()?;
        let inverse = self.conjugate().scale(&norm_inv);
        assert!(
            Field::mul(self, &inverse) == self.one_like(),
            "QuadExt inverse check failed"
        );
        Some(inverse)
    }
    fn from_u64_like(&self, v: u64) -> Self {
        self.with(self.c0.from_u64_like(v), self.c0.zero_like())
    }
    fn coeffs(&self) -> Vec<BigUint> {
        vec![self.c0.value().clone(), self.c1.value().clone()]
    }
}

impl SqrtField for QuadExt {
    /// The complex method (module docs), asserted.
    fn sqrt(&self) -> Option<Self> {
        let root = if self.c1.is_zero() {
            match self.c0.sqrt() {
                Some(s) => self.with(s, self.c0.zero_like()),
                None => {
                    let over_beta = self.c0.mul(&self.field.beta.inv().expect("β ≠ 0"));
                    self.with(self.c0.zero_like(), over_beta.sqrt()?)
                }
            }
        } else {
            let alpha = self.norm().sqrt()?;
            let half = self.c0.from_u64_like(2).inv().expect("p is odd");
            let plus = self.c0.add(&alpha).mul(&half);
            let delta = if plus.is_square() {
                plus
            } else {
                self.c0.sub(&alpha).mul(&half)
            };
            let x0 = delta.sqrt()?;
            let x1 = self.c1.mul(&x0.double().inv()?);
            self.with(x0, x1)
        };
        assert!(root.square() == *self, "QuadExt square root check failed");
        Some(root)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primes::bn254_fq;
    use crate::tower::Fp2;
    use num_bigint::BigUint;
    use std::sync::OnceLock;

    fn minus_one() -> &'static QuadraticField {
        static F: OnceLock<QuadraticField> = OnceLock::new();
        F.get_or_init(|| QuadraticField::new(bn254_fq(), bn254_fq().one().neg()))
    }

    /// BLS12-377's base field with β = −5 (EIP-2539).
    fn minus_five() -> &'static QuadraticField {
        static P: OnceLock<PrimeField> = OnceLock::new();
        static F: OnceLock<QuadraticField> = OnceLock::new();
        let p = P.get_or_init(|| {
            let m = BigUint::parse_bytes(b"01ae3a4617c510eac63b05c06ca1493b1a22d9f300f5138f1ef3622fba094800170b5d44300000008508c00000000001", 16).unwrap();
            PrimeField::new("bls12_377_fq", m)
        });
        F.get_or_init(|| QuadraticField::new(p, p.elem(5u8).neg()))
    }

    fn pseudo_random(f: &'static QuadraticField, seed: u64) -> QuadExt {
        let p = f.base.modulus();
        let v = |k: u64| (BigUint::from(0x9e37_79b9_7f4a_7c15u64) * (seed * 2 + k + 1)).pow(5) % p;
        f.elem(f.base.elem(v(0)), f.base.elem(v(1)))
    }

    /// With β = −1 the general extension is the tower's 𝔽ₚ² (an independent implementation):
    /// products, squares, inverses and roots agree coefficient by coefficient.
    #[test]
    fn beta_minus_one_agrees_with_the_towers_fp2() {
        let f = minus_one();
        for i in 0..40 {
            let (a, b) = (pseudo_random(f, i), pseudo_random(f, 100 + i));
            let tower = |x: &QuadExt| Fp2::new(x.c0.clone(), x.c1.clone());
            assert_eq!(a.mul(&b).coeffs(), tower(&a).mul(&tower(&b)).coeffs());
            assert_eq!(a.square().coeffs(), tower(&a).square().coeffs());
            assert_eq!(a.inv().unwrap().coeffs(), tower(&a).inv().unwrap().coeffs());
            assert_eq!(
                a.square().sqrt().is_some(),
                tower(&a).square().sqrt().is_some()
            );
            assert_eq!(
                SqrtField::sqrt(&a).is_some(),
                tower(&a).is_square(),
                "square iff the norm is a square"
            );
        }
    }

    /// β = −5: u² = β, (a·b)·c = a·(b·c), a·a⁻¹ = 1, and square roots of squares square back
    /// (asserted inside), while about half the random elements are non-squares.
    #[test]
    fn beta_minus_five_is_a_field() {
        let f = minus_five();
        let u = f.elem(f.base.zero(), f.base.one());
        assert_eq!(u.square(), f.elem(f.beta.clone(), f.base.zero()));
        let mut non_squares = 0;
        for i in 0..40 {
            let (a, b, c) = (
                pseudo_random(f, i),
                pseudo_random(f, 50 + i),
                pseudo_random(f, 90 + i),
            );
            assert_eq!(a.mul(&b).mul(&c), a.mul(&b.mul(&c)));
            assert_eq!(a.mul(&a.inv().unwrap()), a.one_like());
            assert!(SqrtField::sqrt(&a.square()).is_some());
            non_squares += usize::from(SqrtField::sqrt(&a).is_none());
            // A base-field element that is not a square in 𝔽ₚ is one in 𝔽ₚ².
            let c0 = f.elem(a.c0.clone(), f.base.zero());
            assert!(SqrtField::sqrt(&c0).is_some());
        }
        assert!(
            (8..=32).contains(&non_squares),
            "{non_squares} non-squares of 40"
        );
    }

    #[test]
    #[should_panic(expected = "is a square")]
    fn a_square_beta_is_refused() {
        let _ = QuadraticField::new(bn254_fq(), bn254_fq().elem(4u8));
    }
}
