//! Broken MSM subjects: Pippenger with one flaw, and the size dispatch that reaches it; the
//! Straus, precomputed-Straus and optional forms, each with one bug; and the width-w NAF
//! recoding they use, written out (dalek's is crate-private).

use super::{double_n, radix_2w};
use crate::engine::{DynRoutine, Outcome};
use crate::families::curve25519::adapter_dalek::{
    self, optional_points, points, run_msm, scalars, DalekGroup,
};
use crate::families::curve25519::edwards::Repr;
use crate::families::curve25519::edwards_msm::{
    self as msm, vartime_path, MsmInput, MsmKind, MsmSubject,
};
use crate::families::curve25519::row_check;
use crate::shapes::Spec;
use curve25519_dalek::edwards::EdwardsPoint;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use num_bigint::BigUint;
use num_traits::Zero;
use std::marker::PhantomData;

/// The MSM routine `name` with `subject` in place of dalek.
pub(super) fn msm_variant(spec: Spec, subject: impl MsmSubject) -> Box<dyn DynRoutine> {
    Box::new(row_check::<msm::MsmCheck>(spec).with_subject(subject))
}

// ---------------------------------------------------------------------------------------------
// Scalar recodings, written out (dalek's are crate-private).

/// The width-w non-adjacent form, digit i of weight 2ⁱ, odd digits in (−2ʷ⁻¹, 2ʷ⁻¹), `len`
/// positions kept.
fn naf(s: &Scalar, w: usize, len: usize) -> Vec<i16> {
    let mut x = BigUint::from_bytes_le(s.as_bytes());
    let modulus = 1i64 << w;
    let mut out = vec![0i16; 258];
    let mut i = 0;
    while !x.is_zero() {
        if x.bit(0) {
            let low = (&x % BigUint::from(modulus as u64))
                .to_u64_digits()
                .first()
                .copied()
                .unwrap_or(0) as i64;
            let d = if low >= modulus / 2 {
                low - modulus
            } else {
                low
            };
            if d >= 0 {
                x -= BigUint::from(d as u64);
            } else {
                x += BigUint::from((-d) as u64);
            }
            out[i] = d as i16;
        }
        x >>= 1u8;
        i += 1;
    }
    out.truncate(len);
    out.resize(258, 0);
    out
}

// ---------------------------------------------------------------------------------------------
// Pippenger with one flaw, and the size dispatch that reaches it.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PippengerFlaw {
    /// Digits held as `i8` and the bucket index computed as `(-digit) as usize - 1`.
    I8BucketIndex,
    /// ⌊256/w⌋ windows, every digit recentred: the top carry is lost.
    WindowCount,
    /// Empty buckets skipped in the running sum.
    EmptyBucketSkip,
}

fn pippenger<G: DalekGroup>(scalars: &[Scalar], points: &[G], w: usize, flaw: PippengerFlaw) -> G {
    let (count, recentre_last) = match flaw {
        PippengerFlaw::WindowCount => (256 / w, true),
        _ => (256usize.div_ceil(w) + 1, false),
    };
    let digits: Vec<Vec<i16>> = scalars
        .iter()
        .map(|s| radix_2w(s, w, count, recentre_last))
        .collect();
    let buckets_count = 1usize << (w - 1);
    let mut total = G::identity();
    for d in (0..count).rev() {
        total = double_n(total, w);
        let mut buckets = vec![G::identity(); buckets_count];
        let mut occupied = vec![false; buckets_count];
        for (ds, p) in digits.iter().zip(points) {
            let digit = ds[d];
            let (b, negative) = match flaw {
                PippengerFlaw::I8BucketIndex => {
                    let digit = digit as i8;
                    match digit {
                        0 => continue,
                        d if d > 0 => ((d - 1) as usize, false),
                        // The bug: −(−128) does not fit an i8.
                        d => ((-d) as usize - 1, true),
                    }
                }
                _ => match digit {
                    0 => continue,
                    d if d > 0 => ((d - 1) as usize, false),
                    d => ((-d - 1) as usize, true),
                },
            };
            buckets[b] = if negative {
                buckets[b] - p
            } else {
                buckets[b] + p
            };
            occupied[b] = true;
        }
        let mut intermediate = G::identity();
        let mut sum = G::identity();
        for i in (0..buckets_count).rev() {
            if flaw == PippengerFlaw::EmptyBucketSkip && !occupied[i] {
                continue;
            }
            intermediate = intermediate + &buckets[i];
            sum = sum + &intermediate;
        }
        total = total + &sum;
    }
    total
}

