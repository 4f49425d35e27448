//! arkworks' `CanonicalSerialize` / `CanonicalDeserialize` of a short-Weierstrass curve's
//! `Affine` points (over 𝔽ₚ or 𝔽ₚ², [`sw_serialization`]) or a twisted Edwards curve's (over
//! 𝔽ₚ, [`te_serialization`]) in one line, checked by [`crate::shapes::ark_format`]
//! against `ecdiff_oracles::ark_format` in both `Compress` modes and all four
//! `Compress` × `Validate` modes:
//!
//! ```ignore
//! ecdiff::check!(bls12_377_g1_format, ecdiff::arkworks::serialization::sw_serialization::<
//!     Bls12377G1, ark_bls12_377::g1::Config>(Spec::new("ark_bls12_377_g1_serialization"), None));
//! ecdiff::check!(baby_jubjub_format, ecdiff::arkworks::serialization::te_serialization::<
//!     BabyJubjub, ark_ed_on_bn254::EdwardsConfig>(Spec::new("baby_jubjub_serialization"), None));
//! ```
//!
//! A point to write enters as `Affine::new_unchecked` of its coordinates (short Weierstrass:
//! the identity as `Affine::identity()`; twisted Edwards: its Edwards coordinates, the
//! identity (0, 1)); a read point leaves coordinate by coordinate
//! ([`super::curve_ops::Sw`]; Edwards coordinates as they are), unvalidated, so an off-curve
//! result of `Validate::No` is compared as it is. (A curve that overrides the format — ark-bls12-381's ZCash encoding —
//! is checked by its own rows, not this one.)
//!
//! arkworks 0.5's reading departs from the canonical rule in four ways, each a known finding
//! pinned to exactly the point its reading gives ([`ARK_SER_INFINITY_WITH_COORDINATES`],
//! [`ARK_SER_FLAG_BYTE_BITS_IGNORED`], [`ARK_SER_UNCOMPRESSED_SIGN_IGNORED`],
//! [`ARK_SER_NEGATIVE_ZERO`]; for twisted Edwards [`ARK_SER_TE_NEGATIVE_ZERO`], and the
//! flag byte's where p's bits fill whole words).

use super::coordinates::{ArkCoordinate, OracleCoordinate};
use super::curve_ops::{assert_compatible_sw, ArkModel, ArkRepro, Sw};
use super::from_biguint;
use super::twisted_edwards::{assert_compatible as assert_compatible_te, fp};
use crate::curve::twisted_edwards::TeGroup;
use crate::curve::SwGroup;
use crate::repro::project::{Dependency, ReproCode};
use crate::shapes::ark_format::{
    check, repro_line, ArkFormatCheck, Edwards, FormatCase, FormatModel, FormatOp, FormatValue,
    PointFormat, Weierstrass,
};
use crate::shapes::Spec;
use ark_ec::short_weierstrass::{Affine, SWCurveConfig};
use ark_ec::twisted_edwards::{self, TECurveConfig};
use ark_ff::PrimeField;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};
use ecdiff_oracles::ark_format::Departure;
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::twisted_edwards::TePoint;
use ecdiff_oracles::weierstrass::Point;
use std::marker::PhantomData;

/// Known finding: the infinity flag read beside any coordinates.
pub const ARK_SER_INFINITY_WITH_COORDINATES: &str = "ark-ec 0.5.0 \
     SWCurveConfig::deserialize_with_mode returns the identity for the infinity flag (bit 6 of \
     the flagged coordinate's last byte) whatever the coordinates beside it: the encoder writes \
     zeros there, so every other coordinate is a second encoding of the identity (cf. \
     ProvableHQ/snarkVM#3397); smallest input: G's compressed encoding with bit 6 set";

/// Known finding: the 33rd byte's six unread bits.
pub const ARK_SER_FLAG_BYTE_BITS_IGNORED: &str = "ark-ff 0.5.0 Fp::deserialize_with_flags \
     reads a flagged coordinate of a 256-bit field (secp256k1: 33 bytes, the flags alone in \
     the last) as the integer of its first 32 bytes: the last byte's six bits below the flags \
     are never read, so each point has 64 encodings of each form; smallest input: G's \
     compressed encoding with bit 0 of byte 33 set";

