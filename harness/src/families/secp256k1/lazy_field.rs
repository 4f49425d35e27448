//! `k256_field`: random programs of lazy field operations on k256 0.13.4's `FieldElement`
//! (feature `expose-field`), against exact arithmetic with k256's magnitude contract checked
//! by the oracle-side shadow (`ecdiff_oracles::lazy::ShadowFe`).
//!
//! # The contract
//!
//! k256 keeps field elements lazily reduced: each value has a *magnitude* and a *normalized*
//! flag, and the caller keeps within k256's rules (k256 0.13.4
//! `src/arithmetic/field/field_impl.rs`): `negate(m)` needs magnitude `≤ m` (so `a − b` needs
//! `b` at magnitude 1), `mul`/`square` need inputs `≤ 8`, sums and `mul_single` products stay
//! `≤ 2047`, `negate(m)` needs `m + 1 ≤ 2047`. k256 checks these only under
//! `debug_assertions`; a release build that breaks them computes on (a limb of `negate` may
//! wrap around `u64`: `field_5x52.rs`'s `negate`).
//!
//! # What one case checks
//!
//! A program is four registers with canonical initial values (0, 1, `p − small`, small,
//! 52-bit limb edges, uniform) and a list of operations — `add`, `sub` (k256's
//! `self + (−rhs)`), `double`, `mul_single(k)`, `negate(m)`, `mul`, `square`,
//! `normalize_weak`, `normalize` — each writing one register. The generator plans programs
//! with the shadow so that magnitudes run high on purpose (`mul_single` to exactly 2047,
//! `negate(m)` at `m` = the magnitude, `mul` of magnitude-8 inputs, lazily reduced zeros
//! `x − x`, normalizations followed by the subtraction they permit). Two kinds:
//!
//! - `keeps_contract`: every step is legal. The subject must run it in every profile and give,
//!   after each step, the exact value (compared as canonical bytes through `to_bytes()`,
//!   never k256's `==`). k256's checker firing on such a program is a finding.
//! - `breaks_contract`: built to break one rule at a chosen step (`violation_*` classes), with
//!   legal steps before it and a few arbitrary steps after. The routine declares
//!   `contract_violation` as the expected verdict ([`Routine::expected`]), and checks it
//!   strictly: every step before the break gives the exact value; in a debug build k256's
//!   checker must fire **at the step the shadow predicts**, on the assertion of the rule the
//!   shadow names (an earlier or later step, another assertion, or no panic is a finding); in a release build k256 runs through and the shadow's prediction is
//!   the verdict (the detail says whether release k256's value at that step happened to be
//!   right).
//!
//! Whether the library's checker is compiled in is asked of the executor at run time
//! ([`FieldExec::checker_active`]; k256's adapter probes it once), not assumed from the
//! harness's profile.

use crate::engine::panic::{capture, PanicReport};
use crate::engine::{compare, Expected, Outcome, Routine, RoutineInfo, Verdict, VerdictKind};
use crate::generators::Gen;
use crate::repro::project::{Dependency, ReproCode};
use crate::shapes::Spec;
use ecdiff_oracles::ecsm::p;
use ecdiff_oracles::lazy::{
    ContractViolation, ShadowFe, CONTRACT_PREFIX, MAX_MAGNITUDE, MUL_MAX_MAGNITUDE,
};
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// Whether a subject panic is a lazy-field contract check firing: k256's debug-build magnitude
/// and normalization assertions (k256's `src/arithmetic/field/` files, `field_impl.rs` and
/// `field_5x52.rs`), or the magnitude shadow of ecsm-witness's field, which fails in every
/// profile with [`CONTRACT_PREFIX`]. The secp256k1 family's `contract_check`
/// (`crate::RoutineInfo::contract_check`).
pub fn is_contract_check(p: &PanicReport) -> bool {
    if p.message.starts_with(CONTRACT_PREFIX) {
        return true;
    }
    p.location.as_deref().is_some_and(|loc| {
        // `…/k256-0.14.0/src/arithmetic/field/…` from the registry, `…/k256/src/…` from a
        // checkout (maintainer mode).
        let loc = loc.replace('\\', "/");
        loc.split_once("/src/arithmetic/field/")
            .is_some_and(|(krate, _)| {
                let dir = krate.rsplit('/').next().unwrap_or("");
                dir == "k256" || dir.starts_with("k256-")
            })
    })
}

/// Registers per program.
pub const REGISTERS: usize = 4;

