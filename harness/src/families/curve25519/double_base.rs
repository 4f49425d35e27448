//! Double-base scalar multiplication a·A + b·B over edwards25519 and ristretto255, B the base
//! point: curve25519-dalek 5's `vartime_double_scalar_mul_basepoint`, the operation at the
//! heart of Ed25519 signature verification (S·B − k·A, RFC 8032 §5.1.7).
//!
//! # Path (dalek 5.0.0, `backend/serial/scalar_mul/vartime_double_base.rs`)
//!
//! Interleaved width-w NAF (Straus–Shamir): a is recoded as a width-5 NAF (odd digits in
//! [−15, 15], a table of 1·A, 3·A, …, 15·A built per call), b as a width-8 NAF (odd digits in
//! [−127, 127], the static table `AFFINE_ODD_MULTIPLES_OF_BASEPOINT` of 64 affine multiples;
//! width 5 without the `precomputed-tables` feature). The loop starts at the highest position
//! where either NAF has a non-zero digit and runs down to 0, one doubling per position. The
//! AVX2 and IFMA backends run the same recoding in vector form. Its edges, each a declared
//! class of this check:
//!
//! | class | what |
//! |---|---|
//! | `both_scalars_zero` | no non-zero digit at all: the start search runs off the bottom and the loop runs once |
//! | `naf_start_a`, `naf_start_b`, `naf_start_tie` | which scalar's top digit sets the starting position |
//! | `a_naf5_digit_15` | a's NAF uses ±15, the last entry of A's table |
//! | `b_naf8_digit_127` | b's NAF uses ±127, the last entry of the static table |
//! | `b_naf8_top_252` | b's NAF reaches position 252 (a carry past the top bit of a scalar below ℓ; dalek's NAF once dropped that terminal digit, e17c98a3 / 389d2bc9) |
//! | `b_cancels` | b = −a·log(A) mod ℓ: the prime-order parts cancel, leaving a·t·T |
//! | `result_identity` | the result is the identity |
//! | `negated_basepoint` | A = −B |
//!
//! plus the scalar classes of both scalars, the per-element point classes of A (identity,
//! base point, torsion and prime + torsion for edwards25519) and its representation
//! (`all_z_one`: A decompressed with Z = 1; `mixed_z`: A may come out of dalek's own
//! subtraction with an arbitrary Z).
//!
//! # Oracle
//!
//! Known logs with torsion bookkeeping ([`known_log_sum`]): A = α·B + t·T, so
//! a·A + b·B = (a·α + b mod ℓ)·B + (a·t mod 8)·T, compared as RFC 8032 / RFC 9496 encodings.
//! On a disagreement the oracle confirms itself with textbook double-and-add over the decoded
//! A and over B (`edwards::mul`).

use crate::engine::{compare, Outcome, Routine, RoutineInfo, Verdict, VerdictKind};
use crate::families::curve25519::edwards::{
    known_log_sum, point_class_holds, points, shift, shift_encoding, EdInput, Flavor, Repr,
    ReprMode, REPR_CLASSES, SHIFT_COUNT,
};
use crate::generators::scalars::{scalar, scalar_class_holds, SCALAR_CLASSES};
use crate::generators::Gen;
use crate::shapes::Spec;
use ecdiff_oracles::edwards::{self, EdPoint};
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// A double-base multiplication under test: (a, A, b) ↦ the encoding of a·A + b·B. Scalars
/// are canonical (below ℓ); A arrives as bytes (see [`Repr`]).
pub type DoubleBaseFn = Box<dyn Fn(&BigUint, &Repr, &BigUint) -> Outcome<[u8; 32]> + Send + Sync>;

/// The recoding and dispatch classes of the check (see the module docs).
pub const DOUBLE_BASE_CLASSES: &[&str] = &[
    "both_scalars_zero",
    "naf_start_a",
    "naf_start_b",
    "naf_start_tie",
    "a_naf5_digit_15",
    "b_naf8_digit_127",
    "b_naf8_top_252",
    "b_cancels",
    "result_identity",
    "negated_basepoint",
];

