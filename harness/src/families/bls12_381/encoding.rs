//! Point encodings of BLS12-381 G1 and G2 (the ZCash serialization): encoding, compressed and
//! uncompressed, and decoding with and without the subgroup check.
//!
//! A case is one operation on one point:
//!
//! * **encode** a point (compressed or uncompressed) and compare the bytes with the oracle's
//!   encoder (`ecdiff_oracles::bls12_381::serialization`, written from the format notes of
//!   zkcrypto/bls12_381 and draft-irtf-cfrg-pairing-friendly-curves-11 Appendix C);
//! * **decode** an encoding — valid, or broken on purpose — with the library's checked decoder
//!   (`from_compressed`, `from_uncompressed`) or its unchecked one (`*_unchecked`: any point on
//!   the curve), and compare what it accepts, as the oracle's uncompressed encoding of the
//!   decoded point, with the oracle's decoder; both refusing is agreement.
//!
//! Points: the identity, the generator, small multiples of it, uniformly random points with
//! known logs, points on the curve outside the order-r subgroup (T + k·G for a uniformly random
//! k and one of [`OFF_SUBGROUP_BASES`] fixed bases T outside the subgroup: the first
//! [`OFF_SUBGROUP_MULTIPLES`] multiples of each of a few seeded random points of the curve;
//! E(𝔽ₚ) has order h·r with cofactor h > 1, so each random point brings its own random
//! component outside G, and its multiples that component's multiples) and, on G1, the two
//! points with x = 0, (0, ±2): 3-torsion points outside the subgroup that a random x never
//! reaches, and which blst singles out (its decoders refuse them even unchecked, `src/e1.c`).
//! G2 has no point with x = 0: its b = 4(1 + i) has norm 2⁵ in 𝔽ₚ, a non-square since
//! p ≡ 3 (mod 8), so b is no square in 𝔽ₚ². Broken encodings (`mut_*` classes): the
//! compression flag flipped, the infinity flag set on a point, an infinity encoding with a
//! stray bit, the sort flag flipped, a coordinate ≥ p (x + p where it fits the 381 bits),
//! random coordinate bytes under valid flags, a length one byte short or long, and canonical
//! coordinates of no point on the curve (`mut_off_curve`: y + 1, or an x with no y), which only
//! the curve equation refuses and which unchecked decoders that skip it accept (ark's
//! `Validate::No`, zkcrypto's `from_uncompressed_unchecked`: known findings). Under the uniform baseline
//! ([`crate::generators::Bias::Uniform`]) a point is uniformly random and the bytes to decode
//! a uniformly random string of the right length.
//!
//! The oracle's checked decoder is its unchecked one followed by r·P = O; the case carries how
//! its point was drawn ([`Known`]: a log, or a base and a log), so that a decoded point equal
//! to ±k·G or ±(T + k·G) skips the double-and-add by r
//! ([`ecdiff_oracles::weierstrass::Curve::is_in_subgroup_given`]). Any other decoded point
//! gets the full check.

use crate::curve::SwGroup;
use crate::engine::{Outcome, Routine, RoutineInfo};
use crate::generators::points::encoding_point;
use crate::generators::{seeded_below, Gen};
use crate::repro::project::{Dependency, ReproCode};
use crate::shapes::Spec;
use ecdiff_oracles::bls12_381::serialization::{self as ser, DecodeError, SubgroupCheck};
use ecdiff_oracles::bls12_381::{bls12_381_fp, Bls12381G1, Bls12381G2};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::{OffSubgroup, Point, SubgroupHint};
use num_bigint::BigUint;
use std::marker::PhantomData;
use std::sync::OnceLock;

/// A BLS12-381 group with the oracle's ZCash encoder and decoder.
pub trait BlsGroup: SwGroup {
    /// Bytes of a compressed encoding (48 for G1, 96 for G2).
    const COMPRESSED: usize;
    /// Whether the curve has points with x = 0 (b is a square): G1's (0, ±2), none on G2.
    const HAS_X_ZERO: bool;
    /// The oracle's encoding; `None` for a point off the curve.
    fn encode(p: &Point<Self::F>, compressed: bool) -> Option<Vec<u8>>;
    /// The oracle's decoding.
    fn decode(
        bytes: &[u8],
        compressed: bool,
        check: SubgroupCheck,
    ) -> Result<Point<Self::F>, DecodeError>;
    /// The group's bases of the points drawn outside the subgroup (module docs): a `static`
    /// of the group's own, which the shape fills on first use.
    fn off_subgroup_bases() -> &'static OffSubgroupBases<Self::F>;
    /// The point of an uncompressed encoding after its flag and coordinate checks only (no
    /// curve equation): what a decoder that skips validation returns.
    fn coordinates(bytes: &[u8]) -> Result<Point<Self::F>, DecodeError>;
}

