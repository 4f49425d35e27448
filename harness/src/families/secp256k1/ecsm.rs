//! `ecsm_witness`: ECSM witness generation (`subjects/ecsm`) against the BigUint reference
//! replay (`ecdiff_oracles::ecsm`).
//!
//! # What one case checks
//!
//! A case is a raw 256-bit scalar `k` and a base, handed to the affine entry point
//! `compute_witness(k, (x, y))` or the x-only one `compute_witness_x(k, x)` (even lift). The
//! subject runs three times: the fast path over k256 0.13.4's `FieldElement` with rows on
//! rayon, the same replay over the oracle-side magnitude shadow `ShadowFe`, and the k256 path
//! with serial rows. The verdict requires, against `reference_witness` /
//! `reference_witness_x` (affine chord-and-tangent over canonical residues, Fermat
//! inversions, HMV *Guide to ECC* §3.1.2):
//!
//! - the same accept/reject, with the same typed error (`k = 0`, `k ≥ n`, coordinate `≥ p`,
//!   not on the curve, checked in that order) for all three runs;
//! - byte-identical rows and result for all three runs;
//! - and, oracle-free, on the witness: the three integer relations of every row hold exactly
//!   over ℤ (`ecdiff_oracles::ecsm::check_relations`), rows chain (`r_i = a_{i+1}`, the first
//!   accumulator is the base, the last result is the witness's), every row carries the base,
//!   the row count is `len_k + popcount(k) − 1` and the (round, op, next_op) sequence is the
//!   schedule of `k` (as lambda_vm PR #866's `schedule`), and — for bases of known discrete
//!   log `m` — the result is `(k·m mod n)·G` from the oracle's fixed-base table.
//!
//! A broken magnitude contract is a `contract_violation`: in a debug build k256's own checker
//! (`field_impl.rs`) fires inside the k256 runs; in a release build nothing in k256 checks and
//! the shadow run reports it. Both are reported when both fire.
//!
//! # Edge classes
//!
//! Scalars (`k_*`): 1, 2, 3, `2^j`, `2^j − 1`, alternating bits, msb at bit 255, `⌊n/2⌋`
//! (and `⌊n/2⌋ + 1`), `n − 2`, `n − 1`, uniform, high popcount (≥ 140 set bits, ~400 rows,
//! including PR #866's benchmark scalar); invalid: 0, `n`, `n + 1`, `2²⁵⁶ − 1`, and other
//! values above `n`. Bases (`base_*`): `G`, `m·G` for uniform `m`, points with small `x`,
//! with `x` near `p`, with small `y` (`< 2³²`, found as cube roots of `y² − 7`), and invalid
//! ones — `x ≥ p`, `y ≥ p`, non-canonical encodings `x + p` / `y + p` of valid small
//! coordinates, points off the curve. The special points are searched for once with the
//! oracle and cached. Entry points: `entry_affine`, `entry_x_only`.

use crate::engine::panic::{capture, PanicReport};
use crate::engine::{compare, Outcome, Routine, RoutineInfo, Verdict, VerdictKind};
use crate::families::secp256k1::adapter_ecsm::{
    to_reference, Arith, EcsmBase, EcsmSubject, Rejection, Rows,
};
use crate::families::secp256k1::lazy_field::is_contract_check;
use crate::generators::Gen;
use crate::shapes::Spec;
use ecdiff_oracles::curves::secp256k1;
use ecdiff_oracles::ecsm::{
    self as reference, check_relations, from_le, n, p, recover_y_even, to_le_32, ReferenceWitness,
};
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::sync::OnceLock;

/// Every scalar class of the routine.
pub const K_CLASSES: &[&str] = &[
    "k_one",
    "k_two",
    "k_three",
    "k_pow2",
    "k_pow2_minus_1",
    "k_alternating",
    "k_msb_255",
    "k_half_order",
    "k_order_minus_2",
    "k_order_minus_1",
    "k_random",
    "k_high_popcount",
    "k_zero",
    "k_order",
    "k_order_plus_1",
    "k_max",
    "k_above_order",
];

