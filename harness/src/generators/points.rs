//! Short-Weierstrass points with known discrete logs, in chosen Jacobian representations.
//!
//! Every generated point carries its discrete log relative to the group's hub base (the
//! generator), so an oracle checks Σ sᵢ·Pᵢ as (Σ sᵢ·aᵢ mod r)·G with one scale-and-add
//! (`ecdiff_oracles::group::known_log_msm`). Points are drawn per element from these classes:
//!
//! | class | what |
//! |---|---|
//! | `identity` | the identity in ark's canonical Jacobian form (1, 1, 0) |
//! | `identity_noncanonical` | the identity with arbitrary X, Y and Z = 0 |
//! | `generator` | G itself |
//! | `non_generator` | a uniformly random multiple of G |
//! | `small_multiple` | k·G for k in 2..=16 |
//! | `negated_pair` | −Pⱼ of an earlier element Pⱼ (P and −P in one input) |
//! | `repeated` | an earlier element again (at its own, possibly different, z) |
//!
//! and per list one representation class: `all_z_one` (every point normalized, z = 1: the
//! dispatch that keeps per-point `into_affine`), `z_one_with_identity` (every point normalized
//! but at least one identity, z = 0: one scan decides the dispatch), `mixed_z` (each z
//! uniformly random, one in four z = 1) or, for a lone unnormalized point or points sharing
//! one z ≠ 1, `z_not_one`. The class is read off the coordinates handed to the subject
//! ([`z_class`]), not off what the generator meant to draw. An affine list of [`LONG_LIST`] points or more first
//! draws whether it is dense or sparse in those classes. Under [`Bias::Uniform`] every point is
//! `non_generator` with a random z.
//!
//! Uniformly random points are drawn by index from a process-wide pool of [`POOL_SIZE`]
//! known-log points per group ([`pool_point`]), distinct within a list, so a drawn point costs
//! a lookup instead of a group operation. The pool is built lazily in blocks of
//! [`POOL_BLOCK`]: block b is A + i·S for i < [`POOL_BLOCK`], where A = a·G for a random a
//! seeded by b and S is one fixed random known-log stride, so a block costs one fixed-base
//! multiplication and [`POOL_BLOCK`] chord additions sharing one inversion. Every pool point
//! is a uniformly distributed group element with a known log; lists longer than
//! [`POOL_DRAW_MAX`] are sums of pool points and an arithmetic progression
//! (`random_points`).
//!
//! Users (`scripts/shared-users.py`): the core's short-Weierstrass shapes and the families that
//! draw points themselves (bls12_381, dory, halo2curves).

use super::log_check::some_pair_related;
use super::tape::Choice;
use super::{seeded_log, Bias, Gen};
use crate::curve::{Jacobian, SwGroup};
use ecdiff_oracles::field::Field;
use ecdiff_oracles::group::{logged, Logged};
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::any::{Any, TypeId};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Every per-element class [`points`] can record.
pub const POINT_CLASSES: &[&str] = &[
    "identity",
    "identity_noncanonical",
    "generator",
    "non_generator",
    "small_multiple",
    "negated_pair",
    "repeated",
];

/// The classes [`points`] can record for a representation.
pub fn point_classes(repr: Representation) -> Vec<&'static str> {
    match repr {
        Representation::Jacobian => POINT_CLASSES.iter().chain(Z_CLASSES).copied().collect(),
        Representation::Affine => POINT_CLASSES
            .iter()
            .copied()
            .filter(|&c| c != "identity_noncanonical")
            .collect(),
    }
}

/// The representation classes [`points`] records per list ([`z_class`]); a list of one point
/// has `z_not_one` where a longer list has `mixed_z`.
pub const Z_CLASSES: &[&str] = &["all_z_one", "z_one_with_identity", "mixed_z"];

/// A generated input point: its representation and its known log.
#[derive(Clone, Debug)]
pub struct GenPoint<F> {
    /// The representation handed to the subject.
    pub jac: Jacobian<F>,
    /// The discrete log relative to the generator, below r (0 for the identity).
    pub log: BigUint,
}

/// How [`points`] may represent the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Representation {
    /// Choose a representation class per list (see the module docs).
    Jacobian,
    /// Always z = 1, identities as (1, 1, 0): for APIs that take affine points.
    Affine,
}

