//! Case generation for tari's batch verification: batches drawn from the proof pool, placed
//! on both sides of tari's Straus/Pippenger cost crossover and of its 256-proof chunks, edited
//! by the tampering classes, with the generator-sharing modes (see the parent module).

use crate::families::curve25519::adapter_tari::{
    chunk_uses_pippenger, element_offset, first_pippenger_batch, noncanonical_point, other_point,
    pool, scalar_bytes_add_one, Pool, Shape, CHUNK, OTHER_LABEL, PROVE_LABEL,
};
use crate::families::curve25519::tari::batch_verify::*;
use crate::generators::tape::{LengthClass, LengthNote};
use crate::generators::Gen;
use curve25519_dalek::scalar::Scalar;

/// The bit-length classes.
pub(super) const BITS_CLASSES: &[&str] = &[
    "bits_1", "bits_2", "bits_4", "bits_8", "bits_16", "bits_32", "bits_64",
];
/// The extension-degree classes.
pub(super) const EXT_CLASSES: &[&str] = &["ext_1", "ext_2", "ext_3", "ext_4", "ext_5", "ext_6"];

/// The scope a batch's length is drawn in.
const BATCH_SCOPE: &str = "tari.batch";

/// The scope each proof of a batch is picked in (one occurrence per proof).
const PROOF_SCOPE: &str = "tari.proof";

pub(super) fn bits_class(bits: usize) -> &'static str {
    BITS_CLASSES[bits.trailing_zeros() as usize]
}

pub(super) fn agg_class(agg: usize) -> &'static str {
    match agg {
        1 => "agg_1",
        2 => "agg_2",
        4 => "agg_4",
        _ => "agg_8",
    }
}

/// The generators' identity of an entry: statements verify together iff these agree.
pub(super) fn gens_id(pool: &Pool, family: usize, e: &Entry) -> (usize, bool) {
    match e.params {
        ParamsChoice::Standard | ParamsChoice::Twin | ParamsChoice::Wide => (family, false),
        ParamsChoice::Foreign => (family, true),
        ParamsChoice::OtherFamily(g) => {
            debug_assert!(!pool.proofs[e.proof].foreign);
            (g, false)
        }
    }
}

/// A fresh, valid entry for pool proof `proof` under `params`.
pub(super) fn entry(pool: &Pool, proof: usize, params: ParamsChoice) -> Entry {
    let p = &pool.proofs[proof];
    let bits = pool.families[p.family].bits;
    Entry {
        proof,
        params,
        tamper: None,
        bytes: p.has_bytes(bits).then(|| p.bytes.clone()),
        promises: p.promises.clone(),
        seed: p.seed.map(|s| s.to_bytes()),
        wrong_seed: false,
        label: PROVE_LABEL,
    }
}

/// Applies `t` to `e` (whose proof travels as bytes when `t` is on bytes).
pub(super) fn apply_tamper(pool: &Pool, e: &mut Entry, t: Tamper) {
    let p = &pool.proofs[e.proof];
    let fam = &pool.families[p.family];
    e.tamper = Some(t);
    let ext = fam.ext;
    match t {
        Tamper::Promise => {
            let v = e.promises[0].unwrap_or(0);
            e.promises[0] = Some(if v == 0 { 1 } else { v - 1 });
        }
        Tamper::PromiseCapacity => {
            e.promises[0] = Some(1u64 << fam.bits);
        }
        Tamper::Label => e.label = OTHER_LABEL,
        _ => {
            let b = e
                .bytes
                .as_mut()
                .expect("a byte tampering on a proof with bytes");
            let scalar_at = |b: &mut Vec<u8>, elem: usize| {
                let o = element_offset(elem);
                let bumped = scalar_bytes_add_one(&b[o..o + 32]);
                b[o..o + 32].copy_from_slice(&bumped);
            };
            match t {
                Tamper::R1 => scalar_at(b, ext + 3),
                Tamper::S1 => scalar_at(b, ext + 4),
                Tamper::D1(k) => scalar_at(b, k),
                Tamper::PointReplaced(i) => {
                    let o = element_offset(i);
                    let new = other_point(&b[o..o + 32], i as u64);
                    b[o..o + 32].copy_from_slice(&new);
                }
                Tamper::PointNoncanonical(i) => {
                    let o = element_offset(i);
                    b[o..o + 32].copy_from_slice(&noncanonical_point());
                }
                Tamper::Truncated(n) => {
                    let len = b.len() - n;
                    b.truncate(len);
                }
                Tamper::Extended(n) => {
                    let extra: Vec<u8> = (0..n).map(|i| (i as u8).wrapping_mul(37) | 1).collect();
                    b.extend(extra);
                }
                Tamper::Promise | Tamper::PromiseCapacity | Tamper::Label => unreachable!(),
            }
        }
    }
}

