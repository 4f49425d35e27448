//! The BN254 target group GT ⊂ 𝔽ₚ¹²: multi-exponentiation Π tᵢ^kᵢ and single exponentiation.
//!
//! Inputs are genuine GT elements — powers e^a of the pairing value e (mcl's `BN_SNARK1`
//! e(P, Q), `ecdiff_oracles::gt::mcl_e`), so pairing outputs and their powers — with their
//! exponents a known. Element classes: `gt_identity` (1), `gt_pairing_value` (e itself),
//! `gt_random` (a uniform power, by random walk over a fixed pool of known powers),
//! `gt_inverse_pair` (the conjugate, i.e. inverse, of an earlier element), `gt_repeated`.
//! Optimized GT code may use cyclotomic squaring and conjugation-as-inverse, which are only
//! valid in GT: elements outside GT are out of contract and never drawn.
//!
//! Oracle: known logs again, e^(Σ kᵢ·aᵢ mod r) by fixed-base exponentiation of e.

use super::{hex_scalars, SizedCheck, Spec};
use crate::engine::{Outcome, Routine, RoutineInfo};
use crate::generators::scalars::{scalar, SCALAR_CLASSES};
use crate::generators::{Bias, Gen};
use ecdiff_oracles::group::{known_log_msm, logged, Group, Logged};
use ecdiff_oracles::gt::Gt;
use ecdiff_oracles::tower::Fp12;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::sync::OnceLock;

/// The element classes of [`gt_elements`].
pub const GT_CLASSES: &[&str] = &[
    "gt_identity",
    "gt_pairing_value",
    "gt_random",
    "gt_inverse_pair",
    "gt_repeated",
];

/// A GT multi-exponentiation under test.
pub trait GtMultiExp: Send + Sync + 'static {
    /// Π elems\[i\]^exps\[i\]; exponents are canonical (below r).
    fn gt_msm(&self, elems: &[Fp12], exps: &[BigUint]) -> Fp12;
}

/// A GT exponentiation under test.
pub trait GtScale: Send + Sync + 'static {
    /// elem^exp; the exponent is canonical (below r).
    fn scale(&self, elem: &Fp12, exp: &BigUint) -> Fp12;
}

fn walk_steps() -> &'static [Logged<Fp12>] {
    static STEPS: OnceLock<Vec<Logged<Fp12>>> = OnceLock::new();
    STEPS.get_or_init(|| {
        (0..16u64)
            .map(|i| {
                // Fixed, unstructured exponents: 2^250 / (i + 3) + i² · 0x9e3779b9.
                let a = (BigUint::one() << 250u32) / (i + 3) + BigUint::from(i * i * 0x9e37_79b9);
                logged(&Gt, &(a % Gt.order()))
            })
            .collect()
    })
}

/// Draws `n` GT elements with known exponents (see the module docs for the classes).
pub fn gt_elements(g: &mut Gen, n: usize) -> Vec<Logged<Fp12>> {
    let edgy = g.bias() == Bias::Edge;
    let r = Gt.order();
    let mut out: Vec<Logged<Fp12>> = Vec::with_capacity(n);
    let mut walk: Option<Logged<Fp12>> = None;
    for i in 0..n {
        let earlier = if i > 0 { 10 } else { 0 };
        let kind = if edgy {
            g.weighted(&[55, 8, 8, earlier, earlier])
        } else {
            0
        };
        let (elem, class) = match kind {
            0 => {
                let next = match walk.take() {
                    None => logged(&Gt, &g.biguint_below(r)),
                    Some(prev) => {
                        let steps = walk_steps();
                        let step = &steps[g.below(steps.len() as u64) as usize];
                        Logged {
                            elem: Gt.add(&prev.elem, &step.elem),
                            log: (&prev.log + &step.log) % r,
                        }
                    }
                };
                walk = Some(next.clone());
                (next, "gt_random")
            }
            1 => (
                Logged {
                    elem: Gt.identity(),
                    log: BigUint::zero(),
                },
                "gt_identity",
            ),
            2 => (
                Logged {
                    elem: Gt.hub(),
                    log: BigUint::one(),
                },
                "gt_pairing_value",
            ),
            3 => {
                let j = &out[g.below(i as u64) as usize];
                (
                    Logged {
                        elem: Gt.neg(&j.elem),
                        log: (r - &j.log) % r,
                    },
                    "gt_inverse_pair",
                )
            }
            _ => (out[g.below(i as u64) as usize].clone(), "gt_repeated"),
        };
        if edgy {
            g.hit(class);
        }
        out.push(elem);
    }
    out
}

