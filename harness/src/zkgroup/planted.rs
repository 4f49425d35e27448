//! Planted flaws in the traits' entry points (feature `zoo`): for any type behind zkcrypto's
//! `group` traits, one entry point rewritten with a published bug class, written with the
//! traits alone (`+`, `double`, `to_affine`, `to_bytes`/`from_bytes`, `batch_normalize`, …),
//! the others the type's own. So every built-in group-law and wNAF row gets a variant per
//! entry point without a line of curve-specific code.
//!
//! [`GroupLawFlaw`] and [`WnafFlaw`] name the flaws and carry what a zoo row says about them
//! (the bug with its public source, the trigger, the verdict it gives);
//! `v013::planted_group_law` / `v014::planted_group_law` (and the `_with_torsion` and wNAF
//! forms, written by `planted_entry_points!` once per `group` release) build the broken
//! checks; the crate's `group_law_zoo_rows!` and `wnaf_zoo_rows!` stamp one zoo row per flaw
//! for a routine.
//!
//! What the traits cannot express is left to the family's own variants: a flaw inside the
//! coordinates (the affine chord formula, a batch inversion, λ without a) needs the curve's
//! coordinate API (halo2curves' `CurveAffine`, jubjub's `AffinePoint`).

use crate::engine::VerdictKind;
use crate::zkgroup::group_law::Op;

/// One entry point of the group law rewritten with a bug, through the traits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupLawFlaw {
    /// `P + Q` by an incomplete projective addition (add-2007-bl without its doubling case):
    /// for P = Q, H = 0 zeroes Z₃ and P + P comes out as the identity.
    IncompleteAdd,
    /// `P - Q` as P + (−Q) through the incomplete addition: P − (−P) comes out as the
    /// identity.
    IncompleteSub,
    /// `-P` on a point with an explicit infinity flag that negates the stored coordinates and
    /// leaves the flag out: −O comes out as the identity's stored (0, 0), no point of the
    /// curve.
    NegDropsInfinityFlag,
    /// `P.double()` as P + P through the incomplete addition: every 2P is the identity.
    DoubleByIncompleteAdd,
    /// `P + Q.to_affine()` by an incomplete mixed addition: P + P comes out as the identity.
    IncompleteMixedAdd,
    /// `P - Q.to_affine()` through the incomplete mixed addition: P − (−P) comes out as the
    /// identity.
    IncompleteMixedSub,
    /// `P * s` by left-to-right double-and-add whose accumulator starts at P (the top bit
    /// taken as consumed): 0·P = P.
    MulAccumulatorStartsAtBase,
    /// `is_identity` read from an infinity flag that `Mul` carries from its base instead of
    /// setting: the points of the row are G·a, so 0·G is not flagged.
    IsIdentityFlagNotSetByMul,
    /// `Sum` as `reduce(+).expect(..)`: the empty sum panics.
    SumByReduce,
    /// `batch_normalize` that filters the identities out, normalizes the rest into the first
    /// slots and appends the identities: every point after an identity shifts.
    IdentitiesMovedToTheEnd,
    /// `from_bytes` with the sign flag cleared before decoding: a point whose encoding has
    /// the flag set decodes as its negation, and the identity's encoding with the flag set
    /// (refused by most formats) as the identity.
    DecodeIgnoresSign,
    /// `conditional_select(P, Q, choice)` that selects the coordinates and keeps P's
    /// infinity flag: with P the identity, choosing Q gives the identity.
    SelectKeepsFirstIdentityFlag,
}

impl GroupLawFlaw {
    /// The entry point the flaw breaks.
    pub const fn op(self) -> Op {
        match self {
            Self::IncompleteAdd => Op::Add,
            Self::IncompleteSub => Op::Sub,
            Self::NegDropsInfinityFlag => Op::Neg,
            Self::DoubleByIncompleteAdd => Op::Double,
            Self::IncompleteMixedAdd => Op::AddAffine,
            Self::IncompleteMixedSub => Op::SubAffine,
            Self::MulAccumulatorStartsAtBase => Op::Mul,
            Self::IsIdentityFlagNotSetByMul => Op::IsIdentity,
            Self::SumByReduce => Op::Sum,
            Self::IdentitiesMovedToTheEnd => Op::BatchNormalize,
            Self::DecodeIgnoresSign => Op::Decode,
            Self::SelectKeepsFirstIdentityFlag => Op::Select,
        }
    }