/// One operation: `dst ← f(a[, b])`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldOp {
    /// `a + b`.
    Add {
        /// Destination register.
        dst: u8,
        /// Left operand.
        a: u8,
        /// Right operand.
        b: u8,
    },
    /// `a − b` = `a + b.negate(1)`.
    Sub {
        /// Destination register.
        dst: u8,
        /// Minuend.
        a: u8,
        /// Subtrahend.
        b: u8,
    },
    /// `a.double()`.
    Double {
        /// Destination register.
        dst: u8,
        /// Operand.
        a: u8,
    },
    /// `a.mul_single(k)`.
    MulSingle {
        /// Destination register.
        dst: u8,
        /// Operand.
        a: u8,
        /// The small factor.
        k: u32,
    },
    /// `a.negate(m)`.
    Negate {
        /// Destination register.
        dst: u8,
        /// Operand.
        a: u8,
        /// The declared magnitude.
        m: u32,
    },
    /// `a * b`.
    Mul {
        /// Destination register.
        dst: u8,
        /// Left operand.
        a: u8,
        /// Right operand.
        b: u8,
    },
    /// `a.square()`.
    Square {
        /// Destination register.
        dst: u8,
        /// Operand.
        a: u8,
    },
    /// `a.normalize_weak()`.
    NormalizeWeak {
        /// Destination register.
        dst: u8,
        /// Operand.
        a: u8,
    },
    /// `a.normalize()`.
    Normalize {
        /// Destination register.
        dst: u8,
        /// Operand.
        a: u8,
    },
}

impl FieldOp {
    /// The register the operation writes.
    pub fn dst(&self) -> usize {
        use FieldOp::*;
        let d = match *self {
            Add { dst, .. }
            | Sub { dst, .. }
            | Double { dst, .. }
            | MulSingle { dst, .. }
            | Negate { dst, .. }
            | Mul { dst, .. }
            | Square { dst, .. }
            | NormalizeWeak { dst, .. }
            | Normalize { dst, .. } => dst,
        };
        usize::from(d)
    }

    /// The op's class name.
    pub fn class(&self) -> &'static str {
        use FieldOp::*;
        match self {
            Add { .. } => "op_add",
            Sub { .. } => "op_sub",
            Double { .. } => "op_double",
            MulSingle { .. } => "op_mul_single",
            Negate { .. } => "op_negate",
            Mul { .. } => "op_mul",
            Square { .. } => "op_square",
            NormalizeWeak { .. } => "op_normalize_weak",
            Normalize { .. } => "op_normalize",
        }
    }
}

impl std::fmt::Display for FieldOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use FieldOp::*;
        match *self {
            Add { dst, a, b } => write!(f, "r{dst} = r{a} + r{b}"),
            Sub { dst, a, b } => write!(f, "r{dst} = r{a} - r{b}"),
            Double { dst, a } => write!(f, "r{dst} = r{a}.double()"),
            MulSingle { dst, a, k } => write!(f, "r{dst} = r{a}.mul_single({k})"),
            Negate { dst, a, m } => write!(f, "r{dst} = r{a}.negate({m})"),
            Mul { dst, a, b } => write!(f, "r{dst} = r{a} * r{b}"),
            Square { dst, a } => write!(f, "r{dst} = r{a}.square()"),
            NormalizeWeak { dst, a } => write!(f, "r{dst} = r{a}.normalize_weak()"),
            Normalize { dst, a } => write!(f, "r{dst} = r{a}.normalize()"),
        }
    }
}

/// A program: initial register values (canonical, `< p`) and operations.
#[derive(Clone, Debug)]
pub struct FieldProgram {
    /// Initial values, one per register.
    pub init: Vec<BigUint>,
    /// The operations, in order.
    pub ops: Vec<FieldOp>,
    /// The step the program was built to break the contract at (as the shadow predicted while
    /// building it); `None` for a program that keeps the contract.
    pub planned_break: Option<usize>,
}

/// Where a run stopped because a contract check fired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldStop {
    /// The step (index into the program's operations).
    pub step: usize,
    /// The rule (shadow) or the panic (k256's checker).
    pub why: String,
    /// The exact value the step computes when the contract is ignored (oracle side only).
    pub exact: Option<[u8; 32]>,
    /// The broken rule (oracle side only).
    pub rule: Option<ContractViolation>,
}

/// Whether a panic message of k256's checker (`field_impl.rs`: its `debug_assert!`s and the
/// overflow checks of its magnitude arithmetic) is the check of `rule`.
pub fn checker_message_matches(rule: &ContractViolation, message: &str) -> bool {
    use ContractViolation::*;
    let bound = message.contains("new_magnitude <= FieldElementUnsafeImpl::max_magnitude()");
    match rule {
        NegateMagnitude { .. } => message.contains("self.magnitude <= magnitude"),
        NegateOverflow { .. } => bound || message.contains("attempt to add with overflow"),
        AddOverflow { .. } => bound,
        MulSingleOverflow { .. } => bound || message.contains("attempt to multiply with overflow"),
        MulInput { .. } | SquareInput { .. } => message.contains("magnitude <= 8"),
        NotNormalized { .. } => message.contains("normalized"),
    }
}

/// One run of a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldRun {
    /// The destination's canonical big-endian value after each completed step.
    pub values: Vec<[u8; 32]>,
    /// Where a contract check stopped the run, if one did.
    pub stop: Option<FieldStop>,
}

fn be32(v: &BigUint) -> [u8; 32] {
    let b = v.to_bytes_be();
    let mut out = [0u8; 32];
    out[32 - b.len()..].copy_from_slice(&b);
    out
}

