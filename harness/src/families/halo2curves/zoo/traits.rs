//! Deliberately broken subjects of the `group`-trait rows (feature `zoo`): on bn256 and
//! secp256r1, one entry point of the traits rewritten over halo2curves' public API (affine
//! coordinates, `from_xy`, the base field) with a published bug class in it, the other entry
//! points the library's own; on every curve, every entry point with a generic planted flaw
//! ([`crate::zkgroup::planted`], written with the traits alone). Each is real code run on
//! the case's points, never a rule on the case's logs.
//!
//! The wNAF rows of secp256k1 and secp256r1 get the carry lost at every window, not the final
//! carry dropped: `group` 0.13's own recoding drops that one on their fields (r > 2²⁵⁵), a
//! known finding pinned to its value, which the planted recoding would give too; so do the
//! Pasta rows, whose scalars never need the final carry.

use crate::curve::declared::{Grumpkin, Pallas, Vesta};
use crate::declare::ZooRow;
use crate::engine::VerdictKind;
use crate::zkgroup::group_law::{self, GroupLawSubject, GroupValue, Op};
use crate::zkgroup::planted::{group_law_zoo_rows, wnaf_zoo_rows};
use crate::zkgroup::XLittleEndianSignBit;
use crate::zkgroup::{v013, Halo2Format, PointEncoding};
use ecdiff_oracles::curves::{Bn254G1, Secp256k1, P256};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::halo2_compressed::FlagLayout;
use halo2curves::bn256::{Fq, Fr, G1Affine, G1};
use halo2curves::ff::{Field as _, PrimeField as _};
use halo2curves::group::prime::PrimeCurveAffine as _;
use halo2curves::group::{Curve as _, Group as _, GroupEncoding as _};
use halo2curves::CurveAffine as _;
use halo2curves::CurveExt as _;
use num_bigint::BigUint;

/// The encoding the bn256 rows read results in.
const ENCODING: Halo2Format = Halo2Format(FlagLayout::TwoSpare);

/// The point of log `a`, as the traits' rows build it.
fn point(a: &BigUint) -> G1 {
    G1::generator() * v013::scalar::<Fr>(a)
}

/// `p` read back through `to_bytes`, as the rows read results.
fn out(p: G1) -> GroupValue<Fp> {
    let bytes = p.to_bytes();
    match PointEncoding::<Bn254G1>::decode(&ENCODING, bytes.as_ref()) {
        Some(p) => GroupValue::Point(p),
        None => GroupValue::NotAPoint(bytes.as_ref().to_vec()),
    }
}

/// The affine point (x, y), or a marker of bytes that are no point when (x, y) is off the
/// curve.
fn from_xy(x: Fq, y: Fq) -> GroupValue<Fp> {
    match Option::<G1Affine>::from(G1Affine::from_xy(x, y)) {
        Some(p) => out(p.to_curve()),
        None => GroupValue::NotAPoint(Vec::new()),
    }
}

/// The entry point a variant breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Broken {
    /// `P + Q` by the affine chord formula with no equal-x case.
    ChordAdd,
    /// `P - Q` as the chord formula on P and (x_Q, −y_Q), with no equal-x case.
    ChordSub,
    /// `P + Q.to_affine()` that reads the affine identity's (0, 0) as a point.
    MixedAddReadsAffineIdentity,
    /// `batch_normalize` by a batch inversion that does not skip a zero z.
    BatchInversionWithZero,
    /// `from_bytes` that takes y's sign from bit 1 of y instead of bit 0.
    DecodeSignFromWrongBit,
}

/// halo2curves' bn256 entry points through the traits, one of them broken.
struct BrokenGroupLaw(Broken);

impl BrokenGroupLaw {
    /// λ-addition of affine points with the tangent and the opposite case, or, with
    /// `chord_only`, the chord alone (λ = 0 where x₁ = x₂: `invert` of 0 is none).
    fn affine_add(p: (Fq, Fq), q: (Fq, Fq), chord_only: bool) -> GroupValue<Fp> {
        let ((x1, y1), (x2, y2)) = (p, q);
        let lambda = if x1 != x2 || chord_only {
            (y2 - y1) * Option::from((x2 - x1).invert()).unwrap_or(Fq::ZERO)
        } else if y1 == y2 && y1 != Fq::ZERO {
            let three_x_squared = x1.square() * Fq::from(3);
            three_x_squared * Option::<Fq>::from(y1.double().invert()).expect("y ≠ 0")
        } else {
            return out(G1::identity());
        };
        let x3 = lambda.square() - x1 - x2;
        from_xy(x3, lambda * (x1 - x3) - y1)
    }
}

