//! zkcrypto's bls12_381 0.9.0: how points get in and out when the coordinates are private.
//!
//! zkcrypto exposes no constructor from coordinates and no accessor of them, so neither side of
//! a check can carry coordinates across directly. The two sides never use one codec both ways
//! (`crate::paths`, `docs/paths.md`):
//!
//! * **In, by arithmetic.** A point with a known log k (every drawn point of the MSM,
//!   normalize and pairing rows, and the subgroup points of the encoding rows) is G·k computed
//!   with zkcrypto's own group law from zkcrypto's own generator: a fixed-base comb
//!   ([`Comb`]: `T[j][b]` = G·(b·256ʲ), built once by repeated addition, then Σⱼ `T[j][kⱼ]` over
//!   the bytes kⱼ of k; 32 additions a point). An affine input is that sum's `to_affine`; a
//!   projective one keeps the sum's own Z (zkcrypto's projective coordinates are homogeneous
//!   and its formulas complete, so a sum's Z is in general not 1); the identity is G − G. A
//!   wrong group law or generator therefore shows as a wrong result of the row, never as a
//!   cancelled one.
//! * **In, by the other format.** A point with no known log (the points with x = 0 and the
//!   bases T of T + G·k outside the subgroup) goes in through the decoder of the format the row
//!   does *not* test: `from_compressed_unchecked` when the uncompressed encoder is under test,
//!   `from_uncompressed_unchecked` otherwise.
//! * **Out, by `Debug`.** A result is read from zkcrypto's derived `Debug` of the affine
//!   point (`G1Affine { x: 0x…, y: 0x…, infinity: Choice(0) }`, 𝔽ₚ² as `c0 + c1*u`): the struct's
//!   fields themselves, no encoder. The harness lays the hex out as a ZCash uncompressed
//!   encoding and the oracle's decoder reads it without the curve check, so a point off the
//!   curve (the unchecked decoders' documented behaviour) reaches the verdict as it is.

use super::encoding::{affine_codec, trait_form, Known};
use super::pairing::{single_pair, FinalExponent, Pair, PairingProduct};
use crate::curve::SwGroup;
use crate::generators::points::GenPoint;
use crate::paths::{conversion, Side};
use crate::repro::project::ReproCode;
use crate::shapes::normalize::NormalizeDrawn;
use ecdiff_oracles::bls12_381::serialization;
use ecdiff_oracles::bls12_381::tower::Fp12;
use ecdiff_oracles::bls12_381::{Bls12381G1, Bls12381G2};
use ecdiff_oracles::field::Field as _;
use ecdiff_oracles::weierstrass::Point;
use group_014::{Curve, Group};
use num_bigint::BigUint;
use std::sync::OnceLock;

/// zkcrypto's bls12_381, as recorded in the routine table.
pub const ZKCRYPTO: &str = "bls12_381 0.9.0";

/// The zkcrypto bls12_381 subject.
#[derive(Clone, Copy, Debug, Default)]
pub struct Zkcrypto;

/// A fixed-base comb over zkcrypto's generator: `rows[j][b]` = G·(b·256ʲ) for 32 rows.
pub struct Comb<P> {
    rows: Vec<Vec<P>>,
}

impl<P: Group> Comb<P> {
    fn build() -> Self {
        let mut base = P::generator();
        let rows = (0..32)
            .map(|_| {
                let mut row = Vec::with_capacity(256);
                let mut acc = P::identity();
                for _ in 0..256 {
                    row.push(acc);
                    acc += base;
                }
                base = acc; // 256 times the row's base
                row
            })
            .collect();
        Comb { rows }
    }

    /// G·k for k < 2²⁵⁶, by 32 additions.
    pub fn mul(&self, k: &BigUint) -> P {
        let bytes = k.to_bytes_le();
        assert!(bytes.len() <= 32, "a log below 2^256");
        (bytes.iter().enumerate())
            .fold(P::identity(), |acc, (j, &b)| acc + self.rows[j][b as usize])
    }
}

/// The zkcrypto types behind one of the BLS12-381 groups, and the module docs' three paths.
pub trait ZkcryptoCurve: SwGroup {
    /// `G1Projective` or `G2Projective`.
    type Projective: Group + Curve<Affine = Self::Affine> + From<Self::Affine>;
    /// `G1Affine` or `G2Affine`.
    type Affine: Copy + Default + std::fmt::Debug + group_014::UncompressedEncoding;

    /// The comb over zkcrypto's generator, built on first use.
    fn comb() -> &'static Comb<Self::Projective>;

