//! Reference replay of ECSM witness generation on secp256k1 (the parity oracle).
//!
//! One ECSM call computes `k·P` for a scalar `1 ≤ k < n` and an affine point `P` of
//! secp256k1 (`y² = x³ + 7` over `p = 2²⁵⁶ − 2³² − 977`), and its witness has one row per
//! step of an MSB-first double-and-add ladder. This module recomputes that witness the
//! slow, obvious way, independently of the optimized routine under test
//! (`subjects/ecsm`, a Jacobian replay over k256's lazily reduced field):
//!
//! - **Field:** canonical `BigUint` residues mod `p`; subtraction is `(a + p − b) mod p`,
//!   inversion is Lehmer's extended Euclid (Knuth, *TAOCP* Vol. 2, §4.5.2, Algorithm L),
//!   each result checked by `a · a⁻¹ = 1`. No lazy reduction, no limbs.
//! - **Points:** affine, with the textbook chord-and-tangent formulas (Hankerson, Menezes,
//!   Vanstone, *Guide to Elliptic Curve Cryptography*, §3.1.2, group law for
//!   `y² = x³ + ax + b`, here with `a = 0`):
//!   - double: `λ = 3x²/(2y)`, `x_R = λ² − 2x`, `y_R = λ(x − x_R) − y`;
//!   - add `A + G`: `λ = (y_G − y_A)/(x_G − x_A)`, `x_R = λ² − x_A − x_G`,
//!     `y_R = λ(x_A − x_R) − y_A`.
//! - **Ladder** ([`schedule`]): the MSB of `k` is the initial accumulator `A = P`; then for
//!   each lower bit, MSB first, one double, followed by one add of `P` at the same round when
//!   the bit is 1. So a witness has `len_k` doubles and `popcount(k) − 1` adds, and `k = 1`
//!   has no rows. For `1 ≤ k < n` no step is degenerate: every accumulator is `j·P` with
//!   `1 ≤ j ≤ k`, an add never meets `A = ±P`, and secp256k1 has no 2-torsion.
//! - **Slopes**: each row's λ is the one its point formula used. (The original reference
//!   computes it a second time with [`step_lambda`]; the same formula on the same inputs gives
//!   the same value at the cost of a second inversion a row, and the relations below re-check
//!   every λ exactly.)
//! - **Quotients** ([`shifted_quotient`]): each step satisfies three integer relations,
//!   exactly over ℤ, with `r = 3p`:
//!   1. λ: `op·(λ(x_G − x_A) − y_G + y_A) + (1 − op)·(2λy_A − 3x_A²) + (r − q0)·p = 0`
//!   2. x_R: `λ² − x_A − x_G − x_R − (1 − op)(x_A − x_G) + (r − q1)·p = 0`
//!   3. y_R: `λ(x_A − x_R) − y_A − y_R + (r − q2)·p = 0`
//!
//!   so `q = r + numerator/p`; the shift by `r = 3p` makes every quotient non-negative and
//!   below `5p < 2²⁵⁹` (33 little-endian bytes). [`check_relations`] re-checks the three
//!   identities exactly, on any step, including the optimized routine's output.
//!
//! Validation happens in the order of the original `prepare`: `k = 0`, then `k ≥ n`, then a
//! coordinate `≥ p`, then "not on the curve" (for the x-only entry point: `x³ + 7` is not a
//! square; the lift is then the **even** square root).
//!
//! All byte arrays are little-endian, as in the ECSM witness: 32 bytes for coordinates and
//! scalars, 33 bytes for quotients. Everything here depends on `num-*` only.

use std::borrow::Cow;
use std::fmt;
use std::sync::OnceLock;

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::Zero;

/// The curve constant `b` of secp256k1 (`y² = x³ + 7`).
pub const B: u32 = 7;

const P_HEX: &str = "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F";
const N_HEX: &str = "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141";
const GX_HEX: &str = "79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798";
const GY_HEX: &str = "483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8";

