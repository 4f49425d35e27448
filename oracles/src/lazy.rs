//! A shadow of k256 0.13.4's lazily reduced secp256k1 field element that checks the
//! magnitude contract in every build profile.
//!
//! k256 keeps field elements in five 52-bit limbs and reduces lazily: every value carries a
//! *magnitude* (a bound on how far its limbs may exceed a canonical residue) and a
//! *normalized* flag. The rules are only checked by the wrapper `FieldElementImpl` of
//! `k256/src/arithmetic/field/field_impl.rs`, compiled in under `cfg(debug_assertions)`;
//! release builds check nothing, and a broken rule may then compute a wrong value or, by
//! luck of the limb slack, a right one. A program that breaks the contract is wrong either
//! way, so [`ShadowFe`] computes the same operations on an exact `BigUint` residue and
//! applies k256's rules (5x52 backend, maximum magnitude [`MAX_MAGNITUDE`] = 2047 from
//! `field_5x52.rs`) to its own bookkeeping, whatever the profile:
//!
//! | operation | k256 check | result |
//! |---|---|---|
//! | `from_bytes` (value `< p`), `from_u64`, `ZERO`, `ONE` | — | magnitude 1, normalized |
//! | `negate(m)` | `self.magnitude ≤ m` and `m + 1 ≤ 2047` | magnitude `m + 1` |
//! | `add` | sum of magnitudes `≤ 2047` | sum of magnitudes |
//! | `double` (= `self + self`) | `2·magnitude ≤ 2047` | `2·magnitude` |
//! | `mul_single(k)` | `magnitude·k ≤ 2047` | `magnitude·k` |
//! | `mul`, `square` | every input `≤ 8` ([`MUL_MAX_MAGNITUDE`]) | magnitude 1, not normalized |
//! | `invert`, `sqrt` | input `≤ 8` (they start with `square`/`mul`) | magnitude 1, not normalized |
//! | `normalize_weak` | — | magnitude 1, not normalized |
//! | `normalize` | — | magnitude 1, normalized |
//! | `normalizes_to_zero` | — | — |
//! | `is_zero`, `is_odd`, inner `to_bytes` | normalized | — |
//! | public `to_bytes` | — (normalizes first) | — |
//! | `Sub` = `self + (−rhs)`, `Neg` = `negate(1)` | as above | as above |
//!
//! So `a − b` requires `b.magnitude() ≤ 1`; `a − b.double()` breaks the contract for every
//! `b`, while `a − b − b` does not.
//!
//! On a violation the panicking API panics with a message that starts with
//! [`CONTRACT_PREFIX`] (`"k256 contract violated: "`) followed by the rule, e.g.
//! `"k256 contract violated: negate(1) on magnitude 2"`. Every operation also has a
//! `checked_*` form returning [`ContractViolation`], so a harness can tell *which*
//! operation of a program is the first to break the contract without unwinding.
//!
//! **Values.** The shadow tracks the exact value mod `p`, i.e. what a contract-respecting
//! program computes. It does not model the limbs, so it does not reproduce what release
//! k256 computes after a violation (a limb of `negate` may wrap around `u64` and yield a
//! wrong residue); after the first violation, only the first violation is meaningful.
//! Equality (`==`) compares value, magnitude and the normalized flag, like k256's debug
//! `ct_eq`; compare [`ShadowFe::value`] for value equality.

use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::Zero;

use crate::ecsm::p;

/// k256 5x52's `max_magnitude()` (`field_5x52.rs`): the largest magnitude any value may have.
pub const MAX_MAGNITUDE: u32 = 2047;

/// The largest input magnitude `mul` and `square` accept (`field_impl.rs`).
pub const MUL_MAX_MAGNITUDE: u32 = 8;

/// The stable prefix of every panic message of a contract violation.
pub const CONTRACT_PREFIX: &str = "k256 contract violated: ";

