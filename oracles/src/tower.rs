//! Extension towers 𝔽ₚ² ⊂ 𝔽ₚ⁶ ⊂ 𝔽ₚ¹² of pairing-friendly curves, with schoolbook
//! multiplication: [`Fp2`] for any p ≡ 3 (mod 4), and [`Fp6`] and [`Fp12`] over a
//! [`TowerParams`] that names the base field and ξ. BN254's tower is [`Bn254Tower`] (aliases in
//! [`bn254`]); BLS12-381's is in `crate::bls12_381::tower`.
//!
//! # Tower
//!
//! * 𝔽ₚ² = 𝔽ₚ\[u\]/(u² + 1): −1 is a non-residue because p ≡ 3 (mod 4).
//! * 𝔽ₚ⁶ = 𝔽ₚ²\[v\]/(v³ − ξ), with ξ = 9 + u for BN254 (EIP-197, mcl, arkworks, the
//!   Constantine vectors) and ξ = 1 + u for BLS12-381 (draft-irtf-cfrg-pairing-friendly-curves-11
//!   §4.2.1).
//! * 𝔽ₚ¹² = 𝔽ₚ⁶\[w\]/(w² − v), so w⁶ = ξ.
//!
//! # Algorithm
//!
//! Products are the schoolbook products of polynomials followed by the reduction u² = −1,
//! v³ = ξ, w² = v (no Karatsuba, no Frobenius tricks); squares are the same schoolbook
//! products with the symmetric cross terms merged (2·aᵢaⱼ computed once). An 𝔽ₚ² product
//! reduces each coordinate's integer a₀b₀ − a₁b₁ or a₀b₁ + a₁b₀ once; 𝔽ₚ¹² products (and
//! squares) defer the reduction modulo p: an element is Σᵢ₌₀⁵ Aᵢwⁱ with Aᵢ ∈ 𝔽ₚ² (w² = v,
//! so A₀, A₂, A₄ are c0's coefficients and A₁, A₃, A₅ c1's), the 36 products AᵢBⱼ are taken
//! over the integers (ℤ\[u\] with u² = −1, −a₁ taken as p − a₁), each of the 22 integer
//! coordinates of degrees 0 to 10 is reduced modulo p once ([`PrimeField::sum_of_products`]),
//! and the degrees 6 to 10 fold down with w⁶ = ξ in 𝔽ₚ², instead of a reduction after each
//! of the 144 base-field products ("lazy reduction": Scott, *Implementing cryptographic pairings*,
//! §5; Aranha, Karabina, Longa, Gebotys and López, *Faster explicit formulas for computing
//! pairings over ordinary curves*, EUROCRYPT 2011, <https://eprint.iacr.org/2010/526>, §3).
//! The integers are exact, so the result is the same canonical element. Inverses go down
//! the tower through norms (see e.g. Beuchat et al., *High-speed software implementation of
//! the optimal ate pairing over Barreto–Naehrig curves*, Pairing 2010, §3; Scott,
//! *Implementing cryptographic pairings*, 2007, <https://eprint.iacr.org/2007/026>):
//!
//! * 𝔽ₚ²: (a₀ + a₁u)⁻¹ = (a₀ − a₁u)/(a₀² + a₁²);
//! * 𝔽ₚ⁶: (a₀ + a₁v + a₂v²)⁻¹ = (A + Bv + Cv²)/F with A = a₀² − ξa₁a₂, B = ξa₂² − a₀a₁,
//!   C = a₁² − a₀a₂, F = a₀A + ξ(a₂B + a₁C);
//! * 𝔽ₚ¹²: (a₀ + a₁w)⁻¹ = (a₀ − a₁w)/(a₀² − v·a₁²).
//!
//! # Invariants
//!
//! Every coefficient is a canonical [`Fp`] of the same field (the tower's base field for the
//! constructors without arguments; BN254 Fq for [`Fp2::zero`] and [`Fp2::one`]). Inverses and
//! square roots are asserted (`a·a⁻¹ = 1`, `r² = a`).

use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

use num_bigint::BigUint;

use crate::field::{same_field, Field, Fp, PrimeField, SqrtField};
use crate::primes::bn254_fq;

/// What tells one curve's tower from another's: its base field 𝔽ₚ (p ≡ 3 mod 4) and the
/// cubic non-residue ξ ∈ 𝔽ₚ² of 𝔽ₚ⁶ = 𝔽ₚ²\[v\]/(v³ − ξ).
pub trait TowerParams: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// ξ = ξ₀ + ξ₁u as the small integers `[ξ₀, ξ₁]`.
    const XI: [u8; 2];
    /// The base field 𝔽ₚ.
    fn base_field() -> &'static PrimeField;
    /// a·ξ.
    fn mul_by_xi(a: &Fp2) -> Fp2;
}