    /// zkcrypto's decoder of the format other than the one under test (`uncompressed_tested`:
    /// the uncompressed encoder is), fed the oracle's encoding of `p`.
    fn by_other_format(p: &Point<Self::F>, uncompressed_tested: bool) -> Self::Affine;

    /// The oracle's reading of a ZCash uncompressed encoding, without the curve check.
    fn read_uncompressed(bytes: &[u8]) -> Point<Self::F>;

    /// For reproducers ([`crate::repro`]): the group's name in zkcrypto's types (`G1`, `G2`).
    const REPRO_NAME: &'static str;

    /// For reproducers: the oracle's ZCash uncompressed encoding of a point.
    fn uncompressed(p: &Point<Self::F>) -> Option<Vec<u8>>;
}

/// G·k through the comb.
pub fn generator_multiple<C: ZkcryptoCurve>(k: &BigUint) -> C::Projective {
    conversion(Side::In, "bls12_381::Projective::generator_comb");
    C::comb().mul(k)
}

/// A point of an encoding case, on zkcrypto's side (module docs): by arithmetic when its log
/// is known, by the other format's decoder otherwise.
pub fn encoding_input<C: ZkcryptoCurve>(
    p: &Point<C::F>,
    known: &Known<C::F>,
    uncompressed_tested: bool,
) -> C::Affine {
    match known {
        Known::Log(k) => generator_multiple::<C>(k).to_affine(),
        Known::Coset { base, log } => {
            let t = C::Projective::from(C::by_other_format(base.point(), uncompressed_tested));
            (t + generator_multiple::<C>(log)).to_affine()
        }
        Known::Nothing => C::by_other_format(p, uncompressed_tested),
    }
}

/// A drawn point as a zkcrypto projective point built by arithmetic (module docs).
pub fn drawn_projective<C: ZkcryptoCurve>(p: &GenPoint<C::F>) -> C::Projective {
    if p.jac.z.is_zero() {
        let g = generator_multiple::<C>(&BigUint::from(1u8));
        #[allow(clippy::eq_op)] // the point: an identity that arithmetic produced
        return g - g;
    }
    let sum = generator_multiple::<C>(&p.log);
    if p.jac.z == p.jac.z.one_like() {
        C::Projective::from(sum.to_affine())
    } else {
        sum
    }
}

/// The hex values of the `0x…` tokens of a `Debug` string, in order.
fn hex_tokens(debug: &str) -> Vec<Vec<u8>> {
    (debug.split("0x").skip(1))
        .map(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_hexdigit).collect();
            hex::decode(&digits).unwrap_or_else(|e| panic!("zkcrypto's Debug {debug}: {e}"))
        })
        .collect()
}

/// A zkcrypto affine point read from its `Debug` (module docs): the identity when its
/// `infinity` flag is set, otherwise its two coordinates as they are.
pub fn read_affine<C: ZkcryptoCurve>(a: &C::Affine) -> Point<C::F> {
    conversion(Side::Out, "bls12_381::Affine::debug");
    let debug = format!("{a:?}");
    if debug.contains("infinity: Choice(1)") {
        return Point::Identity;
    }
    assert!(
        debug.contains("infinity: Choice(0)"),
        "zkcrypto's Debug changed: {debug}"
    );
    let tokens = hex_tokens(&debug);
    // 𝔽ₚ² prints as c0 + c1*u; the ZCash encoding writes c1 first.
    let encoding: Vec<u8> = match tokens.len() {
        2 => tokens.concat(),
        4 => [&tokens[1], &tokens[0], &tokens[3], &tokens[2]]
            .map(|t| t.as_slice())
            .concat(),
        n => panic!("zkcrypto's Debug has {n} coordinates: {debug}"),
    };
    C::read_uncompressed(&encoding)
}