    /// The modelled bug with its public source, as a zoo row states it.
    pub const fn bug(self) -> &'static str {
        match self {
            Self::IncompleteAdd => {
                "`+` by an incomplete projective addition with no doubling case: P + P comes \
                 out as the identity (Go P-256 p256PointAddAsm, \
                 https://github.com/golang/go/issues/58647, CVE-2023-24532)"
            }
            Self::IncompleteSub => {
                "`-` as P + (−Q) through an incomplete addition: P − (−P) comes out as the \
                 identity (Go P-256 p256PointAddAsm, https://github.com/golang/go/issues/58647, \
                 CVE-2023-24532)"
            }
            Self::NegDropsInfinityFlag => {
                "negation of a point with an infinity flag that leaves the flag out: −O comes out \
                 as the stored (0, 0), off the curve (the flag not carried: Barretenberg, \
                 https://github.com/AztecProtocol/aztec-packages/pull/16679; the neutral element \
                 as zeroed coordinates, https://github.com/mratsim/constantine/pull/406, \
                 https://github.com/Consensys/gnark-crypto/issues/773)"
            }
            Self::DoubleByIncompleteAdd => {
                "`double` as P + P through an incomplete addition with no doubling case: 2P \
                 comes out as the identity (Go P-256 p256PointAddAsm reached with equal \
                 inputs, https://github.com/golang/go/issues/58647, CVE-2023-24532)"
            }
            Self::IncompleteMixedAdd => {
                "mixed addition P + Q_affine with no doubling case: P + P comes out as the \
                 identity (Go P-256 p256PointAddAffineAsm, \
                 https://github.com/golang/go/issues/58647, CVE-2023-24532)"
            }
            Self::IncompleteMixedSub => {
                "mixed subtraction P − Q_affine through an incomplete mixed addition: P − (−P) \
                 comes out as the identity (Go P-256 p256PointAddAffineAsm, \
                 https://github.com/golang/go/issues/58647, CVE-2023-24532)"
            }
            Self::MulAccumulatorStartsAtBase => {
                "double-and-add whose accumulator starts at the base: 0·P = P (OpenSSL G·0, \
                 https://github.com/openssl/openssl/issues/2419)"
            }
            Self::IsIdentityFlagNotSetByMul => {
                "an infinity flag that scalar multiplication does not set: 0·G is not the \
                 identity to is_identity (OpenSSL's G·0 came out as (0, 0, 1), \
                 https://github.com/openssl/openssl/issues/2419)"
            }
            Self::SumByReduce => {
                "Sum written as reduce(+).expect(..): the empty sum panics instead of being the \
                 identity (the empty-input class of blstrs 0.7.1's multi_exp, a known finding of \
                 ecdiff: docs/known-findings.md)"
            }
            Self::IdentitiesMovedToTheEnd => {
                "identities filtered out of the batch and appended after it: the points after \
                 them shift (BLST footgun, https://github.com/bluealloy/revm/issues/1428, \
                 https://github.com/ethereum/evmone/issues/1150)"
            }
            Self::DecodeIgnoresSign => {
                "point decompression that drops the sign of y: a point with the flag set \
                 decodes as its negation (the y-sign class of Sweet B, CVE-2022-23001, \
                 https://github.com/westerndigitalcorporation/sweet-b/issues/18)"
            }
            Self::SelectKeepsFirstIdentityFlag => {
                "conditional_select that selects the coordinates but not the point-at-infinity \
                 flag: with P the identity, choosing Q still gives the identity (Barretenberg's \
                 secp256k1_ecdsa_mul skew step, \
                 https://github.com/AztecProtocol/aztec-packages/pull/16679)"
            }
        }
    }

    /// The cases that show the flaw, as a zoo row states them.
    pub const fn trigger(self) -> &'static str {
        match self {
            Self::IncompleteAdd => "op_add on P, P with P not the identity",
            Self::IncompleteSub => "op_sub on P, −P with P not the identity",
            Self::NegDropsInfinityFlag => "op_neg on the identity",
            Self::DoubleByIncompleteAdd => "op_double of a point other than the identity",
            Self::IncompleteMixedAdd => "op_add_affine on P, P with P not the identity",
            Self::IncompleteMixedSub => "op_sub_affine on P, −P with P not the identity",
            Self::MulAccumulatorStartsAtBase => {
                "op_mul with scalar_zero on a point other than the identity"
            }
            Self::IsIdentityFlagNotSetByMul => "op_is_identity on the identity",
            Self::SumByReduce => "op_sum of an empty list",
            Self::IdentitiesMovedToTheEnd => {
                "op_batch_normalize of a list with the identity before another point"
            }
            Self::DecodeIgnoresSign => {
                "op_decode of a point whose encoding has the sign set, or mut_sign_flip of the \
                 identity"
            }
            Self::SelectKeepsFirstIdentityFlag => {
                "op_select with choice 1, P the identity and Q not"
            }
        }
    }

    /// The verdicts the flaw gives.
    pub const fn caught_as(self) -> &'static [VerdictKind] {
        match self {
            Self::SumByReduce => &[VerdictKind::SubjectPanicked],
            // A point with the flag decodes as its negation; the identity with the flag, an
            // invalid encoding in most formats, is accepted.
            Self::DecodeIgnoresSign => &[VerdictKind::Mismatch, VerdictKind::OracleRejected],
            _ => &[VerdictKind::Mismatch],
        }
    }
}

