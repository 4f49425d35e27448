//! The one decoder: bytes in, an edge-biased case out.
//!
//! Every way of running ecdiff draws its cases through [`Gen`]: the fuzz targets hand it
//! libFuzzer's bytes, the proptest suites and the CLI hand it seeded random bytes, and corpus
//! replay hands it a file. The case is a pure function of the bytes, so a replayed file runs
//! exactly what the fuzzer ran.
//!
//! `Gen` reads from an [`arbitrary::Unstructured`] over the input. Cases can need far more
//! randomness than a short input holds (an MSM over 2049 points), so once the input is used up
//! the remaining draws come from a ChaCha8 stream seeded with a stable 64-bit hash of the whole
//! input. The first draws — the structural choices: lengths, edge classes, the first elements —
//! stay under the fuzzer's direct control.
//!
//! Edge classes are drawn on purpose with set probabilities (see [`Bias::Edge`]) and counted:
//! each draw that lands in a class records it with [`Gen::hit`], and a routine's suite fails if
//! a class the routine declares is never reached. [`Bias::Uniform`] is the unbiased baseline
//! the bug zoo measures against.
//!
//! A case can also be given as a [`tape::Tape`] — the decoder's own choices, by scope — which
//! is how the minimizer rewrites a finding and saves it ([`tape`] explains).

pub mod coincidence;
pub mod gt;
pub mod lengths;
pub mod log_check;
pub mod points;
pub mod scalars;
pub mod tape;

use arbitrary::Unstructured;
use num_bigint::BigUint;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use std::sync::Mutex;
use tape::{Choice, LengthNote, Tape, TapeState};

/// The fillers of the pools generators build on first use (points, GT elements, a family's
/// own pools), each registered once by its pool ([`register_pool`]).
static POOL_FILLERS: Mutex<Vec<fn()>> = Mutex::new(Vec::new());

/// Registers `fill`, which builds a lazily built pool whole. A pool calls it once, when it is
/// first drawn from, so [`fill_pools`] reaches every pool in use without the core naming it.
pub fn register_pool(fill: fn()) {
    POOL_FILLERS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(fill);
}

/// Builds every pool drawn from so far in this process whole, so that later draws are lookups
/// only: a fuzz target's warm-up (`crate::fuzz::warm_up`) calls it after its first cases.
pub fn fill_pools() {
    let fills = POOL_FILLERS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone();
    for fill in fills {
        fill();
    }
}

/// A scope whose first choice picks a value's class (identity, generator, random, …), and the
/// choices that make an occurrence of it replay its simplest values, simplest first: what the
/// minimizer's value pass tries ([`crate::minimize`]).
#[derive(Clone, Copy, Debug)]
pub struct ValueScope {
    /// The scope's name, as [`Gen::scope`] records it.
    pub scope: &'static str,
    /// Its simplest values' choices, simplest first.
    pub simplest: fn() -> Vec<Vec<Choice>>,
}

/// The value scopes of the generators outside the core ([`register_value_scope`]).
static VALUE_SCOPES: Mutex<Vec<ValueScope>> = Mutex::new(Vec::new());

/// Declares a value scope of a generator outside the core (a family's own points), so the
/// minimizer simplifies it as it does scalars and points. Registering a scope twice keeps the
/// first.
pub fn register_value_scope(scope: ValueScope) {
    let mut scopes = VALUE_SCOPES.lock().unwrap_or_else(|e| e.into_inner());
    if !scopes.iter().any(|s| s.scope == scope.scope) {
        scopes.push(scope);
    }
}

/// The value scopes: the core's scalars and points, then the registered ones.
pub fn value_scopes() -> Vec<ValueScope> {
    let core = [
        ValueScope {
            scope: scalars::SCALAR_SCOPE,
            simplest: scalars::simplest_scalars,
        },
        ValueScope {
            scope: points::KIND_SCOPE,
            simplest: points::simplest_points,
        },
    ];
    let registered = VALUE_SCOPES.lock().unwrap_or_else(|e| e.into_inner());
    core.into_iter().chain(registered.iter().copied()).collect()
}

/// How draws are biased.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Bias {
    /// Edge classes drawn on purpose (the default for every run).
    Edge,
    /// No edge bias: uniform scalars and points, uniform lengths in the same range.
    Uniform,
}

/// The decoder state for one case.
pub struct Gen<'a> {
    input: Unstructured<'a>,
    fallback: Option<ChaCha8Rng>,
    fallback_seed: u64,
    bias: Bias,
    classes: BTreeSet<&'static str>,
    /// Set while a tape is recorded or replayed (never in campaigns' hot path).
    tape: Option<Box<TapeState>>,
}

