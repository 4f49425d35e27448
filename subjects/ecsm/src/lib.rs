//! ECSM witness generation on secp256k1 — ecdiff's own copy of an unpublished routine, as
//! a **subject under test** (this crate is code under test, not testing code).
//!
//! One ECSM call computes `k·P` (`1 ≤ k < n`, `P` any curve point) and its witness: one
//! row per step of an MSB-first double-and-add ladder ([`schedule`]), each row holding the
//! accumulator `A`, the base `P`, the result `R`, the slope λ and the shifted quotients of
//! three integer relations ([`EcdasStep`]; relations in the `witness` module doc). The
//! routine and its bugs come from lambda_vm PR #866, "perf(ecsm): 7.7x faster witness
//! generation" (`crypto/ecsm`, <https://github.com/yetanotherco/lambda_vm/pull/866>),
//! re-implemented here:
//!
//! 1. a Jacobian replay of the ladder over k256 0.13.4's lazily reduced `FieldElement`
//!    (EFD `dbl-2009-l` and `madd-2007-bl`, HMV *Guide to ECC* §3.2.2), storing the
//!    `n + 1` distinct ladder points once;
//! 2. two Montgomery batch inversions (all `Z`s; all slope denominators), then
//!    `λ = numerator · inverse`;
//! 3. `build_step` per row — the three relation numerators over ℤ and one `div_rem` each,
//!    divisibility asserted — on rayon behind the feature `parallel` (default), with a
//!    serial fallback; [`compute_witness_serial`] is always serial.
//!
//! The replay is generic over [`LazyField`], implemented for `k256::FieldElement` and, with
//! the feature `shadow`, for ecdiff's oracle-side magnitude shadow
//! `ecdiff_oracles::lazy::ShadowFe`, which checks k256's magnitude contract in every build
//! profile. Every subtraction keeps its subtrahend at magnitude 1; the sites where that
//! takes care are listed in the `jacobian` module doc.
//!
//! With the feature `flaws`, `Flaw` and `compute_witness_flawed` / `replay_flawed`
//! reproduce the PR's bugs on purpose, for a harness to prove it catches them.
//!
//! All byte arrays are little-endian (32 bytes per coordinate or scalar, 33 per quotient);
//! outputs are canonical, so witnesses compare byte for byte with `==`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod field;
mod flaw;
mod jacobian;
mod schedule;
mod witness;

pub use field::LazyField;
#[cfg(feature = "flaws")]
pub use flaw::Flaw;
pub use schedule::{schedule, ScheduleEntry};
pub use witness::{
    recover_y_canonical, AffinePoint, EcdasStep, EcsmError, EcsmWitness, LadderStep, Replay,
    GENERATOR, N_LE, P_LE,
};

use witness::Mode;

/// The witness of `k·base` (both little-endian; `base` is validated). Errors, checked in
/// this order: [`EcsmError::ScalarIsZero`], [`EcsmError::ScalarOutOfRange`] (`k ≥ n`),
/// [`EcsmError::CoordinateOutOfRange`] (`x ≥ p` or `y ≥ p`), [`EcsmError::NotOnCurve`].
/// Rows are built on rayon with the feature `parallel`.
///
/// # Panics
///
/// If a row's integer relation does not hold (its numerator is not divisible by `p`): the
/// routine checks its own rows and never emits a wrong one. The correct replay never
/// panics for valid input; see `Flaw` (feature `flaws`) for replays that do.
pub fn compute_witness<F: LazyField>(
    k_le: &[u8; 32],
    base: &AffinePoint,
) -> Result<EcsmWitness, EcsmError> {
    witness::witness_impl::<F>(k_le, base, flaw::Flaw::None, Mode::Default)
}