/// Every group-law flaw, one per entry point ([`GroupLawFlaw::op`]).
pub const GROUP_LAW_FLAWS: [GroupLawFlaw; 12] = [
    GroupLawFlaw::IncompleteAdd,
    GroupLawFlaw::IncompleteSub,
    GroupLawFlaw::NegDropsInfinityFlag,
    GroupLawFlaw::DoubleByIncompleteAdd,
    GroupLawFlaw::IncompleteMixedAdd,
    GroupLawFlaw::IncompleteMixedSub,
    GroupLawFlaw::MulAccumulatorStartsAtBase,
    GroupLawFlaw::IsIdentityFlagNotSetByMul,
    GroupLawFlaw::SumByReduce,
    GroupLawFlaw::IdentitiesMovedToTheEnd,
    GroupLawFlaw::DecodeIgnoresSign,
    GroupLawFlaw::SelectKeepsFirstIdentityFlag,
];

/// One of `group`'s wNAF entry points computed by a textbook width-w NAF (HMV Algorithm 3.35)
/// with its carry mishandled ([`Recoding`]); the other forms are the type's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WnafFlaw {
    /// The entry point that breaks.
    pub form: WnafForm,
    /// How its recoding is wrong.
    pub recoding: Recoding,
}

/// `group`'s three wNAF entry points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WnafForm {
    /// `WnafBase × WnafScalar`.
    Windowed,
    /// `Wnaf::new().scalar(&s).base(P)` (window 4).
    FixedScalar,
    /// `Wnaf::new().base(P, n).scalar(&s)` (the recommended window for n).
    FixedBase,
}

/// A wNAF recoding with its carry mishandled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recoding {
    /// The recoding stops at the scalar field's bit length (`PrimeField::NUM_BITS`) and drops
    /// its final carry, as `group`'s `wnaf_form` dropped it at the representation's length
    /// (zkcrypto/group PR #83). It bites scalars below r whose NAF needs a digit at
    /// `NUM_BITS`: none on the Pasta fields (r barely above 2²⁵⁴, `NUM_BITS` 255); on
    /// halo2curves' secp256k1 and secp256r1, and on k256 and p256 (whose big-endian
    /// representations it reads little-endian), `group` drops that carry itself (a known
    /// finding, pinned to the same value).
    CarryDroppedAtNumBits,
    /// A negative digit's carry into the next window never added (the digit taken as
    /// window − 2ʷ without the 2ʷ moved up): wrong for every scalar with a negative digit.
    CarryNotPropagated,
}

