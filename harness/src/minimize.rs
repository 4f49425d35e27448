//! Domain-aware minimization of a finding: the smallest case that still shows the same bug.
//!
//! The minimizer reduces the decoded case, not its bytes. It records the case as a
//! [`Tape`] — the decoder's choices by scope (`len`, `scalar`, `point.kind`, …; see
//! [`crate::generators::tape`]) — rewrites the tape, replays each candidate through the routine
//! and keeps a change only while the verdict stays the same: the same kind, the same
//! [`attribution`](crate::engine::Verdict::attribution) (a panic's location, an oracle
//! self-check) and the same expected verdict. The passes, each repeated until it finds
//! nothing:
//!
//! 1. **Terms.** For each drawn length, drop terms — first down to the shortest length on the
//!    same side of every threshold the routine declares, then halves, quarters, … down to
//!    single terms — from every scope with one occurrence per term (points, scalars, their
//!    representations), and rewrite the length to match. Only when nothing shorter on that
//!    side of the thresholds keeps the verdict does it try the interval below (its shortest
//!    length, then the length just under the threshold), and so on down: the minimized case
//!    stays on the original's algorithm path whenever the bug needs that path.
//! 2. **Values.** Replace each scalar by 0, 1, 2, −1 or a small value, and each point by the
//!    identity, the generator or a small multiple of it (the generators' `simplest_*` lists).
//! 3. **Choices.** Set each remaining choice to its simplest value (class 0, integer 0, zero
//!    bytes): z = 1 representations, the first class of every draw.
//!
//! Every step makes the tape strictly simpler, so the search ends; a time budget (a few
//! seconds per finding by default) bounds it. The result is saved as a tape
//! ([`Tape::encode`]), which [`crate::generators::Gen`] replays like any corpus file: the
//! same verdict in debug and release. This is delta debugging (A. Zeller and R. Hildebrandt,
//! "Simplifying and Isolating Failure-Inducing Input", IEEE TSE 28(2), 2002,
//! <https://www.st.cs.uni-saarland.de/papers/tse2002/>) over the generator's choices, as in
//! Hypothesis's reducer (see [`crate::generators::tape`]).

use crate::engine::{CaseRun, Detail, DynRoutine, VerdictKind};
use crate::generators::coincidence::{COINCIDENCE_CLASSES, COINCIDENCE_SCOPE};
use crate::generators::tape::{Choice, Tape};
use crate::generators::Bias;
use serde::Serialize;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// The default time budget per finding.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(5);

/// What a bug is, for grouping findings into one report per bug: the routine, the verdict's
/// kind and attribution, the threshold interval of each of the minimized case's lengths, and
/// its edge classes other than the scalars', the lengths' and the coincidences' (a minimized
/// case's scalars are simple values, and which of two equally simple values the search settles
/// on depends on where it started; a coincidence is a relation among the scalars, kept by one
/// minimized witness of a bug and dropped by another, as the planted last-term bug of the tests
/// shows).
///
/// Lengths count by interval, not by value or by the length class that drew them: the
/// minimizer shortens a case towards the shortest length of its interval, but where a time
/// budget or the bug's own shape stops it a term short, or the same length comes from two
/// classes (`len_small` and `len_drop_at` both draw 3), two findings of one bug would
/// otherwise split into two reports. Two lengths on different sides of a threshold the routine
/// declares are different algorithm paths, and stay apart. The exact lengths are kept for
/// display ([`Signature::render`]).
#[derive(Clone, Debug, Serialize)]
pub struct Signature {
    /// The routine.
    pub routine: &'static str,
    /// The verdict's kind.
    pub kind: VerdictKind,
    /// The verdict's attribution ([`crate::engine::Verdict::attribution`]).
    pub attribution: String,
    /// The minimized case's drawn lengths.
    pub lengths: Vec<usize>,
    /// The threshold interval of each drawn length, named by its shortest length
    /// ([`LengthNote::floor`](crate::generators::tape::LengthNote::floor)).
    pub intervals: Vec<usize>,
    /// The minimized case's edge classes, but for the scalars' and the lengths'.
    pub classes: Vec<&'static str>,
}

