//! BLS12-381 point encodings of blstrs 0.7.1, zkcrypto's bls12_381 0.9.0 and ark-bls12-381
//! 0.5.0, for [`crate::families::bls12_381::encoding`].
//!
//! * blstrs: points to encode go in coordinate by coordinate
//!   ([`BlstCurve::to_blst_affine`], `from_raw_unchecked`, so points outside the subgroup go in
//!   as drawn); decoded points come back coordinate by coordinate
//!   ([`BlstCurve::from_blst_affine`]).
//! * zkcrypto keeps its coordinates private: points to encode are built by its own arithmetic
//!   from its generator when their log is known, and otherwise decoded from the format *not*
//!   under test; decoded points come back through its `Debug` (the struct's fields), never an
//!   encoder ([`super::adapter_zkcrypto`]).
//! * Both take fixed-size arrays: an input of another length is refused before the library
//!   sees it, as a caller's `try_into` would.

use super::adapter::{ArkBls, ArkBlsCurve, BlstCurve, Blstrs, Zkcrypto};
use super::adapter_zkcrypto::{encoding_input, read_affine};
use crate::curve::SwGroup;
use crate::families::bls12_381::encoding::{BlsGroup, Codec, Known};
use crate::paths::{under_test, Side};
use ark_ec::short_weierstrass::Affine;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};
use ecdiff_oracles::bls12_381::{Bls12381G1, Bls12381G2};
use ecdiff_oracles::weierstrass::Point;

/// `N` bytes, or `None` for another length.
fn array<const N: usize>(bytes: &[u8]) -> Option<[u8; N]> {
    bytes.try_into().ok()
}

/// The uncompressed decoders through their trait form (`UncompressedEncoding`, which delegates
/// to the inherent methods), so both forms of the routine's surface run; one module per
/// version of `group` (blstrs implements 0.13's, zkcrypto 0.14's).
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

trait_form!(group_013_form, group_013);
trait_form!(group_014_form, group_014);

/// `Codec<$group> for $subject` over an affine type with the inherent `{to,from}_compressed*`
/// methods and `UncompressedEncoding` (through `$traits`); `$to(p, known, compressed)` makes the
/// library's affine point of an oracle point for the encoder of that form, `$from` reads one
/// back. `$name` prefixes the functions recorded for `crate::paths`.
macro_rules! affine_codec {
    ($subject:ty, $group:ty, $affine:ty, $compressed:literal, $traits:ident, $name:literal, $to:expr, $from:expr) => {
        impl Codec<$group> for $subject {
            fn encode(
                &self,
                p: &Point<<$group as SwGroup>::F>,
                known: &Known<<$group as SwGroup>::F>,
                compressed: bool,
            ) -> Vec<u8> {
                let a: $affine = $to(p, known, compressed);
                if compressed {
                    under_test(Side::Out, concat!($name, "::to_compressed"));
                    a.to_compressed().to_vec()
                } else {
                    under_test(Side::Out, concat!($name, "::to_uncompressed"));
                    $traits::to_uncompressed(&a)
                }
            }

            fn decode(
                &self,
                bytes: &[u8],
                compressed: bool,
                checked: bool,
            ) -> Option<Point<<$group as SwGroup>::F>> {
                under_test(
                    Side::In,
                    if compressed {
                        concat!($name, "::from_compressed")
                    } else {
                        concat!($name, "::from_uncompressed")
                    },
                );
                let decoded: Option<$affine> =
                    match (compressed, checked) {
                        (true, true) => {
                            Option::from(<$affine>::from_compressed(&array::<$compressed>(bytes)?))
                        }
                        (true, false) => Option::from(<$affine>::from_compressed_unchecked(
                            &array::<$compressed>(bytes)?,
                        )),
                        (false, checked) => $traits::from_uncompressed::<$affine>(bytes, checked),
                    };
                decoded.map(|a| $from(&a))
            }
        }
    };
}

