//! Broken arkworks-generic code shared by the zoo rows of more than one family (feature
//! `zoo`): each is generic over ark-ff's traits, so the BN254 (dory) and BLS12-381 families
//! break the same algorithm at their own curve.

use ark_ec::short_weierstrass::{Affine, Projective, SWCurveConfig};
use ark_ec::AdditiveGroup;
use ark_ff::{CyclotomicMultSubgroup, Field, PrimeField};
use num_bigint::BigUint;
use num_traits::Zero;

pub mod serialization;
#[cfg(all(not(test), feature = "dory"))]
pub(crate) use serialization::serialization_zoo_rows;
pub use serialization::{BrokenSerializer, BrokenTeSerializer, SerializerFlaw};

/// x^exp by the non-adjacent form of `exp` cut to its lowest `digits` digits (the terminal
/// carry digit, if any, dropped), with cyclotomic squaring and conjugation as the inverse:
/// valid only in the cyclotomic subgroup, like the GT code it breaks.
pub fn naf_exp_truncated<F: Field + CyclotomicMultSubgroup>(
    x: F,
    exp: &BigUint,
    digits: usize,
) -> F {
    let mut x_inv = x;
    x_inv.cyclotomic_inverse_in_place();
    let mut naf_digits = naf(exp);
    naf_digits.truncate(digits);
    let mut acc = F::one();
    for d in naf_digits.iter().rev() {
        acc.cyclotomic_square_in_place();
        match d {
            1 => acc *= x,
            -1 => acc *= x_inv,
            _ => {}
        }
    }
    acc
}

/// The non-adjacent form of `k`, least significant digit first.
pub fn naf(k: &BigUint) -> Vec<i8> {
    let mut k = k.clone();
    let mut out = Vec::new();
    while !k.is_zero() {
        if k.bit(0) {
            if k.bit(1) {
                out.push(-1);
                k += 1u8;
            } else {
                out.push(1);
                k -= 1u8;
            }
        } else {
            out.push(0);
        }
        k >>= 1;
    }
    out
}

/// ark-ec 0.5's Pippenger window for `n` terms: c = 3 below 32, else ⌊0.69·⌈log₂ n⌉⌋ + 2
/// (`VariableBaseMSM::msm_bigint_wnaf`, `ln_without_floats`, with `ark_std::log2`'s ceiling,
/// written out here so the module needs no ark-std: `arkworks` alone does not bring it).
fn ark_window(n: usize) -> usize {
    if n < 32 {
        3
    } else {
        (n.next_power_of_two().trailing_zeros() * 69 / 100) as usize + 2
    }
}

/// The unsigned `c`-bit digit of `s` in window `w` (bits w·c … w·c + c − 1).
fn window_digit(s: &BigUint, w: usize, c: usize) -> usize {
    (0..c).fold(0usize, |d, i| {
        d | (usize::from(s.bit((w * c + i) as u64)) << i)
    })
}

/// Σ scalars\[i\]·bases\[i\] by a Pippenger bucket MSM with ark's window choice
/// (c = 3 below 32 terms, else ⌊0.69·log₂ n⌋ + 2) over `scalar_bits`-bit scalars, that keeps
/// bucket indices in a byte: once the window passes 8 bits (n ≥ 1025, c = 9 and 10) digits of
/// 256 and more wrap around into the wrong bucket. Models dalek's i8 bucket-index overflow at
/// the widest window (<https://github.com/dalek-cryptography/curve25519-dalek/pull/259>).
pub fn bucket_index_in_a_byte<P: SWCurveConfig>(
    bases: &[Affine<P>],
    scalars: &[BigUint],
    scalar_bits: usize,
) -> Projective<P> {
    let c = ark_window(bases.len());
    let mut total = Projective::<P>::zero();
    for w in (0..scalar_bits.div_ceil(c)).rev() {
        for _ in 0..c {
            total.double_in_place();
        }
        let mut buckets = vec![Projective::<P>::zero(); (1 << c) - 1];
        for (b, s) in bases.iter().zip(scalars) {
            let digit = window_digit(s, w, c);
            let index = digit as u8;
            if index != 0 {
                buckets[usize::from(index) - 1] += b;
            }
        }
        let (mut running, mut sum) = (Projective::<P>::zero(), Projective::<P>::zero());
        for b in buckets.iter().rev() {
            running += b;
            sum += running;
        }
        total += sum;
    }
    total
}