/// One broken rule of k256's magnitude contract. `Display` gives the rule, e.g.
/// `negate(1) on magnitude 2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ContractViolation {
    /// `negate(declared)` on a value of larger magnitude.
    NegateMagnitude {
        /// The magnitude passed to `negate`.
        declared: u32,
        /// The operand's magnitude.
        magnitude: u32,
    },
    /// `negate(declared)` with `declared + 1 > 2047`.
    NegateOverflow {
        /// The magnitude passed to `negate`.
        declared: u32,
    },
    /// `add` (or `double`) whose magnitudes sum past 2047.
    AddOverflow {
        /// Left operand's magnitude.
        lhs: u32,
        /// Right operand's magnitude.
        rhs: u32,
    },
    /// `mul_single(factor)` whose magnitude product exceeds 2047.
    MulSingleOverflow {
        /// The operand's magnitude.
        magnitude: u32,
        /// The small factor.
        factor: u32,
    },
    /// `mul` with an input of magnitude `> 8`.
    MulInput {
        /// Left operand's magnitude.
        lhs: u32,
        /// Right operand's magnitude.
        rhs: u32,
    },
    /// `square` (also the first step of `invert` and `sqrt`) with an input of magnitude `> 8`.
    SquareInput {
        /// Which operation: `"square"`, `"invert"` or `"sqrt"`.
        op: &'static str,
        /// The operand's magnitude.
        magnitude: u32,
    },
    /// An operation that reads the limbs (`is_zero`, `is_odd`, inner `to_bytes`) on a value
    /// that is not normalized.
    NotNormalized {
        /// Which operation.
        op: &'static str,
    },
}

impl ContractViolation {
    /// The panic message: [`CONTRACT_PREFIX`] followed by the rule.
    pub fn message(&self) -> String {
        format!("{CONTRACT_PREFIX}{self}")
    }
}

impl fmt::Display for ContractViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::NegateMagnitude {
                declared,
                magnitude,
            } => write!(f, "negate({declared}) on magnitude {magnitude}"),
            Self::NegateOverflow { declared } => write!(
                f,
                "negate({declared}) raises the magnitude past {MAX_MAGNITUDE}"
            ),
            Self::AddOverflow { lhs, rhs } => {
                write!(f, "add of magnitudes {lhs} + {rhs} exceeds {MAX_MAGNITUDE}")
            }
            Self::MulSingleOverflow { magnitude, factor } => write!(
                f,
                "mul_single({factor}) on magnitude {magnitude} exceeds {MAX_MAGNITUDE}"
            ),
            Self::MulInput { lhs, rhs } => write!(
                f,
                "mul of magnitudes {lhs} and {rhs} (each must be <= {MUL_MAX_MAGNITUDE})"
            ),
            Self::SquareInput { op, magnitude } => write!(
                f,
                "{op} of magnitude {magnitude} (must be <= {MUL_MAX_MAGNITUDE})"
            ),
            Self::NotNormalized { op } => write!(f, "{op} on a value that is not normalized"),
        }
    }
}

impl std::error::Error for ContractViolation {}

/// A secp256k1 field element with k256 0.13.4's magnitude bookkeeping, checked in every
/// profile. See the module doc for the rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ShadowFe {
    value: BigUint,
    magnitude: u32,
    normalized: bool,
}

fn violated(v: ContractViolation) -> ! {
    panic!("{}", v.message())
}

impl ShadowFe {
    fn with(value: BigUint, magnitude: u32, normalized: bool) -> Self {
        debug_assert!(value < *p());
        Self {
            value,
            magnitude,
            normalized,
        }
    }

    /// Zero: magnitude 1, normalized.
    pub fn zero() -> Self {
        Self::with(BigUint::zero(), 1, true)
    }

    /// One: magnitude 1, normalized.
    pub fn one() -> Self {
        Self::with(BigUint::from(1u32), 1, true)
    }

    /// `from_u64`: magnitude 1, normalized.
    pub fn from_u64(v: u64) -> Self {
        Self::with(BigUint::from(v) % p(), 1, true)
    }

    /// k256 `from_bytes`: a big-endian value, `None` unless it is `< p`; magnitude 1,
    /// normalized.
    pub fn from_be_bytes(bytes: &[u8; 32]) -> Option<Self> {
        let v = BigUint::from_bytes_be(bytes);
        (v < *p()).then(|| Self::with(v, 1, true))
    }

    /// A value `< p` given as a `BigUint`, as `from_bytes` would produce it. `None` if
    /// `v ≥ p`.
    pub fn from_biguint(v: &BigUint) -> Option<Self> {
        (v < p()).then(|| Self::with(v.clone(), 1, true))
    }

