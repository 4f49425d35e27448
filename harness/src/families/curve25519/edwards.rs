//! edwards25519 and ristretto255 inputs with known discrete logs and torsion components.
//!
//! E(𝔽ₚ) ≅ ℤ/8 × ℤ/ℓ, so every edwards25519 point is P = a·B + t·T for B the RFC 8032 base
//! point, T the fixed point of order 8 of the oracle (`ecdiff_oracles::edwards::eight_torsion`),
//! a < ℓ and t < 8. A generated input carries (a, t) — its *known log* — and reaches the subject
//! as bytes only (see [`Repr`]), so the oracle checks Σ sᵢ·Pᵢ for canonical scalars sᵢ < ℓ as
//!
//! ```text
//! Σ sᵢ·(aᵢ·B + tᵢ·T) = (Σ sᵢ·aᵢ mod ℓ)·B + (Σ sᵢ·tᵢ mod 8)·T
//! ```
//!
//! with one fixed-base multiplication and one addition ([`known_log_sum`]), whatever the
//! length. ristretto255 inputs are the same with t = 0: a ristretto element is a coset
//! P + E\[4\], so a torsion component is invisible through its API (RFC 9496 §4).
//!
//! Per-element classes (recorded with [`Gen::hit`]):
//!
//! | class | what |
//! |---|---|
//! | `identity` | a = 0, t = 0 |
//! | `basepoint` | B itself |
//! | `prime_order` | a uniformly random point of the prime-order subgroup |
//! | `small_multiple` | k·B for k in 2..=16 |
//! | `pure_torsion` | t·T, t in 1..8 (Edwards only): the eight points of `EIGHT_TORSION` |
//! | `prime_plus_torsion` | a·B + t·T with a ≠ 0, t ≠ 0 (Edwards only) |
//! | `negated_pair` | −Pⱼ of an earlier element (P and −P in one input) |
//! | `repeated` | an earlier element again |
//!
//! and per list one representation class: `all_z_one` (every point handed over as one
//! encoding, which a library decompresses to Z = 1) or `mixed_z` (some points handed over as a
//! difference of two encodings, which the library computes with its own subtraction, so those
//! points reach the routine with an arbitrary projective Z). Under [`Bias::Uniform`] every point
//! is `prime_order` and the representation is a coin flip per point.
//!
//! Uniform points (`prime_order`, and the prime-order part of `prime_plus_torsion`) are drawn
//! by index from a process-wide pool of [`POOL_SIZE`] known-log points ([`pool_point`]). The
//! pool is built lazily in blocks of [`POOL_BLOCK`], and every point of it is a double, so its
//! ristretto255 encoding needs no inverse square root:
//!
//! ```text
//! Qₖ = A + k·S′   (A = a·B for a seeded random a per block, S′ one fixed seeded point)
//! Pₖ = 2·Qₖ       (log 2·(a + k·s′) mod ℓ; doubling is a bijection of the prime-order group)
//! ```
//!
//! The Qₖ of a block are independent additions sharing one inversion (`edwards::add_pairs`
//! over the multiples k·S′), the Pₖ likewise. A block's encodings are computed on first use,
//! per flavor and form, for [`ENCODING_CHUNK`] points at a time (so that a routine drawing a
//! few hundred points pays for their encodings, not for the whole pool's): RFC 8032 encodings
//! directly from the affine Pₖ, ristretto255 ones by the batched double-and-encode of the Qₖ
//! (`ristretto::encode_doubles`, one shared inversion a chunk). The [`Repr::Difference`] form
//! of Pₖ is (Pₖ + S) − S for one of the 16 fixed shifts S = 2·H ([`shift`]), so its sum
//! 2·(Qₖ + H) is encoded the same way. An Edwards
//! routine never pays for the ristretto255 encodings, nor a list without differences for the
//! sums'. A list of 200 points from 16 384 repeats one about once per case: harmless for the
//! known-log oracle, and not a recorded `repeated`.

use crate::generators::log_check::some_pair_related;
use crate::generators::tape::Choice;
use crate::generators::{seeded_below, seeded_log, Bias, Gen};
use ecdiff_oracles::edwards::{self, EdPoint};
use ecdiff_oracles::group::Logged;
use ecdiff_oracles::ristretto;
use num_bigint::BigUint;
use num_traits::{CheckedSub, One, ToPrimitive, Zero};
use std::borrow::Cow;
use std::cell::OnceCell;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Every per-element class [`points`] can record for Edwards inputs.
pub const EDWARDS_POINT_CLASSES: &[&str] = &[
    "identity",
    "basepoint",
    "prime_order",
    "small_multiple",
    "pure_torsion",
    "prime_plus_torsion",
    "negated_pair",
    "repeated",
];

/// Every per-element class [`points`] can record for ristretto255 inputs.
pub const RISTRETTO_POINT_CLASSES: &[&str] = &[
    "identity",
    "basepoint",
    "prime_order",
    "small_multiple",
    "negated_pair",
    "repeated",
];

/// The per-list representation classes of [`points`] under [`ReprMode::Mixed`].
pub const REPR_CLASSES: &[&str] = &["all_z_one", "mixed_z"];