/// The order in which [`incomplete_msm`] accumulates its terms: the orders optimized MSMs use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SumOrder {
    /// `acc += tᵢ` from the first term to the last.
    LeftToRight,
    /// `acc += tᵢ` from the last term to the first.
    RightToLeft,
    /// A recursive split in two halves at ⌊n/2⌋ (a pairwise tree, `rayon::join`).
    Halves,
    /// Pippenger's buckets with ark's window choice (c = 3 below 32 terms, else
    /// ⌊0.69·log₂ n⌋ + 2) over unsigned digits: each point added into the bucket of its digit
    /// with the incomplete law, as batch-affine bucket accumulation does (halo2curves'
    /// `batch_add`); the buckets summed by the running-sum method and the windows combined by
    /// c doublings and one addition, both with ark's complete arithmetic (Bernstein et al.,
    /// "Faster batch forgery identification", §4, <https://eprint.iacr.org/2012/549>).
    Pippenger,
    /// Straus's interleaved method (Straus 1964; Möller, "Algorithms for multi-exponentiation",
    /// SAC 2001, §2, <https://doi.org/10.1007/3-540-45537-X_13>) with a table of the multiples
    /// 1·P … 15·P of each base (2P by doubling, each next multiple by the incomplete law) and
    /// unsigned 4-bit digits from the top window down: the accumulator is doubled four times
    /// (complete doubling), then each base's table entry for its digit is added into it with the
    /// incomplete law, as blst's small-n path (`ptype##s_mult_wbits`) and dalek's Straus
    /// accumulate. Where the accumulator is still the identity at the top, its first addition
    /// returns the entry, and the next entry of an equal or opposite term meets it.
    Straus,
}

/// An affine addition law missing one case, as the textbook chord formula
/// λ = (y₂ − y₁)/(x₂ − x₁) is when nothing guards it: with x₁ = x₂ the division is by zero,
/// which the broken code takes as λ = 0 (`inverse().unwrap_or_default()`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IncompleteLaw {
    /// P + P goes through the chord formula (no doubling case).
    NoDoubling,
    /// P + (−P) goes through the chord formula (no inverse case).
    NoInverse,
}

/// p + q by the chord formula, with the identity handled and the one case `law` drops left to
/// the formula.
pub fn incomplete_add<P: SWCurveConfig>(
    p: Affine<P>,
    q: Affine<P>,
    law: IncompleteLaw,
) -> Affine<P> {
    use ark_ec::{AffineRepr, CurveGroup};
    if p.is_zero() {
        return q;
    }
    if q.is_zero() {
        return p;
    }
    if p.x == q.x {
        match (law, p.y == q.y) {
            (IncompleteLaw::NoDoubling, true) | (IncompleteLaw::NoInverse, false) => {}
            (_, true) => return p.into_group().double().into_affine(),
            (_, false) => return Affine::identity(),
        }
    }
    let lambda = (q.y - p.y) * (q.x - p.x).inverse().unwrap_or_default();
    let x3 = lambda.square() - p.x - q.x;
    let y3 = lambda * (p.x - x3) - p.y;
    Affine::new_unchecked(x3, y3)
}

