//! Fixed-base windowed scalar multiplication, shared by
//! [`crate::weierstrass::Curve::mul_generator`], [`crate::edwards::mul_base`] and
//! [`crate::gt::pow_e`].
//!
//! # Algorithm
//!
//! The fixed-base "windowing" method with 8-bit windows (HMV, *Guide to ECC*, §3.3.2; Brickell,
//! Gordon, McCurley and Wilson, *Fast exponentiation with precomputation*, EUROCRYPT '92):
//! for a base H of prime order r and W = ⌈bits(r)/8⌉ windows, the table holds
//! `T[j][d] = d·2^(8j)·H` for every window j < W and digit d < 256. A scalar k < 2^(8W) with
//! little-endian bytes k₀ … k_{W−1} is then k·H = Σⱼ T\[j\]\[kⱼ\]: the sum of at most W
//! table entries ([`FixedBaseTable::select`]) instead of ~1.5·bits(k) group operations for
//! double-and-add. The caller sums them with its own group law (the curves do it with one
//! shared inversion per level of a balanced tree).
//!
//! The table is built with the group's own textbook addition only, so it is exactly as
//! trustworthy as that addition; callers test it against their double-and-add. A row doubles
//! its known prefix at each step: with `T[j][0..m]` known, `T[j][m] = T[j][m−1] + T[j][1]` and
//! then `T[j][m+i] = T[j][m] + T[j][i]` for `0 < i < m`, all of them independent additions
//! that the caller's `add_pairs` may do together (the affine curves share one field inversion
//! among them), so a row of 256 entries costs 15 batches instead of 255 additions.
//!
//! # Invariants
//!
//! `T[j][0]` is the identity and `T[j][d] = T[j][d−1] + T[j][1]`; scalars given to
//! [`FixedBaseTable::select`] are already reduced below `2^(8W)` (asserted).

use num_bigint::BigUint;

/// Bits per window.
const WINDOW_BITS: u64 = 8;

/// `[0·H, 1·H, …, (n − 1)·H]` for `n ≥ 2`, doubling the known prefix per step as the module
/// docs describe: `add_pairs` sums independent pairs, in order.
pub(crate) fn multiples<T: Clone>(
    base: &T,
    n: usize,
    identity: &T,
    add_pairs: impl Fn(&[(&T, &T)]) -> Vec<T>,
) -> Vec<T> {
    let mut row = Vec::with_capacity(n);
    row.push(identity.clone());
    row.push(base.clone());
    while row.len() < n {
        // m·H = (m − 1)·H + H, then (m + i)·H = m·H + i·H for 0 < i < m.
        let m = row.len();
        let pivot = add_pairs(&[(&row[m - 1], &row[1])])
            .pop()
            .expect("one sum per pair");
        let pairs: Vec<(&T, &T)> = row[1..m].iter().map(|t| (&pivot, t)).collect();
        let sums = add_pairs(&pairs);
        row.push(pivot);
        row.extend(sums);
    }
    row.truncate(n);
    row
}

/// The precomputed multiples `T[j][d] = d·2^(8j)·H`, see the module documentation.
pub(crate) struct FixedBaseTable<T> {
    rows: Vec<Vec<T>>,
}

impl<T: Clone> FixedBaseTable<T> {
    /// Builds the table for `base`, with enough windows for scalars of `scalar_bits` bits,
    /// using the group law as `add_pairs` (the sums of independent pairs, in order) and its
    /// `identity`.
    pub(crate) fn build(
        base: &T,
        scalar_bits: u64,
        identity: &T,
        add_pairs: impl Fn(&[(&T, &T)]) -> Vec<T>,
    ) -> Self {
        let add = |a: &T, b: &T| add_pairs(&[(a, b)]).pop().expect("one sum per pair");
        let windows = scalar_bits.div_ceil(WINDOW_BITS);
        let mut rows = Vec::new();
        let mut window_base = base.clone();
        for _ in 0..windows {
            let row = multiples(&window_base, 1 << WINDOW_BITS, identity, &add_pairs);
            // 2^(8(j+1))·H = 255·2^(8j)·H + 2^(8j)·H.
            window_base = add(&row[row.len() - 1], &window_base);
            rows.push(row);
        }
        FixedBaseTable { rows }
    }

    /// The table entries whose sum is k·H: `T[j][kⱼ]` for every non-zero byte kⱼ of k, which
    /// must be below `2^(8W)`.
    pub(crate) fn select(&self, k: &BigUint) -> Vec<&T> {
        assert!(
            k.bits() <= self.rows.len() as u64 * WINDOW_BITS,
            "scalar too large for the fixed-base table"
        );
        k.to_bytes_le()
            .iter()
            .zip(&self.rows)
            .filter(|(digit, _)| **digit != 0)
            .map(|(digit, row)| &row[usize::from(*digit)])
            .collect()
    }
}
