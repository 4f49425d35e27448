//! Double-base multiplication a·A + b·B and the Edwards → Montgomery map, each with one bug.

use crate::engine::{DynRoutine, Outcome};
use crate::families::curve25519::adapter_dalek::{self, points, DalekGroup};
use crate::families::curve25519::double_base;
use crate::families::curve25519::edwards::{Flavor, Repr};
use crate::shapes::Spec;
use curve25519_dalek::edwards::EdwardsPoint;
use curve25519_dalek::scalar::Scalar;
use num_bigint::BigUint;

/// a·A + b·B by interleaved width-5 / width-8 NAF on dalek's public point operations, the way
/// dalek's `vartime_double_base::mul` runs it, except that b's NAF keeps only positions
/// 0..252: the digit of weight 2²⁵² — the terminal carry of a scalar below ℓ — is dropped.
/// dalek's own NAF recoding lost its last digit and terminal carry before (e17c98a3 /
/// 389d2bc9; <https://github.com/dalek-cryptography/curve25519-dalek/commit/e17c98a3>).
/// Trigger: `b_naf8_top_252` (b's width-8 NAF reaches position 252: −1, ℓ − k, or a carry
/// into bit 252, about a quarter of random scalars).
pub(super) fn double_base_naf8_top_dropped<G: DalekGroup>(
    a: &BigUint,
    repr: &Repr,
    b: &BigUint,
) -> Outcome<[u8; 32]> {
    let Some(point) = adapter_dalek::point::<G>(repr) else {
        return Outcome::Rejected(format!("dalek refused the point A: {}", repr.hex()));
    };
    let a_naf = double_base::naf(a, double_base::A_NAF_WIDTH);
    let mut b_naf = double_base::naf(b, double_base::B_NAF_WIDTH);
    b_naf.truncate(252);
    // Odd multiples 1, 3, …, 15 of A and 1, 3, …, 127 of B.
    let odd_multiples = |p: G, count: usize| {
        let twice = p + &p;
        let mut table = vec![p];
        for i in 1..count {
            table.push(table[i - 1] + &twice);
        }
        table
    };
    let table_a = odd_multiples(point, 8);
    let table_b = odd_multiples(G::mul_base(&Scalar::ONE), 64);
    let step = |acc: G, d: i32, table: &[G]| match d.cmp(&0) {
        std::cmp::Ordering::Greater => acc + &table[(d as usize) / 2],
        std::cmp::Ordering::Less => acc - &table[(-d as usize) / 2],
        std::cmp::Ordering::Equal => acc,
    };
    let mut acc = G::identity();
    for i in (0..a_naf.len().max(b_naf.len())).rev() {
        acc = acc + &acc;
        acc = step(acc, a_naf.get(i).copied().unwrap_or(0), &table_a);
        acc = step(acc, b_naf.get(i).copied().unwrap_or(0), &table_b);
    }
    Outcome::Value(acc.compress())
}

/// dalek's double-base multiplication with the cofactor cleared on the variable point:
/// (a·8⁻¹ mod ℓ)·(8·A) + b·B. Exact on the prime-order subgroup, it drops A's torsion
/// component — an Edwards point treated as torsion-free (Botan's
/// <https://github.com/randombit/botan/issues/3800>: a scalar-multiplication bug on a curve
/// with cofactor > 1; the cofactored vs cofactorless verification split of
/// Ed25519 validation rules).
/// Trigger: A with a torsion component (`pure_torsion`, `prime_plus_torsion`) and a·t ≢ 0
/// mod 8.
pub(super) fn double_base_torsion_dropped(
    a: &BigUint,
    repr: &Repr,
    b: &BigUint,
) -> Outcome<[u8; 32]> {
    let Some(point) = adapter_dalek::point::<EdwardsPoint>(repr) else {
        return Outcome::Rejected(format!("dalek refused the point A: {}", repr.hex()));
    };
    let a = adapter_dalek::scalar(a) * Scalar::from(8u8).invert();
    let out = EdwardsPoint::vartime_double_scalar_mul_basepoint(
        &a,
        &point.mul_by_cofactor(),
        &adapter_dalek::scalar(b),
    );
    Outcome::Value(DalekGroup::compress(&out))
}

/// `to_montgomery_batch` with a batch inversion that does not skip zeros: the identity's
/// denominator Z − Y = 0 makes the running product 0, its "inverse" 0 (0⁻¹ = 0 in dalek's
/// field), and so every inverse and every u of the batch 0. dalek's `invert_batch_alloc`
/// skips zeros in constant time for exactly this reason; the unskipped version is c-kzg-4844's
/// `fr_batch_inv` (<https://github.com/ethereum/c-kzg-4844/issues/205>) and
/// <https://github.com/RustCrypto/traits/pull/1884>. The effect is reproduced on dalek's public API
/// (its field elements are private): u's are dalek's, zeroed when an input is the identity.
/// Trigger: `identity_in_batch` with a point whose u ≠ 0.
pub(super) fn to_montgomery_zero_in_batch(reprs: &[Repr]) -> Outcome<Vec<[u8; 32]>> {
    let out = adapter_dalek::edwards_to_montgomery_batch(reprs);
    let identity = DalekGroup::compress(&<EdwardsPoint as DalekGroup>::identity());
    let has_identity = match points::<EdwardsPoint>(reprs) {
        Ok(ps) => ps.iter().any(|p| DalekGroup::compress(p) == identity),
        Err(_) => false,
    };
    if has_identity {
        out.map(|v| vec![[0u8; 32]; v.len()])
    } else {
        out
    }
}

pub(super) fn double_base_variant(
    spec: Spec,
    flavor: Flavor,
    f: fn(&BigUint, &Repr, &BigUint) -> Outcome<[u8; 32]>,
) -> Box<dyn DynRoutine> {
    Box::new(double_base::check(spec, flavor, Box::new(f)))
}