    /// The exact residue (`< p`) this element represents.
    pub fn value(&self) -> &BigUint {
        &self.value
    }

    /// The tracked magnitude.
    pub fn magnitude(&self) -> u32 {
        self.magnitude
    }

    /// Whether the element is normalized (fully reduced representation).
    pub fn is_normalized(&self) -> bool {
        self.normalized
    }

    /// k256's public `to_bytes`: normalizes first, so it never violates. Big-endian.
    pub fn to_be_bytes(&self) -> [u8; 32] {
        let bytes = self.value.to_bytes_be();
        let mut out = [0u8; 32];
        out[32 - bytes.len()..].copy_from_slice(&bytes);
        out
    }

    /// `normalize`: magnitude 1, normalized.
    pub fn normalize(&self) -> Self {
        Self::with(self.value.clone(), 1, true)
    }

    /// `normalize_weak`: magnitude 1, not normalized.
    pub fn normalize_weak(&self) -> Self {
        Self::with(self.value.clone(), 1, false)
    }

    /// `normalizes_to_zero`: valid on any representation.
    pub fn normalizes_to_zero(&self) -> bool {
        self.value.is_zero()
    }

    /// `negate(m)`: needs `magnitude ≤ m` and `m + 1 ≤ 2047`; result magnitude `m + 1`.
    pub fn checked_negate(&self, m: u32) -> Result<Self, ContractViolation> {
        if self.magnitude > m {
            return Err(ContractViolation::NegateMagnitude {
                declared: m,
                magnitude: self.magnitude,
            });
        }
        if m >= MAX_MAGNITUDE {
            return Err(ContractViolation::NegateOverflow { declared: m });
        }
        let v = if self.value.is_zero() {
            BigUint::zero()
        } else {
            p() - &self.value
        };
        Ok(Self::with(v, m + 1, false))
    }

    /// `add`: magnitudes sum, at most 2047.
    pub fn checked_add(&self, rhs: &Self) -> Result<Self, ContractViolation> {
        let m = self.magnitude + rhs.magnitude;
        if m > MAX_MAGNITUDE {
            return Err(ContractViolation::AddOverflow {
                lhs: self.magnitude,
                rhs: rhs.magnitude,
            });
        }
        Ok(Self::with((&self.value + &rhs.value) % p(), m, false))
    }

    /// `a − b` as k256 computes it: `a + b.negate(1)`.
    pub fn checked_sub(&self, rhs: &Self) -> Result<Self, ContractViolation> {
        self.checked_add(&rhs.checked_negate(1)?)
    }

    /// `double` (= `self + self`): doubles the magnitude.
    pub fn checked_double(&self) -> Result<Self, ContractViolation> {
        self.checked_add(self)
    }

    /// `mul_single(k)`: magnitude times `k`, at most 2047.
    pub fn checked_mul_single(&self, k: u32) -> Result<Self, ContractViolation> {
        let m = u64::from(self.magnitude) * u64::from(k);
        if m > u64::from(MAX_MAGNITUDE) {
            return Err(ContractViolation::MulSingleOverflow {
                magnitude: self.magnitude,
                factor: k,
            });
        }
        Ok(Self::with((&self.value * k) % p(), m as u32, false))
    }

    /// `mul`: both inputs at most 8; magnitude 1, not normalized.
    pub fn checked_mul(&self, rhs: &Self) -> Result<Self, ContractViolation> {
        if self.magnitude > MUL_MAX_MAGNITUDE || rhs.magnitude > MUL_MAX_MAGNITUDE {
            return Err(ContractViolation::MulInput {
                lhs: self.magnitude,
                rhs: rhs.magnitude,
            });
        }
        Ok(Self::with((&self.value * &rhs.value) % p(), 1, false))
    }

    fn check_square_input(&self, op: &'static str) -> Result<(), ContractViolation> {
        if self.magnitude > MUL_MAX_MAGNITUDE {
            return Err(ContractViolation::SquareInput {
                op,
                magnitude: self.magnitude,
            });
        }
        Ok(())
    }