/// Every base and entry-point class of the routine.
pub const BASE_CLASSES: &[&str] = &[
    "base_generator",
    "base_multiple",
    "base_small_x",
    "base_x_near_p",
    "base_small_y",
    "base_x_ge_p",
    "base_y_ge_p",
    "base_x_noncanonical",
    "base_y_noncanonical",
    "base_not_on_curve",
    "entry_affine",
    "entry_x_only",
];

/// The scalar of lambda_vm PR #866's benchmark (`crypto/ecsm/examples/bench_witness.rs`,
/// <https://github.com/yetanotherco/lambda_vm/pull/866>): 402 rows.
pub const BENCH_SCALAR_HEX: &str =
    "deadbeefcafebabe0123456789abcdeffedcba9876543210aabbccddeeff1122";

/// One ECSM case.
#[derive(Clone, Debug)]
pub struct EcsmCase {
    /// The scalar, little-endian, as handed over (may be 0 or `≥ n`).
    pub k: [u8; 32],
    /// Entry point and base bytes.
    pub base: EcsmBase,
    /// The discrete log of the base the witness is computed for (after the even lift of the
    /// x-only entry point), when known.
    pub log: Option<BigUint>,
}

/// The three runs of the subject (or the reference, three times, on the oracle side).
#[derive(Clone, Debug, PartialEq)]
pub struct EcsmRuns {
    /// Over k256's `FieldElement`, rows on rayon (with the `parallel` feature).
    pub fast: Result<ReferenceWitness, Rejection>,
    /// Over `ShadowFe`.
    pub shadow: Result<ReferenceWitness, Rejection>,
    /// Over k256's `FieldElement`, serial rows.
    pub serial: Result<ReferenceWitness, Rejection>,
}

impl EcsmRuns {
    fn named(&self) -> [(&'static str, &Result<ReferenceWitness, Rejection>); 3] {
        [
            ("fast (k256, rayon rows)", &self.fast),
            ("shadow (ShadowFe)", &self.shadow),
            ("serial (k256, serial rows)", &self.serial),
        ]
    }
}

/// The `ecsm_witness` routine with a given subject (the real one, or a zoo variant).
pub struct EcsmCheck {
    spec: Spec,
    subject: Box<dyn EcsmSubject>,
}

/// The check of an ECSM witness generator.
pub fn check(spec: Spec, subject: impl EcsmSubject) -> EcsmCheck {
    EcsmCheck {
        spec,
        subject: Box::new(subject),
    }
}

// ---------------------------------------------------------------------------------------
// Special bases, searched for once.

struct Special {
    small_x: Vec<reference::AffinePoint>,
    near_p: Vec<reference::AffinePoint>,
    small_y: Vec<reference::AffinePoint>,
    no_root_x: Vec<BigUint>,
}

fn special() -> &'static Special {
    static SPECIAL: OnceLock<Special> = OnceLock::new();
    SPECIAL.get_or_init(|| {
        let lift = |x: BigUint| recover_y_even(&x).map(|y| reference::AffinePoint { x, y });
        // x = 0, 1, 2, … and x = p − 1, p − 2, … with x³ + 7 a square.
        let small_x: Vec<_> = (0u32..200).filter_map(|x| lift(x.into())).take(6).collect();
        let near_p: Vec<_> = (1u32..200).filter_map(|d| lift(p() - d)).take(6).collect();
        let no_root_x: Vec<_> = (0u32..200)
            .map(BigUint::from)
            .chain((1u32..200).map(|d| p() - d))
            .filter(|x| recover_y_even(x).is_none())
            .take(12)
            .collect();
        // Small y: x³ = y² − 7 needs a cube root. p ≡ 7 (mod 9), so a cubic residue a has
        // the root a^((p + 2)/9); the other two are its products with a primitive cube root
        // of unity β = c^((p − 1)/3) for a non-cube c.
        let pm = p();
        let third = (pm - 1u32) / 3u32;
        let beta = (2u32..)
            .map(|c| BigUint::from(c).modpow(&third, pm))
            .find(|b| !b.is_one())
            .expect("a non-cube exists");
        let mut small_y = Vec::new();
        for y in 1u64..1000 {
            let y = BigUint::from(y);
            let a = (&y * &y + pm - 7u32) % pm;
            if !a.modpow(&third, pm).is_one() {
                continue;
            }
            let x = a.modpow(&((pm + 2u32) / 9u32), pm);
            for x in [x.clone(), &x * &beta % pm, &x * &beta % pm * &beta % pm] {
                let pt = reference::AffinePoint { x, y: y.clone() };
                assert!(reference::is_on_curve(&pt), "small-y search is wrong");
                small_y.push(pt);
            }
            if small_y.len() >= 9 {
                break;
            }
        }
        Special {
            small_x,
            near_p,
            small_y,
            no_root_x,
        }
    })
}