/// How many random points of the curve the bases of the points outside the subgroup are the
/// multiples of.
pub const OFF_SUBGROUP_SEEDS: usize = 4;

/// How many multiples of each of those points are bases (1·S to 16·S).
pub const OFF_SUBGROUP_MULTIPLES: usize = 16;

/// How many fixed bases T the points outside the subgroup are drawn around (T + k·G).
pub const OFF_SUBGROUP_BASES: usize = OFF_SUBGROUP_SEEDS * OFF_SUBGROUP_MULTIPLES;

/// A group's bases: the multiples of each of its [`OFF_SUBGROUP_SEEDS`] points, made on first
/// use.
pub type OffSubgroupBases<F> = [OnceLock<Vec<OffSubgroup<F>>>; OFF_SUBGROUP_SEEDS];

impl BlsGroup for Bls12381G1 {
    const COMPRESSED: usize = 48;
    const HAS_X_ZERO: bool = true;
    fn encode(p: &Point<Fp>, compressed: bool) -> Option<Vec<u8>> {
        if compressed {
            ser::g1_to_compressed(p).ok().map(|b| b.to_vec())
        } else {
            ser::g1_to_uncompressed(p).ok().map(|b| b.to_vec())
        }
    }
    fn decode(
        bytes: &[u8],
        compressed: bool,
        check: SubgroupCheck,
    ) -> Result<Point<Fp>, DecodeError> {
        if compressed {
            ser::g1_from_compressed(bytes, check)
        } else {
            ser::g1_from_uncompressed(bytes, check)
        }
    }
    fn coordinates(bytes: &[u8]) -> Result<Point<Fp>, DecodeError> {
        ser::g1_coordinates_from_uncompressed(bytes)
    }
    fn off_subgroup_bases() -> &'static OffSubgroupBases<Fp> {
        static BASES: OffSubgroupBases<Fp> = [const { OnceLock::new() }; OFF_SUBGROUP_SEEDS];
        &BASES
    }
}

impl BlsGroup for Bls12381G2 {
    const COMPRESSED: usize = 96;
    const HAS_X_ZERO: bool = false;
    fn encode(p: &Point<Fp2>, compressed: bool) -> Option<Vec<u8>> {
        if compressed {
            ser::g2_to_compressed(p).ok().map(|b| b.to_vec())
        } else {
            ser::g2_to_uncompressed(p).ok().map(|b| b.to_vec())
        }
    }
    fn decode(
        bytes: &[u8],
        compressed: bool,
        check: SubgroupCheck,
    ) -> Result<Point<Fp2>, DecodeError> {
        if compressed {
            ser::g2_from_compressed(bytes, check)
        } else {
            ser::g2_from_uncompressed(bytes, check)
        }
    }
    fn coordinates(bytes: &[u8]) -> Result<Point<Fp2>, DecodeError> {
        ser::g2_coordinates_from_uncompressed(bytes)
    }
    fn off_subgroup_bases() -> &'static OffSubgroupBases<Fp2> {
        static BASES: OffSubgroupBases<Fp2> = [const { OnceLock::new() }; OFF_SUBGROUP_SEEDS];
        &BASES
    }
}

/// A library's encoder and decoders, as an adapter implements them.
pub trait Codec<C: BlsGroup>: Send + Sync + 'static {
    /// The library's encoding of `p` (on the curve, possibly outside the subgroup), drawn as
    /// `known` says (for a library that builds its input by arithmetic from the log).
    fn encode(&self, p: &Point<C::F>, known: &Known<C::F>, compressed: bool) -> Vec<u8>;
    /// The library's decoding (`checked`: with the subgroup check); `None` when it refuses,
    /// including for a length its API cannot take.
    fn decode(&self, bytes: &[u8], compressed: bool, checked: bool) -> Option<Point<C::F>>;
    /// How a standalone reproducer calls this library's codec for `C` (`None`: no template).
    fn repro_api(&self) -> Option<ReproApi> {
        None
    }
}

/// How a standalone reproducer ([`crate::repro`]) calls a library's ZCash codec.
#[derive(Clone, Copy, Debug)]
pub enum ReproApi {
    /// Inherent `from_{compressed,uncompressed}[_unchecked](&[u8; N]) -> CtOption<Affine>` and
    /// `to_{compressed,uncompressed}()` on the affine type (blstrs, zkcrypto's bls12_381).
    Inherent {
        /// The affine type's path, e.g. `blstrs::G1Affine`.
        affine: &'static str,
    },
    /// ark-serialize's `deserialize_with_mode` / `serialize_with_mode` on the affine type
    /// (ark-bls12-381).
    Ark {
        /// The affine type's path, e.g. `ark_bls12_381::G1Affine`.
        affine: &'static str,
    },
}

