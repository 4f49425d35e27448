//! The choice tape: a case as the decoder's own choices, grouped by what they built.
//!
//! A case is a pure function of its input bytes, but bytes are a poor thing to minimize: a
//! 2049-term MSM draws most of its randomness from a stream seeded by a hash of the whole
//! input, so changing one byte changes every point. The tape records the case one level up,
//! as the choices [`Gen`](super::Gen) made — a weighted class index, an integer below a bound,
//! a block of bytes — each filed under the *scope* it was made in (`len`, `scalar`,
//! `point.kind`, …) and the occurrence of that scope (the 0th scalar, the 1st scalar, …).
//!
//! Replaying a tape hands each draw the next recorded choice of its own scope occurrence, so
//! editing one occurrence (making scalar 3 a zero, dropping term 5 from every per-term scope)
//! leaves every other occurrence as it was. A draw that finds nothing recorded takes its bytes
//! from a stream seeded by the tape itself (deterministic, and a rejection-sampling loop still
//! ends); the minimizer writes zeros explicitly where it wants the simplest value. This is the internal-reduction idea of Hypothesis (D. R. MacIver and
//! A. F. Donaldson, "Test-Case Reduction via Test-Case Generation: Insights from the Hypothesis
//! Reducer", ECOOP 2020, <https://drops.dagstuhl.de/opus/volltexte/2020/13170/>), with scopes
//! standing in for its spans.
//!
//! A tape is saved as text: the line [`TAPE_MAGIC`] followed by JSON. [`Gen::new`](super::Gen)
//! recognizes it, so a minimized case replays through the same decoder as any corpus file.
//!
//! Users (`scripts/shared-users.py`): the engine and the minimizer, and curve25519's point
//! generator (its value scope).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The first line of a saved tape.
pub const TAPE_MAGIC: &[u8] = b"ecdiff-tape/1\n";

/// One recorded choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Choice {
    /// The index a weighted draw picked.
    W(u32),
    /// An integer below the draw's bound.
    I(u64),
    /// A block of bytes, hex-encoded in the saved form.
    B(#[serde(with = "hex_bytes")] Vec<u8>),
}

impl Choice {
    /// The simplest choice of the same kind: index 0, the integer 0, zero bytes.
    pub fn zero_like(&self) -> Choice {
        match self {
            Choice::W(_) => Choice::W(0),
            Choice::I(_) => Choice::I(0),
            Choice::B(b) => Choice::B(vec![0; b.len()]),
        }
    }

    /// Whether this is already [`Choice::zero_like`].
    pub fn is_zero(&self) -> bool {
        match self {
            Choice::W(i) => *i == 0,
            Choice::I(v) => *v == 0,
            Choice::B(b) => b.iter().all(|&x| x == 0),
        }
    }
}

/// A drawn length, for the minimizer: the length, the shortest length on the same side of
/// every threshold the routine declares, and how to draw another length in its place.
/// [`Lengths::draw`](super::lengths::Lengths::draw) notes every length it draws; a generator
/// with its own length classes (tari's batches) notes its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LengthNote {
    /// The length drawn.
    pub n: usize,
    /// The shortest length in the same threshold interval (at least the routine's minimum).
    pub floor: usize,
    /// The shortest length of the interval below (`floor` when there is none).
    #[serde(default)]
    pub below: usize,
    /// The routine's minimum length (0, or 1 for a non-empty API).
    pub min: usize,
    /// The scope the length was drawn in.
    pub scope: String,
    /// Which occurrence of that scope (set by the decoder).
    #[serde(default)]
    pub occurrence: usize,
    /// The length classes of the draw: a weighted index and the lengths it covers.
    pub classes: Vec<LengthClass>,
}

/// One class of a length draw: weighted index `index` draws `lo..=hi` (a single length, or
/// `lo` plus an integer below `hi − lo + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LengthClass {
    /// The weighted draw's index.
    pub index: u32,
    /// The shortest length of the class.
    pub lo: usize,
    /// The longest.
    pub hi: usize,
}

impl LengthNote {
    /// The choices that make the draw replay length `n`: the first class that holds it.
    pub fn choices_for(&self, n: usize) -> Option<Vec<Choice>> {
        let class = self.classes.iter().find(|c| c.lo <= n && n <= c.hi)?;
        Some(if class.lo == class.hi {
            vec![Choice::W(class.index)]
        } else {
            vec![Choice::W(class.index), Choice::I((n - class.lo) as u64)]
        })
    }
}