/// From this length on an edge-biased affine list first draws whether it is dense (one in
/// three: each element drawn with the weights of short lists, so a list of thousands almost
/// surely holds identities, repeats and small multiples) or sparse (two in three: no
/// identities, about 16 structured points among random ones). An API that treats any identity
/// or any repeat specially (halo2curves' batch-affine `msm_best`) thus also runs its main path
/// on long edge-biased lists. Jacobian lists draw as before: with the draw there too, the
/// minimized findings of `dory_g1_msm__zscan_first_base_only` split into two groups instead of
/// one (`tests/zoo.rs`), which is not understood yet (the routine's lists stay below 1024).
pub const LONG_LIST: usize = 1024;

/// Draws `n` points of `c` (see the module docs for the classes).
pub fn points<C: SwGroup>(
    g: &mut Gen,
    c: &C,
    n: usize,
    repr: Representation,
) -> Vec<GenPoint<C::F>> {
    let edgy = g.bias() == Bias::Edge;
    // The list's representation: z = 1 everywhere (no identities), z = 1 with identities
    // allowed, or mixed z.
    let (z_one, identities) = match repr {
        Representation::Affine => (true, true),
        Representation::Jacobian if !edgy || n == 0 => (false, true),
        Representation::Jacobian => match g.weighted(&[25, 20, 55]) {
            0 => (true, false),
            1 => (true, true),
            _ => (false, true),
        },
    };
    // Identities only where they cannot break the list's representation class.
    let (identity_weight, noncanonical_weight) = match repr {
        Representation::Jacobian if !identities => (0, 0),
        Representation::Jacobian => (6, 3),
        Representation::Affine => (6, 0),
    };
    // A long affine list is dense (the weights below, as for short lists) or sparse: no
    // identities and about 16 structured points among random ones.
    let sparse = edgy
        && repr == Representation::Affine
        && n >= LONG_LIST
        && g.scope(LONG_LIST_SCOPE, |g| g.weighted(&[1, 2]) == 1);
    let (random_weight, identity_weight, noncanonical_weight) = if sparse {
        (2 * n as u32, 0, 0)
    } else {
        (50, identity_weight, noncanonical_weight)
    };

    // First the plan: each element's kind, so that all uniformly random points can then be
    // drawn together.
    let kinds: Vec<Kind> = (0..n)
        .map(|i| {
            g.scope(KIND_SCOPE, |g| {
                let earlier = if i > 0 { 10 } else { 0 };
                let pick = if edgy {
                    g.weighted(&[
                        random_weight,
                        identity_weight,
                        noncanonical_weight,
                        8,
                        6,
                        earlier,
                        earlier,
                    ])
                } else {
                    0
                };
                match pick {
                    0 => Kind::Random,
                    1 => Kind::Identity,
                    2 => Kind::NoncanonicalIdentity,
                    3 => Kind::Generator,
                    4 => Kind::SmallMultiple(g.range(2, 16) as u64),
                    5 => Kind::Negated(g.below(i as u64) as usize),
                    _ => Kind::Repeated(g.below(i as u64) as usize),
                }
            })
        })
        .collect();
    let random_count = kinds.iter().filter(|k| matches!(k, Kind::Random)).count();
    let mut random = random_points(g, c, random_count).into_iter();

    let curve = c.curve();
    let mut out: Vec<GenPoint<C::F>> = Vec::with_capacity(n);
    // Pool points and the generator are borrowed, not cloned: long lists are mostly pool
    // points, and only their Jacobian representations need building.
    let mut elems: Vec<Cow<'static, Point<C::F>>> = Vec::with_capacity(n);
    for kind in kinds {
        let (elem, log, class) = match kind {
            Kind::Random => match random.next().expect("one random point per Random kind") {
                Cow::Borrowed(p) => (Cow::Borrowed(&p.elem), p.log.clone(), "non_generator"),
                Cow::Owned(p) => (Cow::Owned(p.elem), p.log, "non_generator"),
            },
            Kind::Identity => (Cow::Owned(Point::Identity), BigUint::zero(), "identity"),
            Kind::NoncanonicalIdentity => (
                Cow::Owned(Point::Identity),
                BigUint::zero(),
                "identity_noncanonical",
            ),
            Kind::Generator => (Cow::Borrowed(&curve.generator), BigUint::one(), "generator"),
            Kind::SmallMultiple(k) => {
                let k = BigUint::from(k);
                (Cow::Owned(c.mul_hub(&k)), k, "small_multiple")
            }
            Kind::Negated(j) => {
                let log = (c.order() - &out[j].log) % c.order();
                (Cow::Owned(curve.neg(&elems[j])), log, "negated_pair")
            }
            Kind::Repeated(j) => (elems[j].clone(), out[j].log.clone(), "repeated"),
        };
        if edgy {
            g.hit(class);
        }
        let jac = g.scope(Z_SCOPE, |g| {
            let one = z_one || (edgy && g.chance(1, 4));
            represent(g, c, &elem, one, class == "identity_noncanonical")
        });
        out.push(GenPoint { jac, log });
        elems.push(elem);
    }
    if edgy && n > 0 && repr == Representation::Jacobian {
        if let Some(class) = z_class(&out) {
            g.hit(class);
        }
    }
    out
}

