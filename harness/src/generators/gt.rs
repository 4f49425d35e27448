//! GT elements with known exponents, for the checks of pairing target groups
//! ([`crate::shapes::gt`]): any GT ⊂ 𝔽ₚ¹² with an oracle ([`GtGroup`]: BN254's and
//! BLS12-381's).
//!
//! Elements are genuine GT elements — powers e^a of a pairing value e (BN254: mcl's
//! `BN_SNARK1` e(P, Q), `ecdiff_oracles::gt::mcl_e`; BLS12-381: the oracle's textbook
//! e(G1, G2)) — with their exponents a known. Element classes: `gt_identity` (1),
//! `gt_pairing_value` (e itself), `gt_random` (a uniform power, drawn from the group's
//! [`GtPool`] of known powers), `gt_inverse_pair` (the conjugate, i.e. inverse, of an earlier
//! element), `gt_repeated`. Elements outside GT are out of contract for optimized GT code
//! (cyclotomic squaring, conjugation as inverse) and never drawn.
//!
//! The pool: [`GT_POOL_SIZE`] powers per group, built lazily in blocks of [`GT_POOL_BLOCK`],
//! block b being e^(a_b + k·s) for k < [`GT_POOL_BLOCK`] (a_b seeded per block, s one seeded
//! stride): one fixed-base exponentiation and [`GT_POOL_BLOCK`] − 1 multiplications, where a
//! fresh uniform power would cost an exponentiation each.
//!
//! Users (`scripts/shared-users.py`): the core's GT check (`shapes::gt`, used by dory and
//! bls12_381) and the fuzz warm-up.

use super::{seeded_log, Bias, Gen};
use ecdiff_oracles::bls12_381::Bls12381Gt;
use ecdiff_oracles::field::Field;
use ecdiff_oracles::group::{logged, Group, Logged};
use ecdiff_oracles::gt::Gt;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::sync::OnceLock;

/// A pairing target group with an oracle: its elements are 𝔽ₚ¹² values of the oracle's tower.
pub trait GtGroup: Group + Sized + 'static
where
    Self::Elem: Field,
{
    /// The group's oracle.
    fn instance() -> &'static Self;

    /// The group's pool of known powers of e, one per process.
    fn pool() -> &'static GtPool<Self>;
}

/// How many known powers of e a [`GtPool`] holds.
pub const GT_POOL_SIZE: usize = 1024;
/// Pool elements built together (module docs).
pub const GT_POOL_BLOCK: usize = 32;

/// A pool of [`GT_POOL_SIZE`] known powers of e (module docs), each block built on first use.
pub struct GtPool<G: GtGroup>
where
    G::Elem: Field,
{
    stride: OnceLock<Logged<G::Elem>>,
    blocks: Vec<OnceLock<Vec<Logged<G::Elem>>>>,
}

impl<G: GtGroup> Default for GtPool<G>
where
    G::Elem: Field,
{
    fn default() -> Self {
        GtPool {
            stride: OnceLock::new(),
            blocks: (0..GT_POOL_SIZE / GT_POOL_BLOCK)
                .map(|_| OnceLock::new())
                .collect(),
        }
    }
}

impl<G: GtGroup> GtPool<G>
where
    G::Elem: Field,
{
    /// A power of e with a seeded random exponent below r.
    fn seeded(seed: u64) -> Logged<G::Elem> {
        let gt = G::instance();
        logged(gt, &seeded_log(gt.order(), seed))
    }

    /// Element `i` (mod [`GT_POOL_SIZE`]).
    pub fn element(&self, i: usize) -> &Logged<G::Elem> {
        let i = i % GT_POOL_SIZE;
        let block = self.blocks[i / GT_POOL_BLOCK].get_or_init(|| {
            let gt = G::instance();
            let stride = self.stride.get_or_init(|| Self::seeded(0xecd1_57e9));
            let mut at = Self::seeded(0xecd1_6700 ^ (i / GT_POOL_BLOCK) as u64);
            let mut block = Vec::with_capacity(GT_POOL_BLOCK);
            for _ in 0..GT_POOL_BLOCK {
                let next = Logged {
                    elem: gt.add(&at.elem, &stride.elem),
                    log: (&at.log + &stride.log) % gt.order(),
                };
                block.push(std::mem::replace(&mut at, next));
            }
            block
        });
        &block[i % GT_POOL_BLOCK]
    }
}