/// Which group the points belong to, and so which encoding carries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flavor {
    /// edwards25519 with its torsion, RFC 8032 encodings.
    Edwards,
    /// ristretto255, RFC 9496 encodings.
    Ristretto,
}

impl Flavor {
    /// `"edwards"` or `"ristretto"`.
    pub fn name(self) -> &'static str {
        match self {
            Flavor::Edwards => "edwards",
            Flavor::Ristretto => "ristretto",
        }
    }

    /// The oracle's canonical encoding of `p` (RFC 8032 §5.1.2 or RFC 9496 §4.3.2).
    pub fn encode(self, p: &EdPoint) -> [u8; 32] {
        match self {
            Flavor::Edwards => edwards::encode(p),
            Flavor::Ristretto => ristretto::encode(p),
        }
    }

    /// The oracle's decoding (RFC 8032 §5.1.3 or RFC 9496 §4.3.1).
    pub fn decode(self, bytes: &[u8; 32]) -> Option<EdPoint> {
        match self {
            Flavor::Edwards => edwards::decode(bytes),
            Flavor::Ristretto => ristretto::decode(bytes),
        }
    }

    /// The per-element classes [`points`] can record for this flavor.
    pub fn point_classes(self) -> &'static [&'static str] {
        match self {
            Flavor::Edwards => EDWARDS_POINT_CLASSES,
            Flavor::Ristretto => RISTRETTO_POINT_CLASSES,
        }
    }

    /// Whether inputs can carry a torsion component.
    pub fn has_torsion(self) -> bool {
        self == Flavor::Edwards
    }
}

/// How a point reaches the subject: bytes only, never a library value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Repr {
    /// One canonical encoding, decompressed by the library (Z = 1).
    Encoded([u8; 32]),
    /// `decode(sum) − decode(shift)`, computed by the library: the point with a projective Z
    /// the library's own subtraction chose.
    Difference {
        /// The encoding of P + S.
        sum: [u8; 32],
        /// The encoding of S.
        shift: [u8; 32],
    },
}

impl Repr {
    /// The point this representation denotes, decoded by the oracle (`None` if an encoding
    /// does not decode, which generated inputs never do).
    pub fn oracle_point(&self, flavor: Flavor) -> Option<EdPoint> {
        match self {
            Repr::Encoded(b) => flavor.decode(b),
            Repr::Difference { sum, shift } => {
                Some(edwards::sub(&flavor.decode(sum)?, &flavor.decode(shift)?))
            }
        }
    }

    /// Hex rendering.
    pub fn hex(&self) -> String {
        match self {
            Repr::Encoded(b) => hex::encode(b),
            Repr::Difference { sum, shift } => {
                format!("{} − {}", hex::encode(sum), hex::encode(shift))
            }
        }
    }
}

/// A generated input point: its known log, torsion index and representation.
#[derive(Clone, Debug)]
pub struct EdInput {
    /// a < ℓ, the discrete log of the prime-order component relative to B.
    pub log: BigUint,
    /// t < 8, the multiple of T in the torsion component (0 for ristretto255).
    pub torsion: u8,
    /// What the subject receives.
    pub repr: Repr,
}

/// How [`points`] represents the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReprMode {
    /// `all_z_one` or `mixed_z`, chosen per list (recorded).
    Mixed,
    /// Every point as a difference (for routines whose subject is an encoder: every input
    /// then comes out of the library's arithmetic). Records no representation class.
    Difference,
}

/// ℓ, the order of B.
pub fn order() -> &'static BigUint {
    edwards::order()
}

/// t·T, the multiple of the oracle's fixed point of order 8.
pub fn torsion_point(t: u8) -> &'static EdPoint {
    &edwards::eight_torsion()[usize::from(t % 8)]
}

/// a·B + t·T; a·B is the pool point of log a if one has been drawn (see [`encoding_of`]), or
/// the negation of the pool point of log ℓ − a (a `negated_pair` of a pool point), else the
/// fixed-base table's.
pub fn point_of(log: &BigUint, torsion: u8) -> EdPoint {
    let prime = if let Some(p) = pooled(log) {
        p.elem().clone()
    } else if let Some(p) = order().checked_sub(log).and_then(|neg| pooled(&neg)) {
        edwards::neg(p.elem())
    } else {
        edwards::mul_base(log)
    };
    if torsion % 8 == 0 {
        prime
    } else {
        edwards::add(&prime, torsion_point(torsion))
    }
}

/// Whether the decoded `points` have the property of the point or representation class `class`
/// (`None` for a class [`points`] does not record; for a subgroup class of a list longer
/// than [`PREDICATE_MAX_POINTS`], and for a class that decodes points in a list longer than
/// 4 × [`PREDICATE_MAX_POINTS`], read off the list's logs once they are checked on the curve:
/// [`checked_logs`]), read off the bytes the subject receives, decoded by the
/// oracle and compared by encoding (a ristretto255 element is a coset): the `identity`, the
/// `basepoint`, a `small_multiple` k·B (2 ≤ k ≤ 16), a `prime_order` point (ℓ·P = O, not one of
/// those; in ristretto255 every element), a `pure_torsion` point (8·P = O, P ≠ O), a
/// `prime_plus_torsion` point (neither ℓ·P nor 8·P is O), a `negated_pair` or a `repeated`
/// element (Pⱼ = ∓Pᵢ for some i < j); `all_z_one` (every point one encoding) and `mixed_z` (some
/// point a difference of two encodings).
pub fn point_class_holds(flavor: Flavor, class: &str, points: &[&EdInput]) -> Option<bool> {
    point_class_holds_with(flavor, class, points, &OnceCell::new())
}