/// Whether the decoded `bases` have the property of the point or representation class `class`
/// (`None` for a class [`points`] does not record), read off the coordinates the subject
/// receives, never off the logs: an `identity` (z = 0 as (1, 1, 0)) or an
/// `identity_noncanonical` (z = 0, other x, y); the `generator`; a `small_multiple` k·G,
/// 2 ≤ k ≤ 16; a `non_generator` (a point that is neither); a `negated_pair` or a `repeated`
/// point (Pⱼ = −Pᵢ or Pⱼ = Pᵢ for some i < j, compared as affine points); the representation
/// classes as [`z_class`] reads them.
pub fn point_class_holds<C: SwGroup>(c: &C, class: &str, bases: &[GenPoint<C::F>]) -> Option<bool> {
    let curve = c.curve();
    let affine = || -> Vec<Point<C::F>> {
        (bases.iter())
            .map(|b| curve.from_jacobian(&b.jac.x, &b.jac.y, &b.jac.z))
            .collect()
    };
    let small = || -> Vec<Point<C::F>> {
        (2..=16u32)
            .map(|k| curve.mul(&curve.generator, &BigUint::from(k)))
            .collect()
    };
    let one = curve.b.one_like();
    // Whether some Pⱼ is `related` to an earlier Pᵢ (as affine points).
    fn pair<F>(a: &[F], related: impl Fn(&F, &F) -> bool) -> bool {
        (0..a.len()).any(|j| (0..j).any(|i| related(&a[i], &a[j])))
    }
    Some(match class {
        "identity" => bases
            .iter()
            .any(|b| b.jac.z.is_zero() && b.jac.x == one && b.jac.y == one),
        "identity_noncanonical" => {
            (bases.iter()).any(|b| b.jac.z.is_zero() && (b.jac.x != one || b.jac.y != one))
        }
        "generator" => affine().contains(&curve.generator),
        "small_multiple" => {
            let small = small();
            affine().iter().any(|p| small.contains(p))
        }
        "non_generator" => {
            let small = small();
            (affine().iter())
                .any(|p| *p != Point::Identity && *p != curve.generator && !small.contains(p))
        }
        "negated_pair" => pair(&affine(), |p, q| *q == curve.neg(p)),
        "repeated" => pair(&affine(), |p, q| q == p),
        "all_z_one" | "z_one_with_identity" | "mixed_z" | "z_not_one" => {
            z_class(bases) == Some(class)
        }
        _ => return None,
    })
}

/// The logs of `bases` (reduced mod r) if every base is its claimed log times G, the bases
/// read from the Jacobian coordinates handed to the subject (one inversion for all); `None`
/// if a claim is wrong. The multipliers' seed is fixed: the check is of the generator.
pub fn checked_logs<C: SwGroup>(c: &C, bases: &[GenPoint<C::F>]) -> Option<Vec<BigUint>> {
    let curve = c.curve();
    let triples: Vec<_> = (bases.iter())
        .map(|b| (&b.jac.x, &b.jac.y, &b.jac.z))
        .collect();
    let points = curve.from_jacobian_many(&triples);
    let logs: Vec<&BigUint> = bases.iter().map(|b| &b.log).collect();
    super::log_check::logs_hold(curve, &points, &logs, 0xecd1_ff00_1065)
        .then(|| logs.into_iter().map(|a| a % c.order()).collect())
}

/// The classes of [`point_class_holds`] that relate points to G or to each other
/// ([`point_class_holds_by_logs`] reads them off checked logs).
pub const LOG_RELATION_CLASSES: &[&str] = &[
    "generator",
    "small_multiple",
    "non_generator",
    "negated_pair",
    "repeated",
];

