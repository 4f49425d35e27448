//! Coincidences inside a sum: inputs on which, in an order an implementation plausibly
//! accumulates Σ tᵢ (tᵢ = sᵢ·Pᵢ), an intermediate value meets an equal or a negated operand.
//!
//! An incomplete addition law is right for P + Q but not for P + P, P + (−P) or O + P (Go's
//! P-256, <https://github.com/golang/go/issues/58647>; Botan,
//! <https://github.com/randombit/botan/issues/2424>; wolfSSL,
//! <https://github.com/wolfSSL/wolfssl/pull/3427>; k256's mixed addition,
//! <https://github.com/RustCrypto/elliptic-curves/pull/337>). In a sum the bad operand pair is
//! rarely an input pair: it is a running sum meeting the next term, two halves of a split, two
//! points in one Pippenger bucket. Single-value edge classes reach those only by chance.
//!
//! Every drawn point carries its log aᵢ, so each term's log tᵢ = sᵢ·aᵢ mod r is known and a
//! relation between partial sums is a linear equation mod r in one scalar. [`plan`] draws
//! (under [`Bias::Edge`](super::Bias) only) which relation to build and whose scalar solves it;
//! the caller draws every other scalar as usual and leaves that one to [`Plan::solve`].
//! [`classes`] then reads the classes off the finished case's logs, however the case came
//! about (a relation the minimizer kept, or one drawn by chance):
//!
//! | class | relation (all values ≠ 0) | where it meets |
//! |---|---|---|
//! | `meet_prefix_equal` / `meet_prefix_negated` | Σ_{i<k} tᵢ = ±t_k for some k ≥ 1 | left to right (`acc += term`); k = 1 is also the first leaf pair of a pairwise tree |
//! | `meet_suffix_equal` / `meet_suffix_negated` | Σ_{i>k} tᵢ = ±t_k for some k < n − 1 | right to left |
//! | `meet_halves_equal` / `meet_halves_negated` | Σ_{i<m} tᵢ = ±Σ_{i≥m} tᵢ, m = ⌊n/2⌋ | a split in two halves (`rayon::join`, a recursive tree) |
//! | `bucket_repeated_term` / `bucket_negated_term` | Pⱼ = ±Pᵢ and sⱼ = sᵢ for some i < j | Pippenger: both points in one bucket of every window; Straus: one table |
//!
//! "Equal" is a doubling inside the sum, "negated" a cancellation to the identity. A bucket
//! relation needs two bases with equal or opposite logs (the point classes `repeated` and
//! `negated_pair`); the plan takes one when the bases have one.
//!
//! Straus and wNAF tables. A per-point table (d·Pᵢ for the digits d of a window, as blst's
//! small-n path and dalek's Straus build) meets inside the accumulation, not inside the table:
//! at the top window the accumulator holds the first term's entry alone, and a later term with
//! an equal or opposite base and the same digit meets it — the bucket classes above build that
//! (the zoo rows `ark_g1_msm__straus_table_*` and `dalek_*_multiscalar_mul__straus_table_*`
//! are caught through them). Its entries d·P for d ≥ 3 are built as (d − 1)·P + P, which meets
//! only for a point of order ≤ 3 (none in these prime-order groups); a table of the identity
//! is the point class `identity`. A *joint* table (Shamir's trick: entries d₁P₁ + d₂P₂ over a
//! pair, built by adding P₁ to earlier entries) meets when P₂ = ±P₁ or P₂ = ±2P₁ (the entry
//! (1, 1) is 2P₁ or O; with P₂ = −2P₁ the entry (2, 1) is built as −P₁ + P₁); only the SEC1
//! `lincomb` subjects (k256, p256) use one, and their generator draws those base relations on
//! purpose (`lincomb_related_points`, ±P₀, ±2P₀, ±3P₀, `shapes/sec1_points.rs`).
//!
//! The same relations hold for a product Π tᵢ^kᵢ in a pairing target group, written
//! additively: a partial product meeting the next factor (a squaring) or its inverse (a
//! product of 1).
//!
//! A group that is not of prime order (edwards25519, ℤ/ℓ × ℤ/8 ≅ ℤ/8ℓ) plans in its prime-order
//! component ([`Drawn::coincide`] mod ℓ) and reads the classes in the whole group ([`record`]
//! with logs mod 8ℓ): a relation holds only where the torsion components agree too, and the
//! classes say which did.
//!
//! Users (`scripts/shared-users.py`): the core's MSM shape (dory, bls12_381, halo2curves, the
//! arkworks adapters and the downstream API), its GT multi-exponentiation (dory, bls12_381),
//! the SEC1 `lincomb` (secp256k1, p256: [`identity_total`] too), curve25519's Edwards and
//! ristretto255 multiscalar forms, and the pairing products (bls12_381: classes of the terms
//! aᵢbᵢ, `pairing::meeting_pair`).
//!
//! Summing routines without a plan, and why:
//!
//! - dory's vector operations (`fixed_scalar_mul_{bases,vs}_then_add`, the folds) and
//!   fixed-base vector multiplication: each output element is one two-operand sum (or no sum
//!   at all), so the only meetings are the single-value ones their own classes draw on purpose
//!   (`sum_is_doubling`, `sum_cancels`), which the incomplete-addition zoo rows of those
//!   routines catch;
//! - tari's batch verification: its final multiscalar multiplication sums the proofs' points
//!   and fixed generators with scalars that are Fiat–Shamir challenges and the verifier's
//!   random batch weights, none of which the caller chooses; a planned meeting would need a
//!   hash preimage. Its inputs are whole proofs (valid, tampered, made with foreign or other
//!   families' generators), and what can meet inside its sum is left to those.