// ---------------------------------------------------------------------------------------
// Generation.

fn le(v: &BigUint) -> [u8; 32] {
    to_le_32(v)
}

fn two256() -> BigUint {
    BigUint::one() << 256u32
}

/// A scalar from the classes of the module doc (raw: may be 0 or `≥ n`).
fn draw_k(g: &mut Gen) -> BigUint {
    let n = n();
    if !g.edgy() {
        return g.biguint_below(n);
    }
    let weights = [
        5, 5, 5, 7, 7, 6, 7, 5, 5, 5, 10, 9, // valid
        5, 5, 5, 5, 5, // invalid
    ];
    let i = g.weighted(&weights);
    let k = match i {
        0 => BigUint::one(),
        1 => BigUint::from(2u8),
        2 => BigUint::from(3u8),
        3 => BigUint::one() << g.range(2, 255),
        4 => (BigUint::one() << g.range(2, 255)) - 1u8,
        5 => {
            let bits = g.range(8, 256);
            let pattern = if g.chance(1, 2) { 0xAAu8 } else { 0x55u8 };
            BigUint::from_bytes_le(&[pattern; 32]) % (BigUint::one() << bits)
        }
        6 => (BigUint::one() << 255u32) + g.biguint_below(&(n - (BigUint::one() << 255u32))),
        7 => (n >> 1u32) + BigUint::from(g.below(2)),
        8 => n - 2u8,
        9 => n - 1u8,
        10 => BigUint::one() + g.biguint_below(&(n - 1u8)),
        11 => high_popcount(g),
        12 => BigUint::zero(),
        13 => n.clone(),
        14 => n + 1u8,
        15 => two256() - 1u8,
        _ => n + 2u8 + g.biguint_below(&(two256() - n - 3u8)),
    };
    g.hit(K_CLASSES[i]);
    k
}

