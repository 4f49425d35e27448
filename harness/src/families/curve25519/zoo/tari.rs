//! tari: batch verifiers that wrap `verify_batch` and skip or alter one step of it (tari's
//! verifier internals are private), and a deserializer that accepts trailing bytes.

use crate::engine::DynRoutine;
use crate::families::curve25519::adapter_tari::{
    chunk_uses_pippenger, reserialize, shares_precomputation, BatchVerifier, Shape, CHUNK,
};
use crate::families::curve25519::tari as tari_check;
use crate::families::curve25519::tari::batch_verify::Mode;
use crate::families::curve25519::tari::Reserialized;
use crate::shapes::Spec;
use curve25519_dalek::ristretto::RistrettoPoint;
use tari_bulletproofs_plus::errors::ProofError;
use tari_bulletproofs_plus::extended_mask::ExtendedMask;
use tari_bulletproofs_plus::range_proof::{RangeProof, VerifyAction};
use tari_bulletproofs_plus::range_statement::RangeStatement;
use tari_bulletproofs_plus::ristretto::RistrettoRangeProof;
use tari_merlin::Transcript;

/// tari's chunking, with `run(chunk, action)` per chunk.
fn per_chunk(
    transcripts: &mut [Transcript],
    statements: &[RangeStatement<RistrettoPoint>],
    proofs: &[RistrettoRangeProof],
    action: VerifyAction,
    mut run: impl FnMut(
        usize,
        &mut [Transcript],
        &[RangeStatement<RistrettoPoint>],
        &[RistrettoRangeProof],
        VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError>,
) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
    if statements.is_empty() {
        return RangeProof::verify_batch(transcripts, statements, proofs, action);
    }
    let mut masks = Vec::new();
    for (c, ((t, s), p)) in transcripts
        .chunks_mut(CHUNK)
        .zip(statements.chunks(CHUNK))
        .zip(proofs.chunks(CHUNK))
        .enumerate()
    {
        masks.extend(run(c, t, s, p, action)?);
    }
    Ok(masks)
}

/// Runs a chunk without its final check: `RecoverOnly` does everything else (consistency,
/// decompression, mask recovery) and never compares the multiscalar result with the identity.
fn unchecked(
    t: &mut [Transcript],
    s: &[RangeStatement<RistrettoPoint>],
    p: &[RistrettoRangeProof],
    action: VerifyAction,
) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
    let masks = RangeProof::verify_batch(t, s, p, VerifyAction::RecoverOnly)?;
    Ok(if action == VerifyAction::VerifyOnly {
        masks.into_iter().map(|_| None).collect()
    } else {
        masks
    })
}

fn chunk_shapes(s: &[RangeStatement<RistrettoPoint>]) -> (Vec<Shape>, usize) {
    let shapes = s
        .iter()
        .map(|st| (st.commitments.len(), st.generators.bit_length()))
        .collect();
    (shapes, s[0].generators.extension_degree() as usize)
}

/// A batch verifier that only verifies the first chunk of 256: later chunks run without their
/// final check. tari_bulletproofs_plus's own history: chunks after the first once reused the
/// leading transcripts (the comment at `range_proof.rs:783`), and tari's
/// `test_batch_larger_than_max_batch_size_is_fully_verified` guards the later chunks.
/// Trigger: an invalid proof at index ≥ 256 (`tamper_later_chunk`).
pub(super) struct LaterChunksUnverified;

impl BatchVerifier for LaterChunksUnverified {
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
        per_chunk(transcripts, statements, proofs, action, |c, t, s, p, a| {
            if c == 0 || a == VerifyAction::RecoverOnly {
                RangeProof::verify_batch(t, s, p, a)
            } else {
                unchecked(t, s, p, a)
            }
        })
    }
}

/// A cost-based dispatch whose one branch never compares the final multiscalar result with the
/// identity (change 1 of <https://github.com/tari-project/bulletproofs-plus/pull/151> added the
/// Pippenger branch next to the precomputed one; a branch that computes but does not check is
/// the "one side of the switch is wrong" class).
/// Trigger: an invalid proof (scalar bump, replaced point, wrong promise or label) in a chunk
/// on the broken side of tari's cost crossover (`tamper_at_pippenger` / `tamper_at_straus`).
pub(super) struct BranchUnchecked {
    pub(super) pippenger: bool,
}

impl BatchVerifier for BranchUnchecked {
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
        per_chunk(transcripts, statements, proofs, action, |_, t, s, p, a| {
            let (shapes, ext) = chunk_shapes(s);
            if a != VerifyAction::RecoverOnly
                && chunk_uses_pippenger(&shapes, ext) == self.pippenger
            {
                unchecked(t, s, p, a)
            } else {
                RangeProof::verify_batch(t, s, p, a)
            }
        })
    }
}