use super::Gen;
use ecdiff_oracles::field::Field;
use ecdiff_oracles::weierstrass::{Curve, Point};
use num_bigint::BigUint;
use num_traits::Zero;
use std::collections::{HashMap, HashSet};

/// Every class [`classes`] can read off a sum.
pub const COINCIDENCE_CLASSES: &[&str] = &[
    "meet_prefix_equal",
    "meet_prefix_negated",
    "meet_suffix_equal",
    "meet_suffix_negated",
    "meet_halves_equal",
    "meet_halves_negated",
    "bucket_repeated_term",
    "bucket_negated_term",
];

/// The scope a [`plan`] is drawn under (the minimizer drops it as a unit: the case without
/// its coincidence).
pub const COINCIDENCE_SCOPE: &str = "coincidence";

/// The relation a [`Plan`] builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// Σ_{i<k} tᵢ = ±t_k, solved by s_k.
    Prefix,
    /// Σ_{i>k} tᵢ = ±t_k, solved by s_k.
    Suffix,
    /// Σ_{i<m} tᵢ = ±Σ_{i≥m} tᵢ, solved by one scalar of the second half.
    Halves,
    /// sⱼ = sᵢ for bases with aⱼ = ±aᵢ, solved by sⱼ.
    Bucket {
        /// The earlier index, whose scalar sⱼ copies.
        earlier: usize,
    },
}

/// A relation to build, and the index whose scalar builds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The relation.
    pub relation: Relation,
    /// The scalar [`Plan::solve`] sets; every other scalar is drawn as usual.
    pub index: usize,
    /// Whether the meeting values are opposite (a cancellation) rather than equal (a doubling).
    pub negated: bool,
}

/// In how many cases of eight an edge-biased sum gets a coincidence.
const PLANNED_IN_EIGHT: u32 = 4;

/// Draws a coincidence for a sum over bases with logs `logs` (0 for the identity), or `None`
/// (always under the uniform baseline, and when the bases admit none: fewer than two terms).
pub fn plan(g: &mut Gen, logs: &[&BigUint], order: &BigUint) -> Option<Plan> {
    let n = logs.len();
    if !g.edgy() || n < 2 {
        return None;
    }
    g.scope(COINCIDENCE_SCOPE, |g| {
        // The zero choice is "none", so the minimizer's zeroing pass drops a coincidence the
        // finding does not need.
        if g.below(8) < u64::from(8 - PLANNED_IN_EIGHT) {
            return None;
        }
        // Later indices whose base has an earlier base of equal or opposite log: a bucket
        // relation needs one, and gets half of the plans when the bases have one.
        let mut first: HashMap<&BigUint, usize> = HashMap::new();
        let mut pairs = Vec::new();
        for (j, a) in logs.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            let neg = order - *a;
            if let Some(&i) = first.get(*a).or_else(|| first.get(&neg)) {
                pairs.push((i, j));
            }
            first.entry(*a).or_insert(j);
        }
        if !pairs.is_empty() && g.chance(1, 2) {
            let (i, j) = *g.pick(&pairs);
            return Some(Plan {
                relation: Relation::Bucket { earlier: i },
                index: j,
                negated: *logs[i] != *logs[j],
            });
        }
        let negated = g.chance(1, 2);
        let nonzero = |i: &usize| !logs[*i].is_zero();
        let (relation, candidates): (Relation, Vec<usize>) = match g.below(3) {
            0 => (Relation::Prefix, (1..n).filter(nonzero).collect()),
            1 => (Relation::Suffix, (0..n - 1).filter(nonzero).collect()),
            _ => (Relation::Halves, (n / 2..n).filter(nonzero).collect()),
        };
        if candidates.is_empty() {
            return None;
        }
        let index = *g.pick(&candidates);
        Some(Plan {
            relation,
            index,
            negated,
        })
    })
}

