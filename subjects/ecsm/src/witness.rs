//! Witness rows: input validation, the shifted quotients, and `build_step` (on rayon).
//!
//! Each ladder row satisfies three integer relations exactly over ℤ (those of lambda_vm PR
//! #866's `crypto/ecsm`, <https://github.com/yetanotherco/lambda_vm/pull/866>), with
//! `r = 3p` and `op ∈ {0, 1}`:
//! 1. λ: `op·(λ(x_G − x_A) − y_G + y_A) + (1 − op)·(2λy_A − 3x_A²) + (r − q0)·p = 0`
//! 2. x_R: `λ² − x_A − x_G − x_R − (1 − op)(x_A − x_G) + (r − q1)·p = 0`
//! 3. y_R: `λ(x_A − x_R) − y_A − y_R + (r − q2)·p = 0`
//!
//! so each quotient is `q = r + numerator/p`. The shift by `3p` makes all of them
//! non-negative and below `5p < 2²⁵⁹` for canonical inputs, so they fit 33 little-endian
//! bytes. Each is computed with **one** `Integer::div_rem` (PR #866's change from a
//! separate `%` and `/`), and divisibility is asserted: a remainder means the row is wrong,
//! and this routine panics rather than emit it.

use std::fmt;
use std::sync::OnceLock;

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::Zero;

use crate::field::LazyField;
use crate::flaw::Flaw;
use crate::jacobian::{replay, Affine};
use crate::schedule::{msb, schedule, ScheduleEntry};

const fn hex_nibble(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        b'A'..=b'F' => c - b'A' + 10,
        _ => panic!("not a hex digit"),
    }
}

/// Little-endian bytes of a 64-digit big-endian hex constant.
const fn le_from_hex(s: &str) -> [u8; 32] {
    let b = s.as_bytes();
    assert!(b.len() == 64);
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        out[31 - i] = (hex_nibble(b[2 * i]) << 4) | hex_nibble(b[2 * i + 1]);
        i += 1;
    }
    out
}

/// The field prime `p = 2²⁵⁶ − 2³² − 977`, little-endian.
pub const P_LE: [u8; 32] =
    le_from_hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F");

/// The group order `n`, little-endian.
pub const N_LE: [u8; 32] =
    le_from_hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141");

/// The generator `G` (SEC 2 v2 §2.4.1), little-endian coordinates.
pub const GENERATOR: AffinePoint = AffinePoint {
    x: le_from_hex("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798"),
    y: le_from_hex("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8"),
};

/// The curve constant `b = 7`, big-endian (the field's byte order).
const B_BE: [u8; 32] = {
    let mut b = [0u8; 32];
    b[31] = 7;
    b
};

/// An affine point as two little-endian 32-byte coordinates (not validated by
/// construction; the entry points validate it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AffinePoint {
    /// x, little-endian.
    pub x: [u8; 32],
    /// y, little-endian.
    pub y: [u8; 32],
}

/// Why an input has no witness. Checked in this order: scalar zero, scalar `≥ n`,
/// coordinate `≥ p`, not on the curve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EcsmError {
    /// `k = 0`.
    ScalarIsZero,
    /// `k ≥ n`.
    ScalarOutOfRange,
    /// `x ≥ p` or `y ≥ p`.
    CoordinateOutOfRange,
    /// `y² ≠ x³ + 7`; for the x-only entry point, `x³ + 7` is not a square.
    NotOnCurve,
}

impl fmt::Display for EcsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::ScalarIsZero => "scalar is zero",
            Self::ScalarOutOfRange => "scalar is not below the group order",
            Self::CoordinateOutOfRange => "coordinate is not below p",
            Self::NotOnCurve => "point is not on the curve",
        })
    }
}

impl std::error::Error for EcsmError {}

/// One ladder row at point level (PR #866's `StepPts`): accumulator `A`, base `G`, the
/// schedule entry, result `R` and slope λ. Little-endian, canonical.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LadderStep {
    /// Accumulator x.
    pub x_a: [u8; 32],
    /// Accumulator y.
    pub y_a: [u8; 32],
    /// Base x.
    pub x_g: [u8; 32],
    /// Base y.
    pub y_g: [u8; 32],
    /// Bit index of `k`.
    pub round: u8,
    /// 0 = double, 1 = add.
    pub op: u8,
    /// The next row's op.
    pub next_op: u8,
    /// Slope λ.
    pub lambda: [u8; 32],
    /// Result x.
    pub x_r: [u8; 32],
    /// Result y.
    pub y_r: [u8; 32],
}

/// The point-level replay of one call: its rows and the result `k·P`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Replay {
    /// One row per schedule entry.
    pub steps: Vec<LadderStep>,
    /// `k·P`.
    pub result: AffinePoint,
}