/// The reproducer of one encoding case: the bytes decoded (or the point encoded) through
/// `api`, the result rendered as `point <uncompressed encoding>`, `refused` or
/// `bytes <encoding>`; the expected line is the oracle's answer.
fn reproducer_code<C: BlsGroup>(
    api: ReproApi,
    case: &EncodingCase<C::F>,
    oracle: &Outcome<String>,
) -> Option<ReproCode> {
    let size = C::COMPRESSED * if case.compressed { 1 } else { 2 };
    let form = if case.compressed {
        "compressed"
    } else {
        "uncompressed"
    };
    let expected = match (case.op, oracle) {
        (Op::Encode, Outcome::Value(hex)) => format!("bytes {hex}"),
        (Op::Decode { .. }, Outcome::Value(hex)) => format!("point {hex}"),
        (Op::Decode { .. }, Outcome::Rejected(_)) => "refused".into(),
        _ => return None,
    };
    let coordinates = C::encode(&case.point, false)?;
    let (uses, body) = match (api, case.op) {
        (ReproApi::Inherent { affine }, Op::Decode { checked }) => {
            let call = format!(
                "from_{form}{}",
                if checked { "" } else { "_unchecked" }
            );
            (
                Vec::new(),
                format!(
                    "let input = unhex(\"{}\");\n\
                     // The decoder under test takes [u8; {size}]: an input of another length is\n\
                     // refused before the call, as a caller's `try_into` would.\n\
                     let Ok(bytes) = <[u8; {size}]>::try_from(input.as_slice()) else {{\n    \
                     return \"refused\".to_string();\n}};\n\
                     let decoded: Option<{affine}> = {affine}::{call}(&bytes).into();\n\
                     match decoded {{\n    \
                     // The point's coordinates, as the library's own encoder writes them.\n    \
                     Some(point) => format!(\"point {{}}\", hex(&point.to_uncompressed())),\n    \
                     None => \"refused\".to_string(),\n}}\n",
                    hex::encode(&case.bytes)
                ),
            )
        }
        (ReproApi::Inherent { affine }, Op::Encode) => (
            Vec::new(),
            format!(
                "// The point enters through the unchecked decoder of its coordinates.\n\
                 let coordinates: [u8; {}] = unhex(\"{}\").try_into().expect(\"the coordinates\");\n\
                 let point: {affine} = Option::from({affine}::from_uncompressed_unchecked(&coordinates))\n    \
                 .expect(\"the point is on the curve\");\n\
                 // The encoder under test.\n\
                 format!(\"bytes {{}}\", hex(&point.to_{form}()))\n",
                2 * C::COMPRESSED,
                hex::encode(&coordinates)
            ),
        ),
        (ReproApi::Ark { affine }, op) => {
            let uses = vec![
                "use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};"
                    .to_string(),
            ];
            let compress = if case.compressed { "Yes" } else { "No" };
            let body = match op {
                Op::Decode { checked } => format!(
                    "let input = unhex(\"{}\");\n\
                     // ecdiff hands the decoder exactly {size} bytes; another length is refused\n\
                     // before the call.\n\
                     if input.len() != {size} {{\n    return \"refused\".to_string();\n}}\n\
                     // The decoder under test.\n\
                     match {affine}::deserialize_with_mode(input.as_slice(), Compress::{compress}, Validate::{}) {{\n    \
                     Ok(point) => {{\n        \
                     // The point's coordinates, as the library's own encoder writes them.\n        \
                     let mut out = Vec::new();\n        \
                     point.serialize_uncompressed(&mut out).expect(\"writing into a Vec\");\n        \
                     format!(\"point {{}}\", hex(&out))\n    \
                     }}\n    \
                     Err(_) => \"refused\".to_string(),\n}}\n",
                    hex::encode(&case.bytes),
                    if checked { "Yes" } else { "No" }
                ),
                Op::Encode => format!(
                    "// The point enters through the unchecked decoder of its coordinates.\n\
                     let coordinates = unhex(\"{}\");\n\
                     let point = {affine}::deserialize_with_mode(coordinates.as_slice(), Compress::No, Validate::No)\n    \
                     .expect(\"the point is on the curve\");\n\
                     // The encoder under test.\n\
                     let mut out = Vec::new();\n\
                     point.serialize_with_mode(&mut out, Compress::{compress}).expect(\"writing into a Vec\");\n\
                     format!(\"bytes {{}}\", hex(&out))\n",
                    hex::encode(&coordinates)
                ),
            };
            (uses, body)
        }
    };
    let extra = match api {
        ReproApi::Ark { .. } => vec![Dependency::new("ark-serialize", "0.5.0")],
        ReproApi::Inherent { .. } => Vec::new(),
    };
    Some(ReproCode {
        dependencies: extra,
        uses,
        body,
        expected,
        expected_from: "ecdiff's oracle on this case (ecdiff_oracles::bls12_381::serialization, \
                        written from the ZCash format notes), embedded"
            .into(),
    })
}