/// [`checked_logs`] of a list, once computed.
pub type LogsOnce = OnceCell<Option<(Vec<BigUint>, BigUint)>>;

/// [`point_class_holds`] with the list's [`checked_logs`] kept in `logs` for the next class
/// (the predicates of one case share them).
pub fn point_class_holds_with(
    flavor: Flavor,
    class: &str,
    points: &[&EdInput],
    logs: &LogsOnce,
) -> Option<bool> {
    let decoded = || -> Vec<EdPoint> {
        (points.iter())
            .map(|p| p.repr.oracle_point(flavor).expect("generated bytes decode"))
            .collect()
    };
    let enc = |p: &EdPoint| flavor.encode(p);
    let small: Vec<[u8; 32]> = (2..=16u32)
        .map(|k| enc(&edwards::mul_base(&BigUint::from(k))))
        .collect();
    let (identity, base) = (enc(&edwards::identity()), enc(&edwards::basepoint()));
    let is_o = |p: &EdPoint| enc(p) == identity;
    let subgroup_checked = points.len() <= PREDICATE_MAX_POINTS;
    let decoding = !matches!(class, "all_z_one" | "mixed_z");
    let subgroup_class = matches!(class, "prime_order" | "prime_plus_torsion");
    if decoding
        && (points.len() > 4 * PREDICATE_MAX_POINTS || (subgroup_class && !subgroup_checked))
    {
        // Decoding every point of a long list and comparing every pair costs more than the
        // case: its logs are checked on the curve once and the classes read off them.
        let checked = logs.get_or_init(|| checked_logs(flavor, points)).as_ref();
        return point_class_holds_by_logs(class, points, checked);
    }
    let pair = |related: &dyn Fn(&EdPoint, &EdPoint) -> bool| {
        let d = decoded();
        (0..d.len()).any(|j| (0..j).any(|i| related(&d[i], &d[j])))
    };
    Some(match class {
        "identity" => decoded().iter().any(is_o),
        "basepoint" => decoded().iter().any(|p| enc(p) == base),
        "small_multiple" => decoded().iter().any(|p| small.contains(&enc(p))),
        "prime_order" => {
            let plain = |p: &EdPoint| !is_o(p) && enc(p) != base && !small.contains(&enc(p));
            match flavor {
                Flavor::Ristretto => decoded().iter().any(plain),
                Flavor::Edwards => {
                    (decoded().iter()).any(|p| plain(p) && is_o(&edwards::mul(p, order())))
                }
            }
        }
        "pure_torsion" => decoded()
            .iter()
            .any(|p| !is_o(p) && is_o(&edwards::mul(p, &BigUint::from(8u8)))),
        "prime_plus_torsion" => decoded().iter().any(|p| {
            !is_o(&edwards::mul(p, &BigUint::from(8u8))) && !is_o(&edwards::mul(p, order()))
        }),
        "negated_pair" => pair(&|p, q| enc(q) == enc(&edwards::neg(p))),
        "repeated" => pair(&|p, q| enc(q) == enc(p)),
        "all_z_one" => points.iter().all(|p| matches!(p.repr, Repr::Encoded(_))),
        "mixed_z" => points
            .iter()
            .any(|p| matches!(p.repr, Repr::Difference { .. })),
        _ => return None,
    })
}

/// [`point_class_holds`]'s decoding classes of a long list, read off the inputs' logs and
/// torsion components once [`checked_logs`] has checked them against the decoded points (a
/// wrong claim makes every class false): P is the identity, B, k·B, a prime-order point, a
/// pure torsion point or a prime-plus-torsion point by (a, t); two points repeat or cancel
/// exactly when their logs in the cyclic group do.
fn point_class_holds_by_logs(
    class: &str,
    points: &[&EdInput],
    checked: Option<&(Vec<BigUint>, BigUint)>,
) -> Option<bool> {
    let Some((logs, modulus)) = checked else {
        return Some(false);
    };
    let l = order();
    let small = |a: &BigUint| *a >= BigUint::from(2u8) && *a <= BigUint::from(16u8);
    let any = |holds: &dyn Fn(&BigUint, u8) -> bool| {
        (points.iter()).any(|p| holds(&(&p.log % l), p.torsion))
    };
    Some(match class {
        "identity" => any(&|a, t| a.is_zero() && t == 0),
        "basepoint" => any(&|a, t| a.is_one() && t == 0),
        "small_multiple" => any(&|a, t| small(a) && t == 0),
        "prime_order" => any(&|a, t| t == 0 && !a.is_zero() && !a.is_one() && !small(a)),
        "pure_torsion" => any(&|a, t| a.is_zero() && t != 0),
        "prime_plus_torsion" => any(&|a, t| !a.is_zero() && t != 0),
        "negated_pair" => some_pair_related(logs, |x| (modulus - x) % modulus),
        "repeated" => some_pair_related(logs, |x| x.clone()),
        _ => return None,
    })
}