impl Plan {
    /// The scalar at [`Plan::index`] that makes the relation hold, given every other scalar
    /// (`scalars[self.index]` is ignored) and the bases' logs. It may be 0 (the relation's
    /// other side summed to 0): the case then has no coincidence, and [`classes`] says so.
    pub fn solve(&self, logs: &[&BigUint], scalars: &[BigUint], order: &BigUint) -> BigUint {
        let k = self.index;
        let term = |i: usize| (&scalars[i] * logs[i]) % order;
        let sum = |range: std::ops::Range<usize>| {
            range
                .filter(|&i| i != k)
                .fold(BigUint::zero(), |acc, i| (acc + term(i)) % order)
        };
        let n = scalars.len();
        let signed = |v: BigUint| if self.negated { (order - v) % order } else { v };
        let inverse = |a: &BigUint| a.modpow(&(order - 2u8), order);
        match self.relation {
            Relation::Bucket { earlier } => scalars[earlier].clone(),
            Relation::Prefix => (signed(sum(0..k)) * inverse(logs[k])) % order,
            Relation::Suffix => (signed(sum(k + 1..n)) * inverse(logs[k])) % order,
            Relation::Halves => {
                let first = sum(0..n / 2);
                let rest = sum(n / 2..n);
                let want = (signed(first) + order - rest) % order;
                (want * inverse(logs[k])) % order
            }
        }
    }
}

/// The coincidence classes of a finished sum, read off its bases' logs and its scalars
/// (module docs), both in the order the routine receives them.
pub fn classes(logs: &[&BigUint], scalars: &[BigUint], order: &BigUint) -> Vec<&'static str> {
    let n = scalars.len();
    let t: Vec<BigUint> = (0..n).map(|i| (&scalars[i] * logs[i]) % order).collect();
    let neg = |v: &BigUint| (order - v) % order;
    let mut found = Vec::new();
    let mut meet = |a: &BigUint, b: &BigUint, equal: &'static str, negated: &'static str| {
        if a.is_zero() || b.is_zero() {
            return;
        }
        if a == b {
            found.push(equal);
        } else if *a == neg(b) {
            found.push(negated);
        }
    };
    let mut acc = BigUint::zero();
    for (k, term) in t.iter().enumerate() {
        if k > 0 {
            meet(&acc, term, "meet_prefix_equal", "meet_prefix_negated");
        }
        acc = (acc + term) % order;
    }
    let mut acc = BigUint::zero();
    for (k, term) in t.iter().enumerate().rev() {
        if k + 1 < n {
            meet(&acc, term, "meet_suffix_equal", "meet_suffix_negated");
        }
        acc = (acc + term) % order;
    }
    if n >= 2 {
        let half = |r: std::ops::Range<usize>| r.fold(BigUint::zero(), |a, i| (a + &t[i]) % order);
        meet(
            &half(0..n / 2),
            &half(n / 2..n),
            "meet_halves_equal",
            "meet_halves_negated",
        );
    }
    let mut seen: HashSet<(&BigUint, &BigUint)> = HashSet::new();
    let negs: Vec<BigUint> = logs.iter().map(|a| neg(a)).collect();
    for j in 0..n {
        if logs[j].is_zero() || scalars[j].is_zero() {
            continue;
        }
        if seen.contains(&(logs[j], &scalars[j])) {
            found.push("bucket_repeated_term");
        } else if seen.contains(&(&negs[j], &scalars[j])) {
            found.push("bucket_negated_term");
        }
        seen.insert((logs[j], &scalars[j]));
    }
    found.sort_unstable();
    found.dedup();
    found
}

/// Records [`classes`] on `g`.
pub fn record(g: &mut Gen, logs: &[&BigUint], scalars: &[BigUint], order: &BigUint) {
    for class in classes(logs, scalars, order) {
        g.hit(class);
    }
}

