//! The edwards25519 → curve25519 map on a batch of points: curve25519-dalek 5's
//! `EdwardsPoint::to_montgomery_batch` (and, as a second form in the same check, the per-point
//! `to_montgomery`), as Ed25519-to-X25519 key conversion uses it.
//!
//! # Path (dalek 5.0.0, `edwards.rs:576–615`, `field.rs:225–273`)
//!
//! u = (1 + y)/(1 − y) = (Z + Y)/(Z − Y) in projective coordinates. The batch form computes
//! every Z − Y, inverts them all with Montgomery's trick (one inversion; Genelle–Prouff–
//! Quisquater §3.2), and multiplies each by its Z + Y. The identity (Y = Z) has a zero
//! denominator: the batch inversion skips zeros in constant time and leaves them 0, so the
//! identity maps to u = 0, like the per-point form (where 0⁻¹ = 0). A batch inversion without
//! that skip turns one identity into a zero product and every u of the batch into 0.
//!
//! Classes, on top of the lengths, the per-element edwards25519 point classes and the
//! representation (`all_z_one`, `mixed_z` — a point out of dalek's own subtraction has
//! Z ≠ 1, and so does its Z − Y):
//!
//! | class | what |
//! |---|---|
//! | `identity_in_batch` | an identity (zero denominator) among at least two points |
//! | `identity_alone` | a batch of one identity |
//! | `torsion_order_2` | (0, −1), u = 0 like the identity but with a non-zero denominator 2Z |
//! | `torsion_order_4` | (±√−1, 0), u = 1 |
//! | `torsion_order_8` | a point of order 8 |
//!
//! # Oracle
//!
//! [`edwards::montgomery_u`]: u = (1 + y)/(1 − y) from each point's affine y (RFC 7748 §4.1),
//! the point rebuilt from its known log (a·B + t·T), u = 0 for the identity (dalek's
//! documented convention), encoded as 32 little-endian bytes (RFC 7748 §5). The per-point
//! form, where the subject has one, must give the same list.

use crate::engine::{compare, diff_vec, Outcome, Routine, RoutineInfo, Verdict};
use crate::families::curve25519::edwards::{
    hex_inputs, point_class_holds, point_of, points, shift, shift_encoding, torsion_point, EdInput,
    Flavor, Repr, ReprMode, REPR_CLASSES, SHIFT_COUNT,
};
use crate::generators::Gen;
use crate::shapes::Spec;
use ecdiff_oracles::edwards;
use num_bigint::BigUint;
use num_traits::Zero;

/// A conversion under test: edwards25519 points (as bytes, see [`Repr`]) ↦ their Montgomery
/// u-coordinates as 32 little-endian bytes, one per point.
pub type MontgomeryFn = Box<dyn Fn(&[Repr]) -> Outcome<Vec<[u8; 32]>> + Send + Sync>;

/// The batch classes of the check (see the module docs).
pub const MONTGOMERY_CLASSES: &[&str] = &[
    "identity_in_batch",
    "identity_alone",
    "torsion_order_2",
    "torsion_order_4",
    "torsion_order_8",
];

/// What a conversion produced: the batch form's list and, where the subject has a per-point
/// form, that form's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UCoordinates {
    /// The batch conversion, one u per point.
    pub batch: Vec<[u8; 32]>,
    /// The per-point conversion, one u per point (`None` without a per-point form).
    pub single: Option<Vec<[u8; 32]>>,
}

/// The check of a batch conversion (and optionally of its per-point form).
pub struct MontgomeryCheck {
    spec: Spec,
    batch: MontgomeryFn,
    single: Option<MontgomeryFn>,
}

/// A check of `batch` as the edwards25519 → curve25519 map on a list of points; `single`,
/// if given, is the per-point form applied to each point, checked on the same cases.
pub fn check_to_montgomery(
    spec: Spec,
    batch: MontgomeryFn,
    single: Option<MontgomeryFn>,
) -> MontgomeryCheck {
    MontgomeryCheck {
        spec,
        batch,
        single,
    }
}