/// The element indices of the points of a proof with extension degree `ext` and `rounds`
/// L/R pairs.
pub(super) fn point_elements(ext: usize, rounds: usize) -> Vec<usize> {
    let mut v = vec![ext, ext + 1, ext + 2];
    v.extend((0..2 * rounds).map(|j| ext + 5 + j));
    v
}

/// Draws the cases of one mode: the generator half of [`super::TariCheck`], which holds nothing
/// else of the check.
#[derive(Clone, Copy, Debug)]
pub(super) struct TariCases {
    pub(super) mode: Mode,
}

impl TariCases {
    pub(super) fn draw_tamper(&self, g: &mut Gen, pool: &Pool, e: &Entry, kinds: &[u8]) -> Tamper {
        let p = &pool.proofs[e.proof];
        let fam = &pool.families[p.family];
        let rounds = p.rounds(fam.bits);
        loop {
            let t = match *g.pick(kinds) {
                0 => Tamper::R1,
                1 => Tamper::S1,
                2 => Tamper::D1(g.below(fam.ext as u64) as usize),
                3 => Tamper::PointReplaced(*g.pick(&point_elements(fam.ext, rounds))),
                4 => Tamper::PointNoncanonical(*g.pick(&point_elements(fam.ext, rounds))),
                5 => Tamper::Truncated(*g.pick(&[1, 32, 64])),
                6 => Tamper::Extended(*g.pick(&[1, 32, 64])),
                7 => Tamper::Promise,
                8 if fam.bits < 64 => Tamper::PromiseCapacity,
                8 => continue,
                _ => Tamper::Label,
            };
            return t;
        }
    }

    /// Makes entry `i` invalid with a tampering drawn from `kinds`, swapping its proof for a
    /// byte-capable one of the family if the tampering is on bytes and the proof has none.
    pub(super) fn tamper_entry(
        &self,
        g: &mut Gen,
        pool: &Pool,
        entries: &mut [Entry],
        i: usize,
        kinds: &[u8],
    ) {
        let t = self.draw_tamper(g, pool, &entries[i], kinds);
        if t.on_bytes() && entries[i].bytes.is_none() {
            let p = &pool.proofs[entries[i].proof];
            let fam = &pool.families[p.family];
            let with_bytes: Vec<usize> = fam
                .proofs
                .iter()
                .copied()
                .filter(|&j| pool.proofs[j].has_bytes(fam.bits))
                .collect();
            entries[i] = entry(pool, *g.pick(&with_bytes), entries[i].params);
            let t = self.draw_tamper(g, pool, &entries[i], &[kinds_on_bytes(t)]);
            apply_tamper(pool, &mut entries[i], t);
        } else {
            apply_tamper(pool, &mut entries[i], t);
        }
    }