/// The width of a's NAF in dalek's double-base multiplication.
pub const A_NAF_WIDTH: u32 = 5;
/// The width of b's NAF with dalek's `precomputed-tables` feature (on in ecdiff's build).
pub const B_NAF_WIDTH: u32 = 8;

/// The width-w non-adjacent form of `k` (Hankerson–Menezes–Vanstone, *Guide to Elliptic Curve
/// Cryptography*, Algorithm 3.35): digit i has weight 2ⁱ, non-zero digits are odd and lie in
/// (−2ʷ⁻¹, 2ʷ⁻¹), and any w consecutive digits hold at most one non-zero digit.
pub fn naf(k: &BigUint, w: u32) -> Vec<i32> {
    let modulus = 1i64 << w;
    let mut x = k.clone();
    let mut out = Vec::with_capacity(k.bits() as usize + 1);
    while !x.is_zero() {
        if x.bit(0) {
            let low = x.iter_u64_digits().next().unwrap_or(0) as i64 & (modulus - 1);
            let d = if low >= modulus / 2 {
                low - modulus
            } else {
                low
            };
            if d >= 0 {
                x -= d as u64;
            } else {
                x += (-d) as u64;
            }
            out.push(d as i32);
        } else {
            out.push(0);
        }
        x >>= 1u8;
    }
    out
}

/// The position of the highest non-zero digit, if any.
fn top(digits: &[i32]) -> Option<usize> {
    digits.iter().rposition(|&d| d != 0)
}

/// One case: a, A and b.
#[derive(Clone, Debug)]
pub struct DoubleBaseCase {
    /// The scalar of A.
    pub a: BigUint,
    /// The variable point A, with its known log.
    pub point: EdInput,
    /// The scalar of B.
    pub b: BigUint,
}

/// The check of a double-base multiplication.
pub struct DoubleBaseCheck {
    spec: Spec,
    flavor: Flavor,
    subject: DoubleBaseFn,
}

/// A check of `subject` as (a, A, b) ↦ a·A + b·B over `flavor`.
pub fn check(spec: Spec, flavor: Flavor, subject: DoubleBaseFn) -> DoubleBaseCheck {
    DoubleBaseCheck {
        spec,
        flavor,
        subject,
    }
}

/// B as an input with its known log 1.
fn basepoint_input(flavor: Flavor) -> EdInput {
    EdInput {
        log: BigUint::one(),
        torsion: 0,
        repr: Repr::Encoded(flavor.encode(&edwards::basepoint())),
    }
}

impl DoubleBaseCheck {
    /// A = −B, as one encoding or as a difference computed by the library.
    fn negated_basepoint(&self, g: &mut Gen) -> EdInput {
        let neg_b = edwards::neg(&edwards::basepoint());
        let difference = g.chance(1, 3);
        g.hit(if difference { "mixed_z" } else { "all_z_one" });
        let repr = if difference {
            let j = g.below(SHIFT_COUNT as u64) as usize;
            Repr::Difference {
                sum: self.flavor.encode(&edwards::add(&neg_b, &shift(j).elem)),
                shift: shift_encoding(self.flavor, j),
            }
        } else {
            Repr::Encoded(self.flavor.encode(&neg_b))
        };
        EdInput {
            log: edwards::order() - 1u8,
            torsion: 0,
            repr,
        }
    }

