//! The oracle's coordinate fields (𝔽ₚ; 𝔽ₚ² = 𝔽ₚ\[u\]/(u² + 1) of the built-in towers; a
//! declared 𝔽ₚ\[u\]/(u² − β), `ecdiff_oracles::quadratic`) crossing to and from an ark
//! curve's base field, coefficient by coefficient: [`ArkCoordinate`].
//!
//! An element crosses through its canonical base-field coefficients in tower order (c0, then
//! c1: ark's `to_base_prime_field_elements` / `from_base_prime_field_elems`), each through
//! `into_bigint` / `from_bigint`, which fail rather than reduce. That is the same element on
//! both sides only when both build the extension with the same non-residue:
//! [`ArkCoordinate::assert_same_field`] checks u² on ark's side.

use super::{from_biguint, to_biguint};
use ark_ff::{AdditiveGroup, Field as ArkField, PrimeField};
use ecdiff_oracles::field::{Fp, SqrtField};
use ecdiff_oracles::quadratic::QuadExt;
use ecdiff_oracles::tower::Fp2;
use num_bigint::BigUint;

/// A coordinate field of the oracle's curves, with what the ark adapters need of it beyond
/// [`SqrtField`].
pub trait OracleCoordinate: SqrtField {
    /// `self` times the base-field integer `k` (below p): GLV's β acting on x.
    fn times_base(&self, k: &BigUint) -> Self;
    /// The 64-bit words of one base-field coefficient.
    fn base_words(&self) -> usize;
}

impl OracleCoordinate for Fp {
    fn times_base(&self, k: &BigUint) -> Self {
        self.mul(&self.field().elem(k.clone()))
    }
    fn base_words(&self) -> usize {
        (self.field().modulus().bits() as usize).div_ceil(64)
    }
}

impl OracleCoordinate for Fp2 {
    fn times_base(&self, k: &BigUint) -> Self {
        self.scale(&self.c0.field().elem(k.clone()))
    }
    fn base_words(&self) -> usize {
        self.c0.base_words()
    }
}

/// An oracle coordinate field that crosses to and from ark's field `A`.
pub trait ArkCoordinate<A: ArkField>: OracleCoordinate {
    /// The element as ark's, without reduction.
    ///
    /// # Panics
    /// When a coefficient is not below ark's base prime field's modulus.
    fn to_ark(&self) -> A;
    /// ark's element as the oracle's, in the field of `like`.
    ///
    /// # Panics
    /// When a coefficient is above the oracle's modulus.
    fn from_ark(like: &Self, a: &A) -> Self;
    /// Panics unless ark's field is built as `like`'s (the same degree, and for 𝔽ₚ² the same
    /// u²).
    fn assert_same_field(like: &Self);
}

fn canonical(like: &Fp, v: &BigUint) -> Fp {
    let field = like.field();
    field
        .from_canonical(v)
        .unwrap_or_else(|| panic!("{}: ark value above the oracle's modulus", field.name()))
}

impl<A: PrimeField> ArkCoordinate<A> for Fp {
    fn to_ark(&self) -> A {
        from_biguint(self.value())
    }
    fn from_ark(like: &Self, a: &A) -> Self {
        canonical(like, &to_biguint(a))
    }
    fn assert_same_field(_: &Self) {}
}

impl<A: ArkField> ArkCoordinate<A> for Fp2
where
    A::BasePrimeField: PrimeField,
{
    fn to_ark(&self) -> A {
        A::from_base_prime_field_elems([
            from_biguint(self.c0.value()),
            from_biguint(self.c1.value()),
        ])
        .expect("two coefficients make an element of a quadratic extension")
    }
    fn from_ark(like: &Self, a: &A) -> Self {
        let c: Vec<BigUint> = a
            .to_base_prime_field_elements()
            .map(|c| to_biguint(&c))
            .collect();
        assert_eq!(c.len(), 2, "ark's field is not a quadratic extension");
        Fp2::new(canonical(&like.c0, &c[0]), canonical(&like.c0, &c[1]))
    }
    fn assert_same_field(_: &Self) {
        assert_eq!(
            A::extension_degree(),
            2,
            "ark's field is not a quadratic extension"
        );
        let zero = A::BasePrimeField::ZERO;
        let one = A::BasePrimeField::ONE;
        let u = A::from_base_prime_field_elems([zero, one]).expect("u");
        let minus_one = A::from_base_prime_field_elems([-one, zero]).expect("−1");
        assert!(
            u.square() == minus_one,
            "ark's 𝔽ₚ² is not 𝔽ₚ[u]/(u² + 1), the oracle's tower::Fp2"
        );
    }
}

impl OracleCoordinate for QuadExt {
    fn times_base(&self, k: &BigUint) -> Self {
        self.scale(&self.c0.field().elem(k.clone()))
    }
    fn base_words(&self) -> usize {
        self.c0.base_words()
    }
}

impl<A: ArkField> ArkCoordinate<A> for QuadExt
where
    A::BasePrimeField: PrimeField,
{
    fn to_ark(&self) -> A {
        A::from_base_prime_field_elems([
            from_biguint(self.c0.value()),
            from_biguint(self.c1.value()),
        ])
        .expect("two coefficients make an element of a quadratic extension")
    }
    fn from_ark(like: &Self, a: &A) -> Self {
        let c: Vec<BigUint> = a
            .to_base_prime_field_elements()
            .map(|c| to_biguint(&c))
            .collect();
        assert_eq!(c.len(), 2, "ark's field is not a quadratic extension");
        like.field()
            .elem(canonical(&like.c0, &c[0]), canonical(&like.c0, &c[1]))
    }
    fn assert_same_field(like: &Self) {
        assert_eq!(
            A::extension_degree(),
            2,
            "ark's field is not a quadratic extension"
        );
        let zero = A::BasePrimeField::ZERO;
        let u = A::from_base_prime_field_elems([zero, A::BasePrimeField::ONE]).expect("u");
        let beta = A::from_base_prime_field_elems([from_biguint(like.field().beta.value()), zero])
            .expect("β");
        assert!(
            u.square() == beta,
            "ark's 𝔽ₚ² is not 𝔽ₚ[u]/(u² − 0x{:x}), the declared curve's",
            like.field().beta.value()
        );
    }
}
