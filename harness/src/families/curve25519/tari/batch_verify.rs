//! The batch-verification shape: a batch of proofs drawn from a pool whose ground truth ecdiff
//! knows (it created the proofs), edited by tampering classes, verified under one action.
//!
//! This module holds the library-neutral case model — which proof, which parameters, which
//! edit, which action — and the outputs compared with the ground truth: acceptance, recovered
//! masks (exact creation values, or "anything but" for a wrong seed), the batch verdict
//! against each proof's single verdict. Outputs are compared by [`outputs_match`], never with
//! a library's `==`. The generator and ground truth of tari's Bulletproofs+ live with the
//! family (`families::curve25519::tari`), the library calls in `families::curve25519::adapter_tari`.

/// Which parameters an entry's statement uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamsChoice {
    /// The family's parameters (clones share one precomputation `Arc`).
    Standard,
    /// The family's separately built, identical parameters.
    Twin,
    /// The family's parameters with twice the aggregation capacity.
    Wide,
    /// The family's foreign parameters (another H base).
    Foreign,
    /// Another family's parameters (another bit length or extension degree).
    OtherFamily(usize),
}

/// An edit that makes a proof or its statement invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tamper {
    /// r1 + 1.
    R1,
    /// s1 + 1.
    S1,
    /// d1\[k\] + 1.
    D1(usize),
    /// The point at element index i (A, A1, B or an L/R) replaced by another valid point.
    PointReplaced(usize),
    /// The point at element index i replaced by a non-canonical encoding.
    PointNoncanonical(usize),
    /// The last n bytes removed.
    Truncated(usize),
    /// n bytes appended.
    Extended(usize),
    /// A wrong (in-range) minimum value promise for the first commitment.
    Promise,
    /// A promise of 2ⁿ (beyond the bit length's capacity).
    PromiseCapacity,
    /// The verifier's transcript has another label.
    Label,
}

impl Tamper {
    /// The class recorded for this tampering.
    pub fn class(self) -> &'static str {
        match self {
            Tamper::R1 => "tamper_r1",
            Tamper::S1 => "tamper_s1",
            Tamper::D1(_) => "tamper_d1",
            Tamper::PointReplaced(_) => "tamper_point_replaced",
            Tamper::PointNoncanonical(_) => "tamper_point_noncanonical",
            Tamper::Truncated(_) => "tamper_truncated",
            Tamper::Extended(_) => "tamper_extended",
            Tamper::Promise => "tamper_promise",
            Tamper::PromiseCapacity => "tamper_promise_capacity",
            Tamper::Label => "tamper_label",
        }
    }

    /// Whether the edit is on the proof's bytes (so the proof must travel as bytes).
    pub fn on_bytes(self) -> bool {
        !matches!(
            self,
            Tamper::Promise | Tamper::PromiseCapacity | Tamper::Label
        )
    }

    /// Whether the proof still reaches the final check (it only changes the verification
    /// equation): the invalid proofs only the multiscalar multiplication can catch.
    pub fn reaches_final_check(self) -> bool {
        matches!(
            self,
            Tamper::R1
                | Tamper::S1
                | Tamper::D1(_)
                | Tamper::PointReplaced(_)
                | Tamper::Promise
                | Tamper::Label
        )
    }

    /// Whether `RecoverOnly` still returns `Ok` for the edited proof (it does not verify).
    pub fn recover_only_accepts(self) -> bool {
        self.reaches_final_check()
    }
}

/// Every tampering class.
pub const TAMPER_CLASSES: &[&str] = &[
    "tamper_r1",
    "tamper_s1",
    "tamper_d1",
    "tamper_point_replaced",
    "tamper_point_noncanonical",
    "tamper_truncated",
    "tamper_extended",
    "tamper_promise",
    "tamper_promise_capacity",
    "tamper_label",
];