/// The affine coordinates of a point other than the identity.
fn xy(p: &G1Affine) -> Option<(Fq, Fq)> {
    Option::from(p.coordinates()).map(|c: halo2curves::Coordinates<G1Affine>| (*c.x(), *c.y()))
}

impl GroupLawSubject<Bn254G1> for BrokenGroupLaw {
    fn run(&self, op: Op, logs: &[&BigUint], scalar: &BigUint) -> GroupValue<Fp> {
        let points: Vec<G1> = logs.iter().map(|a| point(a)).collect();
        match (self.0, op) {
            (Broken::ChordAdd, Op::Add) => {
                let (p, q) = (points[0].to_affine(), points[1].to_affine());
                match (xy(&p), xy(&q)) {
                    (None, _) => out(points[1]),
                    (_, None) => out(points[0]),
                    (Some(p), Some(q)) => Self::affine_add(p, q, true),
                }
            }
            (Broken::ChordSub, Op::Sub) => {
                let (p, q) = (points[0].to_affine(), points[1].to_affine());
                match (xy(&p), xy(&q)) {
                    (None, _) => out(-points[1]),
                    (_, None) => out(points[0]),
                    (Some(p), Some((x2, y2))) => Self::affine_add(p, (x2, -y2), true),
                }
            }
            (Broken::MixedAddReadsAffineIdentity, Op::AddAffine) => {
                let (p, q) = (points[0].to_affine(), points[1].to_affine());
                let Some(p) = xy(&p) else {
                    return out(points[1]);
                };
                // The bug: the affine identity's stored (0, 0) taken as a point.
                let q = xy(&q).unwrap_or((Fq::ZERO, Fq::ZERO));
                Self::affine_add(p, q, false)
            }
            (Broken::BatchInversionWithZero, Op::BatchNormalize) => {
                let jacobian: Vec<(Fq, Fq, Fq)> =
                    points.iter().map(|p| p.jacobian_coordinates()).collect();
                // Montgomery's trick: prefix products, one inversion, a backward pass — with
                // no zero skipped, so one z = 0 zeroes every inverse.
                let mut prefix = Vec::with_capacity(jacobian.len());
                let mut acc = Fq::ONE;
                for (_, _, z) in &jacobian {
                    prefix.push(acc);
                    acc *= z;
                }
                let mut inv = Option::from(acc.invert()).unwrap_or(Fq::ZERO);
                let mut each = vec![GroupValue::Refused; jacobian.len()];
                for (i, (x, y, z)) in jacobian.iter().enumerate().rev() {
                    let z_inv = inv * prefix[i];
                    inv *= z;
                    let z2 = z_inv.square();
                    each[i] = if z.is_zero_vartime() {
                        out(G1::identity())
                    } else {
                        from_xy(*x * z2, *y * z2 * z_inv)
                    };
                }
                GroupValue::List(each)
            }
            _ => v013::traits::<G1, Bn254G1, _>(ENCODING).run(op, logs, scalar),
        }
    }

    fn decode(&self, bytes: &[u8]) -> GroupValue<Fp> {
        if self.0 != Broken::DecodeSignFromWrongBit {
            return v013::traits::<G1, Bn254G1, _>(ENCODING).decode(bytes);
        }
        // halo2curves' layout for BN254: x little-endian, the sign (0x80) and identity (0x40)
        // flags in the top bits of the last byte.
        let Ok(mut repr) = <[u8; 32]>::try_from(bytes) else {
            return GroupValue::Refused;
        };
        let (sign, identity) = (repr[31] & 0x80 != 0, repr[31] & 0x40 != 0);
        repr[31] &= 0x3f;
        let mut x_repr = <Fq as halo2curves::ff::PrimeField>::Repr::default();
        x_repr.as_mut().copy_from_slice(&repr);
        let Some(x) = Option::<Fq>::from(Fq::from_repr(x_repr)) else {
            return GroupValue::Refused;
        };
        if identity {
            return if x == Fq::ZERO && !sign {
                out(G1::identity())
            } else {
                GroupValue::Refused
            };
        }
        let Some(y) = Option::<Fq>::from((x.square() * x + Fq::from(3)).sqrt()) else {
            return GroupValue::Refused;
        };
        // The bug: the sign read from the wrong bit of y.
        let y = if (y.to_repr()[0] >> 1 & 1 == 1) == sign {
            y
        } else {
            -y
        };
        from_xy(x, y)
    }
}

/// halo2curves' secp256r1 entry points through the traits, `double` replaced by the affine
/// tangent formula without the curve's a.
struct DoublingWithoutA;