/// Known finding: the uncompressed sign flag never compared.
pub const ARK_SER_UNCOMPRESSED_SIGN_IGNORED: &str = "ark-ec 0.5.0 \
     SWCurveConfig::deserialize_with_mode (Compress::No) reads y's sign flag (bit 7 of y's last \
     byte) and never compares it with y: an uncompressed point with the flag of −y decodes to \
     the point with y, a second encoding of it; smallest input: G's uncompressed encoding \
     with bit 7 of its last byte flipped";

/// Known finding: the negative flag on y = 0.
pub const ARK_SER_NEGATIVE_ZERO: &str = "ark-ec 0.5.0 \
     SWCurveConfig::deserialize_with_mode (Compress::Yes) takes the larger root for the \
     negative flag; for a point of order 2 (y = 0) both roots are 0, so the flag the encoder \
     never writes there is accepted: a second encoding of the point (curves with an even \
     cofactor, such as BLS12-377 G1: (−1, 0))";

/// Known finding: the negative flag on x = 0 (twisted Edwards).
pub const ARK_SER_TE_NEGATIVE_ZERO: &str = "ark-ec 0.5.0 \
     TECurveConfig::deserialize_with_mode (Compress::Yes) takes the larger root for x's \
     negative flag; for y = ±1 both roots are 0, so the flag the encoder never writes there is \
     accepted: a second encoding of the identity (0, 1) and of (0, −1), of order 2; smallest \
     input: the identity's compressed encoding with bit 7 of its last byte set";

/// ark's serializer of curve `P`'s affine points, seen as the oracle group `C`; `repro` says
/// where a standalone reproducer finds the curve.
pub struct ArkSerializer<C, P> {
    repro: Option<ArkRepro>,
    curve: PhantomData<fn() -> (C, P)>,
}

impl<C, P> ArkSerializer<C, P> {
    /// The serializer, with where reproducers find the curve (`None`: no reproducers).
    pub fn new(repro: Option<ArkRepro>) -> Self {
        ArkSerializer {
            repro,
            curve: PhantomData,
        }
    }
}

impl<C, P> PointFormat<C> for ArkSerializer<C, P>
where
    C: SwGroup,
    C::F: ArkCoordinate<P::BaseField> + ecdiff_oracles::ark_format::FormatField,
    P: SWCurveConfig,
    <P::BaseField as ark_ff::Field>::BasePrimeField: PrimeField,
{
    type Model = Weierstrass;

    fn write(&self, p: &Point<C::F>, compress: bool) -> Vec<u8> {
        let point: Affine<P> = <Sw<P> as ArkModel<C>>::affine(p);
        let mut out = Vec::new();
        point
            .serialize_with_mode(&mut out, compress_mode(compress))
            .expect("writing to a Vec does not fail");
        out
    }

    fn read(&self, bytes: &[u8], compress: bool, validate: bool) -> Option<Point<C::F>> {
        let validate = if validate {
            Validate::Yes
        } else {
            Validate::No
        };
        let point = Affine::<P>::deserialize_with_mode(bytes, compress_mode(compress), validate);
        point.ok().map(|a| <Sw<P> as ArkModel<C>>::read_affine(&a))
    }

    fn departure(&self, departure: Departure) -> Option<&'static str> {
        Some(match departure {
            Departure::InfinityWithCoordinates => ARK_SER_INFINITY_WITH_COORDINATES,
            Departure::FlagByteBitsIgnored => ARK_SER_FLAG_BYTE_BITS_IGNORED,
            Departure::UncompressedSignIgnored => ARK_SER_UNCOMPRESSED_SIGN_IGNORED,
            Departure::NegativeZero => ARK_SER_NEGATIVE_ZERO,
        })
    }

    fn reproducer(
        &self,
        case: &FormatCase<C::F>,
        expected: &FormatValue<Point<C::F>>,
    ) -> Option<ReproCode> {
        let repro = self.repro?;
        let point = match &case.point {
            Point::Identity => "Affine::<P>::identity()".to_string(),
            Point::Affine { x, y } => format!("Affine::<P>::new_unchecked({}, {})", fq(x), fq(y)),
        };
        let words = C::instance().curve().b.base_words();
        let expected = repro_line::<C, Weierstrass>(expected, words);
        Some(reproducer_code(
            repro,
            "short_weierstrass",
            &point,
            case,
            expected,
        ))
    }
}