impl WnafFlaw {
    /// The modelled bug with its public source, as a zoo row states it.
    pub const fn bug(self) -> &'static str {
        match self.recoding {
            Recoding::CarryDroppedAtNumBits => {
                "a wNAF recoding that stops at the scalar field's bit length and drops its final \
                 carry (group's wnaf_form drops it at the representation's length: \
                 https://github.com/zkcrypto/group/pull/83; dalek's NAF carry, \
                 https://github.com/dalek-cryptography/curve25519-dalek/commit/e17c98a3)"
            }
            Recoding::CarryNotPropagated => {
                "a wNAF recoding that takes a negative digit as window − 2^w without carrying the \
                 2^w into the next window (NAF carries mishandled: curve25519-dalek \
                 https://github.com/dalek-cryptography/curve25519-dalek/commit/e17c98a3 and \
                 389d2bc9)"
            }
        }
    }

    /// The cases that show the flaw, as a zoo row states them.
    pub const fn trigger(self) -> &'static str {
        match (self.form, self.recoding) {
            (WnafForm::Windowed, Recoding::CarryDroppedAtNumBits) => {
                "form_windowed with a scalar whose NAF needs a digit at NUM_BITS"
            }
            (WnafForm::FixedScalar, Recoding::CarryDroppedAtNumBits) => {
                "form_fixed_scalar with a scalar whose NAF needs a digit at NUM_BITS"
            }
            (WnafForm::FixedBase, Recoding::CarryDroppedAtNumBits) => {
                "form_fixed_base with a scalar whose NAF needs a digit at NUM_BITS"
            }
            (WnafForm::Windowed, Recoding::CarryNotPropagated) => {
                "form_windowed with a scalar whose NAF has a negative digit"
            }
            (WnafForm::FixedScalar, Recoding::CarryNotPropagated) => {
                "form_fixed_scalar with a scalar whose NAF has a negative digit"
            }
            (WnafForm::FixedBase, Recoding::CarryNotPropagated) => {
                "form_fixed_base with a scalar whose NAF has a negative digit"
            }
        }
    }

    /// The verdicts the flaw gives.
    pub const fn caught_as(self) -> &'static [VerdictKind] {
        &[VerdictKind::Mismatch]
    }
}