impl GroupLawSubject<P256> for DoublingWithoutA {
    fn run(&self, op: Op, logs: &[&BigUint], scalar: &BigUint) -> GroupValue<Fp> {
        use halo2curves::secp256r1::{Fp as Base, Fq as Scalar, Secp256r1, Secp256r1Affine};
        let encoding = Halo2Format(FlagLayout::Extra);
        if op != Op::Double {
            return v013::traits::<Secp256r1, P256, _>(encoding).run(op, logs, scalar);
        }
        let p = (Secp256r1::generator() * v013::scalar::<Scalar>(logs[0])).to_affine();
        let read = |p: Secp256r1| {
            let bytes = p.to_bytes();
            match PointEncoding::<P256>::decode(&encoding, bytes.as_ref()) {
                Some(p) => GroupValue::Point(p),
                None => GroupValue::NotAPoint(bytes.as_ref().to_vec()),
            }
        };
        let Some(c) = Option::<halo2curves::Coordinates<Secp256r1Affine>>::from(p.coordinates())
        else {
            return read(Secp256r1::identity());
        };
        let (x, y) = (*c.x(), *c.y());
        // The bug: λ = 3x²/2y, without + a.
        let lambda =
            x.square() * Base::from(3) * Option::<Base>::from(y.double().invert()).expect("y ≠ 0");
        let x3 = lambda.square() - x.double();
        let y3 = lambda * (x - x3) - y;
        match Option::<Secp256r1Affine>::from(Secp256r1Affine::from_xy(x3, y3)) {
            Some(p) => read(p.to_curve()),
            None => GroupValue::NotAPoint(Vec::new()),
        }
    }

    fn decode(&self, bytes: &[u8]) -> GroupValue<Fp> {
        use halo2curves::secp256r1::Secp256r1;
        v013::traits::<Secp256r1, P256, _>(Halo2Format(FlagLayout::Extra)).decode(bytes)
    }
}

/// The variants of the `group`-trait rows.
pub(super) const ROWS: [ZooRow; 6] = [
    ZooRow {
        name: "halo2_bn256_group_law__chord_add_without_equal_x",
        routine: "halo2_bn256_group_law",
        bug: "`+` by the affine chord formula with no equal-x case: P + P and P + (−P) come out \
              off the curve (Go P-256, https://github.com/golang/go/issues/58647; Botan, \
              https://github.com/randombit/botan/issues/2424)",
        trigger: "op_add on P, P or P, −P",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(group_law::check(
                spec,
                BrokenGroupLaw(Broken::ChordAdd),
                ENCODING,
            ))
        },
    },
    ZooRow {
        name: "halo2_bn256_group_law__chord_sub_without_equal_x",
        routine: "halo2_bn256_group_law",
        bug: "`-` as the chord formula on P and −Q with no equal-x case: P − P and P − (−P) come \
              out off the curve (Go P-256, https://github.com/golang/go/issues/58647; Botan, \
              https://github.com/randombit/botan/issues/2424)",
        trigger: "op_sub on P, P or P, −P",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(group_law::check(
                spec,
                BrokenGroupLaw(Broken::ChordSub),
                ENCODING,
            ))
        },
    },
    ZooRow {
        name: "halo2_secp256r1_group_law__double_without_a",
        routine: "halo2_secp256r1_group_law",
        bug: "affine doubling with λ = 3x²/2y, the curve's a left out: right where a = 0, off \
              the curve on P-256 (a = −3), as halo2curves 0.10.0's batch_add does (ecdiff's known \
              finding MSM_BEST_DOUBLING_WITHOUT_A, docs/known-findings.md)",
        trigger: "op_double of any point other than the identity",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(group_law::check(
                spec,
                DoublingWithoutA,
                Halo2Format(FlagLayout::Extra),
            ))
        },
    },
    ZooRow {
        name: "halo2_bn256_group_law__mixed_add_reads_affine_identity",
        routine: "halo2_bn256_group_law",
        bug: "mixed addition P + Q_affine that takes the affine identity's stored (0, 0) for a \
              point (k256/p256 mixed addition, https://github.com/RustCrypto/elliptic-curves/issues/336, \
              fixed in https://github.com/RustCrypto/elliptic-curves/pull/337)",
        trigger: "op_add_affine with Q the identity, P not",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(group_law::check(
                spec,
                BrokenGroupLaw(Broken::MixedAddReadsAffineIdentity),
                ENCODING,
            ))
        },
    },
    ZooRow {
        name: "halo2_bn256_group_law__batch_inversion_with_zero",
        routine: "halo2_bn256_group_law",
        bug: "batch_normalize by Montgomery batch inversion that does not skip a zero z: one \
              identity zeroes every inverse of the batch (c-kzg-4844 fr_batch_inv, \
              https://github.com/ethereum/c-kzg-4844/issues/205)",
        trigger: "op_batch_normalize of a list with the identity and another point",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(group_law::check(
                spec,
                BrokenGroupLaw(Broken::BatchInversionWithZero),
                ENCODING,
            ))
        },
    },
    ZooRow {
        name: "halo2_bn256_group_law__decode_sign_from_wrong_bit",
        routine: "halo2_bn256_group_law",
        bug: "point decompression that takes the sign of y from the wrong bit (Sweet B, \
              CVE-2022-23001, https://github.com/westerndigitalcorporation/sweet-b/issues/18)",
        trigger: "op_decode of a point whose y has bit 1 ≠ bit 0 (half the points)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(group_law::check(
                spec,
                BrokenGroupLaw(Broken::DecodeSignFromWrongBit),
                ENCODING,
            ))
        },
    },
];

