//! The field interface of the replay, and its k256 0.13.4 implementation.
//!
//! [`LazyField`] is exactly the part of k256 0.13's `FieldElement` (feature `expose-field`)
//! that the replay uses, with k256's semantics: values are lazily reduced, every value has
//! a *magnitude*, and the caller is responsible for keeping within the magnitude contract
//! (k256 `field_impl.rs`, checked only in debug builds):
//!
//! - `negate(m)` needs `magnitude ≤ m`; `a.sub(b)` is `a + b.negate(1)`, so a subtrahend
//!   must have magnitude 1;
//! - `add` sums magnitudes, `double` doubles it, `mul_single(k)` multiplies it by `k`
//!   (at most 2047 in all cases);
//! - `mul`, `square`, `invert` and `sqrt` need inputs of magnitude at most 8 and return
//!   magnitude 1, not normalized;
//! - `normalize_weak` returns magnitude 1; `normalize` returns the canonical representation;
//! - `is_odd` needs a normalized value; `to_be_bytes` normalizes first.
//!
//! The replay is generic over this trait so that it can run both over k256 and, with the
//! feature `shadow`, over ecdiff's oracle-side shadow `ecdiff_oracles::lazy::ShadowFe`,
//! which computes exactly and checks the same contract in every build profile.

use k256_013::elliptic_curve::subtle::Choice;
use k256_013::{FieldBytes, FieldElement};

/// The lazily reduced secp256k1 field operations the replay is written against. All byte
/// encodings are big-endian, as in k256.
pub trait LazyField: Clone + Send + Sync + Sized {
    /// Zero (magnitude 1, normalized).
    fn zero() -> Self;
    /// One (magnitude 1, normalized).
    fn one() -> Self;
    /// A canonical big-endian value; `None` if it is `≥ p`. Magnitude 1, normalized.
    fn from_be_bytes(bytes: &[u8; 32]) -> Option<Self>;
    /// The canonical big-endian encoding (normalizes first).
    fn to_be_bytes(&self) -> [u8; 32];
    /// `self + rhs`; magnitudes add.
    fn add(&self, rhs: &Self) -> Self;
    /// `self + self`; the magnitude doubles.
    fn double(&self) -> Self;
    /// `−self`, declaring `self`'s magnitude to be at most `magnitude`; the result has
    /// magnitude `magnitude + 1`.
    fn negate(&self, magnitude: u32) -> Self;
    /// `self − rhs` as k256's `Sub` computes it: `self + rhs.negate(1)`. So `rhs` must have
    /// magnitude 1.
    fn sub(&self, rhs: &Self) -> Self {
        self.add(&rhs.negate(1))
    }
    /// `self · rhs`; inputs of magnitude at most 8; result magnitude 1.
    fn mul(&self, rhs: &Self) -> Self;
    /// `self²`; input of magnitude at most 8; result magnitude 1.
    fn square(&self) -> Self;
    /// `self · k` for a small `k`; the magnitude is multiplied by `k`.
    fn mul_single(&self, k: u32) -> Self;
    /// The canonical representation (magnitude 1, normalized).
    fn normalize(&self) -> Self;
    /// Magnitude 1, not necessarily canonical.
    fn normalize_weak(&self) -> Self;
    /// Whether the value is zero, on any representation.
    fn normalizes_to_zero(&self) -> bool;
    /// Whether the value is odd; `self` must be normalized.
    fn is_odd(&self) -> bool;
    /// `self⁻¹`, `None` for zero; input of magnitude at most 8.
    fn invert(&self) -> Option<Self>;
    /// A square root, `None` if there is none; input of magnitude at most 8. Which of the
    /// two roots is unspecified, and the result is not normalized.
    fn sqrt(&self) -> Option<Self>;
}

impl LazyField for FieldElement {
    fn zero() -> Self {
        FieldElement::ZERO
    }

    fn one() -> Self {
        FieldElement::ONE
    }

    fn from_be_bytes(bytes: &[u8; 32]) -> Option<Self> {
        Option::from(FieldElement::from_bytes(&FieldBytes::from(*bytes)))
    }

    fn to_be_bytes(&self) -> [u8; 32] {
        self.to_bytes().into()
    }

    fn add(&self, rhs: &Self) -> Self {
        *self + rhs
    }

    fn double(&self) -> Self {
        FieldElement::double(self)
    }

    fn negate(&self, magnitude: u32) -> Self {
        FieldElement::negate(self, magnitude)
    }

    /// k256's own `Sub` (`self + (-rhs)`, i.e. `negate(1)`).
    fn sub(&self, rhs: &Self) -> Self {
        *self - rhs
    }

    fn mul(&self, rhs: &Self) -> Self {
        FieldElement::mul(self, rhs)
    }

    fn square(&self) -> Self {
        FieldElement::square(self)
    }

    fn mul_single(&self, k: u32) -> Self {
        FieldElement::mul_single(self, k)
    }

    fn normalize(&self) -> Self {
        FieldElement::normalize(self)
    }

    fn normalize_weak(&self) -> Self {
        FieldElement::normalize_weak(self)
    }

    fn normalizes_to_zero(&self) -> bool {
        FieldElement::normalizes_to_zero(self).into()
    }

    fn is_odd(&self) -> bool {
        let c: Choice = FieldElement::is_odd(self);
        c.into()
    }

    fn invert(&self) -> Option<Self> {
        Option::from(FieldElement::invert(self))
    }

    fn sqrt(&self) -> Option<Self> {
        Option::from(FieldElement::sqrt(self))
    }
}

/// Glue: the oracle-side shadow, which checks k256's contract in every profile and panics
/// with `"k256 contract violated: "` on a violation.
#[cfg(feature = "shadow")]
impl LazyField for ecdiff_oracles::lazy::ShadowFe {
    fn zero() -> Self {
        Self::zero()
    }

    fn one() -> Self {
        Self::one()
    }

    fn from_be_bytes(bytes: &[u8; 32]) -> Option<Self> {
        Self::from_be_bytes(bytes)
    }

    fn to_be_bytes(&self) -> [u8; 32] {
        Self::to_be_bytes(self)
    }

    fn add(&self, rhs: &Self) -> Self {
        Self::add(self, rhs)
    }

    fn double(&self) -> Self {
        Self::double(self)
    }

    fn negate(&self, magnitude: u32) -> Self {
        Self::negate(self, magnitude)
    }

    fn sub(&self, rhs: &Self) -> Self {
        Self::sub(self, rhs)
    }

    fn mul(&self, rhs: &Self) -> Self {
        Self::mul(self, rhs)
    }

    fn square(&self) -> Self {
        Self::square(self)
    }

    fn mul_single(&self, k: u32) -> Self {
        Self::mul_single(self, k)
    }

    fn normalize(&self) -> Self {
        Self::normalize(self)
    }

    fn normalize_weak(&self) -> Self {
        Self::normalize_weak(self)
    }

    fn normalizes_to_zero(&self) -> bool {
        Self::normalizes_to_zero(self)
    }

    fn is_odd(&self) -> bool {
        Self::is_odd(self)
    }

    fn invert(&self) -> Option<Self> {
        Self::invert(self)
    }

    fn sqrt(&self) -> Option<Self> {
        Self::sqrt(self)
    }
}
