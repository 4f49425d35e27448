//! Deliberately broken subjects for the P-256 family (feature `zoo`). p256 0.14 keeps its
//! field and coordinates private, so each variant is broken *glue* around p256's public API —
//! the code a user writes on top of the crate — reproducing a real, published bug class:
//! affine coordinates exported with the identity as (0, 0), raw scalars converted without
//! reduction, a hand-rolled signed-window fixed-base multiplication that drops its final
//! carry, a Shamir table built with an incomplete addition, and a batch inversion that lets a
//! zero through. The doc comment of each subject names the bug and the input that triggers
//! it; `tests/zoo.rs` checks each is caught by its routine's default budget in debug and in
//! release.

use crate::declare::ZooRow;
use crate::engine::VerdictKind;
use crate::families::p256::adapter_p256::{built, reduce, scalar, sec1};
use crate::shapes::sec1_points::form;
use crate::shapes::sec1_points::{
    self as points, BatchNormalizeKind, Enc, FormsResult, FormsSubject, LincombCase, LincombKind,
    MulByGeneratorKind, MulKind, MulTerm, PointInput, ToAffineKind,
};
use ecdiff_oracles::curves::P256;
use num_bigint::BigUint;
use p256::elliptic_curve::Group as _;
use p256::{AffinePoint, ProjectivePoint as P};

/// Affine coordinates as a user exports them from p256's public API: the two 32-byte
/// big-endian integers of the uncompressed SEC1 encoding — and, for the identity (encoded as
/// the single byte `00`), the zeros the buffers were initialized with: the identity *by
/// canonical coordinates* (0, 0), as in halo2curves, arkworks' serialization or OpenSSL's
/// G·0 = (0, 0, 1) (<https://github.com/openssl/openssl/issues/2419>).
fn exported_xy(a: &AffinePoint) -> ([u8; 32], [u8; 32]) {
    let bytes = sec1(a, false);
    let mut x = [0u8; 32];
    let mut y = [0u8; 32];
    if let (Some(xs), Some(ys)) = (bytes.get(1..33), bytes.get(33..65)) {
        x.copy_from_slice(xs);
        y.copy_from_slice(ys);
    }
    (x, y)
}

/// SEC1 re-encoding of exported coordinates: `04‖x‖y`, or `02/03‖x`.
fn encode_xy((x, y): ([u8; 32], [u8; 32]), enc: Enc) -> Vec<u8> {
    match enc {
        Enc::Uncompressed => [&[4u8][..], &x, &y].concat(),
        _ => [&[2 + (y[31] & 1)][..], &x].concat(),
    }
}

/// `to_affine` read back through exported coordinates (0, 0) for the identity, re-encoded:
/// the identity comes out as the "point" `04‖0…0‖0…0` (OpenSSL,
/// <https://github.com/openssl/openssl/issues/2419>, and the (0, 0) identity convention of
/// halo2curves and arkworks leaking into SEC1).
/// Trigger: any identity among the inputs (constant, decoded, or produced by arithmetic).
struct IdentityAsAffineZero;

impl FormsSubject<Vec<PointInput>> for IdentityAsAffineZero {
    fn run(&self, case: &Vec<PointInput>) -> FormsResult {
        let ps = built(case)?;
        Ok(vec![
            form("exported (x, y) → 04‖x‖y", Enc::Uncompressed, || {
                ps.iter()
                    .map(|p| encode_xy(exported_xy(&p.to_affine()), Enc::Uncompressed))
                    .collect()
            })?,
            form("exported (x, y) → 02/03‖x", Enc::Compressed, || {
                ps.iter()
                    .map(|p| encode_xy(exported_xy(&p.to_affine()), Enc::Compressed))
                    .collect()
            })?,
        ])
    }
}

/// Raw integers converted with `Scalar::from_repr(bytes).unwrap_or(ZERO)`: a value `≥ n` is
/// not reduced but silently becomes 0 (arkworks,
/// <https://github.com/arkworks-rs/algebra/issues/656>; relic,
/// <https://github.com/relic-toolkit/relic/issues/126>; kilic bls12-381,
/// <https://github.com/kilic/bls12-381/issues/40>).
/// Trigger: `scalar_order`, `scalar_order_plus_1`, `scalar_above_order` with a non-identity
/// point.
struct ScalarFromReprOrZero;

