//! Pairing target groups GT ⊂ 𝔽ₚ¹²: multi-exponentiation Π tᵢ^kᵢ and single exponentiation,
//! for any GT with an oracle ([`GtGroup`]: BN254's and BLS12-381's).
//!
//! Inputs are genuine GT elements — powers e^a of a pairing value e (BN254: mcl's `BN_SNARK1`
//! e(P, Q), `ecdiff_oracles::gt::mcl_e`; BLS12-381: the oracle's textbook e(G1, G2)), so
//! pairing outputs and their powers — with their exponents a known. Element classes:
//! `gt_identity` (1), `gt_pairing_value` (e itself), `gt_random` (a uniform power, by random
//! walk over a fixed pool of known powers), `gt_inverse_pair` (the conjugate, i.e. inverse, of
//! an earlier element), `gt_repeated`. Optimized GT code may use cyclotomic squaring and
//! conjugation-as-inverse, which are only valid in GT: elements outside GT are out of contract
//! and never drawn.
//!
//! Oracle: known logs again, e^(Σ kᵢ·aᵢ mod r) by fixed-base exponentiation of e.

use super::{hex_scalars, SizedCheck, Spec};
use crate::engine::{Outcome, Routine, RoutineInfo};
use crate::generators::scalars::{scalar, SCALAR_CLASSES};
use crate::generators::{Bias, Gen};
use ecdiff_oracles::bls12_381::Bls12381Gt;
use ecdiff_oracles::field::Field;
use ecdiff_oracles::group::{known_log_msm, logged, Group, Logged};
use ecdiff_oracles::gt::Gt;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::marker::PhantomData;
use std::sync::OnceLock;

/// A pairing target group with an oracle: its elements are 𝔽ₚ¹² values of the oracle's tower.
pub trait GtGroup: Group + 'static
where
    Self::Elem: Field,
{
    /// The group's oracle.
    fn instance() -> &'static Self;

    /// A fixed pool of known powers of e, built once, that random walks step by.
    fn walk_steps() -> &'static [Logged<Self::Elem>];
}

/// Sixteen fixed, unstructured exponents 2^250 / (i + 3) + i² · 0x9e3779b9 (mod r) and their
/// powers of e.
fn build_walk_steps<G: Group>(gt: &G) -> Vec<Logged<G::Elem>> {
    (0..16u64)
        .map(|i| {
            let a = (BigUint::one() << 250u32) / (i + 3) + BigUint::from(i * i * 0x9e37_79b9);
            logged(gt, &(a % gt.order()))
        })
        .collect()
}

impl GtGroup for Gt {
    fn instance() -> &'static Self {
        &Gt
    }

    fn walk_steps() -> &'static [Logged<Self::Elem>] {
        static STEPS: OnceLock<Vec<Logged<ecdiff_oracles::tower::bn254::Fp12>>> = OnceLock::new();
        STEPS.get_or_init(|| build_walk_steps(&Gt))
    }
}

impl GtGroup for Bls12381Gt {
    fn instance() -> &'static Self {
        &Bls12381Gt
    }

    fn walk_steps() -> &'static [Logged<Self::Elem>] {
        static STEPS: OnceLock<Vec<Logged<ecdiff_oracles::bls12_381::tower::Fp12>>> =
            OnceLock::new();
        STEPS.get_or_init(|| build_walk_steps(&Bls12381Gt))
    }
}

/// The element classes of [`gt_elements`].
pub const GT_CLASSES: &[&str] = &[
    "gt_identity",
    "gt_pairing_value",
    "gt_random",
    "gt_inverse_pair",
    "gt_repeated",
];

/// A GT multi-exponentiation under test.
pub trait GtMultiExp<G: GtGroup = Gt>: Send + Sync + 'static
where
    G::Elem: Field,
{
    /// Π elems\[i\]^exps\[i\]; exponents are canonical (below r).
    fn gt_msm(&self, elems: &[G::Elem], exps: &[BigUint]) -> G::Elem;
}

/// A GT exponentiation under test.
pub trait GtScale<G: GtGroup = Gt>: Send + Sync + 'static
where
    G::Elem: Field,
{
    /// elem^exp; the exponent is canonical (below r).
    fn scale(&self, elem: &G::Elem, exp: &BigUint) -> G::Elem;
}