/// `fq(&[…])`: an element by its coefficients, as the reproducers' prelude reads it.
fn fq<F: ecdiff_oracles::field::Field>(v: &F) -> String {
    let coeffs: Vec<String> = (v.coeffs().iter())
        .map(|c| format!("\"{}\"", c.to_str_radix(16)))
        .collect();
    format!("fq(&[{}])", coeffs.join(", "))
}

/// A reproducer of `case` on the curve `repro` names, whose points are `ark_ec::{module}::Affine`
/// and whose point to write is `point` (Rust source); it prints `expected`.
fn reproducer_code<F>(
    repro: ArkRepro,
    module: &str,
    point: &str,
    case: &FormatCase<F>,
    expected: String,
) -> ReproCode {
    ReproCode {
        dependencies: vec![
            Dependency::new(repro.package, repro.version),
            Dependency::new("ark-ec", "0.5.0"),
            Dependency::new("ark-ff", "0.5.0"),
            Dependency::new("ark-serialize", "0.5.0"),
        ],
        uses: vec![
            format!("use ark_ec::{module}::Affine;"),
            "#[allow(unused_imports)]".into(),
            "use ark_ec::{AffineRepr, CurveConfig};".into(),
            "#[allow(unused_imports)]".into(),
            "use ark_ff::{BigInteger, Field, PrimeField};".into(),
            "#[allow(unused_imports)]".into(),
            "use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};"
                .into(),
        ],
        body: reproducer_body(repro.config, point, case),
        expected,
        expected_from: "ecdiff_oracles::ark_format: the format's canonical reading and writing"
            .into(),
    }
}

/// The reproducer's `subject()` body: the point (`point`, for a write) or bytes of the case,
/// the call, its result rendered as [`repro_line`] does.
fn reproducer_body<F>(config: &str, point: &str, case: &FormatCase<F>) -> String {
    let mode = |yes: bool| if yes { "Yes" } else { "No" };
    let (inputs, call) = match case.op {
        FormatOp::Write => {
            (
                format!("let p = {point};\nlet mut bytes = Vec::new();\n"),
                format!(
                    "p.serialize_with_mode(&mut bytes, Compress::{}).expect(\"writes to a Vec\");\nhex(&bytes)",
                    mode(case.compress)
                ),
            )
        }
        FormatOp::Read => (
            format!(
                "let bytes = unhex(\"{}\");\n",
                case.bytes.iter().map(|b| format!("{b:02x}")).collect::<String>()
            ),
            format!(
                "match Affine::<P>::deserialize_with_mode(&bytes[..], Compress::{}, Validate::{}) {{\n    \
                 Ok(p) => render(p),\n    \
                 Err(_) => \"refused\".to_string(),\n}}",
                mode(case.compress),
                mode(case.validate)
            ),
        ),
    };
    format!(
        "{}{inputs}// The call under test.\n{call}\n",
        super::curve_ops::repro_prelude(config)
    )
}

/// ark's `Compress` for `compress`.
pub(crate) fn compress_mode(compress: bool) -> Compress {
    if compress {
        Compress::Yes
    } else {
        Compress::No
    }
}