/// [`point_class_holds`]'s [`LOG_RELATION_CLASSES`], read off `logs` (each below
/// r) of points checked to be those multiples of G ([`checked_logs`]): a
/// point is G, k·G, the identity, another point or its negation exactly when its log is 1, k,
/// 0, the other's log or r minus it. Hashing makes the pair classes linear in the length.
pub fn point_class_holds_by_logs(class: &str, logs: &[BigUint], order: &BigUint) -> Option<bool> {
    let small = |a: &BigUint| *a >= BigUint::from(2u32) && *a <= BigUint::from(16u32);
    Some(match class {
        "generator" => logs.iter().any(|a| a.is_one()),
        "small_multiple" => logs.iter().any(small),
        "non_generator" => (logs.iter()).any(|a| !a.is_zero() && !a.is_one() && !small(a)),
        "negated_pair" => some_pair_related(logs, |a| (order - a) % order),
        "repeated" => some_pair_related(logs, |a| a.clone()),
        _ => return None,
    })
}

/// The representation class of a decoded list, read off the coordinates handed to the
/// subject (not off what the generator meant to draw): `all_z_one` when every point has
/// z = 1; `z_one_with_identity` when every point has z = 1 or z = 0 and one has z = 0;
/// `mixed_z` when a point other than the identity has z ≠ 1 and two points' z differ;
/// otherwise `z_not_one` (every point that is not normalized has the same z ≠ 1: a lone
/// unnormalized point, the class of a single-base routine).
pub fn z_class<F: Field>(points: &[GenPoint<F>]) -> Option<&'static str> {
    let one = |p: &GenPoint<F>| p.jac.z == p.jac.z.one_like();
    let zero = |p: &GenPoint<F>| p.jac.z.is_zero();
    if points.iter().all(one) {
        Some("all_z_one")
    } else if points.iter().all(|p| one(p) || zero(p)) {
        Some("z_one_with_identity")
    } else {
        let first = &points[0].jac.z;
        let differ = points.iter().any(|p| &p.jac.z != first);
        Some(if differ { "mixed_z" } else { "z_not_one" })
    }
}

/// One point for an encoding routine to encode or decode, with its known log: the identity,
/// the generator, a small multiple of it (2..16) or a uniformly random point with a known log,
/// recorded as `point_identity`, `point_generator`, `point_small_multiple`, `point_random`;
/// or, with weight `own` (against 2, 2, 2, 5), `None`: the caller's own kind of point (a point
/// outside the subgroup, a point with x = 0, …), which the caller draws and records.
pub fn encoding_point<C: SwGroup>(g: &mut Gen, c: &C, own: u32) -> Option<Logged<Point<C::F>>> {
    let log = match g.weighted(&[2, 2, 2, 5, own]) {
        0 => {
            g.hit("point_identity");
            BigUint::zero()
        }
        1 => {
            g.hit("point_generator");
            BigUint::one()
        }
        2 => {
            g.hit("point_small_multiple");
            BigUint::from(g.range(2, 16))
        }
        3 => {
            g.hit("point_random");
            g.biguint_below(c.order())
        }
        _ => return None,
    };
    Some(Logged {
        elem: c.mul_hub(&log),
        log,
    })
}

/// The scope each element's class is recorded under.
pub const KIND_SCOPE: &str = "point.kind";

/// The scope each element's representation (z) is recorded under.
pub const Z_SCOPE: &str = "point.z";

/// The scope of a long list's density draw ([`LONG_LIST`]).
pub const LONG_LIST_SCOPE: &str = "point.long_list";

/// The simplest points, as the choices that make a [`KIND_SCOPE`] occurrence replay them,
/// simplest first: the identity, the generator, then 2·G, 3·G, 4·G.
pub fn simplest_points() -> Vec<Vec<Choice>> {
    let mut v = vec![vec![Choice::W(1)], vec![Choice::W(3)]];
    v.extend((0..3).map(|k| vec![Choice::W(4), Choice::I(k)]));
    v
}

/// What one element of a [`points`] list is.
enum Kind {
    Random,
    Identity,
    NoncanonicalIdentity,
    Generator,
    SmallMultiple(u64),
    Negated(usize),
    Repeated(usize),
}