/// BN254's tower: Fq with ξ = 9 + u.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bn254Tower;

impl TowerParams for Bn254Tower {
    const XI: [u8; 2] = [9, 1];
    fn base_field() -> &'static PrimeField {
        bn254_fq()
    }
    /// (c0 + c1u)(9 + u) = (9c0 − c1) + (c0 + 9c1)·u.
    fn mul_by_xi(a: &Fp2) -> Fp2 {
        let nine = a.c0.from_u64_like(9);
        Fp2::new(a.c0.mul(&nine).sub(&a.c1), a.c0.add(&a.c1.mul(&nine)))
    }
}

/// BN254's 𝔽ₚ⁶ and 𝔽ₚ¹².
pub mod bn254 {
    /// 𝔽ₚ⁶ over BN254 Fq, ξ = 9 + u.
    pub type Fp6 = super::Fp6<super::Bn254Tower>;
    /// 𝔽ₚ¹² over BN254 Fq.
    pub type Fp12 = super::Fp12<super::Bn254Tower>;
}

/// c0 + c1·u ∈ 𝔽ₚ² with u² = −1.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Fp2 {
    /// The real part.
    pub c0: Fp,
    /// The coefficient of u.
    pub c1: Fp,
}

/// c0 + c1·v + c2·v² ∈ 𝔽ₚ⁶ with v³ = ξ (`T`'s).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Fp6<T: TowerParams> {
    /// The constant coefficient.
    pub c0: Fp2,
    /// The coefficient of v.
    pub c1: Fp2,
    /// The coefficient of v².
    pub c2: Fp2,
    tower: PhantomData<T>,
}

/// c0 + c1·w ∈ 𝔽ₚ¹² with w² = v.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Fp12<T: TowerParams> {
    /// The constant coefficient.
    pub c0: Fp6<T>,
    /// The coefficient of w.
    pub c1: Fp6<T>,
}

impl Fp2 {
    /// c0 + c1·u (asserts both coefficients belong to the same field).
    pub fn new(c0: Fp, c1: Fp) -> Self {
        assert!(
            same_field(c0.field(), c1.field()),
            "Fp2 coefficients from different fields"
        );
        Fp2 { c0, c1 }
    }

    /// 0 ∈ 𝔽ₚ² over BN254 Fq.
    pub fn zero() -> Self {
        Fp2::new(bn254_fq().zero(), bn254_fq().zero())
    }

    /// 1 ∈ 𝔽ₚ² over BN254 Fq.
    pub fn one() -> Self {
        Fp2::new(bn254_fq().one(), bn254_fq().zero())
    }

    /// The base-field element `c0` embedded as c0 + 0·u.
    pub fn from_base(c0: Fp) -> Self {
        let zero = c0.zero_like();
        Fp2::new(c0, zero)
    }

    /// The Galois conjugate c0 − c1·u (the p-power Frobenius).
    pub fn conjugate(&self) -> Self {
        Fp2::new(self.c0.clone(), self.c1.neg())
    }

    /// The norm 𝑁(a) = a·ā = c0² + c1² ∈ 𝔽ₚ.
    pub fn norm(&self) -> Fp {
        self.c0.square().add(&self.c1.square())
    }

    /// Multiplication by a base-field scalar.
    pub fn scale(&self, s: &Fp) -> Self {
        Fp2::new(self.c0.mul(s), self.c1.mul(s))
    }

    /// selfᵉ by left-to-right square-and-multiply (HMV Algorithm 3.27, multiplicative).
    pub fn pow(&self, e: &BigUint) -> Self {
        pow(self, e)
    }

    /// Whether `self` is a square in 𝔽ₚ²: exactly when its norm is a square in 𝔽ₚ.
    pub fn is_square(&self) -> bool {
        self.norm().is_square()
    }