impl<'a> Gen<'a> {
    /// A decoder over `data`: raw bytes, or a saved [`Tape`] (which is then replayed).
    pub fn new(data: &'a [u8], bias: Bias) -> Self {
        let tape = Tape::decode(data).map(|t| Box::new(TapeState::replaying(t)));
        Gen {
            input: Unstructured::new(if tape.is_some() { &[] } else { data }),
            fallback: None,
            fallback_seed: stable_hash(data),
            bias,
            classes: BTreeSet::new(),
            tape,
        }
    }

    /// A decoder over `data` that records its choices ([`Gen::take_tape`]).
    pub fn recording(data: &'a [u8], bias: Bias) -> Self {
        let mut g = Gen::new(data, bias);
        if g.tape.is_none() {
            g.tape = Some(Box::new(TapeState::recording()));
        }
        g
    }

    /// The choices recorded so far (empty unless built by [`Gen::recording`] or replaying).
    pub fn take_tape(&mut self) -> Tape {
        self.tape.take().map(|t| t.into_tape()).unwrap_or_default()
    }

    /// Runs `draw` as one occurrence of `scope`: its choices are recorded and replayed
    /// together, so the minimizer can rewrite or drop them as a unit. Scope names are global
    /// (`scalar`, `point.kind`, `len`): one name, one kind of thing.
    pub fn scope<T>(&mut self, scope: &'static str, draw: impl FnOnce(&mut Self) -> T) -> T {
        if self.tape.is_none() {
            return draw(self);
        }
        self.tape.as_mut().expect("checked").enter(scope);
        let out = draw(self);
        self.tape.as_mut().expect("checked").leave();
        out
    }

    /// Notes a drawn length for the minimizer (see [`LengthNote`]).
    pub fn note_length(&mut self, note: LengthNote) {
        if let Some(t) = self.tape.as_mut() {
            t.note_length(note);
        }
    }

    /// The next replayed choice, if a tape is replayed and has one here. Past a scope
    /// occurrence's recorded choices, draws come from the fallback stream (seeded by the
    /// tape's bytes): deterministic, and a rejection-sampling loop still ends.
    fn replayed(&mut self) -> Option<Choice> {
        let t = self.tape.as_mut()?;
        if !t.is_replaying() {
            return None;
        }
        t.next()
    }

    fn record(&mut self, choice: impl FnOnce() -> Choice) {
        if let Some(t) = self.tape.as_mut() {
            t.push(choice());
        }
    }

    /// The bias of this run.
    pub fn bias(&self) -> Bias {
        self.bias
    }

    /// Whether edge classes should be drawn on purpose.
    pub fn edgy(&self) -> bool {
        self.bias == Bias::Edge
    }

    /// Records that the case being built belongs to `class`.
    pub fn hit(&mut self, class: &'static str) {
        self.classes.insert(class);
    }

    /// Records a class whose name is built at run time (interned once per distinct name).
    pub fn hit_owned(&mut self, class: String) {
        self.classes.insert(intern(class));
    }

    /// Takes back a class recorded earlier that the finished case no longer has: a later draw
    /// replaced what it described (the generator checks that on the case itself).
    pub fn withdraw(&mut self, class: &str) {
        self.classes.remove(class);
    }