    /// `square`: input at most 8; magnitude 1, not normalized.
    pub fn checked_square(&self) -> Result<Self, ContractViolation> {
        self.check_square_input("square")?;
        Ok(Self::with((&self.value * &self.value) % p(), 1, false))
    }

    /// `invert`: input at most 8; `None` if the value is zero; magnitude 1, not normalized.
    pub fn checked_invert(&self) -> Result<Option<Self>, ContractViolation> {
        self.check_square_input("invert")?;
        if self.value.is_zero() {
            return Ok(None);
        }
        let inv = crate::field::lehmer_inverse(&self.value, p());
        let check = (&self.value * &inv) % p();
        assert!(check == BigUint::from(1u8), "modular inverse check failed");
        Ok(Some(Self::with(inv, 1, false)))
    }

    /// `sqrt`: input at most 8; `None` if the value is not a square; otherwise the root
    /// `v^((p+1)/4)` (the one k256 returns), magnitude 1, not normalized.
    pub fn checked_sqrt(&self) -> Result<Option<Self>, ContractViolation> {
        self.check_square_input("sqrt")?;
        let r = self.value.modpow(&((p() + 1u32) >> 2), p());
        if (&r * &r) % p() != self.value {
            return Ok(None);
        }
        Ok(Some(Self::with(r, 1, false)))
    }

    /// `is_zero`: needs a normalized value.
    pub fn checked_is_zero(&self) -> Result<bool, ContractViolation> {
        if !self.normalized {
            return Err(ContractViolation::NotNormalized { op: "is_zero" });
        }
        Ok(self.value.is_zero())
    }

    /// `is_odd`: needs a normalized value.
    pub fn checked_is_odd(&self) -> Result<bool, ContractViolation> {
        if !self.normalized {
            return Err(ContractViolation::NotNormalized { op: "is_odd" });
        }
        Ok(self.value.is_odd())
    }

    /// The inner (un-normalizing) `to_bytes` of `field_impl.rs`: needs a normalized value.
    pub fn checked_to_bytes_inner(&self) -> Result<[u8; 32], ContractViolation> {
        if !self.normalized {
            return Err(ContractViolation::NotNormalized { op: "to_bytes" });
        }
        Ok(self.to_be_bytes())
    }

    /// `negate(m)`; panics with [`CONTRACT_PREFIX`] on a violation.
    pub fn negate(&self, m: u32) -> Self {
        self.checked_negate(m).unwrap_or_else(|v| violated(v))
    }

    /// `add`; panics with [`CONTRACT_PREFIX`] on a violation.
    pub fn add(&self, rhs: &Self) -> Self {
        self.checked_add(rhs).unwrap_or_else(|v| violated(v))
    }

    /// `self + rhs.negate(1)`; panics with [`CONTRACT_PREFIX`] on a violation.
    pub fn sub(&self, rhs: &Self) -> Self {
        self.checked_sub(rhs).unwrap_or_else(|v| violated(v))
    }

    /// `double`; panics with [`CONTRACT_PREFIX`] on a violation.
    pub fn double(&self) -> Self {
        self.checked_double().unwrap_or_else(|v| violated(v))
    }

    /// `mul_single`; panics with [`CONTRACT_PREFIX`] on a violation.
    pub fn mul_single(&self, k: u32) -> Self {
        self.checked_mul_single(k).unwrap_or_else(|v| violated(v))
    }

    /// `mul`; panics with [`CONTRACT_PREFIX`] on a violation.
    pub fn mul(&self, rhs: &Self) -> Self {
        self.checked_mul(rhs).unwrap_or_else(|v| violated(v))
    }

    /// `square`; panics with [`CONTRACT_PREFIX`] on a violation.
    pub fn square(&self) -> Self {
        self.checked_square().unwrap_or_else(|v| violated(v))
    }

    /// `invert`; panics with [`CONTRACT_PREFIX`] on a violation.
    pub fn invert(&self) -> Option<Self> {
        self.checked_invert().unwrap_or_else(|v| violated(v))
    }

    /// `sqrt`; panics with [`CONTRACT_PREFIX`] on a violation.
    pub fn sqrt(&self) -> Option<Self> {
        self.checked_sqrt().unwrap_or_else(|v| violated(v))
    }