macro_rules! zkcrypto_curve {
    ($group:ty, $name:literal, $projective:ty, $affine:ty, $comb:ident, $to_c:path, $to_u:path, $read:path) => {
        static $comb: OnceLock<Comb<$projective>> = OnceLock::new();

        impl ZkcryptoCurve for $group {
            type Projective = $projective;
            type Affine = $affine;

            fn comb() -> &'static Comb<$projective> {
                $comb.get_or_init(Comb::build)
            }

            fn by_other_format(p: &Point<Self::F>, uncompressed_tested: bool) -> $affine {
                let decoded = if uncompressed_tested {
                    conversion(Side::In, "bls12_381::Affine::from_compressed_unchecked");
                    let bytes = $to_c(p).expect("drawn points are on the curve");
                    <$affine>::from_compressed_unchecked(&bytes)
                } else {
                    conversion(Side::In, "bls12_381::Affine::from_uncompressed_unchecked");
                    let bytes = $to_u(p).expect("drawn points are on the curve");
                    <$affine>::from_uncompressed_unchecked(&bytes)
                };
                Option::from(decoded).expect("zkcrypto reads a point of the curve")
            }

            fn read_uncompressed(bytes: &[u8]) -> Point<Self::F> {
                $read(bytes).unwrap_or_else(|e| {
                    panic!(
                        "zkcrypto's point reads as {} , which the oracle refuses: {e:?}",
                        hex::encode(bytes)
                    )
                })
            }

            const REPRO_NAME: &'static str = $name;

            fn uncompressed(p: &Point<Self::F>) -> Option<Vec<u8>> {
                $to_u(p).ok().map(|b| b.to_vec())
            }
        }
    };
}

zkcrypto_curve!(
    Bls12381G1,
    "G1",
    bls12_381::G1Projective,
    bls12_381::G1Affine,
    G1_COMB,
    serialization::g1_to_compressed,
    serialization::g1_to_uncompressed,
    serialization::g1_coordinates_from_uncompressed
);
zkcrypto_curve!(
    Bls12381G2,
    "G2",
    bls12_381::G2Projective,
    bls12_381::G2Affine,
    G2_COMB,
    serialization::g2_to_compressed,
    serialization::g2_to_uncompressed,
    serialization::g2_coordinates_from_uncompressed
);

/// `group::Curve::batch_normalize` (zkcrypto 0.9: one Montgomery batch inversion of the Z
/// coordinates, skipping identities, `src/g1.rs` / `src/g2.rs`), on points built by arithmetic.
impl<C: ZkcryptoCurve> NormalizeDrawn<C> for Zkcrypto {
    fn normalize_drawn(&self, points: &[GenPoint<C::F>]) -> Vec<Point<C::F>> {
        let ps: Vec<C::Projective> = points.iter().map(drawn_projective::<C>).collect();
        let mut out = vec![C::Affine::default(); ps.len()];
        C::Projective::batch_normalize(&ps, &mut out);
        out.iter().map(read_affine::<C>).collect()
    }