/// `N` bytes, or `None` for another length: the libraries take fixed-size arrays, so an input
/// of another length is refused before the library sees it, as a caller's `try_into` would.
pub fn array<const N: usize>(bytes: &[u8]) -> Option<[u8; N]> {
    bytes.try_into().ok()
}

/// The uncompressed decoders through their trait form (`UncompressedEncoding`, which delegates
/// to the inherent methods), so both forms of the routine's surface run; an adapter invokes it
/// once for the version of `group` its library implements (blstrs 0.13, zkcrypto 0.14).
macro_rules! trait_form {
    ($module:ident, $group_crate:ident) => {
        mod $module {
            use $group_crate::UncompressedEncoding;

            pub fn from_uncompressed<A: UncompressedEncoding>(
                bytes: &[u8],
                checked: bool,
            ) -> Option<A> {
                let mut repr = A::Uncompressed::default();
                if repr.as_ref().len() != bytes.len() {
                    return None;
                }
                repr.as_mut().copy_from_slice(bytes);
                Option::from(if checked {
                    A::from_uncompressed(&repr)
                } else {
                    A::from_uncompressed_unchecked(&repr)
                })
            }

            pub fn to_uncompressed<A: UncompressedEncoding>(a: &A) -> Vec<u8> {
                a.to_uncompressed().as_ref().to_vec()
            }
        }
    };
}

pub(crate) use trait_form;

/// `Codec<$group> for $subject` (used by the blstrs and zkcrypto adapters) over an affine type with the inherent `{to,from}_compressed*`
/// methods and `UncompressedEncoding` (through `$traits`); `$to(p, known, compressed)` makes the
/// library's affine point of an oracle point for the encoder of that form, `$from` reads one
/// back. `$name` prefixes the functions recorded for `crate::paths`.
macro_rules! affine_codec {
    ($subject:ty, $group:ty, $affine:ty, $affine_path:literal, $compressed:literal, $traits:ident, $name:literal, $to:expr, $from:expr) => {
        impl $crate::families::bls12_381::encoding::Codec<$group> for $subject {
            fn encode(
                &self,
                p: &ecdiff_oracles::weierstrass::Point<<$group as $crate::curve::SwGroup>::F>,
                known: &$crate::families::bls12_381::encoding::Known<
                    <$group as $crate::curve::SwGroup>::F,
                >,
                compressed: bool,
            ) -> Vec<u8> {
                let a: $affine = $to(p, known, compressed);
                if compressed {
                    $crate::paths::under_test(
                        $crate::paths::Side::Out,
                        concat!($name, "::to_compressed"),
                    );
                    a.to_compressed().to_vec()
                } else {
                    $crate::paths::under_test(
                        $crate::paths::Side::Out,
                        concat!($name, "::to_uncompressed"),
                    );
                    $traits::to_uncompressed(&a)
                }
            }

            fn decode(
                &self,
                bytes: &[u8],
                compressed: bool,
                checked: bool,
            ) -> Option<ecdiff_oracles::weierstrass::Point<<$group as $crate::curve::SwGroup>::F>>
            {
                $crate::paths::under_test(
                    $crate::paths::Side::In,
                    if compressed {
                        concat!($name, "::from_compressed")
                    } else {
                        concat!($name, "::from_uncompressed")
                    },
                );
                let decoded: Option<$affine> = match (compressed, checked) {
                    (true, true) => Option::from(<$affine>::from_compressed(
                        &$crate::families::bls12_381::encoding::array::<$compressed>(bytes)?,
                    )),
                    (true, false) => Option::from(<$affine>::from_compressed_unchecked(
                        &$crate::families::bls12_381::encoding::array::<$compressed>(bytes)?,
                    )),
                    (false, checked) => $traits::from_uncompressed::<$affine>(bytes, checked),
                };
                decoded.map(|a| $from(&a))
            }

            fn repro_api(&self) -> Option<$crate::families::bls12_381::encoding::ReproApi> {
                Some($crate::families::bls12_381::encoding::ReproApi::Inherent {
                    affine: $affine_path,
                })
            }
        }
    };
}
pub(crate) use affine_codec;

/// What a case does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Encode the point.
    Encode,
    /// Decode the bytes, with or without the subgroup check.
    Decode {
        /// Whether the decoder checks subgroup membership.
        checked: bool,
    },
}

/// One case.
#[derive(Clone, Debug)]
pub struct EncodingCase<F: 'static> {
    /// The operation.
    pub op: Op,
    /// Compressed or uncompressed form.
    pub compressed: bool,
    /// The point (encoded as is for [`Op::Encode`]; the source of the bytes for decoding).
    pub point: Point<F>,
    /// How the point was drawn: bookkeeping for the oracle's subgroup check (module docs).
    pub known: Known<F>,
    /// The bytes to decode (empty for [`Op::Encode`]).
    pub bytes: Vec<u8>,
}