/// Applies `op` to the shadow registers, checking k256's rules.
pub fn shadow_step(op: &FieldOp, r: &mut [ShadowFe]) -> Result<(), ContractViolation> {
    use FieldOp::*;
    let g = |i: u8| &r[usize::from(i)];
    let v = match *op {
        Add { a, b, .. } => g(a).checked_add(g(b))?,
        Sub { a, b, .. } => g(a).checked_sub(g(b))?,
        Double { a, .. } => g(a).checked_double()?,
        MulSingle { a, k, .. } => g(a).checked_mul_single(k)?,
        Negate { a, m, .. } => g(a).checked_negate(m)?,
        Mul { a, b, .. } => g(a).checked_mul(g(b))?,
        Square { a, .. } => g(a).checked_square()?,
        NormalizeWeak { a, .. } => g(a).normalize_weak(),
        Normalize { a, .. } => g(a).normalize(),
    };
    r[op.dst()] = v;
    Ok(())
}

/// The exact value of `op` on the registers' values, ignoring the contract.
fn exact_value(op: &FieldOp, r: &[ShadowFe]) -> BigUint {
    use FieldOp::*;
    let pm = p();
    let v = |i: u8| r[usize::from(i)].value().clone();
    match *op {
        Add { a, b, .. } => (v(a) + v(b)) % pm,
        Sub { a, b, .. } => (v(a) + pm - v(b)) % pm,
        Double { a, .. } => (v(a) << 1u32) % pm,
        MulSingle { a, k, .. } => v(a) * k % pm,
        Negate { a, .. } => (pm - v(a)) % pm,
        Mul { a, b, .. } => v(a) * v(b) % pm,
        Square { a, .. } => v(a) * v(a) % pm,
        NormalizeWeak { a, .. } | Normalize { a, .. } => v(a),
    }
}

/// The oracle: the program on the shadow, stopping at the first broken rule.
pub fn shadow_run(prog: &FieldProgram) -> FieldRun {
    let mut regs: Vec<ShadowFe> = prog
        .init
        .iter()
        .map(|v| ShadowFe::from_biguint(v).expect("initial values are canonical"))
        .collect();
    let mut values = Vec::with_capacity(prog.ops.len());
    for (i, op) in prog.ops.iter().enumerate() {
        let exact = exact_value(op, &regs);
        match shadow_step(op, &mut regs) {
            Ok(()) => values.push(regs[op.dst()].to_be_bytes()),
            Err(v) => {
                return FieldRun {
                    values,
                    stop: Some(FieldStop {
                        step: i,
                        why: v.to_string(),
                        exact: Some(be32(&exact)),
                        rule: Some(v),
                    }),
                }
            }
        }
    }
    FieldRun { values, stop: None }
}

/// A lazy-field program executor under test: the library's field element as registers, each
/// operation as the library spells it.
pub trait FieldExec: Send + Sync + 'static {
    /// The library's field element.
    type Reg: Copy;
    /// The element of a canonical big-endian value.
    fn load(&self, be: &[u8; 32]) -> Self::Reg;
    /// Carries out one operation on the registers.
    fn step(&self, op: &FieldOp, regs: &mut [Self::Reg]);
    /// The canonical big-endian value (normalizing first).
    fn read(&self, v: &Self::Reg) -> [u8; 32];
    /// Whether the library's magnitude checker is compiled in (k256: under
    /// `debug_assertions`), probed at run time.
    fn checker_active(&self) -> bool;
    /// For a standalone reproducer ([`crate::repro`]): the crate (with the features that
    /// expose its field), the field element's type path, and `op` as a Rust expression over
    /// the registers `r[i]`; `None` where the executor has no template.
    fn reproducer_api(&self) -> Option<FieldReproApi> {
        None
    }
}

/// How a reproducer spells a lazy-field program in one library.
pub struct FieldReproApi {
    /// The crate, e.g. k256 0.13.4 with `expose-field`.
    pub dependency: Dependency,
    /// The field element's type path.
    pub element: &'static str,
    /// An operation as a Rust expression over `r[i]`.
    pub expr: fn(&FieldOp) -> String,
}

/// The reproducer of a program: the steps up to the one the shadow stops at (all of them for
/// a program that keeps the contract), each under its own panic catch, each printing the
/// destination's canonical value; the expected line is the exact value after each of those
/// steps, so the step where the library's debug checker fires shows as a panic there.
fn reproducer_code(api: FieldReproApi, prog: &FieldProgram, shadow: &FieldRun) -> ReproCode {
    let mut expected: Vec<String> = shadow.values.iter().map(hex::encode).collect();
    if let Some(stop) = &shadow.stop {
        expected.push(stop.exact.map_or_else(|| "unknown".into(), hex::encode));
    }
    let element = api.element;
    let mut body = format!(
        "fn load(be: &str) -> {element} {{\n    \
         let bytes: [u8; 32] = unhex(be).try_into().expect(\"32 bytes\");\n    \
         Option::from({element}::from_bytes(&bytes.into())).expect(\"a canonical value\")\n}}\n\
         /// One step under its own panic catch: the new value, or the panic as the last value.\n\
         fn step(values: &mut Vec<String>, f: impl FnOnce() -> {element}) -> Option<{element}> {{\n    \
         match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {{\n        \
         Ok(v) => {{\n            \
         values.push(hex(&v.to_bytes()));\n            \
         Some(v)\n        }}\n        \
         Err(payload) => {{\n            \
         values.push(format!(\"panicked: {{}}\", panic_message(payload.as_ref()).replace('\\n', \" \")));\n            \
         None\n        }}\n    }}\n}}\n\n\
         // The registers' initial values (canonical, big-endian).\n\
         let mut r = ["
    );
    for v in &prog.init {
        body.push_str(&format!("\n    load(\"{}\"),", hex::encode(be32(v))));
    }
    body.push_str("\n];\nlet mut values: Vec<String> = Vec::new();\n");
    for (i, op) in prog.ops.iter().take(expected.len()).enumerate() {
        body.push_str(&format!(
            "// step {i}: {op}\n\
             let Some(v) = step(&mut values, || {}) else {{\n    return values.join(\" \");\n}};\n\
             r[{}] = v;\n",
            (api.expr)(op),
            op.dst()
        ));
    }
    body.push_str("values.join(\" \")\n");
    ReproCode {
        dependencies: vec![api.dependency],
        uses: Vec::new(),
        body,
        expected: expected.join(" "),
        expected_from: "the exact value after each step (ecdiff's shadow field, num-bigint \
                        arithmetic modulo p), embedded; the library's debug-build contract \
                        checks fire as a panic at the step that breaks its rules"
            .into(),
    }
}

