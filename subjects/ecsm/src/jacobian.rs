//! The fast path: a Jacobian replay of the ladder over a lazily reduced field, then two
//! Montgomery batch inversions.
//!
//! **Coordinates.** Jacobian `(X, Y, Z)` stands for the affine point `(X/Z², Y/Z³)`
//! (Hankerson, Menezes, Vanstone, *Guide to Elliptic Curve Cryptography*, §3.2.2). The
//! base stays affine (`Z = 1`), so additions are mixed.
//!
//! **Doubling** — EFD `dbl-2009-l` (`a = 0`), 2M + 5S:
//! `A = X1²`, `B = Y1²`, `C = B²`, `D = 2((X1 + B)² − A − C)`, `E = 3A`, `F = E²`,
//! `X3 = F − 2D`, `Y3 = E(D − X3) − 8C`, `Z3 = 2Y1Z1`.
//!
//! **Mixed addition** — EFD `madd-2007-bl` (`Z2 = 1`), 7M + 4S:
//! `Z1Z1 = Z1²`, `U2 = X2·Z1Z1`, `S2 = Y2·Z1·Z1Z1`, `H = U2 − X1`, `HH = H²`, `I = 4HH`,
//! `J = H·I`, `r = 2(S2 − Y1)`, `V = X1·I`, `X3 = r² − J − 2V`,
//! `Y3 = r(V − X3) − 2Y1·J`, `Z3 = (Z1 + H)² − Z1Z1 − HH`.
//! This is HMV's mixed Jacobian–affine addition (Guide to ECC, §3.2.2) with `r`, `J`, `V`
//! scaled by 2, 4, 4; in HMV names, `J = 4·HHH` and `V = 4·X1·HH`.
//!
//! Neither formula handles the identity, `A = ±P` or `y = 0`: none occurs for `1 ≤ k < n`
//! (every accumulator is `j·P` with `1 ≤ j ≤ k`, an add has `A = (even j)·P` with
//! `j ≤ n − 2`, and secp256k1 has no 2-torsion).
//!
//! **Magnitudes** (k256 0.13.4's contract, see [`crate::field`]). Invariant between rows:
//! the accumulator's `X` and `Y` are normalized (magnitude 1) and `Z` has magnitude at most
//! 5 (2 after a double, 5 after an add), so every `mul`/`square` input stays at most 8. Every
//! subtrahend has magnitude 1. The sites where that takes care, numbered in the code:
//! 1. `D` leaves the `(X1 + B)² − A − C` chain with magnitude 5, doubled to 10: it is
//!    `normalize_weak`ed before it is subtracted (twice) in `X3` and used in `D − X3`.
//! 2. `X3 = F − 2D` is computed as `F − D − D`, never `F − D.double()` (magnitude 2 under
//!    `negate(1)`: the review finding of lambda_vm PR #866).
//! 3. `8C` has magnitude 8: `normalize_weak`ed before it is subtracted in `Y3`.
//! 4. `X3` and `Y3` (magnitude 5 and 5–7) are `normalize`d: they are subtracted in the next
//!    row (`D − X3` here, `H = U2 − X1`, `S2 − Y1`, `V − X3` there) and read back as bytes.
//! 5. `X3 = r² − J − 2V` is computed as `r² − J − V − V` (the PR's `r·r − hhh −
//!    x1hh.double()`), and `Y3 = r(V − X3) − 2·Y1·J` as `… − Y1J − Y1J`.
//!
//! All other subtrahends are `mul`/`square` outputs (magnitude 1). The affine coordinates
//! of step 2 are `mul` outputs (magnitude 1), so the denominators `x_G − x_A`, the
//! numerators `y_G − y_A` and the sums `2y_A` need no normalization either.
//!
//! **Batch inversion** — Montgomery's trick (P. L. Montgomery, "Speeding the Pollard and
//! elliptic curve methods of factorization", Math. Comp. 48 (1987); Guide to ECC §2.2.5):
//! prefix products, one `invert()`, and a backward pass — `3(m − 1)` multiplications and
//! one inversion for `m` values. Used twice: once for all `Z`s (affine conversion
//! `x = X·Z⁻²`, `y = Y·Z⁻³`), once for the slope denominators (`x_G − x_A` for an add,
//! `2y_A` for a double); then `λ = numerator · denominator⁻¹` with numerator `y_G − y_A`
//! or `3x_A²`.

