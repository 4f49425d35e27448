//! Deliberately broken Curve25519 subjects (feature `zoo`). Each reuses the spec of the
//! routine it breaks and reproduces a real bug class (`research/anchors.md` §9, the seeds); the
//! doc comment of each subject names the bug and the input class that triggers it.
//!
//! Where dalek's internals are out of reach (its backends are crate-private), the broken code
//! is a small re-implementation on dalek's public point operations — a Pippenger, a Straus, a
//! precomputed Straus, a fixed-base table — with the bug written in, dispatched by size the way
//! dalek dispatches, so each variant breaks exactly one path. tari's verifier internals are
//! private too; its variants wrap `verify_batch` and skip or alter one step of it.

use super::tari as tari_check;
use super::{dalek_spec, DalekRoutine};
use crate::adapters::dalek::{self, optional_points, points, run_msm, scalars, DalekGroup};
use crate::adapters::tari::{
    chunk_uses_pippenger, reserialize, shares_precomputation, BatchVerifier, Shape, CHUNK,
};
use crate::declare::ZooVariant;
use crate::engine::{DynRoutine, Outcome};
use crate::generators::edwards::{Flavor, Repr};
use crate::shapes::batch_verify::Mode;
use crate::shapes::edwards_double_base as double_base;
use crate::shapes::edwards_encoding::{self as encoding, CompressOp};
use crate::shapes::edwards_montgomery as montgomery;
use crate::shapes::edwards_msm::{self as msm, vartime_path, MsmInput, MsmKind, MsmSubject};
use curve25519_dalek::edwards::EdwardsPoint;
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use num_bigint::BigUint;
use num_traits::Zero;
use std::marker::PhantomData;
use std::sync::OnceLock;
use tari_bulletproofs_plus::errors::ProofError;
use tari_bulletproofs_plus::extended_mask::ExtendedMask;
use tari_bulletproofs_plus::range_proof::{RangeProof, VerifyAction};
use tari_bulletproofs_plus::range_statement::RangeStatement;
use tari_bulletproofs_plus::ristretto::RistrettoRangeProof;
use tari_merlin::Transcript;

/// The MSM routine `name` with `subject` in place of dalek.
fn msm_variant(name: &'static str, subject: impl MsmSubject) -> Box<dyn DynRoutine> {
    let (spec, routine) = dalek_spec(name);
    let DalekRoutine::Msm(flavor, kind) = routine else {
        panic!("{name} is not an MSM routine")
    };
    Box::new(msm::check(spec, flavor, kind, subject))
}

// ---------------------------------------------------------------------------------------------
// Scalar recodings, written out (dalek's are crate-private).

fn bit(s: &Scalar, i: usize) -> i32 {
    if i >= 256 {
        0
    } else {
        i32::from((s.as_bytes()[i / 8] >> (i % 8)) & 1)
    }
}

/// Signed radix-2ʷ digits: every digit but the last is recentred into [−2ʷ⁻¹, 2ʷ⁻¹) and
/// carries into the next; the last absorbs the carry. With `count` ≥ ⌈256/w⌉ + 1 this is exact
/// for every 256-bit scalar.
fn radix_2w(s: &Scalar, w: usize, count: usize, recentre_last: bool) -> Vec<i16> {
    let half = 1i32 << (w - 1);
    let mut carry = 0;
    (0..count)
        .map(|d| {
            let window = (0..w).fold(carry, |acc, b| acc + (bit(s, d * w + b) << b));
            if (d + 1 < count || recentre_last) && window >= half {
                carry = 1;
                (window - (1 << w)) as i16
            } else {
                carry = 0;
                window as i16
            }
        })
        .collect()
}

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

fn double_n<G: DalekGroup>(mut p: G, n: usize) -> G {
    for _ in 0..n {
        p = p + &p;
    }
    p
}