    /// The batch: its size class, then its proofs.
    pub(super) fn draw_batch(&self, g: &mut Gen, pool: &Pool, f: usize) -> Vec<Entry> {
        let fam = &pool.families[f];
        let own = &fam.proofs;
        let weights: &[u32] = match self.mode {
            //            1  2  small below at random full multi
            Mode::BatchVerify => &[8, 6, 12, 14, 14, 12, 4, 9],
            Mode::MaskRecovery => &[10, 0, 30, 0, 0, 20, 0, 6],
            Mode::BatchVsSingle => &[12, 8, 20, 16, 16, 0, 0, 0],
        };
        let shape_agg = |g: &mut Gen| -> usize {
            let aggs: Vec<usize> = own.iter().map(|&j| pool.proofs[j].agg()).collect();
            *g.pick(&aggs)
        };
        let (class, n, uniform) = g.scope(BATCH_SCOPE, |g| match g.weighted(weights) {
            0 => ("batch_1", 1, None),
            1 => ("batch_2", 2, None),
            2 => ("batch_small", g.range(3, 8), None),
            idx @ (3 | 4) => {
                let agg = shape_agg(g);
                let k = first_pippenger_batch((agg, fam.bits), fam.ext)
                    .expect("every pool shape crosses over within one chunk");
                if idx == 4 || k == 1 {
                    ("crossover_at", k + g.range(0, 1), Some(agg))
                } else {
                    ("crossover_below", k - 1, Some(agg))
                }
            }
            5 => ("batch_random", g.range(9, 64), None),
            6 => ("batch_full_chunk", CHUNK, None),
            _ => ("batch_multi_chunk", g.range(CHUNK + 1, CHUNK + 40), None),
        });
        g.hit(class);
        // For the minimizer: the batch's length classes (those this mode draws), and the
        // shortest batch on the same side of the Straus/Pippenger crossover and the chunk size.
        let classes = [(0, 1, 1), (1, 2, 2), (2, 3, 8), (5, 9, 64)]
            .into_iter()
            .filter(|&(index, _, _)| weights[index as usize] > 0)
            .map(|(index, lo, hi)| LengthClass { index, lo, hi })
            .collect();
        let floor = match class {
            "crossover_at" => uniform
                .and_then(|agg| first_pippenger_batch((agg, fam.bits), fam.ext))
                .unwrap_or(1),
            "batch_full_chunk" => CHUNK,
            "batch_multi_chunk" => CHUNK + 1,
            _ => 1,
        };
        g.note_length(LengthNote {
            n,
            floor,
            below: 1,
            min: 1,
            scope: BATCH_SCOPE.to_string(),
            occurrence: 0,
            classes,
        });
        let candidates: Vec<usize> = match (self.mode, uniform) {
            (_, Some(agg)) => own
                .iter()
                .copied()
                .filter(|&j| pool.proofs[j].agg() == agg)
                .collect(),
            // Mask recovery wants seeded proofs; an unseeded (aggregated) one now and then.
            (Mode::MaskRecovery, None) => own
                .iter()
                .copied()
                .filter(|&j| pool.proofs[j].seed.is_some())
                .collect(),
            (_, None) => own.clone(),
        };
        let mut entries: Vec<Entry> = (0..n)
            .map(|_| {
                g.scope(PROOF_SCOPE, |g| {
                    entry(pool, *g.pick(&candidates), ParamsChoice::Standard)
                })
            })
            .collect();
        if self.mode == Mode::MaskRecovery && g.chance(1, 4) {
            let unseeded: Vec<usize> = own
                .iter()
                .copied()
                .filter(|&j| pool.proofs[j].seed.is_none())
                .collect();
            let at = g.below(n as u64) as usize;
            entries[at] = entry(pool, *g.pick(&unseeded), ParamsChoice::Standard);
            g.hit("unseeded_entry");
        }
        entries
    }