/// The scalars of a sum over bases with logs `logs`, drawn (one possibly solved for a planned
/// coincidence), with the coincidence classes of the final values recorded.
pub fn scalars(g: &mut Gen, logs: &[&BigUint], order: &BigUint) -> Vec<BigUint> {
    let scalars = draw(g, logs.len(), order).coincide(g, logs, order);
    record(g, logs, &scalars, order);
    scalars
}

/// `n` scalars drawn by [`scalar`](super::scalars::scalar), their classes not yet recorded:
/// [`Drawn::coincide`] may replace one of them.
pub fn draw(g: &mut Gen, n: usize, order: &BigUint) -> Drawn {
    let (scalars, classes) = (0..n)
        .map(|_| super::scalars::unrecorded_scalar(g, order))
        .unzip();
    Drawn { scalars, classes }
}

/// Scalars drawn by [`draw`], before a coincidence is planned.
pub struct Drawn {
    scalars: Vec<BigUint>,
    classes: Vec<Option<&'static str>>,
}

impl Drawn {
    /// The scalars with possibly one replaced to build a drawn coincidence ([`plan`] over
    /// bases with logs `logs` in a group of prime order `order`), each scalar class recorded
    /// for the values that stay. Drawn after the scalars, so a saved input of an older ecdiff
    /// decodes the same bases and scalars. The caller records [`classes`] of the final values
    /// ([`record`]), in the group the subject computes in.
    pub fn coincide(self, g: &mut Gen, logs: &[&BigUint], order: &BigUint) -> Vec<BigUint> {
        let planned = plan(g, logs, order);
        self.solve(g, planned, logs, order)
    }

    /// The scalars with the one of `planned` (a [`plan`] or an [`identity_total`]) solved,
    /// each scalar class recorded for the values that stay.
    pub fn solve(
        self,
        g: &mut Gen,
        planned: Option<Plan>,
        logs: &[&BigUint],
        order: &BigUint,
    ) -> Vec<BigUint> {
        let Drawn {
            mut scalars,
            classes,
        } = self;
        if let Some(p) = planned {
            scalars[p.index] = p.solve(logs, &scalars, order);
        }
        for (i, class) in classes.into_iter().enumerate() {
            if planned.is_none_or(|p| p.index != i) {
                if let Some(class) = class {
                    g.hit(class);
                }
            }
        }
        scalars
    }
}

/// In `in_four` edge-biased sums of four, a plan whose total is the identity: the prefix
/// relation at the last term, negated (Σ_{i<n−1} tᵢ = −t_{n−1}), as a signature verification's
/// u₁·G + u₂·Q = O or a batch check's final sum. Drawn in the coincidence scope with the zero
/// choice "none", like [`plan`]; `None` also when the last base is the identity (no scalar
/// solves it).
pub fn identity_total(g: &mut Gen, logs: &[&BigUint], in_four: u32) -> Option<Plan> {
    let n = logs.len();
    if !g.edgy() || n < 2 {
        return None;
    }
    g.scope(COINCIDENCE_SCOPE, |g| {
        if g.below(4) < u64::from(4 - in_four) || logs[n - 1].is_zero() {
            return None;
        }
        Some(Plan {
            relation: Relation::Prefix,
            index: n - 1,
            negated: true,
        })
    })
}

/// Whether Σ tᵢ is the identity with some term not: the sum cancels.
pub fn total_cancels(logs: &[&BigUint], scalars: &[BigUint], order: &BigUint) -> bool {
    let terms = || logs.iter().zip(scalars).map(|(a, s)| (s * *a) % order);
    terms().any(|t| !t.is_zero())
        && terms().fold(BigUint::zero(), |acc, t| acc + t) % order == BigUint::zero()
}

/// The coincidence classes of a sum Σ sᵢ·Pᵢ found by the group's own arithmetic on decoded
/// points — scalar multiplications and additions in each order [`classes`] describes — for the
/// class predicates of the shapes that record [`classes`] (and the tests that check it), which
/// must not read the logs [`classes`] works from.
pub fn meetings_by_arithmetic<P: PartialEq>(
    pts: &[P],
    scalars: &[BigUint],
    identity: &P,
    mul: impl Fn(&P, &BigUint) -> P,
    add: impl Fn(&P, &P) -> P,
    neg: impl Fn(&P) -> P,
) -> std::collections::BTreeSet<&'static str> {
    let mut found = sum_meetings(pts, scalars, identity, mul, add, &neg);
    for j in 0..pts.len() {
        for i in 0..j {
            let nonzero = pts[j] != *identity && !scalars[j].is_zero();
            if nonzero && scalars[i] == scalars[j] {
                if pts[i] == pts[j] {
                    found.insert("bucket_repeated_term");
                } else if pts[i] == neg(&pts[j]) {
                    found.insert("bucket_negated_term");
                }
            }
        }
    }
    found
}

