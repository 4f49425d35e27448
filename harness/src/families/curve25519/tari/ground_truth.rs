//! Ground truth: what tari's batch verification must return for a case, from what ecdiff
//! knows of the proofs it created (validity, masks, seeds) — never from tari.

use super::generate::gens_id;
use crate::engine::Outcome;
use crate::families::curve25519::adapter_tari::{pool, Pool, CHUNK};
use crate::families::curve25519::tari::batch_verify::*;
use curve25519_dalek::scalar::Scalar;

/// Ground truth for the masks of one entry of an accepted batch.
fn truth_slot(pool: &Pool, e: &Entry, action: Action) -> MaskSlot {
    if action == Action::VerifyOnly || e.seed.is_none() {
        return MaskSlot::NoMask;
    }
    let p = &pool.proofs[e.proof];
    let creation: Vec<[u8; 32]> = p
        .mask
        .as_ref()
        .expect("a seeded pool proof has its mask")
        .iter()
        .map(Scalar::to_bytes)
        .collect();
    let values = creation
        .iter()
        .enumerate()
        .map(|(k, m)| {
            let differs = e.wrong_seed
                || match e.tamper {
                    None | Some(Tamper::R1) | Some(Tamper::S1) => false,
                    Some(Tamper::D1(j)) => j == k,
                    Some(_) => true,
                };
            if differs {
                MaskValue::Not(*m)
            } else {
                MaskValue::Exact(*m)
            }
        })
        .collect();
    MaskSlot::Mask(values)
}

/// Ground truth for one chunk: `Err` with the reason it must be rejected.
fn truth_chunk(pool: &Pool, f: usize, chunk: &[Entry], action: Action) -> Result<(), String> {
    let first = gens_id(pool, f, &chunk[0]);
    if chunk.iter().any(|e| gens_id(pool, f, e) != first) {
        return Err("statements with different generators".into());
    }
    for e in chunk {
        if let Some(t) = e.tamper {
            if action != Action::RecoverOnly || !t.recover_only_accepts() {
                return Err(format!("an invalid proof ({})", t.class()));
            }
        }
    }
    Ok(())
}

pub(super) fn truth(mode: Mode, case: &TariCase) -> Outcome<TariOutput> {
    let pool = pool();
    match mode {
        Mode::BatchVsSingle => {
            let singles: Vec<bool> = case.entries.iter().map(|e| e.tamper.is_none()).collect();
            Outcome::Value(TariOutput::Verdicts {
                batch: singles.iter().all(|&s| s),
                singles,
            })
        }
        _ => {
            for chunk in case.entries.chunks(CHUNK) {
                if let Err(why) = truth_chunk(pool, case.family, chunk, case.action) {
                    return Outcome::Rejected(format!("ground truth: {why}"));
                }
            }
            Outcome::Value(TariOutput::Masks(
                case.entries
                    .iter()
                    .map(|e| truth_slot(pool, e, case.action))
                    .collect(),
            ))
        }
    }
}