impl Signature {
    /// The signature of a (minimized) run with its tape.
    pub fn of(run: &CaseRun, tape: Option<&Tape>) -> Self {
        let notes = tape.map(|t| t.lengths.as_slice()).unwrap_or_default();
        Signature {
            routine: run.routine,
            kind: run.verdict.kind,
            attribution: run.verdict.attribution(),
            lengths: notes.iter().map(|note| note.n).collect(),
            intervals: notes.iter().map(|note| note.floor).collect(),
            classes: run
                .classes
                .iter()
                .copied()
                .filter(|c| !c.starts_with("scalar_") && !c.starts_with("len_"))
                .filter(|c| !COINCIDENCE_CLASSES.contains(c))
                .collect(),
        }
    }

    /// Whether two findings are one bug: everything but the exact lengths agrees.
    pub fn same_bug(&self, other: &Signature) -> bool {
        self.routine == other.routine
            && self.kind == other.kind
            && self.attribution == other.attribution
            && self.intervals == other.intervals
            && self.classes == other.classes
    }

    /// One line: `routine: kind [attribution] n=… classes`.
    pub fn render(&self) -> String {
        let mut s = format!("{}: {}", self.routine, self.kind);
        if !self.attribution.is_empty() {
            s.push_str(&format!(" at {}", self.attribution));
        }
        if !self.lengths.is_empty() {
            let n: Vec<String> = self.lengths.iter().map(usize::to_string).collect();
            s.push_str(&format!(", n = {}", n.join("/")));
        }
        s
    }
}

/// A minimized finding.
#[derive(Clone, Debug)]
pub struct Minimized {
    /// The minimized case as a saved tape: replays through the routine's decoder.
    pub bytes: Vec<u8>,
    /// The minimized case's tape.
    pub tape: Tape,
    /// Its run, with details.
    pub run: CaseRun,
    /// The tape's size before and after, in choices.
    pub choices: (usize, usize),
    /// Candidates tried and kept.
    pub tried: usize,
    /// Candidates kept.
    pub kept: usize,
    /// Whether the budget ran out before every pass settled.
    pub out_of_time: bool,
    /// Time spent.
    pub elapsed: Duration,
}

/// Minimizes the case `data` of `routine`, keeping its verdict (kind, attribution, expected).
/// `None` if the case is not a finding or known finding (nothing to keep) or does not decode.
pub fn minimize(
    routine: &dyn DynRoutine,
    data: &[u8],
    bias: Bias,
    budget: Duration,
) -> Option<Minimized> {
    let start = Instant::now();
    let original = routine.run_bytes(data, bias, Detail::OnFinding);
    if !original.decoded || original.verdict.kind == VerdictKind::Agree {
        return None;
    }
    let goal = Goal {
        kind: original.verdict.kind,
        attribution: original.verdict.attribution(),
        expected: original.expected.kind,
    };
    let tape = routine.tape(data, bias)?;
    let mut m = Search {
        routine,
        bias,
        goal,
        deadline: start + budget,
        tried: 0,
        kept: 0,
        out_of_time: false,
        seen: HashSet::new(),
    };
    let before = tape.choice_count();
    // The tape must show the bug before anything is cut (a decoder that reads outside its
    // scopes' bookkeeping would not).
    let mut current = m.accept(&tape, usize::MAX)?;
    loop {
        let mut progress = false;
        progress |= m.drop_coincidences(&mut current);
        progress |= m.drop_terms(&mut current);
        progress |= m.simplify_values(&mut current);
        progress |= m.zero_choices(&mut current);
        if !progress || m.out_of_time {
            break;
        }
    }
    let bytes = current.encode();
    let run = routine.run_bytes(&bytes, bias, Detail::Always);
    Some(Minimized {
        bytes,
        choices: (before, current.choice_count()),
        tape: current,
        run,
        tried: m.tried,
        kept: m.kept,
        out_of_time: m.out_of_time,
        elapsed: start.elapsed(),
    })
}