/// [`compute_witness`], with the rows always built serially (whatever the features), so
/// serial and parallel output can be compared in one build.
pub fn compute_witness_serial<F: LazyField>(
    k_le: &[u8; 32],
    base: &AffinePoint,
) -> Result<EcsmWitness, EcsmError> {
    witness::witness_impl::<F>(k_le, base, flaw::Flaw::None, Mode::Serial)
}

/// The witness of `k·(x, y)` where `y` is the **even** square root of `x³ + 7`
/// ([`recover_y_canonical`]), as PR #866's x-only entry point. Errors, in order:
/// `ScalarIsZero`, `ScalarOutOfRange`, `CoordinateOutOfRange` (`x ≥ p`), `NotOnCurve`
/// (`x³ + 7` is not a square).
pub fn compute_witness_x<F: LazyField>(
    k_le: &[u8; 32],
    x_le: &[u8; 32],
) -> Result<EcsmWitness, EcsmError> {
    witness::witness_x_impl::<F>(k_le, x_le, Mode::Default)
}

/// [`compute_witness_x`], always serial.
pub fn compute_witness_x_serial<F: LazyField>(
    k_le: &[u8; 32],
    x_le: &[u8; 32],
) -> Result<EcsmWitness, EcsmError> {
    witness::witness_x_impl::<F>(k_le, x_le, Mode::Serial)
}

/// The point-level replay of `k·base` (PR #866's `replay_double_and_add`, its
/// `StepPts`): rows without quotients, and the result. Validated as [`compute_witness`].
/// Unlike [`compute_witness`] it checks no relation, so a wrong replay returns wrong
/// points instead of panicking.
pub fn replay<F: LazyField>(k_le: &[u8; 32], base: &AffinePoint) -> Result<Replay, EcsmError> {
    witness::replay_impl::<F>(k_le, base, flaw::Flaw::None)
}

/// [`compute_witness`] with a deliberately injected bug (`Flaw::None` is the correct
/// routine). Rows are built as [`compute_witness`] builds them.
#[cfg(feature = "flaws")]
pub fn compute_witness_flawed<F: LazyField>(
    flaw: Flaw,
    k_le: &[u8; 32],
    base: &AffinePoint,
) -> Result<EcsmWitness, EcsmError> {
    witness::witness_impl::<F>(k_le, base, flaw, Mode::Default)
}

/// [`replay`] with a deliberately injected bug.
#[cfg(feature = "flaws")]
pub fn replay_flawed<F: LazyField>(
    flaw: Flaw,
    k_le: &[u8; 32],
    base: &AffinePoint,
) -> Result<Replay, EcsmError> {
    witness::replay_impl::<F>(k_le, base, flaw)
}

/// Conversions to the oracle's layout (`ecdiff_oracles::ecsm`), field for field, so a
/// harness can run `check_relations` on this routine's rows and compare whole witnesses.
#[cfg(feature = "shadow")]
mod to_oracle {
    use ecdiff_oracles::ecsm::{ReferenceStep, ReferenceWitness};

    use crate::{EcdasStep, EcsmWitness};

    impl From<&EcdasStep> for ReferenceStep {
        fn from(s: &EcdasStep) -> Self {
            ReferenceStep {
                x_a: s.x_a,
                y_a: s.y_a,
                x_g: s.x_g,
                y_g: s.y_g,
                round: s.round,
                op: s.op,
                next_op: s.next_op,
                lambda: s.lambda,
                x_r: s.x_r,
                y_r: s.y_r,
                q0: s.q0,
                q1: s.q1,
                q2: s.q2,
            }
        }
    }

    impl From<&EcsmWitness> for ReferenceWitness {
        fn from(w: &EcsmWitness) -> Self {
            ReferenceWitness {
                x_g: w.x_g,
                y_g: w.y_g,
                k: w.k,
                len_k: w.len_k,
                steps: w.steps.iter().map(ReferenceStep::from).collect(),
                x_r: w.x_r,
                y_r: w.y_r,
            }
        }
    }
}

#[cfg(test)]
mod tests;
