//! The group law through zkcrypto's `group` traits (0.13 and 0.14, [`crate::zkgroup`]): `Add`,
//! `Sub`, `Neg`, `Group::double`, mixed addition and subtraction of an affine point
//! (`Curve::to_affine`, then `G + G::AffineRepr`), `Mul<Scalar>`, `Group::is_identity`, `Sum`
//! of a list, `Curve::batch_normalize` of a list, `GroupEncoding::from_bytes` of valid and
//! mutated encodings, and `ConditionallySelectable::conditional_select` with either choice.
//!
//! A case is one operation on points drawn with known logs (the per-element classes of
//! [`crate::generators::points`]: identities on either side, G, small multiples, P and −P, P
//! twice; lists of 0 to 6 for `Sum` and `batch_normalize`, each point of a list and the point
//! of `double` the identity 1 time in 3, that of `neg` and `is_identity` 1 time in 2; Q = P and
//! Q = −P a quarter of the
//! binary operations' draws each; a `conditional_select`'s pair has the identity on one side
//! 4 times in 5, and its choice then takes the other point 3 times in 4) and, for `Mul`, a
//! scalar (the scalar classes: 0, 1, r − 1, …). The points enter as `G::generator() * a` and the result leaves
//! through `to_bytes` (the module docs of [`crate::zkgroup`]); `batch_normalize`'s affine
//! points leave as `G::identity() + affine` (the traits give an affine type no encoding), into
//! slots that start as the identity, so a slot left unwritten shows.
//!
//! `from_bytes` gets the encoding of a drawn point ([`PointEncoding::encode`], the oracle's),
//! as it is or mutated: one bit flipped (half the time the format's sign flag, then of the
//! identity half the time), the first or last byte (where the formats keep their flags)
//! replaced, or random bytes. The oracle decodes the same bytes by the format's
//! specification ([`PointEncoding::decode`]); a point the library accepts leaves through
//! `to_bytes`, which the row's other operations check against known logs, so the decoder is
//! not refereed by an unchecked encoder.
//!
//! Oracle: known-log bookkeeping. P = a·G and Q = b·G, so P + Q is (a + b mod r)·G, P − Q is
//! (a − b)·G, −P is (−a)·G, 2P is (2a)·G, s·P is (s·a)·G, ΣPᵢ is (Σaᵢ)·G, P is the identity
//! exactly when a = 0, and `batch_normalize` returns each aᵢ·G.
//!
//! Points outside the prime-order subgroup ([`GroupLawCheck::with_torsion`], for a type that
//! holds the whole curve of h·r points, as jubjub's `ExtendedPoint`): each point of an
//! operation other than `from_bytes` is P = a·G + t·T, with T a generator of the h-part where
//! it is cyclic ([`ecdiff_oracles::weierstrass::Curve::torsion_generator`], so every
//! small-order point is some t·T; else the oracle's first point of it) and t < h, the
//! cofactor-aware model of [`crate::shapes::torsion`]. A point is drawn as above with a torsion
//! part half the time (t = 0, h/2 or any), or is of small order (a = 0, t·T ≠ O) or the
//! identity itself, 3 times in 20 each (with torsion parts on half the drawn points, the drawn
//! identities alone were too few: a planted `is_identity` bug was missed on 2 seeds of 5). The
//! t's combine as the a's do (modulo h); P is the identity exactly when a = 0 and t·T = O. The
//! subject gets t·T as its encoding and adds it to a·G (its `from_bytes`, then `+`), the way
//! an unchecked decoder hands a caller such a point. A related pair keeps its relation (Q = P:
//! the same t; Q = −P: −t). The point classes describe the a·G parts; `torsion_component`
//! (r·P ≠ O) and `small_order` (P ≠ O, h·P = O) are read off the whole points.

use super::{PointEncoding, ReproPaths};
use crate::curve::SwGroup;
use crate::engine::{Outcome, Routine, RoutineInfo};
use crate::generators::points::{
    point_class_holds, point_classes, points, GenPoint, Representation,
};
use crate::generators::scalars::{scalar_class_holds, SCALAR_CLASSES};
use crate::generators::Gen;
use crate::repro::project::ReproCode;
use crate::shapes::{hex_gen_points, hex_point, Spec};
use ecdiff_oracles::field::{Field, SqrtField};
use ecdiff_oracles::weierstrass::{FixedBase, Point};
use num_bigint::BigUint;
use num_traits::Zero;

/// One entry point of the traits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `P + Q`.
    Add,
    /// `P - Q`.
    Sub,
    /// `-P`.
    Neg,
    /// `P.double()`.
    Double,
    /// `P + Q.to_affine()`.
    AddAffine,
    /// `P - Q.to_affine()`.
    SubAffine,
    /// `P * s`.
    Mul,
    /// `P.is_identity()`.
    IsIdentity,
    /// `points.iter().sum()`.
    Sum,
    /// `Curve::batch_normalize(points, affines)`.
    BatchNormalize,
    /// `G::from_bytes(bytes)`.
    Decode,
    /// `G::conditional_select(&P, &Q, choice)` (`subtle::ConditionallySelectable`).
    Select,
}

