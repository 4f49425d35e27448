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

/// What [`Lengths::draw`](super::lengths::Lengths::draw) drew, for the minimizer: the length
/// and the shortest length on the same side of every threshold the routine declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
}

/// A case's choices by scope and occurrence.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tape {
    /// `scope → occurrence → choices`. Draws outside every scope are filed under `""`.
    pub scopes: BTreeMap<String, Vec<Vec<Choice>>>,
    /// One note per `len` occurrence, in order.
    #[serde(default)]
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

    pub(super) fn note_length(&mut self, note: LengthNote) {
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