/// dalek's `vartime_multiscalar_mul`, except that the Pippenger window `w` runs a Pippenger
/// with `flaw`.
pub(super) struct PippengerAt<G> {
    pub(super) w: usize,
    pub(super) flaw: PippengerFlaw,
    pub(super) _group: PhantomData<G>,
}

impl<G> PippengerAt<G> {
    pub(super) fn new(w: usize, flaw: PippengerFlaw) -> Self {
        Self {
            w,
            flaw,
            _group: PhantomData,
        }
    }
}

impl<G: DalekGroup> MsmSubject for PippengerAt<G> {
    fn msm(&self, input: &MsmInput<'_>) -> Outcome<[u8; 32]> {
        let ps = match optional_points::<G>(input.points) {
            Ok(ps) => ps,
            Err(e) => return Outcome::Rejected(e),
        };
        let ss = scalars(input.scalars);
        let path = format!("path_pippenger_w{}", self.w);
        if vartime_path(ss.len()) == path {
            let ps: Vec<G> = ps.into_iter().map(|p| p.expect("no None here")).collect();
            Outcome::Value(pippenger(&ss, &ps, self.w, self.flaw).compress())
        } else {
            let out = run_msm(MsmKind::Vartime, &[], &[], &ss, ps).expect("not optional");
            Outcome::Value(out.compress())
        }
    }
}

/// dalek's `vartime_multiscalar_mul`, except that below 190 points (the Straus side) it
/// clears the cofactor: Σ (sᵢ·8⁻¹ mod ℓ)·(8·Pᵢ). Exact on the prime-order subgroup, it drops
/// every torsion component — treating Edwards points as if they were ristretto255 elements or
/// torsion-free (the cofactor pitfalls ristretto255 exists to remove; Botan's
/// <https://github.com/randombit/botan/issues/3800>: a scalar-multiplication bug on a curve
/// with cofactor > 1).
/// Trigger: `pure_torsion` or `prime_plus_torsion` inputs with n < 190.
pub(super) struct StrausCofactorCleared;

impl MsmSubject for StrausCofactorCleared {
    fn msm(&self, input: &MsmInput<'_>) -> Outcome<[u8; 32]> {
        let ps = match optional_points::<EdwardsPoint>(input.points) {
            Ok(ps) => ps,
            Err(e) => return Outcome::Rejected(e),
        };
        let ss = scalars(input.scalars);
        if ss.len() >= msm::STRAUS_PIPPENGER {
            let out = run_msm(MsmKind::Vartime, &[], &[], &ss, ps).expect("not optional");
            return Outcome::Value(DalekGroup::compress(&out));
        }
        let inv8 = Scalar::from(8u8).invert();
        let cleared: Vec<EdwardsPoint> = ps
            .iter()
            .map(|p| p.expect("no None here").mul_by_cofactor())
            .collect();
        let ss: Vec<Scalar> = ss.iter().map(|s| s * inv8).collect();
        Outcome::Value(DalekGroup::compress(
            &EdwardsPoint::vartime_multiscalar_mul(&ss, &cleared),
        ))
    }
}

/// A constant-time-style Straus over signed radix-16 digits whose lookup tables hold
/// 1·P … 7·P: the extreme digit −8 of the recoding has no entry (`table[|d| − 1]` indexes past
/// the end). dalek's `LookupTable` holds 8 entries for digits in [−8, 8]; an off-by-one table
/// size is the extreme-signed-digit class of
/// <https://github.com/dalek-cryptography/curve25519-dalek/pull/259>.
/// Trigger: any scalar with a radix-16 digit of −8 (almost every random scalar).
pub(super) struct Radix16TableMissing8<G>(pub(super) PhantomData<G>);

impl<G: DalekGroup> MsmSubject for Radix16TableMissing8<G> {
    fn msm(&self, input: &MsmInput<'_>) -> Outcome<[u8; 32]> {
        let ps = match points::<G>(
            &input
                .points
                .iter()
                .map(|p| p.clone().expect("no None here"))
                .collect::<Vec<_>>(),
        ) {
            Ok(ps) => ps,
            Err(e) => return Outcome::Rejected(e),
        };
        let digits: Vec<Vec<i16>> = scalars(input.scalars)
            .iter()
            .map(|s| radix_2w(s, 4, 64, false))
            .collect();
        let tables: Vec<Vec<G>> = ps
            .iter()
            .map(|p| {
                let mut t = vec![*p];
                for k in 1..7 {
                    let next = t[k - 1] + p;
                    t.push(next);
                }
                t
            })
            .collect();
        let mut acc = G::identity();
        for d in (0..64).rev() {
            acc = double_n(acc, 4);
            for (ds, t) in digits.iter().zip(&tables) {
                let digit = ds[d];
                if digit > 0 {
                    acc = acc + &t[digit as usize - 1];
                } else if digit < 0 {
                    acc = acc - &t[(-digit) as usize - 1];
                }
            }
        }
        Outcome::Value(acc.compress())
    }
}

