//! The class predicates of tari's checks (issue 37: every recorded class is a property of the
//! decoded case, checked by [`crate::engine::Routine::class_holds`]).
//!
//! A batch's classes are read off its entries against the pristine proofs of the pool they
//! were drawn from — their bytes, promises, label and seed — and off its parameters and action:
//! an entry's edit is found by comparing it with its pool proof ([`edit_of`]), never from the
//! entry's own `tamper` or `wrong_seed` notes, which the generator writes. A `from_bytes` case
//! is read the same way, its bytes against its pool proof's.

use super::batch_verify::{Action, Entry, Mode, ParamsChoice, Tamper, TariCase, TAMPER_CLASSES};
use super::generate::{agg_class, bits_class, point_elements, BITS_CLASSES, EXT_CLASSES};
use super::BytesCase;
use crate::families::curve25519::adapter_tari::{
    chunk_uses_pippenger, element_offset, first_pippenger_batch, noncanonical_point, other_point,
    pool, scalar_bytes_add_one, Pool, Shape, CHUNK, PROVE_LABEL,
};
use ecdiff_oracles::edwards::order;
use num_bigint::BigUint;

/// The 32-byte elements at which two byte strings of one length differ.
fn differing_elements(a: &[u8], b: &[u8]) -> Vec<usize> {
    (0..a.len().saturating_sub(1) / 32)
        .filter(|&i| {
            let o = element_offset(i);
            a[o..o + 32] != b[o..o + 32]
        })
        .collect()
}

/// The edit that turns entry `e`'s pool proof into `e`, found by comparing the two (label,
/// first promise, bytes), or `None` for an unedited entry. A first promise that was `None`
/// and is now `Some(0)` is not an edit (`promise_zero_for_none`: the same statement).
pub(super) fn edit_of(pool: &Pool, e: &Entry) -> Option<Tamper> {
    let p = &pool.proofs[e.proof];
    let fam = &pool.families[p.family];
    if e.label != PROVE_LABEL {
        return Some(Tamper::Label);
    }
    let (now, was) = (
        e.promises.first().copied().flatten(),
        p.promises.first().copied().flatten(),
    );
    if now != was && !(was.is_none() && now == Some(0)) {
        let capacity = (fam.bits < 64).then(|| 1u64 << fam.bits);
        let bumped = match was.unwrap_or(0) {
            0 => 1,
            v => v - 1,
        };
        return match now {
            Some(v) if Some(v) == capacity => Some(Tamper::PromiseCapacity),
            Some(v) if v == bumped => Some(Tamper::Promise),
            _ => None,
        };
    }
    let (b, pb) = (e.bytes.as_ref()?, &p.bytes);
    if b.len() < pb.len() && pb.starts_with(b) {
        return Some(Tamper::Truncated(pb.len() - b.len()));
    }
    if b.len() > pb.len() && b.starts_with(pb) {
        return Some(Tamper::Extended(b.len() - pb.len()));
    }
    let [i] = differing_elements(b, pb)[..] else {
        return None;
    };
    let (o, ext) = (element_offset(i), fam.ext);
    let (now, was) = (&b[o..o + 32], &pb[o..o + 32]);
    let points = point_elements(ext, p.rounds(fam.bits));
    if i < ext + 5 && !points.contains(&i) && now == scalar_bytes_add_one(was) {
        return Some(match i {
            i if i == ext + 3 => Tamper::R1,
            i if i == ext + 4 => Tamper::S1,
            i => Tamper::D1(i),
        });
    }
    if points.contains(&i) && now == noncanonical_point() {
        return Some(Tamper::PointNoncanonical(i));
    }
    if points.contains(&i) && now == other_point(was, i as u64) {
        return Some(Tamper::PointReplaced(i));
    }
    None
}