/// The logs of `inputs` in one cyclic group, if every input decodes to the point its log and
/// torsion claim (all claims checked together by the small-exponents batch test of
/// [`crate::generators::log_check`]: Σ ρᵢ·Pᵢ against (Σ ρᵢaᵢ mod ℓ)·B + (Σ ρᵢtᵢ mod 8)·T,
/// compared by `flavor` encoding), with the group's order. edwards25519: P = a·B + t·T is
/// x·(B + T) for the x mod 8ℓ with x ≡ a (mod ℓ) and x ≡ t (mod 8) (B + T has order 8ℓ);
/// ristretto255: a mod ℓ (an element is a coset, its torsion unseen). Points then meet, cancel
/// or repeat exactly when their logs do, so long lists' relations are read off the logs.
pub fn checked_logs(flavor: Flavor, inputs: &[&EdInput]) -> Option<(Vec<BigUint>, BigUint)> {
    let points: Vec<EdPoint> = (inputs.iter())
        .map(|p| p.repr.oracle_point(flavor))
        .collect::<Option<_>>()?;
    let rhos = crate::generators::log_check::multipliers(inputs.len(), 0xecd1_ff00_ed25);
    let combined = crate::generators::log_check::small_multiplier_msm(
        &points,
        &rhos,
        &edwards::identity(),
        edwards::add,
        |lists| {
            (lists.iter())
                .map(|l| edwards::sum(&l.iter().map(|p| (*p).clone()).collect::<Vec<_>>()))
                .collect()
        },
    );
    let rho_ints: Vec<BigUint> = rhos.iter().map(|r| BigUint::from(*r)).collect();
    let terms: Vec<(&BigUint, &BigUint, u8)> = (rho_ints.iter().zip(inputs))
        .map(|(rho, p)| (rho, &p.log, p.torsion))
        .collect();
    let claimed = edwards::known_log_sum_with_torsion(&terms);
    if flavor.encode(&combined) != flavor.encode(&claimed) {
        return None;
    }
    let l = order();
    Some(match flavor {
        Flavor::Ristretto => (inputs.iter().map(|p| &p.log % l).collect(), l.clone()),
        Flavor::Edwards => {
            // x = a + ℓ·k with k ≡ (t − a)·ℓ⁻¹ (mod 8); an odd ℓ is its own inverse mod 8.
            let l8 = (l % 8u8).to_u32().expect("below 8");
            let logs = (inputs.iter())
                .map(|p| {
                    let a8 = (&p.log % 8u8).to_u32().expect("below 8");
                    let k = (u32::from(p.torsion) + 8 - a8) % 8 * l8 % 8;
                    &p.log % l + l * k
                })
                .collect();
            (logs, l * 8u8)
        }
    })
}

/// The longest list whose subgroup classes [`point_class_holds`] checks (one scalar
/// multiplication by ℓ per point).
pub const PREDICATE_MAX_POINTS: usize = 16;

/// 8ℓ, the order of the full group E(𝔽ₚ) ≅ ℤ/ℓ × ℤ/8 ≅ ℤ/8ℓ (ℓ is odd, so the product of the
/// two cyclic groups is cyclic).
pub fn full_order() -> &'static BigUint {
    static FULL: OnceLock<BigUint> = OnceLock::new();
    FULL.get_or_init(|| order() * 8u8)
}

impl EdInput {
    /// The input's log in ℤ/8ℓ: the m with m ≡ a (mod ℓ) and m ≡ t (mod 8) (Chinese
    /// remainders), so s·m is the log of s·P in both components at once and two inputs are
    /// equal (opposite) points exactly when their logs are equal (opposite) mod 8ℓ.
    pub fn full_log(&self) -> BigUint {
        let l = order();
        // m = a + ℓ·k with a + ℓ·k ≡ t (mod 8): k ≡ (t − a)·ℓ⁻¹, and ℓ⁻¹ ≡ ℓ (mod 8) for odd ℓ.
        let l8 = (l % 8u8).to_u64().expect("below 8");
        let a8 = (&self.log % 8u8).to_u64().expect("below 8");
        let k = ((u64::from(self.torsion) + 8 - a8) * l8) % 8;
        &self.log + l * k
    }
}

/// Σ sᵢ·Pᵢ over `terms` (scalar, input): the oracle's known-log sum with torsion bookkeeping
/// ([`edwards::known_log_sum_with_torsion`]) over the inputs' logs.
pub fn known_log_sum(terms: &[(&BigUint, &EdInput)]) -> EdPoint {
    let terms: Vec<(&BigUint, &BigUint, u8)> =
        terms.iter().map(|(s, p)| (*s, &p.log, p.torsion)).collect();
    edwards::known_log_sum_with_torsion(&terms)
}

/// A fixed shift S = 2·H of [`Repr::Difference`], with its half H (so the ristretto255
/// encoding of P + S for a pool point P = 2·Q is the double-and-encode of Q + H).
struct Shift {
    point: Logged<EdPoint>,
    half: EdPoint,
}