/// Σ scalars\[i\]·bases\[i\] accumulated in `order` with the incomplete `law` (each term sᵢ·Pᵢ
/// itself by ark's complete arithmetic): a reference MSM broken only where two operands meet
/// inside the sum ([`crate::generators::coincidence`] builds such meetings on purpose).
pub fn incomplete_msm<P: SWCurveConfig>(
    bases: &[Affine<P>],
    scalars: &[BigUint],
    scalar_bits: usize,
    order: SumOrder,
    law: IncompleteLaw,
) -> Affine<P> {
    use ark_ec::CurveGroup;
    let add = |a: Affine<P>, b: Affine<P>| incomplete_add(a, b, law);
    let terms = || {
        bases.iter().zip(scalars).map(|(b, s)| {
            let s = P::ScalarField::from_le_bytes_mod_order(&s.to_bytes_le());
            (*b * s).into_affine()
        })
    };
    fn tree<P: SWCurveConfig>(
        ts: &[Affine<P>],
        add: &impl Fn(Affine<P>, Affine<P>) -> Affine<P>,
    ) -> Affine<P> {
        match ts.len() {
            0 => Affine::identity(),
            1 => ts[0],
            n => add(tree(&ts[..n / 2], add), tree(&ts[n / 2..], add)),
        }
    }
    match order {
        SumOrder::LeftToRight => terms().fold(Affine::identity(), add),
        SumOrder::RightToLeft => {
            let ts: Vec<Affine<P>> = terms().collect();
            ts.into_iter().rev().fold(Affine::identity(), add)
        }
        SumOrder::Halves => tree(&terms().collect::<Vec<_>>(), &add),
        SumOrder::Pippenger => {
            bucket_pippenger(bases, scalars, scalar_bits, Affine::identity(), add).into_affine()
        }
        SumOrder::Straus => straus(bases, scalars, scalar_bits, add),
    }
}

/// The window of [`SumOrder::Straus`], in bits.
const STRAUS_WINDOW: usize = 4;

/// Σ scalars\[i\]·bases\[i\] by [`SumOrder::Straus`], every table entry after 2P and every
/// accumulation by `add` (the law under test), the accumulator's doublings complete.
fn straus<P: SWCurveConfig>(
    bases: &[Affine<P>],
    scalars: &[BigUint],
    scalar_bits: usize,
    add: impl Fn(Affine<P>, Affine<P>) -> Affine<P>,
) -> Affine<P> {
    use ark_ec::{AffineRepr, CurveGroup};
    let tables: Vec<Vec<Affine<P>>> = (bases.iter())
        .map(|&p| {
            let mut table = vec![p, p.into_group().double().into_affine()];
            for d in 3..1 << STRAUS_WINDOW {
                table.push(add(table[d - 2], p));
            }
            table
        })
        .collect();
    let mut acc = Affine::<P>::identity();
    for w in (0..scalar_bits.div_ceil(STRAUS_WINDOW)).rev() {
        for _ in 0..STRAUS_WINDOW {
            acc = acc.into_group().double().into_affine();
        }
        for (table, s) in tables.iter().zip(scalars) {
            let digit = window_digit(s, w, STRAUS_WINDOW);
            if digit != 0 {
                acc = add(acc, table[digit - 1]);
            }
        }
    }
    acc
}

/// p + q in Jacobian coordinates with the doubling case chosen by comparing the raw
/// coordinates (a `#[derive(PartialEq)]` on the projective struct): the same point handed over
/// with another Z is not seen as equal, goes through the generic formula (add-2007-bl,
/// <https://hyperelliptic.org/EFD/g1p/auto-shortw-jacobian.html#addition-add-2007-bl>), where
/// H = U₂ − U₁ = 0 and r = 0 make X₃ = Y₃ = Z₃ = 0: the identity.
pub fn raw_equality_add<P: SWCurveConfig>(p: Projective<P>, q: Projective<P>) -> Projective<P> {
    use ark_ff::Zero;
    if p.is_zero() {
        return q;
    }
    if q.is_zero() {
        return p;
    }
    if (p.x, p.y, p.z) == (q.x, q.y, q.z) {
        return p + p;
    }
    if p == q {
        // Equal points in other projective forms: the generic formula's (0 : 0 : 0).
        return Projective::new_unchecked(Zero::zero(), Zero::zero(), Zero::zero());
    }
    p + q
}