/// How a case's point was drawn, for the oracle's subgroup check of a decoded point
/// ([`ecdiff_oracles::weierstrass::Curve::is_in_subgroup_given`]).
#[derive(Clone, Debug)]
pub enum Known<F: 'static> {
    /// Nothing known (the points with x = 0).
    Nothing,
    /// log·G.
    Log(BigUint),
    /// T + log·G for a base T outside the subgroup.
    Coset {
        /// T.
        base: &'static OffSubgroup<F>,
        /// The multiple of G added to T.
        log: BigUint,
    },
}

impl<F> Known<F> {
    /// The hint for [`ecdiff_oracles::weierstrass::Curve::is_in_subgroup_given`].
    pub fn hint(&self) -> SubgroupHint<'_, F> {
        match self {
            Known::Nothing => SubgroupHint::None,
            Known::Log(log) => SubgroupHint::Log(log),
            Known::Coset { base, log } => SubgroupHint::Coset { base, log },
        }
    }
}

/// Every class the generator records on any group; `point_x_zero` only where
/// [`BlsGroup::HAS_X_ZERO`] ([`encoding_classes`]).
pub const ENCODING_CLASSES: &[&str] = &[
    "compressed",
    "uncompressed",
    "encode",
    "decode_checked",
    "decode_unchecked",
    "point_identity",
    "point_generator",
    "point_small_multiple",
    "point_random",
    "point_non_subgroup",
    "point_x_zero",
    "mut_none",
    "mut_compression_flag",
    "mut_infinity_on_point",
    "mut_infinity_stray_bit",
    "mut_sort_flag",
    "mut_non_canonical",
    "mut_garbage",
    "mut_length",
    "mut_off_curve",
];

/// The classes the generator records on `C`.
pub fn encoding_classes<C: BlsGroup>() -> Vec<&'static str> {
    ENCODING_CLASSES
        .iter()
        .copied()
        .filter(|&class| C::HAS_X_ZERO || class != "point_x_zero")
        .collect()
}

/// The encoding check of group `C` against `subject`.
pub struct EncodingCheck<C, S> {
    spec: Spec,
    subject: S,
    _group: PhantomData<fn() -> C>,
}

/// Checks `subject`'s encoders and decoders of `C` (see the module docs).
pub fn check<C: BlsGroup, S: Codec<C>>(spec: Spec, subject: S) -> EncodingCheck<C, S> {
    EncodingCheck {
        spec,
        subject,
        _group: PhantomData,
    }
}

/// Base `i` of `C`'s points outside the subgroup: multiple `i % OFF_SUBGROUP_MULTIPLES + 1` of
/// seed point `i / OFF_SUBGROUP_MULTIPLES`. Seed point j is the first x of the seeded stream
/// `OFF_SUBGROUP_SEED ^ j` (one value per 𝔽ₚ coefficient) whose x³ + b is a square and whose
/// first [`OFF_SUBGROUP_MULTIPLES`] multiples all lie outside the subgroup, lifted by the
/// oracle's unchecked decoder (the root its compressed form with the sort flag clear picks).
/// The oracle decides the multiples with one double-and-add by r
/// ([`ecdiff_oracles::weierstrass::Curve::off_subgroup_multiples`]). A seed point's multiples
/// are made on its first use and kept for the process.
fn off_subgroup_base<C: BlsGroup>(i: usize) -> &'static OffSubgroup<C::F> {
    let (seed, multiple) = (i / OFF_SUBGROUP_MULTIPLES, i % OFF_SUBGROUP_MULTIPLES);
    let bases = C::off_subgroup_bases()[seed].get_or_init(|| {
        let count = OFF_SUBGROUP_MULTIPLES as u64;
        let mut xs = seeded_below(bls12_381_fp().modulus(), OFF_SUBGROUP_SEED ^ seed as u64);
        loop {
            let mut bytes = Vec::with_capacity(C::COMPRESSED);
            for x in xs.by_ref().take(C::COMPRESSED / 48) {
                bytes.extend(be48(&x));
            }
            bytes[0] |= 0x80;
            if let Ok(s) = C::decode(&bytes, true, SubgroupCheck::Unchecked) {
                let bases = C::instance().curve().off_subgroup_multiples(&s, count);
                if bases.len() == OFF_SUBGROUP_MULTIPLES {
                    return bases;
                }
            }
        }
    });
    &bases[multiple]
}

/// The seed of [`off_subgroup_base`]'s streams.
const OFF_SUBGROUP_SEED: u64 = 0xecd1_0ff5;

/// `x < 2³⁸⁴` as 48 big-endian bytes.
fn be48(x: &BigUint) -> [u8; 48] {
    let be = x.to_bytes_be();
    let mut out = [0u8; 48];
    out[48 - be.len()..].copy_from_slice(&be);
    out
}