/// Planted subjects over one `group` release, inside [`crate::zkgroup::versions`]'
/// `entry_points!` (it uses that expansion's `Traits`, `WnafTraits`, `scalar`, `read_back` and
/// `decoded`).
macro_rules! planted_entry_points {
    ($group:ident) => {
        use crate::zkgroup::planted::{GroupLawFlaw, Recoding, WnafFlaw, WnafForm};

        /// The entry points of `G` with one [`GroupLawFlaw`] planted.
        struct Planted<G, E> {
            traits: Traits<G, E>,
            flaw: GroupLawFlaw,
        }

        /// The bits in which the encodings of G and −G differ: the sign flag of `G`'s format.
        fn sign_mask<G: Group + GroupEncoding>() -> Vec<u8> {
            let (p, q) = (G::generator().to_bytes(), (-G::generator()).to_bytes());
            p.as_ref()
                .iter()
                .zip(q.as_ref())
                .map(|(a, b)| a ^ b)
                .collect()
        }

        /// `bytes` with the bits of `mask` cleared, as `G`'s representation.
        fn cleared<G: GroupEncoding>(bytes: &[u8], mask: &[u8]) -> G::Repr {
            let mut repr = <G as GroupEncoding>::Repr::default();
            for ((out, b), m) in repr.as_mut().iter_mut().zip(bytes).zip(mask) {
                *out = b & !m;
            }
            repr
        }

        /// An addition with no doubling case: the identity where P = Q ≠ O (in
        /// add-2007-bl, H = U₂ − U₁ = 0 zeroes Z₃).
        fn incomplete_add<G: Group>(p: G, q: G) -> G {
            if p == q && !bool::from(p.is_identity()) {
                return G::identity();
            }
            p + q
        }

        /// A point with an explicit infinity flag, as libraries that keep one store it:
        /// set by `identity()`, carried by `Mul` from its base (the flaw: not set when the
        /// product is the identity).
        struct Flagged<G> {
            point: G,
            infinity: bool,
        }

        impl<G: Group> Flagged<G> {
            fn generator() -> Self {
                Flagged {
                    point: G::generator(),
                    infinity: false,
                }
            }

            fn mul(&self, s: &G::Scalar) -> Self {
                Flagged {
                    point: self.point * s,
                    infinity: self.infinity,
                }
            }
        }

        impl<C, G, E> GroupLawSubject<C> for Planted<G, E>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + subtle::ConditionallySelectable + 'static,
            E: PointEncoding<C>,
        {
            fn run(&self, op: Op, logs: &[&BigUint], s: &BigUint) -> GroupValue<C::F> {
                self.run_with_torsion(op, logs, &[], s)
            }

            fn run_with_torsion(
                &self,
                op: Op,
                logs: &[&BigUint],
                torsion: &[Vec<u8>],
                s: &BigUint,
            ) -> GroupValue<C::F> {
                if op != self.flaw.op() {
                    return self.traits.run_with_torsion(op, logs, torsion, s);
                }
                let hub = self.traits.hub;
                let point = |i: usize| self.traits.point::<C>(logs, torsion, i);
                let out = |p: G| read_back(&self.traits.encoding, p);
                match self.flaw {
                    GroupLawFlaw::IncompleteAdd => out(incomplete_add(point(0), point(1))),
                    GroupLawFlaw::IncompleteSub => out(incomplete_add(point(0), -point(1))),
                    GroupLawFlaw::DoubleByIncompleteAdd => out(incomplete_add(point(0), point(0))),
                    GroupLawFlaw::IncompleteMixedAdd | GroupLawFlaw::IncompleteMixedSub => {
                        let (p, q) = (point(0), point(1).to_affine());
                        // The addend: Q, or −Q for the subtraction.
                        let (sum, addend) = if self.flaw == GroupLawFlaw::IncompleteMixedSub {
                            (p - &q, -(G::identity() + q))
                        } else {
                            (p + &q, G::identity() + q)
                        };
                        if p == addend && !bool::from(p.is_identity()) {
                            return out(G::identity());
                        }
                        out(sum)
                    }
                    GroupLawFlaw::NegDropsInfinityFlag => {
                        let p = point(0);
                        // The identity stored as (0, 0) with its flag set; negated, (0, −0)
                        // with the flag clear: (0, 0) read as a point, which it is not.
                        if bool::from(p.is_identity()) {
                            return GroupValue::NotAPoint(Vec::new());
                        }
                        out(-p)
                    }
                    GroupLawFlaw::MulAccumulatorStartsAtBase => {
                        // The top set bit taken as consumed by starting at P: right for
                        // s ≥ 1; s = 0 has no top bit, so 0·P comes out as P.
                        let p = point(0);
                        let mut acc = p;
                        for i in (0..s.bits().saturating_sub(1)).rev() {
                            acc = acc.double();
                            if s.bit(i) {
                                acc += p;
                            }
                        }
                        out(acc)
                    }
                    GroupLawFlaw::IsIdentityFlagNotSetByMul => {
                        let mut p = Flagged::<G>::generator();
                        if hub == Hub::ClearedGenerator {
                            p = p.mul(&scalar(&C::instance().curve().cofactor));
                        }
                        let p = p.mul(&scalar(logs[0]));
                        // A torsion part comes from the decoder, flag clear, and `+` keeps
                        // the flag only where both sides have it.
                        let infinity = p.infinity && torsion.first().is_none_or(Vec::is_empty);
                        GroupValue::Flag(infinity)
                    }
                    GroupLawFlaw::SumByReduce => {
                        let points = (0..logs.len()).map(point);
                        out(points
                            .reduce(|a, b| a + b)
                            .expect("a sum of at least one point"))
                    }
                    GroupLawFlaw::IdentitiesMovedToTheEnd => {
                        let points: Vec<G> = (0..logs.len()).map(point).collect();
                        let (identities, others): (Vec<G>, Vec<G>) =
                            points.iter().partition(|p| bool::from(p.is_identity()));
                        let mut affine: Vec<_> =
                            others.iter().map(|_| G::identity().to_affine()).collect();
                        G::batch_normalize(&others, &mut affine);
                        let each = affine
                            .into_iter()
                            .map(|a| G::identity() + a)
                            .chain(identities)
                            .map(out);
                        GroupValue::List(each.collect())
                    }
                    GroupLawFlaw::SelectKeepsFirstIdentityFlag => {
                        let (p, q) = (point(0), point(1));
                        if bool::from(p.is_identity()) {
                            return out(G::identity());
                        }
                        let choice = subtle::Choice::from(u8::from(*s == BigUint::from(1u8)));
                        out(G::conditional_select(&p, &q, choice))
                    }
                    GroupLawFlaw::DecodeIgnoresSign => unreachable!("decode cases go to decode"),
                }
            }

            fn decode(&self, bytes: &[u8]) -> GroupValue<C::F> {
                let mask = sign_mask::<G>();
                if self.flaw != GroupLawFlaw::DecodeIgnoresSign || bytes.len() != mask.len() {
                    return self.traits.decode(bytes);
                }
                match Option::<G>::from(G::from_bytes(&cleared::<G>(bytes, &mask))) {
                    Some(p) => read_back(&self.traits.encoding, p),
                    None => GroupValue::Refused,
                }
            }
        }

        #[doc = concat!("[`group_law()`] of `G` (`group` ", stringify!($group), ") with `flaw`")]
        /// planted in its entry points (feature `zoo`).
        pub fn planted_group_law<G, C, E>(
            spec: Spec,
            encoding: E,
            flaw: GroupLawFlaw,
        ) -> GroupLawCheck<C>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + subtle::ConditionallySelectable + 'static,
            E: PointEncoding<C> + Clone,
        {
            let traits = Traits::<G, E> {
                encoding: encoding.clone(),
                hub: Hub::Generator,
                _group: PhantomData,
            };
            check(spec, Planted { traits, flaw }, encoding)
        }

        /// [`group_law_with_torsion()`] with `flaw` planted in its entry points (feature
        /// `zoo`).
        pub fn planted_group_law_with_torsion<G, C, E>(
            spec: Spec,
            encoding: E,
            flaw: GroupLawFlaw,
        ) -> GroupLawCheck<C>
        where
            C: SwGroup,
            C::F: ecdiff_oracles::field::SqrtField,
            G: Curve + GroupEncoding + subtle::ConditionallySelectable + 'static,
            E: PointEncoding<C> + Clone,
        {
            let traits = Traits::<G, E> {
                encoding: encoding.clone(),
                hub: Hub::ClearedGenerator,
                _group: PhantomData,
            };
            check(spec, Planted { traits, flaw }, encoding).with_torsion()
        }

        /// `P·s` by a textbook width-`w` NAF (HMV Algorithm 3.35) over `NUM_BITS` bits with
        /// its carry mishandled as `recoding` says.
        fn wnaf_mishandled<G: Group>(recoding: Recoding, w: usize, p: G, s: &BigUint) -> G {
            // Odd multiples P, 3P, …, (2ʷ⁻¹ − 1)P.
            let twice = p.double();
            let mut table = vec![p];
            for i in 1..1usize << (w - 2) {
                table.push(table[i - 1] + twice);
            }
            // The loop stops at NUM_BITS: a carry left at the end is dropped.
            let bits = <G::Scalar as PrimeField>::NUM_BITS as usize;
            let width = 1i64 << w;
            let (mut digits, mut carry, mut pos) = (vec![0i64; bits], 0i64, 0usize);
            while pos < bits {
                let window: i64 = (0..w)
                    .filter(|i| pos + i < bits && s.bit((pos + i) as u64))
                    .map(|i| 1i64 << i)
                    .sum();
                let v = carry + window;
                if v & 1 == 0 {
                    // A zero digit; a carry with a set bit here moves up one bit with pos.
                    pos += 1;
                    continue;
                }
                let (d, c) = if v < width / 2 {
                    (v, 0)
                } else {
                    (v - width, 1)
                };
                digits[pos] = d;
                carry = match recoding {
                    Recoding::CarryDroppedAtNumBits => c,
                    Recoding::CarryNotPropagated => 0,
                };
                pos += w;
            }
            let mut acc = G::identity();
            for d in digits.iter().rev() {
                acc = acc.double();
                if *d > 0 {
                    acc += table[(*d / 2) as usize];
                } else if *d < 0 {
                    acc -= table[(-*d / 2) as usize];
                }
            }
            acc
        }

        /// `group`'s wNAF entry points of `G` with one [`WnafFlaw`] planted.
        struct PlantedWnaf<G, E, const WNAF: bool> {
            traits: WnafTraits<G, E, WNAF>,
            flaw: WnafFlaw,
        }

        impl<C, G, E, const WNAF: bool> WnafSubject<C> for PlantedWnaf<G, E, WNAF>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + 'static,
            E: PointEncoding<C>,
            WnafTraits<G, E, WNAF>: WnafSubject<C>,
        {
            fn run(&self, form: Form, log: &BigUint, s: &BigUint) -> GroupValue<C::F> {
                self.run_with_torsion(form, log, &[], s)
            }

            fn run_with_torsion(
                &self,
                form: Form,
                log: &BigUint,
                torsion: &[u8],
                s: &BigUint,
            ) -> GroupValue<C::F> {
                let window = match (self.flaw.form, form) {
                    (WnafForm::Windowed, Form::Windowed(w)) => w,
                    // `Wnaf::scalar`'s window.
                    (WnafForm::FixedScalar, Form::FixedScalar) => 4,
                    (WnafForm::FixedBase, Form::FixedBase(n)) => self
                        .fixed_base_window(n)
                        .expect("a fixed-base form has a window"),
                    _ => return self.traits.run_with_torsion(form, log, torsion, s),
                };
                let p = self.traits.point::<C>(log, torsion);
                // The scalar as `group`'s `wnaf_form` reads it: `to_repr` as little-endian
                // limbs (which k256's and p256's big-endian representations are not: a known
                // finding the planted recoding keeps).
                let repr = scalar::<G::Scalar>(s).to_repr();
                let s = &BigUint::from_bytes_le(repr.as_ref());
                read_back(
                    &self.traits.encoding,
                    wnaf_mishandled(self.flaw.recoding, window, p, s),
                )
            }

            fn fixed_base_window(&self, n: usize) -> Option<usize> {
                self.traits.fixed_base_window(n)
            }

            fn repr_layout(&self) -> ReprLayout {
                self.traits.repr_layout()
            }

            fn encode(&self, p: &ecdiff_oracles::weierstrass::Point<C::F>) -> Vec<u8> {
                self.traits.encode(p)
            }
        }

        /// [`wnaf()`] with `flaw` planted (feature `zoo`; windowed cases only).
        pub fn planted_wnaf<G, C, E>(spec: Spec, encoding: E, flaw: WnafFlaw) -> WnafCheck<C>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + 'static,
            E: PointEncoding<C>,
        {
            let name = encoding.name();
            let traits = WnafTraits::<G, E, false> {
                encoding,
                hub: Hub::Generator,
                _group: PhantomData,
            };
            wnaf_check::check(spec, PlantedWnaf { traits, flaw }, name)
        }

        /// [`wnaf_group()`] with `flaw` planted (feature `zoo`).
        pub fn planted_wnaf_group<G, C, E>(spec: Spec, encoding: E, flaw: WnafFlaw) -> WnafCheck<C>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + WnafGroup + 'static,
            E: PointEncoding<C>,
        {
            let name = encoding.name();
            let traits = WnafTraits::<G, E, true> {
                encoding,
                hub: Hub::Generator,
                _group: PhantomData,
            };
            wnaf_check::check(spec, PlantedWnaf { traits, flaw }, name)
        }

        /// [`wnaf_group_with_torsion()`] with `flaw` planted (feature `zoo`).
        pub fn planted_wnaf_group_with_torsion<G, C, E>(
            spec: Spec,
            encoding: E,
            flaw: WnafFlaw,
        ) -> WnafCheck<C>
        where
            C: SwGroup,
            C::F: ecdiff_oracles::field::SqrtField,
            G: Curve + GroupEncoding + WnafGroup + 'static,
            E: PointEncoding<C>,
        {
            let name = encoding.name();
            let traits = WnafTraits::<G, E, true> {
                encoding,
                hub: Hub::ClearedGenerator,
                _group: PhantomData,
            };
            wnaf_check::check(spec, PlantedWnaf { traits, flaw }, name).with_torsion()
        }
    };
}