/// The 16 fixed shifts, built once from a fixed seed.
fn shift_table() -> &'static [Shift] {
    static SHIFTS: OnceLock<Vec<Shift>> = OnceLock::new();
    SHIFTS.get_or_init(|| {
        seeded_below(order(), 0xecd1_ed25)
            .take(SHIFT_COUNT)
            .map(|half| {
                let half_point = edwards::mul_base(&half);
                Shift {
                    point: Logged {
                        elem: edwards::double(&half_point),
                        log: (half << 1u8) % order(),
                    },
                    half: half_point,
                }
            })
            .collect()
    })
}

/// How many fixed shifts [`Repr::Difference`] draws from.
pub const SHIFT_COUNT: usize = 16;

/// Shift `j` (< [`SHIFT_COUNT`]): a fixed known-log point S that [`Repr::Difference`]
/// shifts by.
pub fn shift(j: usize) -> &'static Logged<EdPoint> {
    &shift_table()[j].point
}

/// How many known-log points [`pool_point`] draws from.
pub const POOL_SIZE: usize = 1 << 14;
/// Pool points built together, from one fixed-base multiplication.
pub const POOL_BLOCK: usize = 64;
/// Pool points whose encodings of one kind are computed together (one shared inversion).
pub const ENCODING_CHUNK: usize = 8;
/// Encoding chunks a block.
const CHUNKS: usize = POOL_BLOCK / ENCODING_CHUNK;

/// The multiples k·S′ (k < [`POOL_BLOCK`]) of the pool's fixed stride S′, with their logs.
fn stride_multiples() -> &'static [Logged<EdPoint>] {
    static MULTIPLES: OnceLock<Vec<Logged<EdPoint>>> = OnceLock::new();
    MULTIPLES.get_or_init(|| {
        let s = seeded_log(order(), 0xecd1_5e1d);
        let points = edwards::multiples(&edwards::mul_base(&s), POOL_BLOCK);
        points
            .into_iter()
            .enumerate()
            .map(|(k, elem)| Logged {
                elem,
                log: (&s * k) % order(),
            })
            .collect()
    })
}

/// One block of the pool (module docs).
struct Block {
    /// Qₖ = A + k·S′.
    halves: Vec<EdPoint>,
    /// Pₖ = 2·Qₖ, with logs.
    points: Vec<Logged<EdPoint>>,
    /// The encodings of the Pₖ, by [`Block::SLOTS`] and then by chunk of [`ENCODING_CHUNK`]
    /// points, each chunk computed at once on first use.
    encodings: [[OnceLock<Vec<[u8; 32]>>; CHUNKS]; 4],
    /// Whether [`pooled`] can find its points by their logs yet.
    registered: std::sync::atomic::AtomicBool,
}

impl Block {
    fn build(index: usize) -> Block {
        let l = order();
        let a = seeded_log(order(), 0xecd1_9001 ^ index as u64);
        let start = edwards::mul_base(&a);
        let multiples = stride_multiples();
        let pairs: Vec<(&EdPoint, &EdPoint)> =
            multiples.iter().map(|m| (&start, &m.elem)).collect();
        let halves = edwards::add_pairs(&pairs);
        let pairs: Vec<(&EdPoint, &EdPoint)> = halves.iter().map(|q| (q, q)).collect();
        let points = edwards::add_pairs(&pairs)
            .into_iter()
            .zip(multiples)
            .map(|(elem, m)| Logged {
                elem,
                log: ((&a + &m.log) << 1u8) % l,
            })
            .collect();
        Block {
            halves,
            points,
            encodings: Default::default(),
            registered: Default::default(),
        }
    }

    /// The shift index of point k's difference form.
    fn shift_of(k: usize) -> usize {
        k % SHIFT_COUNT
    }

    /// The (flavor, sum) of each slot of [`Block::encodings`].
    const SLOTS: [(Flavor, bool); 4] = [
        (Flavor::Edwards, false),
        (Flavor::Ristretto, false),
        (Flavor::Edwards, true),
        (Flavor::Ristretto, true),
    ];

    /// The `flavor` encodings of the Pₖ of chunk `chunk`, or of their Pₖ + S (`sum`).
    fn encodings(&self, flavor: Flavor, sum: bool, chunk: usize) -> &[[u8; 32]] {
        let slot = (Block::SLOTS.iter())
            .position(|&s| s == (flavor, sum))
            .expect("every (flavor, sum) has a slot");
        let ks = chunk * ENCODING_CHUNK..(chunk + 1) * ENCODING_CHUNK;
        self.encodings[slot][chunk].get_or_init(|| {
            let shifts = shift_table();
            let (points, halves) = (&self.points[ks.clone()], &self.halves[ks.clone()]);
            match (flavor, sum) {
                (Flavor::Edwards, false) => {
                    points.iter().map(|p| edwards::encode(&p.elem)).collect()
                }
                (Flavor::Ristretto, false) => ristretto::encode_doubles(halves),
                (Flavor::Edwards, true) => {
                    let pairs: Vec<(&EdPoint, &EdPoint)> = (ks.clone().zip(points))
                        .map(|(k, p)| (&p.elem, &shifts[Block::shift_of(k)].point.elem))
                        .collect();
                    edwards::add_pairs(&pairs)
                        .iter()
                        .map(edwards::encode)
                        .collect()
                }
                (Flavor::Ristretto, true) => {
                    let pairs: Vec<(&EdPoint, &EdPoint)> = (ks.zip(halves))
                        .map(|(k, q)| (q, &shifts[Block::shift_of(k)].half))
                        .collect();
                    ristretto::encode_doubles(&edwards::add_pairs(&pairs))
                }
            }
        })
    }
}