/// A point outside the subgroup: T + k·G for a base T drawn from [`OFF_SUBGROUP_BASES`]
/// ([`off_subgroup_base`]) and a uniformly random k, so r·(T + k·G) = r·T ≠ O.
fn non_subgroup_point<C: BlsGroup>(g: &mut Gen, c: &C) -> (Point<C::F>, Known<C::F>) {
    let base = off_subgroup_base::<C>(g.below(OFF_SUBGROUP_BASES as u64) as usize);
    let log = g.biguint_below(c.order());
    let point = c.curve().add(base.point(), &c.mul_hub(&log));
    (point, Known::Coset { base, log })
}

/// A point with x = 0, (0, ±2) on G1, decoded by the oracle from its compressed encoding (the
/// sort flag picks the sign); only for a group with [`BlsGroup::HAS_X_ZERO`].
fn x_zero_point<C: BlsGroup>(g: &mut Gen) -> Point<C::F> {
    let mut bytes = vec![0u8; C::COMPRESSED];
    bytes[0] = if g.chance(1, 2) { 0xa0 } else { 0x80 };
    C::decode(&bytes, true, SubgroupCheck::Unchecked).expect("b is a square: (0, ±√b) exist")
}

/// A point and how it was drawn.
fn draw_point<C: BlsGroup>(g: &mut Gen, c: &C) -> (Point<C::F>, Known<C::F>) {
    if let Some(p) = encoding_point(g, c, 4) {
        return (p.elem, Known::Log(p.log));
    }
    if C::HAS_X_ZERO && g.weighted(&[3, 1]) == 1 {
        g.hit("point_x_zero");
        return (x_zero_point::<C>(g), Known::Nothing);
    }
    g.hit("point_non_subgroup");
    non_subgroup_point(g, c)
}

/// Breaks `bytes` (a valid encoding of `point`) in one of the ways of the module docs.
fn mutate<C: BlsGroup>(g: &mut Gen, bytes: &mut Vec<u8>, compressed: bool) {
    // New kinds go last: a replayed tape keeps its recorded index.
    match g.weighted(&[6, 1, 1, 1, 2, 2, 1, 1, 1]) {
        0 => g.hit("mut_none"),
        1 => {
            g.hit("mut_compression_flag");
            bytes[0] ^= 0x80;
        }
        2 => {
            g.hit("mut_infinity_on_point");
            bytes[0] |= 0x40;
        }
        3 => {
            g.hit("mut_infinity_stray_bit");
            let identity = C::encode(&Point::Identity, compressed).expect("the identity encodes");
            *bytes = identity;
            let bit = g.below(bytes.len() as u64 * 8 - 2) as usize + 2; // not C or I
            bytes[bit / 8] ^= 0x80 >> (bit % 8);
        }
        4 => {
            g.hit("mut_sort_flag");
            bytes[0] ^= 0x20;
        }
        5 => {
            // The first 48-byte coordinate (x, or x.c1) as x + p where that fits 381 bits (a
            // decoder that reduces mod p would read the same point), else p + (x mod (2³⁸¹ − p)).
            g.hit("mut_non_canonical");
            let p = bls12_381_fp().modulus();
            let flags = bytes[0] & 0xe0;
            let mut first = bytes[..48].to_vec();
            first[0] &= 0x1f;
            let x = BigUint::from_bytes_be(&first);
            let room = (BigUint::from(1u8) << 381u32) - p;
            let bumped = if x < room { x + p } else { p + x % room };
            let mut be = be48(&bumped);
            be[0] |= flags;
            bytes[..48].copy_from_slice(&be);
        }
        6 => {
            g.hit("mut_garbage");
            let flags = bytes[0] & 0xe0;
            let fresh = g.bytes(bytes.len());
            bytes.copy_from_slice(&fresh);
            bytes[0] = (bytes[0] & 0x1f) | flags;
        }
        7 => {
            g.hit("mut_length");
            if g.chance(1, 2) {
                bytes.pop();
            } else {
                bytes.push(g.u8());
            }
        }
        _ => {
            g.hit("mut_off_curve");
            off_curve::<C>(bytes, compressed);
        }
    }
}