fn hex(s: &str) -> BigUint {
    BigUint::parse_bytes(s.as_bytes(), 16).expect("constant is valid hex")
}

/// The field prime `p = 2²⁵⁶ − 2³² − 977` (SEC 2 v2, §2.4.1).
pub fn p() -> &'static BigUint {
    static P: OnceLock<BigUint> = OnceLock::new();
    P.get_or_init(|| hex(P_HEX))
}

/// The group order `n` (SEC 2 v2, §2.4.1).
pub fn n() -> &'static BigUint {
    static N: OnceLock<BigUint> = OnceLock::new();
    N.get_or_init(|| hex(N_HEX))
}

/// The quotient shift `r = 3p`.
pub fn quotient_shift() -> &'static BigUint {
    static R: OnceLock<BigUint> = OnceLock::new();
    R.get_or_init(|| p() * 3u32)
}

/// An affine point of secp256k1 with canonical coordinates (`0 ≤ x, y < p`). The point at
/// infinity is not representable here; [`scalar_mul`] returns `None` for it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffinePoint {
    /// x coordinate.
    pub x: BigUint,
    /// y coordinate.
    pub y: BigUint,
}

/// The standard generator `G` (SEC 2 v2, §2.4.1).
pub fn generator() -> AffinePoint {
    AffinePoint {
        x: hex(GX_HEX),
        y: hex(GY_HEX),
    }
}

// ---------------------------------------------------------------------------------------
// The field: canonical residues mod p.

// Operands below p take one conditional subtraction or addition of p (and the field's
// word-level multiplication); any other operand is reduced with `%` first.

fn fadd(a: &BigUint, b: &BigUint) -> BigUint {
    let sum = residue(a).as_ref() + residue(b).as_ref();
    if &sum >= p() {
        sum - p()
    } else {
        sum
    }
}

fn fsub(a: &BigUint, b: &BigUint) -> BigUint {
    let (a, b) = (residue(a), residue(b));
    if a >= b {
        a.as_ref() - b.as_ref()
    } else {
        a.as_ref() + p() - b.as_ref()
    }
}

fn fmul(a: &BigUint, b: &BigUint) -> BigUint {
    crate::curves::secp256k1_fp().mul_residues(&residue(a), &residue(b))
}

/// `a mod p`, borrowed when `a` already is below p.
fn residue(a: &BigUint) -> Cow<'_, BigUint> {
    if a < p() {
        Cow::Borrowed(a)
    } else {
        Cow::Owned(a % p())
    }
}

/// `a⁻¹ mod p` by Lehmer's extended Euclid ([`crate::field::lehmer_inverse`]), checked by
/// `a · a⁻¹ = 1`. Panics on zero (never reached for `1 ≤ k < n`).
fn finv(a: &BigUint) -> BigUint {
    let a = a % p();
    assert!(!a.is_zero(), "inverse of zero");
    let inverse = crate::field::lehmer_inverse(&a, p());
    assert!(
        fmul(&a, &inverse) == BigUint::from(1u8),
        "modular inverse check failed"
    );
    inverse
}

/// `x³ + 7 mod p`.
fn curve_rhs(x: &BigUint) -> BigUint {
    fadd(&fmul(&fmul(x, x), x), &BigUint::from(B))
}

/// Whether `pt` satisfies `y² = x³ + 7` with canonical coordinates.
pub fn is_on_curve(pt: &AffinePoint) -> bool {
    pt.x < *p() && pt.y < *p() && fmul(&pt.y, &pt.y) == curve_rhs(&pt.x)
}

/// The **even** square root `y` of `x³ + 7`, or `None` if `x ≥ p` or `x³ + 7` is not a
/// quadratic residue. Since `p ≡ 3 (mod 4)`, a root is `(x³ + 7)^((p+1)/4)`.
pub fn recover_y_even(x: &BigUint) -> Option<BigUint> {
    if x >= p() {
        return None;
    }
    let rhs = curve_rhs(x);
    let y = rhs.modpow(&((p() + 1u32) >> 2), p());
    if fmul(&y, &y) != rhs {
        return None;
    }
    Some(if y.is_odd() { p() - y } else { y })
}

