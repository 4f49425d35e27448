//! BLS12-381 point encodings of blstrs 0.7.1 and zkcrypto's bls12_381 0.9.0, for
//! [`crate::shapes::bls_encoding`].
//!
//! * blstrs: points to encode go in coordinate by coordinate
//!   ([`BlstCurve::to_blst_affine`], `from_raw_unchecked`, so points outside the subgroup go in
//!   as drawn); decoded points come back coordinate by coordinate
//!   ([`BlstCurve::from_blst_affine`]).
//! * zkcrypto keeps its coordinates private: points to encode go in through
//!   `from_uncompressed_unchecked` of the oracle's uncompressed encoding (no subgroup check, so
//!   any point on the curve), and decoded points come back through the library's own
//!   `to_uncompressed`, read by the oracle's decoder without the subgroup check. A decoded
//!   point whose encoding the oracle cannot read is reported by a panic that says so.
//! * Both take fixed-size arrays: an input of another length is refused before the library
//!   sees it, as a caller's `try_into` would.

use super::bls12_381::{BlstCurve, Blstrs};
use crate::shapes::bls_encoding::{BlsGroup, Codec};
use ecdiff_oracles::bls12_381::serialization::SubgroupCheck;
use ecdiff_oracles::bls12_381::{Bls12381G1, Bls12381G2};
use ecdiff_oracles::weierstrass::Point;

/// The zkcrypto bls12_381 subject.
#[derive(Clone, Copy, Debug, Default)]
pub struct Zkcrypto;

/// `N` bytes, or `None` for another length.
fn array<const N: usize>(bytes: &[u8]) -> Option<[u8; N]> {
    bytes.try_into().ok()
}

macro_rules! blstrs_codec {
    ($group:ty, $affine:ty, $compressed:literal, $uncompressed:literal) => {
        impl Codec<$group> for Blstrs {
            fn encode(
                &self,
                p: &Point<<$group as crate::generators::points::SwGroup>::F>,
                compressed: bool,
            ) -> Vec<u8> {
                let a = <$group as BlstCurve>::to_blst_affine(p);
                if compressed {
                    a.to_compressed().to_vec()
                } else {
                    a.to_uncompressed().to_vec()
                }
            }

            fn decode(
                &self,
                bytes: &[u8],
                compressed: bool,
                checked: bool,
            ) -> Option<Point<<$group as crate::generators::points::SwGroup>::F>> {
                let decoded: Option<$affine> =
                    match (compressed, checked) {
                        (true, true) => {
                            Option::from(<$affine>::from_compressed(&array::<$compressed>(bytes)?))
                        }
                        (true, false) => Option::from(<$affine>::from_compressed_unchecked(
                            &array::<$compressed>(bytes)?,
                        )),
                        (false, true) => {
                            Option::from(<$affine>::from_uncompressed(&array::<$uncompressed>(
                                bytes,
                            )?))
                        }
                        (false, false) => {
                            Option::from(<$affine>::from_uncompressed_unchecked(&array::<
                                $uncompressed,
                            >(
                                bytes
                            )?))
                        }
                    };
                decoded.map(|a| <$group as BlstCurve>::from_blst_affine(&a))
            }
        }
    };
}

blstrs_codec!(Bls12381G1, blstrs::G1Affine, 48, 96);
blstrs_codec!(Bls12381G2, blstrs::G2Affine, 96, 192);

macro_rules! zkcrypto_codec {
    ($group:ty, $affine:ty, $compressed:literal, $uncompressed:literal) => {
        impl Codec<$group> for Zkcrypto {
            fn encode(&self, p: &Point<<$group as crate::generators::points::SwGroup>::F>, compressed: bool) -> Vec<u8> {
                let bytes = <$group as BlsGroup>::encode(p, false).expect("drawn points are on the curve");
                let a: $affine = Option::from(<$affine>::from_uncompressed_unchecked(
                    &array::<$uncompressed>(&bytes).expect("the oracle's length"),
                ))
                .expect("zkcrypto reads an on-curve point's uncompressed encoding");
                if compressed {
                    a.to_compressed().to_vec()
                } else {
                    a.to_uncompressed().to_vec()
                }
            }

            fn decode(
                &self,
                bytes: &[u8],
                compressed: bool,
                checked: bool,
            ) -> Option<Point<<$group as crate::generators::points::SwGroup>::F>> {
                let decoded: Option<$affine> = match (compressed, checked) {
                    (true, true) => Option::from(<$affine>::from_compressed(&array::<$compressed>(bytes)?)),
                    (true, false) => {
                        Option::from(<$affine>::from_compressed_unchecked(&array::<$compressed>(bytes)?))
                    }
                    (false, true) => {
                        Option::from(<$affine>::from_uncompressed(&array::<$uncompressed>(bytes)?))
                    }
                    (false, false) => Option::from(<$affine>::from_uncompressed_unchecked(
                        &array::<$uncompressed>(bytes)?,
                    )),
                };
                decoded.map(|a| {
                    let out = a.to_uncompressed();
                    <$group as BlsGroup>::decode(&out, false, SubgroupCheck::Unchecked).unwrap_or_else(|e| {
                        panic!(
                            "zkcrypto decoded a point whose uncompressed encoding {} the oracle refuses: {e:?}",
                            hex::encode(out)
                        )
                    })
                })
            }
        }
    };
}

zkcrypto_codec!(Bls12381G1, bls12_381::G1Affine, 48, 96);
zkcrypto_codec!(Bls12381G2, bls12_381::G2Affine, 96, 192);

#[cfg(test)]
mod tests {
    use super::*;
    use ecdiff_oracles::bls12_381::serialization::DecodeError;

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
}