/// Turns a valid encoding into a well-formed encoding of no point on the curve: the infinity
/// flag cleared (so the identity becomes the coordinates 0), then, uncompressed, y's last
/// 𝔽ₚ coefficient (y, or y.c0) plus 1 mod p — (x, y + 1) is on the curve only if 2y + 1 = 0 —
/// and, compressed, x's last coefficient increased until x³ + b is no square (half the x
/// qualify). Flags and coordinates stay canonical, so only the curve equation refuses it:
/// the input that tells a decoder that checks the curve from one that does not.
fn off_curve<C: BlsGroup>(bytes: &mut [u8], compressed: bool) {
    let flags = bytes[0] & 0xe0 & !0x40;
    let last = bytes.len() - 48;
    let p = bls12_381_fp().modulus();
    // The flags share byte 0 with G1's compressed x.
    let bump = |bytes: &mut [u8]| {
        bytes[0] &= 0x1f;
        let v = (BigUint::from_bytes_be(&bytes[last..]) + 1u8) % p;
        let be = v.to_bytes_be();
        let end = bytes.len();
        bytes[last..].fill(0);
        bytes[end - be.len()..].copy_from_slice(&be);
        bytes[0] |= flags;
    };
    bump(bytes);
    while compressed && C::decode(bytes, true, SubgroupCheck::Unchecked).is_ok() {
        bump(bytes);
    }
}

impl<C: BlsGroup, S: Codec<C>> Routine for EncodingCheck<C, S> {
    type Case = EncodingCase<C::F>;
    /// The canonical bytes: the encoding, or the oracle's uncompressed encoding of a decoded
    /// point, in hex.
    type Output = String;

    fn info(&self) -> RoutineInfo {
        self.spec.info(
            "ZCash serialization from its specification (flags, canonical coordinates, square \
             roots, curve equation, r·P = O by double-and-add)",
            encoding_classes::<C>(),
        )
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let c = C::instance();
        let compressed = g.chance(1, 2);
        if g.edgy() {
            g.hit(if compressed {
                "compressed"
            } else {
                "uncompressed"
            });
        }
        let op = match g.weighted(&[3, 4, 3]) {
            0 => Op::Encode,
            1 => Op::Decode { checked: true },
            _ => Op::Decode { checked: false },
        };
        let op_class = match op {
            Op::Encode => "encode",
            Op::Decode { checked: true } => "decode_checked",
            Op::Decode { checked: false } => "decode_unchecked",
        };
        if g.edgy() {
            g.hit(op_class);
        }
        if !g.edgy() {
            // The uniform baseline: a uniformly random point to encode, a uniformly random
            // byte string of the right length to decode.
            let log = g.biguint_below(c.order());
            let point = c.mul_hub(&log);
            let size = C::COMPRESSED * if compressed { 1 } else { 2 };
            let bytes = match op {
                Op::Encode => Vec::new(),
                Op::Decode { .. } => g.bytes(size),
            };
            return EncodingCase {
                op,
                compressed,
                point,
                known: Known::Log(log),
                bytes,
            };
        }
        let (point, known) = g.scope("bls.point", |g| draw_point(g, c));
        let bytes = match op {
            Op::Encode => Vec::new(),
            Op::Decode { .. } => {
                let mut bytes =
                    C::encode(&point, compressed).expect("drawn points are on the curve");
                g.scope("bls.mutation", |g| mutate::<C>(g, &mut bytes, compressed));
                bytes
            }
        };
        EncodingCase {
            op,
            compressed,
            point,
            known,
            bytes,
        }
    }