    /// A square root, or `None` for a non-square, by the norm-based "complex method" for
    /// 𝔽ₚ² = 𝔽ₚ\[u\]/(u² + 1) (Adj and Rodríguez-Henríquez, *Square root computation over
    /// even extension fields*, IEEE Trans. Computers 63(11), 2014):
    /// with α = √(c0² + c1²), δ = (c0 ± α)/2 chosen square, x0 = √δ and x1 = c1/(2·x0).
    /// Asserts the result squares to `self`.
    pub fn sqrt(&self) -> Option<Self> {
        let root = if self.c1.is_zero() {
            // a = c0 ∈ 𝔽ₚ: either √c0 ∈ 𝔽ₚ, or c0 = −s² and (s·u)² = c0.
            match self.c0.sqrt() {
                Some(s) => Fp2::from_base(s),
                None => Fp2::new(self.c0.zero_like(), self.c0.neg().sqrt()?),
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
            Fp2::new(x0, x1)
        };
        assert!(root.square() == *self, "Fp2 square root check failed");
        Some(root)
    }
}

impl Field for Fp2 {
    fn zero_like(&self) -> Self {
        Fp2::new(self.c0.zero_like(), self.c0.zero_like())
    }
    fn one_like(&self) -> Self {
        Fp2::new(self.c0.one_like(), self.c0.zero_like())
    }
    fn is_zero(&self) -> bool {
        self.c0.is_zero() && self.c1.is_zero()
    }
    fn add(&self, rhs: &Self) -> Self {
        Fp2::new(self.c0.add(&rhs.c0), self.c1.add(&rhs.c1))
    }
    fn sub(&self, rhs: &Self) -> Self {
        Fp2::new(self.c0.sub(&rhs.c0), self.c1.sub(&rhs.c1))
    }
    /// (a0 + a1u)(b0 + b1u) = (a0b0 − a1b1) + (a0b1 + a1b0)u, each coordinate an integer
    /// reduced modulo p once (−a1b1 taken as (p − a1)·b1, so the integers stay non-negative).
    fn mul(&self, rhs: &Self) -> Self {
        let field = self.c0.field();
        assert!(
            same_field(field, rhs.c0.field()),
            "field mismatch in Fp2::mul"
        );
        let (a0, a1, b0, b1) = (&self.c0, &self.c1, &rhs.c0, &rhs.c1);
        let minus_a1 = a1.neg();
        Fp2::new(
            field.sum_of_products(&[(a0, b0), (&minus_a1, b1)]),
            field.sum_of_products(&[(a0, b1), (a1, b0)]),
        )
    }
    fn neg(&self) -> Self {
        Fp2::new(self.c0.neg(), self.c1.neg())
    }
    fn double(&self) -> Self {
        Field::add(self, self)
    }
    /// (a0 + a1u)² = (a0 + a1)(a0 − a1) + 2a0a1·u.
    fn square(&self) -> Self {
        Fp2::new(
            self.c0.add(&self.c1).mul(&self.c0.sub(&self.c1)),
            self.c0.mul(&self.c1).double(),
        )
    }
    /// ā / 𝑁(a).
    fn inv(&self) -> Option<Self> {
        let norm_inv = self.norm().inv()?;
        let inverse = self.conjugate().scale(&norm_inv);
        assert!(
            Field::mul(self, &inverse) == self.one_like(),
            "Fp2 inverse check failed"
        );
        Some(inverse)
    }
    fn from_u64_like(&self, v: u64) -> Self {
        Fp2::from_base(self.c0.from_u64_like(v))
    }
    fn coeffs(&self) -> Vec<BigUint> {
        vec![self.c0.value().clone(), self.c1.value().clone()]
    }
}

impl SqrtField for Fp2 {
    fn sqrt(&self) -> Option<Self> {
        Fp2::sqrt(self)
    }
}

impl<T: TowerParams> Fp6<T> {
    /// c0 + c1·v + c2·v².
    pub fn new(c0: Fp2, c1: Fp2, c2: Fp2) -> Self {
        Fp6 {
            c0,
            c1,
            c2,
            tower: PhantomData,
        }
    }

    /// 0 ∈ 𝔽ₚ⁶ over `T`'s base field.
    pub fn zero() -> Self {
        let z = T::base_field().zero();
        Fp6::from_fp2(Fp2::from_base(z))
    }

    /// 1 ∈ 𝔽ₚ⁶ over `T`'s base field.
    pub fn one() -> Self {
        Fp6::from_fp2(Fp2::from_base(T::base_field().one()))
    }

    /// The 𝔽ₚ² element `a` embedded as a + 0·v + 0·v².
    pub fn from_fp2(a: Fp2) -> Self {
        let z = a.zero_like();
        Fp6::new(a, z.clone(), z)
    }