pub(crate) use planted_entry_points;

/// One zoo row per [`GroupLawFlaw`] ([`GROUP_LAW_FLAWS`]' order) for the group-law routine
/// `$routine`, each named `<routine>__<flaw>` with the flaw's own bug, trigger and verdicts
/// and built by `$broken`, a `fn(Spec, GroupLawFlaw) -> Box<dyn DynRoutine>` (a closure
/// literal will do) giving the row's own check with the flaw planted:
///
/// ```ignore
/// const K256_GROUP_LAW: [ZooRow; 12] = group_law_zoo_rows!("k256_group_law", |spec, flaw| {
///     Box::new(v014::planted_group_law::<k256::ProjectivePoint, Secp256k1, _>(
///         spec, Sec1Compressed, flaw))
/// });
/// ```
///
/// (Used by the families' zoo tables only, so not in the library's unit-test build, which
/// compiles no family.)
#[cfg(not(test))]
macro_rules! group_law_zoo_rows {
    ($routine:literal, $broken:expr) => {
        $crate::zkgroup::planted::group_law_zoo_rows!(@each $routine, $broken,
            "incomplete_add" IncompleteAdd,
            "incomplete_sub" IncompleteSub,
            "neg_drops_infinity_flag" NegDropsInfinityFlag,
            "double_by_incomplete_add" DoubleByIncompleteAdd,
            "incomplete_mixed_add" IncompleteMixedAdd,
            "incomplete_mixed_sub" IncompleteMixedSub,
            "mul_accumulator_starts_at_base" MulAccumulatorStartsAtBase,
            "is_identity_flag_not_set_by_mul" IsIdentityFlagNotSetByMul,
            "sum_by_reduce" SumByReduce,
            "identities_moved_to_the_end" IdentitiesMovedToTheEnd,
            "decode_ignores_sign" DecodeIgnoresSign,
            "select_keeps_first_identity_flag" SelectKeepsFirstIdentityFlag)
    };
    (@each $routine:literal, $broken:expr, $($suffix:literal $flaw:ident),*) => {
        [$($crate::declare::ZooRow {
            name: concat!($routine, "__", $suffix),
            routine: $routine,
            bug: $crate::zkgroup::planted::GroupLawFlaw::$flaw.bug(),
            trigger: $crate::zkgroup::planted::GroupLawFlaw::$flaw.trigger(),
            caught_as: $crate::zkgroup::planted::GroupLawFlaw::$flaw.caught_as(),
            build: |spec| {
                let broken: fn(
                    $crate::shapes::Spec,
                    $crate::zkgroup::planted::GroupLawFlaw,
                ) -> Box<dyn $crate::engine::DynRoutine> = $broken;
                broken(spec, $crate::zkgroup::planted::GroupLawFlaw::$flaw)
            },
        }),*]
    };
}
#[cfg(not(test))]
pub(crate) use group_law_zoo_rows;