affine_codec!(
    Blstrs,
    Bls12381G1,
    blstrs::G1Affine,
    48,
    group_013_form,
    "blstrs::G1Affine",
    |p, _, _| <Bls12381G1 as BlstCurve>::to_blst_affine(p),
    <Bls12381G1 as BlstCurve>::from_blst_affine
);
affine_codec!(
    Blstrs,
    Bls12381G2,
    blstrs::G2Affine,
    96,
    group_013_form,
    "blstrs::G2Affine",
    |p, _, _| <Bls12381G2 as BlstCurve>::to_blst_affine(p),
    <Bls12381G2 as BlstCurve>::from_blst_affine
);
affine_codec!(
    Zkcrypto,
    Bls12381G1,
    bls12_381::G1Affine,
    48,
    group_014_form,
    "bls12_381::Affine",
    |p, known, compressed: bool| encoding_input::<Bls12381G1>(p, known, !compressed),
    read_affine::<Bls12381G1>
);
affine_codec!(
    Zkcrypto,
    Bls12381G2,
    bls12_381::G2Affine,
    96,
    group_014_form,
    "bls12_381::Affine",
    |p, known, compressed: bool| encoding_input::<Bls12381G2>(p, known, !compressed),
    read_affine::<Bls12381G2>
);

/// ark-bls12-381's `CanonicalSerialize` / `CanonicalDeserialize` of `Affine` (its ZCash-style
/// flags, `ark-bls12-381 src/curves/util.rs`): `Compress::{Yes,No}`, and `Validate::Yes` for the
/// checked decoder, `Validate::No` for the unchecked one. Points go in and out coordinate by
/// coordinate ([`ArkBlsCurve`]).
impl<C: ArkBlsCurve + BlsGroup> Codec<C> for ArkBls {
    fn encode(&self, p: &Point<C::F>, _: &Known<C::F>, compressed: bool) -> Vec<u8> {
        under_test(Side::Out, "ark_serialize::Affine::serialize");
        let a = C::to_ark_affine(p);
        let mut out = Vec::new();
        let mode = if compressed {
            Compress::Yes
        } else {
            Compress::No
        };
        a.serialize_with_mode(&mut out, mode)
            .expect("serializing into a Vec cannot fail");
        out
    }

