//! A model of `msm_best`'s batch-affine path (halo2curves 0.10.0, `src/msm.rs`), run on known
//! logs, that says which inputs reach `batch_add`'s doubling and cancelling branches.
//!
//! The model is not an oracle (the sum still comes from the known-log oracle); it decides which
//! cases meet a documented known finding, so that exactly those cases expect it. It follows the
//! source step for step, with each bucket's content kept as its discrete log mod r:
//!
//! * window c = ⌈ln n⌉, windows `NUM_BITS / c + 1`, each window independent;
//! * per window, the Booth digit of each scalar (`get_booth_index`: a (c+1)-bit slice of the
//!   little-endian scalar, overlapping the window below by one bit, the lowest window padded
//!   with a zero bit) names a bucket |d| − 1 and a sign;
//! * a term whose bucket is already in the current batch goes to a projective side bucket;
//!   otherwise an empty affine bucket takes it as it is, and a full one schedules an affine
//!   addition; 64 scheduled additions (or the end of the terms) run as one batch;
//! * in a batch, a bucket equal to the signed base doubles (`batch_add`'s doubling branch), a
//!   bucket equal to its negation becomes empty, any other bucket adds.

use num_bigint::BigUint;

/// halo2curves' `BATCH_SIZE`: scheduled affine additions per shared inversion.
const BATCH_SIZE: usize = 64;

/// What the batch-affine path's `batch_add` meets on one input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchAddEvents {
    /// A scheduled base met a bucket holding the same point: the doubling branch.
    pub doubling: bool,
    /// A scheduled base met a bucket holding its negation: the bucket became empty.
    pub cancelling: bool,
}

/// `msm_best`'s window for n terms: 1 below 4, 3 below 32, else ⌈ln n⌉.
pub fn window(n: usize) -> usize {
    match n {
        0..=3 => 1,
        4..=31 => 3,
        _ => (n as f64).ln().ceil() as usize,
    }
}

/// halo2curves' `get_booth_index(window_index, window_size, el)` on the little-endian bytes
/// of a scalar: the signed bucket digit of window `w`.
fn booth_digit(w: usize, c: usize, le: &[u8]) -> i32 {
    let skip_bits = (w * c).saturating_sub(1);
    let skip_bytes = skip_bits / 8;
    let mut v = [0u8; 4];
    for (dst, src) in v.iter_mut().zip(le.iter().skip(skip_bytes)) {
        *dst = *src;
    }
    let mut tmp = u32::from_le_bytes(v);
    if w == 0 {
        tmp <<= 1;
    }
    tmp >>= skip_bits - skip_bytes * 8;
    tmp &= (1 << (c + 1)) - 1;
    let positive = tmp & (1 << c) == 0;
    tmp = (tmp + 1) >> 1;
    if positive {
        tmp as i32
    } else {
        -(((!(tmp - 1)) & ((1 << c) - 1)) as i32)
    }
}

/// A residue mod the group order (below 2²⁵⁶) in little-endian words: the model's bucket
/// contents, added without allocation.
type Residue = [u64; 4];

/// `x` as a [`Residue`]; `x` must be below 2²⁵⁶.
fn residue(x: &BigUint) -> Residue {
    let mut words = [0u64; 4];
    for (w, digit) in words.iter_mut().zip(x.iter_u64_digits()) {
        *w = digit;
    }
    assert!(x.bits() <= 256, "the model's residues are below 2^256");
    words
}

/// a + b with the carry out of the top word.
fn add_words(a: &Residue, b: &Residue) -> (Residue, bool) {
    let mut sum = [0u64; 4];
    let mut carry = false;
    for i in 0..4 {
        let (s, c1) = a[i].overflowing_add(b[i]);
        let (s, c2) = s.overflowing_add(u64::from(carry));
        sum[i] = s;
        carry = c1 || c2;
    }
    (sum, carry)
}

/// a − b with the borrow out of the top word.
fn sub_words(a: &Residue, b: &Residue) -> (Residue, bool) {
    let mut diff = [0u64; 4];
    let mut borrow = false;
    for i in 0..4 {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(u64::from(borrow));
        diff[i] = d;
        borrow = b1 || b2;
    }
    (diff, borrow)
}

/// (a + b) mod r for a, b < r.
fn add_mod(a: &Residue, b: &Residue, r: &Residue) -> Residue {
    let (sum, carry) = add_words(a, b);
    let (reduced, borrow) = sub_words(&sum, r);
    // sum ≥ r exactly when the addition carried or the subtraction did not borrow.
    if carry || !borrow {
        reduced
    } else {
        sum
    }
}

/// −a mod r for a < r.
fn neg_mod(a: &Residue, r: &Residue) -> Residue {
    if *a == [0; 4] {
        *a
    } else {
        sub_words(r, a).0
    }
}

/// Runs the schedule of every window of the batch-affine path on terms given as (log of the
/// base, scalar), with scalars of `scalar_bits` bits (`PrimeField::NUM_BITS`) below `order`
/// (below 2²⁵⁶).
pub fn batch_add_events(
    logs: &[BigUint],
    scalars: &[BigUint],
    order: &BigUint,
    scalar_bits: usize,
) -> BatchAddEvents {
    let n = logs.len();
    let c = window(n);
    let reprs: Vec<Vec<u8>> = scalars
        .iter()
        .map(|s| {
            let mut le = s.to_bytes_le();
            le.resize(32, 0);
            le
        })
        .collect();
    let r = residue(order);
    let logs: Vec<(Residue, Residue)> = (logs.iter())
        .map(|l| {
            let l = residue(&(l % order));
            (l, neg_mod(&l, &r))
        })
        .collect();
    let mut events = BatchAddEvents::default();
    for w in 0..scalar_bits / c + 1 {
        let mut buckets: Vec<Option<Residue>> = vec![None; 1 << (c - 1)];
        let mut batch: Vec<(usize, Residue)> = Vec::with_capacity(BATCH_SIZE);
        let mut run_batch = |buckets: &mut Vec<Option<Residue>>, batch: &mut Vec<_>| {
            for (bucket, addend) in batch.drain(..) {
                let held: &mut Option<Residue> = &mut buckets[bucket];
                let Some(h) = held.as_ref() else { continue };
                if *h == addend {
                    events.doubling = true;
                    *held = Some(add_mod(h, h, &r));
                } else if *h == neg_mod(&addend, &r) {
                    events.cancelling = true;
                    *held = None;
                } else {
                    *held = Some(add_mod(h, &addend, &r));
                }
            }
        };
        for ((log, minus_log), repr) in logs.iter().zip(&reprs) {
            let digit = booth_digit(w, c, repr);
            if digit == 0 {
                continue;
            }
            let bucket = digit.unsigned_abs() as usize - 1;
            // `Schedule::contains` scans all 64 slots, and an unused slot holds the default
            // bucket 0: bucket 0 always counts as scheduled.
            if bucket == 0 || batch.iter().any(|(b, _)| *b == bucket) {
                continue; // the projective side bucket: no affine arithmetic
            }
            let addend = if digit > 0 { *log } else { *minus_log };
            match &buckets[bucket] {
                None => buckets[bucket] = Some(addend),
                Some(_) => batch.push((bucket, addend)),
            }
            if batch.len() == BATCH_SIZE {
                run_batch(&mut buckets, &mut batch);
            }
        }
        run_batch(&mut buckets, &mut batch);
    }
    events
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