/// Affine doubling (HMV §3.1.2, `a = 0`): `λ = 3x²/(2y)`, `x_R = λ² − 2x`,
/// `y_R = λ(x − x_R) − y`. Panics if `y = 0` (no such point on secp256k1).
pub fn point_double(a: &AffinePoint) -> AffinePoint {
    double_with_slope(a).0
}

/// [`point_double`] and its slope λ.
fn double_with_slope(a: &AffinePoint) -> (AffinePoint, BigUint) {
    let three_x2 = fmul(&BigUint::from(3u32), &fmul(&a.x, &a.x));
    let lambda = fmul(&three_x2, &finv(&fadd(&a.y, &a.y)));
    let xr = fsub(&fsub(&fmul(&lambda, &lambda), &a.x), &a.x);
    let yr = fsub(&fmul(&lambda, &fsub(&a.x, &xr)), &a.y);
    (AffinePoint { x: xr, y: yr }, lambda)
}

/// Affine addition `A + G` of distinct, non-opposite points (HMV §3.1.2):
/// `λ = (y_G − y_A)/(x_G − x_A)`, `x_R = λ² − x_A − x_G`, `y_R = λ(x_A − x_R) − y_A`.
/// Panics if `x_A = x_G`.
pub fn point_add(a: &AffinePoint, g: &AffinePoint) -> AffinePoint {
    add_with_slope(a, g).0
}

/// [`point_add`] and its slope λ.
fn add_with_slope(a: &AffinePoint, g: &AffinePoint) -> (AffinePoint, BigUint) {
    let lambda = fmul(&fsub(&g.y, &a.y), &finv(&fsub(&g.x, &a.x)));
    let xr = fsub(&fsub(&fmul(&lambda, &lambda), &a.x), &g.x);
    let yr = fsub(&fmul(&lambda, &fsub(&a.x, &xr)), &a.y);
    (AffinePoint { x: xr, y: yr }, lambda)
}

/// The slope of one ladder step, computed on its own: for `op = 1`
/// `(y_G − y_A)/(x_G − x_A)`, for `op = 0` `3x_A²/(2y_A)`.
pub fn step_lambda(a: &AffinePoint, g: &AffinePoint, op: u8) -> BigUint {
    if op == 1 {
        fmul(&fsub(&g.y, &a.y), &finv(&fsub(&g.x, &a.x)))
    } else {
        let three_x2 = fmul(&BigUint::from(3u32), &fmul(&a.x, &a.x));
        fmul(&three_x2, &finv(&fadd(&a.y, &a.y)))
    }
}

/// Textbook scale-and-add with an explicit identity (`None`), over the bits of `k`, any
/// size (zero and `≥ n` included). Independent of [`schedule`]; used to pin the ladder.
pub fn scalar_mul(k: &BigUint, pt: &AffinePoint) -> Option<AffinePoint> {
    let mut acc: Option<AffinePoint> = None;
    for i in (0..k.bits()).rev() {
        acc = acc.map(|a| point_double(&a));
        if k.bit(i) {
            acc = match acc {
                None => Some(pt.clone()),
                Some(a) if a.x == pt.x => {
                    if a.y == pt.y {
                        Some(point_double(&a))
                    } else {
                        None
                    }
                }
                Some(a) => Some(point_add(&a, pt)),
            };
        }
    }
    acc
}

// ---------------------------------------------------------------------------------------
// The ladder.

/// One row of the ladder: `op = 0` doubles the accumulator, `op = 1` adds the base;
/// `next_op` is the op of the following row (0 after the last).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScheduleEntry {
    /// Bit index of `k` this row belongs to.
    pub round: u8,
    /// 0 = double, 1 = add.
    pub op: u8,
    /// The op that follows (for a double: the bit `round` of `k`; for an add: 0).
    pub next_op: u8,
}

