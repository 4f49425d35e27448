//! The ZCash encoding rows' variants (blst, zkcrypto's bls12_381 and ark-bls12-381, G1 and
//! G2): one generic flaw per entry point, planted around each library's own codec
//! ([`PlantedCodec`]) and checked with the row's own known findings, so that only the flaw can
//! be what is caught.
//!
//! | entry point | flaw |
//! |---|---|
//! | encode (compressed and uncompressed) | [`CodecFlaw::InfinityWrittenWithoutItsFlag`] |
//! | decode, unchecked and checked | [`CodecFlaw::InfinityFlagTrusted`], [`CodecFlaw::CoordinatesReducedModP`] |
//! | decode, checked | [`CodecFlaw::SubgroupCheckSkipped`] |

use super::super::{
    ark_encoding_known, blstrs_encoding_behaviour, blstrs_encoding_known, returns_the_coordinates,
    zkcrypto_encoding_known,
};
use crate::declare::ZooRow;
use crate::engine::{DynRoutine, VerdictKind};
use crate::families::bls12_381::adapter_ark::ArkBls;
use crate::families::bls12_381::adapter_blstrs::{BlstCurve, Blstrs};
use crate::families::bls12_381::adapter_zkcrypto::Zkcrypto;
use crate::families::bls12_381::encoding::{check, BlsGroup, Codec, Known};
use crate::shapes::known::with_known;
use crate::shapes::Spec;
use ecdiff_oracles::bls12_381::{Bls12381G1, Bls12381G2};
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;

/// The ZCash format's infinity flag: bit 6 of the first byte.
const INFINITY_FLAG: u8 = 0x40;

/// A flaw planted in a ZCash codec.
#[derive(Clone, Copy, Debug)]
pub(super) enum CodecFlaw {
    /// The decoder takes the infinity flag at its word: any input of the right length with
    /// the flag set is the identity, whatever the other bits say. Models gnark-crypto's
    /// marshal accepting malformed infinity encodings
    /// (<https://github.com/Consensys/gnark-crypto/commit/90177b295>) and ethrex reading a
    /// coordinate with top byte 0x40 as infinity
    /// (<https://github.com/ethereum/execution-specs/pull/2395>).
    InfinityFlagTrusted,
    /// The decoder reduces each coordinate mod p instead of refusing one ≥ p. Models Go's
    /// `IsOnCurve` accepting unreduced coordinates (CVE-2022-23806,
    /// <https://www.cve.org/CVERecord?id=CVE-2022-23806>).
    CoordinatesReducedModP,
    /// The checked decoder skips the subgroup check (the unchecked one where the checked was
    /// meant): a point outside the order-r subgroup passes. The missing-subgroup-check class
    /// that validity-gated harnesses guard against (cryptofuzz's arkworks module requires
    /// `is_on_curve && is_in_correct_subgroup`, `modules/arkworks-algebra/src/lib.rs` of
    /// <https://github.com/guidovranken/cryptofuzz>; the Ethereum consensus deserialization
    /// vectors carry non-subgroup points).
    SubgroupCheckSkipped,
    /// The encoder writes the identity without its infinity flag: compressed as 0x80 then
    /// zeros (noble-bls12-381, <https://github.com/paulmillr/noble-bls12-381/issues/6>),
    /// uncompressed as all zeros, the EVM's (0, 0).
    InfinityWrittenWithoutItsFlag,
}

