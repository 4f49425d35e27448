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
use ark_ff::{Field as ArkField, PrimeField};
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

/// c0 + c1·u as ark's element of a quadratic extension, without reduction.
fn pair_to_ark<A: ArkField>(c0: &Fp, c1: &Fp) -> A
where
    A::BasePrimeField: PrimeField,
{
    A::from_base_prime_field_elems([from_biguint(c0.value()), from_biguint(c1.value())])
        .expect("two coefficients make an element of a quadratic extension")
}

/// ark's element of a quadratic extension as (c0, c1) in `like`'s base field.
fn pair_from_ark<A: ArkField>(like: &Fp, a: &A) -> (Fp, Fp)
where
    A::BasePrimeField: PrimeField,
{
    let c: Vec<BigUint> = a
        .to_base_prime_field_elements()
        .map(|c| to_biguint(&c))
        .collect();
    assert_eq!(c.len(), 2, "ark's field is not a quadratic extension");
    (canonical(like, &c[0]), canonical(like, &c[1]))
}

/// Panics unless ark's `A` is 𝔽ₚ\[u\]/(u² − β) for this β (in `like`'s base field).
fn assert_quadratic<A: ArkField>(beta: &Fp)
where
    A::BasePrimeField: PrimeField,
{
    assert_eq!(
        A::extension_degree(),
        2,
        "ark's field is not a quadratic extension"
    );
    let zero = beta.field().zero();
    let u: A = pair_to_ark(&zero, &beta.field().one());
    assert!(
        u.square() == pair_to_ark::<A>(beta, &zero),
        "ark's 𝔽ₚ² is not 𝔽ₚ[u]/(u² − 0x{:x}), the oracle's",
        beta.value()
    );
}

impl<A: ArkField> ArkCoordinate<A> for Fp2
where
    A::BasePrimeField: PrimeField,
{
    fn to_ark(&self) -> A {
        pair_to_ark(&self.c0, &self.c1)
    }
    fn from_ark(like: &Self, a: &A) -> Self {
        let (c0, c1) = pair_from_ark(&like.c0, a);
        Fp2::new(c0, c1)
    }
    fn assert_same_field(like: &Self) {
        // The built-in towers' 𝔽ₚ² has u² = −1.
        assert_quadratic::<A>(&like.c0.field().one().neg());
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
        pair_to_ark(&self.c0, &self.c1)
    }
    fn from_ark(like: &Self, a: &A) -> Self {
        let (c0, c1) = pair_from_ark(&like.c0, a);
        like.field().elem(c0, c1)
    }
    fn assert_same_field(like: &Self) {
        assert_quadratic::<A>(&like.field().beta);
    }
}

#[cfg(all(test, feature = "dory"))]
mod tests {
    use super::*;
    use ecdiff_oracles::primes::bn254_fq;

    /// ark-bn254's 𝔽ₚ² is 𝔽ₚ[u]/(u² + 1): accepted with β = −1, refused with β = −5.
    #[test]
    fn the_non_residue_is_checked() {
        assert_quadratic::<ark_bn254::Fq2>(&bn254_fq().one().neg());
        let refused = std::panic::catch_unwind(|| {
            assert_quadratic::<ark_bn254::Fq2>(&bn254_fq().elem(5u8).neg())
        });
        assert!(refused.is_err(), "u² = −5 accepted for ark-bn254's Fq2");
    }

    /// An element crosses both ways unchanged, coefficient by coefficient.
    #[test]
    fn elements_round_trip() {
        let f = bn254_fq();
        let a = Fp2::new(f.elem(7u8), f.elem(11u8));
        let ark: ark_bn254::Fq2 = a.to_ark();
        assert_eq!(ark, ark_bn254::Fq2::new(7u8.into(), 11u8.into()));
        assert_eq!(
            <Fp2 as ArkCoordinate<ark_bn254::Fq2>>::from_ark(&a, &ark),
            a
        );
    }
}