/// Every operation with the class a case of it records.
const OPS: [(Op, &str); 12] = [
    (Op::Add, "op_add"),
    (Op::Sub, "op_sub"),
    (Op::Neg, "op_neg"),
    (Op::Double, "op_double"),
    (Op::AddAffine, "op_add_affine"),
    (Op::SubAffine, "op_sub_affine"),
    (Op::Mul, "op_mul"),
    (Op::IsIdentity, "op_is_identity"),
    (Op::Sum, "op_sum"),
    (Op::BatchNormalize, "op_batch_normalize"),
    (Op::Decode, "op_decode"),
    (Op::Select, "op_select"),
];

/// The weights of [`OPS`] in a draw.
const OP_WEIGHTS: [u32; 12] = [2, 1, 1, 1, 2, 1, 5, 1, 2, 2, 4, 1];

/// The weights of a binary operation's pair: as [`points`] draws two (where Q = P or Q = −P
/// come only from its list relations, in edge-biased draws), Q = P, Q = −P. The doubling and
/// cancelling cases are where incomplete formulas fail, so each gets a quarter of the draws
/// whatever the bias (with one in nine, a chord formula's missing doubling case went unseen
/// in 512 cases of some streams).
const PAIR_WEIGHTS: [u32; 3] = [2, 1, 1];

/// P drawn by [`points`] and Q = −P (`negated`) or Q = P; the point class `negated_pair` or
/// `repeated` then holds (read off the coordinates, not this draw).
fn related_pair<C: SwGroup>(g: &mut Gen, c: &C, negated: bool) -> Vec<GenPoint<C::F>> {
    let p = points(g, c, 1, Representation::Affine).remove(0);
    // −O = O: the identity's representation stays canonical.
    let q = if negated && !p.jac.z.is_zero() {
        GenPoint {
            log: (c.order() - &p.log) % c.order(),
            jac: crate::curve::Jacobian {
                y: p.jac.y.neg(),
                ..p.jac.clone()
            },
        }
    } else {
        p.clone()
    };
    g.hit(if negated { "negated_pair" } else { "repeated" });
    vec![p, q]
}

/// The classes of points outside the prime-order subgroup ([`GroupLawCheck::with_torsion`]):
/// an input point with a torsion part (r·P ≠ O), and one of small order (P ≠ O, h·P = O).
pub(super) const TORSION_CLASSES: [&str; 2] = ["torsion_component", "small_order"];

/// How many x the search for a generator of the h-part tries
/// ([`ecdiff_oracles::weierstrass::Curve::torsion_generator`]): for a cyclic h-part of order 8,
/// half of all points give one.
const TORSION_TRIES: u32 = 64;

/// What a point of a case with torsion parts is ([`GroupLawCheck::with_torsion`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// Drawn by [`points`] (its torsion part drawn after it).
    Drawn,
    /// t·T, t·T ≠ O: no prime part.
    SmallOrder,
    /// The identity: no prime part, no torsion part.
    Identity,
}

/// The identity as a drawn point (log 0, in the canonical Jacobian form (1, 1, 0)): the prime
/// part of a point of `slot` (the `identity` class is hit for the identity itself).
fn identity_point<C: SwGroup>(g: &mut Gen, c: &C, slot: Slot) -> GenPoint<C::F> {
    if slot == Slot::Identity {
        g.hit("identity");
    }
    identity_gen_point(c)
}

/// The identity as a drawn point: log 0, in the canonical Jacobian form (1, 1, 0).
pub(super) fn identity_gen_point<C: SwGroup>(c: &C) -> GenPoint<C::F> {
    let one = c.curve().b.one_like();
    GenPoint {
        log: BigUint::zero(),
        jac: crate::curve::Jacobian {
            x: one.clone(),
            y: one.clone(),
            z: one.zero_like(),
        },
    }
}

/// The classes of `conditional_select`'s choice: P (choice 0) or Q (choice 1).
const SELECT_CLASSES: [&str; 2] = ["select_first", "select_second"];

/// The classes of a `conditional_select` whose one point is the identity and other not: P
/// (`select_identity_first`) or Q (`select_identity_second`), read off the whole points. A
/// select written coordinate by coordinate that leaves an identity flag out (Barretenberg's
/// secp256k1_ecdsa_mul, https://github.com/AztecProtocol/aztec-packages/pull/16679) is right
/// on every other pair: drawn independently, such a pair came once in ~250 cases (a planted
/// select of that kind went unseen on 1 seed of 5 in 512 cases, still on 1 of 20 with four
/// pairs in five of that kind, and on none of 20 since the choice of such a pair takes the
/// other point 3 times in 4).
const SELECT_IDENTITY_CLASSES: [&str; 2] = ["select_identity_first", "select_identity_second"];