/// `count` uniformly random points with known logs.
///
/// Up to [`POOL_DRAW_MAX`] points are distinct pool points ([`pool_points`]). Longer lists
/// are Aᵢ + Bⱼ for about √count distinct pool points A and an arithmetic progression B
/// (Bⱼ = B₀ + j·D, random B₀ and D) of about √count points — distinct sums unless a
/// difference of pool points is a small multiple of the random D. Those additions are
/// independent, so their chord denominators are inverted together with Montgomery's trick
/// (one field inversion for all of them; P. L. Montgomery, Math. Comp. 48, 1987).
fn random_points<C: SwGroup>(g: &mut Gen, c: &C, count: usize) -> Vec<Drawn<C::F>> {
    if count <= POOL_DRAW_MAX {
        return pool_points(g, c, count)
            .into_iter()
            .map(Cow::Borrowed)
            .collect();
    }
    let m = (count as f64).sqrt().ceil() as usize;
    let a = pool_points(g, c, m);
    let stride = logged(c, &g.biguint_below(c.order()));
    let mut b = vec![logged(c, &g.biguint_below(c.order()))];
    while b.len() < count.div_ceil(m) {
        let prev = b.last().expect("starts non-empty");
        b.push(Logged {
            elem: c.curve().add(&prev.elem, &stride.elem),
            log: (&prev.log + &stride.log) % c.order(),
        });
    }
    let pairs: Vec<_> = (0..count).map(|i| (a[i % m], &b[i / m])).collect();
    let sums = c.curve().add_pairs(
        &pairs
            .iter()
            .map(|(p, q)| (&p.elem, &q.elem))
            .collect::<Vec<_>>(),
    );
    pairs
        .iter()
        .zip(sums)
        .map(|((p, q), elem)| {
            Cow::Owned(Logged {
                elem,
                log: (&p.log + &q.log) % c.order(),
            })
        })
        .collect()
}

/// A uniformly random point with its known log: a pool point, borrowed, or one built for the
/// case.
type Drawn<F> = Cow<'static, Logged<Point<F>>>;

/// How many known-log points a group's pool holds ([`pool_point`]).
pub const POOL_SIZE: usize = 1 << 14;

/// Pool points built together: A + i·S for i below it, sharing one inversion.
pub const POOL_BLOCK: usize = 256;

/// Lists of up to this many uniform points draw them all from the pool, distinct; longer
/// lists combine pool points (`random_points`). Three quarters of the pool, so that the
/// longest built-in lists (8 200 terms, halo2curves' `*_large` rows) are lookups too, while
/// the linear probing of [`pool_points`] stays short (at most half the pool is taken there).
pub const POOL_DRAW_MAX: usize = POOL_SIZE / 4 * 3;

/// `count` ≤ [`POOL_DRAW_MAX`] distinct pool points: each index is drawn uniformly, and an
/// index already taken moves on to the next free one (no further draws, so a short or
/// exhausted tape still ends).
pub fn pool_points<C: SwGroup>(
    g: &mut Gen,
    c: &C,
    count: usize,
) -> Vec<&'static Logged<Point<C::F>>> {
    assert!(count <= POOL_DRAW_MAX, "{count} pool points asked for");
    let pool = pool_of(c);
    let mut taken = vec![false; POOL_SIZE];
    (0..count)
        .map(|_| {
            let mut i = g.below(POOL_SIZE as u64) as usize;
            while taken[i] {
                i = (i + 1) % POOL_SIZE;
            }
            taken[i] = true;
            pool.point(c, i)
        })
        .collect()
}

/// The pool of one group: its stride and its blocks, each built on first use.
struct Pool<F: Field> {
    /// s and i·S for i < [`POOL_BLOCK`].
    stride: OnceLock<(BigUint, Vec<Point<F>>)>,
    blocks: Vec<OnceLock<Vec<Logged<Point<F>>>>>,
}

/// Pool point `i` (mod [`POOL_SIZE`]) of `c`, building its block on first use (module docs).
pub fn pool_point<C: SwGroup>(c: &C, i: usize) -> &'static Logged<Point<C::F>> {
    pool_of(c).point(c, i)
}