/// The two stamped tables of one curve, `$group_law` (every
/// [`crate::zkgroup::planted::GroupLawFlaw`] on the curve's group-law row) and `$wnaf`
/// (`$recoding` in `WnafBase × WnafScalar` on its wNAF row); with `pasta`, the group law under
/// the row's known finding of the identity with the sign bit.
macro_rules! planted_tables {
    (
        $group_law:ident: $group_law_routine:literal,
        $wnaf:ident: $wnaf_routine:literal,
        $group:ty, $oracle:ty, $encoding:expr, $recoding:ident $(, $pasta:ident)?
    ) => {
        const $group_law: [ZooRow; 12] = group_law_zoo_rows!($group_law_routine, |spec, flaw| {
            let check = v013::planted_group_law::<$group, $oracle, _>(spec, $encoding, flaw);
            planted_tables!(@known check $(, $pasta)?)
        });
        const $wnaf: [ZooRow; 1] = wnaf_zoo_rows!(
            $wnaf_routine,
            |spec, flaw| {
                Box::new(v013::planted_wnaf::<$group, $oracle, _>(
                    spec, $encoding, flaw,
                ))
            },
            $recoding,
            [windowed]
        );
    };
    (@known $check:ident) => { Box::new($check) };
    (@known $check:ident, pasta) => {
        Box::new(super::super::with_pasta_identity_sign_known($check))
    };
}

const TWO_SPARE: Halo2Format = Halo2Format(FlagLayout::TwoSpare);
const EXTRA: Halo2Format = Halo2Format(FlagLayout::Extra);

// The wNAF rows: the final carry dropped at NUM_BITS where it bites; where it never does
// (Pasta) or is `group`'s own known finding (secp256k1, secp256r1), the carry lost at every
// window instead.
planted_tables!(
    BN256_GROUP_LAW: "halo2_bn256_group_law",
    BN256_WNAF: "halo2_bn256_wnaf",
    G1, Bn254G1, TWO_SPARE, carry_dropped_at_num_bits
);
planted_tables!(
    GRUMPKIN_GROUP_LAW: "halo2_grumpkin_group_law",
    GRUMPKIN_WNAF: "halo2_grumpkin_wnaf",
    halo2curves::grumpkin::G1, Grumpkin, TWO_SPARE, carry_dropped_at_num_bits
);
planted_tables!(
    PALLAS_GROUP_LAW: "halo2_pallas_group_law",
    PALLAS_WNAF: "halo2_pallas_wnaf",
    halo2curves::pasta::Pallas, Pallas, XLittleEndianSignBit, carry_not_propagated, pasta
);
planted_tables!(
    VESTA_GROUP_LAW: "halo2_vesta_group_law",
    VESTA_WNAF: "halo2_vesta_wnaf",
    halo2curves::pasta::Vesta, Vesta, XLittleEndianSignBit, carry_not_propagated, pasta
);
planted_tables!(
    SECP256K1_GROUP_LAW: "halo2_secp256k1_group_law",
    SECP256K1_WNAF: "halo2_secp256k1_wnaf",
    halo2curves::secp256k1::Secp256k1, Secp256k1, EXTRA, carry_not_propagated
);
planted_tables!(
    SECP256R1_GROUP_LAW: "halo2_secp256r1_group_law",
    SECP256R1_WNAF: "halo2_secp256r1_wnaf",
    halo2curves::secp256r1::Secp256r1, P256, EXTRA, carry_not_propagated
);

/// The stamped tables of the trait rows.
pub(super) const TABLES: [&[ZooRow]; 12] = [
    &BN256_GROUP_LAW,
    &GRUMPKIN_GROUP_LAW,
    &PALLAS_GROUP_LAW,
    &VESTA_GROUP_LAW,
    &SECP256K1_GROUP_LAW,
    &SECP256R1_GROUP_LAW,
    &BN256_WNAF,
    &GRUMPKIN_WNAF,
    &PALLAS_WNAF,
    &VESTA_WNAF,
    &SECP256K1_WNAF,
    &SECP256R1_WNAF,
];
