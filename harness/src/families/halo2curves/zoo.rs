//! Deliberately broken subjects for the halo2curves family (feature `zoo`): glue around
//! halo2curves' public API with a real, published bug class injected — a parallel split
//! that drops the remainder terms, an MSM receiver that is not initialized to the identity,
//! a batch inversion that lets a zero through, and compressed decoders that trust the identity
//! flag or reduce x mod p; and one entry point of the `group` traits rewritten with a bug
//! ([`traits`]). `tests/zoo.rs` checks each is caught by its
//! routine's default budget in debug and in release.

mod traits;

use super::LargeBest;
use crate::curve::Jacobian;
use crate::declare::ZooRow;
use crate::engine::VerdictKind;
use crate::families::halo2curves::adapter_halo2curves::{
    affine, curve, from_affine, from_curve, run_msm, scalars, Halo2Encoding, Halo2Group, MsmEntry,
};
use crate::families::halo2curves::compressed::{self, Halo2Codec, Halo2Compressed};
use crate::shapes::known::with_known;
use crate::shapes::msm::{self, AffineMsm};
use crate::shapes::normalize::{self, NormalizeBatch};
use ecdiff_oracles::curves::{Bn254G1, Secp256k1, P256};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::halo2_compressed::{self as format, FlagLayout, IDENTITY, SIGN};
use ecdiff_oracles::weierstrass::Point;
use halo2curves::ff::Field as _;
use halo2curves::group::prime::PrimeCurveAffine as _;
use halo2curves::group::Group as _;
use num_bigint::BigUint;
use std::marker::PhantomData;

/// Threads the broken split assumes (the engine's subject pool).
const THREADS: usize = 4;

/// A parallel split written with `chunks_exact(n / threads)`: the `n mod threads` terms of
/// the remainder are never summed — the chunking bug class of parallel MSMs (Constantine's
/// parallel MSM edge cases, <https://github.com/mratsim/constantine/pull/484>; halo2curves' own
/// `msm_parallel` gets this right with `chunks`). Each chunk goes through the routine's own
/// entry point.
/// Trigger: n > 4 with n mod 4 ≠ 0 and a non-zero term in the remainder.
struct ChunksExactDropsRemainder(MsmEntry);

impl<C: Halo2Group> AffineMsm<C> for ChunksExactDropsRemainder {
    fn msm(&self, bases: &[Point<Fp>], s: &[BigUint]) -> Point<Fp> {
        let bases: Vec<C::Affine> = bases.iter().map(affine::<C>).collect();
        let coeffs = scalars::<C>(s);
        let n = bases.len();
        let out = if n > THREADS {
            let chunk = n / THREADS;
            coeffs
                .chunks_exact(chunk)
                .zip(bases.chunks_exact(chunk))
                .map(|(c, b)| run_msm::<C>(self.0, c, b))
                .fold(C::Curve::identity(), |a, b| a + b)
        } else {
            run_msm::<C>(self.0, &coeffs, &bases)
        };
        from_curve::<C>(&out)
    }
}

/// `msm_serial(coeffs, bases, &mut acc)` with a receiver that is not the identity (here the
/// generator, as left over from an earlier use): `msm_serial` doubles and adds into `acc`
/// rather than overwriting it — the uninitialized-receiver class of filippo.io/edwards25519
/// `MultiScalarMult` (CVE-2026-26958, <https://github.com/advisories/GHSA-fw7p-63qq-7hpr>).
/// Trigger: any input (the empty one and all-zero scalars included: `acc` comes back as is).
struct ReceiverNotIdentity;

impl<C: Halo2Group> AffineMsm<C> for ReceiverNotIdentity {
    fn msm(&self, bases: &[Point<Fp>], s: &[BigUint]) -> Point<Fp> {
        let bases: Vec<C::Affine> = bases.iter().map(affine::<C>).collect();
        let mut acc = C::Curve::generator();
        halo2curves::msm::msm_serial(&scalars::<C>(s), &bases, &mut acc);
        from_curve::<C>(&acc)
    }
}

/// Batch normalization by Montgomery's trick over the homogeneous z-coordinates without
/// setting zeros aside: one identity (z = 0) zeroes the product, `invert().unwrap_or(ZERO)`
/// gives 0, and every output becomes (0, 0), halo2curves' affine identity (c-kzg-4844
/// `fr_batch_inv`, <https://github.com/ethereum/c-kzg-4844/issues/205>;
/// <https://github.com/RustCrypto/traits/pull/1884>).
/// Trigger: an identity together with a non-identity point.
struct ZeroPoisonsBatch<C>(PhantomData<fn() -> C>);