/// The MSB-first double-and-add schedule of `k` (as lambda_vm PR #866's `crypto/ecsm`
/// `schedule`, <https://github.com/yetanotherco/lambda_vm/pull/866>). The MSB is the initial
/// accumulator, so `k ≤ 1` gives no rows; otherwise `len_k` doubles and `popcount(k) − 1`
/// adds, e.g. `k = 5 → [(1,0,0), (0,0,1), (0,1,0)]`.
pub fn schedule(k: &BigUint) -> Vec<ScheduleEntry> {
    let bits = k.bits();
    if bits <= 1 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut round = bits as i64 - 2;
    let mut op = 0u8;
    while round >= 0 {
        let next_op = if op == 0 {
            u8::from(k.bit(round as u64))
        } else {
            0
        };
        out.push(ScheduleEntry {
            round: u8::try_from(round).expect("round fits u8 for k < 2^256"),
            op,
            next_op,
        });
        round -= 1 - i64::from(next_op);
        op = next_op;
    }
    out
}

// ---------------------------------------------------------------------------------------
// Witness rows.

/// Little-endian 32-byte encoding of `v < 2²⁵⁶`. Panics if `v` does not fit.
pub fn to_le_32(v: &BigUint) -> [u8; 32] {
    let bytes = v.to_bytes_le();
    assert!(bytes.len() <= 32, "value does not fit 32 bytes");
    let mut out = [0u8; 32];
    out[..bytes.len()].copy_from_slice(&bytes);
    out
}

/// Little-endian 33-byte encoding of `v < 2²⁶⁴` (a shifted quotient). Panics if it does not
/// fit.
pub fn to_le_33(v: &BigUint) -> [u8; 33] {
    let bytes = v.to_bytes_le();
    assert!(bytes.len() <= 33, "value does not fit 33 bytes");
    let mut out = [0u8; 33];
    out[..bytes.len()].copy_from_slice(&bytes);
    out
}

/// The integer encoded by little-endian bytes.
pub fn from_le(bytes: &[u8]) -> BigUint {
    BigUint::from_bytes_le(bytes)
}

/// `r + numerator/p` for `r = 3p`. Panics if `p ∤ numerator` or the result is negative:
/// both mean the step's relation is false.
pub fn shifted_quotient(numerator: &BigInt) -> BigUint {
    let p = BigInt::from(p().clone());
    let (q, rem) = numerator.div_rem(&p);
    assert!(rem.is_zero(), "relation numerator not divisible by p");
    let shifted = q + BigInt::from(quotient_shift().clone());
    shifted
        .to_biguint()
        .expect("shifted quotient is non-negative")
}

/// One ladder step of the witness, in the layout of the optimized routine's step row: all
/// little-endian, 32 bytes per coordinate, 33 per quotient.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReferenceStep {
    /// Accumulator x.
    pub x_a: [u8; 32],
    /// Accumulator y.
    pub y_a: [u8; 32],
    /// Base x (also on double rows, where it cancels out of the relations).
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
    /// Shifted quotient of the λ relation.
    pub q0: [u8; 33],
    /// Shifted quotient of the x_R relation.
    pub q1: [u8; 33],
    /// Shifted quotient of the y_R relation.
    pub q2: [u8; 33],
}

/// The whole reference witness of one ECSM call.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReferenceWitness {
    /// Base x.
    pub x_g: [u8; 32],
    /// Base y (for the x-only entry point: the even lift).
    pub y_g: [u8; 32],
    /// The scalar, as given.
    pub k: [u8; 32],
    /// Index of the most significant set bit of `k` (0 for `k = 1`).
    pub len_k: u32,
    /// One row per [`schedule`] entry.
    pub steps: Vec<ReferenceStep>,
    /// `x(k·P)`.
    pub x_r: [u8; 32],
    /// `y(k·P)`.
    pub y_r: [u8; 32],
}