/// The check of arkworks' default format for the short-Weierstrass curve `P`, against the
/// oracle group `C` (the same curve: checked, [`assert_compatible_sw`]); `repro` says where a
/// standalone reproducer finds the curve (`None`: no reproducers).
///
/// # Panics
/// When `C` and `P` are not the same curve.
pub fn sw_serialization<C, P>(
    spec: Spec,
    repro: Option<ArkRepro>,
) -> ArkFormatCheck<C, ArkSerializer<C, P>>
where
    C: SwGroup,
    C::F: ArkCoordinate<P::BaseField> + ecdiff_oracles::ark_format::FormatField,
    P: SWCurveConfig,
    <P::BaseField as ark_ff::Field>::BasePrimeField: PrimeField,
{
    assert_compatible_sw::<C, P>();
    check(spec, ArkSerializer::new(repro))
}

/// ark's serializer of the twisted Edwards curve `P`'s affine points (Edwards coordinates),
/// seen as the oracle group `C`; `repro` says where a standalone reproducer finds the curve.
pub struct ArkTeSerializer<C, P> {
    repro: Option<ArkRepro>,
    curve: PhantomData<fn() -> (C, P)>,
}

impl<C, P> ArkTeSerializer<C, P> {
    /// The serializer, with where reproducers find the curve (`None`: no reproducers).
    pub fn new(repro: Option<ArkRepro>) -> Self {
        ArkTeSerializer {
            repro,
            curve: PhantomData,
        }
    }
}

impl<C, P> PointFormat<C> for ArkTeSerializer<C, P>
where
    C: TeGroup,
    P: TECurveConfig,
    P::BaseField: PrimeField,
{
    type Model = Edwards;

    fn write(&self, p: &TePoint, compress: bool) -> Vec<u8> {
        let point = twisted_edwards::Affine::<P>::new_unchecked(
            from_biguint(p.x.value()),
            from_biguint(p.y.value()),
        );
        let mut out = Vec::new();
        point
            .serialize_with_mode(&mut out, compress_mode(compress))
            .expect("writing to a Vec does not fail");
        out
    }

    fn read(&self, bytes: &[u8], compress: bool, validate: bool) -> Option<TePoint> {
        let validate = if validate {
            Validate::Yes
        } else {
            Validate::No
        };
        let point = twisted_edwards::Affine::<P>::deserialize_with_mode(
            bytes,
            compress_mode(compress),
            validate,
        );
        point.ok().map(|a| TePoint {
            x: fp::<C, _>(&a.x),
            y: fp::<C, _>(&a.y),
        })
    }

    fn departure(&self, departure: Departure) -> Option<&'static str> {
        match departure {
            Departure::NegativeZero => Some(ARK_SER_TE_NEGATIVE_ZERO),
            // ark-ff's reading of a flagged coefficient, the same for either model.
            Departure::FlagByteBitsIgnored => Some(ARK_SER_FLAG_BYTE_BITS_IGNORED),
            // The twisted Edwards format has neither an infinity flag nor an uncompressed one.
            Departure::InfinityWithCoordinates | Departure::UncompressedSignIgnored => None,
        }
    }

    fn reproducer(
        &self,
        case: &FormatCase<Fp>,
        expected: &FormatValue<TePoint>,
    ) -> Option<ReproCode> {
        let repro = self.repro?;
        let e = <Edwards as FormatModel<C>>::from_group(&case.point);
        let point = format!("Affine::<P>::new_unchecked({}, {})", fq(&e.x), fq(&e.y));
        let expected = repro_line::<C, Edwards>(expected, e.x.base_words());
        Some(reproducer_code(
            repro,
            "twisted_edwards",
            &point,
            case,
            expected,
        ))
    }
}