impl<C: Halo2Group> NormalizeBatch<C> for ZeroPoisonsBatch<C> {
    fn normalize_batch(&self, points: &[Jacobian<Fp>]) -> Vec<Point<Fp>> {
        let ps: Vec<C::Curve> = points.iter().map(curve::<C>).collect();
        let mut prefix = Vec::with_capacity(ps.len());
        let mut acc = C::Base::ONE;
        for p in &ps {
            prefix.push(acc);
            acc *= C::xyz(p)[2];
        }
        let mut inv = Option::from(acc.invert()).unwrap_or(C::Base::ZERO);
        let mut out = vec![C::Affine::identity(); ps.len()];
        for i in (0..ps.len()).rev() {
            let [x, y, z] = C::xyz(&ps[i]);
            let zinv = inv * prefix[i];
            inv *= z;
            out[i] = Option::from(<C::Affine as halo2curves::CurveAffine>::from_xy(
                x * zinv,
                y * zinv,
            ))
            .unwrap_or(C::Affine::identity());
        }
        out.iter().map(from_affine::<C>).collect()
    }
}

/// What the two parallel-split rows of a curve model.
const CHUNKS_EXACT_BUG: &str = "parallel split by chunks_exact: the n mod threads remainder terms \
                                are dropped (Constantine parallel MSM, \
                                https://github.com/mratsim/constantine/pull/484; \
                                parallel-splitting bugs)";

/// What the two receiver rows of a curve model.
const RECEIVER_BUG: &str = "msm_serial's accumulator not initialized to the identity \
                            (filippo.io/edwards25519 MultiScalarMult, CVE-2026-26958, \
                            https://github.com/advisories/GHSA-fw7p-63qq-7hpr)";

/// The row of one MSM variant of halo2curves' `$curve`, checked over the oracle's `$group`:
/// `msm_row!(<variant>, <curve>, <group>)`, one arm per variant.
macro_rules! msm_row {
    (best_chunks_exact, $curve:literal, $group:ty) => {
        ZooRow {
            name: concat!("halo2_", $curve, "_msm_best__chunks_exact_drops_remainder"),
            routine: concat!("halo2_", $curve, "_msm_best"),
            bug: CHUNKS_EXACT_BUG,
            trigger: "n > 4 with n mod 4 ≠ 0 (len_split_at, the chunk thresholds)",
            caught_as: &[VerdictKind::Mismatch],
            build: |spec| {
                Box::new(msm::check_affine::<$group, _>(
                    spec,
                    ChunksExactDropsRemainder(MsmEntry::Best),
                ))
            },
        }
    };
    (parallel_chunks_exact, $curve:literal, $group:ty) => {
        ZooRow {
            name: concat!(
                "halo2_",
                $curve,
                "_msm_parallel__chunks_exact_drops_remainder"
            ),
            routine: concat!("halo2_", $curve, "_msm_parallel"),
            bug: CHUNKS_EXACT_BUG,
            trigger: "n > 4 with n mod 4 ≠ 0 (len_split_at, the chunk thresholds)",
            caught_as: &[VerdictKind::Mismatch],
            build: |spec| {
                Box::new(msm::check_affine::<$group, _>(
                    spec,
                    ChunksExactDropsRemainder(MsmEntry::Parallel),
                ))
            },
        }
    };
    (best_large_chunks_exact, $curve:literal, $group:ty) => {
        ZooRow {
            name: concat!(
                "halo2_",
                $curve,
                "_msm_best_large__chunks_exact_drops_remainder"
            ),
            routine: concat!("halo2_", $curve, "_msm_best_large"),
            bug: "parallel split by chunks_exact around the batch-affine path: the n mod threads \
                  remainder terms are dropped (https://github.com/mratsim/constantine/pull/484)",
            trigger: "n mod 4 ≠ 0 (8103, 8105, random lengths)",
            // The routine's cases, without its known findings: the broken split's chunks stay
            // below 8104 terms, off the batch-affine path, so identities among the bases are
            // accepted.
            caught_as: &[VerdictKind::Mismatch],
            build: |spec| {
                Box::new(LargeBest::without_known_findings(msm::check_affine::<
                    $group,
                    _,
                >(
                    spec,
                    ChunksExactDropsRemainder(MsmEntry::Best),
                )))
            },
        }
    };
    (serial_large_receiver, $curve:literal, $group:ty) => {
        ZooRow {
            name: concat!("halo2_", $curve, "_msm_serial_large__receiver_not_identity"),
            routine: concat!("halo2_", $curve, "_msm_serial_large"),
            bug: RECEIVER_BUG,
            trigger: "any input",
            caught_as: &[VerdictKind::Mismatch],
            build: |spec| Box::new(msm::check_affine::<$group, _>(spec, ReceiverNotIdentity)),
        }
    };
    (serial_receiver, $curve:literal, $group:ty) => {
        ZooRow {
            name: concat!("halo2_", $curve, "_msm_serial__receiver_not_identity"),
            routine: concat!("halo2_", $curve, "_msm_serial"),
            bug: RECEIVER_BUG,
            trigger: "any input",
            caught_as: &[VerdictKind::Mismatch],
            build: |spec| Box::new(msm::check_affine::<$group, _>(spec, ReceiverNotIdentity)),
        }
    };
}