/// One proof of a batch, with its statement and transcript.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Pool index of the proof.
    pub proof: usize,
    /// The statement's parameters.
    pub params: ParamsChoice,
    /// The edit that invalidates it, if any.
    pub tamper: Option<Tamper>,
    /// The bytes handed to `from_bytes` (edited if the tampering is on bytes); `None` for a
    /// proof passed in memory (1-bit single-commitment proofs, which have no byte form).
    pub bytes: Option<Vec<u8>>,
    /// The statement's minimum value promises.
    pub promises: Vec<Option<u64>>,
    /// The statement's seed nonce.
    pub seed: Option<[u8; 32]>,
    /// Whether that seed is not the one the proof was made with.
    pub wrong_seed: bool,
    /// The verifier's transcript label.
    pub label: &'static [u8],
}

/// The `VerifyAction`s, as a case stores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `VerifyAction::VerifyOnly`.
    VerifyOnly,
    /// `VerifyAction::RecoverAndVerify`.
    RecoverAndVerify,
    /// `VerifyAction::RecoverOnly`.
    RecoverOnly,
}

impl Action {
    /// The action's edge class.
    pub fn class(self) -> &'static str {
        match self {
            Action::VerifyOnly => "action_verify_only",
            Action::RecoverAndVerify => "action_recover_and_verify",
            Action::RecoverOnly => "action_recover_only",
        }
    }
}

/// One batch case.
#[derive(Clone, Debug)]
pub struct TariCase {
    /// The family the batch is drawn from.
    pub family: usize,
    /// The batch.
    pub entries: Vec<Entry>,
    /// The action.
    pub action: Action,
}

/// One recovered blinding factor, or the creation value it must differ from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MaskValue {
    /// Exactly this value.
    Exact([u8; 32]),
    /// Any value but this one (a wrong seed or edited recovery inputs give other masks).
    Not([u8; 32]),
}

/// What `verify_batch` returns for one proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MaskSlot {
    /// `None`.
    NoMask,
    /// `Some(mask)`, one value per extension degree.
    Mask(Vec<MaskValue>),
}

/// The output of a tari routine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TariOutput {
    /// The masks of an accepted batch.
    Masks(Vec<MaskSlot>),
    /// The batch verdict and each proof's single verdict.
    Verdicts {
        /// Whether the whole batch verified.
        batch: bool,
        /// Whether each proof verified on its own.
        singles: Vec<bool>,
    },
}

/// Whether a recovered mask slot matches the ground truth's.
pub fn slot_matches(subject: &MaskSlot, oracle: &MaskSlot) -> bool {
    match (subject, oracle) {
        (MaskSlot::NoMask, MaskSlot::NoMask) => true,
        (MaskSlot::Mask(s), MaskSlot::Mask(o)) => {
            s.len() == o.len()
                && s.iter().zip(o).all(|(s, o)| match (s, o) {
                    (MaskValue::Exact(a), MaskValue::Exact(b)) => a == b,
                    (MaskValue::Exact(a), MaskValue::Not(b)) => a != b,
                    _ => false,
                })
        }
        _ => false,
    }
}

/// Whether a subject's output matches the ground truth's (masks by [`slot_matches`]).
pub fn outputs_match(subject: &TariOutput, oracle: &TariOutput) -> bool {
    match (subject, oracle) {
        (TariOutput::Masks(s), TariOutput::Masks(o)) => {
            s.len() == o.len() && s.iter().zip(o).all(|(s, o)| slot_matches(s, o))
        }
        (a, b) => a == b,
    }
}

/// A readable mask slot.
pub fn render_slot(s: &MaskSlot) -> String {
    match s {
        MaskSlot::NoMask => "None".into(),
        MaskSlot::Mask(v) => {
            let items: Vec<String> = v
                .iter()
                .map(|m| match m {
                    MaskValue::Exact(b) => hex::encode(b),
                    MaskValue::Not(b) => format!("≠{}", hex::encode(b)),
                })
                .collect();
            format!("[{}]", items.join(", "))
        }
    }
}

/// What a tari check runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `tari_batch_verify`.
    BatchVerify,
    /// `tari_mask_recovery`.
    MaskRecovery,
    /// `tari_batch_vs_single`.
    BatchVsSingle,
}