    fn decode(&self, bytes: &[u8], compressed: bool, checked: bool) -> Option<Point<C::F>> {
        let size = C::COMPRESSED * if compressed { 1 } else { 2 };
        if bytes.len() != size {
            return None;
        }
        let mode = if compressed {
            Compress::Yes
        } else {
            Compress::No
        };
        let validate = if checked { Validate::Yes } else { Validate::No };
        under_test(Side::In, "ark_serialize::Affine::deserialize");
        let a = Affine::<C::Config>::deserialize_with_mode(bytes, mode, validate).ok()?;
        Some(C::from_ark_affine(&a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ecdiff_oracles::bls12_381::serialization::{DecodeError, SubgroupCheck};
    use ecdiff_oracles::field::Field;

    /// The known finding `BLSTRS_UNCOMPRESSED_ACCEPTS_COMPRESSED` (families/bls12_381.rs), at
    /// its smallest input: 0xc0 then zeros, decoded as uncompressed.
    #[test]
    fn blstrs_uncompressed_decoders_accept_the_compression_flag() {
        let mut g1 = [0u8; 96];
        g1[0] = 0xc0;
        let mut g2 = [0u8; 192];
        g2[0] = 0xc0;
        for checked in [true, false] {
            assert_eq!(
                Codec::<Bls12381G1>::decode(&Blstrs, &g1, false, checked),
                Some(Point::Identity)
            );
            assert_eq!(
                Codec::<Bls12381G2>::decode(&Blstrs, &g2, false, checked),
                Some(Point::Identity)
            );
            // zkcrypto refuses, as the format requires.
            assert_eq!(
                Codec::<Bls12381G1>::decode(&Zkcrypto, &g1, false, checked),
                None
            );
            assert_eq!(
                Codec::<Bls12381G2>::decode(&Zkcrypto, &g2, false, checked),
                None
            );
        }
        assert_eq!(
            <Bls12381G1 as BlsGroup>::decode(&g1, false, SubgroupCheck::Checked),
            Err(DecodeError::WrongCompressionFlag)
        );
    }

    /// The known finding `BLSTRS_UNCHECKED_REFUSES_X_ZERO` (families/bls12_381.rs), at its
    /// smallest input: the compressed encoding of (0, 2), 0x80 then zeros, and the
    /// uncompressed one of (0, −2), decoded unchecked. zkcrypto and ark accept both, as the
    /// format's unchecked decoders must (the points are on the curve).
    #[test]
    fn blstrs_unchecked_decoders_refuse_x_zero() {
        let mut compressed = [0u8; 48];
        compressed[0] = 0x80;
        let two = <Bls12381G1 as BlsGroup>::decode(&compressed, true, SubgroupCheck::Unchecked)
            .expect("(0, 2) is on the curve");
        let minus_two = Bls12381G1::instance().curve().neg(&two);
        let uncompressed =
            <Bls12381G1 as BlsGroup>::encode(&minus_two, false).expect("on the curve");
        for (bytes, is_compressed, point) in [
            (&compressed[..], true, &two),
            (&uncompressed[..], false, &minus_two),
        ] {
            assert_eq!(
                Codec::<Bls12381G1>::decode(&Blstrs, bytes, is_compressed, false),
                None
            );
            assert_eq!(
                Codec::<Bls12381G1>::decode(&Zkcrypto, bytes, is_compressed, false).as_ref(),
                Some(point)
            );
            assert_eq!(
                Codec::<Bls12381G1>::decode(&ArkBls, bytes, is_compressed, false).as_ref(),
                Some(point)
            );
        }
    }

    /// The known findings `ARK_UNCHECKED_SKIPS_CURVE_CHECK` and
    /// `ZKCRYPTO_UNCHECKED_SKIPS_CURVE_CHECK` (families/bls12_381.rs), at their smallest
    /// input: all-zero uncompressed bytes, (0, 0) with no flag, which is off both curves.
    /// ark's and zkcrypto's unchecked decoders return it; the oracle and blstrs refuse it, and
    /// so do ark's and zkcrypto's checked decoders.
    #[test]
    fn ark_and_zkcrypto_unchecked_decoders_accept_points_off_the_curve() {
        fn case<C: ArkBlsCurve + BlsGroup>()
        where
            Zkcrypto: Codec<C>,
            Blstrs: Codec<C>,
            C::F: std::fmt::Debug,
        {
            let zeros = vec![0u8; 2 * C::COMPRESSED];
            assert_eq!(
                <C as BlsGroup>::decode(&zeros, false, SubgroupCheck::Unchecked),
                Err(DecodeError::NotOnCurve)
            );
            for (name, unchecked, checked) in [
                (
                    "ark",
                    Codec::<C>::decode(&ArkBls, &zeros, false, false),
                    Codec::<C>::decode(&ArkBls, &zeros, false, true),
                ),
                (
                    "zkcrypto",
                    Codec::<C>::decode(&Zkcrypto, &zeros, false, false),
                    Codec::<C>::decode(&Zkcrypto, &zeros, false, true),
                ),
            ] {
                let Some(Point::Affine { x, y }) = unchecked else {
                    panic!("{name}'s unchecked decoder gave {unchecked:?} for (0, 0)");
                };
                assert!(x.is_zero() && y.is_zero());
                assert_eq!(checked, None, "{name}'s checked decoder");
            }
            assert_eq!(Codec::<C>::decode(&Blstrs, &zeros, false, false), None);
        }
        case::<Bls12381G1>();
        case::<Bls12381G2>();
    }
}