impl FormsSubject<Vec<MulTerm>> for ScalarFromReprOrZero {
    fn run(&self, case: &Vec<MulTerm>) -> FormsResult {
        use p256::elliptic_curve::PrimeField;
        let points: Vec<PointInput> = case.iter().map(|t| t.point.clone()).collect();
        let ps = built(&points)?;
        Ok(vec![form(
            "P * Scalar::from_repr(k).unwrap_or(ZERO)",
            Enc::Uncompressed,
            || {
                ps.iter()
                    .zip(case)
                    .map(|(p, t)| {
                        let b = t.k.to_bytes_be();
                        let mut be = [0u8; 32];
                        be[32 - b.len()..].copy_from_slice(&b);
                        let k = Option::from(p256::Scalar::from_repr(be.into()))
                            .unwrap_or(p256::Scalar::ZERO);
                        sec1(&(*p * k).to_affine(), false)
                    })
                    .collect()
            },
        )?])
    }
}

/// A hand-rolled fixed-base multiplication with signed radix-16 digits in [−8, 8) (table
/// `|d|·G` for |d| ≤ 8, four doublings per digit) whose recoding drops the carry out of the
/// top digit: right for scalars below 2²⁵⁵ − 2²⁵¹·½, wrong when the top nibble is ≥ 8 — the
/// terminal-carry class of dalek's Pippenger and NAF
/// (<https://github.com/dalek-cryptography/curve25519-dalek/commit/389d2bc9>,
/// <https://github.com/dalek-cryptography/curve25519-dalek/commit/e17c98a3>) and of
/// Constantine's window recodings (<https://github.com/mratsim/constantine/issues/366>,
/// <https://github.com/mratsim/constantine/pull/484>).
/// Trigger: a reduced scalar whose top nibble is ≥ 8 (most scalars modulo P-256's n, n − 1).
struct SignedWindowDropsCarry;

fn signed_window_mul_by_generator(k: &p256::Scalar) -> P {
    use p256::elliptic_curve::PrimeField;
    let be = k.to_repr();
    let mut nibbles = Vec::with_capacity(64);
    for b in be.iter().rev() {
        nibbles.push(i32::from(b & 15));
        nibbles.push(i32::from(b >> 4));
    }
    let mut digits = Vec::with_capacity(64);
    let mut carry = 0;
    for n in nibbles {
        let d = n + carry;
        carry = i32::from(d >= 8);
        digits.push(d - 16 * carry);
    }
    // The bug: `carry` is dropped here instead of becoming a 65th digit.
    let table: Vec<P> = (0..=8u64)
        .map(|i| P::mul_by_generator(&p256::Scalar::from(i)))
        .collect();
    let mut acc = P::IDENTITY;
    for d in digits.iter().rev() {
        for _ in 0..4 {
            acc = acc.double();
        }
        let t = table[d.unsigned_abs() as usize];
        acc += if *d < 0 { -t } else { t };
    }
    acc
}

impl FormsSubject<Vec<BigUint>> for SignedWindowDropsCarry {
    fn run(&self, case: &Vec<BigUint>) -> FormsResult {
        Ok(vec![form(
            "signed radix-16 fixed-base windows",
            Enc::Uncompressed,
            || {
                case.iter()
                    .map(|k| {
                        sec1(
                            &signed_window_mul_by_generator(&reduce(k)).to_affine(),
                            false,
                        )
                    })
                    .collect()
            },
        )?])
    }
}

/// `P + Q` as an incomplete chord addition computes it: when the x-coordinates agree the
/// denominator x₂ − x₁ is 0, and the "inverse" of 0 (`invert().unwrap_or(ZERO)`) gives the
/// identity — right for Q = −P, wrong for Q = P (should be 2P).
fn incomplete_add(a: &P, b: &P) -> P {
    let (xa, _) = crate_xy(a);
    let (xb, _) = crate_xy(b);
    if xa == xb && !bool::from(a.is_identity()) {
        P::IDENTITY
    } else {
        *a + b
    }
}