/// Whether the decoded case has the property of `class` ([`crate::engine::Routine::class_holds`]),
/// read off the scalar's and the coordinates' bytes as integers and the curve equation
/// y² = x³ + 7 mod p (never the case's `log`, which the generator knows): the scalar classes by
/// value; the base classes by the coordinates (an x-only base by x and the even root the entry
/// point lifts it to).
pub fn ecsm_class_holds(case: &EcsmCase, class: &str) -> Option<bool> {
    let (n, pm) = (n(), p());
    let k = from_le(&case.k);
    let one = BigUint::one();
    let power_of_two = |v: &BigUint| v.count_ones() == 1;
    if let Some(class) = class.strip_prefix("k_") {
        return Some(match class {
            "one" => k == one,
            "two" => k == BigUint::from(2u8),
            "three" => k == BigUint::from(3u8),
            "pow2" => power_of_two(&k) && k >= BigUint::from(4u8),
            "pow2_minus_1" => power_of_two(&(&k + 1u8)) && k >= BigUint::from(3u8),
            // The bits alternate from bit 0 to the top set bit.
            "alternating" => k.bits() >= 2 && (0..k.bits() - 1).all(|i| k.bit(i) != k.bit(i + 1)),
            "msb_255" => k.bit(255) && k < *n,
            "half_order" => k == n >> 1u32 || k == (n >> 1u32) + 1u8,
            "order_minus_2" => k == n - 2u8,
            "order_minus_1" => k == n - 1u8,
            "random" => !k.is_zero() && k < *n,
            "high_popcount" => k < *n && k.count_ones() >= 140,
            "zero" => k.is_zero(),
            "order" => k == *n,
            "order_plus_1" => k == n + 1u8,
            "max" => k == (BigUint::one() << 256u32) - 1u8,
            "above_order" => k >= n + 2u8,
            _ => return None,
        });
    }
    let on_curve = |x: &BigUint, y: &BigUint| (y * y) % pm == (x * x * x + 7u8) % pm;
    let generator = reference::generator();
    let (x, y) = match &case.base {
        EcsmBase::Affine { x, y } => (from_le(x), Some(from_le(y))),
        EcsmBase::XOnly { x } => (from_le(x), None),
    };
    // The y the subject computes with: the affine y, or the even root of x³ + 7 (x reduced).
    let lifted = || y.clone().or_else(|| recover_y_even(&(&x % pm)));
    let canonical = x < *pm && y.as_ref().is_none_or(|y| y < pm);
    let valid = canonical && lifted().is_some_and(|y| on_curve(&x, &y));
    Some(match class {
        "entry_affine" => y.is_some(),
        "entry_x_only" => y.is_none(),
        "base_generator" => x == generator.x && y.as_ref().is_none_or(|y| *y == generator.y),
        "base_multiple" => valid,
        "base_small_x" => valid && x < BigUint::from(200u32),
        "base_x_near_p" => valid && x >= pm - 200u32,
        "base_small_y" => {
            valid
                && lifted()
                    .is_some_and(|y| y < BigUint::from(1000u32) || pm - &y < BigUint::from(1000u32))
        }
        "base_x_ge_p" => x >= *pm,
        "base_y_ge_p" => y.as_ref().is_some_and(|y| y >= pm),
        // x + p (y + p) of a point whose canonical coordinates are on the curve.
        "base_x_noncanonical" => {
            x >= *pm && {
                let x = &x - pm;
                (y.clone().or_else(|| recover_y_even(&x)))
                    .is_some_and(|y| y < *pm && on_curve(&x, &y))
            }
        }
        "base_y_noncanonical" => y
            .as_ref()
            .is_some_and(|y| y >= pm && x < *pm && on_curve(&x, &(y - pm))),
        "base_not_on_curve" => canonical && !valid,
        _ => return None,
    })
}

/// At least 140 set bits, below `n` (about 400 rows); one draw in four is PR #866's
/// benchmark scalar.
fn high_popcount(g: &mut Gen) -> BigUint {
    if g.chance(1, 4) {
        return BigUint::parse_bytes(BENCH_SCALAR_HEX.as_bytes(), 16).expect("hex");
    }
    let mut v = g.biguint_bits(256) | g.biguint_bits(256);
    v.set_bit(255, true);
    while &v >= n() {
        // Clear a set bit among the top 128 until the value drops below n. v ≥ n has bits
        // 129..=255 all set, so a draw of the one that may be clear (bit 128) clears bit 129.
        let bit = 128 + g.below(127);
        v.set_bit(if v.bit(bit) { bit } else { 129 }, false);
    }
    // Set random low bits until 140 are set. An input whose draws keep hitting set bits, or
    // whose top half is too sparse for 128 more to reach 140 (a fuzzer's zeros: v = 2²⁵⁵),
    // stops drawing after POPCOUNT_DRAWS and sets the first clear bits instead: the low 128,
    // then from bit 130 up. Those keep v below n, which would take bits 129..=255 all set
    // besides the low 128: 255 set bits, not 140.
    let mut draws = 0;
    while v.count_ones() < 140 && draws < POPCOUNT_DRAWS {
        let bit = g.below(128);
        v.set_bit(bit, true);
        draws += 1;
    }
    for bit in (0..128).chain(130..255) {
        if v.count_ones() >= 140 {
            break;
        }
        v.set_bit(bit, true);
    }
    v
}

/// The random draws [`high_popcount`] makes before it fills the first clear bits: far above
/// the ~20 a random value needs, so seeded cases never reach it.
const POPCOUNT_DRAWS: usize = 1024;