use crate::field::LazyField;
use crate::flaw::Flaw;
use crate::schedule::ScheduleEntry;

/// A Jacobian point `(X/Z², Y/Z³)`.
#[derive(Clone, Debug)]
pub(crate) struct Jac<F> {
    pub(crate) x: F,
    pub(crate) y: F,
    pub(crate) z: F,
}

/// An affine point over `F`.
#[derive(Clone, Debug)]
pub(crate) struct Affine<F> {
    pub(crate) x: F,
    pub(crate) y: F,
}

/// dbl-2009-l, `a = 0`. Input: `X`, `Y` magnitude 1, `Z` at most 8. Output: `X`, `Y`
/// normalized, `Z` magnitude 2.
pub(crate) fn jac_double<F: LazyField>(p: &Jac<F>, flaw: Flaw) -> Jac<F> {
    let unnormalized = flaw == Flaw::UnnormalizedSubtraction;
    let a = p.x.square();
    let b = p.y.square();
    let c = b.square();
    // (X1 + B)² − A − C: A and C are square outputs (magnitude 1). Magnitude 5, then 10.
    let d = p.x.add(&b).square().sub(&a).sub(&c).double();
    // Site 1: D is a subtrahend below.
    let d = if unnormalized { d } else { d.normalize_weak() };
    let e = a.mul_single(3);
    let f = e.square();
    // Site 2: F − 2D as F − D − D (magnitude 1 + 2 + 2 = 5).
    let x3 = if flaw == Flaw::DoubledSubtrahend {
        f.sub(&d.double())
    } else {
        f.sub(&d).sub(&d)
    };
    // Site 4: X3 is a subtrahend in D − X3 and in the next row.
    let x3 = if unnormalized { x3 } else { x3.normalize() };
    // Site 3: 8C has magnitude 8.
    let c8 = c.mul_single(8);
    let c8 = if unnormalized {
        c8
    } else {
        c8.normalize_weak()
    };
    // E (magnitude 3) · (D − X3) (magnitude 3), minus 8C (magnitude 1): magnitude 3.
    let y3 = e.mul(&d.sub(&x3)).sub(&c8);
    // Site 4: Y3 is a subtrahend in the next row.
    let y3 = if unnormalized { y3 } else { y3.normalize() };
    // Z3 = 2·Y1·Z1, magnitude 2: only ever fed to mul/square.
    let z3 = p.y.mul(&p.z).double();
    Jac {
        x: x3,
        y: y3,
        z: z3,
    }
}

/// madd-2007-bl (`Z2 = 1`): `p + (x2, y2)` for `p ≠ ±(x2, y2)`. Input: `X`, `Y` magnitude
/// 1, `Z` at most 5; `x2`, `y2` magnitude 1. Output: `X`, `Y` normalized, `Z` magnitude 5.
pub(crate) fn jac_madd<F: LazyField>(p: &Jac<F>, x2: &F, y2: &F, flaw: Flaw) -> Jac<F> {
    let unnormalized = flaw == Flaw::UnnormalizedSubtraction;
    let z1z1 = p.z.square();
    let u2 = x2.mul(&z1z1);
    let s2 = y2.mul(&p.z).mul(&z1z1);
    // X1 is normalized (site 4 of the previous row): H has magnitude 3.
    let h = u2.sub(&p.x);
    let hh = h.square();
    let i = hh.mul_single(4);
    let j = h.mul(&i);
    // Y1 is normalized: (S2 − Y1) has magnitude 3, r magnitude 6.
    let r = s2.sub(&p.y).double();
    let v = p.x.mul(&i);
    // Site 5: r² − J − 2V as r² − J − V − V (magnitude 7).
    let x3 = if flaw == Flaw::DoubledSubtrahend {
        r.square().sub(&j).sub(&v.double())
    } else {
        r.square().sub(&j).sub(&v).sub(&v)
    };
    // Site 4: X3 is a subtrahend in V − X3 and in the next row.
    let x3 = if unnormalized { x3 } else { x3.normalize() };
    // Site 5: 2·Y1·J as two subtractions of Y1·J (magnitude 1 each).
    let y1j = p.y.mul(&j);
    let y3 = r.mul(&v.sub(&x3)).sub(&y1j).sub(&y1j);
    // Site 4.
    let y3 = if unnormalized { y3 } else { y3.normalize() };
    // (Z1 + H)² − Z1Z1 − HH: Z1 (≤ 2 after a double) + H (3) ≤ 8; magnitude 5.
    let z3 = p.z.add(&h).square().sub(&z1z1).sub(&hh);
    Jac {
        x: x3,
        y: y3,
        z: z3,
    }
}

