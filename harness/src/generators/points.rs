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
//! but at least one identity, z = 0: one scan decides the dispatch) or `mixed_z` (each z
//! uniformly random, one in four z = 1). Under [`Bias::Uniform`] every point is
//! `non_generator` with a random z.
//!
//! Uniformly random points come from a random walk: the first is a·G for a uniform a, each
//! next one adds a random member of a fixed pool of 16 random known-log steps. That costs one
//! affine addition per point, so an input of a few thousand points stays cheap, and every
//! point is still a uniformly distributed group element with a known log.

use super::{Bias, Gen};
use ecdiff_oracles::curves::{Bn254G1, Bn254G2, Secp256k1};
use ecdiff_oracles::field::{Field, Fp};
use ecdiff_oracles::group::{logged, Group, Logged};
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::{Curve, Point};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

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

/// The representation classes [`points`] records per list.
pub const Z_CLASSES: &[&str] = &["all_z_one", "z_one_with_identity", "mixed_z"];

/// Jacobian coordinates (x, y) = (X/Z², Y/Z³), exactly as handed to a subject. Z = 0 is the
/// identity, whatever X and Y are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jacobian<F> {
    /// X.
    pub x: F,
    /// Y.
    pub y: F,
    /// Z.
    pub z: F,
}

/// A short-Weierstrass group the generators know: its oracle curve, a uniform coordinate,
/// and a pool of random-walk steps.
pub trait SwGroup: Group<Elem = Point<Self::F>> + Sized + Send + Sync + 'static {
    /// The coordinate field (𝔽ₚ for G1 and secp256k1, 𝔽ₚ² for BN254 G2).
    type F: Field;

    /// The one instance of this group.
    fn instance() -> &'static Self;

    /// The oracle curve.
    fn curve(&self) -> &'static Curve<Self::F>;

    /// A uniformly random coordinate.
    fn random_coordinate(&self, g: &mut Gen) -> Self::F;

    /// The fixed pool of 16 random known-log walk steps (built once, from a fixed seed).
    fn walk_steps(&self) -> &'static [Logged<Point<Self::F>>];
}

fn random_fp(field: &'static ecdiff_oracles::field::PrimeField, g: &mut Gen) -> Fp {
    field.elem(g.biguint_below(field.modulus()))
}

fn build_steps<C: SwGroup>(c: &C) -> Vec<Logged<Point<C::F>>> {
    let mut rng = ChaCha8Rng::seed_from_u64(0xecd1_ff00);
    (0..16)
        .map(|_| {
            let mut bytes = [0u8; 48];
            rng.fill_bytes(&mut bytes);
            logged(c, &(BigUint::from_bytes_le(&bytes) % c.order()))
        })
        .collect()
}

macro_rules! sw_group {
    ($ty:ident, $f:ty, $curve:path, |$g:ident| $random:expr) => {
        impl SwGroup for $ty {
            type F = $f;

            fn instance() -> &'static Self {
                &$ty
            }

            fn curve(&self) -> &'static Curve<$f> {
                $curve()
            }

            fn random_coordinate(&self, $g: &mut Gen) -> $f {
                $random
            }

            fn walk_steps(&self) -> &'static [Logged<Point<$f>>] {
                static STEPS: OnceLock<Vec<Logged<Point<$f>>>> = OnceLock::new();
                STEPS.get_or_init(|| build_steps(self))
            }
        }
    };
}