/// Draws the entry point and base.
fn draw_base(g: &mut Gen) -> (EcsmBase, Option<BigUint>) {
    let curve_g = reference::generator();
    if !g.edgy() {
        let m = BigUint::one() + g.biguint_below(&(n() - 1u8));
        let pt = affine_of_log(&m);
        return (
            EcsmBase::Affine {
                x: le(&pt.x),
                y: le(&pt.y),
            },
            Some(m),
        );
    }
    let x_only = g.chance(2, 5);
    g.hit(if x_only {
        "entry_x_only"
    } else {
        "entry_affine"
    });
    let sp = special();
    // Weights: valid generator, multiple, small x, x near p, small y; invalid x ≥ p,
    // y ≥ p, x + p, y + p, off the curve.
    let weights: [u32; 10] = if x_only {
        [14, 24, 12, 12, 12, 8, 0, 8, 0, 10]
    } else {
        [12, 22, 10, 10, 10, 6, 8, 6, 8, 8]
    };
    let (class, pt, log, x_override, y_override): (_, _, _, Option<BigUint>, Option<BigUint>) =
        match g.weighted(&weights) {
            0 => ("base_generator", curve_g, Some(BigUint::one()), None, None),
            1 => {
                let m = BigUint::one() + g.biguint_below(&(n() - 1u8));
                ("base_multiple", affine_of_log(&m), Some(m), None, None)
            }
            2 => (
                "base_small_x",
                pick_signed(g, &sp.small_x),
                None,
                None,
                None,
            ),
            3 => (
                "base_x_near_p",
                pick_signed(g, &sp.near_p),
                None,
                None,
                None,
            ),
            4 => (
                "base_small_y",
                g.pick(&sp.small_y).clone(),
                None,
                None,
                None,
            ),
            5 => {
                let x = match g.below(4) {
                    0 => p().clone(),
                    1 => p() + 1u8,
                    2 => two256() - 1u8,
                    _ => p() + g.biguint_below(&(two256() - p())),
                };
                ("base_x_ge_p", curve_g, None, Some(x), None)
            }
            6 => {
                let y = match g.below(3) {
                    0 => p().clone(),
                    1 => two256() - 1u8,
                    _ => p() + g.biguint_below(&(two256() - p())),
                };
                ("base_y_ge_p", curve_g, None, None, Some(y))
            }
            7 => {
                // x + p of a valid small x (fits 256 bits since x < 2²⁵⁶ − p).
                let pt = pick_signed(g, &sp.small_x);
                let x = &pt.x + p();
                ("base_x_noncanonical", pt, None, Some(x), None)
            }
            8 => {
                let pt = g.pick(&sp.small_y).clone();
                let y = &pt.y + p();
                ("base_y_noncanonical", pt, None, None, Some(y))
            }
            _ => {
                if x_only {
                    let x = g.pick(&sp.no_root_x).clone();
                    ("base_not_on_curve", curve_g, None, Some(x), None)
                } else {
                    // A valid x with the wrong y.
                    let m = BigUint::one() + g.biguint_below(&(n() - 1u8));
                    let pt = affine_of_log(&m);
                    let y = (&pt.y + 1u8 + g.biguint_below(&BigUint::from(1u32 << 16))) % p();
                    ("base_not_on_curve", pt, None, None, Some(y))
                }
            }
        };
    g.hit(class);
    let x = x_override.unwrap_or_else(|| pt.x.clone());
    let y = y_override.unwrap_or_else(|| pt.y.clone());
    let base = if x_only {
        EcsmBase::XOnly { x: le(&x) }
    } else {
        EcsmBase::Affine {
            x: le(&x),
            y: le(&y),
        }
    };
    // The x-only entry point lifts to the even y: −P when the drawn y is odd.
    let log = log.map(|m| if x_only && pt.y.bit(0) { n() - m } else { m });
    (base, log)
}

/// One of `points`, negated (y → p − y) half of the time.
fn pick_signed(g: &mut Gen, points: &[reference::AffinePoint]) -> reference::AffinePoint {
    let pt = g.pick(points).clone();
    if g.chance(1, 2) {
        reference::AffinePoint {
            y: p() - &pt.y,
            x: pt.x,
        }
    } else {
        pt
    }
}

/// `m·G` as the reference's affine point (`m` not a multiple of `n`).
fn affine_of_log(m: &BigUint) -> reference::AffinePoint {
    match secp256k1().mul_generator(m) {
        Point::Affine { x, y } => reference::AffinePoint {
            x: x.value().clone(),
            y: y.value().clone(),
        },
        Point::Identity => unreachable!("m is not a multiple of n"),
    }
}