/// The meetings of [`meetings_by_arithmetic`] between partial sums and terms (`meet_*`), each
/// prefix and suffix sum built once.
fn sum_meetings<P: PartialEq>(
    pts: &[P],
    scalars: &[BigUint],
    identity: &P,
    mul: impl Fn(&P, &BigUint) -> P,
    add: impl Fn(&P, &P) -> P,
    neg: impl Fn(&P) -> P,
) -> std::collections::BTreeSet<&'static str> {
    let terms: Vec<P> = pts.iter().zip(scalars).map(|(p, s)| mul(p, s)).collect();
    let zero = || mul(identity, &BigUint::zero());
    let mut found = std::collections::BTreeSet::new();
    let mut meet = |a: &P, b: &P, equal, negated| {
        if a == identity || b == identity {
            return;
        }
        if a == b {
            found.insert(equal);
        } else if *a == neg(b) {
            found.insert(negated);
        }
    };
    let n = terms.len();
    // Prefix sums Σ_{i<k} tᵢ and suffix sums Σ_{i≥n−k} tᵢ.
    let mut prefix = vec![zero()];
    for t in &terms {
        let next = add(prefix.last().expect("non-empty"), t);
        prefix.push(next);
    }
    let mut suffix = vec![zero()];
    for t in terms.iter().rev() {
        let next = add(suffix.last().expect("non-empty"), t);
        suffix.push(next);
    }
    for k in 1..n {
        meet(
            &prefix[k],
            &terms[k],
            "meet_prefix_equal",
            "meet_prefix_negated",
        );
    }
    for k in 0..n.saturating_sub(1) {
        meet(
            &suffix[n - 1 - k],
            &terms[k],
            "meet_suffix_equal",
            "meet_suffix_negated",
        );
    }
    if n >= 2 {
        meet(
            &prefix[n / 2],
            &suffix[n - n / 2],
            "meet_halves_equal",
            "meet_halves_negated",
        );
    }
    found
}

/// [`meetings_by_arithmetic`] in the group of logs ℤ/r, for points whose logs were checked on
/// the curve ([`super::log_check::logs_hold`]): Pᵢ = aᵢ·G, so sᵢ·Pᵢ is sᵢaᵢ mod r and two
/// points are equal (negated) exactly when their logs are (sum to r). Equal terms are found by
/// hashing, so a list of thousands costs a few field operations per term.
pub fn meetings_of_logs(
    logs: &[&BigUint],
    scalars: &[BigUint],
    order: &BigUint,
) -> std::collections::BTreeSet<&'static str> {
    let owned: Vec<BigUint> = logs.iter().map(|a| *a % order).collect();
    let neg = |a: &BigUint| (order - a) % order;
    let mut found = sum_meetings(
        &owned,
        scalars,
        &BigUint::zero(),
        |a, s| a * s % order,
        |a, b| (a + b) % order,
        neg,
    );
    // (log, scalar) of each earlier term with a non-zero scalar.
    let mut seen = std::collections::HashSet::new();
    for (a, s) in owned.iter().zip(scalars) {
        if !a.is_zero() && !s.is_zero() {
            if seen.contains(&(a, s)) {
                found.insert("bucket_repeated_term");
            }
            let minus = neg(a);
            if seen.contains(&(&minus, s)) {
                found.insert("bucket_negated_term");
            }
            seen.insert((a, s));
        }
    }
    found
}

/// [`meetings_by_arithmetic`] on the affine points of one of the oracle's short-Weierstrass
/// curves, with its scalar multiplication, addition and negation.
pub fn meetings_on_curve<F: Field>(
    curve: &Curve<F>,
    pts: &[Point<F>],
    scalars: &[BigUint],
) -> std::collections::BTreeSet<&'static str> {
    meetings_by_arithmetic(
        pts,
        scalars,
        &Point::Identity,
        |p, s| curve.mul(p, s),
        |a, b| curve.add(a, b),
        |p| curve.neg(p),
    )
}