/// The scopes lengths were drawn in.
fn length_scopes(tape: &Tape) -> HashSet<String> {
    tape.lengths.iter().map(|l| l.scope.clone()).collect()
}

/// The verdict a candidate must keep.
struct Goal {
    kind: VerdictKind,
    attribution: String,
    expected: VerdictKind,
}

struct Search<'r> {
    routine: &'r dyn DynRoutine,
    bias: Bias,
    goal: Goal,
    deadline: Instant,
    tried: usize,
    kept: usize,
    out_of_time: bool,
    seen: HashSet<Vec<u8>>,
}

impl Search<'_> {
    /// Runs `candidate`; if it keeps the verdict, its re-recorded (normalized) tape.
    /// `limit` is the current tape's size: a candidate that makes the decoder draw more is
    /// not simpler, whatever it changed.
    fn accept(&mut self, candidate: &Tape, limit: usize) -> Option<Tape> {
        if Instant::now() >= self.deadline {
            self.out_of_time = true;
            return None;
        }
        self.tried += 1;
        let bytes = candidate.encode();
        let run = self.routine.run_bytes(&bytes, self.bias, Detail::OnFinding);
        let same = run.decoded
            && run.verdict.kind == self.goal.kind
            && run.expected.kind == self.goal.expected
            && run.verdict.attribution() == self.goal.attribution;
        if !same {
            return None;
        }
        let normalized = self.routine.tape(&bytes, self.bias)?;
        if normalized.choice_count() > limit {
            return None;
        }
        // Never return to a tape already kept: the passes' orders cannot cycle.
        if !self.seen.insert(normalized.encode()) {
            return None;
        }
        self.kept += 1;
        Some(normalized)
    }

    /// Pass 1: fewer terms, the same side of every threshold.
    fn drop_terms(&mut self, current: &mut Tape) -> bool {
        let mut progress = false;
        let mut k = 0;
        while k < current.lengths.len() && !self.out_of_time {
            let note = current.lengths[k].clone();
            let n = note.n;
            // Straight to the shortest length of the same interval, keeping the first terms.
            if note.floor < n {
                if let Some(t) = self.try_drop(current, k, note.floor..n, note.floor) {
                    *current = t;
                    progress = true;
                    continue;
                }
            }
            let mut chunk = (n - note.floor).div_ceil(2).max(1);
            let mut dropped = false;
            'chunks: while chunk >= 1 && n - note.floor >= chunk {
                let mut startpos = 0;
                while startpos + chunk <= n {
                    if let Some(t) =
                        self.try_drop(current, k, startpos..startpos + chunk, note.floor)
                    {
                        *current = t;
                        dropped = true;
                        break 'chunks;
                    }
                    if self.out_of_time {
                        break 'chunks;
                    }
                    startpos += chunk;
                }
                if chunk == 1 {
                    break;
                }
                chunk = chunk.div_ceil(2);
            }
            if dropped {
                progress = true;
                continue; // the same length again, now shorter
            }
            // Nothing shorter on this side of the thresholds shows the bug: cross the one
            // below, to the shortest length under it, or else just under it. Kept only if
            // the verdict (kind and attribution) holds there too.
            if note.floor > note.min {
                let crossed = [note.below, note.floor - 1]
                    .into_iter()
                    .find_map(|len| self.try_drop(current, k, len..n, len));
                if let Some(t) = crossed {
                    *current = t;
                    progress = true;
                    continue;
                }
            }
            k += 1;
        }
        progress
    }

    /// Drops terms `range` of length occurrence `k`, if that leaves at least `floor`.
    fn try_drop(
        &mut self,
        current: &Tape,
        k: usize,
        range: std::ops::Range<usize>,
        floor: usize,
    ) -> Option<Tape> {
        let note = &current.lengths[k];
        let n_new = note.n - range.len();
        if range.is_empty() || n_new < floor {
            return None;
        }
        let length_scopes = length_scopes(current);
        let mut t = current.clone();
        *t.scopes.get_mut(&note.scope)?.get_mut(note.occurrence)? = note.choices_for(n_new)?;
        for (name, groups) in t.scopes.iter_mut() {
            if !length_scopes.contains(name) && !name.is_empty() && groups.len() == note.n {
                groups.drain(range.clone());
            }
        }
        self.accept(&t, current.choice_count())
    }

    /// Pass 2: the simplest scalars and points.
    fn simplify_values(&mut self, current: &mut Tape) -> bool {
        // The core's scalars and points, and the value scopes families register
        // (`generators::value_scopes`).
        let lists: Vec<(&str, Vec<Vec<Choice>>)> = (crate::generators::value_scopes().iter())
            .map(|v| (v.scope, (v.simplest)()))
            .collect();
        let mut progress = false;
        for (scope, simplest) in &lists {
            let count = current.scopes.get(*scope).map_or(0, Vec::len);
            for i in 0..count {
                for candidate in simplest {
                    let now = &current.scopes[*scope][i];
                    if now == candidate || self.out_of_time {
                        break; // already this simple (the list is simplest first)
                    }
                    let mut t = current.clone();
                    t.scopes.get_mut(*scope).expect("counted")[i] = candidate.clone();
                    if let Some(t) = self.accept(&t, current.choice_count()) {
                        *current = t;
                        progress = true;
                        break;
                    }
                }
                if current.scopes.get(*scope).map_or(0, Vec::len) != count {
                    return progress; // the decoder drew differently: start the pass again
                }
            }
        }
        progress
    }

    /// Pass 0: each planned coincidence (`generators::coincidence`) dropped, while the scalar
    /// it overrode still holds its drawn value. Later passes would simplify that hidden draw
    /// (the case does not change, so it counts as simpler) and leave the plan needed for the
    /// solved scalar alone, keeping a relation the bug does not need.
    fn drop_coincidences(&mut self, current: &mut Tape) -> bool {
        let mut progress = false;
        let count = current.scopes.get(COINCIDENCE_SCOPE).map_or(0, Vec::len);
        for i in 0..count {
            let group = &current.scopes[COINCIDENCE_SCOPE][i];
            if group.len() == 1 && group[0].is_zero() {
                continue;
            }
            let mut t = current.clone();
            t.scopes.get_mut(COINCIDENCE_SCOPE).expect("counted")[i] = vec![Choice::I(0)];
            if let Some(t) = self.accept(&t, current.choice_count()) {
                *current = t;
                progress = true;
            }
        }
        progress
    }

    /// Pass 3: every remaining choice to its simplest value.
    fn zero_choices(&mut self, current: &mut Tape) -> bool {
        let mut progress = false;
        // Lengths are pass 1's: zeroing one would cross the routine's thresholds.
        let length_scopes = length_scopes(current);
        let names: Vec<String> = current
            .scopes
            .keys()
            .filter(|name| !length_scopes.contains(*name))
            .cloned()
            .collect();
        let value_scopes = crate::generators::value_scopes();
        for name in names {
            // The class choice of a value scope is pass 2's, whose order (identity before
            // random, …) rules.
            let first = usize::from(value_scopes.iter().any(|v| v.scope == name.as_str()));
            let mut i = 0;
            while i < current.scopes.get(&name).map_or(0, Vec::len) {
                let mut j = first;
                while j < current
                    .scopes
                    .get(&name)
                    .and_then(|g| g.get(i))
                    .map_or(0, Vec::len)
                {
                    if self.out_of_time {
                        return progress;
                    }
                    let choice = &current.scopes[&name][i][j];
                    if !choice.is_zero() {
                        let mut t = current.clone();
                        let group = &mut t.scopes.get_mut(&name).expect("listed")[i];
                        group[j] = choice.zero_like();
                        if let Some(t) = self.accept(&t, current.choice_count()) {
                            *current = t;
                            progress = true;
                        }
                    }
                    j += 1;
                }
                i += 1;
            }
        }
        progress
    }
}