/// The order of t·T (t < 8): 1, 2, 4 or 8.
fn order_of(t: u8) -> u8 {
    match t % 8 {
        0 => 1,
        4 => 2,
        2 | 6 => 4,
        _ => 8,
    }
}

impl MontgomeryCheck {
    /// Puts a chosen small-order point (the identity or a torsion point of order 2, 4 or 8)
    /// at a chosen index, keeping the list's representation class.
    fn inject_small_order(&self, g: &mut Gen, pts: &mut [EdInput]) {
        let all_z_one = g.classes().contains("all_z_one");
        for _ in 0..g.range(1, 2) {
            // A lone identity is rarer than one in a batch: favour it in batches of one.
            let weights = if pts.len() == 1 {
                [3, 1, 1, 1]
            } else {
                [3, 2, 2, 2]
            };
            let t: u8 = match g.weighted(&weights) {
                0 => 0,
                1 => 4,
                2 => [2, 6][g.below(2) as usize],
                _ => [1, 3, 5, 7][g.below(4) as usize],
            };
            let at = match g.below(3) {
                0 => 0,
                1 => pts.len() - 1,
                _ => g.below(pts.len() as u64) as usize,
            };
            let elem = torsion_point(t);
            let repr = if !all_z_one && g.chance(1, 2) {
                let j = g.below(SHIFT_COUNT as u64) as usize;
                Repr::Difference {
                    sum: edwards::encode(&edwards::add(elem, &shift(j).elem)),
                    shift: shift_encoding(Flavor::Edwards, j),
                }
            } else {
                Repr::Encoded(edwards::encode(elem))
            };
            pts[at] = EdInput {
                log: BigUint::zero(),
                torsion: t,
                repr,
            };
        }
    }

    /// Records the batch classes of the final list.
    fn record(g: &mut Gen, pts: &[EdInput]) {
        for p in pts.iter().filter(|p| p.log.is_zero()) {
            match order_of(p.torsion) {
                1 if pts.len() == 1 => g.hit("identity_alone"),
                1 => g.hit("identity_in_batch"),
                2 => g.hit("torsion_order_2"),
                4 => g.hit("torsion_order_4"),
                _ => g.hit("torsion_order_8"),
            }
        }
    }
}

/// Joins the two forms' outcomes: a value only when every form gave one.
fn join(
    batch: Outcome<Vec<[u8; 32]>>,
    single: Option<Outcome<Vec<[u8; 32]>>>,
) -> Outcome<UCoordinates> {
    match (batch, single) {
        (Outcome::Value(batch), None) => Outcome::Value(UCoordinates {
            batch,
            single: None,
        }),
        (Outcome::Value(batch), Some(Outcome::Value(single))) => Outcome::Value(UCoordinates {
            batch,
            single: Some(single),
        }),
        (Outcome::Value(_), Some(other)) => other.map(|_| unreachable!("not a value")),
        (other, _) => other.map(|_| unreachable!("not a value")),
    }
}

impl Routine for MontgomeryCheck {
    type Case = Vec<EdInput>;
    type Output = UCoordinates;

    fn info(&self) -> RoutineInfo {
        let mut classes = self.spec.lengths.classes();
        classes.extend(Flavor::Edwards.point_classes());
        classes.extend(REPR_CLASSES);
        classes.extend(MONTGOMERY_CLASSES);
        self.spec.info(
            "RFC 7748 §4.1 u = (1 + y)/(1 − y) of the known-log point, u = 0 for the identity, \
             RFC 7748 §5 encoding",
            classes,
        )
    }