fn crate_xy(p: &P) -> ([u8; 32], [u8; 32]) {
    exported_xy(&p.to_affine())
}

/// Shamir's trick for two terms with the table {O, P₁, P₂, P₁ + P₂}, the last entry from an
/// incomplete addition (the doubling case P₂ = P₁ gives O); other lengths go to
/// `lincomb_vartime(&[_])` (Botan, <https://github.com/randombit/botan/issues/2424>; wolfSSL,
/// <https://github.com/wolfSSL/wolfssl/pull/3427>; Wycheproof's EdgeCaseShamirMultiplication,
/// tcId 295 of `testvectors_v1/ecdsa_secp256k1_sha256_test.json` in
/// <https://github.com/C2SP/wycheproof>).
/// Trigger: two terms with P₂ = P₁ (`lincomb_related_points`, `repeated`) and a scalar pair
/// with a common set bit.
struct ShamirTableIncompleteSum;

impl FormsSubject<LincombCase> for ShamirTableIncompleteSum {
    fn run(&self, case: &LincombCase) -> FormsResult {
        use p256::elliptic_curve::ops::LinearCombination;
        use p256::elliptic_curve::PrimeField;
        let ps = built(&case.points)?;
        let ss: Vec<p256::Scalar> = case.scalars.iter().map(scalar).collect();
        Ok(vec![form("Shamir's trick", Enc::Uncompressed, || {
            let out = if ps.len() == 2 {
                let table = [P::IDENTITY, ps[0], ps[1], incomplete_add(&ps[0], &ps[1])];
                let (a, b) = (ss[0].to_repr(), ss[1].to_repr());
                let mut acc = P::IDENTITY;
                for i in 0..256 {
                    let bit = |r: &p256::FieldBytes| (r[i / 8] >> (7 - i % 8)) & 1;
                    acc = acc.double();
                    acc += table[usize::from(bit(&a) | (bit(&b) << 1))];
                }
                acc
            } else {
                let terms: Vec<(P, p256::Scalar)> = ps.iter().copied().zip(ss.clone()).collect();
                <P as LinearCombination<[(P, p256::Scalar)]>>::lincomb_vartime(&terms)
            };
            vec![sec1(&out.to_affine(), false)]
        })?])
    }
}

/// Batch normalization with a Montgomery batch inversion that does not set zeros aside: one
/// identity (z = 0) makes the product of all z zero, its "inverse" is 0
/// (`invert().unwrap_or(ZERO)`), so every 1/zᵢ is 0 and every output is the affine (0, 0),
/// exported as `04‖0…0‖0…0` (c-kzg-4844 `fr_batch_inv`,
/// <https://github.com/ethereum/c-kzg-4844/issues/205>;
/// <https://github.com/RustCrypto/traits/pull/1884>).
/// Trigger: an identity anywhere in the batch.
struct ZeroPoisonsBatch;

impl FormsSubject<Vec<PointInput>> for ZeroPoisonsBatch {
    fn run(&self, case: &Vec<PointInput>) -> FormsResult {
        use p256::elliptic_curve::BatchNormalize;
        let ps = built(case)?;
        Ok(vec![form(
            "batch inversion without zero handling",
            Enc::Uncompressed,
            || {
                let product_is_zero = ps.iter().any(|p| bool::from(p.is_identity()));
                <P as BatchNormalize<[P]>>::batch_normalize(ps.as_slice())
                    .iter()
                    .map(|a| {
                        let xy = if product_is_zero {
                            ([0u8; 32], [0u8; 32])
                        } else {
                            exported_xy(a)
                        };
                        encode_xy(xy, Enc::Uncompressed)
                    })
                    .collect()
            },
        )?])
    }
}

/// Every variant of the family: one row each, built from the spec of the routine it breaks.
/// The `group`-trait rows' variants: every entry point with a generic planted flaw
/// ([`crate::zkgroup::planted`]), the group law under the row's own known findings.
const GROUP_LAW: [ZooRow; 12] =
    crate::zkgroup::planted::group_law_zoo_rows!("p256_group_law", |spec, flaw| {
        Box::new(super::with_compact_tag_known(
            crate::zkgroup::v014::planted_group_law::<p256::ProjectivePoint, P256, _>(
                spec,
                crate::zkgroup::Sec1Compressed,
                flaw,
            ),
        ))
    });