/// Σ scalars\[i\]·bases\[i\] by Pippenger over Jacobian bases as given (ark's window, unsigned
/// digits), each base added into its bucket by [`raw_equality_add`]; the running sums and the
/// windows by ark's complete arithmetic. Trigger: two terms of one point in different
/// projective forms with one scalar (`bucket_repeated_term_other_z`).
pub fn raw_equality_pippenger<P: SWCurveConfig>(
    bases: &[Projective<P>],
    scalars: &[BigUint],
    scalar_bits: usize,
) -> Projective<P> {
    use ark_ff::Zero;
    bucket_pippenger(
        bases,
        scalars,
        scalar_bits,
        Projective::zero(),
        raw_equality_add,
    )
}

/// Pippenger with ark's window and unsigned digits, each base added into the bucket of its
/// digit by `bucket_add` (the law under test), the buckets summed by the running-sum method and
/// the windows combined by c doublings and one addition with ark's complete arithmetic
/// (Bernstein et al., "Faster batch forgery identification", §4,
/// <https://eprint.iacr.org/2012/549>).
fn bucket_pippenger<P: SWCurveConfig, B>(
    bases: &[B],
    scalars: &[BigUint],
    scalar_bits: usize,
    empty: B,
    bucket_add: impl Fn(B, B) -> B,
) -> Projective<P>
where
    B: Copy + Into<Projective<P>>,
{
    use ark_ff::Zero;
    let c = ark_window(bases.len());
    let mut total = Projective::<P>::zero();
    for w in (0..scalar_bits.div_ceil(c)).rev() {
        for _ in 0..c {
            total.double_in_place();
        }
        let mut buckets = vec![empty; (1 << c) - 1];
        for (b, s) in bases.iter().zip(scalars) {
            let digit = window_digit(s, w, c);
            if digit != 0 {
                buckets[digit - 1] = bucket_add(buckets[digit - 1], *b);
            }
        }
        let (mut running, mut sum) = (Projective::<P>::zero(), Projective::<P>::zero());
        for b in buckets.iter().rev() {
            running += (*b).into();
            sum += running;
        }
        total += sum;
    }
    total
}

/// A flaw planted around arkworks' raw-input entry points ([`BrokenCurveOps`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CurveOpsFlaw {
    /// The subgroup check answers "on the curve" only (true for every point): the missing
    /// prime-order check behind CryptoNote's key-image double spend (points with an
    /// 8-torsion component, <https://www.getmonero.org/2017/05/17/disclosure-of-a-major-bug-in-cryptonote-based-currencies.html>).
    SubgroupCheckOnCurveOnly,
    /// The MSM's integer scalars reduced mod r first: right on the prime-order subgroup, wrong
    /// on points with a torsion component (Botan's blinded multiplication on curves with a
    /// cofactor, <https://github.com/randombit/botan/issues/3800>).
    MsmScalarsReducedModR,
    /// `mul_bigint` keeps only the scalar field's words of a wider integer (a fixed-width
    /// buffer): wrong wherever a dropped word is not zero (relic's G2 multiplication by
    /// k ≥ the order, <https://github.com/relic-toolkit/relic/issues/126>).
    MulIntegerTopWordsDropped,
    /// Batch normalization by one shared inversion with no identity case: one identity
    /// zeroes every output (c-kzg-4844 `fr_batch_inv`,
    /// <https://github.com/ethereum/c-kzg-4844/pull/205>).
    NormalizeBatchIdentityPoisons,
    /// Cofactor clearing skipped: the point comes back as it went in, outside the prime-order
    /// group wherever it has a torsion component (the NSEC5/ECVRF draft's hash-to-curve on
    /// curves with a cofactor, <https://github.com/fcelda/nsec5-draft/issues/16>).
    ClearCofactorSkipped,
    /// `msm`'s field scalars handed over as Montgomery limbs: a canonical integer given to a
    /// constructor that expects Montgomery form reads as sᵢ·R⁻¹ mod r, R = 2^(64·words)
    /// (ethrex's BLS12-381 MSM scalars through `Scalar::from_raw`,
    /// <https://github.com/lambdaclass/ethrex/issues/6346>).
    MsmFieldScalarsFromRaw,
    /// `* Fr` multiplies by the scalar's Montgomery limbs taken as its integer, s·R mod r, the
    /// converse confusion (the internal representation where the canonical integer is meant,
    /// as in the same ethrex issue).
    MulFieldMontgomeryLimbs,
    /// `msm_bigint`'s integer scalars handed to a field constructor that expects Montgomery
    /// form (`Fp::new_unchecked`), each read as s·R⁻¹ mod r: ethrex#6346's confusion at the
    /// integer entry point, visible on a curve of cofactor 1 where reducing mod r is not.
    MsmIntegerScalarsFromRaw,
    /// Cofactor clearing by a cofactor constant left at a placeholder, here the empty integer
    /// (0): every point comes back as the identity, on a curve of cofactor 1 where clearing is
    /// the identity map (relic's G2 cofactor left at its placeholder 1, "too difficult to
    /// notice", <https://github.com/relic-toolkit/relic/issues/117>).
    ClearCofactorByPlaceholder,
    /// The subgroup check as φ(P) = λ·P, the endomorphism (x, y) ↦ (β·x, y), with β the cube
    /// root of unity of the other eigenvalue λ² (each curve has two β and two λ, which must
    /// be paired by trying them: <https://github.com/arkworks-rs/algebra/pull/778>,
    /// <https://github.com/arkworks-rs/snark/issues/267>): only the identity passes, on a curve
    /// of cofactor 1 where every point is in the group.
    SubgroupCheckEndomorphismMismatched,
}