/// A generator consistency check that treats the `Arc::ptr_eq` shortcut as conclusive both
/// ways: statements whose precomputation is not the first one's are rejected, although
/// separately built identical parameters are valid (tari documents `false` as inconclusive,
/// `range_parameters.rs:113`; change 2 of
/// <https://github.com/tari-project/bulletproofs-plus/pull/151> introduced the shortcut).
/// Trigger: `gens_separate_identical` (and `gens_wider_max_agg`).
pub(super) struct PtrEqConclusive;

impl BatchVerifier for PtrEqConclusive {
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
        if let Some(first) = statements.first() {
            if statements
                .iter()
                .any(|s| !shares_precomputation(&s.generators, &first.generators))
            {
                return Err(ProofError::InvalidArgument(
                    "Inconsistent generators (precomputation not shared)".into(),
                ));
            }
        }
        RangeProof::verify_batch(transcripts, statements, proofs, action)
    }
}

/// A batch verifier without the generator consistency check: it verifies every proof against
/// its own statement's generators (one by one), so a batch mixing generators is accepted.
/// tari's `verify_statements_and_generators_consistency` exists to refuse such batches.
/// Trigger: `gens_foreign` and `gens_other_family`.
pub(super) struct ConsistencySkipped;

impl BatchVerifier for ConsistencySkipped {
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
        if statements.is_empty() || statements.len() != proofs.len() {
            return RangeProof::verify_batch(transcripts, statements, proofs, action);
        }
        let mut masks = Vec::new();
        for ((t, s), p) in transcripts
            .chunks_mut(1)
            .zip(statements.chunks(1))
            .zip(proofs.chunks(1))
        {
            masks.extend(RangeProof::verify_batch(t, s, p, action)?);
        }
        Ok(masks)
    }
}

/// Mask recovery that returns the blinding factors of an extended mask in the wrong order
/// (degree k's factor in slot k − 1): an indexing slip of the kind change 5 of
/// <https://github.com/tari-project/bulletproofs-plus/pull/151> (one
/// inversion for all extension degrees) risks. Single-degree masks are unaffected.
/// Trigger: a seeded proof with extension degree ≥ 2 under `RecoverOnly` or
/// `RecoverAndVerify`.
pub(super) struct ExtensionMasksRotated;

impl BatchVerifier for ExtensionMasksRotated {
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
        let masks = RangeProof::verify_batch(transcripts, statements, proofs, action)?;
        masks
            .into_iter()
            .map(|m| match m {
                None => Ok(None),
                Some(m) => {
                    let mut b = m.blindings()?;
                    b.rotate_left(1);
                    let ext = b.len().try_into()?;
                    Ok(Some(ExtendedMask::assign(ext, b)?))
                }
            })
            .collect()
    }
}

/// A fast path for a batch of one proof that skips the final check: a lone invalid proof is
/// accepted, while the same proof in a larger batch is rejected — the batch verdict stops being
/// the conjunction of single verdicts.
/// Trigger: a tampered proof verified on its own (`tampered_1`, `tampered_2`).
pub(super) struct SingleProofUnchecked;

impl BatchVerifier for SingleProofUnchecked {
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
        if statements.len() == 1 && action != VerifyAction::RecoverOnly {
            unchecked(transcripts, statements, proofs, action)
        } else {
            RangeProof::verify_batch(transcripts, statements, proofs, action)
        }
    }
}

/// A deserializer without the "no unused data" check: trailing bytes after the last complete
/// L/R pair are ignored, so a proof has many byte encodings. tari checks leftover tuples and
/// chunks (`range_proof.rs:1306`); trailing data accepted is the class of gnark-crypto's
/// <https://github.com/Consensys/gnark-crypto/commit/90177b295> and LibreSSL's
/// point2oct/oct2point asymmetry (in the bug list of <https://github.com/guidovranken/cryptofuzz>).
/// Trigger: `extended_1`, `extended_32` (and truncations that leave a partial element).
pub(super) fn from_bytes_trailing_accepted(bytes: &[u8]) -> Result<Reserialized, String> {
    if let Some(&ext) = bytes.first() {
        let ext = ext as usize;
        let mut k = (bytes.len() - 1) / 32;
        if k > ext + 5 && (k - ext - 5) % 2 == 1 {
            k -= 1;
        }
        let keep = (1 + 32 * k).min(bytes.len());
        return reserialize(&bytes[..keep]);
    }
    reserialize(bytes)
}

pub(super) fn tari_variant(spec: Spec, subject: impl BatchVerifier) -> Box<dyn DynRoutine> {
    let mode = match spec.name {
        "tari_batch_verify" => Mode::BatchVerify,
        "tari_mask_recovery" => Mode::MaskRecovery,
        _ => Mode::BatchVsSingle,
    };
    Box::new(tari_check::check(spec, mode, subject))
}