/// A decoder that takes the identity flag at its word: any input with it set is the identity,
/// whatever x and the sign say. Models gnark-crypto's marshal accepting malformed infinity
/// encodings (<https://github.com/Consensys/gnark-crypto/commit/90177b295>) and ethrex reading
/// a coordinate with the 0x40 byte as infinity
/// (<https://github.com/ethereum/execution-specs/pull/2395>). Written around
/// halo2curves' own decoder. Trigger: `mut_identity_with_sign` or `mut_identity_nonzero_x`
/// (`mut_identity_on_point` too).
struct IdentityFlagTrusted<C>(PhantomData<C>);

impl<C: Halo2Group + Halo2Compressed> Halo2Codec<C> for IdentityFlagTrusted<C> {
    fn encode(&self, p: &Point<Fp>) -> Vec<u8> {
        Halo2Codec::<C>::encode(&Halo2Encoding, p)
    }

    fn decode(&self, bytes: &[u8]) -> Option<Point<Fp>> {
        let flag = match C::LAYOUT {
            FlagLayout::Extra => 0,
            FlagLayout::TwoSpare => bytes.len().checked_sub(1)?,
        };
        if bytes.get(flag)? & IDENTITY != 0 {
            return Some(Point::Identity);
        }
        Halo2Codec::<C>::decode(&Halo2Encoding, bytes)
    }
}

/// A decoder that reduces x mod p instead of refusing x ≥ p, then decodes as halo2curves does.
/// Models Go's `IsOnCurve` accepting unreduced coordinates (CVE-2022-23806,
/// <https://www.cve.org/CVERecord?id=CVE-2022-23806>).
/// Trigger: `mut_non_canonical`.
struct XReducedModP<C>(PhantomData<C>);

impl<C: Halo2Group + Halo2Compressed> Halo2Codec<C> for XReducedModP<C> {
    fn encode(&self, p: &Point<Fp>) -> Vec<u8> {
        Halo2Codec::<C>::encode(&Halo2Encoding, p)
    }

    fn decode(&self, bytes: &[u8]) -> Option<Point<Fp>> {
        let curve = C::instance().curve();
        if bytes.len() != format::encoded_len(curve, C::LAYOUT) {
            return None;
        }
        let (flag, start) = match C::LAYOUT {
            FlagLayout::Extra => (0, 1),
            FlagLayout::TwoSpare => (bytes.len() - 1, 0),
        };
        let mut bytes = bytes.to_vec();
        let flags = bytes[flag] & (SIGN | IDENTITY);
        bytes[flag] &= !(SIGN | IDENTITY);
        let len = format::field_len(curve);
        let x = BigUint::from_bytes_le(&bytes[start..start + len]) % curve.a.field().modulus();
        let mut le = x.to_bytes_le();
        le.resize(len, 0);
        bytes[start..start + len].copy_from_slice(&le);
        bytes[flag] |= flags;
        Halo2Codec::<C>::decode(&Halo2Encoding, &bytes)
    }
}

// Bug and trigger texts shared by twin rows: one bug in G1 and G2, or in two libraries.
const IDENTITY_FLAG_TRUSTED_BUG: &str =
    "any encoding with the identity flag decodes to the identity (gnark-crypto \
    https://github.com/Consensys/gnark-crypto/commit/90177b295, \
    https://github.com/ethereum/execution-specs/pull/2395)";