/// Why an input has no witness. Mirrors the optimized routine's error cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReferenceError {
    /// `k = 0`.
    ScalarIsZero,
    /// `k ≥ n`.
    ScalarOutOfRange,
    /// A coordinate is `≥ p`.
    CoordinateOutOfRange,
    /// The point is not on the curve (x-only: `x³ + 7` is not a square).
    NotOnCurve,
}

impl fmt::Display for ReferenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::ScalarIsZero => "scalar is zero",
            Self::ScalarOutOfRange => "scalar is not below the group order",
            Self::CoordinateOutOfRange => "coordinate is not below p",
            Self::NotOnCurve => "point is not on the curve",
        })
    }
}

impl std::error::Error for ReferenceError {}

/// Replays the ladder of `k·g` in affine coordinates: one point per schedule row plus the
/// initial accumulator (`pts[i]` is row `i`'s accumulator, `pts[i+1]` its result), and the
/// slope of each row (the one its point formula used). `k ≥ 1` and `g` on the curve are the
/// caller's duty.
pub fn replay(k: &BigUint, g: &AffinePoint) -> (Vec<AffinePoint>, Vec<BigUint>) {
    let sched = schedule(k);
    let mut pts = Vec::with_capacity(sched.len() + 1);
    let mut lambdas = Vec::with_capacity(sched.len());
    pts.push(g.clone());
    for e in &sched {
        let a = pts.last().expect("non-empty");
        let (r, lambda) = if e.op == 1 {
            add_with_slope(a, g)
        } else {
            double_with_slope(a)
        };
        lambdas.push(lambda);
        pts.push(r);
    }
    (pts, lambdas)
}

fn int(v: &BigUint) -> BigInt {
    BigInt::from_biguint(Sign::Plus, v.clone())
}

/// The three relation numerators of one step, as signed integers (before `+ r·p`).
fn numerators(
    a: &AffinePoint,
    g: &AffinePoint,
    op: u8,
    r: &AffinePoint,
    lambda: &BigUint,
) -> [BigInt; 3] {
    let (xa, ya, xg, yg, xr, yr, l) = (
        int(&a.x),
        int(&a.y),
        int(&g.x),
        int(&g.y),
        int(&r.x),
        int(&r.y),
        int(lambda),
    );
    let n0 = if op == 1 {
        &l * (&xg - &xa) - &yg + &ya
    } else {
        BigInt::from(2) * &l * &ya - BigInt::from(3) * &xa * &xa
    };
    let n1 = if op == 1 {
        &l * &l - &xa - &xg - &xr
    } else {
        &l * &l - BigInt::from(2) * &xa - &xr
    };
    let n2 = &l * (&xa - &xr) - &ya - &yr;
    [n0, n1, n2]
}

fn make_step(
    a: &AffinePoint,
    g: &AffinePoint,
    e: &ScheduleEntry,
    r: &AffinePoint,
    lambda: &BigUint,
) -> ReferenceStep {
    let [n0, n1, n2] = numerators(a, g, e.op, r, lambda);
    ReferenceStep {
        x_a: to_le_32(&a.x),
        y_a: to_le_32(&a.y),
        x_g: to_le_32(&g.x),
        y_g: to_le_32(&g.y),
        round: e.round,
        op: e.op,
        next_op: e.next_op,
        lambda: to_le_32(lambda),
        x_r: to_le_32(&r.x),
        y_r: to_le_32(&r.y),
        q0: to_le_33(&shifted_quotient(&n0)),
        q1: to_le_33(&shifted_quotient(&n1)),
        q2: to_le_33(&shifted_quotient(&n2)),
    }
}

fn check_scalar(k_le: &[u8; 32]) -> Result<BigUint, ReferenceError> {
    let k = from_le(k_le);
    if k.is_zero() {
        return Err(ReferenceError::ScalarIsZero);
    }
    if k >= *n() {
        return Err(ReferenceError::ScalarOutOfRange);
    }
    Ok(k)
}