    /// Which generators the statements use.
    pub(super) fn draw_generators(
        &self,
        g: &mut Gen,
        pool: &Pool,
        f: usize,
        entries: &mut [Entry],
    ) {
        let fam = &pool.families[f];
        let n = entries.len();
        let weights: &[u32] = match self.mode {
            //                   shared twin wide foreign other
            Mode::BatchVerify => &[56, 12, 8, 12, 12],
            Mode::MaskRecovery => &[70, 15, 15, 0, 0],
            Mode::BatchVsSingle => &[70, 30, 0, 0, 0],
        };
        let single_chunk = n <= CHUNK;
        match g.weighted(weights) {
            1 => {
                for e in entries.iter_mut() {
                    if g.chance(1, 2) {
                        e.params = ParamsChoice::Twin;
                    }
                }
                let at = g.below(n as u64) as usize;
                entries[at].params = ParamsChoice::Twin;
                g.hit("gens_separate_identical");
            }
            2 => {
                let at = g.below(n as u64) as usize;
                entries[at].params = ParamsChoice::Wide;
                g.hit("gens_wider_max_agg");
            }
            // Mixed generators only within one chunk: tari checks consistency per chunk, so a
            // foreign statement alone in a later chunk is (soundly) accepted.
            3 if single_chunk && n >= 2 && !fam.foreign_proofs.is_empty() => {
                let at = g.below(n as u64) as usize;
                entries[at] = entry(pool, *g.pick(&fam.foreign_proofs), ParamsChoice::Foreign);
                g.hit("gens_foreign");
            }
            4 if single_chunk && n >= 2 => {
                let other = (f + 1 + g.below(pool.families.len() as u64 - 1) as usize)
                    % pool.families.len();
                let at = g.below(n as u64) as usize;
                let proof = *g.pick(&pool.families[other].proofs);
                entries[at] = entry(pool, proof, ParamsChoice::OtherFamily(other));
                g.hit("gens_other_family");
            }
            _ => g.hit("gens_shared_arc"),
        }
    }

    /// Records the path of each chunk that reaches the final check, and where a tampered
    /// proof had to be caught.
    pub(super) fn record_paths(
        &self,
        g: &mut Gen,
        pool: &Pool,
        f: usize,
        entries: &[Entry],
        action: Action,
    ) {
        let fam = &pool.families[f];
        for (c, chunk) in entries.chunks(CHUNK).enumerate() {
            let consistent = chunk
                .iter()
                .all(|e| gens_id(pool, f, e) == gens_id(pool, f, &chunk[0]));
            let shapes: Vec<Shape> = chunk
                .iter()
                .map(|e| (pool.proofs[e.proof].agg(), fam.bits))
                .collect();
            let pippenger = chunk_uses_pippenger(&shapes, fam.ext);
            g.hit(if pippenger {
                "path_pippenger"
            } else {
                "path_straus"
            });
            for e in chunk {
                if let Some(t) = e.tamper {
                    g.hit(if c == 0 {
                        "tamper_first_chunk"
                    } else {
                        "tamper_later_chunk"
                    });
                    if t.reaches_final_check()
                        && consistent
                        && action != Action::RecoverOnly
                        && self.mode != Mode::BatchVsSingle
                    {
                        g.hit(if pippenger {
                            "tamper_at_pippenger"
                        } else {
                            "tamper_at_straus"
                        });
                    }
                }
            }
        }
    }