// ---------------------------------------------------------------------------------------
// The subject's three runs.

type Run = Result<Result<ReferenceWitness, Rejection>, PanicReport>;

fn status(run: &Run) -> String {
    match run {
        Ok(Ok(_)) => "completed".into(),
        Ok(Err(e)) => format!("rejected ({e})"),
        Err(p) => p.to_string(),
    }
}

/// Runs the three computations, each with its own panic capture, and folds them into one
/// outcome: a k256 checker panic (debug builds) or a shadow violation (any build) is a
/// contract violation — both are named when both fire —, another panic is a panic of the
/// run it came from, and otherwise the three results are the value.
pub fn run_subject(subject: &dyn EcsmSubject, k: &[u8; 32], base: &EcsmBase) -> Outcome<EcsmRuns> {
    let run = |arith, rows| -> Run {
        capture(|| {
            subject
                .witness(arith, rows, k, base)
                .map(|w| to_reference(&w))
                .map_err(Rejection::from)
        })
    };
    let fast = run(Arith::K256, Rows::Default);
    let shadow = run(Arith::Shadow, Rows::Default);
    let serial = run(Arith::K256, Rows::Serial);
    let k256_checker = [("fast", &fast), ("serial", &serial)]
        .into_iter()
        .find_map(|(name, r)| match r {
            Err(p) if is_contract_check(p) => Some((name, p)),
            _ => None,
        });
    let shadow_violation = match &shadow {
        Err(p) if is_contract_check(p) => Some(p),
        _ => None,
    };
    if let Some((name, p)) = k256_checker {
        return Outcome::Violated(format!(
            "k256's debug checker fired in the {name} run: {p}; shadow run: {}",
            status(&shadow)
        ));
    }
    if let Some(p) = shadow_violation {
        return Outcome::Violated(format!(
            "the shadow caught it: {}; k256 fast run (no checker in this build): {}",
            p.message,
            status(&fast)
        ));
    }
    for (name, r) in [("fast", &fast), ("shadow", &shadow), ("serial", &serial)] {
        if let Err(p) = r {
            return Outcome::Panicked(PanicReport {
                message: format!("{name} run: {}", p.message),
                location: p.location.clone(),
            });
        }
    }
    let take = |r: Run| r.expect("panics handled above");
    Outcome::Value(EcsmRuns {
        fast: take(fast),
        shadow: take(shadow),
        serial: take(serial),
    })
}

/// The reference result for a case.
pub fn reference_result(case: &EcsmCase) -> Result<ReferenceWitness, Rejection> {
    match &case.base {
        EcsmBase::Affine { x, y } => reference::reference_witness(&case.k, x, y),
        EcsmBase::XOnly { x } => reference::reference_witness_x(&case.k, x),
    }
    .map_err(Rejection::from)
}

// ---------------------------------------------------------------------------------------
// Comparison.

/// The first difference between two witnesses, named by row and field.
pub fn diff_witness(s: &ReferenceWitness, o: &ReferenceWitness) -> String {
    let hex32 = |b: &[u8]| format!("0x{:x}", from_le(b));
    let head = [
        ("x_g", &s.x_g, &o.x_g),
        ("y_g", &s.y_g, &o.y_g),
        ("k", &s.k, &o.k),
        ("x_r", &s.x_r, &o.x_r),
        ("y_r", &s.y_r, &o.y_r),
    ];
    if s.steps.len() != o.steps.len() {
        return format!(
            "{} rows vs {} in the reference",
            s.steps.len(),
            o.steps.len()
        );
    }
    if s.len_k != o.len_k {
        return format!("len_k {} vs {} in the reference", s.len_k, o.len_k);
    }
    for (i, (a, b)) in s.steps.iter().zip(&o.steps).enumerate() {
        if a == b {
            continue;
        }
        let fields: [(&str, &[u8], &[u8]); 10] = [
            ("x_a", &a.x_a, &b.x_a),
            ("y_a", &a.y_a, &b.y_a),
            ("x_g", &a.x_g, &b.x_g),
            ("y_g", &a.y_g, &b.y_g),
            ("lambda", &a.lambda, &b.lambda),
            ("x_r", &a.x_r, &b.x_r),
            ("y_r", &a.y_r, &b.y_r),
            ("q0", &a.q0, &b.q0),
            ("q1", &a.q1, &b.q1),
            ("q2", &a.q2, &b.q2),
        ];
        let differing: Vec<String> = fields
            .iter()
            .filter(|(_, x, y)| x != y)
            .map(|(name, x, y)| format!("{name} {} vs {}", hex32(x), hex32(y)))
            .collect();
        let ops = if (a.round, a.op, a.next_op) != (b.round, b.op, b.next_op) {
            format!(
                " (round, op, next_op) {:?} vs {:?};",
                (a.round, a.op, a.next_op),
                (b.round, b.op, b.next_op)
            )
        } else {
            String::new()
        };
        return format!(
            "row {i} of {} (op {}) is the first to differ:{ops} {}",
            s.steps.len(),
            a.op,
            differing.join(", ")
        );
    }
    for (name, a, b) in head {
        if a != b {
            return format!("{name} {} vs {}", hex32(a), hex32(b));
        }
    }
    "equal".into()
}

