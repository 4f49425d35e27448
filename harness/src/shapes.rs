//! The public API: ready-made differential checks for the shapes of routine ecdiff knows,
//! generic over the subject, the way arkworks' test-templates stamp tests for any curve.
//!
//! A downstream crate implements one small trait for its own code — inputs arrive as
//! library-neutral values (Jacobian coordinates and scalars as integers), the result goes back
//! as the oracle's canonical type (an affine point or the identity, integers) — and gets a
//! [`Routine`](crate::Routine) that draws edge-biased cases, runs its code and the oracle, and
//! reports findings:
//!
//! ```ignore
//! use ecdiff::shapes::{self, msm::Msm, Spec};
//! struct MyMsm;
//! impl Msm<Bn254G1> for MyMsm {
//!     fn msm(&self, bases: &[Jacobian<Fp>], scalars: &[BigUint]) -> Point<Fp> { /* … */ }
//! }
//! let routine = shapes::msm::check(Spec::new("my_msm"), MyMsm);
//! ecdiff::suite::Suite::new(&routine).run();
//! ```
//!
//! ecdiff's own dory-pcs and arkworks subjects go through exactly these traits
//! (`crate::families::dory::adapter_dory`). See `harness/examples/downstream_msm.rs` for a complete example.

pub mod ark_format;
pub mod curve_ops;
pub mod fold;
pub mod gt;
pub mod known;
pub mod msm;
pub mod normalize;
pub mod sec1_points;
pub mod torsion;

use crate::engine::{no_contract_check, PanicReport};
use crate::generators::lengths::Lengths;
use crate::RoutineInfo;
use ecdiff_oracles::field::Field;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;

pub use crate::curve::{Jacobian, SwGroup};
pub use crate::generators::points::GenPoint;

/// A check whose case length can be chosen (benchmarks draw cases of a given size; the
/// routine's own `generate` draws the length from its edge-biased distribution first).
pub trait SizedCheck: crate::Routine {
    /// A case of length `n`, drawn like the routine's own cases otherwise.
    fn generate_len(&self, g: &mut crate::Gen, n: usize) -> Self::Case;
}

/// The default case count of a check whose shape declares none and whose spec sets none.
pub const FALLBACK_CASES: u32 = 64;

/// The identity and reporting facts of a check: everything but the subject.
#[derive(Clone, Debug)]
pub struct Spec {
    /// Stable lower-case routine name.
    pub name: &'static str,
    /// Family shown by `ecdiff list`.
    pub family: &'static str,
    /// The crate and version under test.
    pub subject: &'static str,
    /// The function under test.
    pub function: &'static str,
    /// Input lengths and the thresholds to straddle.
    pub lengths: Lengths,
    /// Default case count; 0 until set, when the shape's own default applies
    /// ([`Spec::shape_default`]: a downstream check gets the budget of a built-in routine of
    /// its shape), or [`FALLBACK_CASES`] for a shape that declares none.
    pub default_cases: u32,
    /// Which subject panics are the subject's own contract checks firing
    /// ([`RoutineInfo::contract_check`]).
    pub contract_check: fn(&PanicReport) -> bool,
}

impl Spec {
    /// A spec with defaults: lengths 0..=64 without thresholds, the shape's default case count
    /// (an MSM's [`msm::MSM_CASES`], a batch normalization's [`normalize::NORMALIZE_CASES`], a
    /// point format's [`ark_format::FORMAT_CASES`], otherwise [`FALLBACK_CASES`]).
    pub fn new(name: &'static str) -> Self {
        Spec {
            name,
            family: "custom",
            subject: "unknown",
            function: "",
            lengths: Lengths {
                max: 64,
                thresholds: &[],
                allow_empty: true,
            },
            default_cases: 0,
            contract_check: no_contract_check,
        }
    }

    /// The shape's default case count, unless one was set ([`Spec::cases`]).
    pub fn shape_default(mut self, cases: u32) -> Self {
        if self.default_cases == 0 {
            self.default_cases = cases;
        }
        self
    }

    /// Sets the family.
    pub fn family(mut self, family: &'static str) -> Self {
        self.family = family;
        self
    }

    /// Sets the crate and version under test.
    pub fn subject(mut self, subject: &'static str, function: &'static str) -> Self {
        self.subject = subject;
        self.function = function;
        self
    }

    /// Sets the length distribution.
    pub fn lengths(mut self, max: usize, thresholds: &'static [(&'static str, usize)]) -> Self {
        self.lengths.max = max;
        self.lengths.thresholds = thresholds;
        self
    }

    /// Forbids the empty input.
    pub fn non_empty(mut self) -> Self {
        self.lengths.allow_empty = false;
        self
    }

    /// Sets the default case count.
    pub fn cases(mut self, cases: u32) -> Self {
        self.default_cases = cases;
        self
    }

    /// Declares which subject panics are the subject's own contract checks firing (a
    /// debug-only precondition, a magnitude assertion): those are `contract_violation`s.
    pub fn contract_check(mut self, check: fn(&PanicReport) -> bool) -> Self {
        self.contract_check = check;
        self
    }

    pub(crate) fn info(&self, oracle: &'static str, classes: Vec<&'static str>) -> RoutineInfo {
        let mut classes = classes;
        classes.sort_unstable();
        classes.dedup();
        RoutineInfo {
            name: self.name,
            family: self.family,
            subject: self.subject,
            function: self.function,
            oracle,
            classes,
            default_cases: if self.default_cases == 0 {
                FALLBACK_CASES
            } else {
                self.default_cases
            },
            contract_check: self.contract_check,
        }
    }
}

/// Hex rendering of a field element's canonical coefficients (c0 first).
pub fn hex_field<F: Field>(f: &F) -> String {
    let coeffs: Vec<String> = f.coeffs().iter().map(|c| format!("{c:x}")).collect();
    if coeffs.len() == 1 {
        format!("0x{}", coeffs[0])
    } else {
        format!("[0x{}]", coeffs.join(", 0x"))
    }
}

/// Hex rendering of an affine point.
pub fn hex_point<F: Field>(p: &Point<F>) -> String {
    match p {
        Point::Identity => "identity".into(),
        Point::Affine { x, y } => format!("({}, {})", hex_field(x), hex_field(y)),
    }
}

/// Hex rendering of Jacobian coordinates.
pub fn hex_jacobian<F: Field>(p: &Jacobian<F>) -> String {
    format!(
        "X={} Y={} Z={}",
        hex_field(&p.x),
        hex_field(&p.y),
        hex_field(&p.z)
    )
}

/// Hex rendering of a list of scalars.
pub fn hex_scalars(s: &[BigUint]) -> String {
    let items: Vec<String> = s.iter().map(|x| format!("0x{x:x}")).collect();
    format!("[{}]", items.join(", "))
}

/// Hex rendering of a list of points, one per line.
pub fn hex_points<F: Field>(ps: &[Point<F>]) -> String {
    let items: Vec<String> = ps
        .iter()
        .enumerate()
        .map(|(i, p)| format!("  [{i}] {}", hex_point(p)))
        .collect();
    format!("[\n{}\n]", items.join("\n"))
}

/// Hex rendering of generated points with their logs.
pub fn hex_gen_points<F: Field>(ps: &[GenPoint<F>]) -> String {
    let items: Vec<String> = ps
        .iter()
        .enumerate()
        .map(|(i, p)| format!("  [{i}] {} (log 0x{:x})", hex_jacobian(&p.jac), p.log))
        .collect();
    format!("[\n{}\n]", items.join("\n"))
}