// ---------------------------------------------------------------------------------------------
// Pippenger with one flaw, and the size dispatch that reaches it.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PippengerFlaw {
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
struct PippengerAt<G> {
    w: usize,
    flaw: PippengerFlaw,
    _group: PhantomData<G>,
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
/// torsion-free (the cofactor pitfalls ristretto255 exists to remove; anchors Z33: a
/// scalar-multiplication bug on a curve with cofactor > 1).
/// Trigger: `pure_torsion` or `prime_plus_torsion` inputs with n < 190.
struct StrausCofactorCleared;

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
/// size is the extreme-signed-digit class of anchors Z2 (dalek PR #259).
/// Trigger: any scalar with a radix-16 digit of −8 (almost every random scalar).
struct Radix16TableMissing8<G>(PhantomData<G>);

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
/// (389d2bc9), anchors Z3.
/// Trigger: a static scalar whose width-8 NAF ends at position 252: −1 = ℓ − 1, ℓ − k, and
/// random scalars whose recoding carries into bit 252.
struct PrecomputedNafTopDigit<G>(PhantomData<G>);

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
/// dropped are anchors Z12/Z13 (infinity mishandled in MSM inputs) and H5 (validity gating).
/// Trigger: a `none_point` anywhere in the input.
struct NoneSkipped<G> {
    kind: MsmKind,
    _group: PhantomData<G>,
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
        dalek::DalekMsm::<G>::new(non_optional).msm(&MsmInput {
            static_scalars: input.static_scalars,
            static_points: input.static_points,
            scalars: &ss,
            points: &ps,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// mul_base, compression and decompression.

/// s·B with a signed radix-256 fixed-base table (32 rows of 1·256ⁱB … 128·256ⁱB) whose lookup
/// takes `digit.abs()` in `i8`: the digit −128 overflows (a panic in debug builds, an index far
/// out of range in release). dalek's radix-256 basepoint table had this overflow, found by a
/// fuzzer (1f8a19a7, anchors §4).
/// Trigger: a scalar with a radix-256 digit of −128 (about one random scalar in eight).
fn radix256_mul_base(s: &BigUint) -> [u8; 32] {
    static TABLE: OnceLock<Vec<Vec<EdwardsPoint>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut base = EdwardsPoint::mul_base(&Scalar::ONE);
        (0..32)
            .map(|_| {
                let row: Vec<EdwardsPoint> = odd_and_even_multiples(&base, 128);
                base = double_n(base, 8);
                row
            })
            .collect()
    });
    let digits = radix_2w(&dalek::scalar(s), 8, 33, false);
    let mut acc = <EdwardsPoint as DalekGroup>::identity();
    for (row, &digit) in table.iter().zip(&digits) {
        let digit = digit as i8;
        if digit == 0 {
            continue;
        }
        // The bug: |−128| does not fit an i8 (`unsigned_abs` is the fix).
        #[allow(clippy::cast_abs_to_unsigned)]
        let entry = &row[digit.abs() as usize - 1];
        acc = if digit > 0 { acc + entry } else { acc - entry };
    }
    debug_assert!(digits[32] == 0 || digits[32] == 1);
    if digits[32] == 1 {
        acc += &double_n(table[31][0], 8);
    }
    acc.compress().to_bytes()
}

fn odd_and_even_multiples(p: &EdwardsPoint, count: usize) -> Vec<EdwardsPoint> {
    let mut t = vec![*p];
    for k in 1..count {
        let next = t[k - 1] + p;
        t.push(next);
    }
    t
}

/// An encoder whose final reduction of y is missing: y is written as y + p whenever that still
/// fits in 255 bits (y < 19). A field element serialized without its final conditional
/// subtraction of p is anchors Z44/Z66 (results in [p, 2²⁵⁶) not reduced); the encoding then
/// stops round-tripping (Z69).
/// Trigger: points whose y is 0 or 1: the `identity` and the order-4 `pure_torsion` points.
fn compress_y_not_reduced(reprs: &[Repr]) -> Outcome<Vec<[u8; 32]>> {
    dalek::compress_each::<EdwardsPoint>(reprs).map(|encs| {
        let p = ecdiff_oracles::curves::ed25519_fp().modulus();
        encs.into_iter()
            .map(|mut e| {
                let sign = e[31] & 0x80;
                e[31] &= 0x7f;
                let y = BigUint::from_bytes_le(&e);
                let v = if y < BigUint::from(19u8) { y + p } else { y };
                let mut out = [0u8; 32];
                let b = v.to_bytes_le();
                out[..b.len()].copy_from_slice(&b);
                out[31] |= sign;
                out
            })
            .collect()
    })
}

/// `double_and_compress_batch` over a batch inversion without dalek's zero skipping: one zero
/// denominator (the identity's e·f·g·h = 0) zeroes the accumulated product, every "inverse"
/// becomes 0, and every encoding in the batch comes out as 0 (the identity). anchors Z40
/// (c-kzg-4844 `fr_batch_inv`: one zero input zeroes the whole output), Z38.
/// Trigger: an `identity` in a batch with other points.
fn double_and_compress_zero_in_batch(reprs: &[Repr]) -> Outcome<Vec<[u8; 32]>> {
    let out = dalek::ristretto_double_and_compress_batch(reprs);
    let has_identity = match points::<RistrettoPoint>(reprs) {
        Ok(ps) => ps.iter().any(|p| p.compress().to_bytes() == [0u8; 32]),
        Err(_) => false,
    };
    if has_identity {
        out.map(|v| vec![[0u8; 32]; v.len()])
    } else {
        out
    }
}

/// An Edwards decoder that loses the sign bit of x: it decodes y and always takes the even
/// square root. A wrong sign from decompression is anchors Z45 (k256 `decompress`: release-only
/// wrong y parity, RustCrypto/elliptic-curves#529).
/// Trigger: valid encodings with the sign bit set (`sign_bit_set`).
fn decompress_sign_dropped(bytes: &[u8; 32]) -> Outcome<[u8; 32]> {
    let mut b = *bytes;
    b[31] &= 0x7f;
    dalek::decompress::<EdwardsPoint>(&b)
}

/// A ristretto255 decoder that reads s modulo p with the top bit ignored instead of requiring
/// the canonical encoding (RFC 9496 §4.3.1 step 1, which dalek checks by re-encoding). Non-
/// canonical coordinates accepted are anchors Z65 and Z67 (CVE-2022-23806).
/// Trigger: `s_noncanonical` (s + p for a valid s) and `high_bit_set`.
fn ristretto_decompress_noncanonical(bytes: &[u8; 32]) -> Outcome<[u8; 32]> {
    let p = ecdiff_oracles::curves::ed25519_fp().modulus();
    let mut b = *bytes;
    b[31] &= 0x7f;
    let s = BigUint::from_bytes_le(&b) % p;
    let mut reduced = [0u8; 32];
    let le = s.to_bytes_le();
    reduced[..le.len()].copy_from_slice(&le);
    dalek::decompress::<RistrettoPoint>(&reduced)
}

fn mul_base_variant(name: &'static str, f: fn(&BigUint) -> [u8; 32]) -> Box<dyn DynRoutine> {
    let (spec, routine) = dalek_spec(name);
    let DalekRoutine::MulBase(flavor) = routine else {
        panic!("{name} is not mul_base")
    };
    Box::new(encoding::check_mul_base(spec, flavor, Box::new(f)))
}

fn compress_variant(
    name: &'static str,
    flavor: Flavor,
    op: CompressOp,
    f: fn(&[Repr]) -> Outcome<Vec<[u8; 32]>>,
) -> Box<dyn DynRoutine> {
    let (spec, _) = dalek_spec(name);
    Box::new(encoding::check_compress(spec, flavor, op, Box::new(f)))
}

fn decompress_variant(
    name: &'static str,
    f: fn(&[u8; 32]) -> Outcome<[u8; 32]>,
) -> Box<dyn DynRoutine> {
    let (spec, routine) = dalek_spec(name);
    let DalekRoutine::Decompress(flavor) = routine else {
        panic!("{name} is not a decoder")
    };
    Box::new(encoding::check_decompress(spec, flavor, Box::new(f)))
}

// ---------------------------------------------------------------------------------------------
// Double-base multiplication a·A + b·B and the Edwards → Montgomery map.

/// a·A + b·B by interleaved width-5 / width-8 NAF on dalek's public point operations, the way
/// dalek's `vartime_double_base::mul` runs it, except that b's NAF keeps only positions
/// 0..252: the digit of weight 2²⁵² — the terminal carry of a scalar below ℓ — is dropped.
/// dalek's own NAF recoding lost its last digit and terminal carry before (e17c98a3 /
/// 389d2bc9; anchors Z3).
/// Trigger: `b_naf8_top_252` (b's width-8 NAF reaches position 252: −1, ℓ − k, or a carry
/// into bit 252, about a quarter of random scalars).
fn double_base_naf8_top_dropped<G: DalekGroup>(
    a: &BigUint,
    repr: &Repr,
    b: &BigUint,
) -> Outcome<[u8; 32]> {
    let Some(point) = dalek::point::<G>(repr) else {
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
/// component — an Edwards point treated as torsion-free (anchors Z33: a scalar-multiplication
/// bug on a curve with cofactor > 1; the cofactored vs cofactorless verification split of
/// Ed25519 validation rules).
/// Trigger: A with a torsion component (`pure_torsion`, `prime_plus_torsion`) and a·t ≢ 0
/// mod 8.
fn double_base_torsion_dropped(a: &BigUint, repr: &Repr, b: &BigUint) -> Outcome<[u8; 32]> {
    let Some(point) = dalek::point::<EdwardsPoint>(repr) else {
        return Outcome::Rejected(format!("dalek refused the point A: {}", repr.hex()));
    };
    let a = dalek::scalar(a) * Scalar::from(8u8).invert();
    let out = EdwardsPoint::vartime_double_scalar_mul_basepoint(
        &a,
        &point.mul_by_cofactor(),
        &dalek::scalar(b),
    );
    Outcome::Value(DalekGroup::compress(&out))
}

/// `to_montgomery_batch` with a batch inversion that does not skip zeros: the identity's
/// denominator Z − Y = 0 makes the running product 0, its "inverse" 0 (0⁻¹ = 0 in dalek's
/// field), and so every inverse and every u of the batch 0. dalek's `invert_batch_alloc`
/// skips zeros in constant time for exactly this reason; the unskipped version is anchors
/// Z40 (c-kzg-4844 `fr_batch_inv`) and Z38. The effect is reproduced on dalek's public API
/// (its field elements are private): u's are dalek's, zeroed when an input is the identity.
/// Trigger: `identity_in_batch` with a point whose u ≠ 0.
fn to_montgomery_zero_in_batch(reprs: &[Repr]) -> Outcome<Vec<[u8; 32]>> {
    let out = dalek::edwards_to_montgomery_batch(reprs);
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

fn double_base_variant(
    name: &'static str,
    flavor: Flavor,
    f: fn(&BigUint, &Repr, &BigUint) -> Outcome<[u8; 32]>,
) -> Box<dyn DynRoutine> {
    Box::new(double_base::check(
        super::FAMILY.spec(name),
        flavor,
        Box::new(f),
    ))
}

// ---------------------------------------------------------------------------------------------
// tari.

/// tari's chunking, with `run(chunk, action)` per chunk.
fn per_chunk(
    transcripts: &mut [Transcript],
    statements: &[RangeStatement<RistrettoPoint>],
    proofs: &[RistrettoRangeProof],
    action: VerifyAction,
    mut run: impl FnMut(
        usize,
        &mut [Transcript],
        &[RangeStatement<RistrettoPoint>],
        &[RistrettoRangeProof],
        VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError>,
) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
    if statements.is_empty() {
        return RangeProof::verify_batch(transcripts, statements, proofs, action);
    }
    let mut masks = Vec::new();
    for (c, ((t, s), p)) in transcripts
        .chunks_mut(CHUNK)
        .zip(statements.chunks(CHUNK))
        .zip(proofs.chunks(CHUNK))
        .enumerate()
    {
        masks.extend(run(c, t, s, p, action)?);
    }
    Ok(masks)
}

/// Runs a chunk without its final check: `RecoverOnly` does everything else (consistency,
/// decompression, mask recovery) and never compares the multiscalar result with the identity.
fn unchecked(
    t: &mut [Transcript],
    s: &[RangeStatement<RistrettoPoint>],
    p: &[RistrettoRangeProof],
    action: VerifyAction,
) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
    let masks = RangeProof::verify_batch(t, s, p, VerifyAction::RecoverOnly)?;
    Ok(if action == VerifyAction::VerifyOnly {
        masks.into_iter().map(|_| None).collect()
    } else {
        masks
    })
}

fn chunk_shapes(s: &[RangeStatement<RistrettoPoint>]) -> (Vec<Shape>, usize) {
    let shapes = s
        .iter()
        .map(|st| (st.commitments.len(), st.generators.bit_length()))
        .collect();
    (shapes, s[0].generators.extension_degree() as usize)
}

/// A batch verifier that only verifies the first chunk of 256: later chunks run without their
/// final check. The seed's own history: chunks after the first once reused the leading
/// transcripts (the comment at `range_proof.rs:783`), and tari's
/// `test_batch_larger_than_max_batch_size_is_fully_verified` guards the later chunks.
/// Trigger: an invalid proof at index ≥ 256 (`tamper_later_chunk`).
struct LaterChunksUnverified;

impl BatchVerifier for LaterChunksUnverified {
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
        per_chunk(transcripts, statements, proofs, action, |c, t, s, p, a| {
            if c == 0 || a == VerifyAction::RecoverOnly {
                RangeProof::verify_batch(t, s, p, a)
            } else {
                unchecked(t, s, p, a)
            }
        })
    }
}

/// A cost-based dispatch whose one branch never compares the final multiscalar result with the
/// identity (the seed's change 1 added the Pippenger branch next to the precomputed one; a
/// branch that computes but does not check is the "one side of the switch is wrong" class).
/// Trigger: an invalid proof (scalar bump, replaced point, wrong promise or label) in a chunk
/// on the broken side of tari's cost crossover (`tamper_at_pippenger` / `tamper_at_straus`).
struct BranchUnchecked {
    pippenger: bool,
}

impl BatchVerifier for BranchUnchecked {
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
        per_chunk(transcripts, statements, proofs, action, |_, t, s, p, a| {
            let (shapes, ext) = chunk_shapes(s);
            if a != VerifyAction::RecoverOnly
                && chunk_uses_pippenger(&shapes, ext) == self.pippenger
            {
                unchecked(t, s, p, a)
            } else {
                RangeProof::verify_batch(t, s, p, a)
            }
        })
    }
}

/// A generator consistency check that treats the `Arc::ptr_eq` shortcut as conclusive both
/// ways: statements whose precomputation is not the first one's are rejected, although
/// separately built identical parameters are valid (tari documents `false` as inconclusive,
/// `range_parameters.rs:113`; the seed's change 2 introduced the shortcut).
/// Trigger: `gens_separate_identical` (and `gens_wider_max_agg`).
struct PtrEqConclusive;

impl BatchVerifier for PtrEqConclusive {
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
        if let Some(first) = statements.first() {
            if statements
                .iter()
                .any(|s| !shares_precomputation(&s.generators, &first.generators))
            {
                return Err(ProofError::InvalidArgument(
                    "Inconsistent generators (precomputation not shared)".into(),
                ));
            }
        }
        RangeProof::verify_batch(transcripts, statements, proofs, action)
    }
}

/// A batch verifier without the generator consistency check: it verifies every proof against
/// its own statement's generators (one by one), so a batch mixing generators is accepted.
/// tari's `verify_statements_and_generators_consistency` exists to refuse such batches.
/// Trigger: `gens_foreign` and `gens_other_family`.
struct ConsistencySkipped;

impl BatchVerifier for ConsistencySkipped {
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
        if statements.is_empty() || statements.len() != proofs.len() {
            return RangeProof::verify_batch(transcripts, statements, proofs, action);
        }
        let mut masks = Vec::new();
        for ((t, s), p) in transcripts
            .chunks_mut(1)
            .zip(statements.chunks(1))
            .zip(proofs.chunks(1))
        {
            masks.extend(RangeProof::verify_batch(t, s, p, action)?);
        }
        Ok(masks)
    }
}