impl<F: Field> Pool<F> {
    /// Point `i` (mod [`POOL_SIZE`]) of this pool, which is `c`'s.
    fn point<C: SwGroup<F = F>>(&'static self, c: &C, i: usize) -> &'static Logged<Point<F>> {
        let i = i % POOL_SIZE;
        let block = i / POOL_BLOCK;
        let points = self.blocks[block].get_or_init(|| {
            let (s, multiples) = self.stride.get_or_init(|| {
                let s = seeded_log(c.order(), 0xecd1_5a5a);
                (s.clone(), c.curve().multiples(&c.mul_hub(&s), POOL_BLOCK))
            });
            let a = seeded_log(c.order(), 0xecd1_5a00 ^ block as u64);
            let start = c.mul_hub(&a);
            let pairs: Vec<_> = multiples.iter().map(|m| (&start, m)).collect();
            c.curve()
                .add_pairs(&pairs)
                .into_iter()
                .enumerate()
                .map(|(k, elem)| Logged {
                    elem,
                    log: (&a + s * k) % c.order(),
                })
                .collect()
        });
        &points[i % POOL_BLOCK]
    }
}

/// The pools made so far, by group type, each with the function that builds all its blocks.
type Pools = HashMap<TypeId, (&'static (dyn Any + Send + Sync), fn())>;

fn pools() -> std::sync::MutexGuard<'static, Pools> {
    static POOLS: OnceLock<Mutex<Pools>> = OnceLock::new();
    POOLS
        .get_or_init(|| {
            super::register_pool(fill_pools);
            Default::default()
        })
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// The pool of `C`, made on first use (one per group type, kept for the process).
fn pool_of<C: SwGroup>(_: &C) -> &'static Pool<C::F> {
    let (pool, _) = *pools().entry(TypeId::of::<C>()).or_insert_with(|| {
        let pool: &'static Pool<C::F> = Box::leak(Box::new(Pool {
            stride: OnceLock::new(),
            blocks: (0..POOL_SIZE / POOL_BLOCK)
                .map(|_| OnceLock::new())
                .collect(),
        }));
        (pool, fill::<C>)
    });
    pool.downcast_ref()
        .expect("a group's pool has its coordinate field's type")
}

/// Builds every block of `C`'s pool.
fn fill<C: SwGroup>() {
    for i in (0..POOL_SIZE).step_by(POOL_BLOCK) {
        pool_point(C::instance(), i);
    }
}

/// Builds every block of every pool drawn from so far in this process, so that later draws
/// are lookups only: a fuzz target's warm-up (`ecdiff::fuzz::warm_up`) calls it after its
/// first cases have touched the routine's groups.
pub fn fill_pools() {
    let fills: Vec<fn()> = pools().values().map(|(_, fill)| *fill).collect();
    for fill in fills {
        fill();
    }
}

/// The point with discrete log `log`, at z = 1 or a random z (a coin flip).
pub fn with_log<C: SwGroup>(g: &mut Gen, c: &C, log: BigUint) -> GenPoint<C::F> {
    let elem = c.mul_hub(&log);
    let z_one = g.chance(1, 2);
    GenPoint {
        jac: represent(g, c, &elem, z_one, false),
        log,
    }
}

/// A Jacobian representation of `elem`: z = 1 or a random non-zero z; the identity as
/// (1, 1, 0), or with random X and Y when `noncanonical`.
pub fn represent<C: SwGroup>(
    g: &mut Gen,
    c: &C,
    elem: &Point<C::F>,
    z_one: bool,
    noncanonical: bool,
) -> Jacobian<C::F> {
    let one = c.curve().b.one_like();
    match elem {
        Point::Identity if noncanonical => Jacobian {
            x: c.random_coordinate(g),
            y: c.random_coordinate(g),
            z: one.zero_like(),
        },
        Point::Identity => Jacobian {
            x: one.clone(),
            y: one.clone(),
            z: one.zero_like(),
        },
        Point::Affine { .. } => {
            let z = if z_one { one } else { nonzero(g, c) };
            let (x, y, z) = c.curve().to_jacobian(elem, &z);
            Jacobian { x, y, z }
        }
    }
}