/// The planted-bug routine these tests (and the campaign's) use is an arkworks MSM: they run
/// with the `arkworks` feature.
#[cfg(all(test, feature = "arkworks"))]
pub(crate) mod tests {
    use super::*;
    use crate::arkworks::msm;
    use crate::generators::scalars;
    use crate::generators::{case_bytes, CASE_BYTES};
    use crate::shapes::Spec;
    use ark_ec::{CurveGroup, VariableBaseMSM};
    use ecdiff_oracles::curves::Bn254G1;

    /// An MSM that drops its last term from three terms on: two, the threshold's other side,
    /// is fine.
    pub(crate) fn planted() -> impl DynRoutine {
        msm::<Bn254G1, ark_bn254::g1::Config>(
            Spec::new("planted_msm").lengths(64, &[("drop", 3)]),
            |bases, scalars| {
                let n = if bases.len() >= 3 {
                    bases.len() - 1
                } else {
                    bases.len()
                };
                ark_bn254::G1Projective::msm(&bases[..n], &scalars[..n])
                    .expect("equal lengths")
                    .into_affine()
                    .into()
            },
        )
    }

    #[test]
    fn findings_one_term_apart_in_one_threshold_interval_are_one_bug() {
        let routine = planted();
        let signatures: Vec<Signature> = (0..200)
            .map(|i| case_bytes(1, "planted_msm", i, CASE_BYTES))
            .filter_map(|b| {
                let run = routine.run_bytes(&b, Bias::Edge, Detail::OnFinding);
                let tape = routine.tape(&b, Bias::Edge);
                run.is_finding().then(|| Signature::of(&run, tape.as_ref()))
            })
            .collect();
        // Every finding is in the interval 3..=64 that starts at the threshold.
        assert!(signatures.len() > 3, "{} findings", signatures.len());
        assert!(
            signatures.iter().all(|s| s.intervals == [3]),
            "{signatures:?}"
        );
        // Which length class drew the length is not part of the bug.
        assert!(
            signatures
                .iter()
                .flat_map(|s| &s.classes)
                .all(|c| !c.starts_with("len_")),
            "{signatures:?}"
        );
        let a = signatures
            .iter()
            .find(|s| s.lengths[0] >= 4)
            .expect("a longer finding");
        let mut shorter = a.clone();
        shorter.lengths = vec![a.lengths[0] - 1];
        assert!(a.same_bug(&shorter));
        // Across the threshold, or with another class, it is another bug.
        let below = Signature {
            lengths: vec![2],
            intervals: vec![0],
            ..a.clone()
        };
        assert!(!a.same_bug(&below));
        let other_class = Signature {
            classes: vec!["some_other_class"],
            ..a.clone()
        };
        assert!(!a.same_bug(&other_class));
    }