/// Whether the batch `case` of a check in `mode` has the property of `class` (module docs).
pub(super) fn batch_class_holds(mode: Mode, case: &TariCase, class: &str) -> Option<bool> {
    let pool = pool();
    let fam = &pool.families[case.family];
    let entries = &case.entries;
    let n = entries.len();
    let proof = |e: &Entry| &pool.proofs[e.proof];
    let aggs: Vec<usize> = entries.iter().map(|e| proof(e).agg()).collect();
    let edits: Vec<Option<Tamper>> = entries.iter().map(|e| edit_of(pool, e)).collect();
    let edited = |range: &[Option<Tamper>]| range.iter().any(Option::is_some);
    let params = |want: fn(&ParamsChoice) -> bool| entries.iter().any(|e| want(&e.params));
    // Per chunk: whether it takes Pippenger, and whether its statements share generators.
    let chunks: Vec<(bool, bool, &[Option<Tamper>])> = (entries.chunks(CHUNK))
        .zip(edits.chunks(CHUNK))
        .map(|(chunk, edits)| {
            let shapes: Vec<Shape> = chunk.iter().map(|e| (proof(e).agg(), fam.bits)).collect();
            let gens = |e: &Entry| match e.params {
                ParamsChoice::OtherFamily(g) => (g, false),
                ParamsChoice::Foreign => (case.family, true),
                _ => (case.family, false),
            };
            let consistent = chunk.iter().all(|e| gens(e) == gens(&chunk[0]));
            (chunk_uses_pippenger(&shapes, fam.ext), consistent, edits)
        })
        .collect();
    let caught_at = |pippenger: bool| {
        mode != Mode::BatchVsSingle
            && case.action != Action::RecoverOnly
            && chunks.iter().any(|&(p, consistent, edits)| {
                p == pippenger
                    && consistent
                    && edits.iter().flatten().any(|t| t.reaches_final_check())
            })
    };
    let crossover = |at: bool| {
        aggs.iter().any(|&agg| {
            first_pippenger_batch((agg, fam.bits), fam.ext).is_some_and(|k| {
                if at {
                    n == k || n == k + 1
                } else {
                    n + 1 == k
                }
            })
        })
    };
    Some(match class {
        c if BITS_CLASSES.contains(&c) => bits_class(fam.bits) == c,
        c if EXT_CLASSES.contains(&c) => EXT_CLASSES[fam.ext - 1] == c,
        "agg_1" | "agg_2" | "agg_4" | "agg_8" => aggs.iter().any(|&a| agg_class(a) == class),
        "mixed_agg" => aggs.iter().any(|&a| a != aggs[0]),
        "promise_some" => {
            (entries.iter()).any(|e| proof(e).promises.iter().any(|p| p.is_some_and(|v| v > 0)))
        }
        "bits1_single_in_memory" => entries.iter().any(|e| e.bytes.is_none()),
        "batch_1" => n == 1,
        "batch_2" => n == 2,
        "batch_small" => (3..=8).contains(&n),
        "batch_random" => (9..=64).contains(&n),
        "batch_full_chunk" => n == CHUNK,
        "batch_multi_chunk" => (CHUNK + 1..=CHUNK + 40).contains(&n),
        "crossover_at" => crossover(true),
        "crossover_below" => crossover(false),
        "gens_shared_arc" => entries.iter().all(|e| e.params == ParamsChoice::Standard),
        "gens_separate_identical" => params(|p| *p == ParamsChoice::Twin),
        "gens_wider_max_agg" => params(|p| *p == ParamsChoice::Wide),
        "gens_foreign" => params(|p| *p == ParamsChoice::Foreign),
        "gens_other_family" => params(|p| matches!(p, ParamsChoice::OtherFamily(_))),
        "action_verify_only" | "action_recover_and_verify" | "action_recover_only" => {
            case.action.class() == class
        }
        c if TAMPER_CLASSES.contains(&c) => edits.iter().flatten().any(|t| t.class() == c),
        "tamper_none" => !edited(&edits),
        "tamper_first_chunk" => edited(&edits[..n.min(CHUNK)]),
        "tamper_later_chunk" => edited(&edits[n.min(CHUNK)..]),
        "tampered_0" | "tampered_1" | "tampered_2" => {
            let count = edits.iter().flatten().count();
            ["tampered_0", "tampered_1", "tampered_2"].get(count) == Some(&class)
        }
        "tamper_at_straus" => caught_at(false),
        "tamper_at_pippenger" => caught_at(true),
        "path_straus" => chunks.iter().any(|&(p, _, _)| !p),
        "path_pippenger" => chunks.iter().any(|&(p, _, _)| p),
        "promise_zero_for_none" => entries.iter().any(|e| {
            (e.promises.iter().zip(&proof(e).promises))
                .any(|(now, was)| was.is_none() && *now == Some(0))
        }),
        "recover_only_invalid_ok" => {
            case.action == Action::RecoverOnly
                && edits.iter().flatten().any(|t| t.recover_only_accepts())
        }
        "unseeded_entry" => entries.iter().any(|e| proof(e).seed.is_none()),
        "wrong_seed" => entries
            .iter()
            .any(|e| e.seed.is_some() && e.seed != proof(e).seed.map(|s| s.to_bytes())),
        _ => return None,
    })
}

/// Whether the `from_bytes` case has the property of `class`: its bytes against its pool
/// proof's (module docs), never the case's own `class` note.
pub(super) fn bytes_class_holds(case: &BytesCase, class: &str) -> Option<bool> {
    let pool = pool();
    let p = &pool.proofs[case.proof];
    let fam = &pool.families[p.family];
    let (b, pb) = (&case.bytes, &p.bytes);
    let rest_equal = b.len() == pb.len() && b.get(1..) == pb.get(1..);
    let one_element = || -> Option<usize> {
        match (b.len() == pb.len() && b.first() == pb.first()).then(|| differing_elements(b, pb))?[..]
        {
            [i] => Some(i),
            _ => None,
        }
    };
    let points = point_elements(fam.ext, p.rounds(fam.bits));
    Some(match class {
        "roundtrip" => b == pb,
        "empty" => b.is_empty(),
        "truncated_1" | "truncated_32" | "truncated_64" => {
            let k: usize = class["truncated_".len()..].parse().expect("a number");
            b.len() + k.min(pb.len()) == pb.len() && pb.starts_with(b)
        }
        "extended_1" | "extended_32" | "extended_64" => {
            let k: usize = class["extended_".len()..].parse().expect("a number");
            b.len() == pb.len() + k && b.starts_with(pb)
        }
        // The extension byte (the degree, 1 to 6) out of range, or another valid degree.
        "ext_byte_invalid" => rest_equal && !(1..=6).contains(&b[0]),
        "ext_byte_changed" => rest_equal && (1..=6).contains(&b[0]) && b[0] != pb[0],
        // One scalar element (a d1 scalar, r1 or s1) at or above ℓ.
        "scalar_noncanonical" => one_element().is_some_and(|i| {
            let o = element_offset(i);
            !points.contains(&i) && BigUint::from_bytes_le(&b[o..o + 32]) >= *order()
        }),
        "point_bytes_arbitrary" => one_element().is_some_and(|i| points.contains(&i)),
        _ => return None,
    })
}
