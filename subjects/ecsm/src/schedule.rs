//! The MSB-first double-and-add ladder of one ECSM call.
//!
//! The most significant set bit of `k` is the initial accumulator `A = P` (the ECSM row
//! consumes it), so it never produces a row. Then, from `round = msb(k) − 1` down to 0, one
//! double per round, followed by an add of `P` **at the same round** when bit `round` of
//! `k` is 1. Each row also records the op of the row after it (`next_op`, 0 after the
//! last). A witness therefore has `len_k` doubles and `popcount(k) − 1` adds; `k = 1` has
//! none, `k = 5 = 0b101` gives `[(1,0,0), (0,0,1), (0,1,0)]`.

/// One ladder row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScheduleEntry {
    /// Bit index of `k` the row belongs to.
    pub round: u8,
    /// 0 = double the accumulator, 1 = add the base.
    pub op: u8,
    /// The op of the next row (for a double: bit `round` of `k`; for an add: 0).
    pub next_op: u8,
}

fn bit(k_le: &[u8; 32], i: usize) -> u8 {
    (k_le[i / 8] >> (i % 8)) & 1
}

/// Index of the most significant set bit of a little-endian scalar, `None` for zero.
pub fn msb(k_le: &[u8; 32]) -> Option<usize> {
    (0..256).rev().find(|&i| bit(k_le, i) == 1)
}

/// The schedule of a little-endian scalar (empty for `k ≤ 1`).
pub fn schedule(k_le: &[u8; 32]) -> Vec<ScheduleEntry> {
    let Some(m) = msb(k_le) else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(2 * m);
    let mut round = m as isize - 1;
    let mut op = 0u8;
    while round >= 0 {
        let next_op = if op == 0 {
            bit(k_le, round as usize)
        } else {
            0
        };
        out.push(ScheduleEntry {
            round: round as u8,
            op,
            next_op,
        });
        round -= 1 - next_op as isize;
        op = next_op;
    }
    out
}