    /// Read off the case the subject receives — its operation and form, its point (by the
    /// oracle's arithmetic: r·P for the subgroup, k·G for the small multiples) and its bytes
    /// (against the oracle's encoding of that point, which the mutations start from) — never
    /// off the [`Known`] bookkeeping or the labels.
    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        let c = C::instance();
        let curve = c.curve();
        let point = &case.point;
        let bytes = &case.bytes[..];
        let decode = matches!(case.op, Op::Decode { .. });
        let encoding = || C::encode(point, case.compressed).expect("drawn points are on the curve");
        // The bytes are the encoding with byte 0 changed by `change`, the rest untouched.
        let first_byte = |change: &dyn Fn(u8) -> u8| {
            let e = encoding();
            decode && bytes.len() == e.len() && bytes[0] == change(e[0]) && bytes[1..] == e[1..]
        };
        // The right length, and the encoding's three flag bits (C, I, S) kept.
        let flags_kept = || {
            let e = encoding();
            bytes.len() == e.len() && bytes[0] & 0xe0 == e[0] & 0xe0
        };
        let small_multiple =
            || (2..=16u32).any(|k| *point == curve.mul(&curve.generator, &BigUint::from(k)));
        let in_subgroup = || curve.mul(point, c.order()) == Point::Identity;
        Some(match class {
            "compressed" => case.compressed,
            "uncompressed" => !case.compressed,
            "encode" => case.op == Op::Encode,
            "decode_checked" => case.op == Op::Decode { checked: true },
            "decode_unchecked" => case.op == Op::Decode { checked: false },
            "point_identity" => *point == Point::Identity,
            "point_generator" => *point == curve.generator,
            "point_small_multiple" => small_multiple(),
            "point_random" => {
                *point != Point::Identity
                    && *point != curve.generator
                    && !small_multiple()
                    && in_subgroup()
            }
            "point_non_subgroup" => curve.is_on_curve(point) && !in_subgroup(),
            // x = 0: the compressed encoding of an affine point is its flags and zeros.
            "point_x_zero" => {
                *point != Point::Identity
                    && C::encode(point, true)
                        .is_some_and(|e| e[0] & 0x1f == 0 && e[1..].iter().all(|&b| b == 0))
            }
            "mut_none" => first_byte(&|b| b),
            "mut_compression_flag" => first_byte(&|b| b ^ 0x80),
            "mut_infinity_on_point" => first_byte(&|b| b | 0x40),
            "mut_sort_flag" => first_byte(&|b| b ^ 0x20),
            // The identity's encoding with one bit flipped, not the C or the I flag.
            "mut_infinity_stray_bit" => {
                let identity =
                    C::encode(&Point::Identity, case.compressed).expect("the identity encodes");
                let flipped: Vec<usize> = (0..identity.len() * 8)
                    .filter(|&bit| {
                        bytes
                            .get(bit / 8)
                            .is_some_and(|b| (b ^ identity[bit / 8]) & (0x80 >> (bit % 8)) != 0)
                    })
                    .collect();
                decode && bytes.len() == identity.len() && flipped.len() == 1 && flipped[0] >= 2
            }
            // The first 48-byte coordinate (x, or x.c1), flags masked off, is ≥ p.
            "mut_non_canonical" => {
                let mut first = bytes.get(..48).unwrap_or_default().to_vec();
                if let Some(b) = first.first_mut() {
                    *b &= 0x1f;
                }
                decode
                    && flags_kept()
                    && BigUint::from_bytes_be(&first) >= *bls12_381_fp().modulus()
            }
            "mut_garbage" => decode && flags_kept() && bytes != encoding(),
            "mut_length" => decode && bytes.len() != encoding().len(),
            "mut_off_curve" => {
                decode
                    && bytes.len() == encoding().len()
                    && C::decode(bytes, case.compressed, SubgroupCheck::Unchecked)
                        == Err(DecodeError::NotOnCurve)
            }
            _ => return None,
        })
    }

    fn subject(&self, case: &Self::Case) -> Outcome<String> {
        match case.op {
            Op::Encode => Outcome::Value(hex::encode(self.subject.encode(
                &case.point,
                &case.known,
                case.compressed,
            ))),
            Op::Decode { checked } => {
                match self.subject.decode(&case.bytes, case.compressed, checked) {
                    Some(p) => Outcome::Value(canonical::<C>(&p)),
                    None => Outcome::Rejected("the library refused the encoding".into()),
                }
            }
        }
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<String> {
        match case.op {
            Op::Encode => Outcome::Value(hex::encode(
                C::encode(&case.point, case.compressed).expect("drawn points are on the curve"),
            )),
            // The checked decoder is the unchecked one followed by r·P = O (the oracle's
            // `validate`), here with how the case's point was drawn as a hint that saves the
            // double-and-add when the bytes decode to ± the drawn point.
            Op::Decode { checked } => {
                match C::decode(&case.bytes, case.compressed, SubgroupCheck::Unchecked) {
                    Ok(p)
                        if checked
                            && !C::instance()
                                .curve()
                                .is_in_subgroup_given(&p, case.known.hint()) =>
                    {
                        Outcome::Rejected(format!("{:?}", DecodeError::NotInSubgroup))
                    }
                    Ok(p) => Outcome::Value(canonical::<C>(&p)),
                    Err(e) => Outcome::Rejected(format!("{e:?}")),
                }
            }
        }
    }

    fn reproducer(&self, case: &Self::Case, oracle: &Outcome<String>) -> Option<ReproCode> {
        reproducer_code::<C>(self.subject.repro_api()?, case, oracle)
    }

    fn render_case(&self, case: &Self::Case) -> String {
        let form = if case.compressed {
            "compressed"
        } else {
            "uncompressed"
        };
        match case.op {
            Op::Encode => format!(
                "encode ({form}) the point {}",
                C::encode(&case.point, false).map_or_else(|| "off the curve".into(), hex::encode)
            ),
            Op::Decode { checked } => format!(
                "decode ({form}, {}) {} bytes: {}\n(from the point {})",
                if checked { "checked" } else { "unchecked" },
                case.bytes.len(),
                hex::encode(&case.bytes),
                C::encode(&case.point, false).map_or_else(|| "off the curve".into(), hex::encode)
            ),
        }
    }
}

/// A decoded point as the oracle's uncompressed encoding (or a note that it is off the curve).
/// The check's output for a decoded point: its uncompressed encoding in hex, or for a point
/// off the curve (which has no encoding) the point itself.
pub fn canonical<C: BlsGroup>(p: &Point<C::F>) -> String {
    C::encode(p, false).map_or_else(|| format!("off the curve: {p:?}"), hex::encode)
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