/// The subject: the program on `exec`, one panic capture per step. A panic raised by a
/// contract check (k256's `field` module, or the shadow) stops the run at that step; any
/// other panic is the subject's.
pub fn run_program<E: FieldExec + ?Sized>(exec: &E, prog: &FieldProgram) -> Outcome<FieldRun> {
    let mut regs: Vec<_> = prog.init.iter().map(|v| exec.load(&be32(v))).collect();
    let mut values = Vec::with_capacity(prog.ops.len());
    for (i, op) in prog.ops.iter().enumerate() {
        match capture(|| {
            exec.step(op, &mut regs);
            exec.read(&regs[op.dst()])
        }) {
            Ok(v) => values.push(v),
            Err(p) if is_contract_check(&p) => {
                return Outcome::Value(FieldRun {
                    values,
                    stop: Some(FieldStop {
                        step: i,
                        why: p.to_string(),
                        exact: None,
                        rule: None,
                    }),
                })
            }
            Err(p) => {
                return Outcome::Panicked(PanicReport {
                    message: format!("step {i} ({op}): {}", p.message),
                    location: p.location,
                })
            }
        }
    }
    Outcome::Value(FieldRun { values, stop: None })
}

// ---------------------------------------------------------------------------------------
// Generation.

/// The initial-value classes.
pub const VALUE_CLASSES: &[&str] = &[
    "value_zero",
    "value_one",
    "value_small",
    "value_p_minus_small",
    "value_limb_edge",
    "value_random",
];

/// The program, op, boundary and violation classes.
pub const PROGRAM_CLASSES: &[&str] = &[
    "keeps_contract",
    "breaks_contract",
    "op_add",
    "op_sub",
    "op_double",
    "op_mul_single",
    "op_negate",
    "op_mul",
    "op_square",
    "op_normalize_weak",
    "op_normalize",
    "magnitude_2047",
    "mul_input_8",
    "negate_at_magnitude",
    "lazy_zero",
    "normalize_high_magnitude",
    "violation_negate",
    "violation_sub",
    "violation_mul_input",
    "violation_square_input",
    "violation_add_overflow",
    "violation_mul_single_overflow",
    "violation_negate_overflow",
];

fn draw_value(g: &mut Gen) -> BigUint {
    let pm = p();
    if !g.edgy() {
        return g.biguint_below(pm);
    }
    let (class, v) = match g.weighted(&[8, 6, 10, 12, 10, 54]) {
        0 => ("value_zero", BigUint::zero()),
        1 => ("value_one", BigUint::one()),
        2 => ("value_small", BigUint::from(g.below(1 << 16))),
        3 => ("value_p_minus_small", pm - 1u8 - g.below(1 << 16)),
        4 => {
            // 2^(52i) − 1 or 2^(52i): a carry across one of the 5×52 limbs.
            let i = g.range(1, 4);
            let edge = BigUint::one() << (52 * i);
            ("value_limb_edge", edge - g.below(2))
        }
        _ => ("value_random", g.biguint_below(pm)),
    };
    g.hit(class);
    v
}

fn reg(g: &mut Gen) -> u8 {
    g.below(REGISTERS as u64) as u8
}

