//! `ecsm-witness` (`subjects/ecsm`): ecdiff's own copy of the unpublished ECSM witness
//! generator of lambda_vm PR #866 (<https://github.com/yetanotherco/lambda_vm/pull/866>) — a
//! Jacobian replay (EFD `dbl-2009-l` / `madd-2007-bl`) over k256 0.13.4's lazily reduced
//! `FieldElement`, two Montgomery batch inversions, shifted quotients with one `div_rem` per
//! relation, rows on rayon.
//!
//! The adapter reaches the routine through [`EcsmSubject`]: one call per (field, row mode,
//! entry point). The routine `ecsm_witness` calls it three times per case — over k256's
//! `FieldElement` with the default (rayon) rows, over the oracle-side magnitude shadow
//! `ShadowFe` (which checks k256's contract in every profile), and over k256 with serial rows —
//! and compares all three with the BigUint reference replay. Witnesses leave as the oracle's
//! own layout (`ecdiff_oracles::ecsm::ReferenceWitness`, field for field the same bytes), typed
//! errors as [`Rejection`]; the adapter never reduces or repairs an input.

use ecdiff_oracles::ecsm::{ReferenceError, ReferenceWitness};
use ecdiff_oracles::lazy::ShadowFe;
use ecsm_witness::{
    compute_witness, compute_witness_serial, compute_witness_x, compute_witness_x_serial,
    AffinePoint, EcsmError, EcsmWitness,
};
use k256_013::FieldElement;

/// The crate and version under test.
pub const ECSM: &str = "ecsm-witness 0.1.0 (over k256 0.13.4 FieldElement)";

/// Which lazily reduced field the replay runs over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    /// k256 0.13.4's `FieldElement` (its magnitude checker is compiled in debug builds only).
    K256,
    /// `ecdiff_oracles::lazy::ShadowFe`: exact values, k256's magnitude rules checked in every
    /// profile (a violation panics with `"k256 contract violated: "`).
    Shadow,
}

/// How the witness rows are built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rows {
    /// On rayon when the harness's `parallel` feature is on (the routine's default).
    Default,
    /// Always serial.
    Serial,
}

/// The entry point and base of one call, as raw little-endian bytes (never validated or
/// reduced here: validation is part of the routine under test).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EcsmBase {
    /// `compute_witness(k, (x, y))`.
    Affine {
        /// x, little-endian.
        x: [u8; 32],
        /// y, little-endian.
        y: [u8; 32],
    },
    /// `compute_witness_x(k, x)`: the base is `(x, even √(x³ + 7))`.
    XOnly {
        /// x, little-endian.
        x: [u8; 32],
    },
}

/// Why an input has no witness, on either side: the subject's `EcsmError` and the reference's
/// `ReferenceError` map onto the same four kinds, so a wrong *kind* of rejection is visible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rejection {
    /// `k = 0`.
    ScalarIsZero,
    /// `k ≥ n`.
    ScalarOutOfRange,
    /// A coordinate `≥ p`.
    CoordinateOutOfRange,
    /// Not on the curve (x-only: `x³ + 7` is not a square).
    NotOnCurve,
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Rejection::ScalarIsZero => "ScalarIsZero",
            Rejection::ScalarOutOfRange => "ScalarOutOfRange",
            Rejection::CoordinateOutOfRange => "CoordinateOutOfRange",
            Rejection::NotOnCurve => "NotOnCurve",
        })
    }
}

impl From<EcsmError> for Rejection {
    fn from(e: EcsmError) -> Self {
        match e {
            EcsmError::ScalarIsZero => Rejection::ScalarIsZero,
            EcsmError::ScalarOutOfRange => Rejection::ScalarOutOfRange,
            EcsmError::CoordinateOutOfRange => Rejection::CoordinateOutOfRange,
            EcsmError::NotOnCurve => Rejection::NotOnCurve,
        }
    }
}

impl From<ReferenceError> for Rejection {
    fn from(e: ReferenceError) -> Self {
        match e {
            ReferenceError::ScalarIsZero => Rejection::ScalarIsZero,
            ReferenceError::ScalarOutOfRange => Rejection::ScalarOutOfRange,
            ReferenceError::CoordinateOutOfRange => Rejection::CoordinateOutOfRange,
            ReferenceError::NotOnCurve => Rejection::NotOnCurve,
        }
    }
}

/// An ECSM witness generator under test.
pub trait EcsmSubject: Send + Sync + 'static {
    /// The witness of `k·base` computed over `arith` with rows built per `rows`. May panic
    /// (k256's debug checker, the shadow, or the routine's own relation check).
    fn witness(
        &self,
        arith: Arith,
        rows: Rows,
        k_le: &[u8; 32],
        base: &EcsmBase,
    ) -> Result<EcsmWitness, EcsmError>;
}