impl CurveOpsFlaw {
    /// The real bug the flaw models, with its public source (a zoo row's `bug`).
    pub const fn bug(self) -> &'static str {
        match self {
            CurveOpsFlaw::SubgroupCheckOnCurveOnly => "the subgroup check answers \"on the curve\" only: the missing prime-order check behind CryptoNote's key-image double spend (https://www.getmonero.org/2017/05/17/disclosure-of-a-major-bug-in-cryptonote-based-currencies.html)",
            CurveOpsFlaw::MsmScalarsReducedModR => "the MSM's integer scalars reduced mod r first, right only on the prime-order subgroup (Botan's blinded multiplication on curves with a cofactor, https://github.com/randombit/botan/issues/3800)",
            CurveOpsFlaw::MulIntegerTopWordsDropped => "mul_bigint keeps the scalar field's words of a wider integer (a fixed-width buffer; relic's multiplication by k ≥ the order, https://github.com/relic-toolkit/relic/issues/126)",
            CurveOpsFlaw::NormalizeBatchIdentityPoisons => "batch normalization by one shared inversion with no identity case: one identity zeroes every output (c-kzg-4844 fr_batch_inv, https://github.com/ethereum/c-kzg-4844/pull/205)",
            CurveOpsFlaw::ClearCofactorSkipped => "cofactor clearing skipped: the point comes back as it went in (the NSEC5/ECVRF draft's hash-to-curve on curves with a cofactor, https://github.com/fcelda/nsec5-draft/issues/16)",
            CurveOpsFlaw::MsmFieldScalarsFromRaw => "msm's field scalars handed over as Montgomery limbs, each read as s·R⁻¹ mod r (ethrex's BLS12-381 MSM scalars through Scalar::from_raw, https://github.com/lambdaclass/ethrex/issues/6346)",
            CurveOpsFlaw::MulFieldMontgomeryLimbs => "* Fr multiplies by the scalar's Montgomery limbs taken as its integer, s·R mod r (the internal representation where the canonical integer is meant, as in https://github.com/lambdaclass/ethrex/issues/6346)",
            CurveOpsFlaw::MsmIntegerScalarsFromRaw => "msm_bigint's integer scalars handed to a constructor expecting Montgomery form, each read as s·R⁻¹ mod r (the integer-to-field confusion of ethrex's MSM scalars, https://github.com/lambdaclass/ethrex/issues/6346)",
            CurveOpsFlaw::ClearCofactorByPlaceholder => "clear_cofactor by a cofactor constant left at a placeholder, the empty integer: every point cleared to the identity on a curve of cofactor 1 (relic's G2 cofactor left at its placeholder 1, https://github.com/relic-toolkit/relic/issues/117)",
            CurveOpsFlaw::SubgroupCheckEndomorphismMismatched => "the subgroup check as φ(P) = [λ]P with β, the endomorphism's cube root of unity, paired with the other eigenvalue: only the identity passes (the two β and two λ must be matched by trying them, https://github.com/arkworks-rs/algebra/pull/778, https://github.com/arkworks-rs/snark/issues/267)",
        }
    }

    /// The verdicts it gives (a zoo row's `caught_as`): a wrong value, and for
    /// [`CurveOpsFlaw::MsmScalarsReducedModR`] also the absence of a known finding — where the
    /// real `msm_bigint` truncates a scalar wider than its window (a known mismatch), the
    /// reduction mod r first hides the truncation, and on a point of the prime-order subgroup
    /// the answer comes out right, which is not what the real routine does.
    pub const fn caught_as(self) -> &'static [crate::engine::VerdictKind] {
        use crate::engine::VerdictKind::{Agree, Mismatch};
        match self {
            CurveOpsFlaw::MsmScalarsReducedModR => &[Mismatch, Agree],
            _ => &[Mismatch],
        }
    }

    /// The input class that triggers it (a zoo row's `trigger`).
    pub const fn trigger(self) -> &'static str {
        match self {
            CurveOpsFlaw::SubgroupCheckOnCurveOnly => {
                "op_subgroup_check on a point with a torsion component"
            }
            CurveOpsFlaw::MsmScalarsReducedModR => {
                "op_msm_integer with a scalar ≥ r on a point with a torsion component, or a scalar wider than msm_bigint's window (whose known truncation it hides)"
            }
            CurveOpsFlaw::MulIntegerTopWordsDropped => {
                "op_mul_integer with more words than the scalar field's BigInt"
            }
            CurveOpsFlaw::NormalizeBatchIdentityPoisons => {
                "op_normalize_batch of a list holding the identity"
            }
            CurveOpsFlaw::ClearCofactorSkipped => {
                "op_clear_cofactor on a point other than the identity"
            }
            CurveOpsFlaw::MsmFieldScalarsFromRaw => "op_msm_field with a scalar other than 0",
            CurveOpsFlaw::MulFieldMontgomeryLimbs => "op_mul_field with a scalar other than 0",
            CurveOpsFlaw::MsmIntegerScalarsFromRaw => "op_msm_integer with a scalar other than 0",
            CurveOpsFlaw::ClearCofactorByPlaceholder => {
                "op_clear_cofactor on a point other than the identity"
            }
            CurveOpsFlaw::SubgroupCheckEndomorphismMismatched => {
                "op_subgroup_check on a point other than the identity"
            }
        }
    }
}