/// Proposes an operation (not necessarily legal), biased to high magnitudes and boundaries.
fn propose(g: &mut Gen, r: &[ShadowFe], last_normalized: Option<u8>) -> FieldOp {
    let mag = |i: u8| r[usize::from(i)].magnitude();
    let dst = reg(g);
    let a = reg(g);
    let mut b = reg(g);
    if let Some(n) = last_normalized {
        if g.chance(1, 2) {
            b = n;
        }
    }
    match g.weighted(&[12, 14, 8, 16, 12, 10, 6, 7, 7]) {
        0 => FieldOp::Add { dst, a, b },
        1 => {
            let a = if g.chance(1, 4) { b } else { a };
            FieldOp::Sub { dst, a, b }
        }
        2 => FieldOp::Double { dst, a },
        3 => {
            let m = mag(a).max(1);
            let max_k = (MAX_MAGNITUDE / m).max(1);
            let k = match g.below(4) {
                0 => max_k,
                1 if 8 % m == 0 => 8 / m,
                1 | 2 => g.range(2, 16) as u32,
                _ => g.range(1, max_k as usize) as u32,
            };
            FieldOp::MulSingle { dst, a, k }
        }
        4 => {
            let m = if g.chance(1, 2) {
                mag(a)
            } else {
                (mag(a) + g.below(64) as u32).min(MAX_MAGNITUDE - 1)
            };
            FieldOp::Negate { dst, a, m }
        }
        5 => {
            // Prefer an operand at the magnitude-8 boundary when there is one.
            let eight = (0..REGISTERS as u8).find(|&i| mag(i) == MUL_MAX_MAGNITUDE);
            let a = match eight {
                Some(e) if g.chance(1, 2) => e,
                _ => a,
            };
            FieldOp::Mul { dst, a, b }
        }
        6 => FieldOp::Square { dst, a },
        7 => FieldOp::NormalizeWeak { dst, a },
        _ => FieldOp::Normalize { dst, a },
    }
}

/// Classes of a legal step (before it is applied to `r`).
fn hit_step_classes(g: &mut Gen, op: &FieldOp, r: &[ShadowFe]) {
    use FieldOp::*;
    let mag = |i: u8| r[usize::from(i)].magnitude();
    g.hit(op.class());
    match *op {
        Negate { a, m, .. } if m == mag(a) && m >= 2 => g.hit("negate_at_magnitude"),
        Mul { a, b, .. } if mag(a) == MUL_MAX_MAGNITUDE || mag(b) == MUL_MAX_MAGNITUDE => {
            g.hit("mul_input_8")
        }
        Square { a, .. } if mag(a) == MUL_MAX_MAGNITUDE => g.hit("mul_input_8"),
        NormalizeWeak { a, .. } | Normalize { a, .. } if mag(a) >= 64 => {
            g.hit("normalize_high_magnitude")
        }
        _ => {}
    }
}

/// Classes of the registers after a legal step.
fn hit_state_classes(g: &mut Gen, op: &FieldOp, r: &[ShadowFe]) {
    let d = &r[op.dst()];
    if d.magnitude() == MAX_MAGNITUDE {
        g.hit("magnitude_2047");
    }
    if d.value().is_zero() && !d.is_normalized() {
        g.hit("lazy_zero");
    }
}

/// A legal operation (the shadow accepts it), or a `normalize`, which always is.
fn keep_op(g: &mut Gen, r: &[ShadowFe], last_normalized: Option<u8>) -> FieldOp {
    for _ in 0..32 {
        let op = propose(g, r, last_normalized);
        let mut trial = r.to_vec();
        if shadow_step(&op, &mut trial).is_ok() {
            return op;
        }
    }
    let a = reg(g);
    FieldOp::Normalize { dst: a, a }
}

/// The violation kinds, in class order.
const VIOLATIONS: [&str; 7] = [
    "violation_negate",
    "violation_sub",
    "violation_mul_input",
    "violation_square_input",
    "violation_add_overflow",
    "violation_mul_single_overflow",
    "violation_negate_overflow",
];

/// The operations that break the contract on purpose: an optional legal setup step that
/// creates the state the violation needs, then the violating step.
fn violation(g: &mut Gen, r: &[ShadowFe]) -> (Option<FieldOp>, FieldOp, &'static str) {
    let mag = |i: u8| r[usize::from(i)].magnitude();
    let find = |pred: &dyn Fn(u32) -> bool| (0..REGISTERS as u8).find(|&i| pred(mag(i)));
    let dst = reg(g);
    let kind = g.weighted(&[16, 18, 16, 10, 14, 12, 10]);
    let a = reg(g);
    let op_and_setup = match kind {
        0 => match find(&|m| m >= 2) {
            Some(x) => {
                let m = if g.chance(1, 2) {
                    mag(x) - 1
                } else {
                    g.range(0, mag(x) as usize - 1) as u32
                };
                (None, FieldOp::Negate { dst, a: x, m })
            }
            None => (None, FieldOp::Negate { dst, a, m: 0 }),
        },
        1 => match find(&|m| m >= 2) {
            // The shape of lambda_vm PR #866's review finding: a − b.double().
            Some(x) => (None, FieldOp::Sub { dst, a, b: x }),
            None => {
                let b = reg(g);
                (
                    Some(FieldOp::Double { dst: b, a: b }),
                    FieldOp::Sub { dst, a, b },
                )
            }
        },
        2 | 3 => {
            let (setup, x) = match find(&|m| m > MUL_MAX_MAGNITUDE) {
                Some(x) => (None, x),
                None => {
                    let x = reg(g);
                    let m = mag(x);
                    // Just past the limit (9) or anywhere up to 2047.
                    let target = if g.chance(1, 2) {
                        9
                    } else {
                        g.range(9, 2047) as u32
                    };
                    let k = target.div_ceil(m).min(MAX_MAGNITUDE / m);
                    (Some(FieldOp::MulSingle { dst: x, a: x, k }), x)
                }
            };
            let op = if kind == 2 {
                if g.chance(1, 2) {
                    FieldOp::Mul { dst, a, b: x }
                } else {
                    FieldOp::Mul { dst, a: x, b: a }
                }
            } else {
                FieldOp::Square { dst, a: x }
            };
            (setup, op)
        }
        4 => {
            let (setup, x) = match find(&|m| m >= 1024) {
                Some(x) => (None, x),
                None => {
                    let x = reg(g);
                    let k = MAX_MAGNITUDE / mag(x);
                    (Some(FieldOp::MulSingle { dst: x, a: x, k }), x)
                }
            };
            let op = if g.chance(1, 2) {
                FieldOp::Double { dst, a: x }
            } else {
                FieldOp::Add { dst, a: x, b: x }
            };
            (setup, op)
        }
        5 => {
            let m = mag(a);
            let k = if g.chance(1, 4) {
                u32::MAX - g.below(1 << 16) as u32
            } else {
                MAX_MAGNITUDE / m + 1 + g.below(16) as u32
            };
            (None, FieldOp::MulSingle { dst, a, k })
        }
        _ => {
            let m = if g.chance(1, 4) {
                u32::MAX
            } else {
                MAX_MAGNITUDE + g.below(64) as u32
            };
            (None, FieldOp::Negate { dst, a, m })
        }
    };
    (op_and_setup.0, op_and_setup.1, VIOLATIONS[kind])
}