fn witness_for(k_le: &[u8; 32], k: &BigUint, g: &AffinePoint) -> ReferenceWitness {
    let sched = schedule(k);
    let (pts, lambdas) = replay(k, g);
    let steps = sched
        .iter()
        .enumerate()
        .map(|(i, e)| make_step(&pts[i], g, e, &pts[i + 1], &lambdas[i]))
        .collect();
    let last = pts.last().expect("non-empty");
    ReferenceWitness {
        x_g: to_le_32(&g.x),
        y_g: to_le_32(&g.y),
        k: *k_le,
        len_k: (k.bits() - 1) as u32,
        steps,
        x_r: to_le_32(&last.x),
        y_r: to_le_32(&last.y),
    }
}

/// The reference witness of `k·(x, y)`; all inputs little-endian. Checks, in order:
/// `k = 0`, `k ≥ n`, `x ≥ p` or `y ≥ p`, not on the curve.
pub fn reference_witness(
    k_le: &[u8; 32],
    x_le: &[u8; 32],
    y_le: &[u8; 32],
) -> Result<ReferenceWitness, ReferenceError> {
    let k = check_scalar(k_le)?;
    let g = AffinePoint {
        x: from_le(x_le),
        y: from_le(y_le),
    };
    if g.x >= *p() || g.y >= *p() {
        return Err(ReferenceError::CoordinateOutOfRange);
    }
    if !is_on_curve(&g) {
        return Err(ReferenceError::NotOnCurve);
    }
    Ok(witness_for(k_le, &k, &g))
}

/// The reference witness of `k·(x, y_even)` where `y_even` is the even square root of
/// `x³ + 7` ([`recover_y_even`]). Checks, in order: `k = 0`, `k ≥ n`, `x ≥ p`, no root.
pub fn reference_witness_x(
    k_le: &[u8; 32],
    x_le: &[u8; 32],
) -> Result<ReferenceWitness, ReferenceError> {
    let k = check_scalar(k_le)?;
    let x = from_le(x_le);
    if x >= *p() {
        return Err(ReferenceError::CoordinateOutOfRange);
    }
    let y = recover_y_even(&x).ok_or(ReferenceError::NotOnCurve)?;
    Ok(witness_for(k_le, &k, &AffinePoint { x, y }))
}

// ---------------------------------------------------------------------------------------
// Relation checker.

/// Which check of [`check_relations`] failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RelationError {
    /// `op` or `next_op` is neither 0 nor 1.
    BadOp,
    /// A coordinate or λ is `≥ p` (which one: 0 = x_a, 1 = y_a, 2 = x_g, 3 = y_g,
    /// 4 = λ, 5 = x_r, 6 = y_r).
    NotCanonical(u8),
    /// Relation 0 (λ), 1 (x_R) or 2 (y_R) does not hold over ℤ with the recorded quotient.
    Relation(u8),
}

impl fmt::Display for RelationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadOp => f.write_str("op or next_op is not a bit"),
            Self::NotCanonical(i) => write!(f, "value #{i} of the step is not below p"),
            Self::Relation(i) => write!(f, "integer relation {i} does not hold"),
        }
    }
}

impl std::error::Error for RelationError {}

