//! The BLS12-381 extension tower 𝔽ₚ² ⊂ 𝔽ₚ⁶ ⊂ 𝔽ₚ¹²: the schoolbook tower of [`crate::tower`]
//! over BLS12-381 𝔽ₚ with ξ = 1 + u (draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1;
//! zkcrypto, RELIC, Constantine), and its p²-power Frobenius.
//!
//! * 𝔽ₚ² = 𝔽ₚ\[u\]/(u² + 1) is [`crate::tower::Fp2`] with BLS12-381 coefficients: its product,
//!   square, inverse and square root use only u² = −1 and p ≡ 3 (mod 4), and the field comes
//!   with the coefficients (its BN254-only helpers `Fp2::zero` and `Fp2::one` are not used here).
//! * 𝔽ₚ⁶ = 𝔽ₚ²\[v\]/(v³ − ξ) and 𝔽ₚ¹² = 𝔽ₚ⁶\[w\]/(w² − v) are [`crate::tower::Fp6`] and
//!   [`crate::tower::Fp12`] over [`Bls12381Tower`] ([`Fp6`], [`Fp12`]).
//!
//! Multiplication by ξ = 1 + u: (c₀ + c₁u)(1 + u) = (c₀ − c₁) + (c₀ + c₁)u.
//!
//! The p²-power Frobenius ([`Fp12::frobenius_p2`]) uses that 𝔽ₚ² is fixed by it and that
//! w^(p²) = w·γ with γ = w^(p²−1) = (w⁶)^((p²−1)/6) = ξ^((p²−1)/6) (6 | p² − 1): writing
//! a = Σₖ aₖwᵏ with aₖ ∈ 𝔽ₚ² (v = w², so c0 = a₀ + a₂w² + a₄w⁴ and c1 = a₁w + a₃w³ + a₅w⁵),
//! a^(p²) = Σₖ aₖγᵏwᵏ (Devegili, Scott and Dahab, *Implementing cryptographic pairings over
//! Barreto–Naehrig curves*, Pairing 2007, §5; Beuchat et al., *High-speed software
//! implementation of the optimal ate pairing over Barreto–Naehrig curves*, Pairing 2010, §3).
//! γ is computed from ξ by plain exponentiation; the tests check the map against a^(p²) by
//! square-and-multiply.

use std::sync::OnceLock;

use num_bigint::BigUint;

use super::bls12_381_fp;
use crate::field::{Field, PrimeField};
use crate::tower::{self, Fp2, TowerParams};

/// BLS12-381's tower: 𝔽ₚ with ξ = 1 + u.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bls12381Tower;

impl TowerParams for Bls12381Tower {
    const XI: [u8; 2] = [1, 1];
    fn base_field() -> &'static PrimeField {
        bls12_381_fp()
    }
    fn mul_by_xi(a: &Fp2) -> Fp2 {
        mul_by_xi(a)
    }
}

/// c0 + c1·v + c2·v² ∈ 𝔽ₚ⁶ over BLS12-381 𝔽ₚ, v³ = ξ = 1 + u.
pub type Fp6 = tower::Fp6<Bls12381Tower>;
/// c0 + c1·w ∈ 𝔽ₚ¹² over BLS12-381 𝔽ₚ, w² = v.
pub type Fp12 = tower::Fp12<Bls12381Tower>;

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
    a.pow(e)
}

impl Fp12 {
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
}