/// Draws `n` GT elements with known exponents (see the module docs for the classes).
pub fn gt_elements<G: GtGroup>(g: &mut Gen, n: usize) -> Vec<Logged<G::Elem>>
where
    G::Elem: Field,
{
    let gt = G::instance();
    let edgy = g.bias() == Bias::Edge;
    let r = gt.order();
    let mut out: Vec<Logged<G::Elem>> = Vec::with_capacity(n);
    let mut walk: Option<Logged<G::Elem>> = None;
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
                    None => logged(gt, &g.biguint_below(r)),
                    Some(prev) => {
                        let steps = G::walk_steps();
                        let step = &steps[g.below(steps.len() as u64) as usize];
                        Logged {
                            elem: gt.add(&prev.elem, &step.elem),
                            log: (&prev.log + &step.log) % r,
                        }
                    }
                };
                walk = Some(next.clone());
                (next, "gt_random")
            }
            1 => (
                Logged {
                    elem: gt.identity(),
                    log: BigUint::zero(),
                },
                "gt_identity",
            ),
            2 => (
                Logged {
                    elem: gt.hub(),
                    log: BigUint::one(),
                },
                "gt_pairing_value",
            ),
            3 => {
                let j = &out[g.below(i as u64) as usize];
                (
                    Logged {
                        elem: gt.neg(&j.elem),
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
pub struct GtCase<E> {
    /// The elements, with their exponents relative to e.
    pub elems: Vec<Logged<E>>,
    /// The exponents applied to them.
    pub exps: Vec<BigUint>,
}

enum Op<G: GtGroup>
where
    G::Elem: Field,
{
    MultiExp(Box<dyn GtMultiExp<G>>),
    Scale(Box<dyn GtScale<G>>),
}

/// The differential check of a GT operation.
pub struct GtCheck<G: GtGroup = Gt>
where
    G::Elem: Field,
{
    spec: Spec,
    op: Op<G>,
    _group: PhantomData<G>,
}

/// Checks a GT multi-exponentiation.
pub fn check_multi_exp<G: GtGroup, S: GtMultiExp<G>>(spec: Spec, subject: S) -> GtCheck<G>
where
    G::Elem: Field,
{
    GtCheck {
        spec,
        op: Op::MultiExp(Box::new(subject)),
        _group: PhantomData,
    }
}

/// Checks a GT exponentiation (one element, one exponent per case).
pub fn check_scale<G: GtGroup, S: GtScale<G>>(spec: Spec, subject: S) -> GtCheck<G>
where
    G::Elem: Field,
{
    GtCheck {
        spec,
        op: Op::Scale(Box::new(subject)),
        _group: PhantomData,
    }
}

fn hex_fp12<E: Field>(x: &E) -> String {
    let c: Vec<String> = x.coeffs().iter().map(|c| format!("0x{c:x}")).collect();
    format!("[{}]", c.join(", "))
}

impl<G: GtGroup> SizedCheck for GtCheck<G>
where
    G::Elem: Field,
{
    /// `n` terms (a scale check always has one).
    fn generate_len(&self, g: &mut Gen, n: usize) -> Self::Case {
        let n = if matches!(self.op, Op::Scale(_)) {
            1
        } else {
            n
        };
        let elems = gt_elements::<G>(g, n);
        let exps = (0..n).map(|_| scalar(g, G::instance().order())).collect();
        GtCase { elems, exps }
    }
}

impl<G: GtGroup> Routine for GtCheck<G>
where
    G::Elem: Field,
{
    type Case = GtCase<G::Elem>;
    type Output = G::Elem;

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
                let elems: Vec<G::Elem> = case.elems.iter().map(|e| e.elem.clone()).collect();
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
        Outcome::Value(known_log_msm(G::instance(), &terms))
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

    fn elements_are_what_their_classes_claim<G: GtGroup>()
    where
        G::Elem: Field,
    {
        let gt = G::instance();
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..40 {
            let data = case_bytes(0, "gt", i, 64);
            let mut g = Gen::new(&data, Bias::Edge);
            let elems = gt_elements::<G>(&mut g, 6);
            let classes = g.into_classes();
            for e in &elems {
                // Every element is e^log: a power of a pairing value, so it lies in GT.
                assert_eq!(e.elem, gt.mul_hub(&e.log));
            }
            if classes.contains("gt_identity") {
                assert!(elems.iter().any(|e| e.elem == gt.identity()));
            }
            if classes.contains("gt_inverse_pair") {
                let one = gt.identity();
                assert!(elems.iter().enumerate().any(|(i, a)| {
                    elems
                        .iter()
                        .enumerate()
                        .any(|(j, b)| i != j && gt.add(&a.elem, &b.elem) == one)
                }));
            }
            seen.extend(classes);
        }
        for class in GT_CLASSES {
            assert!(seen.contains(class), "{class} never drawn in {}", gt.name());
        }
    }

    #[test]
    fn bn254_gt_elements_are_what_their_classes_claim() {
        elements_are_what_their_classes_claim::<Gt>();
    }

    #[test]
    fn bls12_381_gt_elements_are_what_their_classes_claim() {
        elements_are_what_their_classes_claim::<Bls12381Gt>();
    }
}