/// The weights of a `conditional_select`'s pair on a check without torsion: two points as
/// [`points`] draws them, P the identity, Q the identity (a check with torsion draws
/// identities in its slots, 3 times in 20 a point).
const SELECT_PAIR_WEIGHTS: [u32; 3] = [1, 2, 2];

/// The weights of each point of a list and of the point of `double`, on a check without
/// torsion: as [`points`] draws it, the identity. With [`points`] alone, planted bugs the
/// generator was not built around went unseen: a `batch_normalize` that moves identities to
/// the end on 1 seed of 5.
const IDENTITY_SLOT_WEIGHTS: [u32; 2] = [2, 1];

/// [`IDENTITY_SLOT_WEIGHTS`] for the point of `neg` and `is_identity`, whose one edge is the
/// identity: an `is_identity` that misses the identity went unseen on 1 or 2 seeds of 5 with
/// [`points`] alone, and on 1 of 20 with the identity 1 time in 3.
const UNARY_IDENTITY_WEIGHTS: [u32; 2] = [1, 1];

/// The longest list of `Sum` and `batch_normalize`.
const LIST_MAX: usize = 6;

/// The classes of a list's length (`Sum`, `batch_normalize`).
const LIST_CLASSES: [&str; 3] = ["list_empty", "list_one", "list_many"];

/// The classes of `from_bytes`'s input: the encoding as it is, one bit flipped, the first or
/// last byte replaced, random bytes; whether the format refuses it; the sign flag flipped.
const DECODE_CLASSES: [&str; 6] = [
    "mut_none",
    "mut_bit_flip",
    "mut_edge_byte",
    "mut_random_bytes",
    "encoding_invalid",
    DECODE_SIGN_FLIP,
];

/// A decode class: the encoding with its sign flag flipped (the bits in which the encodings
/// of G and −G differ), of the identity half the time — where a sign has no meaning and
/// decoders have accepted it (ZIP 216's non-canonical u = 0, https://zips.z.cash/zip-0216;
/// ark-ec's negative flag on x = 0, docs/known-findings.md). A random bit flip lands there
/// once in 8·len, and on the identity seldom more than once in a default run.
const DECODE_SIGN_FLIP: &str = "mut_sign_flip";

impl Op {
    /// How many points the operation takes (lists draw theirs).
    /// Whether the operation combines two points P and Q (where P = Q and P = −Q are the
    /// cases incomplete formulas get wrong).
    fn is_binary(self) -> bool {
        matches!(self, Op::Add | Op::Sub | Op::AddAffine | Op::SubAffine)
    }

    fn arity(self, g: &mut Gen) -> usize {
        match self {
            Op::Add | Op::Sub | Op::AddAffine | Op::SubAffine | Op::Select => 2,
            Op::Neg | Op::Double | Op::Mul | Op::IsIdentity | Op::Decode => 1,
            Op::Sum | Op::BatchNormalize => {
                let n = g.range(0, LIST_MAX);
                g.hit(LIST_CLASSES[n.min(2)]);
                n
            }
        }
    }
}

/// One case: an operation, its points and (for [`Op::Mul`]) its scalar.
#[derive(Clone, Debug)]
pub struct GroupLawCase<F> {
    /// The operation.
    pub op: Op,
    /// P, or P and Q, with their logs.
    pub points: Vec<GenPoint<F>>,
    /// The scalar of [`Op::Mul`], below r; [`Op::Select`]'s choice (0 or 1); 0 otherwise.
    pub scalar: BigUint,
    /// The bytes [`Op::Decode`] decodes (empty otherwise).
    pub bytes: Vec<u8>,
    /// Each point's torsion multiple t < h (P = a·G + t·T), on a check
    /// [`GroupLawCheck::with_torsion`]; empty otherwise and on [`Op::Decode`].
    pub torsion: Vec<BigUint>,
}

/// What an operation returns, as the oracle reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GroupValue<F> {
    /// A point, read from its encoding.
    Point(Point<F>),
    /// Bytes that encode no point of the curve.
    NotAPoint(Vec<u8>),
    /// The answer of `is_identity`.
    Flag(bool),
    /// One value per point of a list (`batch_normalize`).
    List(Vec<GroupValue<F>>),
    /// `from_bytes` refused the bytes (a subject's answer; the check reports it as a
    /// refusal, [`Outcome::Rejected`]).
    Refused,
}