    /// `is_zero`; panics with [`CONTRACT_PREFIX`] on a violation.
    pub fn is_zero(&self) -> bool {
        self.checked_is_zero().unwrap_or_else(|v| violated(v))
    }

    /// `is_odd`; panics with [`CONTRACT_PREFIX`] on a violation.
    pub fn is_odd(&self) -> bool {
        self.checked_is_odd().unwrap_or_else(|v| violated(v))
    }
}

// Operators on references, as k256 spells them (`Sub` is `self + (-rhs)`, `Neg` is
// `negate(1)`). They panic with [`CONTRACT_PREFIX`] on a violation. Only reference forms
// exist, so `a.mul(&b)` keeps resolving to the inherent method.

impl Add for &ShadowFe {
    type Output = ShadowFe;
    fn add(self, rhs: &ShadowFe) -> ShadowFe {
        ShadowFe::add(self, rhs)
    }
}

impl Sub for &ShadowFe {
    type Output = ShadowFe;
    fn sub(self, rhs: &ShadowFe) -> ShadowFe {
        ShadowFe::sub(self, rhs)
    }
}

impl Mul for &ShadowFe {
    type Output = ShadowFe;
    fn mul(self, rhs: &ShadowFe) -> ShadowFe {
        ShadowFe::mul(self, rhs)
    }
}