/// A case's choices by scope and occurrence.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tape {
    /// `scope → occurrence → choices`. Draws outside every scope are filed under `""`.
    pub scopes: BTreeMap<String, Vec<Vec<Choice>>>,
    /// One note per drawn length, in order. Not saved: the decoder notes them again on every
    /// replay.
    #[serde(skip)]
    pub lengths: Vec<LengthNote>,
}

impl Tape {
    /// The saved form: [`TAPE_MAGIC`] and one JSON line.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = TAPE_MAGIC.to_vec();
        out.extend(serde_json::to_vec(self).expect("a tape serializes"));
        out.push(b'\n');
        out
    }

    /// Parses [`Tape::encode`]'s output; `None` for anything else (such as raw fuzzer bytes).
    pub fn decode(data: &[u8]) -> Option<Tape> {
        let json = data.strip_prefix(TAPE_MAGIC)?;
        serde_json::from_slice(json).ok()
    }

    /// Whether `data` claims to be a tape (starts with [`TAPE_MAGIC`]).
    pub fn is_tape(data: &[u8]) -> bool {
        data.starts_with(TAPE_MAGIC)
    }

    /// The total number of choices: the minimizer's size measure, with the saved length.
    pub fn choice_count(&self) -> usize {
        self.scopes.values().flatten().map(Vec::len).sum()
    }
}

/// Where draws go while a tape is recorded or replayed.
#[derive(Debug, Default)]
pub(super) struct TapeState {
    replay: Option<Tape>,
    record: Tape,
    stack: Vec<Frame>,
    occurrences: BTreeMap<&'static str, usize>,
}

#[derive(Debug)]
struct Frame {
    scope: &'static str,
    occurrence: usize,
    cursor: usize,
}

impl TapeState {
    /// Records only.
    pub(super) fn recording() -> Self {
        let mut s = TapeState::default();
        s.enter("");
        s
    }

    /// Replays `tape` (and records what the replay drew).
    pub(super) fn replaying(tape: Tape) -> Self {
        let mut s = TapeState {
            replay: Some(tape),
            ..TapeState::default()
        };
        s.enter("");
        s
    }

    pub(super) fn is_replaying(&self) -> bool {
        self.replay.is_some()
    }

    pub(super) fn enter(&mut self, scope: &'static str) {
        let occurrence = self.occurrences.entry(scope).or_insert(0);
        let frame = Frame {
            scope,
            occurrence: *occurrence,
            cursor: 0,
        };
        *occurrence += 1;
        let groups = self.record.scopes.entry(scope.to_string()).or_default();
        while groups.len() <= frame.occurrence {
            groups.push(Vec::new());
        }
        self.stack.push(frame);
    }

    pub(super) fn leave(&mut self) {
        self.stack.pop();
    }

    /// The next recorded choice of the current scope occurrence, when replaying.
    pub(super) fn next(&mut self) -> Option<Choice> {
        let frame = self
            .stack
            .last_mut()
            .expect("the root scope is always entered");
        let replay = self.replay.as_ref()?;
        let choice = replay
            .scopes
            .get(frame.scope)
            .and_then(|groups| groups.get(frame.occurrence))
            .and_then(|group| group.get(frame.cursor))
            .cloned();
        frame.cursor += 1;
        choice
    }

    /// Files `choice` under the current scope occurrence.
    pub(super) fn push(&mut self, choice: Choice) {
        let frame = self.stack.last().expect("the root scope is always entered");
        self.record
            .scopes
            .get_mut(frame.scope)
            .expect("entered scopes have a list")[frame.occurrence]
            .push(choice);
    }

    pub(super) fn note_length(&mut self, mut note: LengthNote) {
        note.occurrence = self
            .occurrences
            .get(note.scope.as_str())
            .map_or(0, |n| n.saturating_sub(1));
        self.record.lengths.push(note);
    }

    /// The recorded tape. Empty occurrences stay (a per-term scope keeps one occurrence per
    /// term); scopes with no choice at all go.
    pub(super) fn into_tape(self) -> Tape {
        let mut tape = self.record;
        tape.scopes
            .retain(|_, groups| groups.iter().any(|g| !g.is_empty()));
        tape
    }
}

mod hex_bytes {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&hex::encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let s = String::deserialize(d)?;
        hex::decode(s).map_err(serde::de::Error::custom)
    }
}