/// The traits' entry points of one curve, run on points given by their logs.
pub trait GroupLawSubject<C: SwGroup>: Send + Sync + 'static {
    /// `op` on the points of `logs` (and `scalar` for [`Op::Mul`]), read back by the oracle;
    /// [`Op::Decode`] is [`GroupLawSubject::decode`]'s.
    fn run(&self, op: Op, logs: &[&BigUint], scalar: &BigUint) -> GroupValue<C::F>;

    /// [`GroupLawSubject::run`] on points with torsion parts: `torsion` holds for each point
    /// the encoding of a torsion part to add to it (empty bytes: none), on a check
    /// [`GroupLawCheck::with_torsion`]; the check calls this. A subject of such a check
    /// implements it; the default is `run`, for points without torsion parts.
    ///
    /// # Panics
    /// By default, when a torsion part is given.
    fn run_with_torsion(
        &self,
        op: Op,
        logs: &[&BigUint],
        torsion: &[Vec<u8>],
        scalar: &BigUint,
    ) -> GroupValue<C::F> {
        assert!(
            torsion.iter().all(Vec::is_empty),
            "a subject of a check with torsion implements GroupLawSubject::run_with_torsion"
        );
        self.run(op, logs, scalar)
    }

    /// `G::from_bytes(bytes)`: the point read back by the oracle, or [`GroupValue::Refused`].
    fn decode(&self, bytes: &[u8]) -> GroupValue<C::F>;
}

/// The differential check of a curve's group law through the traits.
pub struct GroupLawCheck<C: SwGroup> {
    spec: Spec,
    subject: Box<dyn GroupLawSubject<C>>,
    encoding: Box<dyn PointEncoding<C>>,
    repro: Option<ReproPaths>,
    /// T with its fixed-base table modulo h, where points get torsion parts.
    torsion: Option<FixedBase<C::F>>,
}

/// The default case count: every operation and every point and scalar class at seed 0.
pub const GROUP_LAW_CASES: u32 = 512;

/// T with its fixed-base table modulo h, the torsion parts' base of a check on the whole
/// curve: a generator of the h-part where it is cyclic (every small-order point is a t·T), else
/// the first point of it; `None` on a curve of cofactor 1.
pub(super) fn torsion_base<C: SwGroup>() -> Option<FixedBase<C::F>>
where
    C::F: SqrtField,
{
    let curve = C::instance().curve();
    let point = curve.torsion_generator(TORSION_TRIES);
    (point.or_else(|| curve.torsion_point())).map(|t| curve.fixed_base(&t, &curve.cofactor))
}

/// The group-law check of any subject (a planted bug around [`crate::zkgroup::traits()`],
/// say), whose results are in `encoding`.
pub fn check<C: SwGroup>(
    spec: Spec,
    subject: impl GroupLawSubject<C>,
    encoding: impl PointEncoding<C>,
) -> GroupLawCheck<C> {
    GroupLawCheck {
        spec: spec.shape_default(GROUP_LAW_CASES),
        encoding: Box::new(encoding),
        subject: Box::new(subject),
        repro: None,
        torsion: None,
    }
}

impl<C: SwGroup> GroupLawCheck<C> {
    /// The check with standalone reproducers ([`crate::repro`]) of its `from_bytes` cases,
    /// naming `paths`.
    pub fn with_reproducer(self, paths: ReproPaths) -> Self {
        GroupLawCheck {
            repro: Some(paths),
            ..self
        }
    }

    /// The check with points outside the prime-order subgroup: a·G + t·T (module docs), for a
    /// subject type that holds the whole curve. A curve of cofactor 1 has no T: unchanged.
    pub fn with_torsion(self) -> Self
    where
        C::F: SqrtField,
    {
        GroupLawCheck {
            torsion: torsion_base::<C>(),
            ..self
        }
    }

    /// t·T, or `None` on a check without torsion.
    fn torsion_multiple(&self, t: &BigUint) -> Option<Point<C::F>> {
        let base = self.torsion.as_ref()?;
        Some(C::instance().curve().mul_fixed(base, t))
    }

    /// Point `i` of `case` whole: a·G + t·T.
    fn whole_point(&self, case: &GroupLawCase<C::F>, i: usize) -> Point<C::F> {
        self.point_of(&case.points[i].log, case.torsion.get(i))
    }

    /// a·G + t·T (t·T = O without torsion).
    fn point_of(&self, a: &BigUint, t: Option<&BigUint>) -> Point<C::F> {
        let curve = C::instance().curve();
        let prime = curve.mul_generator(a);
        match t.and_then(|t| self.torsion_multiple(t)) {
            Some(part) => curve.add(&prime, &part),
            None => prime,
        }
    }

    /// What each of an operation's `n` points is, on a check with torsion (drawn by
    /// [`points`] otherwise, drawing nothing here): a point of small order or the identity
    /// each 3 times in 20 (the identity a point with a torsion part is not, so the drawn
    /// identities alone would be too few), both points of a related pair (`related`) alike.
    /// Without torsion, every point is drawn, but for a select's pair (one of them the
    /// identity 4 times in 5, [`SELECT_PAIR_WEIGHTS`]), the point of `neg` and `is_identity`
    /// (the identity 1 time in 2) and the points of `double` and the lists (each the identity
    /// 1 time in 3).
    fn slots(&self, g: &mut Gen, op: Op, n: usize, related: bool) -> Vec<Slot> {
        if self.torsion.is_none() && op == Op::Select {
            return match g.weighted(&SELECT_PAIR_WEIGHTS) {
                0 => vec![Slot::Drawn; n],
                1 => vec![Slot::Identity, Slot::Drawn],
                _ => vec![Slot::Drawn, Slot::Identity],
            };
        }
        if self.torsion.is_none() {
            let weights = match op {
                Op::Neg | Op::IsIdentity => UNARY_IDENTITY_WEIGHTS,
                Op::Double | Op::Sum | Op::BatchNormalize => IDENTITY_SLOT_WEIGHTS,
                _ => return vec![Slot::Drawn; n],
            };
            let mut slot = || [Slot::Drawn, Slot::Identity][g.weighted(&weights)];
            return (0..n).map(|_| slot()).collect();
        }
        if op == Op::Decode {
            return vec![Slot::Drawn; n];
        }
        let mut slot = || [Slot::Drawn, Slot::SmallOrder, Slot::Identity][g.weighted(&[14, 3, 3])];
        if related {
            return vec![slot(); n];
        }
        (0..n).map(|_| slot()).collect()
    }