const IDENTITY_FLAG_TRUSTED_TRIGGER: &str = "mut_identity_with_sign or mut_identity_nonzero_x";

/// Every table of the family: its own rows and the trait rows' stamped ones.
pub(super) const TABLES: &[&[ZooRow]] = &[
    ROWS,
    traits::TABLES[0],
    traits::TABLES[1],
    traits::TABLES[2],
    traits::TABLES[3],
    traits::TABLES[4],
    traits::TABLES[5],
    traits::TABLES[6],
    traits::TABLES[7],
    traits::TABLES[8],
    traits::TABLES[9],
    traits::TABLES[10],
    traits::TABLES[11],
];

/// Every variant of the family's own: one row each, built from the spec of the routine it
/// breaks.
const ROWS: &[ZooRow] = &[
    msm_row!(best_chunks_exact, "bn256", Bn254G1),
    msm_row!(parallel_chunks_exact, "bn256", Bn254G1),
    msm_row!(best_large_chunks_exact, "bn256", Bn254G1),
    msm_row!(serial_large_receiver, "bn256", Bn254G1),
    msm_row!(serial_receiver, "bn256", Bn254G1),
    msm_row!(best_chunks_exact, "secp256k1", Secp256k1),
    msm_row!(parallel_chunks_exact, "secp256k1", Secp256k1),
    msm_row!(best_large_chunks_exact, "secp256k1", Secp256k1),
    msm_row!(serial_large_receiver, "secp256k1", Secp256k1),
    msm_row!(serial_receiver, "secp256k1", Secp256k1),
    msm_row!(best_chunks_exact, "secp256r1", P256),
    msm_row!(parallel_chunks_exact, "secp256r1", P256),
    msm_row!(best_large_chunks_exact, "secp256r1", P256),
    msm_row!(serial_large_receiver, "secp256r1", P256),
    msm_row!(serial_receiver, "secp256r1", P256),
    traits::ROWS[0],
    traits::ROWS[1],
    traits::ROWS[2],
    traits::ROWS[3],
    traits::ROWS[4],
    traits::ROWS[5],
    ZooRow {
        name: "halo2_bn256_batch_normalize__zero_poisons_batch",
        routine: "halo2_bn256_batch_normalize",
        bug: "batch inversion without setting zeros aside: one identity turns every output into \
              (0, 0) (c-kzg-4844 fr_batch_inv, https://github.com/ethereum/c-kzg-4844/issues/205; \
              https://github.com/RustCrypto/traits/pull/1884)",
        trigger: "an identity together with a non-identity point",
        caught_as: &[VerdictKind::Mismatch],
        build: |spec| {
            Box::new(normalize::check::<Bn254G1, _>(
                spec,
                ZeroPoisonsBatch::<Bn254G1>(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "halo2_bn256_compressed_encoding__identity_flag_trusted",
        routine: "halo2_bn256_compressed_encoding",
        bug: IDENTITY_FLAG_TRUSTED_BUG,
        trigger: IDENTITY_FLAG_TRUSTED_TRIGGER,
        caught_as: &[VerdictKind::OracleRejected],
        build: |spec| {
            Box::new(compressed::check::<Bn254G1, _>(
                spec,
                IdentityFlagTrusted::<Bn254G1>(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "halo2_secp256k1_compressed_encoding__x_reduced_mod_p",
        routine: "halo2_secp256k1_compressed_encoding",
        bug: "x ≥ p reduced instead of refused (Go IsOnCurve, CVE-2022-23806, \
              https://www.cve.org/CVERecord?id=CVE-2022-23806)",
        trigger: "mut_non_canonical",
        caught_as: &[VerdictKind::OracleRejected],
        build: |spec| {
            Box::new(compressed::check::<Secp256k1, _>(
                spec,
                XReducedModP::<Secp256k1>(PhantomData),
            ))
        },
    },
    ZooRow {
        name: "halo2_secp256r1_compressed_encoding__identity_flag_trusted",
        routine: "halo2_secp256r1_compressed_encoding",
        bug: IDENTITY_FLAG_TRUSTED_BUG,
        trigger: IDENTITY_FLAG_TRUSTED_TRIGGER,
        caught_as: &[VerdictKind::OracleRejected],
        build: |spec| {
            Box::new(with_known(
                compressed::check::<P256, _>(spec, IdentityFlagTrusted::<P256>(PhantomData)),
                super::secp256r1_x_zero_known,
                super::secp256r1_x_zero_behaviour,
            ))
        },
    },
];
