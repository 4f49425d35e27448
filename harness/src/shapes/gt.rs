//! Pairing target groups GT ⊂ 𝔽ₚ¹²: multi-exponentiation Π tᵢ^kᵢ and single exponentiation,
//! for any GT with an oracle ([`GtGroup`]: BN254's and BLS12-381's).
//!
//! Inputs are genuine GT elements — powers e^a of a pairing value e, so pairing outputs and
//! their powers — with their exponents a known ([`crate::generators::gt`] draws them and
//! names their classes). Optimized GT code may use cyclotomic squaring and
//! conjugation-as-inverse, which are only valid in GT: elements outside GT are out of contract
//! and never drawn.
//!
//! Oracle: known logs again, e^(Σ kᵢ·aᵢ mod r) by fixed-base exponentiation of e.
//!
//! Users (`scripts/shared-users.py`): dory and bls12_381 (their GT multi-exponentiations and
//! scalings).

use super::{hex_scalars, SizedCheck, Spec};
use crate::engine::{Outcome, Routine, RoutineInfo};
use crate::generators::coincidence::{
    self, meetings_by_arithmetic, COINCIDENCE_CLASSES, PREDICATE_MAX_TERMS,
};
use crate::generators::gt::{gt_elements, GT_CLASSES};
pub use crate::generators::gt::{GtGroup, GtPool};
use crate::generators::scalars::{scalar_class_holds, SCALAR_CLASSES};
use crate::generators::Gen;
use ecdiff_oracles::field::Field;
use ecdiff_oracles::group::{known_log_msm, Logged};
use ecdiff_oracles::gt::Gt;
use num_bigint::BigUint;
use std::marker::PhantomData;

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
        let logs: Vec<&BigUint> = elems.iter().map(|e| &e.log).collect();
        // A product's partial products meet a factor or its inverse as a sum's partial sums
        // do (`crate::generators::coincidence`, written additively); a scaling has one term.
        let exps = coincidence::scalars(g, &logs, G::instance().order());
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
        if matches!(self.op, Op::MultiExp(_)) {
            classes.extend(COINCIDENCE_CLASSES);
        }
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

    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        let gt = G::instance();
        let elems: Vec<&G::Elem> = case.elems.iter().map(|e| &e.elem).collect();
        let pair = |related: fn(&G, &G::Elem, &G::Elem) -> bool| {
            (0..elems.len()).any(|j| (0..j).any(|i| related(gt, elems[i], elems[j])))
        };
        let (one, hub) = (gt.identity(), gt.hub());
        if COINCIDENCE_CLASSES.contains(&class) {
            if elems.len() > PREDICATE_MAX_TERMS {
                return None;
            }
            let owned: Vec<G::Elem> = elems.iter().map(|e| (*e).clone()).collect();
            let found = meetings_by_arithmetic(
                &owned,
                &case.exps,
                &one,
                |e, k| gt.mul(e, k),
                |a, b| gt.add(a, b),
                |e| gt.neg(e),
            );
            return Some(found.contains(class));
        }
        let holds = match class {
            "gt_identity" => elems.contains(&&one),
            "gt_pairing_value" => elems.contains(&&hub),
            "gt_random" => elems.iter().any(|e| **e != one && **e != hub),
            "gt_inverse_pair" => pair(|gt, a, b| *b == gt.neg(a)),
            "gt_repeated" => pair(|_, a, b| a == b),
            _ => {
                let n = case.elems.len();
                let length = match self.op {
                    Op::MultiExp(_) => self.spec.lengths.class_holds(class, n),
                    Op::Scale(_) => None,
                };
                return length.or_else(|| scalar_class_holds(class, &case.exps, gt.order()));
            }
        };
        Some(holds)
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