/// The zoo row of `routine` (an ark `curve_ops` row) with one [`CurveOpsFlaw`] planted, built by
/// `broken` (the family's function giving the row's own curve declarations and the flaw):
/// `curve_ops_row!("ark_g1_curve_ops", "suffix", Flaw, broken_g1_ops)`, named
/// `<routine>__<suffix>`, with the flaw's own bug, trigger and verdicts. (Used by the families'
/// zoo tables only, so not in the library's unit-test build, which compiles no family, nor
/// without a family that has ark `curve_ops` rows.)
#[cfg(all(not(test), any(feature = "dory", feature = "bls12_381")))]
macro_rules! curve_ops_row {
    ($routine:literal, $suffix:literal, $flaw:ident, $broken:path) => {
        $crate::declare::ZooRow {
            name: concat!($routine, "__", $suffix),
            routine: $routine,
            bug: $crate::arkworks::zoo::CurveOpsFlaw::$flaw.bug(),
            trigger: $crate::arkworks::zoo::CurveOpsFlaw::$flaw.trigger(),
            caught_as: $crate::arkworks::zoo::CurveOpsFlaw::$flaw.caught_as(),
            build: |spec| Box::new($broken(spec, $crate::arkworks::zoo::CurveOpsFlaw::$flaw)),
        }
    };
}
#[cfg(all(not(test), any(feature = "dory", feature = "bls12_381")))]
pub(crate) use curve_ops_row;