impl CodecFlaw {
    /// The bug it models, with its public source (a zoo row's `bug`).
    pub(super) const fn bug(self) -> &'static str {
        match self {
            CodecFlaw::InfinityFlagTrusted => "any encoding with the infinity flag set decodes to the identity, stray bits and all (gnark-crypto https://github.com/Consensys/gnark-crypto/commit/90177b295, https://github.com/ethereum/execution-specs/pull/2395)",
            CodecFlaw::CoordinatesReducedModP => "coordinates ≥ p reduced instead of refused (Go IsOnCurve, CVE-2022-23806, https://www.cve.org/CVERecord?id=CVE-2022-23806)",
            CodecFlaw::SubgroupCheckSkipped => "the checked decoder skips the subgroup check (Validate::No): points outside the order-r subgroup pass (cryptofuzz modules/arkworks-algebra validity gate, https://github.com/guidovranken/cryptofuzz; consensus-spec deserialization cases)",
            CodecFlaw::InfinityWrittenWithoutItsFlag => "the identity encoded without its infinity flag: compressed 0x80 then zeros (noble-bls12-381, https://github.com/paulmillr/noble-bls12-381/issues/6), uncompressed all zeros, the EVM's (0, 0)",
        }
    }

    /// The input class that triggers it (a zoo row's `trigger`).
    pub(super) const fn trigger(self) -> &'static str {
        match self {
            CodecFlaw::InfinityFlagTrusted => "mut_infinity_stray_bit or mut_infinity_on_point",
            CodecFlaw::CoordinatesReducedModP => "mut_non_canonical",
            CodecFlaw::SubgroupCheckSkipped => "point_non_subgroup with decode_checked",
            CodecFlaw::InfinityWrittenWithoutItsFlag => "encode of the identity",
        }
    }

    /// The verdicts that count as catching it (a zoo row's `caught_as`): a decoder's flaw
    /// accepts what the oracle refuses; an encoder's writes other bytes.
    pub(super) const fn caught_as(self) -> &'static [VerdictKind] {
        match self {
            CodecFlaw::InfinityWrittenWithoutItsFlag => &[VerdictKind::Mismatch],
            _ => &[VerdictKind::OracleRejected],
        }
    }
}

/// A library's ZCash codec `K` with one [`CodecFlaw`] planted; everything else is `K`'s.
pub(super) struct PlantedCodec<K> {
    inner: K,
    flaw: CodecFlaw,
}

impl<C: BlsGroup, K: Codec<C>> Codec<C> for PlantedCodec<K> {
    fn encode(&self, p: &Point<C::F>, known: &Known<C::F>, compressed: bool) -> Vec<u8> {
        let mut bytes = self.inner.encode(p, known, compressed);
        if let (CodecFlaw::InfinityWrittenWithoutItsFlag, Point::Identity) = (self.flaw, p) {
            bytes[0] &= !INFINITY_FLAG;
        }
        bytes
    }

    fn decode(&self, bytes: &[u8], compressed: bool, checked: bool) -> Option<Point<C::F>> {
        match self.flaw {
            CodecFlaw::InfinityFlagTrusted => {
                let size = C::COMPRESSED * if compressed { 1 } else { 2 };
                if bytes.len() == size && bytes[0] & INFINITY_FLAG != 0 {
                    return Some(Point::Identity);
                }
                self.inner.decode(bytes, compressed, checked)
            }
            CodecFlaw::CoordinatesReducedModP => {
                let p = ecdiff_oracles::bls12_381::bls12_381_fp().modulus();
                let mut reduced = bytes.to_vec();
                // Each 48-byte coordinate big-endian, its top three bits (the flags, in the
                // first) kept as they were.
                for chunk in reduced.chunks_mut(48).filter(|c| c.len() == 48) {
                    let flags = chunk[0] & 0xe0;
                    chunk[0] &= 0x1f;
                    let value = BigUint::from_bytes_be(chunk) % p;
                    let be = value.to_bytes_be();
                    chunk.fill(0);
                    chunk[48 - be.len()..].copy_from_slice(&be);
                    chunk[0] |= flags;
                }
                self.inner.decode(&reduced, compressed, checked)
            }
            CodecFlaw::SubgroupCheckSkipped => self.inner.decode(bytes, compressed, false),
            CodecFlaw::InfinityWrittenWithoutItsFlag => {
                self.inner.decode(bytes, compressed, checked)
            }
        }
    }
}