/// One ECDAS row: a [`LadderStep`] plus the shifted quotients of its three relations.
/// Field for field the layout of `ecdiff_oracles::ecsm::ReferenceStep`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EcdasStep {
    /// Accumulator x.
    pub x_a: [u8; 32],
    /// Accumulator y.
    pub y_a: [u8; 32],
    /// Base x (also on double rows, where it cancels out).
    pub x_g: [u8; 32],
    /// Base y.
    pub y_g: [u8; 32],
    /// Bit index of `k`.
    pub round: u8,
    /// 0 = double, 1 = add.
    pub op: u8,
    /// The next row's op.
    pub next_op: u8,
    /// Slope λ.
    pub lambda: [u8; 32],
    /// Result x.
    pub x_r: [u8; 32],
    /// Result y.
    pub y_r: [u8; 32],
    /// Shifted quotient of the λ relation (`3p + numerator/p`), 33 bytes LE.
    pub q0: [u8; 33],
    /// Shifted quotient of the x_R relation.
    pub q1: [u8; 33],
    /// Shifted quotient of the y_R relation.
    pub q2: [u8; 33],
}

/// The witness of one ECSM call `k·P`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EcsmWitness {
    /// Base x.
    pub x_g: [u8; 32],
    /// Base y (for [`crate::compute_witness_x`]: the even lift).
    pub y_g: [u8; 32],
    /// The scalar, as given.
    pub k: [u8; 32],
    /// Index of the most significant set bit of `k` (0 for `k = 1`, 255 for `n − 1`).
    pub len_k: u32,
    /// One row per schedule entry.
    pub steps: Vec<EcdasStep>,
    /// `x(k·P)`.
    pub x_r: [u8; 32],
    /// `y(k·P)`.
    pub y_r: [u8; 32],
}

fn be(le: &[u8; 32]) -> [u8; 32] {
    let mut out = *le;
    out.reverse();
    out
}

fn check_scalar(k_le: &[u8; 32]) -> Result<(), EcsmError> {
    if k_le.iter().all(|&b| b == 0) {
        return Err(EcsmError::ScalarIsZero);
    }
    // Compare as little-endian integers, most significant byte first.
    if k_le.iter().rev().cmp(N_LE.iter().rev()) != std::cmp::Ordering::Less {
        return Err(EcsmError::ScalarOutOfRange);
    }
    Ok(())
}

fn coordinate<F: LazyField>(v_le: &[u8; 32]) -> Result<F, EcsmError> {
    F::from_be_bytes(&be(v_le)).ok_or(EcsmError::CoordinateOutOfRange)
}

/// `x³ + 7` (magnitude 2).
fn curve_rhs<F: LazyField>(x: &F) -> F {
    let b = F::from_be_bytes(&B_BE).expect("7 < p");
    x.square().mul(x).add(&b)
}

/// The affine base in `F` after the checks of [`crate::compute_witness`].
fn validate_point<F: LazyField>(
    k_le: &[u8; 32],
    base: &AffinePoint,
) -> Result<Affine<F>, EcsmError> {
    check_scalar(k_le)?;
    let x = coordinate::<F>(&base.x)?;
    let y = coordinate::<F>(&base.y)?;
    // y² − (x³ + 7): the subtrahend is normalized first (magnitude 1).
    if !y
        .square()
        .sub(&curve_rhs(&x).normalize())
        .normalizes_to_zero()
    {
        return Err(EcsmError::NotOnCurve);
    }
    Ok(Affine { x, y })
}

/// The even square root of `x³ + 7` for a little-endian `x`, little-endian; `None` if
/// `x ≥ p` or `x³ + 7` is not a square. The root is normalized **before** its parity is
/// read (`is_odd` on an unnormalized `sqrt` output is k256 issue #529's release-only
/// wrong-sign bug).
pub fn recover_y_canonical<F: LazyField>(x_le: &[u8; 32]) -> Option<[u8; 32]> {
    let x = F::from_be_bytes(&be(x_le))?;
    let y = curve_rhs(&x).sqrt()?.normalize();
    let y = if y.is_odd() {
        y.negate(1).normalize()
    } else {
        y
    };
    Some(be(&y.to_be_bytes()))
}

fn validate_x<F: LazyField>(k_le: &[u8; 32], x_le: &[u8; 32]) -> Result<AffinePoint, EcsmError> {
    check_scalar(k_le)?;
    coordinate::<F>(x_le)?;
    let y = recover_y_canonical::<F>(x_le).ok_or(EcsmError::NotOnCurve)?;
    Ok(AffinePoint { x: *x_le, y })
}

fn generator<F: LazyField>() -> Affine<F> {
    Affine {
        x: F::from_be_bytes(&be(&GENERATOR.x)).expect("G is canonical"),
        y: F::from_be_bytes(&be(&GENERATOR.y)).expect("G is canonical"),
    }
}

fn le_of<F: LazyField>(v: &F) -> [u8; 32] {
    be(&v.to_be_bytes())
}