    /// Multiplication by v: (c0 + c1v + c2v²)·v = ξc2 + c0·v + c1·v².
    pub fn mul_by_v(&self) -> Self {
        Fp6::new(T::mul_by_xi(&self.c2), self.c0.clone(), self.c1.clone())
    }
}

impl<T: TowerParams> Field for Fp6<T> {
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
            a0.mul(b0).add(&T::mul_by_xi(&a1.mul(b2).add(&a2.mul(b1)))),
            a0.mul(b1).add(&a1.mul(b0)).add(&T::mul_by_xi(&a2.mul(b2))),
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
            a0.square().add(&T::mul_by_xi(&a1.mul(a2).double())),
            a0.mul(a1).double().add(&T::mul_by_xi(&a2.square())),
            a1.square().add(&a0.mul(a2).double()),
        )
    }
    /// (A + Bv + Cv²)/F, see the module documentation.
    fn inv(&self) -> Option<Self> {
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        let big_a = a0.square().sub(&T::mul_by_xi(&a1.mul(a2)));
        let big_b = T::mul_by_xi(&a2.square()).sub(&a0.mul(a1));
        let big_c = a1.square().sub(&a0.mul(a2));
        let big_f = a0
            .mul(&big_a)
            .add(&T::mul_by_xi(&a2.mul(&big_b).add(&a1.mul(&big_c))));
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

impl<T: TowerParams> Fp12<T> {
    /// c0 + c1·w.
    pub fn new(c0: Fp6<T>, c1: Fp6<T>) -> Self {
        Fp12 { c0, c1 }
    }

    /// 1 ∈ 𝔽ₚ¹² over `T`'s base field.
    pub fn one() -> Self {
        Fp12::new(Fp6::one(), Fp6::zero())
    }

    /// 0 ∈ 𝔽ₚ¹² over `T`'s base field.
    pub fn zero() -> Self {
        Fp12::new(Fp6::zero(), Fp6::zero())
    }

    /// The 𝔽ₚ² element `a` embedded in 𝔽ₚ¹².
    pub fn from_fp2(a: Fp2) -> Self {
        Fp12::new(Fp6::from_fp2(a), Fp6::zero())
    }

    /// The base-field element `a` embedded in 𝔽ₚ¹².
    pub fn from_fp(a: Fp) -> Self {
        Fp12::from_fp2(Fp2::from_base(a))
    }

    /// The element with the given base-field coefficients in the order
    /// `c0.c0.c0, c0.c0.c1, c0.c1.c0, …, c1.c2.c1` (mcl, arkworks, zkcrypto and RELIC agree);
    /// `None` if any coefficient is ≥ p.
    pub fn from_coeffs(coeffs: &[BigUint; 12]) -> Option<Self> {
        let base = coeffs
            .iter()
            .map(|c| T::base_field().from_canonical(c))
            .collect::<Option<Vec<Fp>>>()?;
        let fp2 = |i: usize| Fp2::new(base[2 * i].clone(), base[2 * i + 1].clone());
        Some(Fp12::new(
            Fp6::new(fp2(0), fp2(1), fp2(2)),
            Fp6::new(fp2(3), fp2(4), fp2(5)),
        ))
    }

    /// A₀ … A₅ with self = Σ Aᵢwⁱ (A₀, A₂, A₄ from c0; A₁, A₃, A₅ from c1).
    fn w_coefficients(&self) -> [&Fp2; 6] {
        let (c0, c1) = (&self.c0, &self.c1);
        [&c0.c0, &c1.c0, &c0.c1, &c1.c1, &c0.c2, &c1.c2]
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

    /// selfᵉ by left-to-right square-and-multiply over every bit of e (HMV Algorithm 3.27
    /// written multiplicatively); self⁰ = 1.
    pub fn pow(&self, e: &BigUint) -> Self {
        pow(self, e)
    }
}

impl<T: TowerParams> Field for Fp12<T> {
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
    /// Schoolbook over the integers, one reduction modulo p per coordinate of each degree,
    /// before the fold by ξ (module docs).
    fn mul(&self, rhs: &Self) -> Self {
        let field = T::base_field();
        let (a, b) = (self.w_coefficients(), rhs.w_coefficients());
        let minus_a1: Vec<Fp> = a.iter().map(|x| x.c1.neg()).collect();
        // d[k] = Σ_{i+j=k} AᵢBⱼ for k ≤ 10, with (x₀ + x₁u)(y₀ + y₁u) = (x₀y₀ − x₁y₁) + (x₀y₁ + x₁y₀)u.
        let d: Vec<Fp2> = (0..11usize)
            .map(|k| {
                let terms = (k.saturating_sub(5)..=k.min(5)).map(|i| (i, k - i));
                let re: Vec<(&Fp, &Fp)> = (terms.clone())
                    .flat_map(|(i, j)| [(&a[i].c0, &b[j].c0), (&minus_a1[i], &b[j].c1)])
                    .collect();
                let im: Vec<(&Fp, &Fp)> = terms
                    .flat_map(|(i, j)| [(&a[i].c0, &b[j].c1), (&a[i].c1, &b[j].c0)])
                    .collect();
                Fp2::new(field.sum_of_products(&re), field.sum_of_products(&im))
            })
            .collect();
        // d[k]·wᵏ = d[k]·ξ·w^(k−6) for k ≥ 6.
        let c = |k: usize| match d.get(k + 6) {
            Some(high) => Field::add(&d[k], &T::mul_by_xi(high)),
            None => d[k].clone(),
        };
        Fp12::new(Fp6::new(c(0), c(2), c(4)), Fp6::new(c(1), c(3), c(5)))
    }
    fn neg(&self) -> Self {
        Fp12::new(self.c0.neg(), self.c1.neg())
    }
    fn double(&self) -> Self {
        Field::add(self, self)
    }
    /// The product with itself (one reduction per coordinate, as [`Field::mul`]).
    fn square(&self) -> Self {
        Field::mul(self, self)
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

/// aᵉ by left-to-right square-and-multiply over every bit of e (HMV Algorithm 3.27 written
/// multiplicatively); a⁰ = 1.
fn pow<F: Field>(a: &F, e: &BigUint) -> F {
    let mut acc = a.one_like();
    for i in (0..e.bits()).rev() {
        acc = acc.square();
        if e.bit(i) {
            acc = acc.mul(a);
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bls12_381::tower::Bls12381Tower;
    use proptest::prelude::*;

    /// The tower's own product, (a0 + a1w)(b0 + b1w) = (a0b0 + v·a1b1) + (a0b1 + a1b0)w with
    /// 𝔽ₚ⁶ products: the reference for the deferred-reduction product.
    fn tower_product<T: TowerParams>(a: &Fp12<T>, b: &Fp12<T>) -> Fp12<T> {
        Fp12::new(
            a.c0.mul(&b.c0).add(&a.c1.mul(&b.c1).mul_by_v()),
            a.c0.mul(&b.c1).add(&a.c1.mul(&b.c0)),
        )
    }

    /// An element from 12 words, each spread over the field (w · (p div 2⁶⁴), plus w).
    fn element<T: TowerParams>(words: &[u64]) -> Fp12<T> {
        let p = T::base_field().modulus();
        let coeffs: Vec<BigUint> = words
            .iter()
            .map(|w| (p / (BigUint::from(u64::MAX) + 1u8) * *w + *w) % p)
            .collect();
        Fp12::from_coeffs(&coeffs.try_into().expect("12 coefficients")).expect("reduced")
    }

    /// The base-field formula (a0b0 − a1b1) + (a0b1 + a1b0)u with 𝔽ₚ products.
    fn fp2_product(a: &Fp2, b: &Fp2) -> Fp2 {
        Fp2::new(
            a.c0.mul(&b.c0).sub(&a.c1.mul(&b.c1)),
            a.c0.mul(&b.c1).add(&a.c1.mul(&b.c0)),
        )
    }

    fn products_agree<T: TowerParams>(a: &[u64], b: &[u64]) {
        let (a, b) = (element::<T>(a), element::<T>(b));
        assert_eq!(Field::mul(&a, &b), tower_product(&a, &b));
        assert_eq!(Field::square(&a), tower_product(&a, &a));
        for (x, y) in [
            (&a.c0.c0, &b.c0.c0),
            (&a.c1.c2, &b.c0.c1),
            (&a.c0.c2, &a.c0.c2),
        ] {
            assert_eq!(Field::mul(x, y), fp2_product(x, y));
        }
    }

    /// Coefficients p − 1 everywhere (the largest integer sums), 0, 1 and single coordinates.
    #[test]
    fn deferred_products_agree_with_the_tower_at_the_extremes() {
        let mut cases = vec![[u64::MAX; 12], [0; 12], [1; 12]];
        for i in 0..12 {
            let mut one_hot = [0; 12];
            one_hot[i] = u64::MAX;
            cases.push(one_hot);
        }
        for a in &cases {
            for b in &cases {
                products_agree::<Bn254Tower>(a, b);
                products_agree::<Bls12381Tower>(a, b);
            }
        }
    }

    proptest! {
        #[test]
        fn deferred_products_agree_with_the_tower(
            a in proptest::array::uniform12(any::<u64>()),
            b in proptest::array::uniform12(any::<u64>()),
        ) {
            products_agree::<Bn254Tower>(&a, &b);
            products_agree::<Bls12381Tower>(&a, &b);
        }
    }
}