    /// Records the recoding classes of (a, b).
    fn record_paths(g: &mut Gen, a: &BigUint, b: &BigUint) {
        let (na, nb) = (naf(a, A_NAF_WIDTH), naf(b, B_NAF_WIDTH));
        g.hit(match (top(&na), top(&nb)) {
            (None, None) => "both_scalars_zero",
            (Some(i), Some(j)) if i == j => "naf_start_tie",
            (Some(i), Some(j)) if i > j => "naf_start_a",
            (Some(_), None) => "naf_start_a",
            _ => "naf_start_b",
        });
        if na.iter().any(|d| d.abs() == 15) {
            g.hit("a_naf5_digit_15");
        }
        if nb.iter().any(|d| d.abs() == 127) {
            g.hit("b_naf8_digit_127");
        }
        if top(&nb).is_some_and(|i| i >= 252) {
            g.hit("b_naf8_top_252");
        }
    }
}

impl Routine for DoubleBaseCheck {
    type Case = DoubleBaseCase;
    type Output = [u8; 32];

    fn info(&self) -> RoutineInfo {
        // A single point can be neither a repeat nor the negation of an earlier one.
        let mut classes: Vec<&'static str> = self
            .flavor
            .point_classes()
            .iter()
            .copied()
            .filter(|c| !matches!(*c, "negated_pair" | "repeated"))
            .collect();
        classes.extend(REPR_CLASSES);
        classes.extend(SCALAR_CLASSES);
        classes.extend(DOUBLE_BASE_CLASSES);
        self.spec.info(
            "known-log (a·α + b mod ℓ)·B + (a·t mod 8)·T, RFC 8032 / RFC 9496 encodings; \
             textbook double-and-add on disagreement",
            classes,
        )
    }

    fn generate(&self, g: &mut Gen) -> DoubleBaseCase {
        let l = edwards::order();
        let both_zero = g.edgy() && g.chance(1, 24);
        let a = if both_zero {
            BigUint::zero()
        } else {
            scalar(g, l)
        };
        let point = if g.edgy() && g.chance(1, 10) {
            g.hit("negated_basepoint");
            self.negated_basepoint(g)
        } else {
            points(g, self.flavor, 1, ReprMode::Mixed)
                .pop()
                .expect("one point")
        };
        let b = if both_zero {
            BigUint::zero()
        } else if g.edgy() && g.chance(1, 10) {
            g.hit("b_cancels");
            (l - (&a * &point.log) % l) % l
        } else {
            scalar(g, l)
        };
        if g.edgy() {
            Self::record_paths(g, &a, &b);
            let prime = (&a * &point.log + &b) % l;
            let torsion = (&a * BigUint::from(point.torsion)) % 8u8;
            if prime.is_zero() && torsion.is_zero() {
                g.hit("result_identity");
            }
        }
        DoubleBaseCase { a, point, b }
    }

