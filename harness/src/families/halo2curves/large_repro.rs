//! Standalone reproducers of `msm_best`'s large cases ([`super::large_best`]): a case of
//! thousands of terms is rewritten into one a reproducer builds in a few lines, instead of
//! embedding its bases (8 104 points are a megabyte of coordinates).
//!
//! The rewrite keeps what the case's findings depend on and replaces the rest. Base i becomes
//! (i + 1)·G (a running sum of the generator) and scalar i 192 bits of splitmix64 from
//! [`SEED`] (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA
//! 2014; the constants of `java.util.SplittableRandom`); then the case's own structure is laid
//! over that background ([`Edit`]): every identity base at its index, and among the first
//! [`EARLY`] terms each repetition or negation of an earlier term (same scalar) within 64
//! indices — `early_term_repeated` / `early_term_negated`, the terms `batch_add` doubles or
//! cancels. The caller runs the rewritten case through the check again: a reproducer is
//! written only when it expects the same verdict as the original, and its expected line is
//! the oracle's answer on the rewritten case.

use crate::curve::{Jacobian, SwGroup};
use crate::generators::points::GenPoint;
use crate::shapes::msm::MsmCase;
use ecdiff_oracles::field::Field;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::Zero;

/// The splitmix64 seed of the background scalars.
pub const SEED: u64 = 0xecd1_ff00_5eed;

/// How many leading terms are searched for repetitions and negations of earlier ones.
pub const EARLY: usize = 128;

/// One term of the case laid over the background.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// The base is the identity (its scalar stays the background's).
    Identity,
    /// Base and scalar are those of term `i`.
    CopyOf(usize),
    /// The base is −(base `i`), the scalar that of term `i`.
    NegationOf(usize),
}

/// A case as a reproducer builds it: `n` background terms and the edits, in index order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompactMsm {
    /// Terms.
    pub n: usize,
    /// The splitmix64 seed of the scalars.
    pub seed: u64,
    /// (index, edit), indices increasing.
    pub edits: Vec<(usize, Edit)>,
}

/// splitmix64's next output.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The background scalars: three splitmix64 outputs a scalar, least significant word first
/// (below 2¹⁹², so canonical in every group here).
pub fn background_scalars(n: usize, seed: u64) -> Vec<BigUint> {
    let mut state = seed;
    (0..n)
        .map(|_| {
            let words = [
                splitmix64(&mut state),
                splitmix64(&mut state),
                splitmix64(&mut state),
            ];
            (words.iter().rev()).fold(BigUint::zero(), |acc, &w| (acc << 64u32) + w)
        })
        .collect()
}

/// The edits of `case` (module docs), read off its bases and scalars.
pub fn edits<C: SwGroup>(case: &MsmCase<C::F>) -> Vec<(usize, Edit)> {
    let curve = C::instance().curve();
    let early = case.bases.len().min(EARLY);
    let affine: Vec<Point<C::F>> = (case.bases[..early].iter())
        .map(|b| curve.from_jacobian(&b.jac.x, &b.jac.y, &b.jac.z))
        .collect();
    (0..case.bases.len())
        .filter_map(|j| {
            if case.bases[j].jac.z.is_zero() {
                return Some((j, Edit::Identity));
            }
            if j >= early {
                return None;
            }
            (j.saturating_sub(64)..j)
                .filter(|&i| case.scalars[i] == case.scalars[j] && affine[i] != Point::Identity)
                .find_map(|i| {
                    if affine[i] == affine[j] {
                        Some((j, Edit::CopyOf(i)))
                    } else if affine[j] == curve.neg(&affine[i]) {
                        Some((j, Edit::NegationOf(i)))
                    } else {
                        None
                    }
                })
        })
        .collect()
}

/// `edits` with every identity but the first dropped: a dense list's identities are hundreds
/// of edits, and a finding about identities usually needs one.
pub fn first_identity_only(edits: &[(usize, Edit)]) -> Vec<(usize, Edit)> {
    let first = edits.iter().position(|(_, e)| *e == Edit::Identity);
    (edits.iter().enumerate())
        .filter(|&(k, (_, e))| *e != Edit::Identity || Some(k) == first)
        .map(|(_, edit)| *edit)
        .collect()
}

/// The compact form of `case` and the case it stands for (module docs).
pub fn rewrite<C: SwGroup>(case: &MsmCase<C::F>) -> (CompactMsm, MsmCase<C::F>) {
    build::<C>(case.bases.len(), edits::<C>(case))
}

/// The case of `n` background terms with `edits` laid over them, and its compact form.
pub fn build<C: SwGroup>(n: usize, edits: Vec<(usize, Edit)>) -> (CompactMsm, MsmCase<C::F>) {
    let c = C::instance();
    let (curve, order) = (c.curve(), c.order());
    let compact = CompactMsm {
        n,
        seed: SEED,
        edits,
    };
    let mut scalars = background_scalars(n, SEED);
    let mut points = Vec::with_capacity(n);
    let mut logs = Vec::with_capacity(n);
    let mut running = Point::Identity;
    for i in 0..n {
        running = curve.add(&running, &curve.generator);
        points.push(running.clone());
        logs.push(BigUint::from(i + 1) % order);
    }
    for &(j, edit) in &compact.edits {
        let (point, log) = match edit {
            Edit::Identity => (Point::Identity, BigUint::zero()),
            Edit::CopyOf(i) => {
                scalars[j] = scalars[i].clone();
                (points[i].clone(), logs[i].clone())
            }
            Edit::NegationOf(i) => {
                scalars[j] = scalars[i].clone();
                (curve.neg(&points[i]), (order - &logs[i]) % order)
            }
        };
        points[j] = point;
        logs[j] = log;
    }
    let one = curve.b.one_like();
    let bases = (points.into_iter().zip(logs))
        .map(|(p, log)| {
            let jac = match p {
                Point::Identity => Jacobian {
                    x: one.clone(),
                    y: one.clone(),
                    z: one.zero_like(),
                },
                Point::Affine { x, y } => Jacobian {
                    x,
                    y,
                    z: one.clone(),
                },
            };
            GenPoint { jac, log }
        })
        .collect();
    (compact, MsmCase { bases, scalars })
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
