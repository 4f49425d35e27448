//! The class predicates of `batch_add_doubling` and `batch_add_cancelling`: a second model of
//! `msm_best`'s batch-affine schedule (halo2curves 0.10.0, `src/msm.rs`: `msm_best`,
//! `Schedule::{add, contains, execute}`, `batch_add`), written from the source apart from the
//! one that labels the cases ([`super::batch_affine`]), and run on logs the curve has checked
//! ([`crate::generators::points::checked_logs`]), not on the generator's.
//!
//! It shares nothing with the labeller but the source it reads:
//!
//! * **digits by arithmetic, not by bit slices.** halo2curves' `get_booth_index` reads c + 1
//!   bits of the little-endian scalar starting one bit below the window. Its value is the
//!   signed digit dᵥ = ⌊s / 2ᶜʷ⌉ − 2ᶜ·⌊s / 2ᶜ⁽ʷ⁺¹⁾⌉, where ⌊x⌉ rounds half up (and window 0
//!   takes s itself): with Dᵥ = ⌊(s + 2ᶜʷ⁻¹) / 2ᶜʷ⌋ = ⌊s / 2ᶜʷ⌋ + (bit cw − 1 of s),
//!   Dᵥ − 2ᶜDᵥ₊₁ = (the c bits of window w) + (the bit below) − 2ᶜ·(the window's top bit),
//!   which is Booth's recoding (Booth 1951; Koyama–Tsuruoka 1993 for its windowed form);
//! * **bucket contents as BigUint residues** mod r, added and compared by num-bigint;
//! * **the schedule as a set of scheduled buckets**, flushed as one batch at 64 entries or at
//!   the window's end.
//!
//! The schedule, window by window (w = 0 ..= NUM_BITS / c, c = ⌈ln n⌉ for n ≥ 32):
//!
//! * a term whose digit is 0 is skipped; otherwise it names bucket |d| − 1 with the base or
//!   its negation;
//! * `Schedule::contains` scans all 64 slots, including the unused ones, which hold
//!   `SchedulePoint::default()`, bucket 0: a term of bucket 0 always goes to the projective
//!   side buckets, as does a term whose bucket is already scheduled;
//! * otherwise an empty affine bucket takes the term (`BucketAffine::assign`), and a full one
//!   schedules it;
//! * a batch compares each scheduled term with its bucket as it was before the batch (each
//!   bucket is scheduled once per batch): equal, `batch_add` doubles; the negation, the
//!   bucket is emptied; else it adds.

use num_bigint::{BigInt, BigUint};
use num_traits::One;

/// Scheduled affine additions per batch (`BATCH_SIZE` in `src/msm.rs`).
const SLOTS: usize = 64;

/// Which of `batch_add`'s branches one input meets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Branches {
    /// A scheduled term equal to its bucket's point.
    pub doubles: bool,
    /// A scheduled term equal to its bucket's negation.
    pub cancels: bool,
}

/// The window width `msm_best` picks for n terms on its batch-affine path (n ≥ 8104): ⌈ln n⌉.
fn width(n: usize) -> usize {
    let mut c = 0usize;
    // The least c with eᶜ ≥ n, by f64 like the source (`log(n as f64).ceil()`).
    while (c as f64).exp() < n as f64 {
        c += 1;
    }
    c
}

/// The signed digits of `s` in windows of `c` bits, `windows` of them, by rounding.
fn signed_digits(s: &BigUint, c: usize, windows: usize) -> Vec<i64> {
    let rounded = |w: usize| -> BigUint {
        if w == 0 {
            s.clone()
        } else {
            (s + (BigUint::one() << (c * w - 1))) >> (c * w)
        }
    };
    let mut digits = Vec::with_capacity(windows);
    let mut here = rounded(0);
    for w in 0..windows {
        let above = rounded(w + 1);
        let d = BigInt::from(here) - (BigInt::from(above.clone()) << c);
        digits.push(i64::try_from(d).expect("|d| ≤ 2^(c−1)"));
        here = above;
    }
    digits
}

/// `batch_add`'s branches on the terms (log of base, scalar), scalars below `order` of
/// `num_bits` bits (`PrimeField::NUM_BITS`), for lists on the batch-affine path.
pub fn branches(
    logs: &[BigUint],
    scalars: &[BigUint],
    order: &BigUint,
    num_bits: usize,
) -> Branches {
    let c = width(logs.len());
    let windows = num_bits / c + 1;
    let digits: Vec<Vec<i64>> = (scalars.iter())
        .map(|s| signed_digits(s, c, windows))
        .collect();
    let negate = |x: &BigUint| (order - x % order) % order;
    let mut seen = Branches::default();
    for w in 0..windows {
        let mut affine: Vec<Option<BigUint>> = vec![None; 1 << (c - 1)];
        let mut scheduled: Vec<(usize, BigUint)> = Vec::new();
        let mut is_scheduled = vec![false; 1 << (c - 1)];
        let mut flush = |affine: &mut Vec<Option<BigUint>>,
                         scheduled: &mut Vec<(usize, BigUint)>,
                         is_scheduled: &mut Vec<bool>| {
            for (bucket, term) in scheduled.drain(..) {
                is_scheduled[bucket] = false;
                let held = affine[bucket]
                    .take()
                    .expect("a bucket is scheduled only when full");
                if held == term {
                    seen.doubles = true;
                    affine[bucket] = Some((&held << 1u8) % order);
                } else if held == negate(&term) {
                    seen.cancels = true;
                } else {
                    affine[bucket] = Some((held + term) % order);
                }
            }
        };
        for (log, digit) in logs.iter().zip(digits.iter().map(|d| d[w])) {
            if digit == 0 {
                continue;
            }
            let bucket = digit.unsigned_abs() as usize - 1;
            if bucket == 0 || is_scheduled[bucket] {
                continue;
            }
            let term = if digit > 0 { log % order } else { negate(log) };
            if affine[bucket].is_none() {
                affine[bucket] = Some(term);
            } else {
                scheduled.push((bucket, term));
                is_scheduled[bucket] = true;
                if scheduled.len() == SLOTS {
                    flush(&mut affine, &mut scheduled, &mut is_scheduled);
                }
            }
        }
        flush(&mut affine, &mut scheduled, &mut is_scheduled);
    }
    seen
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