/// The oracle-free invariants of a witness for `k` (see the module doc).
pub fn invariants(
    k_le: &[u8; 32],
    log: Option<&BigUint>,
    w: &ReferenceWitness,
) -> Result<(), String> {
    let k = from_le(k_le);
    if w.k != *k_le {
        return Err("the witness does not carry k as given".into());
    }
    let len_k = k.bits().saturating_sub(1);
    if u64::from(w.len_k) != len_k {
        return Err(format!("len_k = {}, msb(k) = {len_k}", w.len_k));
    }
    let rows = len_k + k.count_ones() - 1;
    if w.steps.len() as u64 != rows {
        return Err(format!(
            "{} rows; len_k + popcount(k) − 1 = {rows}",
            w.steps.len()
        ));
    }
    let sched = reference::schedule(&k);
    let base = (w.x_g, w.y_g);
    let mut acc = base;
    for (i, (s, e)) in w.steps.iter().zip(&sched).enumerate() {
        if (s.round, s.op, s.next_op) != (e.round, e.op, e.next_op) {
            return Err(format!("row {i} is not the schedule of k"));
        }
        if (s.x_g, s.y_g) != base {
            return Err(format!("row {i} does not carry the base"));
        }
        if (s.x_a, s.y_a) != acc {
            return Err(format!(
                "row {i}'s accumulator is not the previous row's result"
            ));
        }
        if let Err(e) = check_relations(s) {
            return Err(format!("row {i} (op {}): {e}", s.op));
        }
        acc = (s.x_r, s.y_r);
    }
    if (w.x_r, w.y_r) != acc {
        return Err("the result is not the last row's result".into());
    }
    let on_curve = reference::is_on_curve(&reference::AffinePoint {
        x: from_le(&w.x_g),
        y: from_le(&w.y_g),
    });
    if !on_curve {
        return Err("the base is not on the curve".into());
    }
    if let Some(m) = log {
        let want = secp256k1().mul_generator(&(&k * m));
        let got = Point::Affine {
            x: ecdiff_oracles::curves::secp256k1_fp().elem(from_le(&w.x_r)),
            y: ecdiff_oracles::curves::secp256k1_fp().elem(from_le(&w.y_r)),
        };
        if got != want {
            return Err("the result is not (k·m mod n)·G for the base's known log m".into());
        }
    }
    Ok(())
}

