//! The logs a decoded list of points claims, checked on the curve in one batch, so that the
//! class predicates of long lists can read relations between points off their logs.
//!
//! A class predicate must hold of what the subject receives, not of the generator's
//! bookkeeping. For a short list the predicates use the points' own arithmetic (a scalar
//! multiplication per term); for thousands of terms that costs seconds per case. Instead the
//! claim "Pᵢ = aᵢ·G for every i" is checked at once, by the small-exponents batch test of
//! Bellare, Garay and Rabin ("Fast batch verification for modular exponentiation and digital
//! signatures", EUROCRYPT 1998, §3.2): with random ρᵢ of [`RHO_BITS`] bits,
//!
//!   Σ ρᵢ·Pᵢ = (Σ ρᵢ·aᵢ mod r)·G.
//!
//! If one claim is wrong the two sides differ for every ρ (ρᵢ·(Pᵢ − aᵢ·G) ≠ O in a group of
//! prime order r > ρᵢ); if several are, they agree for a fraction of at most 2^−[`RHO_BITS`] of
//! the ρ. The left side is a bucket MSM (Pippenger's method with [`RHO_BITS`]/2-bit windows:
//! each window's buckets summed by [`Curve::sums`], then Σ d·B_d by running sums), the right
//! side one fixed-base multiplication. Lists of up to [`DIRECT_MAX`] points are checked
//! point by point instead. Once the claims hold, two points are equal exactly when
//! their logs are, and every sum of multiples is a sum of logs mod r.

use ecdiff_oracles::field::Field;
use ecdiff_oracles::weierstrass::{Curve, Point};
use num_bigint::BigUint;
use num_traits::Zero;

/// Bits of each random multiplier ρᵢ.
pub const RHO_BITS: u32 = 16;

/// Up to this many points each claim is checked on its own (aᵢ·G by the fixed-base table),
/// which is exact and, for short lists, quicker than the buckets' running sums.
pub const DIRECT_MAX: usize = 64;

/// Bits of one bucket window (two windows cover a multiplier).
const WINDOW_BITS: u32 = RHO_BITS / 2;

/// Whether `points[i] = logs[i]·G` for every i (module docs), with multipliers drawn from
/// `seed`. `points` and `logs` have the same length.
pub fn logs_hold<F: Field>(
    curve: &Curve<F>,
    points: &[Point<F>],
    logs: &[&BigUint],
    seed: u64,
) -> bool {
    assert_eq!(points.len(), logs.len(), "one log per point");
    if points.len() <= DIRECT_MAX {
        let owned: Vec<BigUint> = logs.iter().map(|a| (*a).clone()).collect();
        return curve.mul_generator_many(&owned) == points;
    }
    let rhos = multipliers(points.len(), seed);
    let claimed = (rhos.iter().zip(logs)).fold(BigUint::zero(), |acc, (rho, log)| {
        acc + BigUint::from(*rho) * *log
    }) % &curve.order;
    let combined = small_multiplier_msm(
        points,
        &rhos,
        &Point::Identity,
        |a, b| curve.add(a, b),
        |lists| curve.sums(lists),
    );
    combined == curve.mul_generator(&claimed)
}

/// `n` multipliers ρᵢ in [1, 2^[`RHO_BITS`]) drawn from `seed` (splitmix64).
pub fn multipliers(n: usize, seed: u64) -> Vec<u32> {
    let mut state = seed;
    (0..n)
        .map(|_| (splitmix64(&mut state) % ((1 << RHO_BITS) - 1)) as u32 + 1)
        .collect()
}

/// Σ ρᵢ·Pᵢ for multipliers of [`RHO_BITS`] bits, in any group given by its identity, its
/// addition and a batch sum of lists (module docs: Pippenger's buckets, two windows).
pub fn small_multiplier_msm<P: Clone>(
    points: &[P],
    rhos: &[u32],
    identity: &P,
    add: impl Fn(&P, &P) -> P,
    sums: impl Fn(&[Vec<&P>]) -> Vec<P>,
) -> P {
    let mut total = identity.clone();
    for window in (0..RHO_BITS / WINDOW_BITS).rev() {
        for _ in 0..WINDOW_BITS {
            total = add(&total, &total);
        }
        let digit =
            |rho: u32| ((rho >> (window * WINDOW_BITS)) & ((1 << WINDOW_BITS) - 1)) as usize;
        let mut buckets: Vec<Vec<&P>> = vec![Vec::new(); 1 << WINDOW_BITS];
        for (p, rho) in points.iter().zip(rhos) {
            buckets[digit(*rho)].push(p);
        }
        let bucket_sums = sums(&buckets);
        // Σ d·B_d = Σ_d (B_d + B_{d+1} + … ): the running sum from the top bucket down.
        let (mut running, mut window_sum) = (identity.clone(), identity.clone());
        for bucket in bucket_sums.iter().skip(1).rev() {
            running = add(&running, bucket);
            window_sum = add(&window_sum, &running);
        }
        total = add(&total, &window_sum);
    }
    total
}

/// Whether some log of `logs` is `related` to an earlier one (`related(a)` is the log an earlier
/// point must have: a itself for a repeat, r − a for a negation), by hashing.
pub fn some_pair_related(logs: &[BigUint], related: impl Fn(&BigUint) -> BigUint) -> bool {
    let mut seen = std::collections::HashSet::new();
    logs.iter().any(|a| {
        let hit = seen.contains(&related(a));
        seen.insert(a);
        hit
    })
}

/// The next output of splitmix64 (Steele, Lea and Flood 2014), advancing `state`.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::SwGroup;
    use ecdiff_oracles::curves::Bn254G1;
    use ecdiff_oracles::group::Group;

    /// Points with their true logs pass; one wrong log among 300, or two wrong logs whose
    /// errors cancel in Σ aᵢ (a swap), fail.
    fn refs(logs: &[BigUint]) -> Vec<&BigUint> {
        logs.iter().collect()
    }

    #[test]
    fn right_logs_pass_and_wrong_logs_fail() {
        let c = Bn254G1::instance();
        let curve = c.curve();
        let logs: Vec<BigUint> = (0..300u64)
            .map(|i| BigUint::from(i * i * 7919 + 3) % c.order())
            .collect();
        let points = curve.mul_generator_many(&logs);
        assert!(logs_hold(curve, &points, &refs(&logs), 1));
        let mut one_wrong = logs.clone();
        one_wrong[123] += 1u32;
        assert!(!logs_hold(curve, &points, &refs(&one_wrong), 1));
        let mut swapped = logs.clone();
        swapped.swap(5, 250);
        for seed in 0..4 {
            assert!(!logs_hold(curve, &points, &refs(&swapped), seed));
        }
        let mut identity = points.clone();
        identity[7] = Point::Identity;
        assert!(!logs_hold(curve, &identity, &refs(&logs), 1));
    }
}