/// A pool point: point `k` of its block.
#[derive(Clone, Copy)]
pub struct PoolPoint {
    block: &'static Block,
    k: usize,
}

impl PoolPoint {
    /// a < ℓ.
    pub fn log(&self) -> &'static BigUint {
        &self.block.points[self.k].log
    }

    /// a·B.
    pub fn elem(&self) -> &'static EdPoint {
        &self.block.points[self.k].elem
    }

    /// Q with a·B = 2·Q.
    fn half(&self) -> &'static EdPoint {
        &self.block.halves[self.k]
    }

    /// The index of the shift S of its difference form (a·B + S) − S.
    fn shift(&self) -> usize {
        Block::shift_of(self.k)
    }

    /// The `flavor` encoding of a·B, or of a·B + S (`sum`).
    fn encoding(&self, flavor: Flavor, sum: bool) -> [u8; 32] {
        let chunk = self.block.encodings(flavor, sum, self.k / ENCODING_CHUNK);
        chunk[self.k % ENCODING_CHUNK]
    }

    /// Its representation for `flavor`, plain or as a difference.
    fn repr(&self, flavor: Flavor, difference: bool) -> Repr {
        if difference {
            Repr::Difference {
                sum: self.encoding(flavor, true),
                shift: shift_encoding(flavor, self.shift()),
            }
        } else {
            Repr::Encoded(self.encoding(flavor, false))
        }
    }
}

/// The pool's blocks, each built on first use.
fn blocks() -> &'static [OnceLock<Block>] {
    static BLOCKS: OnceLock<Vec<OnceLock<Block>>> = OnceLock::new();
    BLOCKS.get_or_init(|| {
        crate::generators::register_pool(fill_pool);
        (0..POOL_SIZE / POOL_BLOCK)
            .map(|_| OnceLock::new())
            .collect()
    })
}

/// Builds every block of the pool, with every kind of encoding (flavor, plain or sum) some
/// chunk has computed so far, if the pool has been drawn from at all: a fuzz target's warm-up
/// (`ecdiff::fuzz::warm_up`) calls it after its first cases, so that libFuzzer's inputs never
/// build a block or its encodings.
pub fn fill_pool() {
    let built: Vec<&Block> = blocks().iter().filter_map(OnceLock::get).collect();
    if built.is_empty() {
        return;
    }
    let in_use: Vec<(Flavor, bool)> = (Block::SLOTS.iter().enumerate())
        .filter(|(slot, _)| {
            (built.iter()).any(|b| b.encodings[*slot].iter().any(|c| c.get().is_some()))
        })
        .map(|(_, &kind)| kind)
        .collect();
    for i in (0..POOL_SIZE).step_by(POOL_BLOCK) {
        let point = pool_point(i);
        for &(flavor, sum) in &in_use {
            for chunk in 0..CHUNKS {
                point.block.encodings(flavor, sum, chunk);
            }
        }
    }
}

/// Pool point `i` (mod [`POOL_SIZE`]), building its block on first use (module docs).
pub fn pool_point(i: usize) -> PoolPoint {
    let i = i % POOL_SIZE;
    let block: &'static Block =
        blocks()[i / POOL_BLOCK].get_or_init(|| Block::build(i / POOL_BLOCK));
    if !block
        .registered
        .swap(true, std::sync::atomic::Ordering::Relaxed)
    {
        // Once per block: the block's builder, or the first caller after it.
        let mut by_log = pool_by_log().lock().unwrap_or_else(|e| e.into_inner());
        for k in 0..POOL_BLOCK {
            by_log.insert(block.points[k].log.clone(), PoolPoint { block, k });
        }
    }
    PoolPoint {
        block,
        k: i % POOL_BLOCK,
    }
}

/// The points of the pool blocks built so far, by log.
fn pool_by_log() -> &'static Mutex<HashMap<BigUint, PoolPoint>> {
    static BY_LOG: OnceLock<Mutex<HashMap<BigUint, PoolPoint>>> = OnceLock::new();
    BY_LOG.get_or_init(Default::default)
}

/// The pool point of log a, if its block has been built.
fn pooled(log: &BigUint) -> Option<PoolPoint> {
    pool_by_log()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(log)
        .copied()
}

/// The `flavor` encoding of a·B + t·T: the stored encoding of the pool point of log a when
/// t = 0 and that pool point has been drawn (bookkeeping: the pool's encodings are the oracle
/// encoders' output on points built by the oracle's own addition, checked by the unit test
/// `pool_points_are_their_logs_times_b_with_their_encodings`), the encoding computed once per
/// process for a small log and t = 0 ([`small_log_encoding`]), else computed (the fixed-base
/// table, [`point_of`], and the encoder).
pub fn encoding_of(flavor: Flavor, log: &BigUint, torsion: u8) -> [u8; 32] {
    if torsion % 8 == 0 {
        if let Some(p) = pooled(log) {
            return p.encoding(flavor, false);
        }
        if let Some(e) = small_log_encoding(flavor, log) {
            return e;
        }
    }
    flavor.encode(&point_of(log, torsion))
}