/// Draws a program (see the module doc).
pub fn draw_program(g: &mut Gen) -> FieldProgram {
    let init: Vec<BigUint> = (0..REGISTERS).map(|_| draw_value(g)).collect();
    let mut regs: Vec<ShadowFe> = init
        .iter()
        .map(|v| ShadowFe::from_biguint(v).expect("canonical"))
        .collect();
    let len = g.range(2, 20);
    let mut ops = Vec::with_capacity(len + 3);
    if !g.edgy() {
        // The unbiased baseline: uniform operations, whatever they do to the contract.
        for _ in 0..len {
            ops.push(propose(g, &regs, None));
        }
        let planned_break = first_violation(&init, &ops);
        return FieldProgram {
            init,
            ops,
            planned_break,
        };
    }
    let breaks = g.chance(2, 5);
    g.hit(if breaks {
        "breaks_contract"
    } else {
        "keeps_contract"
    });
    let break_at = breaks.then(|| g.below(len as u64) as usize);
    let mut last_normalized = None;
    let mut planned_break = None;
    for t in 0..len {
        if Some(t) == break_at {
            let (setup, op, class) = violation(g, &regs);
            if let Some(s) = setup {
                hit_step_classes(g, &s, &regs);
                shadow_step(&s, &mut regs).expect("violation setup steps are legal");
                hit_state_classes(g, &s, &regs);
                ops.push(s);
            }
            let mut trial = regs.clone();
            assert!(
                shadow_step(&op, &mut trial).is_err(),
                "a planned violation ({op}) keeps the contract"
            );
            g.hit(op.class());
            g.hit(class);
            planned_break = Some(ops.len());
            ops.push(op);
            // A few arbitrary steps after the break, never reached under a checker.
            for _ in 0..g.below(3) {
                ops.push(propose(g, &regs, None));
            }
            break;
        }
        let op = keep_op(g, &regs, last_normalized);
        hit_step_classes(g, &op, &regs);
        shadow_step(&op, &mut regs).expect("keep_op returns legal steps");
        hit_state_classes(g, &op, &regs);
        last_normalized = match op {
            FieldOp::NormalizeWeak { dst, .. } | FieldOp::Normalize { dst, .. } => Some(dst),
            _ => None,
        };
        ops.push(op);
    }
    FieldProgram {
        init,
        ops,
        planned_break,
    }
}