/// arkworks' entry points with one [`CurveOpsFlaw`] planted; everything else is the real
/// adapter's, known findings included.
pub struct BrokenCurveOps<C, M> {
    /// The real entry points (of either model of an ark curve).
    pub inner: crate::arkworks::curve_ops::ArkOps<C, M>,
    /// The flaw.
    pub flaw: CurveOpsFlaw,
}

impl<C, M> BrokenCurveOps<C, M>
where
    C: crate::curve::SwGroup,
    C::F: crate::arkworks::coordinates::OracleCoordinate,
    M: crate::arkworks::curve_ops::ArkModel<C>,
{
    /// The check of ark's entry points in model `M` over `C` with `flaw` planted, under what
    /// the row declares about the curve (`curve`: its cofactor-clearing multiplier, GLV, known
    /// findings).
    pub fn check(
        spec: crate::shapes::Spec,
        curve: crate::arkworks::curve_ops::ArkCurve,
        flaw: CurveOpsFlaw,
    ) -> crate::shapes::curve_ops::CurveOpsCheck<C, Self> {
        let clear_by = curve.clear_cofactor_by.clone();
        let inner = crate::arkworks::curve_ops::ArkOps::new(curve);
        crate::shapes::curve_ops::check(spec, BrokenCurveOps { inner, flaw }, clear_by)
    }
}

impl<C, M> crate::shapes::curve_ops::CurveOps<C> for BrokenCurveOps<C, M>
where
    C: crate::curve::SwGroup,
    C::F: crate::arkworks::coordinates::OracleCoordinate,
    M: crate::arkworks::curve_ops::ArkModel<C>,
{
    fn integer_words(&self) -> usize {
        self.inner.integer_words()
    }

    fn show(&self, p: &ecdiff_oracles::weierstrass::Point<C::F>) -> String {
        self.inner.show(p)
    }

    fn known(
        &self,
        case: &crate::shapes::curve_ops::CurveOpsCase<C::F>,
    ) -> Option<crate::shapes::curve_ops::KnownDeparture<C::F>> {
        self.inner.known(case)
    }

    fn run(
        &self,
        case: &crate::shapes::curve_ops::CurveOpsCase<C::F>,
    ) -> crate::shapes::curve_ops::CurveOpsValue<C::F> {
        use crate::shapes::curve_ops::{CurveOpsValue, Op};
        use ecdiff_oracles::weierstrass::Point;
        let r = || C::instance().curve().order.clone();
        let mut case = case.clone();
        match (self.flaw, case.op) {
            (CurveOpsFlaw::SubgroupCheckOnCurveOnly, Op::SubgroupCheck) => {
                return CurveOpsValue::Flag(true)
            }
            (CurveOpsFlaw::MsmScalarsReducedModR, Op::MsmInteger) => {
                let r = r();
                case.scalars.iter_mut().for_each(|s| *s = &*s % &r);
            }
            (CurveOpsFlaw::MulIntegerTopWordsDropped, Op::MulInteger) => {
                let words = self.integer_words();
                let keep = (BigUint::from(1u8) << (64 * words)) - 1u8;
                case.scalars[0] = &case.scalars[0] & keep;
                case.words = case.words.min(words);
            }
            (CurveOpsFlaw::MsmFieldScalarsFromRaw, Op::MsmField)
            | (CurveOpsFlaw::MsmIntegerScalarsFromRaw, Op::MsmInteger) => {
                let r = r();
                let big_r = BigUint::from(1u8) << (64 * self.integer_words());
                let r_inv = big_r.modpow(&(&r - 2u8), &r);
                case.scalars
                    .iter_mut()
                    .for_each(|s| *s = (&*s * &r_inv) % &r);
            }
            (CurveOpsFlaw::MulFieldMontgomeryLimbs, Op::MulField) => {
                case.scalars[0] = (&case.scalars[0] << (64 * self.integer_words())) % r();
            }
            (CurveOpsFlaw::ClearCofactorSkipped, Op::ClearCofactor) => {
                return CurveOpsValue::Point(case.points[0].affine.clone())
            }
            (CurveOpsFlaw::ClearCofactorByPlaceholder, Op::ClearCofactor) => {
                let curve = C::instance().curve();
                return CurveOpsValue::Point(curve.mul(&case.points[0].affine, &BigUint::ZERO));
            }
            (CurveOpsFlaw::SubgroupCheckEndomorphismMismatched, Op::SubgroupCheck) => {
                return CurveOpsValue::Flag(endomorphism_check::<C>(&case.points[0].affine, true));
            }
            (CurveOpsFlaw::NormalizeBatchIdentityPoisons, Op::NormalizeBatch)
                if case.points.iter().any(|p| p.affine.is_identity()) =>
            {
                return CurveOpsValue::List(vec![Point::Identity; case.points.len()]);
            }
            _ => {}
        }
        self.inner.run(&case)
    }
}