    /// The inputs built as [`drawn_projective`] builds them (the comb over the generator, an
    /// identity as `G − G`, z = 1 through `to_affine`), then `batch_normalize`; each output
    /// printed as its uncompressed encoding.
    fn reproducer(&self, points: &[GenPoint<C::F>], expected: &[Point<C::F>]) -> Option<ReproCode> {
        let g = C::REPRO_NAME;
        let p = format!("bls12_381::{g}Projective");
        let mut body = format!(
            "/// rows[j][b] = G·(b·256^j), as ecdiff builds its inputs (32 additions a point).\n\
             fn comb() -> Vec<Vec<{p}>> {{\n    \
             let mut base = {p}::generator();\n    \
             (0..32)\n        .map(|_| {{\n            \
             let mut row = Vec::with_capacity(256);\n            \
             let mut acc = {p}::identity();\n            \
             for _ in 0..256 {{\n                row.push(acc);\n                acc += base;\n            }}\n            \
             base = acc;\n            row\n        }})\n        .collect()\n}}\n\
             /// G·k for the little-endian log k.\n\
             fn mul(rows: &[Vec<{p}>], le: &str) -> {p} {{\n    \
             (unhex(le).iter().enumerate()).fold({p}::identity(), |acc, (j, &b)| acc + rows[j][b as usize])\n}}\n\
             let rows = comb();\n\
             let points: Vec<{p}> = vec!["
        );
        for point in points {
            let log = hex::encode(point.log.to_bytes_le());
            let build = if point.jac.z.is_zero() {
                "{\n        let g = mul(&rows, \"01\");\n        g - g\n    }".to_string()
            } else if point.jac.z == point.jac.z.one_like() {
                format!("{p}::from(bls12_381::{g}Affine::from(mul(&rows, \"{log}\")))")
            } else {
                format!("mul(&rows, \"{log}\")")
            };
            body.push_str(&format!("\n    {build},"));
        }
        if !points.is_empty() {
            body.push('\n');
        }
        body.push_str(&format!(
            "];\n// The batch normalization under test.\n\
             let mut out = vec![bls12_381::{g}Affine::identity(); points.len()];\n\
             {p}::batch_normalize(&points, &mut out);\n\
             let encoded: Vec<String> = out.iter().map(|a| hex(&a.to_uncompressed())).collect();\n\
             format!(\"points [{{}}]\", encoded.join(\", \"))\n"
        ));
        let want: Option<Vec<String>> = expected
            .iter()
            .map(|q| C::uncompressed(q).map(hex::encode))
            .collect();
        Some(ReproCode {
            dependencies: Vec::new(),
            uses: Vec::new(),
            body,
            expected: format!("points [{}]", want?.join(", ")),
            expected_from: "ecdiff's oracle on this case (each input's affine form, ZCash \
                            uncompressed encoding), embedded"
                .into(),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Encodings: the inherent `{to,from}_compressed*` methods and group 0.14's
// `UncompressedEncoding` (which delegates to the inherent uncompressed ones).

trait_form!(group_014_form, group_014);

affine_codec!(
    Zkcrypto,
    Bls12381G1,
    bls12_381::G1Affine,
    "bls12_381::G1Affine",
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
    "bls12_381::G2Affine",
    96,
    group_014_form,
    "bls12_381::Affine",
    |p, known, compressed: bool| encoding_input::<Bls12381G2>(p, known, !compressed),
    read_affine::<Bls12381G2>
);

// ---------------------------------------------------------------------------------------------
// Pairings and GT

/// zkcrypto `bls12_381::pairing(&G1Affine, &G2Affine)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZkcryptoPairing;

/// zkcrypto `bls12_381::multi_miller_loop(&[(&G1Affine, &G2Prepared)])` then
/// `final_exponentiation`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZkcryptoMultiMillerLoop;

/// A zkcrypto GT element's coefficients. `Gt` exposes none, but its `Debug` prints each one
/// as `Fp::to_bytes` (canonical big-endian) in the tower order of [`super::pairing`]
/// (`src/fp.rs`, `fp2.rs`, `fp6.rs`, `fp12.rs`: `c0 + c1*u`, `c0 + (c1)*v + (c2)*v^2`,
/// `c0 + (c1)*w`); this reads the twelve `0x…` values back and panics if there are not
/// exactly twelve of 48 bytes. That is a canonical value, not the library's Montgomery
/// representation. (`Gt` cannot be built from coefficients, so zkcrypto has no GT row.)
pub fn zkcrypto_gt(gt: &bls12_381::Gt) -> Fp12 {
    let text = format!("{gt:?}");
    let coeffs: Vec<BigUint> = text
        .split("0x")
        .skip(1)
        .map(|s| {
            let digits: String = s.chars().take_while(char::is_ascii_hexdigit).collect();
            assert_eq!(digits.len(), 96, "a 48-byte coefficient in {text}");
            BigUint::parse_bytes(digits.as_bytes(), 16).expect("hex digits")
        })
        .collect();
    assert_eq!(coeffs.len(), 12, "twelve coefficients in {text}");
    super::pairing::gt_from_coefficients(coeffs)
}

/// a·G1 by zkcrypto's arithmetic (module docs).
fn zkcrypto_g1(a: &BigUint) -> bls12_381::G1Affine {
    generator_multiple::<Bls12381G1>(a).to_affine()
}

/// b·G2 by zkcrypto's arithmetic.
fn zkcrypto_g2(b: &BigUint) -> bls12_381::G2Affine {
    generator_multiple::<Bls12381G2>(b).to_affine()
}

impl PairingProduct for ZkcryptoPairing {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        let Pair { a, b, .. } = single_pair(pairs);
        zkcrypto_gt(&bls12_381::pairing(&zkcrypto_g1(a), &zkcrypto_g2(b)))
    }

    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Cubed
    }
}

impl PairingProduct for ZkcryptoMultiMillerLoop {
    fn pairing_product(&self, pairs: &[Pair]) -> Fp12 {
        let ps: Vec<bls12_381::G1Affine> = pairs.iter().map(|pair| zkcrypto_g1(&pair.a)).collect();
        let qs: Vec<bls12_381::G2Prepared> = pairs
            .iter()
            .map(|pair| zkcrypto_g2(&pair.b).into())
            .collect();
        let terms: Vec<(&bls12_381::G1Affine, &bls12_381::G2Prepared)> =
            ps.iter().zip(&qs).collect();
        zkcrypto_gt(&bls12_381::multi_miller_loop(&terms).final_exponentiation())
    }

    fn final_exponent(&self) -> FinalExponent {
        FinalExponent::Cubed
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