/// Whether the decoded program has the property of `class` ([`Routine::class_holds`]): the
/// value classes by the initial values, the op classes by the operations, and the contract,
/// boundary and violation classes by replaying the program on the shadow (the oracle's model
/// of k256's rules) up to its first broken rule — never by the generator's `planned_break` or
/// its labels. The boundary classes are read off the steps the shadow accepts.
pub fn program_class_holds(prog: &FieldProgram, class: &str) -> Option<bool> {
    use FieldOp::*;
    let pm = p();
    let small = BigUint::one() << 16u32;
    let value = |f: &dyn Fn(&BigUint) -> bool| prog.init.iter().any(f);
    match class {
        "value_zero" => return Some(value(&|v| v.is_zero())),
        "value_one" => return Some(value(&|v| v.is_one())),
        "value_small" => return Some(value(&|v| *v < small)),
        "value_p_minus_small" => return Some(value(&|v| v < pm && *v >= pm - &small)),
        "value_limb_edge" => {
            return Some(value(&|v| {
                (1..=4u32).any(|i| {
                    let edge = BigUint::one() << (52 * i);
                    *v == edge || *v == edge - 1u8
                })
            }))
        }
        "value_random" => return Some(value(&|v| v < pm)),
        c if c.starts_with("op_") => return Some(prog.ops.iter().any(|op| op.class() == c)),
        _ => {}
    }
    let mut regs: Vec<ShadowFe> = (prog.init.iter())
        .map(|v| ShadowFe::from_biguint(v).expect("initial values are canonical"))
        .collect();
    let mut seen: Vec<&str> = Vec::new();
    let mut broken = None;
    for op in &prog.ops {
        let mag = |i: u8| regs[usize::from(i)].magnitude();
        let step_class = match *op {
            Negate { a, m, .. } if m == mag(a) && m >= 2 => Some("negate_at_magnitude"),
            Mul { a, b, .. } if mag(a) == MUL_MAX_MAGNITUDE || mag(b) == MUL_MAX_MAGNITUDE => {
                Some("mul_input_8")
            }
            Square { a, .. } if mag(a) == MUL_MAX_MAGNITUDE => Some("mul_input_8"),
            NormalizeWeak { a, .. } | Normalize { a, .. } if mag(a) >= 64 => {
                Some("normalize_high_magnitude")
            }
            _ => None,
        };
        match shadow_step(op, &mut regs) {
            Ok(()) => {
                seen.extend(step_class);
                let d = &regs[op.dst()];
                if d.magnitude() == MAX_MAGNITUDE {
                    seen.push("magnitude_2047");
                }
                if d.value().is_zero() && !d.is_normalized() {
                    seen.push("lazy_zero");
                }
            }
            Err(rule) => {
                broken = Some((*op, rule));
                break;
            }
        }
    }
    use ContractViolation as V;
    let violated = |want: &str| {
        broken.is_some_and(|(op, rule)| {
            let kind = match (op, rule) {
                (Sub { .. }, _) => "violation_sub",
                (Negate { .. }, V::NegateMagnitude { .. }) => "violation_negate",
                (Negate { .. }, V::NegateOverflow { .. }) => "violation_negate_overflow",
                (Mul { .. }, V::MulInput { .. }) => "violation_mul_input",
                (Square { .. }, V::SquareInput { .. }) => "violation_square_input",
                (Add { .. } | Double { .. }, V::AddOverflow { .. }) => "violation_add_overflow",
                (MulSingle { .. }, V::MulSingleOverflow { .. }) => "violation_mul_single_overflow",
                _ => "",
            };
            kind == want
        })
    };
    Some(match class {
        "keeps_contract" => broken.is_none(),
        "breaks_contract" => broken.is_some(),
        c if c.starts_with("violation_") => violated(c),
        "negate_at_magnitude"
        | "mul_input_8"
        | "normalize_high_magnitude"
        | "magnitude_2047"
        | "lazy_zero" => seen.contains(&class),
        _ => return None,
    })
}

fn first_violation(init: &[BigUint], ops: &[FieldOp]) -> Option<usize> {
    shadow_run(&FieldProgram {
        init: init.to_vec(),
        ops: ops.to_vec(),
        planned_break: None,
    })
    .stop
    .map(|s| s.step)
}

// ---------------------------------------------------------------------------------------
// The routine.

/// The `k256_field` routine with a given executor (k256 itself, or a zoo variant).
pub struct FieldCheck<E> {
    spec: Spec,
    exec: E,
}

/// The check of a lazy-field executor.
pub fn check<E: FieldExec>(spec: Spec, exec: E) -> FieldCheck<E> {
    FieldCheck { spec, exec }
}

/// Why programs built to break the contract are expected to give `contract_violation`.
pub const BREAK_REASON: &str =
    "program built to break k256's magnitude contract at a chosen step: \
     k256's debug checker (field_impl.rs) must fire at exactly that step; a release build has \
     no checker, and the shadow reports the step";

fn first_diff(s: &[[u8; 32]], o: &[[u8; 32]]) -> Option<usize> {
    s.iter().zip(o).position(|(a, b)| a != b)
}