/// The point-level replay for a validated base.
fn replay_points<F: LazyField>(
    sched: &[ScheduleEntry],
    base_fe: &Affine<F>,
    base: &AffinePoint,
    flaw: Flaw,
) -> Replay {
    let ladder = replay(sched, base_fe, &generator::<F>(), flaw);
    // Each distinct point is encoded once.
    let pts: Vec<AffinePoint> = ladder
        .points
        .iter()
        .map(|p| AffinePoint {
            x: le_of(&p.x),
            y: le_of(&p.y),
        })
        .collect();
    let steps = sched
        .iter()
        .enumerate()
        .map(|(i, e)| LadderStep {
            x_a: pts[i].x,
            y_a: pts[i].y,
            x_g: base.x,
            y_g: base.y,
            round: e.round,
            op: e.op,
            next_op: e.next_op,
            lambda: le_of(&ladder.lambdas[i]),
            x_r: pts[i + 1].x,
            y_r: pts[i + 1].y,
        })
        .collect();
    Replay {
        steps,
        result: *pts.last().expect("non-empty"),
    }
}

fn p_int() -> &'static BigInt {
    static P: OnceLock<BigInt> = OnceLock::new();
    P.get_or_init(|| BigInt::from_bytes_le(Sign::Plus, &P_LE))
}

fn shift_int() -> &'static BigInt {
    static R: OnceLock<BigInt> = OnceLock::new();
    R.get_or_init(|| p_int() * 3)
}

/// `3p + numerator/p` with one `div_rem`; panics if `p ∤ numerator` (the row is wrong) or
/// the result does not fit 33 bytes.
fn shifted_quotient(relation: usize, numerator: &BigInt) -> [u8; 33] {
    let (q, rem) = numerator.div_rem(p_int());
    assert!(
        rem.is_zero(),
        "relation numerator not divisible by p (relation {relation})"
    );
    let q: BigUint = (q + shift_int())
        .to_biguint()
        .expect("shifted quotient is non-negative");
    let bytes = q.to_bytes_le();
    assert!(bytes.len() <= 33, "shifted quotient does not fit 33 bytes");
    let mut out = [0u8; 33];
    out[..bytes.len()].copy_from_slice(&bytes);
    out
}

fn int(le: &[u8; 32]) -> BigInt {
    BigInt::from_bytes_le(Sign::Plus, le)
}

/// One witness row: the three relation numerators over ℤ and their shifted quotients.
fn build_step(s: &LadderStep) -> EcdasStep {
    let (xa, ya, xg, yg, l, xr, yr) = (
        int(&s.x_a),
        int(&s.y_a),
        int(&s.x_g),
        int(&s.y_g),
        int(&s.lambda),
        int(&s.x_r),
        int(&s.y_r),
    );
    let (n0, n1) = if s.op == 1 {
        (&l * (&xg - &xa) - &yg + &ya, &l * &l - &xa - &xg - &xr)
    } else {
        (
            ((&l * &ya) << 1) - &xa * &xa * 3,
            &l * &l - (&xa << 1) - &xr,
        )
    };
    let n2 = &l * (&xa - &xr) - &ya - &yr;
    EcdasStep {
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
        q0: shifted_quotient(0, &n0),
        q1: shifted_quotient(1, &n1),
        q2: shifted_quotient(2, &n2),
    }
}

/// How to run `build_step` over the rows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Always serial.
    Serial,
    /// On rayon with feature `parallel`, else serial.
    Default,
}

fn build_steps(rows: &[LadderStep], mode: Mode) -> Vec<EcdasStep> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        if mode == Mode::Default {
            return rows.par_iter().map(build_step).collect();
        }
    }
    #[cfg(not(feature = "parallel"))]
    let _ = mode;
    rows.iter().map(build_step).collect()
}

fn witness_of(k_le: &[u8; 32], base: &AffinePoint, replay: Replay, mode: Mode) -> EcsmWitness {
    EcsmWitness {
        x_g: base.x,
        y_g: base.y,
        k: *k_le,
        len_k: msb(k_le).expect("k is not zero") as u32,
        steps: build_steps(&replay.steps, mode),
        x_r: replay.result.x,
        y_r: replay.result.y,
    }
}

/// The point-level replay of `k·base` (PR #866's `replay_double_and_add`), validated as
/// [`crate::compute_witness`].
pub(crate) fn replay_impl<F: LazyField>(
    k_le: &[u8; 32],
    base: &AffinePoint,
    flaw: Flaw,
) -> Result<Replay, EcsmError> {
    let base_fe = validate_point::<F>(k_le, base)?;
    Ok(replay_points(&schedule(k_le), &base_fe, base, flaw))
}

/// The witness of `k·base`.
pub(crate) fn witness_impl<F: LazyField>(
    k_le: &[u8; 32],
    base: &AffinePoint,
    flaw: Flaw,
    mode: Mode,
) -> Result<EcsmWitness, EcsmError> {
    let replay = replay_impl::<F>(k_le, base, flaw)?;
    Ok(witness_of(k_le, base, replay, mode))
}

/// The witness of `k·(x, even y)`.
pub(crate) fn witness_x_impl<F: LazyField>(
    k_le: &[u8; 32],
    x_le: &[u8; 32],
    mode: Mode,
) -> Result<EcsmWitness, EcsmError> {
    let base = validate_x::<F>(k_le, x_le)?;
    witness_impl::<F>(k_le, &base, Flaw::None, mode)
}