// The carry lost at every window: `group` reads this big-endian representation as
// little-endian and drops the final carry of what it reads (the row's known finding), which a
// dropped final carry would only repeat.
const WNAF: [ZooRow; 1] = crate::zkgroup::planted::wnaf_zoo_rows!(
    "p256_wnaf",
    |spec, flaw| {
        Box::new(crate::zkgroup::v014::planted_wnaf::<
            p256::ProjectivePoint,
            P256,
            _,
        >(spec, crate::zkgroup::Sec1Compressed, flaw))
    },
    carry_not_propagated,
    [windowed]
);

/// Every table of the family: its own rows and the trait rows' stamped ones.
pub(super) const TABLES: &[&[ZooRow]] = &[ROWS, &GROUP_LAW, &WNAF];

const ROWS: &[ZooRow] = &[
    ZooRow {
        name: "p256_to_affine__identity_as_affine_zero",
        routine: "p256_to_affine",
        bug: "affine coordinates exported with the identity as (0, 0) and re-encoded as a point \
              (OpenSSL G·0 = (0, 0, 1), https://github.com/openssl/openssl/issues/2419; the \
              (0, 0) identity convention of halo2curves/arkworks)",
        trigger: "any identity (identity_const, sec1_identity, identity_cancel, \
                  scaled_to_identity)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(points::check_on::<P256, _>(
                spec,
                ToAffineKind,
                IdentityAsAffineZero,
            ))
        },
    },
    ZooRow {
        name: "p256_mul__scalar_from_repr_or_zero",
        routine: "p256_mul",
        bug: "raw scalars ≥ n not reduced but turned into 0 \
              (https://github.com/arkworks-rs/algebra/issues/656, relic \
              https://github.com/relic-toolkit/relic/issues/126, \
              https://github.com/kilic/bls12-381/issues/40)",
        trigger: "scalar_order, scalar_order_plus_1, scalar_above_order",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(points::check_on::<P256, _>(
                spec,
                MulKind,
                ScalarFromReprOrZero,
            ))
        },
    },
    ZooRow {
        name: "p256_mul_by_generator__signed_window_drops_carry",
        routine: "p256_mul_by_generator",
        bug: "signed radix-16 recoding that drops the carry out of the top digit (dalek \
              https://github.com/dalek-cryptography/curve25519-dalek/commit/389d2bc9; \
              Constantine window edge cases, https://github.com/mratsim/constantine/issues/366, \
              https://github.com/mratsim/constantine/pull/484)",
        trigger: "a reduced scalar with top nibble ≥ 8 (n − 1, most scalars mod n)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(points::check_on::<P256, _>(
                spec,
                MulByGeneratorKind,
                SignedWindowDropsCarry,
            ))
        },
    },
    ZooRow {
        name: "p256_lincomb__shamir_table_incomplete_sum",
        routine: "p256_lincomb",
        bug: "Shamir table entry P₁ + P₂ from an incomplete addition: O instead of 2P₁ when P₂ = \
              P₁ (Botan https://github.com/randombit/botan/issues/2424, wolfSSL \
              https://github.com/wolfSSL/wolfssl/pull/3427, Wycheproof \
              ecdsa_secp256k1_sha256_test.json tcId 295)",
        trigger: "two terms with P₂ = P₁ (lincomb_related_points, repeated)",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(points::check_on::<P256, _>(
                spec,
                LincombKind,
                ShamirTableIncompleteSum,
            ))
        },
    },
    ZooRow {
        name: "p256_batch_normalize__zero_poisons_batch",
        routine: "p256_batch_normalize",
        bug: "batch inversion without setting zeros aside: one identity turns every output into \
              (0, 0) (c-kzg-4844 fr_batch_inv, https://github.com/ethereum/c-kzg-4844/issues/205; \
              https://github.com/RustCrypto/traits/pull/1884)",
        trigger: "an identity anywhere in the batch",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(points::check_on::<P256, _>(
                spec,
                BatchNormalizeKind,
                ZeroPoisonsBatch,
            ))
        },
    },
];