impl<E: FieldExec> FieldCheck<E> {
    fn compare_runs(&self, prog: &FieldProgram, s: &FieldRun, o: &FieldRun) -> Verdict {
        use VerdictKind as K;
        if let (Some(planned), None) = (prog.planned_break, &o.stop) {
            return Verdict::new(
                K::OraclePanicked,
                format!(
                    "the generator planned a break at step {planned}, the shadow predicts none"
                ),
            );
        }
        if let (Some(planned), Some(stop)) = (prog.planned_break, &o.stop) {
            if planned != stop.step {
                return Verdict::new(
                    K::OraclePanicked,
                    format!(
                        "the generator planned the break at step {planned}, the shadow \
                         predicts step {}",
                        stop.step
                    ),
                );
            }
        }
        let hex = |b: &[u8; 32]| hex::encode(b);
        let step_diff = |upto: usize| -> Option<Verdict> {
            let n = upto.min(s.values.len()).min(o.values.len());
            first_diff(&s.values[..n], &o.values[..n]).map(|i| {
                Verdict::new(
                    K::Mismatch,
                    format!(
                        "step {i} ({}): subject 0x{}, exact 0x{}",
                        prog.ops[i],
                        hex(&s.values[i]),
                        hex(&o.values[i])
                    ),
                )
            })
        };
        match (&o.stop, &s.stop) {
            (None, None) => step_diff(usize::MAX).unwrap_or_else(Verdict::agree),
            // The shadow and k256's checker disagree: a finding in every profile, never the
            // expected contract violation of a program with a planned break.
            (None, Some(fired)) => Verdict::new(
                K::Mismatch,
                format!(
                    "k256's checker fired at step {} ({}) on a program the shadow says keeps \
                     the contract: {}",
                    fired.step, prog.ops[fired.step], fired.why
                ),
            ),
            (Some(pred), fired) => {
                if let Some(v) = step_diff(pred.step) {
                    return v;
                }
                let op = prog.ops[pred.step];
                let same_rule = |f: &FieldStop| {
                    pred.rule
                        .as_ref()
                        .is_none_or(|r| checker_message_matches(r, &f.why))
                };
                match fired {
                    Some(f) if f.step == pred.step && !same_rule(f) => Verdict::new(
                        K::Mismatch,
                        format!(
                            "step {} ({op}): k256's checker fired at the predicted step but not \
                             for the predicted rule ({}): {}",
                            f.step, pred.why, f.why
                        ),
                    ),
                    Some(f) if f.step == pred.step => Verdict::new(
                        K::ContractViolation,
                        format!(
                            "step {} ({op}): k256's debug checker fired as the shadow predicts \
                             ({}): {}",
                            f.step, pred.why, f.why
                        ),
                    ),
                    Some(f) => Verdict::new(
                        K::Mismatch,
                        format!(
                            "k256's checker fired at step {} ({}), the shadow predicts step {} \
                             ({op}: {}): {}",
                            f.step, prog.ops[f.step], pred.step, pred.why, f.why
                        ),
                    ),
                    None if self.exec.checker_active() => Verdict::new(
                        K::Mismatch,
                        format!(
                            "the shadow predicts a violation at step {} ({op}: {}), but k256's \
                             debug checker did not fire",
                            pred.step, pred.why
                        ),
                    ),
                    None => {
                        let got = s.values.get(pred.step);
                        let value = match (got, &pred.exact) {
                            (Some(g), Some(e)) if g == e => "happened to be right",
                            (Some(_), Some(_)) => "is wrong",
                            _ => "is unknown",
                        };
                        Verdict::new(
                            K::ContractViolation,
                            format!(
                                "step {} ({op}): the shadow caught it ({}); release k256 has no \
                                 checker and ran on — its value at that step {value}",
                                pred.step, pred.why
                            ),
                        )
                    }
                }
            }
        }
    }
}

impl<E: FieldExec> Routine for FieldCheck<E> {
    fn reproducer(&self, prog: &FieldProgram, oracle: &Outcome<FieldRun>) -> Option<ReproCode> {
        let Outcome::Value(shadow) = oracle else {
            return None;
        };
        Some(reproducer_code(self.exec.reproducer_api()?, prog, shadow))
    }

    type Case = FieldProgram;
    type Output = FieldRun;

    fn info(&self) -> RoutineInfo {
        let classes = VALUE_CLASSES
            .iter()
            .chain(PROGRAM_CLASSES)
            .copied()
            .collect();
        self.spec.info(
            "ecdiff_oracles::lazy::ShadowFe (exact values, k256 0.13.4's magnitude rules, checked_*)",
            classes,
        )
    }

    fn generate(&self, g: &mut Gen) -> FieldProgram {
        draw_program(g)
    }

    fn class_holds(&self, prog: &FieldProgram, class: &str) -> Option<bool> {
        program_class_holds(prog, class)
    }

    fn subject(&self, prog: &FieldProgram) -> Outcome<FieldRun> {
        run_program(&self.exec, prog)
    }

    fn oracle(&self, prog: &FieldProgram) -> Outcome<FieldRun> {
        Outcome::Value(shadow_run(prog))
    }

    fn expected(&self, prog: &FieldProgram) -> Expected {
        if prog.planned_break.is_some() {
            Expected::known(VerdictKind::ContractViolation, BREAK_REASON)
        } else {
            Expected::AGREE
        }
    }

    fn compare(
        &self,
        prog: &FieldProgram,
        subject: &Outcome<FieldRun>,
        oracle: &Outcome<FieldRun>,
    ) -> Verdict {
        match (subject, oracle) {
            (Outcome::Value(s), Outcome::Value(o)) => self.compare_runs(prog, s, o),
            _ => compare(subject, oracle, |_, _| unreachable!("values handled above")),
        }
    }

    fn render_case(&self, prog: &FieldProgram) -> String {
        let mut out = String::new();
        for (i, v) in prog.init.iter().enumerate() {
            out.push_str(&format!("r{i} = 0x{v:x}\n"));
        }
        for (i, op) in prog.ops.iter().enumerate() {
            let mark = if Some(i) == prog.planned_break {
                "   <- planned break"
            } else {
                ""
            };
            out.push_str(&format!("{i:>3}: {op}{mark}\n"));
        }
        out
    }

    fn render_output(&self, run: &FieldRun) -> String {
        let mut out: Vec<String> = run
            .values
            .iter()
            .enumerate()
            .map(|(i, v)| format!("{i:>3}: 0x{}", hex::encode(v)))
            .collect();
        if let Some(s) = &run.stop {
            out.push(format!("stopped at step {}: {}", s.step, s.why));
        }
        out.join("\n")
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod contract_check_tests;