/// Mask recovery that returns the blinding factors of an extended mask in the wrong order
/// (degree k's factor in slot k − 1): an indexing slip of the kind the seed's change 5 (one
/// inversion for all extension degrees) risks. Single-degree masks are unaffected.
/// Trigger: a seeded proof with extension degree ≥ 2 under `RecoverOnly` or
/// `RecoverAndVerify`.
struct ExtensionMasksRotated;

impl BatchVerifier for ExtensionMasksRotated {
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
        let masks = RangeProof::verify_batch(transcripts, statements, proofs, action)?;
        masks
            .into_iter()
            .map(|m| match m {
                None => Ok(None),
                Some(m) => {
                    let mut b = m.blindings()?;
                    b.rotate_left(1);
                    let ext = b.len().try_into()?;
                    Ok(Some(ExtendedMask::assign(ext, b)?))
                }
            })
            .collect()
    }
}

/// A fast path for a batch of one proof that skips the final check: a lone invalid proof is
/// accepted, while the same proof in a larger batch is rejected — the batch verdict stops being
/// the conjunction of single verdicts.
/// Trigger: a tampered proof verified on its own (`tampered_1`, `tampered_2`).
struct SingleProofUnchecked;

impl BatchVerifier for SingleProofUnchecked {
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
        if statements.len() == 1 && action != VerifyAction::RecoverOnly {
            unchecked(transcripts, statements, proofs, action)
        } else {
            RangeProof::verify_batch(transcripts, statements, proofs, action)
        }
    }
}