    /// The torsion multiples of `points` (one each, t < h): none, an order-2 multiple (h/2) or
    /// any; never none in a small-order slot, always none in an identity slot (`slots`). Q of
    /// a related pair
    /// takes P's multiple, negated where Q = −P (`negated`, or read off the logs for a list's
    /// own relations).
    fn draw_torsion(
        &self,
        g: &mut Gen,
        op: Op,
        points: &[GenPoint<C::F>],
        slots: &[Slot],
        negated: Option<bool>,
    ) -> Vec<BigUint> {
        let c = C::instance();
        let h = &c.curve().cofactor;
        let mut torsion: Vec<BigUint> = Vec::with_capacity(points.len());
        for (i, p) in points.iter().enumerate() {
            let pair = i == 1 && op.is_binary();
            let same = p.log == points[0].log;
            let opposite = (&p.log + &points[0].log) % c.order() == BigUint::zero();
            let t = match negated {
                Some(true) if pair => (h - &torsion[0]) % h,
                Some(false) if pair => torsion[0].clone(),
                None if pair && same => torsion[0].clone(),
                None if pair && opposite => (h - &torsion[0]) % h,
                _ if slots[i] == Slot::SmallOrder => g.biguint_below(&(h - 1u8)) + 1u8,
                _ if slots[i] == Slot::Identity => BigUint::zero(),
                _ => match g.weighted(&[2, 1, 1]) {
                    0 => BigUint::zero(),
                    1 => h >> 1u8,
                    _ => g.biguint_below(h),
                },
            };
            let part = self.torsion_multiple(&t).unwrap_or(Point::Identity);
            if !part.is_identity() {
                g.hit("torsion_component");
                if (&p.log % c.order()).is_zero() {
                    g.hit("small_order");
                }
            }
            torsion.push(t);
        }
        torsion
    }

    /// The bytes `from_bytes` gets: the encoding of `p`, as it is or mutated. A sign flip
    /// ([`DECODE_SIGN_FLIP`]) is of the identity half the time: `p` becomes the identity.
    fn decode_input(&self, g: &mut Gen, p: &mut GenPoint<C::F>) -> Vec<u8> {
        let c = C::instance();
        let mutation = g.weighted(&[3, 3, 2, 1]);
        let sign_flip = mutation == 1 && g.chance(1, 2);
        if sign_flip && g.chance(1, 2) {
            *p = identity_point(g, c, Slot::Identity);
            // The drawn point's classes left with it.
            for class in point_classes(Representation::Affine) {
                if point_class_holds(c, class, std::slice::from_ref(p)) == Some(false) {
                    g.withdraw(class);
                }
            }
        }
        let point = c.curve().mul_generator(&p.log);
        let mut bytes = self.encoding.encode(&point);
        let len = bytes.len();
        match mutation {
            0 => g.hit("mut_none"),
            1 if sign_flip => {
                let mask = self.sign_mask();
                bytes.iter_mut().zip(&mask).for_each(|(b, m)| *b ^= m);
                if mask.iter().map(|m| m.count_ones()).sum::<u32>() == 1 {
                    g.hit("mut_bit_flip");
                }
                g.hit(DECODE_SIGN_FLIP);
            }
            1 => {
                let bit = g.below(8 * len as u64) as usize;
                bytes[bit / 8] ^= 1 << (bit % 8);
                g.hit("mut_bit_flip");
            }
            2 => {
                let at = if g.chance(1, 2) { 0 } else { len - 1 };
                let old = bytes[at];
                bytes[at] = old ^ (1 + g.below(255) as u8);
                g.hit("mut_edge_byte");
            }
            _ => {
                let before = bytes.clone();
                g.fill(&mut bytes);
                if differing_bytes(&before, &bytes) > 1 {
                    g.hit("mut_random_bytes");
                }
            }
        }
        if self.encoding.decode(&bytes).is_none() {
            g.hit("encoding_invalid");
        }
        bytes
    }
}