fn nonzero<C: SwGroup>(g: &mut Gen, c: &C) -> C::F {
    loop {
        let z = c.random_coordinate(g);
        if !z.is_zero() {
            return z;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::{parse_integer, SwCurveConstants};
    use crate::generators::case_bytes;
    use ecdiff_oracles::curves::{Bn254G1, Bn254G2, Secp256k1};
    use ecdiff_oracles::group::Group;

    fn check_claims<C: SwGroup>(c: &C) {
        let curve = c.curve();
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..60 {
            let data = case_bytes(0, "points", i, 64);
            let mut g = Gen::new(&data, Bias::Edge);
            let n = 12;
            let pts = points(&mut g, c, n, Representation::Jacobian);
            assert_eq!(pts.len(), n);
            let classes = g.into_classes();
            for p in &pts {
                // The representation and the known log describe the same point.
                let affine = curve.from_jacobian(&p.jac.x, &p.jac.y, &p.jac.z);
                assert_eq!(affine, c.mul_hub(&p.log), "representation and log disagree");
                assert!(curve.is_on_curve(&affine));
                if classes.contains("all_z_one") {
                    assert_eq!(p.jac.z, curve.b.one_like());
                }
                if classes.contains("z_one_with_identity") {
                    assert!(p.jac.z.is_zero() || p.jac.z == curve.b.one_like());
                }
            }
            if classes.contains("z_one_with_identity") {
                assert!(pts.iter().any(|p| p.jac.z.is_zero()));
            }
            if classes.contains("mixed_z") {
                // Two different z values, one of them on a point that is not the identity
                // and is not normalized.
                let zs: std::collections::BTreeSet<Vec<BigUint>> =
                    pts.iter().map(|p| p.jac.z.coeffs()).collect();
                assert!(zs.len() >= 2, "mixed_z with a single z");
                assert!(
                    pts.iter()
                        .any(|p| !p.jac.z.is_zero() && p.jac.z != curve.b.one_like()),
                    "mixed_z without an unnormalized point"
                );
            }
            if classes.contains("identity") || classes.contains("identity_noncanonical") {
                assert!(pts.iter().any(|p| p.jac.z.is_zero()));
            }
            if classes.contains("negated_pair") {
                let n = pts.len();
                let cancels =
                    |i: usize, j: usize| ((&pts[i].log + &pts[j].log) % c.order()).is_zero();
                assert!((0..n).any(|i| (0..n).any(|j| i != j && cancels(i, j))));
            }
            seen.extend(classes);
        }
        for class in POINT_CLASSES.iter().chain(Z_CLASSES) {
            assert!(seen.contains(class), "{class} never drawn");
        }
    }

    /// The z class is read off the decoded list: a lone point with z ≠ 1, or identities
    /// alone at random z, are not `mixed_z` (the generator drew "mixed" for them).
    #[test]
    fn the_z_class_is_read_off_the_coordinates() {
        let c = Bn254G1::instance();
        let f = c.curve().b.clone();
        let at = |log: u64, z: u64| {
            let mut g = Gen::new(&[], Bias::Edge);
            let mut p = with_log(&mut g, c, BigUint::from(log));
            let zf = f.from_u64_like(z);
            let (z2, z3) = (zf.mul(&zf), zf.mul(&zf).mul(&zf));
            let a = c.mul_hub(&BigUint::from(log));
            p.jac = match a {
                Point::Identity => Jacobian {
                    x: f.one_like(),
                    y: f.one_like(),
                    z: f.zero_like(),
                },
                Point::Affine { x, y } => Jacobian {
                    x: x.mul(&z2),
                    y: y.mul(&z3),
                    z: zf,
                },
            };
            p
        };
        assert_eq!(z_class(&[at(5, 1), at(6, 1)]), Some("all_z_one"));
        assert_eq!(z_class(&[at(5, 1), at(0, 0)]), Some("z_one_with_identity"));
        assert_eq!(z_class(&[at(5, 7), at(6, 1)]), Some("mixed_z"));
        assert_eq!(z_class(&[at(5, 7), at(6, 9)]), Some("mixed_z"));
        assert_eq!(z_class(&[at(5, 7)]), Some("z_not_one"));
        assert_eq!(z_class(&[at(5, 7), at(6, 7)]), Some("z_not_one"));
    }

    #[test]
    fn bn254_g1_points_are_what_their_classes_claim() {
        check_claims(Bn254G1::instance());
    }

    #[test]
    fn bn254_g2_points_are_what_their_classes_claim() {
        check_claims(Bn254G2::instance());
    }

    /// Both ways of drawing uniform points (pool points for short lists, pool points plus a
    /// progression beyond [`POOL_DRAW_MAX`]) give points that are their logs times G, all
    /// distinct.
    #[test]
    fn random_points_match_their_logs_and_are_distinct() {
        let c = Bn254G1::instance();
        for count in [100, POOL_DRAW_MAX + 1] {
            let data = case_bytes(0, "batched", 0, 1 << 16);
            let mut g = Gen::new(&data, Bias::Uniform);
            let pts = random_points(&mut g, c, count);
            assert_eq!(pts.len(), count);
            let checked = if count > 100 { 50 } else { count };
            for p in pts.iter().step_by(count / checked) {
                assert_eq!(p.elem, c.mul_hub(&p.log));
            }
            let distinct: std::collections::BTreeSet<&BigUint> =
                pts.iter().map(|p| &p.log).collect();
            assert_eq!(distinct.len(), count, "{count} points");
        }
    }

    /// Pool points are their logs times G, and a list draws distinct ones even from a tape
    /// whose every index is 0 (the taken index moves on to the next free one).
    #[test]
    fn pool_points_are_their_logs_and_distinct_on_an_empty_tape() {
        let c = Secp256k1::instance();
        for i in [0, 1, POOL_BLOCK - 1, POOL_BLOCK, POOL_SIZE - 1] {
            let p = pool_point(c, i);
            assert_eq!(p.elem, c.mul_hub(&p.log), "pool point {i}");
        }
        let zeros = [0u8; 4 * 300];
        let mut g = Gen::new(&zeros, Bias::Uniform);
        let pts = pool_points(&mut g, c, 300);
        for (k, p) in pts.iter().enumerate() {
            assert_eq!(p.log, pool_point(c, k).log, "point {k}");
        }
        let distinct: std::collections::BTreeSet<&BigUint> = pts.iter().map(|p| &p.log).collect();
        assert_eq!(distinct.len(), 300);
    }

    /// Long edge-biased lists come dense (identities among thousands of points) and sparse
    /// (none, and only a few structured points), so an API that rejects any identity still
    /// runs its main path on some.
    #[test]
    fn long_lists_come_dense_and_sparse() {
        let c = Bn254G1::instance();
        let (mut dense, mut sparse) = (0, 0);
        for index in 0..12 {
            let data = case_bytes(0, "long", index, 1 << 16);
            let mut g = Gen::new(&data, Bias::Edge);
            let pts = points(&mut g, c, LONG_LIST, Representation::Affine);
            let identities = pts.iter().filter(|p| p.jac.z.is_zero()).count();
            let small = pts.iter().filter(|p| p.log.bits() <= 4).count();
            if identities == 0 && small < 64 {
                sparse += 1;
            } else if identities > 0 {
                dense += 1;
            }
        }
        assert!(dense > 0 && sparse > 0, "dense {dense}, sparse {sparse}");
    }

    #[test]
    fn uniform_points_are_pool_points_with_random_z() {
        let c = Bn254G1::instance();
        let data = case_bytes(0, "uniform", 0, 64);
        let mut g = Gen::new(&data, Bias::Uniform);
        let pts = points(&mut g, c, 20, Representation::Jacobian);
        assert!(g.classes().is_empty());
        let curve = c.curve();
        for p in &pts {
            assert!(!p.jac.z.is_zero() && p.jac.z != curve.b.one_like());
            assert_eq!(
                curve.from_jacobian(&p.jac.x, &p.jac.y, &p.jac.z),
                c.mul_hub(&p.log)
            );
        }
    }

    crate::sw_curve! {
        /// P-256 declared from SEC 2 v2 §2.4.2, as a downstream crate would.
        struct MyP256 {
            name: "my_p256",
            p: "0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
            a: "-3",
            b: "0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
            gx: "0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
            gy: "0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
            r: "115792089210356248762697446949407573529996955224135760342422259061068512044369",
            h: "1",
        }
    }

    #[test]
    fn fill_pools_builds_every_block_of_the_pools_drawn_from() {
        let c = MyP256::instance();
        pool_point(c, 0);
        fill_pools();
        let pool = pool_of(c);
        assert!(pool.blocks.iter().all(|block| block.get().is_some()));
        assert_eq!(pool.blocks.len() * POOL_BLOCK, POOL_SIZE);
    }

    #[test]
    fn a_declared_curve_is_the_curve_of_its_constants() {
        let c = MyP256::instance();
        let p256 = ecdiff_oracles::curves::p256();
        assert_eq!(c.curve().a.value(), p256.a.value());
        assert_eq!(c.curve().b.value(), p256.b.value());
        assert_eq!(c.curve().order, p256.order);
        assert_eq!(c.hub(), c.curve().generator);
        assert_eq!(
            format!("{:?}", c.curve().generator),
            format!("{:?}", p256.generator)
        );
        check_claims(c);
    }

    #[test]
    #[should_panic(expected = "r·G is not the identity")]
    fn a_declared_curve_with_a_wrong_order_is_rejected() {
        let wrong = SwCurveConstants {
            r: "0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364143",
            ..SECP
        };
        let field: &'static _ = Box::leak(Box::new(wrong.field()));
        wrong.curve(field);
    }

    const SECP: SwCurveConstants = SwCurveConstants {
        name: "secp_copy",
        p: "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffe_fffffc2f",
        a: "0",
        b: "7",
        gx: "0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
        gy: "0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8",
        r: "0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
        h: "1",
    };

    #[test]
    fn integers_parse_in_hex_and_decimal() {
        assert_eq!(parse_integer("0x1_0"), BigUint::from(16u8));
        assert_eq!(parse_integer(" 1 000 "), BigUint::from(1000u16));
        let field: &'static _ = Box::leak(Box::new(SECP.field()));
        assert_eq!(
            SECP.curve(field).generator,
            ecdiff_oracles::curves::secp256k1().generator
        );
    }
}