    fn generate(&self, g: &mut Gen) -> Vec<EdInput> {
        let n = self.spec.lengths.draw(g);
        let before = g.classes().clone();
        let mut pts = points(g, Flavor::Edwards, n, ReprMode::Mixed);
        if g.edgy() {
            if n > 0 && g.chance(1, 2) {
                let drawn: Vec<&'static str> = g.classes().difference(&before).copied().collect();
                self.inject_small_order(g, &mut pts);
                // The injected point may replace the one point a class was recorded for.
                let refs: Vec<&EdInput> = pts.iter().collect();
                for class in drawn {
                    if point_class_holds(Flavor::Edwards, class, &refs) == Some(false) {
                        g.withdraw(class);
                    }
                }
            }
            Self::record(g, &pts);
        }
        pts
    }

    /// The point and representation classes by [`point_class_holds`]; the batch classes by
    /// each decoded point's order (kP = O for k = 1, 2, 4, 8), the identity alone or in a batch.
    fn class_holds(&self, case: &Vec<EdInput>, class: &str) -> Option<bool> {
        let order_is = |k: u8| {
            case.iter().any(|p| {
                let point = p
                    .repr
                    .oracle_point(Flavor::Edwards)
                    .expect("generated bytes");
                let is_o = |m: u8| {
                    edwards::encode(&edwards::mul(&point, &BigUint::from(m)))
                        == edwards::encode(&edwards::identity())
                };
                is_o(k) && (k == 1 || !is_o(k / 2))
            })
        };
        let refs: Vec<&EdInput> = case.iter().collect();
        Some(match class {
            "identity_alone" => case.len() == 1 && order_is(1),
            "identity_in_batch" => case.len() > 1 && order_is(1),
            "torsion_order_2" => order_is(2),
            "torsion_order_4" => order_is(4),
            "torsion_order_8" => order_is(8),
            _ => {
                return (self.spec.lengths.class_holds(class, case.len()))
                    .or_else(|| point_class_holds(Flavor::Edwards, class, &refs))
            }
        })
    }

    fn subject(&self, case: &Vec<EdInput>) -> Outcome<UCoordinates> {
        let reprs: Vec<Repr> = case.iter().map(|p| p.repr.clone()).collect();
        join(
            (self.batch)(&reprs),
            self.single.as_ref().map(|f| f(&reprs)),
        )
    }

    fn oracle(&self, case: &Vec<EdInput>) -> Outcome<UCoordinates> {
        let us: Vec<[u8; 32]> = case
            .iter()
            .map(|p| edwards::montgomery_u(&point_of(&p.log, p.torsion)))
            .collect();
        Outcome::Value(UCoordinates {
            single: self.single.as_ref().map(|_| us.clone()),
            batch: us,
        })
    }

    fn compare(
        &self,
        _case: &Vec<EdInput>,
        subject: &Outcome<UCoordinates>,
        oracle: &Outcome<UCoordinates>,
    ) -> Verdict {
        compare(subject, oracle, |s, o| {
            let hex = |v: &[[u8; 32]]| v.iter().map(hex::encode).collect::<Vec<_>>();
            let mut parts = Vec::new();
            if s.batch != o.batch {
                parts.push(format!(
                    "batch: {}",
                    diff_vec(&hex(&s.batch), &hex(&o.batch))
                ));
            }
            if let (Some(ss), Some(os)) = (&s.single, &o.single) {
                if ss != os {
                    parts.push(format!("per-point: {}", diff_vec(&hex(ss), &hex(os))));
                }
            }
            parts.join("; ")
        })
    }

    fn render_case(&self, case: &Vec<EdInput>) -> String {
        format!(
            "edwards → montgomery, n = {}\npoints = {}",
            case.len(),
            hex_inputs(case)
        )
    }

    fn render_output(&self, output: &UCoordinates) -> String {
        let list = |v: &[[u8; 32]]| {
            let items: Vec<String> = v.iter().map(hex::encode).collect();
            format!("[{}]", items.join(", "))
        };
        match &output.single {
            None => list(&output.batch),
            Some(single) => format!("batch {}\nper-point {}", list(&output.batch), list(single)),
        }
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