/// The zoo rows of the wNAF routine `$routine` with the [`Recoding`] `$recoding`
/// (`carry_dropped_at_num_bits`, `carry_not_propagated`) planted in each listed form
/// (`windowed` for a type without `WnafGroup`; `windowed, fixed_scalar, fixed_base` for one
/// with it), as [`group_law_zoo_rows!`] builds them, `$broken` a `fn(Spec, WnafFlaw) ->
/// Box<dyn DynRoutine>`. The windowed row is `<routine>__<recoding>`, the others
/// `<routine>__fixed_scalar_<recoding>` and `<routine>__fixed_base_<recoding>`.
#[cfg(not(test))]
macro_rules! wnaf_zoo_rows {
    (@prefix windowed) => { "" };
    (@prefix fixed_scalar) => { "fixed_scalar_" };
    (@prefix fixed_base) => { "fixed_base_" };
    (@form windowed) => { $crate::zkgroup::planted::WnafForm::Windowed };
    (@form fixed_scalar) => { $crate::zkgroup::planted::WnafForm::FixedScalar };
    (@form fixed_base) => { $crate::zkgroup::planted::WnafForm::FixedBase };
    (@recoding carry_dropped_at_num_bits) => {
        $crate::zkgroup::planted::Recoding::CarryDroppedAtNumBits
    };
    (@recoding carry_not_propagated) => {
        $crate::zkgroup::planted::Recoding::CarryNotPropagated
    };
    (@flaw $form:ident $recoding:ident) => {
        $crate::zkgroup::planted::WnafFlaw {
            form: $crate::zkgroup::planted::wnaf_zoo_rows!(@form $form),
            recoding: $crate::zkgroup::planted::wnaf_zoo_rows!(@recoding $recoding),
        }
    };
    ($routine:literal, $broken:expr, $recoding:ident, [$($form:ident),+]) => {
        [$($crate::declare::ZooRow {
            name: concat!(
                $routine,
                "__",
                $crate::zkgroup::planted::wnaf_zoo_rows!(@prefix $form),
                stringify!($recoding)
            ),
            routine: $routine,
            bug: $crate::zkgroup::planted::wnaf_zoo_rows!(@flaw $form $recoding).bug(),
            trigger: $crate::zkgroup::planted::wnaf_zoo_rows!(@flaw $form $recoding).trigger(),
            caught_as: $crate::zkgroup::planted::wnaf_zoo_rows!(@flaw $form $recoding)
                .caught_as(),
            build: |spec| {
                let broken: fn(
                    $crate::shapes::Spec,
                    $crate::zkgroup::planted::WnafFlaw,
                ) -> Box<dyn $crate::engine::DynRoutine> = $broken;
                broken(spec, $crate::zkgroup::planted::wnaf_zoo_rows!(@flaw $form $recoding))
            },
        }),+]
    };
}
#[cfg(not(test))]
pub(crate) use wnaf_zoo_rows;