impl<G: GtGroup> GtPool<G>
where
    G::Elem: Field,
{
    /// Builds every block of a pool that has been drawn from (its stride is built), so that
    /// later draws are lookups; an untouched pool stays empty.
    pub fn fill_if_started(&self) {
        if self.stride.get().is_some() {
            for block in 0..GT_POOL_SIZE / GT_POOL_BLOCK {
                self.element(block * GT_POOL_BLOCK);
            }
        }
    }
}

/// Fills the GT pools drawn from so far ([`GtPool::fill_if_started`]); each pool also
/// registers its own filler with [`super::register_pool`] when first drawn from, which is how
/// [`crate::fuzz::warm_up`] reaches it.
pub fn fill_pools() {
    Gt::pool().fill_if_started();
    Bls12381Gt::pool().fill_if_started();
}

impl GtGroup for Gt {
    fn instance() -> &'static Self {
        &Gt
    }

    fn pool() -> &'static GtPool<Self> {
        static POOL: OnceLock<GtPool<Gt>> = OnceLock::new();
        POOL.get_or_init(|| {
            super::register_pool(|| Self::pool().fill_if_started());
            GtPool::default()
        })
    }
}

impl GtGroup for Bls12381Gt {
    fn instance() -> &'static Self {
        &Bls12381Gt
    }

    fn pool() -> &'static GtPool<Self> {
        static POOL: OnceLock<GtPool<Bls12381Gt>> = OnceLock::new();
        POOL.get_or_init(|| {
            super::register_pool(|| Self::pool().fill_if_started());
            GtPool::default()
        })
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

/// Draws `n` GT elements with known exponents (see the module docs for the classes).
pub fn gt_elements<G: GtGroup>(g: &mut Gen, n: usize) -> Vec<Logged<G::Elem>>
where
    G::Elem: Field,
{
    let gt = G::instance();
    let edgy = g.bias() == Bias::Edge;
    let r = gt.order();
    let mut out: Vec<Logged<G::Elem>> = Vec::with_capacity(n);
    for i in 0..n {
        let earlier = if i > 0 { 10 } else { 0 };
        let kind = if edgy {
            g.weighted(&[55, 8, 8, earlier, earlier])
        } else {
            0
        };
        let (elem, class) = match kind {
            0 => {
                let i = g.below(GT_POOL_SIZE as u64) as usize;
                (G::pool().element(i).clone(), "gt_random")
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::case_bytes;

    /// How many of `pool`'s blocks are built.
    fn built_blocks<G: GtGroup>(pool: &GtPool<G>) -> usize
    where
        G::Elem: Field,
    {
        pool.blocks.iter().filter(|b| b.get().is_some()).count()
    }

    /// A pool drawn from once is whole after `fill_pools`; the other group's pool, if no test
    /// has drawn from it, stays empty.
    #[test]
    fn fill_pools_completes_a_started_pool() {
        let blocks = GT_POOL_SIZE / GT_POOL_BLOCK;
        let _ = Gt::pool().element(5);
        assert!(built_blocks(Gt::pool()) >= 1);
        fill_pools();
        assert_eq!(built_blocks(Gt::pool()), blocks);
        let unstarted: GtPool<Bls12381Gt> = GtPool::default();
        unstarted.fill_if_started();
        assert_eq!(built_blocks(&unstarted), 0);
    }

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

    /// Pool elements are e^log, across a block boundary and past the pool's end.
    fn pool_elements_are_their_logs<G: GtGroup>()
    where
        G::Elem: Field,
    {
        let gt = G::instance();
        for i in [0, 1, GT_POOL_BLOCK - 1, GT_POOL_BLOCK, GT_POOL_SIZE + 2] {
            let e = G::pool().element(i);
            assert_eq!(
                e.elem,
                gt.mul_hub(&e.log),
                "pool element {i} of {}",
                gt.name()
            );
        }
        assert_ne!(G::pool().element(0).log, G::pool().element(1).log);
    }

    #[test]
    fn gt_pool_elements_are_their_logs() {
        pool_elements_are_their_logs::<Gt>();
        pool_elements_are_their_logs::<Bls12381Gt>();
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