sw_group!(
    Bn254G1,
    Fp,
    ecdiff_oracles::curves::bn254_g1,
    |g| random_fp(ecdiff_oracles::curves::bn254_fq(), g)
);
sw_group!(Bn254G2, Fp2, ecdiff_oracles::curves::bn254_g2, |g| {
    let fq = ecdiff_oracles::curves::bn254_fq();
    Fp2::new(random_fp(fq, g), random_fp(fq, g))
});
sw_group!(Secp256k1, Fp, ecdiff_oracles::curves::secp256k1, |g| {
    random_fp(ecdiff_oracles::curves::secp256k1_fp(), g)
});

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

    // First the plan: each element's kind, so that all uniformly random points can then be
    // drawn together.
    let kinds: Vec<Kind> = (0..n)
        .map(|i| {
            let earlier = if i > 0 { 10 } else { 0 };
            let pick = if edgy {
                g.weighted(&[
                    50,
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
        .collect();
    let random_count = kinds.iter().filter(|k| matches!(k, Kind::Random)).count();
    let mut random = random_points(g, c, random_count).into_iter();

    let curve = c.curve();
    let mut out: Vec<GenPoint<C::F>> = Vec::with_capacity(n);
    let mut elems: Vec<Point<C::F>> = Vec::with_capacity(n);
    for kind in kinds {
        let (elem, log, class) = match kind {
            Kind::Random => {
                let p = random.next().expect("one random point per Random kind");
                (p.elem, p.log, "non_generator")
            }
            Kind::Identity => (Point::Identity, BigUint::zero(), "identity"),
            Kind::NoncanonicalIdentity => {
                (Point::Identity, BigUint::zero(), "identity_noncanonical")
            }
            Kind::Generator => (curve.generator.clone(), BigUint::one(), "generator"),
            Kind::SmallMultiple(k) => {
                let k = BigUint::from(k);
                (c.mul_hub(&k), k, "small_multiple")
            }
            Kind::Negated(j) => {
                let log = (c.order() - &out[j].log) % c.order();
                (curve.neg(&elems[j]), log, "negated_pair")
            }
            Kind::Repeated(j) => (elems[j].clone(), out[j].log.clone(), "repeated"),
        };
        if edgy {
            g.hit(class);
        }
        let one = z_one || (edgy && g.chance(1, 4));
        let jac = represent(g, c, &elem, one, class == "identity_noncanonical");
        out.push(GenPoint { jac, log });
        elems.push(elem);
    }
    if edgy && n > 0 && repr == Representation::Jacobian {
        let has_identity = out.iter().any(|p| p.jac.z.is_zero());
        g.hit(match (z_one, identities) {
            (true, _) if has_identity => "z_one_with_identity",
            (true, _) => "all_z_one",
            (false, _) => "mixed_z",
        });
    }
    out
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
/// Few points come from a random walk (each next point adds a random member of the fixed
/// pool of steps: one affine addition each). Many points are Aᵢ + Bⱼ for a walk A and an
/// arithmetic progression B (Bⱼ = B₀ + j·D, random B₀ and D) of about √count points each —
/// distinct sums unless a difference of walk points is a small multiple of the random D.
/// Those additions are independent, so their chord denominators are inverted together with
/// Montgomery's trick (one field inversion for all of them; P. L. Montgomery, Math. Comp. 48,
/// 1987).
fn random_points<C: SwGroup>(g: &mut Gen, c: &C, count: usize) -> Vec<Logged<Point<C::F>>> {
    if count <= 32 {
        return walk(g, c, count);
    }
    let m = (count as f64).sqrt().ceil() as usize;
    let a = walk(g, c, m);
    let stride = logged(c, &g.biguint_below(c.order()));
    let mut b = vec![logged(c, &g.biguint_below(c.order()))];
    while b.len() < count.div_ceil(m) {
        let prev = b.last().expect("starts non-empty");
        b.push(Logged {
            elem: c.curve().add(&prev.elem, &stride.elem),
            log: (&prev.log + &stride.log) % c.order(),
        });
    }
    let pairs: Vec<_> = (0..count).map(|i| (&a[i % m], &b[i / m])).collect();
    let sums = add_independent(
        c.curve(),
        &pairs
            .iter()
            .map(|(p, q)| (&p.elem, &q.elem))
            .collect::<Vec<_>>(),
    );
    pairs
        .iter()
        .zip(sums)
        .map(|((p, q), elem)| Logged {
            elem,
            log: (&p.log + &q.log) % c.order(),
        })
        .collect()
}

/// A random walk of `len` points from a uniformly random start.
fn walk<C: SwGroup>(g: &mut Gen, c: &C, len: usize) -> Vec<Logged<Point<C::F>>> {
    let mut out: Vec<Logged<Point<C::F>>> = Vec::with_capacity(len);
    for _ in 0..len {
        let next = match out.last() {
            None => logged(c, &g.biguint_below(c.order())),
            Some(prev) => {
                let steps = c.walk_steps();
                let step = &steps[g.below(steps.len() as u64) as usize];
                Logged {
                    elem: c.curve().add(&prev.elem, &step.elem),
                    log: (&prev.log + &step.log) % c.order(),
                }
            }
        };
        out.push(next);
    }
    out
}

/// P + Q for many independent pairs: the textbook chord formula (λ = (y_Q − y_P)/(x_Q − x_P),
/// x = λ² − x_P − x_Q, y = λ(x_P − x) − y_P) with all denominators inverted at once. Pairs the
/// chord cannot take (an identity, equal x) go through the oracle's own `Curve::add`.
fn add_independent<F: Field>(curve: &Curve<F>, pairs: &[(&Point<F>, &Point<F>)]) -> Vec<Point<F>> {
    let denominators: Vec<Option<F>> = pairs
        .iter()
        .map(|(p, q)| match (p, q) {
            (Point::Affine { x: x1, .. }, Point::Affine { x: x2, .. }) if x1 != x2 => {
                Some(x2.sub(x1))
            }
            _ => None,
        })
        .collect();
    // Montgomery's trick: prefix products, one inversion, a backward pass.
    let mut prefix = Vec::with_capacity(pairs.len());
    let mut acc: Option<F> = None;
    for d in denominators.iter().flatten() {
        acc = Some(match acc {
            None => d.clone(),
            Some(a) => a.mul(d),
        });
        prefix.push(acc.clone().expect("just set"));
    }
    let mut inverses: Vec<Option<F>> = vec![None; pairs.len()];
    if let Some(total) = acc {
        let mut inv = total.inv().expect("a product of non-zero denominators");
        let mut k = prefix.len();
        for (i, d) in denominators.iter().enumerate().rev() {
            if let Some(d) = d {
                k -= 1;
                inverses[i] = Some(if k == 0 {
                    inv.clone()
                } else {
                    inv.mul(&prefix[k - 1])
                });
                inv = inv.mul(d);
            }
        }
    }
    pairs
        .iter()
        .zip(inverses)
        .map(|((p, q), inv)| match (p, q, inv) {
            (Point::Affine { x: x1, y: y1 }, Point::Affine { x: x2, y: y2 }, Some(inv)) => {
                let lambda = y2.sub(y1).mul(&inv);
                let x3 = lambda.square().sub(x1).sub(x2);
                let y3 = lambda.mul(&x1.sub(&x3)).sub(y1);
                Point::Affine { x: x3, y: y3 }
            }
            _ => curve.add(p, q),
        })
        .collect()
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
fn represent<C: SwGroup>(
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
    use crate::generators::case_bytes;

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

    #[test]
    fn bn254_g1_points_are_what_their_classes_claim() {
        check_claims(Bn254G1::instance());
    }

    #[test]
    fn bn254_g2_points_are_what_their_classes_claim() {
        check_claims(Bn254G2::instance());
    }

    #[test]
    fn batched_random_points_match_their_logs_and_are_distinct() {
        let c = Bn254G1::instance();
        let data = case_bytes(0, "batched", 0, 64);
        let mut g = Gen::new(&data, Bias::Uniform);
        let pts = random_points(&mut g, c, 100);
        for p in &pts {
            assert_eq!(p.elem, c.mul_hub(&p.log));
        }
        let distinct: std::collections::BTreeSet<String> =
            pts.iter().map(|p| format!("{:?}", p.log)).collect();
        assert_eq!(distinct.len(), 100);
    }

    #[test]
    fn independent_additions_handle_identities_doubles_and_cancellations() {
        let c = Bn254G1::instance();
        let curve = c.curve();
        let p = c.mul_hub(&BigUint::from(5u8));
        let q = c.mul_hub(&BigUint::from(9u8));
        let minus_p = curve.neg(&p);
        let o = Point::Identity;
        let pairs = [
            (&p, &q),
            (&p, &p),
            (&p, &minus_p),
            (&o, &q),
            (&q, &o),
            (&q, &p),
        ];
        let sums = add_independent(curve, &pairs);
        for ((a, b), s) in pairs.iter().zip(&sums) {
            assert_eq!(*s, curve.add(a, b));
        }
    }

    #[test]
    fn uniform_points_are_random_walk_points_with_random_z() {
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
}