    /// The classes recorded so far.
    pub fn classes(&self) -> &BTreeSet<&'static str> {
        &self.classes
    }

    /// Consumes the decoder, returning the classes it recorded.
    pub fn into_classes(self) -> BTreeSet<&'static str> {
        self.classes
    }

    fn fallback(&mut self) -> &mut ChaCha8Rng {
        let seed = self.fallback_seed;
        self.fallback
            .get_or_insert_with(|| ChaCha8Rng::seed_from_u64(seed))
    }

    /// Fills `buf` from the input while it lasts, then from the fallback stream.
    pub fn fill(&mut self, buf: &mut [u8]) {
        if let Some(choice) = self.replayed() {
            buf.fill(0);
            let bytes = match choice {
                Choice::B(b) => b,
                Choice::W(v) => u64::from(v).to_le_bytes().to_vec(),
                Choice::I(v) => v.to_le_bytes().to_vec(),
            };
            let k = bytes.len().min(buf.len());
            buf[..k].copy_from_slice(&bytes[..k]);
        } else {
            self.fill_raw(buf);
        }
        self.record(|| Choice::B(buf.to_vec()));
    }

    /// [`Gen::fill`] without recording: the source of the typed draws, which record themselves.
    fn fill_raw(&mut self, buf: &mut [u8]) {
        let from_input = buf.len().min(self.input.len());
        if from_input > 0 {
            let bytes = self.input.bytes(from_input).expect("length checked above");
            buf[..from_input].copy_from_slice(bytes);
        }
        if from_input < buf.len() {
            self.fallback().fill_bytes(&mut buf[from_input..]);
        }
    }

    /// One byte.
    pub fn u8(&mut self) -> u8 {
        let mut b = [0u8; 1];
        self.fill(&mut b);
        b[0]
    }

    /// A little-endian `u32`.
    pub fn u32(&mut self) -> u32 {
        let mut b = [0u8; 4];
        self.fill(&mut b);
        u32::from_le_bytes(b)
    }

    /// A little-endian `u64`.
    pub fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        self.fill(&mut b);
        u64::from_le_bytes(b)
    }

    /// A value in `0..n` (`n > 0`), reading as few bytes as `n` needs.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        let v = match self.replayed() {
            Some(choice) => replayed_int(choice) % n,
            None => self.below_raw(n),
        };
        self.record(|| Choice::I(v));
        v
    }

    fn below_raw(&mut self, n: u64) -> u64 {
        let width = if n <= 1 << 8 {
            1
        } else if n <= 1 << 32 {
            4
        } else {
            8
        };
        let mut b = [0u8; 8];
        self.fill_raw(&mut b[..width]);
        u64::from_le_bytes(b) % n
    }

    /// A value in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        assert!(lo <= hi, "empty range {lo}..={hi}");
        lo + self.below((hi - lo) as u64 + 1) as usize
    }

    /// `true` with probability `num / den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(u64::from(den)) < u64::from(num)
    }

    /// An index drawn with the given relative weights (at least one weight is non-zero).
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        assert!(total > 0, "all weights are zero");
        let index = match self.replayed() {
            // A replayed index the weights here forbid becomes the first allowed one.
            Some(choice) => {
                let i = replayed_int(choice) as usize;
                if weights.get(i).is_some_and(|&w| w > 0) {
                    i
                } else {
                    weights.iter().position(|&w| w > 0).expect("total > 0")
                }
            }
            None => {
                let mut x = self.below_raw(total);
                let mut picked = weights.len();
                for (i, &w) in weights.iter().enumerate() {
                    if x < u64::from(w) {
                        picked = i;
                        break;
                    }
                    x -= u64::from(w);
                }
                picked
            }
        };
        assert!(index < weights.len(), "x < total");
        self.record(|| Choice::W(index as u32));
        index
    }

    /// One of `items`, uniformly.
    pub fn pick<'b, T>(&mut self, items: &'b [T]) -> &'b T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// `n` bytes.
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        let mut v = vec![0u8; n];
        self.fill(&mut v);
        v
    }

    /// A uniform integer in `0..bound` (`bound > 0`), from 64 extra bits reduced mod `bound`.
    pub fn biguint_below(&mut self, bound: &BigUint) -> BigUint {
        assert!(bound.bits() > 0, "biguint_below(0)");
        let len = (bound.bits() as usize).div_ceil(8) + 8;
        BigUint::from_bytes_le(&self.bytes(len)) % bound
    }

    /// A uniform integer of at most `bits` bits.
    pub fn biguint_bits(&mut self, bits: u64) -> BigUint {
        let bytes = self.bytes(bits.div_ceil(8) as usize);
        let v = BigUint::from_bytes_le(&bytes);
        v % (BigUint::from(1u8) << bits)
    }
}

/// A replayed choice as an integer (bytes read little-endian).
fn replayed_int(choice: Choice) -> u64 {
    match choice {
        Choice::W(i) => u64::from(i),
        Choice::I(v) => v,
        Choice::B(b) => {
            let mut le = [0u8; 8];
            let k = b.len().min(8);
            le[..k].copy_from_slice(&b[..k]);
            u64::from_le_bytes(le)
        }
    }
}

/// FNV-1a, 64-bit: a hash that never changes between Rust versions or machines, so the
/// fallback stream of a committed corpus file stays the same forever.
pub fn stable_hash(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Interns a class name built at run time. The set of distinct names is small and fixed by
/// the routines' declarations, so the leak is bounded.
pub fn intern(name: String) -> &'static str {
    static NAMES: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&existing) = names.get(name.as_str()) {
        return existing;
    }
    let leaked: &'static str = Box::leak(name.into_boxed_str());
    names.insert(leaked);
    leaked
}

/// The size of the byte buffers the suites, the campaign and the corpus seeding feed the
/// decoder.
pub const CASE_BYTES: usize = 256;

/// The input bytes of case `index` of a seeded run of `routine`: what the CLI and the suites
/// feed the decoder, and what a finding's corpus file holds.
pub fn case_bytes(seed: u64, routine: &str, index: u64, len: usize) -> Vec<u8> {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&stable_hash(routine.as_bytes()).to_le_bytes());
    key[16..24].copy_from_slice(&index.to_le_bytes());
    let mut rng = ChaCha8Rng::from_seed(key);
    let mut v = vec![0u8; len];
    rng.fill_bytes(&mut v);
    v
}