/// Logs with an encoding computed once per process ([`small_log_encoding`]): the generator's
/// fixed points (O, B and the small multiples 2·B … 16·B) and their doubles.
const SMALL_LOGS: u64 = 33;

/// The `flavor` encoding of log·B for log < 33 (`SMALL_LOGS`, computed once per process), or
/// `None` for a larger log.
pub fn small_log_encoding(flavor: Flavor, log: &BigUint) -> Option<[u8; 32]> {
    static TABLES: [OnceLock<Vec<[u8; 32]>>; 2] = [OnceLock::new(), OnceLock::new()];
    let k = log.to_u64().filter(|&k| k < SMALL_LOGS)?;
    let table = TABLES[flavor as usize].get_or_init(|| {
        (0..SMALL_LOGS)
            .map(|k| flavor.encode(&edwards::mul_base(&BigUint::from(k))))
            .collect()
    });
    Some(table[k as usize])
}

/// The `flavor` encoding of [`shift`] `j`, computed once.
pub fn shift_encoding(flavor: Flavor, j: usize) -> [u8; 32] {
    static ENCODINGS: OnceLock<Vec<([u8; 32], [u8; 32])>> = OnceLock::new();
    let e = &ENCODINGS.get_or_init(|| {
        let table = shift_table();
        let halves: Vec<EdPoint> = table.iter().map(|s| s.half.clone()).collect();
        let edwards = table.iter().map(|s| edwards::encode(&s.point.elem));
        edwards.zip(ristretto::encode_doubles(&halves)).collect()
    })[j];
    match flavor {
        Flavor::Edwards => e.0,
        Flavor::Ristretto => e.1,
    }
}

/// A representation of `elem` (= a·B + t·T): its encoding, or a difference with a random
/// [`shift`], computed from `half` (`elem` = 2·`half`) when it is known, which spares
/// ristretto255 its inverse square root (module docs). Representations are memoized, keyed by
/// the point's (cheap) RFC 8032 encoding and the shift: in `seen` for the list being drawn (a
/// `repeated` point costs nothing), and process-wide for the few fixed points (`fixed`: the
/// identity, small multiples of B, torsion points), whose encodings every case would otherwise
/// recompute.
fn represent(
    g: &mut Gen,
    flavor: Flavor,
    elem: &EdPoint,
    half: Option<&EdPoint>,
    difference: bool,
    fixed: bool,
    seen: &mut HashMap<([u8; 32], Option<usize>), Repr>,
) -> Repr {
    let shift_index = difference.then(|| g.below(SHIFT_COUNT as u64) as usize);
    let key = (edwards::encode(elem), shift_index);
    if let Some(r) = seen.get(&key) {
        return r.clone();
    }
    type FixedMemo = Mutex<HashMap<(Flavor, [u8; 32], Option<usize>), Repr>>;
    static FIXED: OnceLock<FixedMemo> = OnceLock::new();
    let memo = || {
        FIXED
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    };
    let cached = if fixed {
        memo().get(&(flavor, key.0, shift_index)).cloned()
    } else {
        None
    };
    let repr = cached.unwrap_or_else(|| {
        let double_and_encode = |q: &EdPoint| ristretto::encode_doubles(std::slice::from_ref(q))[0];
        let r = match (shift_index, half.filter(|_| flavor == Flavor::Ristretto)) {
            (None, None) => Repr::Encoded(flavor.encode(elem)),
            (None, Some(h)) => Repr::Encoded(double_and_encode(h)),
            (Some(j), None) => Repr::Difference {
                sum: flavor.encode(&edwards::add(elem, &shift(j).elem)),
                shift: shift_encoding(flavor, j),
            },
            (Some(j), Some(h)) => Repr::Difference {
                sum: double_and_encode(&edwards::add(h, &shift_table()[j].half)),
                shift: shift_encoding(flavor, j),
            },
        };
        if fixed {
            memo().insert((flavor, key.0, shift_index), r.clone());
        }
        r
    });
    seen.insert(key, repr.clone());
    repr
}