/// blst's `blst_g*_encoding` row with `flaw` planted, its known findings kept.
fn broken_blst<C: BlstCurve + BlsGroup>(spec: Spec, flaw: CodecFlaw) -> Box<dyn DynRoutine>
where
    Blstrs: Codec<C>,
{
    let codec = PlantedCodec {
        inner: Blstrs,
        flaw,
    };
    Box::new(with_known(
        check::<C, _>(spec, codec),
        blstrs_encoding_known::<C>,
        blstrs_encoding_behaviour::<C>,
    ))
}

/// zkcrypto's `zkcrypto_g*_encoding` row with `flaw` planted, its known finding kept.
fn broken_zkcrypto<C: BlsGroup>(spec: Spec, flaw: CodecFlaw) -> Box<dyn DynRoutine>
where
    Zkcrypto: Codec<C>,
{
    let codec = PlantedCodec {
        inner: Zkcrypto,
        flaw,
    };
    Box::new(with_known(
        check::<C, _>(spec, codec),
        zkcrypto_encoding_known::<C>,
        returns_the_coordinates::<C>,
    ))
}

/// ark-bls12-381's `ark_bls12_381_g*_encoding` row with `flaw` planted, its known finding kept.
fn broken_ark<C: BlsGroup>(spec: Spec, flaw: CodecFlaw) -> Box<dyn DynRoutine>
where
    ArkBls: Codec<C>,
{
    let codec = PlantedCodec {
        inner: ArkBls,
        flaw,
    };
    Box::new(with_known(
        check::<C, _>(spec, codec),
        ark_encoding_known::<C>,
        returns_the_coordinates::<C>,
    ))
}

/// The four variants of the encoding routine `$routine`, named `<routine>__<flaw>`, built by
/// `$broken` (`fn(Spec, CodecFlaw) -> Box<dyn DynRoutine>`).
macro_rules! encoding_zoo_rows {
    ($routine:literal, $broken:expr) => {
        encoding_zoo_rows!(@each $routine, $broken,
            "infinity_flag_trusted" InfinityFlagTrusted,
            "coordinates_reduced_mod_p" CoordinatesReducedModP,
            "subgroup_check_skipped" SubgroupCheckSkipped,
            "infinity_written_without_its_flag" InfinityWrittenWithoutItsFlag)
    };
    (@each $routine:literal, $broken:expr, $($suffix:literal $flaw:ident),*) => {
        [$(ZooRow {
            name: concat!($routine, "__", $suffix),
            routine: $routine,
            bug: CodecFlaw::$flaw.bug(),
            trigger: CodecFlaw::$flaw.trigger(),
            caught_as: CodecFlaw::$flaw.caught_as(),
            build: |spec| $broken(spec, CodecFlaw::$flaw),
        }),*]
    };
}

const BLST_G1: [ZooRow; 4] = encoding_zoo_rows!("blst_g1_encoding", broken_blst::<Bls12381G1>);
const BLST_G2: [ZooRow; 4] = encoding_zoo_rows!("blst_g2_encoding", broken_blst::<Bls12381G2>);
const ZKCRYPTO_G1: [ZooRow; 4] =
    encoding_zoo_rows!("zkcrypto_g1_encoding", broken_zkcrypto::<Bls12381G1>);
const ZKCRYPTO_G2: [ZooRow; 4] =
    encoding_zoo_rows!("zkcrypto_g2_encoding", broken_zkcrypto::<Bls12381G2>);
const ARK_G1: [ZooRow; 4] =
    encoding_zoo_rows!("ark_bls12_381_g1_encoding", broken_ark::<Bls12381G1>);
const ARK_G2: [ZooRow; 4] =
    encoding_zoo_rows!("ark_bls12_381_g2_encoding", broken_ark::<Bls12381G2>);

/// The six encoding rows' stamped variants.
pub(super) const TABLES: [&[ZooRow]; 6] = [
    &BLST_G1,
    &BLST_G2,
    &ZKCRYPTO_G1,
    &ZKCRYPTO_G2,
    &ARK_G1,
    &ARK_G2,
];