impl<C: SwGroup> GroupLawCheck<C> {
    /// The bits in which the oracle's encodings of G and −G differ: the format's sign flag.
    fn sign_mask(&self) -> Vec<u8> {
        let curve = C::instance().curve();
        let g = curve.mul_generator(&BigUint::from(1u8));
        let (plus, minus) = (
            self.encoding.encode(&g),
            self.encoding.encode(&curve.neg(&g)),
        );
        plus.iter().zip(&minus).map(|(a, b)| a ^ b).collect()
    }

    /// A class of [`DECODE_CLASSES`] read off a decode case: the bytes against the oracle's
    /// encoding of the case's point, and the format's decoder.
    fn decode_class_holds(&self, case: &GroupLawCase<C::F>, class: &str) -> bool {
        let point = C::instance().curve().mul_generator(&case.points[0].log);
        let valid = self.encoding.encode(&point);
        let bytes = &case.bytes;
        let flipped_bits: u32 = (valid.iter().zip(bytes))
            .map(|(a, b)| (a ^ b).count_ones())
            .sum();
        let differing: Vec<usize> = (0..bytes.len()).filter(|&i| bytes[i] != valid[i]).collect();
        match class {
            "mut_none" => *bytes == valid,
            "mut_bit_flip" => flipped_bits == 1,
            "mut_edge_byte" => {
                differing.len() == 1 && (differing[0] == 0 || differing[0] == bytes.len() - 1)
            }
            "mut_random_bytes" => differing.len() > 1,
            "encoding_invalid" => self.encoding.decode(bytes).is_none(),
            DECODE_SIGN_FLIP => {
                let mask = self.sign_mask();
                let flipped = valid.iter().zip(&mask).map(|(v, m)| v ^ m);
                mask.iter().any(|m| *m != 0) && flipped.eq(bytes.iter().copied())
            }
            _ => unreachable!("not a decode class: {class}"),
        }
    }
}

/// The expected verdict of a case under a known finding "`from_bytes` accepts SEC 1 tag 0x05"
/// (a library that parses `sec1`'s compact points, [`super::sec1_compact_roots`]): `reason`,
/// as an accepted invalid input, on the `from_bytes` cases of `05` ‖ the x of a point of `C`.
pub fn sec1_compact_expected<C: SwGroup<F = ecdiff_oracles::field::Fp>>(
    case: &GroupLawCase<ecdiff_oracles::field::Fp>,
    reason: &'static str,
) -> crate::engine::Expected {
    let compact = case.op == Op::Decode && super::sec1_compact_roots::<C>(&case.bytes).is_some();
    if compact {
        crate::engine::Expected::known(crate::engine::VerdictKind::OracleRejected, reason)
    } else {
        crate::engine::Expected::AGREE
    }
}

/// How many bytes of `a` and `b` (of one length) differ.
fn differing_bytes(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).filter(|(x, y)| x != y).count()
}

impl<C: SwGroup> Routine for GroupLawCheck<C> {
    type Case = GroupLawCase<C::F>;
    type Output = GroupValue<C::F>;