/// Draws `n` points (see the module docs for the classes).
pub fn points(g: &mut Gen, flavor: Flavor, n: usize, mode: ReprMode) -> Vec<EdInput> {
    // The minimizer simplifies this family's points as it does the core's.
    static VALUE_SCOPE: std::sync::Once = std::sync::Once::new();
    VALUE_SCOPE.call_once(|| {
        crate::generators::register_value_scope(crate::generators::ValueScope {
            scope: POINT_SCOPE,
            simplest: simplest_points,
        })
    });
    let edgy = g.bias() == Bias::Edge;
    let all_z_one = match mode {
        ReprMode::Difference => false,
        ReprMode::Mixed => edgy && n > 0 && g.chance(3, 10),
    };
    let l = order();
    let torsion_weight = if flavor.has_torsion() { 7 } else { 0 };
    let mut out: Vec<EdInput> = Vec::with_capacity(n);
    // Pool points are borrowed, not cloned (most of a list's points are pool points).
    let mut elems: Vec<Cow<'static, EdPoint>> = Vec::with_capacity(n);
    // Qᵢ with elemᵢ = 2·Qᵢ, where known (pool points, their negations and repeats).
    let mut halves: Vec<Option<Cow<'static, EdPoint>>> = Vec::with_capacity(n);
    let mut seen = HashMap::new();
    for i in 0..n {
        g.scope(POINT_SCOPE, |g| {
            let earlier = if i > 0 { 9 } else { 0 };
            let kind = if edgy {
                g.weighted(&[
                    46,
                    6,
                    5,
                    5,
                    torsion_weight,
                    torsion_weight,
                    earlier,
                    earlier,
                ])
            } else {
                0
            };
            let difference = |g: &mut Gen| match mode {
                ReprMode::Difference => true,
                ReprMode::Mixed if all_z_one => false,
                ReprMode::Mixed if edgy => g.chance(1, 3),
                ReprMode::Mixed => g.chance(1, 2),
            };
            if kind == 0 {
                // A pool point, with its encodings ready (module docs).
                let pooled = pool_point(g.below(POOL_SIZE as u64) as usize);
                if edgy {
                    g.hit("prime_order");
                }
                let difference = difference(g);
                let repr = pooled.repr(flavor, difference);
                let shift = difference.then_some(pooled.shift());
                seen.insert(
                    (pooled.encoding(Flavor::Edwards, false), shift),
                    repr.clone(),
                );
                out.push(EdInput {
                    log: pooled.log().clone(),
                    torsion: 0,
                    repr,
                });
                elems.push(Cow::Borrowed(pooled.elem()));
                halves.push(Some(Cow::Borrowed(pooled.half())));
                return;
            }
            let mut half = None;
            let (elem, log, torsion, class) = match kind {
                5 => {
                    let pooled = pool_point(g.below(POOL_SIZE as u64) as usize);
                    if pooled.log().is_zero() {
                        (
                            Cow::Borrowed(pooled.elem()),
                            pooled.log().clone(),
                            0,
                            "prime_order",
                        )
                    } else {
                        let t = g.range(1, 7) as u8;
                        let elem = edwards::add(pooled.elem(), torsion_point(t));
                        (
                            Cow::Owned(elem),
                            pooled.log().clone(),
                            t,
                            "prime_plus_torsion",
                        )
                    }
                }
                1 => (
                    Cow::Owned(edwards::identity()),
                    BigUint::zero(),
                    0,
                    "identity",
                ),
                2 => (
                    Cow::Owned(edwards::basepoint()),
                    BigUint::one(),
                    0,
                    "basepoint",
                ),
                3 => {
                    let k = BigUint::from(g.range(2, 16));
                    (Cow::Owned(edwards::mul_base(&k)), k, 0, "small_multiple")
                }
                4 => {
                    let t = g.range(1, 7) as u8;
                    (
                        Cow::Borrowed(torsion_point(t)),
                        BigUint::zero(),
                        t,
                        "pure_torsion",
                    )
                }
                6 => {
                    let j = g.below(i as u64) as usize;
                    let log = (l - &out[j].log) % l;
                    let torsion = (8 - out[j].torsion) % 8;
                    half = halves[j].as_deref().map(|h| Cow::Owned(edwards::neg(h)));
                    (
                        Cow::Owned(edwards::neg(&elems[j])),
                        log,
                        torsion,
                        "negated_pair",
                    )
                }
                _ => {
                    let j = g.below(i as u64) as usize;
                    half = halves[j].clone();
                    (
                        elems[j].clone(),
                        out[j].log.clone(),
                        out[j].torsion,
                        "repeated",
                    )
                }
            };
            if edgy {
                g.hit(class);
            }
            let difference = difference(g);
            let fixed = matches!(
                class,
                "identity" | "basepoint" | "small_multiple" | "pure_torsion"
            );
            let repr = represent(
                g,
                flavor,
                &elem,
                half.as_deref(),
                difference,
                fixed,
                &mut seen,
            );
            out.push(EdInput { log, torsion, repr });
            elems.push(elem);
            halves.push(half);
        });
    }
    // The representation class is read off the list drawn (a "mixed" list may draw no
    // difference at all), never off the intention.
    if edgy && n > 0 && mode == ReprMode::Mixed {
        let encoded = out.iter().all(|p| matches!(p.repr, Repr::Encoded(_)));
        g.hit(if encoded { "all_z_one" } else { "mixed_z" });
    }
    out
}

/// The scope each point of [`points`] is recorded under (its class and representation).
pub const POINT_SCOPE: &str = "edwards.point";

/// The simplest points, as the choices that make [`points`] replay them, simplest first:
/// the identity, the basepoint, then 2·B, 3·B, 4·B.
pub fn simplest_points() -> Vec<Vec<Choice>> {
    let mut v = vec![vec![Choice::W(1)], vec![Choice::W(2)]];
    v.extend((0..3).map(|k| vec![Choice::W(3), Choice::I(k)]));
    v
}

/// Hex rendering of inputs with their known logs, one per line.
pub fn hex_inputs(ps: &[EdInput]) -> String {
    let items: Vec<String> = ps
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!(
                "  [{i}] {} (log 0x{:x}, torsion {})",
                p.repr.hex(),
                p.log,
                p.torsion
            )
        })
        .collect();
    format!("[\n{}\n]", items.join("\n"))
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
