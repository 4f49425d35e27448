//! Incomplete-law MSMs over edwards25519 and ristretto255 (issue 36's incomplete-law zoo): a
//! reference multiscalar sum accumulated in one order with the *dedicated* twisted-Edwards
//! addition in place of dalek's unified one.
//!
//! The dedicated addition of Hisil, Wong, Carter and Dawson ("Twisted Edwards curves
//! revisited", ASIACRYPT 2008, §3.2, <https://eprint.iacr.org/2008/522>; EFD
//! `add-2008-hwcd-4`) saves a multiplication by not needing d, and is right for P + Q except
//! where x₁y₂ = y₁x₂: for Q = P (a doubling) and for Q = P + T₂ with T₂ = (0, −1) the point of
//! order 2. There every output coordinate is 0 (F = B − A = 0 and H = D − C = 0), and
//! (0 : 0 : 0 : 0) absorbs every later addition and doubling, so the whole sum ends as the
//! zero tuple, whose compression (the inverse of Z = 0 taken as 0) is 32 zero bytes — the
//! ristretto255 identity, and the Edwards encoding of y = 0. An implementation that branches
//! on the identity (as the models here do) adds it correctly; only a meeting fails.
//!
//! Each term sᵢ·Pᵢ is computed by dalek's complete arithmetic; only the accumulation uses the
//! dedicated law, in one of the orders of [`SumOrder`]. Trigger: a coincidence
//! ([`crate::generators::coincidence`]) in that order, or (Edwards) a meeting up to T₂.

use crate::engine::Outcome;
use crate::families::curve25519::adapter_dalek::{points, scalars, DalekGroup};
use crate::families::curve25519::edwards_msm::{MsmInput, MsmSubject};
use crate::families::curve25519::zoo::radix_2w;
use curve25519_dalek::scalar::Scalar;
use std::marker::PhantomData;

/// The order in which [`DedicatedSum`] accumulates Σ sᵢ·Pᵢ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SumOrder {
    /// `acc += tᵢ` from the first term to the last.
    LeftToRight,
    /// `acc += tᵢ` from the last term to the first.
    RightToLeft,
    /// A recursive split in two halves at ⌊n/2⌋.
    Halves,
    /// Pippenger with w = 6 signed radix-2⁶ digits (dalek's smallest window): each point
    /// added into the bucket of its digit (negated for a negative digit) with the dedicated
    /// law; the buckets summed by the running-sum method and the windows combined by w
    /// doublings and one addition, both by dalek's complete law (Bernstein et al., "Faster
    /// batch forgery identification", §4, <https://eprint.iacr.org/2012/549>).
    Pippenger,
    /// Straus's interleaved method as dalek's constant-time `Straus::multiscalar_mul` runs it
    /// (`src/backend/serial/scalar_mul/straus.rs`): signed radix-16 digits, a table of
    /// 1·P … 8·P per point (dalek's complete law), and from the top digit down the
    /// accumulator multiplied by 16 (complete doublings) and each point's entry for its digit
    /// (negated for a negative digit) added into it with the dedicated law (Straus 1964;
    /// Möller, "Algorithms for multi-exponentiation", SAC 2001, §2,
    /// <https://doi.org/10.1007/3-540-45537-X_13>).
    Straus,
}

/// The dedicated law's state: a point, or the absorbing zero tuple after a meeting.
#[derive(Clone, Copy)]
enum Acc<G> {
    Point(G),
    Zero,
}

/// p + q by the dedicated law with an identity branch: the zero tuple when q ∈ {p, p + T₂}.
/// (Equality is dalek's: projective cross-multiplication for Edwards points, coset equality
/// for ristretto255 elements.)
fn dedicated_add<G: DalekGroup + PartialEq>(p: Acc<G>, q: Acc<G>) -> Acc<G> {
    let (Acc::Point(p), Acc::Point(q)) = (p, q) else {
        return Acc::Zero;
    };
    let identity = G::identity();
    if p == identity {
        return Acc::Point(q);
    }
    if q == identity {
        return Acc::Point(p);
    }
    if p == q || order_two::<G>().is_some_and(|t2| p == q + &t2) {
        return Acc::Zero;
    }
    Acc::Point(p + &q)
}

/// T₂ = (0, −1), decoded from its Edwards encoding (y = p − 1, sign 0); `None` in
/// ristretto255, where no element encodes so (T₂ is in the identity's coset).
fn order_two<G: DalekGroup>() -> Option<G> {
    let mut bytes = [0xff; 32];
    bytes[0] = 0xec;
    bytes[31] = 0x7f;
    G::decompress(&bytes)
}