/// Checks one step exactly over ℤ: ops are bits, every coordinate and λ is canonical, and
/// the three relations of the module doc hold with the recorded (33-byte, hence
/// non-negative and `< 2²⁶⁴`) quotients. Says nothing about whether the step belongs to
/// the right ladder: compare with [`reference_witness`] for that.
pub fn check_relations(step: &ReferenceStep) -> Result<(), RelationError> {
    if step.op > 1 || step.next_op > 1 {
        return Err(RelationError::BadOp);
    }
    let vals = [
        &step.x_a,
        &step.y_a,
        &step.x_g,
        &step.y_g,
        &step.lambda,
        &step.x_r,
        &step.y_r,
    ]
    .map(|b| from_le(b));
    for (i, v) in vals.iter().enumerate() {
        if v >= p() {
            return Err(RelationError::NotCanonical(i as u8));
        }
    }
    let [xa, ya, xg, yg, l, xr, yr] = vals;
    let nums = numerators(
        &AffinePoint { x: xa, y: ya },
        &AffinePoint { x: xg, y: yg },
        step.op,
        &AffinePoint { x: xr, y: yr },
        &l,
    );
    let pz = int(p());
    let rz = int(quotient_shift());
    for (i, (num, q)) in nums.iter().zip([&step.q0, &step.q1, &step.q2]).enumerate() {
        let q = int(&from_le(q));
        if num + (&rz - q) * &pz != BigInt::zero() {
            return Err(RelationError::Relation(i as u8));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::One;

    fn pt(x: &str, y: &str) -> AffinePoint {
        AffinePoint {
            x: hex(x),
            y: hex(y),
        }
    }

    fn le(k: &BigUint) -> [u8; 32] {
        to_le_32(k)
    }

    #[test]
    fn constants() {
        let two256 = BigUint::one() << 256;
        assert_eq!(*p(), &two256 - (BigUint::one() << 32) - 977u32);
        assert_eq!(p() % 4u32, BigUint::from(3u32));
        assert!(n() < p());
        assert!(is_on_curve(&generator()));
        assert_eq!(recover_y_even(&generator().x), Some(generator().y));
    }

    #[test]
    fn known_multiples_of_g() {
        // Chuck Batson's secp256k1 vectors (shared/vectors/secp256k1_k256_chuckbatson.json).
        let g2 = pt(
            "C6047F9441ED7D6D3045406E95C07CD85C778E4B8CEF3CA7ABAC09B95C709EE5",
            "1AE168FEA63DC339A3C58419466CEAEEF7F632653266D0E1236431A950CFE52A",
        );
        let g3 = pt(
            "F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9",
            "388F7B0F632DE8140FE337E62A37F3566500A99934C2231B6CB9FD7584B8E672",
        );
        let g5 = pt(
            "2F8BDE4D1A07209355B4A7250A5C5128E88B84BDDC619AB7CBA8D569B240EFE4",
            "D8AC222636E5E3D6D4DBA9DDA6C9C426F788271BAB0D6840DCA87D3AA6AC62D6",
        );
        let g = generator();
        assert_eq!(point_double(&g), g2);
        assert_eq!(point_add(&g2, &g), g3);
        assert_eq!(scalar_mul(&BigUint::from(5u32), &g), Some(g5.clone()));
        let w =
            reference_witness(&le(&BigUint::from(5u32)), &to_le_32(&g.x), &to_le_32(&g.y)).unwrap();
        assert_eq!((w.x_r, w.y_r), (to_le_32(&g5.x), to_le_32(&g5.y)));
    }

    #[test]
    fn order_times_g_is_identity() {
        let g = generator();
        assert_eq!(scalar_mul(n(), &g), None);
        let minus_g = AffinePoint {
            x: g.x.clone(),
            y: p() - &g.y,
        };
        assert_eq!(scalar_mul(&(n() - 1u32), &g), Some(minus_g.clone()));
        let w = reference_witness(&le(&(n() - 1u32)), &to_le_32(&g.x), &to_le_32(&g.y)).unwrap();
        assert_eq!((w.x_r, w.y_r), (to_le_32(&minus_g.x), to_le_32(&minus_g.y)));
        assert_eq!(w.len_k, 255);
    }

    #[test]
    fn schedule_shapes() {
        let s = |k: u64| {
            schedule(&BigUint::from(k))
                .iter()
                .map(|e| (e.round, e.op, e.next_op))
                .collect::<Vec<_>>()
        };
        assert!(s(1).is_empty());
        assert_eq!(s(2), vec![(0, 0, 0)]);
        assert_eq!(s(5), vec![(1, 0, 0), (0, 0, 1), (0, 1, 0)]);
        for k in [3u64, 7, 8, 0xFF, 0x100, 0xABCD, u64::MAX] {
            let sched = schedule(&BigUint::from(k));
            let len_k = 63 - k.leading_zeros() as usize;
            assert_eq!(sched.len(), len_k + k.count_ones() as usize - 1, "k = {k}");
        }
    }

    #[test]
    fn ladder_matches_scale_and_add_and_relations_hold() {
        let g5 = scalar_mul(&BigUint::from(5u32), &generator()).unwrap();
        for base in [generator(), g5] {
            for k in [2u64, 3, 5, 6, 7, 0xFF, 0x101, 0xABCD, 123_456_789] {
                let k = BigUint::from(k);
                let w = reference_witness(&le(&k), &to_le_32(&base.x), &to_le_32(&base.y)).unwrap();
                let want = scalar_mul(&k, &base).unwrap();
                assert_eq!((w.x_r, w.y_r), (to_le_32(&want.x), to_le_32(&want.y)));
                let schedule = schedule(&k);
                for (i, s) in w.steps.iter().enumerate() {
                    check_relations(s).unwrap();
                    let a = AffinePoint {
                        x: from_le(&s.x_a),
                        y: from_le(&s.y_a),
                    };
                    let lambda = step_lambda(&a, &base, schedule[i].op);
                    assert_eq!(s.lambda, to_le_32(&lambda), "row {i}: the slope on its own");
                    if let Some(next) = w.steps.get(i + 1) {
                        assert_eq!((s.x_r, s.y_r), (next.x_a, next.y_a));
                    }
                }
            }
        }
    }

    #[test]
    fn relation_checker_rejects_tampering() {
        let g = generator();
        let w =
            reference_witness(&le(&BigUint::from(6u32)), &to_le_32(&g.x), &to_le_32(&g.y)).unwrap();
        let good = w.steps[1].clone();
        assert_eq!(good.op, 1);
        let mut bad = good.clone();
        bad.q2[0] ^= 1;
        assert_eq!(check_relations(&bad), Err(RelationError::Relation(2)));
        let mut bad = good.clone();
        bad.op = 0;
        assert_eq!(check_relations(&bad), Err(RelationError::Relation(0)));
        let mut bad = good;
        bad.x_r = to_le_32(&(&from_le(&bad.x_r) + p()).min((BigUint::one() << 256) - 1u32));
        assert_eq!(check_relations(&bad), Err(RelationError::NotCanonical(5)));
    }

    #[test]
    fn validation_order() {
        let g = generator();
        let (gx, gy) = (to_le_32(&g.x), to_le_32(&g.y));
        let zero = [0u8; 32];
        let one = le(&BigUint::one());
        let bad_x = to_le_32(p());
        assert_eq!(
            reference_witness(&zero, &bad_x, &gy),
            Err(ReferenceError::ScalarIsZero)
        );
        assert_eq!(
            reference_witness(&le(n()), &bad_x, &gy),
            Err(ReferenceError::ScalarOutOfRange)
        );
        assert_eq!(
            reference_witness(&one, &bad_x, &gy),
            Err(ReferenceError::CoordinateOutOfRange)
        );
        assert_eq!(
            reference_witness(&one, &gx, &bad_x),
            Err(ReferenceError::CoordinateOutOfRange)
        );
        assert_eq!(
            reference_witness(&one, &gx, &gx),
            Err(ReferenceError::NotOnCurve)
        );
        assert_eq!(
            reference_witness_x(&one, &to_le_32(p())),
            Err(ReferenceError::CoordinateOutOfRange)
        );
        assert_eq!(
            reference_witness_x(&one, &to_le_32(&(p() - 1u32))),
            Err(ReferenceError::NotOnCurve)
        );
        let w = reference_witness_x(&one, &gx).unwrap();
        assert_eq!((w.x_r, w.y_r, w.len_k), (gx, gy, 0));
        assert!(w.steps.is_empty());
    }
}
