//! One interface over every prime-order group the oracles know, for known-log bookkeeping.
//!
//! # Algorithm
//!
//! A generated point carries its discrete log relative to the group's hub base H: P = a·H.
//! A multi-scalar multiplication Σ sᵢ·Pᵢ of such points is then (Σ sᵢ·aᵢ mod r)·H, which
//! [`known_log_msm`] computes with one integer sum and one fixed-base multiplication
//! ([`Group::mul_hub`]) however many terms there are (the bookkeeping is the identity
//! Σ sᵢ·(aᵢ·H) = (Σ sᵢaᵢ)·H, valid because H has order r). [`naive_msm`] is the per-point
//! reference for points of unknown log and for attributing a failure to a term.
//!
//! # Invariants
//!
//! * `Logged { elem, log }` always satisfies `elem = log·H` and `log < r`; [`logged`] is the
//!   only constructor the crate provides.
//! * [`Group::mul`] is textbook double-and-add on the raw integer (no reduction);
//!   [`Group::mul_hub`] may reduce mod r because H has order r.

use num_bigint::BigUint;
use num_traits::Zero;

/// A prime-order group with a distinguished hub base H, written additively (for GT the "sum"
/// is the 𝔽ₚ¹² product and k·a is aᵏ).
pub trait Group: Send + Sync {
    /// The element type.
    type Elem: Clone + PartialEq + core::fmt::Debug + Send + Sync;
    /// A short name, e.g. `"bn254_g1"`.
    fn name(&self) -> &'static str;
    /// The prime order r of the hub's subgroup.
    fn order(&self) -> &BigUint;
    /// The identity element.
    fn identity(&self) -> Self::Elem;
    /// The hub base H (the generator; the mcl pairing value for GT).
    fn hub(&self) -> Self::Elem;
    /// The group law.
    fn add(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// The inverse for the group law.
    fn neg(&self, a: &Self::Elem) -> Self::Elem;
    /// k·a by textbook double-and-add (square-and-multiply for GT), any k ≥ 0.
    fn mul(&self, a: &Self::Elem, k: &BigUint) -> Self::Elem;
    /// k·H via the hub's fixed-base table.
    fn mul_hub(&self, k: &BigUint) -> Self::Elem;
    /// [`Group::mul_hub`] of each k; groups whose additions share work across a batch (the
    /// affine curves' inversions) override it.
    fn mul_hub_many(&self, ks: &[BigUint]) -> Vec<Self::Elem> {
        ks.iter().map(|k| self.mul_hub(k)).collect()
    }
}

/// A group element together with its discrete log relative to the hub: `elem = log·H`,
/// `log < r`.
#[derive(Clone, Debug)]
pub struct Logged<E> {
    /// The element log·H.
    pub elem: E,
    /// Its discrete log, reduced mod r.
    pub log: BigUint,
}

/// The element `log·H`, with `log` reduced mod r.
pub fn logged<G: Group>(g: &G, log: &BigUint) -> Logged<G::Elem> {
    let log = log % g.order();
    Logged {
        elem: g.mul_hub(&log),
        log,
    }
}

/// Σ sᵢ·(aᵢ·H) for terms `(sᵢ, aᵢ)` = (scalar, log), computed as (Σ sᵢ·aᵢ mod r)·H: one
/// fixed-base multiplication whatever the number of terms; the empty sum is the identity.
pub fn known_log_msm<G: Group>(g: &G, terms: &[(&BigUint, &BigUint)]) -> G::Elem {
    let total = terms
        .iter()
        .fold(BigUint::zero(), |acc, (s, a)| acc + *s * *a);
    g.mul_hub(&(total % g.order()))
}

/// Σ sᵢ·Pᵢ with one textbook [`Group::mul`] per term and a running sum; the empty sum is the
/// identity.
pub fn naive_msm<G: Group>(g: &G, terms: &[(&BigUint, &G::Elem)]) -> G::Elem {
    terms
        .iter()
        .fold(g.identity(), |acc, (s, p)| g.add(&acc, &g.mul(p, s)))
}