/// Montgomery batch inversion. Inputs of magnitude at most 8; outputs of magnitude 1.
/// Panics if any input is zero (the product then is).
pub(crate) fn batch_invert<F: LazyField>(vals: &[F]) -> Vec<F> {
    if vals.is_empty() {
        return Vec::new();
    }
    let mut prefix = Vec::with_capacity(vals.len());
    let mut acc = vals[0].clone();
    prefix.push(acc.clone());
    for v in &vals[1..] {
        acc = acc.mul(v);
        prefix.push(acc.clone());
    }
    let mut inv = acc
        .invert()
        .expect("batch inversion: the product of the batch is zero");
    let mut out = vec![F::zero(); vals.len()];
    for i in (1..vals.len()).rev() {
        out[i] = inv.mul(&prefix[i - 1]);
        inv = inv.mul(&vals[i]);
    }
    out[0] = inv;
    out
}

/// The replayed ladder: `points[i]` is row `i`'s accumulator and `points[i + 1]` its
/// result (the `n + 1` distinct points of an `n`-row ladder, stored once), and
/// `lambdas[i]` row `i`'s slope. All values are `mul` outputs (magnitude 1).
pub(crate) struct Ladder<F> {
    pub(crate) points: Vec<Affine<F>>,
    pub(crate) lambdas: Vec<F>,
}

/// Replays `sched` from `base` (affine, magnitude 1): Jacobian steps, one batch inversion
/// of all `Z`s, one of all slope denominators.
pub(crate) fn replay<F: LazyField>(
    sched: &[ScheduleEntry],
    base: &Affine<F>,
    generator: &Affine<F>,
    flaw: Flaw,
) -> Ladder<F> {
    // The base the mixed addition reads (the generator under `GeneratorOnlyBase`).
    let add_base = if flaw == Flaw::GeneratorOnlyBase {
        generator
    } else {
        base
    };

    // Step 1: the n + 1 distinct Jacobian points.
    let mut jac = Vec::with_capacity(sched.len() + 1);
    jac.push(Jac {
        x: base.x.clone(),
        y: base.y.clone(),
        z: F::one(),
    });
    for e in sched {
        let a = jac.last().expect("non-empty");
        let r = if e.op == 1 {
            jac_madd(a, &add_base.x, &add_base.y, flaw)
        } else {
            jac_double(a, flaw)
        };
        jac.push(r);
    }

    // Step 2: affine conversion with one batch inversion of the Zs.
    let zs: Vec<F> = jac.iter().map(|p| p.z.clone()).collect();
    let z_inv = batch_invert(&zs);
    let points: Vec<Affine<F>> = jac
        .iter()
        .zip(&z_inv)
        .map(|(p, zi)| {
            let zi2 = zi.square();
            Affine {
                x: p.x.mul(&zi2),
                y: p.y.mul(&zi2).mul(zi),
            }
        })
        .collect();

    // Step 3: slope denominators (x_G − x_A: magnitude 3; 2y_A: magnitude 2), inverted at
    // once.
    let dens: Vec<F> = sched
        .iter()
        .zip(&points)
        .map(|(e, a)| {
            if e.op == 1 {
                base.x.sub(&a.x)
            } else {
                a.y.double()
            }
        })
        .collect();
    let den_inv = batch_invert(&dens);

    // Step 4: λ = numerator · inverse (y_G − y_A or 3x_A², magnitude 3).
    let lambdas = sched
        .iter()
        .zip(&points)
        .zip(&den_inv)
        .map(|((e, a), inv)| {
            let num = if e.op == 1 {
                base.y.sub(&a.y)
            } else {
                a.x.square().mul_single(3)
            };
            num.mul(inv)
        })
        .collect();

    Ladder { points, lambdas }
}