/// The check of arkworks' default format for the twisted Edwards curve `P` over 𝔽ₚ, against
/// the oracle group `C` (the same curve: checked, [`assert_compatible_te`]; declared with
/// [`te_curve!`](crate::te_curve)); `repro` says where a standalone reproducer finds the
/// curve (`None`: no reproducers). Known finding: [`ARK_SER_TE_NEGATIVE_ZERO`], pinned
/// exactly.
///
/// # Panics
/// When `C` and `P` are not the same curve.
pub fn te_serialization<C, P>(
    spec: Spec,
    repro: Option<ArkRepro>,
) -> ArkFormatCheck<C, ArkTeSerializer<C, P>>
where
    C: TeGroup,
    P: TECurveConfig,
    P::BaseField: PrimeField,
{
    assert_compatible_te::<C, P>();
    check(spec, ArkTeSerializer::new(repro))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Outcome;
    use crate::shapes::known::testing::assert_pinned;
    use ecdiff_oracles::ark_format::{sw_write, SW_INFINITY, SW_NEGATIVE};
    use ecdiff_oracles::curves::{bn254_g1, Bn254G1};
    use ecdiff_oracles::field::Fp;
    use num_bigint::BigUint;
    use num_traits::{One, Zero};

    type Bn254Check = ArkFormatCheck<Bn254G1, ArkSerializer<Bn254G1, ark_bn254::g1::Config>>;

    fn bn254() -> Bn254Check {
        sw_serialization::<Bn254G1, ark_bn254::g1::Config>(Spec::new("ark_g1_serialization"), None)
    }

    /// A read of `bytes`, drawn from G.
    fn read(bytes: Vec<u8>, compress: bool, validate: bool) -> FormatCase<Fp> {
        FormatCase {
            op: FormatOp::Read,
            compress,
            validate,
            log: BigUint::one(),
            torsion: BigUint::zero(),
            point: bn254_g1().generator.clone(),
            bytes,
        }
    }

    fn returns(p: Option<Point<Fp>>) -> Outcome<FormatValue<Point<Fp>>> {
        Outcome::Value(FormatValue::Read(p))
    }

    /// The smallest input of [`ARK_SER_INFINITY_WITH_COORDINATES`], G's compressed encoding
    /// with bit 6 set: ark reads the identity; G, or a refusal, would be another finding.
    #[test]
    fn the_infinity_flag_beside_coordinates_is_pinned_to_the_identity() {
        let g = bn254_g1().generator.clone();
        let mut bytes = sw_write(bn254_g1(), &g, true);
        bytes[31] |= SW_INFINITY;
        for validate in [true, false] {
            let case = read(bytes.clone(), true, validate);
            let planted = g.clone();
            assert_pinned(bn254(), &case, move |_, _| returns(Some(planted.clone())));
            assert_pinned(bn254(), &case, |_, _| returns(None));
        }
    }

    /// The smallest input of [`ARK_SER_UNCOMPRESSED_SIGN_IGNORED`], G's uncompressed encoding
    /// with y's sign flag set: ark reads G; −G, or a refusal, would be another finding.
    #[test]
    fn the_uncompressed_sign_is_pinned_to_the_point_of_its_y() {
        let curve = bn254_g1();
        let mut bytes = sw_write(curve, &curve.generator, false);
        bytes[63] |= SW_NEGATIVE;
        let case = read(bytes, false, true);
        let minus_g = curve.neg(&curve.generator);
        assert_pinned(bn254(), &case, move |_, _| returns(Some(minus_g.clone())));
        assert_pinned(bn254(), &case, |_, _| returns(None));
    }

    /// Canonical bytes, broken ones that both refuse, and the writer agree on BN254 G1.
    #[test]
    fn canonical_and_refused_inputs_agree() {
        use crate::engine::{check_decoded, Detail, VerdictKind};
        let curve = bn254_g1();
        let g = curve.generator.clone();
        let mut both_flags = sw_write(curve, &g, true);
        both_flags[31] |= SW_INFINITY | SW_NEGATIVE;
        let cases = [
            read(sw_write(curve, &g, true), true, true),
            read(sw_write(curve, &curve.neg(&g), false), false, false),
            read(both_flags, true, false),
            read(vec![1; 31], true, true),
            FormatCase {
                op: FormatOp::Write,
                ..read(Vec::new(), false, false)
            },
        ];
        for case in &cases {
            let checked = check_decoded(&bn254(), case, Detail::Always);
            assert_eq!(checked.verdict.kind, VerdictKind::Agree, "{case:?}");
        }
    }
}