/// A deserializer without the "no unused data" check: trailing bytes after the last complete
/// L/R pair are ignored, so a proof has many byte encodings. tari checks leftover tuples and
/// chunks (`range_proof.rs:1306`); trailing data accepted is anchors Z68/Z69.
/// Trigger: `extended_1`, `extended_32` (and truncations that leave a partial element).
fn from_bytes_trailing_accepted(bytes: &[u8]) -> Result<Vec<u8>, String> {
    if let Some(&ext) = bytes.first() {
        let ext = ext as usize;
        let mut k = (bytes.len() - 1) / 32;
        if k > ext + 5 && (k - ext - 5) % 2 == 1 {
            k -= 1;
        }
        let keep = (1 + 32 * k).min(bytes.len());
        return reserialize(&bytes[..keep]);
    }
    reserialize(bytes)
}

fn tari_variant(name: &'static str, subject: impl BatchVerifier) -> Box<dyn DynRoutine> {
    Box::new(tari_check::check(
        super::FAMILY.spec(name),
        match name {
            "tari_batch_verify" => Mode::BatchVerify,
            "tari_mask_recovery" => Mode::MaskRecovery,
            _ => Mode::BatchVsSingle,
        },
        subject,
    ))
}

/// Every variant of the family.
pub(super) fn variants() -> Vec<ZooVariant> {
    let pip = |w, flaw| PippengerAt::<EdwardsPoint> {
        w,
        flaw,
        _group: PhantomData,
    };
    let pip_r = |w, flaw| PippengerAt::<RistrettoPoint> {
        w,
        flaw,
        _group: PhantomData,
    };
    vec![
        ZooVariant::boxed(
            "dalek_edwards_vartime_multiscalar_mul__straus_cofactor_cleared",
            "dalek_edwards_vartime_multiscalar_mul",
            "Straus side clears the cofactor (Σ (s/8)·(8P)) and drops torsion components: Edwards \
             points treated as prime-order (anchors Z33, cofactor > 1)",
            "pure_torsion or prime_plus_torsion inputs, n < 190",
            msm_variant(
                "dalek_edwards_vartime_multiscalar_mul",
                StrausCofactorCleared,
            ),
        ),
        ZooVariant::boxed(
            "dalek_ristretto_vartime_multiscalar_mul__pippenger_w6_empty_bucket_skip",
            "dalek_ristretto_vartime_multiscalar_mul",
            "Pippenger (w = 6) skips empty buckets in the running sum, losing the intermediate \
             sum for them (anchors Z7/Z9: empty buckets mishandled)",
            "190 ≤ n < 500 with an empty bucket below an occupied one (zero, small or repeated \
             scalars; common near n = 190)",
            msm_variant(
                "dalek_ristretto_vartime_multiscalar_mul",
                pip_r(6, PippengerFlaw::EmptyBucketSkip),
            ),
        ),
        ZooVariant::boxed(
            "dalek_edwards_vartime_multiscalar_mul__pippenger_w7_window_count",
            "dalek_edwards_vartime_multiscalar_mul",
            "Pippenger (w = 7) uses ⌊256/w⌋ windows and recentres the top digit: the final carry \
             and bits ≥ 252 are lost (anchors Z5/Z6: window count when w does not divide the \
             scalar width)",
            "500 ≤ n < 800 with a scalar whose top window carries (about half of random \
             scalars; ℓ − 1)",
            msm_variant(
                "dalek_edwards_vartime_multiscalar_mul",
                pip(7, PippengerFlaw::WindowCount),
            ),
        ),
        ZooVariant::boxed(
            "dalek_ristretto_vartime_multiscalar_mul__pippenger_w8_i8_bucket_index",
            "dalek_ristretto_vartime_multiscalar_mul",
            "Pippenger (w = 8) computes the bucket index from i8 digits: −(−128) overflows \
             (curve25519-dalek PR #259, 5f1d73bc; anchors Z2)",
            "n ≥ 800 with a radix-256 digit of −128 (any large random input)",
            msm_variant(
                "dalek_ristretto_vartime_multiscalar_mul",
                pip_r(8, PippengerFlaw::I8BucketIndex),
            ),
        ),
        ZooVariant::boxed(
            "dalek_edwards_multiscalar_mul__radix16_table_missing_8",
            "dalek_edwards_multiscalar_mul",
            "Straus lookup tables hold 1·P … 7·P: the extreme signed radix-16 digit −8 has no \
             entry (extreme-digit class of anchors Z2)",
            "any scalar with a radix-16 digit of −8 (nearly every random scalar)",
            msm_variant(
                "dalek_edwards_multiscalar_mul",
                Radix16TableMissing8::<EdwardsPoint>(PhantomData),
            ),
        ),
        ZooVariant::boxed(
            "dalek_edwards_vartime_mixed_multiscalar_mul__naf8_top_digit_dropped",
            "dalek_edwards_vartime_mixed_multiscalar_mul",
            "precomputed Straus keeps 252 width-8 NAF positions for static scalars: the digit \
             of weight 2²⁵² is dropped (dalek e17c98a3 / 389d2bc9: the last NAF digit and the \
             terminal carry; anchors Z3)",
            "a static scalar whose NAF reaches position 252: −1, ℓ − k, or a carry into bit 252",
            msm_variant(
                "dalek_edwards_vartime_mixed_multiscalar_mul",
                PrecomputedNafTopDigit::<EdwardsPoint>(PhantomData),
            ),
        ),
        ZooVariant::boxed(
            "dalek_edwards_optional_multiscalar_mul__none_skipped",
            "dalek_edwards_optional_multiscalar_mul",
            "optional_multiscalar_mul drops None points and their scalars instead of returning \
             None (anchors Z12/Z13, H5: missing or infinity inputs silently skipped)",
            "a None point anywhere (none_point)",
            msm_variant(
                "dalek_edwards_optional_multiscalar_mul",
                NoneSkipped::<EdwardsPoint> {
                    kind: MsmKind::Optional,
                    _group: PhantomData,
                },
            ),
        ),
        ZooVariant::boxed(
            "dalek_ristretto_optional_mixed_multiscalar_mul__none_skipped",
            "dalek_ristretto_optional_mixed_multiscalar_mul",
            "optional_mixed_multiscalar_mul drops None dynamic points instead of returning None \
             (anchors Z12/Z13, H5)",
            "a None dynamic point (none_point)",
            msm_variant(
                "dalek_ristretto_optional_mixed_multiscalar_mul",
                NoneSkipped::<RistrettoPoint> {
                    kind: MsmKind::OptionalMixed,
                    _group: PhantomData,
                },
            ),
        ),
        ZooVariant::boxed(
            "dalek_edwards_mul_base__radix256_abs_overflow",
            "dalek_edwards_mul_base",
            "radix-256 fixed-base table lookup takes |digit| in i8: −128 overflows \
             (curve25519-dalek 1f8a19a7, found by fuzzing)",
            "a scalar with a radix-256 digit of −128 (about 1 in 8 random scalars)",
            mul_base_variant("dalek_edwards_mul_base", radix256_mul_base),
        ),
        ZooVariant::boxed(
            "dalek_edwards_compress__y_not_reduced",
            "dalek_edwards_compress",
            "y serialized without the final reduction mod p: y + p for y < 19 (anchors Z44, \
             Z66, Z69)",
            "points with y ∈ {0, 1}: identity and the order-4 torsion points",
            compress_variant(
                "dalek_edwards_compress",
                Flavor::Edwards,
                CompressOp::Each,
                compress_y_not_reduced,
            ),
        ),
        ZooVariant::boxed(
            "dalek_ristretto_double_and_compress_batch__zero_in_batch_inversion",
            "dalek_ristretto_double_and_compress_batch",
            "batch inversion without zero skipping: the identity's zero denominator zeroes every \
             inverse and every encoding (anchors Z40: c-kzg-4844 fr_batch_inv; Z38)",
            "an identity in a batch of two or more points",
            compress_variant(
                "dalek_ristretto_double_and_compress_batch",
                Flavor::Ristretto,
                CompressOp::Double,
                double_and_compress_zero_in_batch,
            ),
        ),
        ZooVariant::boxed(
            "dalek_edwards_decompress__sign_bit_dropped",
            "dalek_edwards_decompress",
            "decompression ignores the sign bit of x (anchors Z45: k256 decompress wrong \
             parity, RustCrypto/elliptic-curves#529)",
            "valid encodings with the sign bit set (sign_bit_set)",
            decompress_variant("dalek_edwards_decompress", decompress_sign_dropped),
        ),
        ZooVariant::boxed(
            "dalek_ristretto_decompress__noncanonical_accepted",
            "dalek_ristretto_decompress",
            "ristretto255 decoding reads s mod p and ignores bit 255 instead of requiring the \
             canonical encoding (anchors Z65, Z67 / CVE-2022-23806)",
            "s_noncanonical (s + p) and high_bit_set strings",
            decompress_variant(
                "dalek_ristretto_decompress",
                ristretto_decompress_noncanonical,
            ),
        ),
        ZooVariant::boxed(
            "dalek_ristretto_vartime_double_scalar_mul_basepoint__naf8_top_digit_dropped",
            "dalek_ristretto_vartime_double_scalar_mul_basepoint",
            "width-8 NAF of b kept to 252 positions: the digit of weight 2²⁵² (the terminal \
             carry) is dropped (dalek e17c98a3 / 389d2bc9: the last NAF digit and the terminal \
             carry; anchors Z3)",
            "b whose NAF reaches position 252 (b_naf8_top_252): −1, ℓ − k, or a carry into \
             bit 252",
            double_base_variant(
                "dalek_ristretto_vartime_double_scalar_mul_basepoint",
                Flavor::Ristretto,
                double_base_naf8_top_dropped::<RistrettoPoint>,
            ),
        ),
        ZooVariant::boxed(
            "dalek_edwards_vartime_double_scalar_mul_basepoint__torsion_dropped",
            "dalek_edwards_vartime_double_scalar_mul_basepoint",
            "the variable point's cofactor cleared, (a/8)·(8A) + b·B: A's torsion component is \
             dropped, an Edwards point treated as torsion-free (anchors Z33, cofactor > 1)",
            "A with a torsion component (pure_torsion, prime_plus_torsion) and a·t ≢ 0 mod 8",
            double_base_variant(
                "dalek_edwards_vartime_double_scalar_mul_basepoint",
                Flavor::Edwards,
                double_base_torsion_dropped,
            ),
        ),
        ZooVariant::boxed(
            "dalek_edwards_to_montgomery_batch__zero_in_batch_inversion",
            "dalek_edwards_to_montgomery_batch",
            "batch inversion of Z − Y without zero skipping: the identity's zero denominator \
             zeroes every inverse and every u of the batch (anchors Z40: c-kzg-4844 \
             fr_batch_inv; Z38)",
            "an identity among two or more points (identity_in_batch)",
            Box::new(montgomery::check_to_montgomery(
                super::FAMILY.spec("dalek_edwards_to_montgomery_batch"),
                Box::new(to_montgomery_zero_in_batch),
                Some(Box::new(dalek::edwards_to_montgomery_each)),
            )),
        ),
        ZooVariant::boxed(
            "tari_batch_verify__later_chunks_unverified",
            "tari_batch_verify",
            "batches above 256 proofs: only the first chunk gets its final check (tari's \
             chunking; test_batch_larger_than_max_batch_size_is_fully_verified)",
            "an invalid proof at index ≥ 256 (tamper_later_chunk)",
            tari_variant("tari_batch_verify", LaterChunksUnverified),
        ),
        ZooVariant::boxed(
            "tari_batch_verify__pippenger_branch_unchecked",
            "tari_batch_verify",
            "the Pippenger branch of the cost-based dispatch never compares the MSM with the \
             identity (seed change 1: one side of the Straus/Pippenger switch wrong)",
            "an invalid proof reaching the final check in a chunk above the crossover \
             (tamper_at_pippenger)",
            tari_variant("tari_batch_verify", BranchUnchecked { pippenger: true }),
        ),
        ZooVariant::boxed(
            "tari_batch_verify__straus_branch_unchecked",
            "tari_batch_verify",
            "the precomputed-Straus branch never compares the MSM with the identity (seed \
             change 1: the other side of the switch)",
            "an invalid proof reaching the final check in a chunk below the crossover \
             (tamper_at_straus)",
            tari_variant("tari_batch_verify", BranchUnchecked { pippenger: false }),
        ),
        ZooVariant::boxed(
            "tari_batch_verify__ptr_eq_treated_as_conclusive",
            "tari_batch_verify",
            "Arc::ptr_eq generator shortcut treated as conclusive: separately built identical \
             parameters rejected (seed change 2)",
            "gens_separate_identical or gens_wider_max_agg",
            tari_variant("tari_batch_verify", PtrEqConclusive),
        ),
        ZooVariant::boxed(
            "tari_batch_verify__generator_consistency_skipped",
            "tari_batch_verify",
            "no generator consistency check: each proof verified against its own generators, \
             so mixed-generator batches pass",
            "gens_foreign or gens_other_family",
            tari_variant("tari_batch_verify", ConsistencySkipped),
        ),
        ZooVariant::boxed(
            "tari_mask_recovery__extension_masks_rotated",
            "tari_mask_recovery",
            "recovered blinding factors returned in the wrong degree order (seed change 5: one \
             inversion for all extension degrees)",
            "a seeded proof with extension degree ≥ 2",
            tari_variant("tari_mask_recovery", ExtensionMasksRotated),
        ),
        ZooVariant::boxed(
            "tari_batch_vs_single__single_proof_unchecked",
            "tari_batch_vs_single",
            "a one-proof fast path without the final check: the batch verdict is no longer \
             the conjunction of single verdicts",
            "a tampered proof verified alone (tampered_1, tampered_2)",
            tari_variant("tari_batch_vs_single", SingleProofUnchecked),
        ),
        ZooVariant::boxed(
            "tari_proof_from_bytes__trailing_bytes_accepted",
            "tari_proof_from_bytes",
            "from_bytes ignores bytes after the last complete L/R pair (anchors Z68/Z69: \
             non-canonical serializations accepted)",
            "extended_1, extended_32",
            Box::new(tari_check::check_from_bytes(
                super::FAMILY.spec("tari_proof_from_bytes"),
                Box::new(from_bytes_trailing_accepted),
            )),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recodings_are_exact_without_their_flaws() {
        use num_bigint::BigInt;
        let value = |digits: &[i16], w: usize| {
            digits
                .iter()
                .enumerate()
                .fold(BigInt::zero(), |acc, (i, &d)| {
                    acc + (BigInt::from(d) << (i * w))
                })
        };
        let l = crate::generators::edwards::order();
        for s in [
            l - 1u8,
            l - 12345u32,
            BigUint::from(0x8000_0000_0000_0000u64),
        ] {
            let sc = dalek::scalar(&s);
            let want = BigInt::from(s.clone());
            for w in [4usize, 6, 7, 8] {
                let d = radix_2w(&sc, w, 256usize.div_ceil(w) + 1, false);
                assert_eq!(value(&d, w), want, "radix 2^{w}");
            }
            for w in [5usize, 8] {
                assert_eq!(value(&naf(&sc, w, 258), 1), want, "width-{w} NAF");
            }
        }
    }

    /// Asserts that every variant is caught by its routine's suite with the default budget
    /// (what `tests/zoo.rs` checks for the whole zoo), reporting the cases each took.
    fn assert_all_caught() {
        let mut missed = Vec::new();
        for v in variants() {
            let routine = crate::routines::by_name(v.routine).expect("a registered routine");
            assert_eq!(routine.info().classes, v.check.info().classes, "{}", v.name);
            assert_eq!(
                routine.info().default_cases,
                v.check.info().default_cases,
                "{}",
                v.name
            );
            match crate::suite::Suite::new(&*v.check)
                .no_shrink()
                .no_save()
                .try_run()
            {
                Err(f) => eprintln!(
                    "caught {}: {} ({})",
                    v.name,
                    f.run.verdict.kind,
                    f.run.classes.join(", ")
                ),
                Ok(r) => missed.push(format!("{} ({} cases)", v.name, r.cases)),
            }
        }
        assert!(missed.is_empty(), "zoo variants not caught: {missed:?}");
    }

    #[test]
    fn every_variant_is_caught_with_the_default_budget() {
        assert_all_caught();
    }
}