    fn info(&self) -> RoutineInfo {
        let mut classes: Vec<&'static str> = OPS.iter().map(|(_, class)| *class).collect();
        classes.extend(point_classes(Representation::Affine));
        classes.extend(SCALAR_CLASSES);
        classes.extend(LIST_CLASSES);
        classes.extend(DECODE_CLASSES);
        classes.extend(SELECT_CLASSES);
        classes.extend(SELECT_IDENTITY_CLASSES);
        if self.torsion.is_some() {
            classes.extend(TORSION_CLASSES);
        }
        self.spec.info(
            if self.torsion.is_some() {
                "known logs with torsion (a·G + t·T): (a ± b, t ± u), (−a, −t), (2a, 2t), \
                 (s·a, s·t), (Σaᵢ, Σtᵢ), a = 0 and t·T = O; from_bytes: the format's decoder"
            } else {
                "known logs: (a ± b)·G, (−a)·G, (2a)·G, (s·a)·G, (Σaᵢ)·G, a = 0; from_bytes: \
                 the format's decoder"
            },
            classes,
        )
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let c = C::instance();
        // Multiplication has a dozen scalar classes to reach, the other operations none.
        let (op, class) = OPS[g.weighted(&OP_WEIGHTS)];
        g.hit(class);
        let n = op.arity(g);
        let relation = op.is_binary().then(|| g.weighted(&PAIR_WEIGHTS));
        let negated = match relation {
            Some(relation @ (1 | 2)) => Some(relation == 2),
            _ => None,
        };
        let slots = self.slots(g, op, n, negated.is_some());
        let mut points = match negated {
            // A pair of small order (P = t·T, Q = ±P: the relation is in the torsion
            // multiples) or of identities.
            Some(_) if slots[0] != Slot::Drawn => vec![identity_point(g, c, slots[0]); 2],
            Some(negated) => related_pair(g, c, negated),
            None => {
                let to_draw = slots.iter().filter(|s| **s == Slot::Drawn).count();
                let mut drawn = points(g, c, to_draw, Representation::Affine).into_iter();
                (slots.iter())
                    .map(|&s| match s {
                        Slot::Drawn => drawn.next().expect("one drawn point per slot"),
                        other => identity_point(g, c, other),
                    })
                    .collect()
            }
        };
        let scalar = match op {
            Op::Mul => crate::generators::scalars::scalar(g, c.order()),
            Op::Select => {
                // With one slot the identity, the other point is chosen 3 times in 4.
                let choice = match slots.iter().position(|s| *s == Slot::Identity) {
                    Some(identity) if slots.len() == 2 && slots[1 - identity] != Slot::Identity => {
                        let other = 1 - identity;
                        [other, identity][g.weighted(&[3, 1])]
                    }
                    _ => g.below(2) as usize,
                };
                g.hit(SELECT_CLASSES[choice]);
                BigUint::from(choice)
            }
            _ => BigUint::zero(),
        };
        let bytes = match op {
            Op::Decode => self.decode_input(g, &mut points[0]),
            _ => Vec::new(),
        };
        // Rows without torsion draw nothing more (as before torsion was modelled).
        let torsion = match op {
            Op::Decode => Vec::new(),
            _ if self.torsion.is_some() => self.draw_torsion(g, op, &points, &slots, negated),
            _ => Vec::new(),
        };
        let case = GroupLawCase {
            op,
            points,
            scalar,
            bytes,
            torsion,
        };
        // A select's identity slot against a point that is not the identity by its draw: log
        // a ≠ 0 mod r or a torsion multiple t with t·T ≠ O (the class predicates check the
        // claim on the whole points).
        if op == Op::Select {
            let drawn_other = |i: usize| {
                !(&case.points[i].log % c.order()).is_zero()
                    || (case.torsion.get(i))
                        .and_then(|t| self.torsion_multiple(t))
                        .is_some_and(|part| !part.is_identity())
            };
            match slots[..] {
                [Slot::Identity, _] if drawn_other(1) => g.hit(SELECT_IDENTITY_CLASSES[0]),
                [_, Slot::Identity] if drawn_other(0) => g.hit(SELECT_IDENTITY_CLASSES[1]),
                _ => {}
            }
        }
        case
    }

    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        if let Some((op, _)) = OPS.iter().find(|(_, c)| *c == class) {
            return Some(case.op == *op);
        }
        if let Some(i) = LIST_CLASSES.iter().position(|c| *c == class) {
            let listed = matches!(case.op, Op::Sum | Op::BatchNormalize);
            return Some(listed && case.points.len().min(2) == i);
        }
        if let Some(choice) = SELECT_CLASSES.iter().position(|c| *c == class) {
            return Some(case.op == Op::Select && case.scalar == BigUint::from(choice));
        }
        if let Some(first) = SELECT_IDENTITY_CLASSES.iter().position(|c| *c == class) {
            let is_identity = |i: usize| self.whole_point(case, i).is_identity();
            let (identity, other) = if first == 0 { (0, 1) } else { (1, 0) };
            return Some(case.op == Op::Select && is_identity(identity) && !is_identity(other));
        }
        if DECODE_CLASSES.contains(&class) {
            return Some(case.op == Op::Decode && self.decode_class_holds(case, class));
        }
        if TORSION_CLASSES.contains(&class) {
            let curve = C::instance().curve();
            let holds = |p: &Point<C::F>| match class {
                "torsion_component" => !curve.mul(p, &curve.order).is_identity(),
                _ => !p.is_identity() && curve.mul(p, &curve.cofactor).is_identity(),
            };
            let whole = (0..case.torsion.len()).map(|i| self.whole_point(case, i));
            return Some(whole.into_iter().any(|p| holds(&p)));
        }
        let c = C::instance();
        point_class_holds(c, class, &case.points).or_else(|| {
            (case.op == Op::Mul)
                .then(|| scalar_class_holds(class, std::slice::from_ref(&case.scalar), c.order()))
                .flatten()
        })
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        if case.op == Op::Decode {
            return match self.subject.decode(&case.bytes) {
                GroupValue::Refused => Outcome::Rejected("from_bytes returned none".into()),
                value => Outcome::Value(value),
            };
        }
        let logs: Vec<&BigUint> = case.points.iter().map(|p| &p.log).collect();
        let torsion: Vec<Vec<u8>> = (case.torsion.iter())
            .map(|t| match self.torsion_multiple(t) {
                Some(part) if !part.is_identity() => self.encoding.encode(&part),
                _ => Vec::new(),
            })
            .collect();
        Outcome::Value((self.subject).run_with_torsion(case.op, &logs, &torsion, &case.scalar))
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        let c = C::instance();
        let r = c.order();
        let h = &c.curve().cofactor;
        // Each point as (a mod r, t mod h); t = 0 without torsion.
        let log = |i: usize| &case.points[i].log % r;
        let tor = |i: usize| case.torsion.get(i).map_or_else(BigUint::zero, |t| t % h);
        let neg = |a: BigUint, m: &BigUint| (m - a) % m;
        let (a, t) = match case.op {
            Op::Add | Op::AddAffine => ((log(0) + log(1)) % r, (tor(0) + tor(1)) % h),
            Op::Sub | Op::SubAffine => {
                ((log(0) + neg(log(1), r)) % r, (tor(0) + neg(tor(1), h)) % h)
            }
            Op::Neg => (neg(log(0), r), neg(tor(0), h)),
            Op::Double => ((log(0) * 2u8) % r, (tor(0) * 2u8) % h),
            Op::Mul => ((log(0) * &case.scalar) % r, (tor(0) * &case.scalar) % h),
            Op::IsIdentity => {
                let p = self.point_of(&log(0), Some(&tor(0)));
                return Outcome::Value(GroupValue::Flag(p.is_identity()));
            }
            Op::Sum => {
                let n = case.points.len();
                (
                    (0..n).map(log).sum::<BigUint>() % r,
                    (0..n).map(tor).sum::<BigUint>() % h,
                )
            }
            Op::Select if case.scalar.is_zero() => (log(0), tor(0)),
            Op::Select => (log(1), tor(1)),
            Op::BatchNormalize => {
                let each = (0..case.points.len())
                    .map(|i| GroupValue::Point(self.point_of(&log(i), Some(&tor(i)))))
                    .collect();
                return Outcome::Value(GroupValue::List(each));
            }
            Op::Decode => {
                return match self.encoding.decode(&case.bytes) {
                    Some(p) => Outcome::Value(GroupValue::Point(p)),
                    None => {
                        Outcome::Rejected(format!("not an encoding ({})", self.encoding.name()))
                    }
                };
            }
        };
        Outcome::Value(GroupValue::Point(self.point_of(&a, Some(&t))))
    }

    /// `from_bytes` cases only: the bytes into `G::from_bytes`, the point it accepts shown as
    /// its `to_bytes` (checked by the row's other operations), the expected line the oracle's
    /// decoding in the same encoding, or "refused".
    fn reproducer(&self, case: &Self::Case, oracle: &Outcome<Self::Output>) -> Option<ReproCode> {
        let ReproPaths {
            group_type,
            group_version,
        } = self.repro?;
        if case.op != Op::Decode {
            return None;
        }
        let expected = match oracle {
            Outcome::Value(GroupValue::Point(p)) => {
                format!("decodes to {}", hex::encode(self.encoding.encode(p)))
            }
            Outcome::Rejected(_) => "refused".to_string(),
            _ => return None,
        };
        let body = format!(
            "type G = {group_type};\n\
             let bytes = unhex(\"{bytes}\");\n\
             let mut repr = <G as GroupEncoding>::Repr::default();\n\
             AsMut::<[u8]>::as_mut(&mut repr).copy_from_slice(&bytes);\n\
             // The decoder under test.\n\
             match Option::<G>::from(G::from_bytes(&repr)) {{\n    \
             Some(p) => format!(\"decodes to {{}}\", hex(p.to_bytes().as_ref())),\n    \
             None => \"refused\".to_string(),\n\
             }}\n",
            bytes = hex::encode(&case.bytes),
        );
        Some(ReproCode {
            dependencies: vec![crate::repro::project::Dependency::new(
                "group",
                group_version,
            )],
            uses: vec!["use group::GroupEncoding;".into()],
            body,
            expected,
            expected_from: format!(
                "ecdiff's oracle on these bytes (the decoder of {}, written from the format's \
                 specification), embedded",
                self.encoding.name()
            ),
        })
    }

    fn render_case(&self, case: &Self::Case) -> String {
        let mut text = format!(
            "op = {:?}\npoints = {}\nscalar = 0x{:x}\nbytes = {}",
            case.op,
            hex_gen_points(&case.points),
            case.scalar,
            hex::encode(&case.bytes)
        );
        if !case.torsion.is_empty() {
            let each: Vec<String> = case.torsion.iter().map(|t| t.to_string()).collect();
            text += &format!("\ntorsion multiples of T = [{}]", each.join(", "));
            if let Some(base) = &self.torsion {
                text += &format!("\nT = {}", hex_point(base.point()));
            }
        }
        text
    }

    fn render_output(&self, output: &Self::Output) -> String {
        render_value(output, self.encoding.name())
    }
}

/// A [`GroupValue`] for a report, `encoding` the name of the encoding its bytes were read in.
pub fn render_value<F: ecdiff_oracles::field::Field>(
    output: &GroupValue<F>,
    encoding: &str,
) -> String {
    match output {
        GroupValue::Point(p) => hex_point(p),
        GroupValue::NotAPoint(bytes) => format!(
            "to_bytes() = {} (no point in {encoding})",
            bytes.iter().map(|b| format!("{b:02x}")).collect::<String>(),
        ),
        GroupValue::Flag(b) => format!("is_identity() = {b}"),
        GroupValue::List(values) => {
            let each: Vec<String> = values.iter().map(|v| render_value(v, encoding)).collect();
            format!("[{}]", each.join(", "))
        }
        GroupValue::Refused => "refused".into(),
    }
}