impl EcsmCheck {
    fn compare_runs(
        &self,
        case: &EcsmCase,
        s: &EcsmRuns,
        want: &Result<ReferenceWitness, Rejection>,
    ) -> Verdict {
        use VerdictKind as K;
        for (name, got) in s.named() {
            match (got, want) {
                (Err(a), Err(b)) if a == b => {}
                (Err(a), Err(b)) => {
                    return Verdict::new(
                        K::Mismatch,
                        format!("{name}: rejected with {a}; the reference rejects with {b}"),
                    )
                }
                (Ok(_), Err(b)) => {
                    return Verdict::new(
                        K::OracleRejected,
                        format!("{name}: accepted; the reference rejects it ({b})"),
                    )
                }
                (Err(a), Ok(_)) => {
                    return Verdict::new(
                        K::Mismatch,
                        format!("{name}: rejected ({a}) an input the reference accepts"),
                    )
                }
                (Ok(w), Ok(r)) if w != r => {
                    let own = match invariants(&case.k, case.log.as_ref(), w) {
                        Ok(()) => "its rows are self-consistent (a different ladder)".to_string(),
                        Err(e) => format!("its own invariants break: {e}"),
                    };
                    return Verdict::new(
                        K::Mismatch,
                        format!("{name}: {}; {own}", diff_witness(w, r)),
                    );
                }
                (Ok(_), Ok(_)) => {}
            }
        }
        if let Ok(r) = want {
            if let Err(e) = invariants(&case.k, case.log.as_ref(), r) {
                return Verdict::new(
                    K::OraclePanicked,
                    format!(
                        "subject and reference agree, but the witness breaks an invariant: {e}"
                    ),
                );
            }
        }
        Verdict::agree()
    }
}

fn render_runs(r: &EcsmRuns) -> String {
    let one = |x: &Result<ReferenceWitness, Rejection>| match x {
        Ok(w) => format!(
            "{} rows, len_k {}, result (0x{:x}, 0x{:x})",
            w.steps.len(),
            w.len_k,
            from_le(&w.x_r),
            from_le(&w.y_r)
        ),
        Err(e) => format!("rejected: {e}"),
    };
    if r.fast == r.shadow && r.fast == r.serial {
        format!("all three runs: {}", one(&r.fast))
    } else {
        r.named()
            .iter()
            .map(|(name, x)| format!("{name}: {}", one(x)))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Routine for EcsmCheck {
    type Case = EcsmCase;
    type Output = EcsmRuns;

    fn info(&self) -> RoutineInfo {
        let classes = K_CLASSES.iter().chain(BASE_CLASSES).copied().collect();
        self.spec.info(
            "ecdiff_oracles::ecsm::reference_witness{,_x} (affine BigUint replay) + check_relations, chaining, schedule, known-log result",
            classes,
        )
    }

    fn generate(&self, g: &mut Gen) -> EcsmCase {
        let k = draw_k(g);
        let (base, log) = draw_base(g);
        EcsmCase {
            k: le(&k),
            base,
            log,
        }
    }

    fn class_holds(&self, case: &EcsmCase, class: &str) -> Option<bool> {
        ecsm_class_holds(case, class)
    }

    fn subject(&self, case: &EcsmCase) -> Outcome<EcsmRuns> {
        run_subject(&*self.subject, &case.k, &case.base)
    }

    fn oracle(&self, case: &EcsmCase) -> Outcome<EcsmRuns> {
        let r = reference_result(case);
        Outcome::Value(EcsmRuns {
            fast: r.clone(),
            shadow: r.clone(),
            serial: r,
        })
    }

    fn compare(
        &self,
        case: &EcsmCase,
        subject: &Outcome<EcsmRuns>,
        oracle: &Outcome<EcsmRuns>,
    ) -> Verdict {
        match (subject, oracle) {
            (Outcome::Value(s), Outcome::Value(o)) => self.compare_runs(case, s, &o.fast),
            _ => compare(subject, oracle, |_, _| unreachable!("values handled above")),
        }
    }

    fn render_case(&self, case: &EcsmCase) -> String {
        let k = from_le(&case.k);
        let base = match &case.base {
            EcsmBase::Affine { x, y } => format!(
                "compute_witness, base (0x{:x}, 0x{:x})",
                from_le(x),
                from_le(y)
            ),
            EcsmBase::XOnly { x } => format!("compute_witness_x, x = 0x{:x}", from_le(x)),
        };
        let log = case
            .log
            .as_ref()
            .map(|m| format!(" (log 0x{m:x})"))
            .unwrap_or_default();
        format!(
            "k = 0x{k:x} ({} bits, popcount {})\n{base}{log}",
            k.bits(),
            k.count_ones()
        )
    }

    fn render_output(&self, output: &EcsmRuns) -> String {
        render_runs(output)
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