    /// Read off (a, A, b): the recoding classes from width-w NAFs that are first checked to be
    /// ones (they recombine to the scalar, their digits are odd and below 2ʷ⁻¹ in absolute
    /// value, w consecutive digits hold one non-zero digit at most), so a wrong recoding fails
    /// here rather than labelling; the sums by the oracle's arithmetic on the decoded A; the
    /// point, representation and scalar classes by value.
    fn class_holds(&self, case: &DoubleBaseCase, class: &str) -> Option<bool> {
        let (a, b) = (&case.a, &case.b);
        let checked_naf = |k: &BigUint, w: u32| -> Option<Vec<i32>> {
            let digits = naf(k, w);
            let bound = 1i32 << (w - 1);
            let value = (digits.iter().rev()).fold(num_bigint::BigInt::zero(), |acc, &d| {
                acc * 2 + num_bigint::BigInt::from(d)
            });
            let shaped = digits
                .iter()
                .all(|&d| d == 0 || (d % 2 != 0 && d.abs() < bound));
            let sparse = (digits.windows(w as usize))
                .all(|win| win.iter().filter(|&&d| d != 0).count() <= 1);
            (value == num_bigint::BigInt::from(k.clone()) && shaped && sparse).then_some(digits)
        };
        let highest = |digits: &[i32]| digits.iter().rposition(|&d| d != 0);
        let point = || {
            case.point
                .repr
                .oracle_point(self.flavor)
                .expect("generated bytes")
        };
        let encode = |p: &EdPoint| self.flavor.encode(p);
        let identity = encode(&edwards::identity());
        let sum = || {
            edwards::add(
                &edwards::mul(&point(), a),
                &edwards::mul(&edwards::basepoint(), b),
            )
        };
        let recoded = || Some((checked_naf(a, A_NAF_WIDTH)?, checked_naf(b, B_NAF_WIDTH)?));
        Some(match class {
            "both_scalars_zero" => a.is_zero() && b.is_zero(),
            "naf_start_a" | "naf_start_b" | "naf_start_tie" => {
                let (na, nb) = recoded()?;
                let start = match (highest(&na), highest(&nb)) {
                    (Some(i), Some(j)) if i == j => "naf_start_tie",
                    (Some(i), Some(j)) if i > j => "naf_start_a",
                    (Some(_), None) => "naf_start_a",
                    (None, Some(_)) => "naf_start_b",
                    (Some(_), Some(_)) => "naf_start_b",
                    (None, None) => "",
                };
                start == class
            }
            "a_naf5_digit_15" => recoded()?.0.iter().any(|d| d.abs() == 15),
            "b_naf8_digit_127" => recoded()?.1.iter().any(|d| d.abs() == 127),
            "b_naf8_top_252" => highest(&recoded()?.1).is_some_and(|i| i >= 252),
            // b·B cancels a·A's prime-order part: what is left is torsion (8·sum = O).
            "b_cancels" => {
                encode(&edwards::mul(&sum(), &BigUint::from(8u8))) == identity
                    && (self.flavor == Flavor::Edwards || encode(&sum()) == identity)
            }
            "result_identity" => encode(&sum()) == identity,
            "negated_basepoint" => encode(&point()) == encode(&edwards::neg(&edwards::basepoint())),
            _ => {
                return point_class_holds(self.flavor, class, &[&case.point]).or_else(|| {
                    scalar_class_holds(class, &[a.clone(), b.clone()], edwards::order())
                })
            }
        })
    }

    fn subject(&self, case: &DoubleBaseCase) -> Outcome<[u8; 32]> {
        (self.subject)(&case.a, &case.point.repr, &case.b)
    }

    fn oracle(&self, case: &DoubleBaseCase) -> Outcome<[u8; 32]> {
        let base = basepoint_input(self.flavor);
        let sum = known_log_sum(&[(&case.a, &case.point), (&case.b, &base)]);
        Outcome::Value(self.flavor.encode(&sum))
    }

    fn compare(
        &self,
        case: &DoubleBaseCase,
        subject: &Outcome<[u8; 32]>,
        oracle: &Outcome<[u8; 32]>,
    ) -> Verdict {
        let mut v = compare(subject, oracle, |s, o| {
            format!("subject {} vs oracle {}", hex::encode(s), hex::encode(o))
        });
        if v.kind == VerdictKind::Mismatch {
            let a_point = case
                .point
                .repr
                .oracle_point(self.flavor)
                .expect("generated bytes decode");
            let naive = edwards::add(
                &edwards::mul(&a_point, &case.a),
                &edwards::mul(&edwards::basepoint(), &case.b),
            );
            v.detail
                .push_str(if oracle.value() == Some(&self.flavor.encode(&naive)) {
                    "; textbook double-and-add confirms the oracle"
                } else {
                    "; ORACLE SELF-CHECK FAILED: double-and-add differs from the known-log result"
                });
        }
        v
    }

    fn render_case(&self, case: &DoubleBaseCase) -> String {
        format!(
            "{} a·A + b·B\na = 0x{:x}\nA = {} (log 0x{:x}, torsion {})\nb = 0x{:x}",
            self.flavor.name(),
            case.a,
            case.point.repr.hex(),
            case.point.log,
            case.point.torsion,
            case.b
        )
    }

    fn render_output(&self, output: &[u8; 32]) -> String {
        hex::encode(output)
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
