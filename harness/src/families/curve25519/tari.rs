//! tari_bulletproofs_plus 0.5.3: Bulletproofs+ batch verification against ground truth.
//!
//! ecdiff creates the proofs ([`crate::families::curve25519::adapter_tari::pool`]), so it knows which are valid
//! and which masks they carry; a case draws proofs from the pool and edits some of them. The
//! oracle is that knowledge, never tari:
//!
//! * a batch verifies iff every proof is valid for its statement and the statements share
//!   generators (bit length, extension degree, G/H bases, Gi/Hi chains) — wherever an invalid
//!   proof sits, in the first chunk of 256 or a later one, and whichever final multiscalar
//!   multiplication tari's cost estimate picks (precomputed Straus or Pippenger);
//! * `VerifyOnly` returns no masks; `RecoverAndVerify` and `RecoverOnly` return exactly the
//!   creation masks for seeded statements, for every extension degree, and *other* masks for a
//!   wrong seed (which still verifies);
//! * `RecoverOnly` does not judge validity — the API's contract (`VerifyAction::RecoverOnly`:
//!   "Only recover masks but do not verify the proofs"): it returns `Ok` for a proof whose
//!   scalars were bumped, with the creation masks when the edit does not touch the recovery
//!   inputs (r1, s1) and other masks when it does (d1, a point, the transcript). It still
//!   rejects what fails before recovery: structural errors, inconsistent statements and
//!   non-canonical point encodings (points are decompressed before the recovery step).
//!
//! # Routines
//!
//! | routine | checks |
//! |---|---|
//! | `tari_batch_verify` | acceptance and masks of `verify_batch` (`VerifyOnly`, `RecoverAndVerify`) vs ground truth |
//! | `tari_mask_recovery` | masks of `RecoverOnly` and `RecoverAndVerify` vs the creation masks |
//! | `tari_batch_vs_single` | the batch verdict and each proof's single verdict vs ground truth: the batch accepts iff every single does |
//! | `tari_proof_from_bytes` | `from_bytes` / `to_bytes` vs the documented layout |
//!
//! # Classes
//!
//! Batch sizes are placed by tari's own (recomputed) cost estimate: `crossover_below` is the
//! largest uniform batch still on precomputed Straus, `crossover_at` the first one (and the
//! next) on Pippenger; each case records the path of each chunk (`path_straus`,
//! `path_pippenger`) and, for an invalid proof that reaches the final check, which path had to
//! reject it (`tamper_at_straus`, `tamper_at_pippenger`). Tampering classes: `tamper_r1`,
//! `tamper_s1`, `tamper_d1` (a scalar bumped by one), `tamper_point_replaced`,
//! `tamper_point_noncanonical`, `tamper_truncated`, `tamper_extended` (bytes), `tamper_promise`
//! (a wrong minimum value promise), `tamper_promise_capacity` (a promise ≥ 2ⁿ), `tamper_label`
//! (another transcript label). Generator classes: `gens_shared_arc` (statements cloned from
//! one `RangeParameters`: the `Arc::ptr_eq` shortcut), `gens_separate_identical` (separately
//! built, identical: the element-wise path), `gens_wider_max_agg` (a longer chain with the same
//! prefix: accepted), `gens_foreign` (another H base) and `gens_other_family` (another bit
//! length or extension degree): both must be rejected.
//!
//! A statement with promise `Some(0)` is the same statement as `None` (tari hashes and
//! subtracts 0 for both), so `promise_zero_for_none` entries stay valid.
//!
//! # Known findings and observations
//!
//! * A 1-bit single-commitment proof has no L/R pair; `to_bytes` writes it but `from_bytes`
//!   refuses it, so it verifies in memory and not after a byte round trip. Batches pass such
//!   proofs in memory (class `bits1_single_in_memory`); `tari_proof_from_bytes` documents the
//!   gap as a known finding ([`ONE_BIT_REASON`]).
//! * Generator consistency is checked per chunk of 256: statements with foreign generators
//!   alone in a later chunk verify (each proof is valid for its own statement), while the same
//!   statements in the first chunk make the batch fail. The mixed-generator classes therefore
//!   stay within one chunk (unit test `generator_consistency_is_checked_per_chunk`).
//! * In 0.5.3, `RecoverOnly` decompresses every proof point before recovering masks (and so
//!   rejects non-canonical encodings, as tari's own
//!   `test_recover_only_rejects_invalid_point_encodings` requires), unlike the behaviour note of
//!   <https://github.com/tari-project/bulletproofs-plus/pull/151>, which has decompression
//!   moved after the `RecoverOnly` exit.

pub mod batch_verify;

mod check;
mod classes;
pub(super) mod from_bytes;
mod generate;
mod ground_truth;
pub mod parts;

pub use check::{check, TariCheck};
pub use from_bytes::*;

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