/// The longest sum whose coincidence classes a class predicate checks by arithmetic
/// ([`meetings_by_arithmetic`] costs a scalar multiplication per term).
pub const PREDICATE_MAX_TERMS: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::SwGroup;
    use crate::generators::points::{points, Representation};
    use crate::generators::{case_bytes, Bias};
    use ecdiff_oracles::curves::Bn254G1;
    use ecdiff_oracles::group::Group;
    use ecdiff_oracles::weierstrass::Point;
    use std::collections::{BTreeMap, BTreeSet};

    /// The meetings of a decoded case of BN254 G1 by the points' own arithmetic (coordinates
    /// to affine points), never by the logs or the labels [`classes`] works from.
    fn meetings(
        bases: &[crate::generators::points::GenPoint<ecdiff_oracles::field::Fp>],
        scalars: &[BigUint],
    ) -> BTreeSet<&'static str> {
        let curve = Bn254G1::instance().curve();
        let pts: Vec<Point<_>> = (bases.iter())
            .map(|b| curve.from_jacobian(&b.jac.x, &b.jac.y, &b.jac.z))
            .collect();
        meetings_by_arithmetic(
            &pts,
            scalars,
            &Point::Identity,
            |p, s| curve.mul(p, s),
            |a, b| curve.add(a, b),
            |p| curve.neg(p),
        )
    }

    /// Every coincidence class a decoded sum is labelled with is a meeting its points really
    /// have, every meeting they have is labelled, and every class is drawn in a few hundred
    /// edge-biased sums of 2 to 10 terms. (Breaking a construction — solving a prefix without
    /// its negation, say — leaves its class undrawn and fails the last assertion.)
    #[test]
    fn every_coincidence_class_is_a_meeting_of_the_points() {
        let c = Bn254G1::instance();
        let mut counts: BTreeMap<&str, u32> = BTreeMap::new();
        for i in 0..320 {
            let data = case_bytes(0, "coincidence", i, 128);
            let mut g = Gen::new(&data, Bias::Edge);
            let n = 2 + (i % 9) as usize;
            let bases = points(&mut g, c, n, Representation::Jacobian);
            let logs: Vec<&BigUint> = bases.iter().map(|b| &b.log).collect();
            let scalars = scalars(&mut g, &logs, c.order());
            let labelled: BTreeSet<&str> = (g.into_classes().into_iter())
                .filter(|class| COINCIDENCE_CLASSES.contains(class))
                .collect();
            assert_eq!(labelled, meetings(&bases, &scalars), "case {i}: {n} terms");
            for class in labelled {
                *counts.entry(class).or_default() += 1;
            }
        }
        for class in COINCIDENCE_CLASSES {
            assert!(
                counts.get(class).copied().unwrap_or(0) >= 3,
                "{class}: {counts:?}"
            );
        }
    }

    /// The uniform baseline draws no coincidence on purpose: its scalars are its own draws.
    #[test]
    fn the_uniform_baseline_plans_nothing() {
        let c = Bn254G1::instance();
        for i in 0..32 {
            let data = case_bytes(0, "coincidence-uniform", i, 128);
            let mut g = Gen::new(&data, Bias::Uniform);
            let bases = points(&mut g, c, 6, Representation::Jacobian);
            let logs: Vec<&BigUint> = bases.iter().map(|b| &b.log).collect();
            assert_eq!(plan(&mut g, &logs, c.order()), None);
        }
    }

    /// An identity-total plan, solved, makes the sum cancel by the points' own arithmetic
    /// (BN254 G1), in about a quarter of the edge-biased sums asked at `in_four` = 1; solved
    /// without its negation, the sum doubles the last term instead and this fails.
    #[test]
    fn an_identity_total_plan_cancels_the_sum() {
        let c = Bn254G1::instance();
        let curve = c.curve();
        let mut planned = 0;
        for i in 0..200 {
            let data = case_bytes(0, "identity-total", i, 128);
            let mut g = Gen::new(&data, Bias::Edge);
            let n = 2 + (i % 5) as usize;
            let bases = points(&mut g, c, n, Representation::Jacobian);
            let logs: Vec<&BigUint> = bases.iter().map(|b| &b.log).collect();
            let drawn = draw(&mut g, n, c.order());
            let Some(plan) = identity_total(&mut g, &logs, 1) else {
                continue;
            };
            let scalars = drawn.solve(&mut g, Some(plan), &logs, c.order());
            let total = (bases.iter().zip(&scalars)).fold(Point::Identity, |acc, (b, s)| {
                let p = curve.from_jacobian(&b.jac.x, &b.jac.y, &b.jac.z);
                curve.add(&acc, &curve.mul(&p, s))
            });
            assert_eq!(total, Point::Identity, "case {i}");
            planned += 1;
        }
        assert!((25..=80).contains(&planned), "{planned} of 200 planned");
    }
}