/// One GT case.
#[derive(Clone, Debug)]
pub struct GtCase {
    /// The elements, with their exponents relative to e.
    pub elems: Vec<Logged<Fp12>>,
    /// The exponents applied to them.
    pub exps: Vec<BigUint>,
}

enum Op {
    MultiExp(Box<dyn GtMultiExp>),
    Scale(Box<dyn GtScale>),
}

/// The differential check of a GT operation.
pub struct GtCheck {
    spec: Spec,
    op: Op,
}

/// Checks a GT multi-exponentiation.
pub fn check_multi_exp<S: GtMultiExp>(spec: Spec, subject: S) -> GtCheck {
    GtCheck {
        spec,
        op: Op::MultiExp(Box::new(subject)),
    }
}

/// Checks a GT exponentiation (one element, one exponent per case).
pub fn check_scale<S: GtScale>(spec: Spec, subject: S) -> GtCheck {
    GtCheck {
        spec,
        op: Op::Scale(Box::new(subject)),
    }
}

fn hex_fp12(x: &Fp12) -> String {
    let c: Vec<String> = x.coeffs().iter().map(|c| format!("0x{c:x}")).collect();
    format!("[{}]", c.join(", "))
}

impl SizedCheck for GtCheck {
    /// `n` terms (a scale check always has one).
    fn generate_len(&self, g: &mut Gen, n: usize) -> Self::Case {
        let n = if matches!(self.op, Op::Scale(_)) {
            1
        } else {
            n
        };
        let elems = gt_elements(g, n);
        let exps = (0..n).map(|_| scalar(g, Gt.order())).collect();
        GtCase { elems, exps }
    }
}

impl Routine for GtCheck {
    type Case = GtCase;
    type Output = Fp12;

    fn info(&self) -> RoutineInfo {
        let mut classes = match self.op {
            Op::MultiExp(_) => self.spec.lengths.classes(),
            Op::Scale(_) => vec![],
        };
        classes.extend(GT_CLASSES.iter().copied().filter(|c| {
            matches!(self.op, Op::MultiExp(_)) || !matches!(*c, "gt_inverse_pair" | "gt_repeated")
        }));
        classes.extend(SCALAR_CLASSES);
        self.spec.info(
            "known-log e^(Σ kᵢ·aᵢ mod r), fixed-base square-and-multiply in 𝔽ₚ¹²",
            classes,
        )
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let n = match self.op {
            Op::MultiExp(_) => self.spec.lengths.draw(g),
            Op::Scale(_) => 1,
        };
        self.generate_len(g, n)
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        Outcome::Value(match &self.op {
            Op::MultiExp(s) => {
                let elems: Vec<Fp12> = case.elems.iter().map(|e| e.elem.clone()).collect();
                s.gt_msm(&elems, &case.exps)
            }
            Op::Scale(s) => s.scale(&case.elems[0].elem, &case.exps[0]),
        })
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        let terms: Vec<(&BigUint, &BigUint)> = case
            .exps
            .iter()
            .zip(case.elems.iter().map(|e| &e.log))
            .collect();
        Outcome::Value(known_log_msm(&Gt, &terms))
    }

    fn render_case(&self, case: &Self::Case) -> String {
        let elems: Vec<String> = case
            .elems
            .iter()
            .enumerate()
            .map(|(i, e)| format!("  [{i}] e^0x{:x} = {}", e.log, hex_fp12(&e.elem)))
            .collect();
        format!(
            "n = {}\nelems = [\n{}\n]\nexps = {}",
            case.elems.len(),
            elems.join("\n"),
            hex_scalars(&case.exps)
        )
    }

    fn render_output(&self, output: &Self::Output) -> String {
        hex_fp12(output)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::case_bytes;

    #[test]
    fn gt_elements_are_what_their_classes_claim() {
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..40 {
            let data = case_bytes(0, "gt", i, 64);
            let mut g = Gen::new(&data, Bias::Edge);
            let elems = gt_elements(&mut g, 6);
            let classes = g.into_classes();
            for e in &elems {
                // Every element is e^log: a power of a pairing value, so it lies in GT.
                assert_eq!(e.elem, Gt.mul_hub(&e.log));
            }
            if classes.contains("gt_identity") {
                assert!(elems.iter().any(|e| e.elem == Gt.identity()));
            }
            if classes.contains("gt_inverse_pair") {
                let one = Gt.identity();
                assert!(elems.iter().enumerate().any(|(i, a)| {
                    elems
                        .iter()
                        .enumerate()
                        .any(|(j, b)| i != j && Gt.add(&a.elem, &b.elem) == one)
                }));
            }
            seen.extend(classes);
        }
        for class in GT_CLASSES {
            assert!(seen.contains(class), "{class} never drawn");
        }
    }
}