/// A precomputed Straus (width-8 NAF tables of odd multiples for the static points, width 5
/// for the dynamic ones) whose static NAF keeps 252 positions: the digit of weight 2²⁵² — the
/// top bit of a scalar ≥ 2²⁵², or the terminal carry of the recoding — is dropped. dalek had
/// the same class of bug in its NAF's last digit (e17c98a3) and Pippenger's terminal carry
/// (389d2bc9): <https://github.com/dalek-cryptography/curve25519-dalek/commit/e17c98a3>,
/// <https://github.com/dalek-cryptography/curve25519-dalek/commit/389d2bc9>.
/// Trigger: a static scalar whose width-8 NAF ends at position 252: −1 = ℓ − 1, ℓ − k, and
/// random scalars whose recoding carries into bit 252.
pub(super) struct PrecomputedNafTopDigit<G>(pub(super) PhantomData<G>);

fn odd_multiples<G: DalekGroup>(p: &G, count: usize) -> Vec<G> {
    let two = *p + p;
    let mut t = vec![*p];
    for k in 1..count {
        let next = t[k - 1] + &two;
        t.push(next);
    }
    t
}

impl<G: DalekGroup> MsmSubject for PrecomputedNafTopDigit<G> {
    fn msm(&self, input: &MsmInput<'_>) -> Outcome<[u8; 32]> {
        let (st, dy) = match points::<G>(input.static_points)
            .and_then(|st| Ok((st, optional_points::<G>(input.points)?)))
        {
            Ok(v) => v,
            Err(e) => return Outcome::Rejected(e),
        };
        let Some(dy) = dy.into_iter().collect::<Option<Vec<G>>>() else {
            return Outcome::Rejected("a None point".into());
        };
        let static_tables: Vec<Vec<G>> = st.iter().map(|p| odd_multiples(p, 64)).collect();
        let dynamic_tables: Vec<Vec<G>> = dy.iter().map(|p| odd_multiples(p, 8)).collect();
        let static_nafs: Vec<Vec<i16>> = scalars(input.static_scalars)
            .iter()
            .map(|s| naf(s, 8, 252))
            .collect();
        let dynamic_nafs: Vec<Vec<i16>> = scalars(input.scalars)
            .iter()
            .map(|s| naf(s, 5, 258))
            .collect();
        let mut acc = G::identity();
        for j in (0..258).rev() {
            acc = acc + &acc;
            let terms = dynamic_nafs
                .iter()
                .zip(&dynamic_tables)
                .chain(static_nafs.iter().zip(&static_tables));
            for (n, t) in terms {
                let d = n[j];
                if d > 0 {
                    acc = acc + &t[(d / 2) as usize];
                } else if d < 0 {
                    acc = acc - &t[(-d / 2) as usize];
                }
            }
        }
        Outcome::Value(acc.compress())
    }
}

/// An optional form that skips `None` points (and their scalars) instead of returning `None`:
/// the result is the sum over the points that are present. Missing/infinity inputs silently
/// dropped are <https://github.com/grandinetech/rust-kzg/pull/309> and
/// <https://github.com/bluealloy/revm/issues/1428> (infinity mishandled in MSM inputs) and
/// cryptofuzz's validity gating (<https://github.com/guidovranken/cryptofuzz>).
/// Trigger: a `none_point` anywhere in the input.
pub(super) struct NoneSkipped<G> {
    pub(super) kind: MsmKind,
    pub(super) _group: PhantomData<G>,
}

impl<G: DalekGroup> MsmSubject for NoneSkipped<G> {
    fn msm(&self, input: &MsmInput<'_>) -> Outcome<[u8; 32]> {
        let kept: Vec<(BigUint, Repr)> = input
            .scalars
            .iter()
            .zip(input.points)
            .filter_map(|(s, p)| p.clone().map(|p| (s.clone(), p)))
            .collect();
        let (ss, ps): (Vec<BigUint>, Vec<Option<Repr>>) =
            kept.into_iter().map(|(s, p)| (s, Some(p))).unzip();
        let non_optional = match self.kind {
            MsmKind::OptionalMixed => MsmKind::Mixed,
            _ => MsmKind::Vartime,
        };
        adapter_dalek::DalekMsm::<G>::new(non_optional).msm(&MsmInput {
            static_scalars: input.static_scalars,
            static_points: input.static_points,
            scalars: &ss,
            points: &ps,
        })
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