/// The correct routine: `compute_witness`, `compute_witness_serial`, `compute_witness_x`,
/// `compute_witness_x_serial`.
#[derive(Clone, Copy, Debug, Default)]
pub struct EcsmWitnessGen;

impl EcsmSubject for EcsmWitnessGen {
    fn witness(
        &self,
        arith: Arith,
        rows: Rows,
        k: &[u8; 32],
        base: &EcsmBase,
    ) -> Result<EcsmWitness, EcsmError> {
        use Arith::*;
        use Rows::*;
        match (base, arith, rows) {
            (EcsmBase::Affine { x, y }, K256, Default) => {
                compute_witness::<FieldElement>(k, &AffinePoint { x: *x, y: *y })
            }
            (EcsmBase::Affine { x, y }, K256, Serial) => {
                compute_witness_serial::<FieldElement>(k, &AffinePoint { x: *x, y: *y })
            }
            (EcsmBase::Affine { x, y }, Shadow, Default) => {
                compute_witness::<ShadowFe>(k, &AffinePoint { x: *x, y: *y })
            }
            (EcsmBase::Affine { x, y }, Shadow, Serial) => {
                compute_witness_serial::<ShadowFe>(k, &AffinePoint { x: *x, y: *y })
            }
            (EcsmBase::XOnly { x }, K256, Default) => compute_witness_x::<FieldElement>(k, x),
            (EcsmBase::XOnly { x }, K256, Serial) => compute_witness_x_serial::<FieldElement>(k, x),
            (EcsmBase::XOnly { x }, Shadow, Default) => compute_witness_x::<ShadowFe>(k, x),
            (EcsmBase::XOnly { x }, Shadow, Serial) => compute_witness_x_serial::<ShadowFe>(k, x),
        }
    }
}

/// A witness in the oracle's layout (the same bytes, field for field).
pub fn to_reference(w: &EcsmWitness) -> ReferenceWitness {
    ReferenceWitness::from(w)
}

/// The flaws [`FlawedEcsm`] injects (re-exported from `ecsm-witness` for tests).
#[cfg(feature = "zoo")]
pub use ecsm_witness::Flaw;

/// The bugs of lambda_vm PR #866, injected on purpose (`ecsm_witness::Flaw`, feature `zoo`):
/// the replay of [`EcsmWitnessGen`] with one flaw. The crate has no flawed x-only or serial
/// entry point, so an x-only call checks the scalar, then validates and lifts `x` through the
/// correct `compute_witness_x` at `k = 1` (no rows: validation and lifting are not where the
/// flaws are), and replays the lifted base with the flaw; both row modes use the flawed
/// routine's default rows.
#[cfg(feature = "zoo")]
#[derive(Clone, Copy, Debug)]
pub struct FlawedEcsm(pub ecsm_witness::Flaw);

#[cfg(feature = "zoo")]
impl FlawedEcsm {
    fn lift<F: ecsm_witness::LazyField>(
        k: &[u8; 32],
        x: &[u8; 32],
    ) -> Result<AffinePoint, EcsmError> {
        if k.iter().all(|&b| b == 0) {
            return Err(EcsmError::ScalarIsZero);
        }
        if k.iter().rev().cmp(ecsm_witness::N_LE.iter().rev()) != std::cmp::Ordering::Less {
            return Err(EcsmError::ScalarOutOfRange);
        }
        let mut one = [0u8; 32];
        one[0] = 1;
        let w = compute_witness_x::<F>(&one, x)?;
        Ok(AffinePoint { x: w.x_g, y: w.y_g })
    }
}

#[cfg(feature = "zoo")]
impl EcsmSubject for FlawedEcsm {
    fn witness(
        &self,
        arith: Arith,
        _rows: Rows,
        k: &[u8; 32],
        base: &EcsmBase,
    ) -> Result<EcsmWitness, EcsmError> {
        use ecsm_witness::compute_witness_flawed;
        let affine = match (base, arith) {
            (EcsmBase::Affine { x, y }, _) => AffinePoint { x: *x, y: *y },
            (EcsmBase::XOnly { x }, Arith::K256) => Self::lift::<FieldElement>(k, x)?,
            (EcsmBase::XOnly { x }, Arith::Shadow) => Self::lift::<ShadowFe>(k, x)?,
        };
        match arith {
            Arith::K256 => compute_witness_flawed::<FieldElement>(self.0, k, &affine),
            Arith::Shadow => compute_witness_flawed::<ShadowFe>(self.0, k, &affine),
        }
    }
}