/// Values below `modulus` from the ChaCha8 stream of a fixed seed, one per 48 bytes read
/// little-endian and reduced (a bias under 2⁻¹²⁸ for moduli below 2²⁵⁶): the seeded random
/// logs of the pools of known-log points, the same on every machine and run.
pub fn seeded_below(modulus: &BigUint, seed: u64) -> impl Iterator<Item = BigUint> + '_ {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    std::iter::repeat_with(move || {
        let mut bytes = [0u8; 48];
        rng.fill_bytes(&mut bytes);
        BigUint::from_bytes_le(&bytes) % modulus
    })
}

/// The first value of [`seeded_below`]: one seeded random log below `modulus`.
pub fn seeded_log(modulus: &BigUint, seed: u64) -> BigUint {
    seeded_below(modulus, seed)
        .next()
        .expect("an endless stream")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_is_a_pure_function_of_the_bytes() {
        let data = case_bytes(7, "r", 3, 40);
        let draw = |d: &[u8]| {
            let mut g = Gen::new(d, Bias::Edge);
            (0..20).map(|_| g.u64()).collect::<Vec<_>>()
        };
        assert_eq!(draw(&data), draw(&data));
        assert_ne!(draw(&data), draw(&case_bytes(7, "r", 4, 40)));
    }

    #[test]
    fn input_bytes_come_first_then_the_fallback() {
        let mut g = Gen::new(&[1, 0, 0, 0, 0, 0, 0, 0, 9], Bias::Edge);
        assert_eq!(g.u64(), 1);
        assert_eq!(g.u8(), 9);
        // Exhausted: the fallback stream is deterministic and not all zero.
        let tail: Vec<u64> = (0..4).map(|_| g.u64()).collect();
        assert!(tail.iter().any(|&x| x != 0));
        let mut again = Gen::new(&[1, 0, 0, 0, 0, 0, 0, 0, 9], Bias::Edge);
        again.u64();
        again.u8();
        assert_eq!(tail, (0..4).map(|_| again.u64()).collect::<Vec<_>>());
    }

    #[test]
    fn weighted_and_below_stay_in_range() {
        let data = case_bytes(1, "w", 0, 256);
        let mut g = Gen::new(&data, Bias::Edge);
        let mut seen = [0usize; 3];
        for _ in 0..3000 {
            seen[g.weighted(&[1, 0, 3])] += 1;
            assert!(g.below(10) < 10);
            let r = g.range(5, 7);
            assert!((5..=7).contains(&r));
        }
        assert_eq!(seen[1], 0);
        assert!(seen[2] > seen[0]);
    }

    #[test]
    fn a_recorded_tape_replays_the_same_draws_and_edits_stay_local() {
        let data = case_bytes(3, "tape", 0, 64);
        let draw = |g: &mut Gen| -> Vec<u64> {
            let mut v: Vec<u64> = (0..3).map(|_| g.scope("a", |g| g.below(1000))).collect();
            v.push(g.weighted(&[1, 2, 3]) as u64);
            v.extend((0..2).map(|_| g.scope("b", |g| g.u64())));
            v
        };
        let mut recording = Gen::recording(&data, Bias::Edge);
        let original = draw(&mut recording);
        // Recording does not change what is drawn.
        assert_eq!(original, draw(&mut Gen::new(&data, Bias::Edge)));
        let tape = recording.take_tape();
        assert!(Tape::is_tape(&tape.encode()));
        assert_eq!(draw(&mut Gen::new(&tape.encode(), Bias::Edge)), original);

        // Rewriting occurrence 1 of scope `a` changes that draw only.
        let mut edited = tape.clone();
        edited.scopes.get_mut("a").expect("recorded")[1] = vec![Choice::I(7)];
        let out = draw(&mut Gen::new(&edited.encode(), Bias::Edge));
        assert_eq!(out[1], 7);
        assert_eq!(out[0], original[0]);
        assert_eq!(out[2..], original[2..]);

        // A forbidden weighted index becomes the first allowed one; choices that are not
        // there come from the fallback stream, the same on every replay.
        let mut cut = tape;
        cut.scopes.remove("b");
        cut.scopes.get_mut("").expect("root")[0] = vec![Choice::W(9)];
        let out = draw(&mut Gen::new(&cut.encode(), Bias::Edge));
        assert_eq!(out[3], 0);
        assert_ne!(out[4..], original[4..]);
        assert_eq!(out, draw(&mut Gen::new(&cut.encode(), Bias::Edge)));
    }

    #[test]
    fn stable_hash_is_fnv1a() {
        // Published FNV-1a 64 test values.
        assert_eq!(stable_hash(b""), 0xcbf29ce484222325);
        assert_eq!(stable_hash(b"a"), 0xaf63dc4c8601ec8c);
    }

    #[test]
    fn interning_returns_one_pointer_per_name() {
        let a = intern("len_x".to_string());
        let b = intern("len_x".to_string());
        assert!(std::ptr::eq(a, b));
    }
}