    #[test]
    fn a_planted_bug_minimizes_to_the_threshold_with_simple_values() {
        let routine = planted();
        let (index, bytes) = (0..200)
            .map(|i| (i, case_bytes(1, "planted_msm", i, CASE_BYTES)))
            .find(|(_, b)| {
                let run = routine.run_bytes(b, Bias::Edge, Detail::OnFinding);
                run.is_finding() && run.classes.contains(&"len_random")
            })
            .expect("a long case that shows the bug");
        let m = minimize(&routine, &bytes, Bias::Edge, Duration::from_secs(60))
            .unwrap_or_else(|| panic!("case {index} minimizes"));
        assert!(!m.out_of_time, "the passes settle within the budget");
        assert_eq!(m.run.verdict.kind, VerdictKind::Mismatch);
        // Three terms: the threshold's lower edge, never the other side of it.
        assert_eq!(m.tape.lengths.iter().map(|l| l.n).collect::<Vec<_>>(), [3]);
        // The dropped (last) term must count, so its scalar is not zero; the others are.
        assert_eq!(m.tape.scopes[scalars::SCALAR_SCOPE].len(), 3);
        assert!(m
            .run
            .details
            .as_ref()
            .expect("details")
            .case
            .contains("scalars = [0x0, 0x0, 0x1]"));
        // The saved tape replays to the same verdict through the ordinary decoder.
        let replay = routine.run_bytes(&m.bytes, Bias::Edge, Detail::OnFinding);
        assert_eq!(replay.verdict, m.run.verdict);
        assert!(Tape::is_tape(&m.bytes));
        assert!(m.choices.1 < m.choices.0);
    }
}