fn sum<G: DalekGroup + PartialEq>(terms: &[Acc<G>], order: SumOrder) -> Acc<G> {
    let zero = Acc::Point(G::identity());
    match order {
        SumOrder::LeftToRight => terms.iter().fold(zero, |acc, t| dedicated_add(acc, *t)),
        SumOrder::RightToLeft => (terms.iter().rev()).fold(zero, |acc, t| dedicated_add(acc, *t)),
        SumOrder::Halves => match terms.len() {
            0 => zero,
            1 => terms[0],
            n => dedicated_add(sum(&terms[..n / 2], order), sum(&terms[n / 2..], order)),
        },
        SumOrder::Pippenger | SumOrder::Straus => unreachable!("{order:?} sums points, not terms"),
    }
}

/// Pippenger (w = 6, signed digits) with the bucket additions by the dedicated law.
fn pippenger<G: DalekGroup + PartialEq>(scalars: &[Scalar], points: &[G]) -> Acc<G> {
    const W: usize = 6;
    let count = 256usize.div_ceil(W) + 1;
    let digits: Vec<Vec<i16>> = (scalars.iter())
        .map(|s| radix_2w(s, W, count, false))
        .collect();
    let mut total = Acc::Point(G::identity());
    for d in (0..count).rev() {
        if let Acc::Point(t) = total {
            total = Acc::Point((0..W).fold(t, |t, _| t + &t));
        }
        let mut buckets = vec![Acc::Point(G::identity()); 1 << (W - 1)];
        for (ds, p) in digits.iter().zip(points) {
            match ds[d] {
                0 => {}
                digit if digit > 0 => {
                    let b = digit as usize - 1;
                    buckets[b] = dedicated_add(buckets[b], Acc::Point(*p));
                }
                digit => {
                    let b = (-digit) as usize - 1;
                    buckets[b] = dedicated_add(buckets[b], Acc::Point(-*p));
                }
            }
        }
        // The running sums and the window's addition into the total by dalek's complete law
        // (as in batch-affine bucket accumulation, only the bucket additions are incomplete);
        // a zero tuple still absorbs them.
        let Some(buckets) = (buckets.into_iter())
            .map(|b| match b {
                Acc::Point(p) => Some(p),
                Acc::Zero => None,
            })
            .collect::<Option<Vec<G>>>()
        else {
            return Acc::Zero;
        };
        let (mut running, mut window) = (G::identity(), G::identity());
        for bucket in buckets.iter().rev() {
            running = running + bucket;
            window = window + &running;
        }
        if let Acc::Point(t) = total {
            total = Acc::Point(t + &window);
        }
    }
    total
}

/// Straus (signed radix-16 digits, tables of 1·P … 8·P) with the accumulations by the
/// dedicated law.
fn straus<G: DalekGroup + PartialEq>(scalars: &[Scalar], points: &[G]) -> Acc<G> {
    const W: usize = 4;
    let count = 256usize.div_ceil(W);
    let digits: Vec<Vec<i16>> = (scalars.iter())
        .map(|s| radix_2w(s, W, count, false))
        .collect();
    let tables: Vec<Vec<G>> = (points.iter())
        .map(|p| {
            let mut table = vec![*p];
            for k in 1..8 {
                table.push(table[k - 1] + p);
            }
            table
        })
        .collect();
    let mut acc = Acc::Point(G::identity());
    for d in (0..count).rev() {
        if let Acc::Point(a) = acc {
            acc = Acc::Point((0..W).fold(a, |a, _| a + &a));
        }
        for (ds, table) in digits.iter().zip(&tables) {
            let entry = match ds[d] {
                0 => continue,
                digit if digit > 0 => table[digit as usize - 1],
                digit => -table[(-digit) as usize - 1],
            };
            acc = dedicated_add(acc, Acc::Point(entry));
        }
    }
    acc
}

/// Σ sᵢ·Pᵢ accumulated in `order` with the dedicated addition law (module docs).
pub(super) struct DedicatedSum<G> {
    order: SumOrder,
    _group: PhantomData<G>,
}

impl<G> DedicatedSum<G> {
    pub(super) fn new(order: SumOrder) -> Self {
        DedicatedSum {
            order,
            _group: PhantomData,
        }
    }
}

impl<G: DalekGroup + PartialEq> MsmSubject for DedicatedSum<G> {
    fn msm(&self, input: &MsmInput<'_>) -> Outcome<[u8; 32]> {
        let reprs: Vec<_> = input.points.iter().flatten().cloned().collect();
        let ps = match points::<G>(&reprs) {
            Ok(ps) => ps,
            Err(e) => return Outcome::Rejected(e),
        };
        let ss = scalars(input.scalars);
        let result = if self.order == SumOrder::Pippenger {
            pippenger(&ss, &ps)
        } else if self.order == SumOrder::Straus {
            straus(&ss, &ps)
        } else {
            let terms: Vec<Acc<G>> = (ps.iter().zip(&ss))
                .map(|(p, s)| Acc::Point(p.mul(s)))
                .collect();
            sum(&terms, self.order)
        };
        Outcome::Value(match result {
            Acc::Point(p) => p.compress(),
            Acc::Zero => [0; 32],
        })
    }
}