impl Neg for &ShadowFe {
    type Output = ShadowFe;
    fn neg(self) -> ShadowFe {
        self.negate(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::panic::{catch_unwind, AssertUnwindSafe};

    fn fe(v: u64) -> ShadowFe {
        ShadowFe::from_u64(v)
    }

    fn panic_message(f: impl FnOnce()) -> String {
        let err = catch_unwind(AssertUnwindSafe(f)).expect_err("expected a panic");
        err.downcast_ref::<String>()
            .cloned()
            .or_else(|| err.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap()
    }

    #[test]
    fn sub_of_doubled_normalized_violates() {
        assert_eq!(
            fe(5).checked_sub(&fe(7).double()),
            Err(ContractViolation::NegateMagnitude {
                declared: 1,
                magnitude: 2
            })
        );
        let msg = panic_message(|| {
            let _ = &fe(5) - &fe(7).double();
        });
        assert_eq!(msg, "k256 contract violated: negate(1) on magnitude 2");
        assert!(msg.starts_with(CONTRACT_PREFIX));
    }

    #[test]
    fn sub_twice_keeps_the_contract() {
        let r = &(&fe(5) - &fe(7)) - &fe(7);
        assert_eq!(r.magnitude(), 5);
        assert!(!r.is_normalized());
        assert_eq!(*r.value(), p() - 9u32);
        let r = &fe(5) - &fe(7).double().normalize_weak();
        assert_eq!(*r.value(), p() - 9u32);
        assert_eq!(r.magnitude(), 3);
    }

    #[test]
    fn negate_rules() {
        let a = fe(3).mul_single(4);
        assert_eq!(a.magnitude(), 4);
        assert_eq!(a.negate(4).magnitude(), 5);
        assert_eq!(*a.negate(4).value(), p() - 12u32);
        assert_eq!(
            a.checked_negate(3),
            Err(ContractViolation::NegateMagnitude {
                declared: 3,
                magnitude: 4
            })
        );
        assert_eq!(fe(1).negate(2046).magnitude(), 2047);
        assert_eq!(
            fe(1).checked_negate(2047),
            Err(ContractViolation::NegateOverflow { declared: 2047 })
        );
        assert_eq!(fe(0).negate(1).value(), &BigUint::zero());
    }

    #[test]
    fn add_and_mul_single_rules() {
        let big = fe(1).mul_single(2047);
        assert_eq!(big.magnitude(), 2047);
        assert_eq!(
            big.checked_add(&fe(1)),
            Err(ContractViolation::AddOverflow { lhs: 2047, rhs: 1 })
        );
        assert_eq!(
            fe(1).mul_single(1024).checked_double(),
            Err(ContractViolation::AddOverflow {
                lhs: 1024,
                rhs: 1024
            })
        );
        assert_eq!(
            fe(1).mul_single(2).checked_mul_single(1024),
            Err(ContractViolation::MulSingleOverflow {
                magnitude: 2,
                factor: 1024
            })
        );
        assert_eq!(
            fe(1).checked_mul_single(u32::MAX),
            Err(ContractViolation::MulSingleOverflow {
                magnitude: 1,
                factor: u32::MAX
            })
        );
        let s = &fe(2) + &fe(3);
        assert_eq!((s.magnitude(), s.value().clone()), (2, BigUint::from(5u32)));
    }

    #[test]
    fn mul_square_invert_sqrt_need_magnitude_at_most_8() {
        let m8 = fe(2).mul_single(8);
        let m9 = fe(2).mul_single(9);
        let r = m8.mul(&m8);
        assert_eq!((r.magnitude(), r.is_normalized()), (1, false));
        assert_eq!(*r.value(), BigUint::from(256u32));
        assert_eq!(
            m9.checked_mul(&fe(1)),
            Err(ContractViolation::MulInput { lhs: 9, rhs: 1 })
        );
        assert_eq!(
            fe(1).checked_mul(&m9),
            Err(ContractViolation::MulInput { lhs: 1, rhs: 9 })
        );
        assert!(panic_message(|| {
            let _ = &m9 * &fe(1);
        })
        .starts_with(CONTRACT_PREFIX));
        assert_eq!(
            m9.checked_square(),
            Err(ContractViolation::SquareInput {
                op: "square",
                magnitude: 9
            })
        );
        assert_eq!(
            m9.checked_invert(),
            Err(ContractViolation::SquareInput {
                op: "invert",
                magnitude: 9
            })
        );
        assert_eq!(
            m9.checked_sqrt(),
            Err(ContractViolation::SquareInput {
                op: "sqrt",
                magnitude: 9
            })
        );
        let inv = m8.invert().unwrap();
        assert_eq!((m8.value() * inv.value()) % p(), BigUint::from(1u32));
        assert_eq!(inv.magnitude(), 1);
        assert_eq!(fe(0).invert(), None);
        let four = fe(4).sqrt().unwrap();
        assert_eq!((four.value() * four.value()) % p(), BigUint::from(4u32));
    }

    #[test]
    fn minus_one_has_no_root() {
        // p ≡ 3 (mod 4), so −1 is not a square.
        let minus_one = ShadowFe::from_biguint(&(p() - 1u32)).unwrap();
        assert_eq!(minus_one.sqrt(), None);
    }

    #[test]
    fn normalization_flags() {
        let s = &fe(2) + &fe(3);
        assert_eq!(
            s.checked_is_zero(),
            Err(ContractViolation::NotNormalized { op: "is_zero" })
        );
        assert_eq!(
            s.checked_is_odd(),
            Err(ContractViolation::NotNormalized { op: "is_odd" })
        );
        assert_eq!(
            s.checked_to_bytes_inner(),
            Err(ContractViolation::NotNormalized { op: "to_bytes" })
        );
        assert_eq!(s.to_be_bytes()[31], 5);
        let w = s.normalize_weak();
        assert_eq!((w.magnitude(), w.is_normalized()), (1, false));
        let n = s.normalize();
        assert_eq!((n.magnitude(), n.is_normalized()), (1, true));
        assert!(n.is_odd());
        assert!(!n.is_zero());
        assert!((&fe(3) - &fe(3)).normalizes_to_zero());
        assert_eq!(*(-&fe(3)).value(), p() - 3u32);
        assert!(ShadowFe::zero().is_zero());
        assert_eq!(ShadowFe::one(), fe(1));
        // Equality sees magnitude and flag, like k256's debug `ct_eq`.
        assert_ne!(fe(3), &fe(1) + &fe(2));
        assert_eq!((&fe(1) + &fe(2)).normalize(), fe(3));
    }

    #[test]
    fn bytes_round_trip_and_range() {
        let mut be = [0u8; 32];
        be[31] = 9;
        assert_eq!(ShadowFe::from_be_bytes(&be), Some(fe(9)));
        let p_be = {
            let b = p().to_bytes_be();
            let mut out = [0u8; 32];
            out.copy_from_slice(&b);
            out
        };
        assert_eq!(ShadowFe::from_be_bytes(&p_be), None);
        assert_eq!(ShadowFe::from_biguint(p()), None);
        assert_eq!(fe(9).to_be_bytes(), be);
    }
}