/// The endomorphism subgroup check of `p`: φ(P) = λ·P with λ a cube root of unity mod r and
/// φ(x, y) = (β·x, y), β matched to λ (x([λ]G)/x(G)), or with `mismatched` the β of the other
/// root λ², its square ([`CurveOpsFlaw::SubgroupCheckEndomorphismMismatched`]). Needs
/// r ≡ 1 (mod 3) and a = 0 (BN254 G1, secp256k1).
fn endomorphism_check<C: crate::curve::SwGroup>(
    p: &ecdiff_oracles::weierstrass::Point<C::F>,
    mismatched: bool,
) -> bool {
    use ecdiff_oracles::field::Field as _;
    use ecdiff_oracles::weierstrass::Point;
    let curve = C::instance().curve();
    let r = &curve.order;
    let third = (r - 1u8) / 3u8;
    assert_eq!(
        &third * 3u8 + 1u8,
        *r,
        "a cube root of unity mod r needs r ≡ 1 (mod 3)"
    );
    let lambda = (2u32..)
        .map(|g| BigUint::from(g).modpow(&third, r))
        .find(|l| *l != BigUint::from(1u8))
        .expect("a primitive cube root of unity mod r");
    let (Point::Affine { x: gx, .. }, Point::Affine { x: lx, .. }) = (
        curve.mul_generator(&BigUint::from(1u8)),
        curve.mul_generator(&lambda),
    ) else {
        unreachable!("G and [λ]G are not the identity");
    };
    let beta = lx.mul(&gx.inv().expect("x(G) ≠ 0 on a curve with a = 0"));
    // The flaw: the other cube root of unity, β², with λ.
    let beta = if mismatched { beta.square() } else { beta };
    let phi = match p {
        Point::Identity => Point::Identity,
        Point::Affine { x, y } => Point::Affine {
            x: x.mul(&beta),
            y: y.clone(),
        },
    };
    phi == curve.mul(p, &lambda)
}

#[cfg(test)]
mod tests {
    use super::endomorphism_check;
    use crate::curve::SwGroup;
    use ecdiff_oracles::curves::{Bn254G1, Secp256k1};
    use num_bigint::BigUint;

    /// The planted endomorphism check is the real one but for β: with β matched to λ it
    /// accepts every point of a curve of cofactor 1, with the other β only the identity.
    fn check_on<C: SwGroup>() {
        use ecdiff_oracles::weierstrass::Point;
        let curve = C::instance().curve();
        assert!(endomorphism_check::<C>(&Point::Identity, true));
        for log in [1u64, 2, 7, 0xdead_beef] {
            let p = curve.mul_generator(&BigUint::from(log));
            assert!(endomorphism_check::<C>(&p, false), "matched β, log {log}");
            assert!(
                !endomorphism_check::<C>(&p, true),
                "mismatched β, log {log}"
            );
        }
    }

    #[test]
    fn endomorphism_check_is_right_only_with_the_matched_beta() {
        check_on::<Bn254G1>();
        check_on::<Secp256k1>();
    }
}