    /// The unbiased baseline: a uniform family, 1 to 64 proofs drawn uniformly from it,
    /// shared generators, and half the time one invalid proof; no classes.
    pub(super) fn generate_uniform(&self, g: &mut Gen) -> TariCase {
        let pool = pool();
        let f = g.below(pool.families.len() as u64) as usize;
        let fam = &pool.families[f];
        let n = g.range(1, 64);
        let mut entries: Vec<Entry> = (0..n)
            .map(|_| entry(pool, *g.pick(&fam.proofs), ParamsChoice::Standard))
            .collect();
        let (action, kinds): (Action, &[u8]) = match self.mode {
            Mode::BatchVerify if g.chance(1, 2) => {
                (Action::RecoverAndVerify, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
            }
            Mode::BatchVerify => (Action::VerifyOnly, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
            Mode::MaskRecovery if g.chance(1, 2) => {
                (Action::RecoverOnly, &[0, 1, 2, 3, 4, 5, 7, 9])
            }
            Mode::MaskRecovery => (Action::RecoverAndVerify, &[0, 1, 2, 3, 4, 5, 7, 9]),
            Mode::BatchVsSingle => (Action::VerifyOnly, &[0, 1, 2, 3, 4, 5, 6, 7, 9]),
        };
        if g.chance(1, 2) {
            let i = g.below(n as u64) as usize;
            self.tamper_entry(g, pool, &mut entries, i, kinds);
        }
        TariCase {
            family: f,
            entries,
            action,
        }
    }

    pub(super) fn generate_case(&self, g: &mut Gen) -> TariCase {
        if !g.edgy() {
            return self.generate_uniform(g);
        }
        let pool = pool();
        let f = g.below(pool.families.len() as u64) as usize;
        let fam = &pool.families[f];
        g.hit(bits_class(fam.bits));
        g.hit(EXT_CLASSES[fam.ext - 1]);
        let mut entries = self.draw_batch(g, pool, f);
        self.draw_generators(g, pool, f, &mut entries);
        let n = entries.len();
        let action = match self.mode {
            Mode::BatchVerify if g.chance(2, 5) => Action::RecoverAndVerify,
            Mode::BatchVerify | Mode::BatchVsSingle => Action::VerifyOnly,
            Mode::MaskRecovery if g.chance(1, 2) => Action::RecoverOnly,
            Mode::MaskRecovery => Action::RecoverAndVerify,
        };
        if self.mode != Mode::BatchVsSingle {
            g.hit(action.class());
        }
        // Wrong seeds (mask recovery) and equivalent promises.
        if self.mode == Mode::MaskRecovery && g.chance(1, 4) {
            let seeded: Vec<usize> = (0..n).filter(|&i| entries[i].seed.is_some()).collect();
            if !seeded.is_empty() {
                let i = *g.pick(&seeded);
                let mut s = entries[i].seed.expect("seeded");
                s[0] ^= 1;
                entries[i].seed = Some(Scalar::from_bytes_mod_order(s).to_bytes());
                entries[i].wrong_seed = true;
                g.hit("wrong_seed");
            }
        }
        if self.mode == Mode::BatchVerify && g.chance(1, 10) {
            let i = g.below(n as u64) as usize;
            if let Some(j) = entries[i].promises.iter().position(Option::is_none) {
                entries[i].promises[j] = Some(0);
                g.hit("promise_zero_for_none");
            }
        }
        // Invalid proofs.
        match self.mode {
            Mode::BatchVerify => {
                let p = if n > CHUNK { 14 } else { 12 };
                if g.chance(p, 20) {
                    let i = if n > CHUNK && g.chance(7, 10) {
                        g.range(CHUNK, n - 1)
                    } else {
                        g.below(n.min(CHUNK) as u64) as usize
                    };
                    self.tamper_entry(g, pool, &mut entries, i, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
                    g.hit(entries[i].tamper.expect("tampered").class());
                } else {
                    g.hit("tamper_none");
                }
            }
            Mode::MaskRecovery => {
                if g.chance(3, 5) {
                    let seeded: Vec<usize> =
                        (0..n).filter(|&i| entries[i].seed.is_some()).collect();
                    let i = if seeded.is_empty() {
                        0
                    } else {
                        *g.pick(&seeded)
                    };
                    self.tamper_entry(g, pool, &mut entries, i, &[0, 1, 2, 3, 4, 5, 7, 9]);
                    let t = entries[i].tamper.expect("tampered");
                    g.hit(t.class());
                    if action == Action::RecoverOnly && t.recover_only_accepts() {
                        g.hit("recover_only_invalid_ok");
                    }
                } else {
                    g.hit("tamper_none");
                }
            }
            Mode::BatchVsSingle => {
                let k = g.weighted(&[40, 40, 20]);
                let mut at: Vec<usize> = (0..n).collect();
                for j in 0..k.min(n) {
                    let pick = g.range(j, n - 1);
                    at.swap(j, pick);
                    self.tamper_entry(g, pool, &mut entries, at[j], &[0, 1, 2, 3, 4, 5, 6, 7, 9]);
                    g.hit(entries[at[j]].tamper.expect("tampered").class());
                }
                g.hit(["tampered_0", "tampered_1", "tampered_2"][k.min(n)]);
            }
        }
        // Shape classes.
        for e in &entries {
            let p = &pool.proofs[e.proof];
            g.hit(agg_class(p.agg()));
            if p.promises.iter().any(|x| x.is_some_and(|v| v > 0)) {
                g.hit("promise_some");
            }
            if e.bytes.is_none() {
                g.hit("bits1_single_in_memory");
            }
        }
        if entries
            .iter()
            .any(|e| pool.proofs[e.proof].agg() != pool.proofs[entries[0].proof].agg())
        {
            g.hit("mixed_agg");
        }
        self.record_paths(g, pool, f, &entries, action);
        TariCase {
            family: f,
            entries,
            action,
        }
    }

    pub(super) fn classes(&self) -> Vec<&'static str> {
        let mut v: Vec<&'static str> = Vec::new();
        v.extend(BITS_CLASSES);
        v.extend(EXT_CLASSES);
        v.extend(["agg_1", "agg_2", "agg_4", "agg_8", "promise_some"]);
        v.extend(["path_straus", "path_pippenger", "tamper_first_chunk"]);
        match self.mode {
            Mode::BatchVerify => {
                v.extend([
                    "batch_1",
                    "batch_2",
                    "batch_small",
                    "crossover_below",
                    "crossover_at",
                    "batch_random",
                    "batch_full_chunk",
                    "batch_multi_chunk",
                    "mixed_agg",
                    "bits1_single_in_memory",
                    "tamper_none",
                    "tamper_later_chunk",
                    "tamper_at_straus",
                    "tamper_at_pippenger",
                    "gens_shared_arc",
                    "gens_separate_identical",
                    "gens_wider_max_agg",
                    "gens_foreign",
                    "gens_other_family",
                    "promise_zero_for_none",
                    "action_verify_only",
                    "action_recover_and_verify",
                ]);
                v.extend(TAMPER_CLASSES);
            }
            Mode::MaskRecovery => {
                v.extend([
                    "batch_1",
                    "batch_small",
                    "batch_random",
                    "batch_multi_chunk",
                    "unseeded_entry",
                    "wrong_seed",
                    "tamper_none",
                    "tamper_at_straus",
                    "tamper_at_pippenger",
                    "recover_only_invalid_ok",
                    "gens_shared_arc",
                    "gens_separate_identical",
                    "gens_wider_max_agg",
                    "action_recover_only",
                    "action_recover_and_verify",
                ]);
                v.extend(
                    TAMPER_CLASSES
                        .iter()
                        .filter(|c| !matches!(**c, "tamper_extended" | "tamper_promise_capacity")),
                );
            }
            Mode::BatchVsSingle => {
                v.extend([
                    "batch_1",
                    "batch_2",
                    "batch_small",
                    "crossover_below",
                    "crossover_at",
                    "tampered_0",
                    "tampered_1",
                    "tampered_2",
                    "gens_shared_arc",
                    "gens_separate_identical",
                ]);
            }
        }
        v
    }
}

/// The tampering-kind index of `t` (for redrawing the same kind on another proof).
pub(super) fn kinds_on_bytes(t: Tamper) -> u8 {
    match t {
        Tamper::R1 => 0,
        Tamper::S1 => 1,
        Tamper::D1(_) => 2,
        Tamper::PointReplaced(_) => 3,
        Tamper::PointNoncanonical(_) => 4,
        Tamper::Truncated(_) => 5,
        Tamper::Extended(_) => 6,
        Tamper::Promise => 7,
        Tamper::PromiseCapacity => 8,
        Tamper::Label => 9,
    }
}
