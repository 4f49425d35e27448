//! halo2curves' compressed point format (`GroupEncoding::to_bytes` / `from_bytes` of its short
//! Weierstrass curves), checked against the oracle written from the format's description
//! (`ecdiff_oracles::halo2_compressed`: x little-endian, a sign and an identity flag in a
//! leading flag byte or in x's two spare top bits).
//!
//! A case is one operation on one point:
//!
//! * **encode** a point and compare the bytes with the oracle's;
//! * **decode** an encoding — valid, or broken on purpose — and compare what the library
//!   accepts (as the point) with the oracle's decoding; both refusing is agreement.
//!
//! Points (`point_*`): the identity, the generator, small multiples of it, uniformly random
//! points with known logs, and — on a curve that has them (P-256, where b is a square) — the
//! points (0, ±√b), whose x is the identity's. Broken encodings (`mut_*`): the sign flipped
//! (a valid encoding of −P), the identity flag set on a point, the identity with the sign set,
//! the identity with a non-zero x, x ≥ p (x + p where it fits the bytes), random x bytes under
//! valid flags, and (leading flag byte only) another bit of the flag byte set. Under the uniform
//! baseline a point is uniformly random and the bytes to decode a uniformly random string.

use crate::curve::SwGroup;
use crate::engine::{Outcome, Routine, RoutineInfo};
use crate::generators::points::encoding_point;
use crate::generators::Gen;
use crate::repro::project::ReproCode;
use crate::shapes::Spec;
use ecdiff_oracles::curves::{Bn254G1, Secp256k1, P256};
use ecdiff_oracles::field::{Field, Fp};
use ecdiff_oracles::halo2_compressed::{self as format, FlagLayout, IDENTITY, SIGN};
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::Zero;
use std::marker::PhantomData;

/// A curve with halo2curves' compressed format.
pub trait Halo2Compressed: SwGroup<F = Fp> {
    /// Where its flags live.
    const LAYOUT: FlagLayout;
}

impl Halo2Compressed for Bn254G1 {
    const LAYOUT: FlagLayout = FlagLayout::TwoSpare;
}

impl Halo2Compressed for Secp256k1 {
    const LAYOUT: FlagLayout = FlagLayout::Extra;
}

impl Halo2Compressed for P256 {
    const LAYOUT: FlagLayout = FlagLayout::Extra;
}

/// A library's encoder and decoder.
pub trait Halo2Codec<C: Halo2Compressed>: Send + Sync + 'static {
    /// The library's encoding of `p`.
    fn encode(&self, p: &Point<Fp>) -> Vec<u8>;
    /// The library's decoding; `None` when it refuses.
    fn decode(&self, bytes: &[u8]) -> Option<Point<Fp>>;
    /// For a standalone reproducer ([`crate::repro`]): the paths of the library's affine type
    /// (with `GroupEncoding` and `CurveAffine`) and of its base field; `None`: no template.
    fn repro_paths(&self) -> Option<(&'static str, &'static str)> {
        None
    }
}

/// The reproducer of one case through halo2curves' `GroupEncoding` of `affine` (a type path):
/// the result rendered as the check renders it (`(0x…, 0x…)`, `identity`, `refused`, or the
/// encoding in hex); the expected line is the oracle's answer.
fn reproducer_code(
    (affine, base): (&'static str, &'static str),
    case: &CompressedCase,
    oracle: &Outcome<String>,
) -> Option<ReproCode> {
    let expected = match oracle {
        Outcome::Value(v) => v.clone(),
        Outcome::Rejected(_) if !case.encode => "refused".into(),
        _ => return None,
    };
    let uses = vec![
        "use halo2curves::ff::PrimeField;".to_string(),
        "use halo2curves::group::prime::PrimeCurveAffine;".to_string(),
        "use halo2curves::group::GroupEncoding;".to_string(),
        "use halo2curves::CurveAffine;".to_string(),
    ];
    let body = if case.encode {
        let build = match &case.point {
            Point::Identity => format!("// The identity.\nlet point = {affine}::identity();\n"),
            Point::Affine { x, y } => format!(
                "fn field(be: &str) -> {base} {{\n    \
                 let mut repr = <{base} as PrimeField>::Repr::default();\n    \
                 let mut le = unhex(be);\n    \
                 le.reverse();\n    \
                 repr.as_mut()[..le.len()].copy_from_slice(&le);\n    \
                 Option::from({base}::from_repr(repr)).expect(\"a canonical field element\")\n}}\n\
                 // The point, from its affine coordinates (big-endian hex).\n\
                 let point: {affine} = Option::from({affine}::from_xy(\n    \
                 field(\"{:064x}\"),\n    field(\"{:064x}\"),\n))\n.expect(\"a point on the curve\");\n",
                x.value(),
                y.value()
            ),
        };
        format!("{build}// The encoder under test.\nhex(point.to_bytes().as_ref())\n")
    } else {
        format!(
            "/// A field element as the check prints it: big-endian hex, no leading zeros.\n\
             fn int(f: &{base}) -> String {{\n    \
             let mut be = f.to_repr().as_ref().to_vec();\n    \
             be.reverse();\n    \
             let digits = hex(&be).trim_start_matches('0').to_string();\n    \
             if digits.is_empty() {{ \"0\".to_string() }} else {{ digits }}\n}}\n\
             let input = unhex(\"{}\");\n\
             let mut repr = <{affine} as GroupEncoding>::Repr::default();\n\
             if repr.as_ref().len() != input.len() {{\n    return \"refused\".to_string();\n}}\n\
             repr.as_mut().copy_from_slice(&input);\n\
             // The decoder under test.\n\
             let decoded: Option<{affine}> = {affine}::from_bytes(&repr).into();\n\
             let Some(point) = decoded else {{\n    return \"refused\".to_string();\n}};\n\
             // The identity first: its affine form is (0, 0) with coordinates.\n\
             if bool::from(point.is_identity()) {{\n    return \"identity\".to_string();\n}}\n\
             let c: halo2curves::Coordinates<{affine}> =\n    \
             Option::from(point.coordinates()).expect(\"a point other than the identity\");\n\
             format!(\"(0x{{}}, 0x{{}})\", int(c.x()), int(c.y()))\n",
            hex::encode(&case.bytes)
        )
    };
    Some(ReproCode {
        dependencies: Vec::new(),
        uses,
        body,
        expected,
        expected_from: "ecdiff's oracle on this case (ecdiff_oracles::halo2_compressed, written \
                        from the format's description), embedded"
            .into(),
    })
}

/// One case.
#[derive(Clone, Debug)]
pub struct CompressedCase {
    /// Encode `point` (true) or decode `bytes` (false).
    pub encode: bool,
    /// The point to encode, or the source of the bytes.
    pub point: Point<Fp>,
    /// The bytes to decode (empty when encoding).
    pub bytes: Vec<u8>,
}

/// The points (0, ±√b), if the curve has them.
fn x_zero_point<C: Halo2Compressed>() -> Option<Point<Fp>> {
    let curve = C::instance().curve();
    curve.lift_x(&curve.a.zero_like())
}

/// The classes the generator records for `C`.
pub fn classes<C: Halo2Compressed>() -> Vec<&'static str> {
    let mut v = vec![
        "encode",
        "decode",
        "point_identity",
        "point_generator",
        "point_small_multiple",
        "point_random",
        "mut_none",
        "mut_sign_flipped",
        "mut_identity_on_point",
        "mut_identity_with_sign",
        "mut_identity_nonzero_x",
        "mut_non_canonical",
        "mut_garbage",
    ];
    if x_zero_point::<C>().is_some() {
        v.push("point_x_zero");
    }
    if C::LAYOUT == FlagLayout::Extra {
        v.push("mut_stray_flag_bits");
    }
    v
}

fn draw_point<C: Halo2Compressed>(g: &mut Gen) -> Point<Fp> {
    let x_zero = x_zero_point::<C>();
    let own = if x_zero.is_some() { 2 } else { 0 };
    if let Some(p) = encoding_point(g, C::instance(), own) {
        return p.elem;
    }
    g.hit("point_x_zero");
    let p = x_zero.expect("weighted 0 otherwise");
    if g.chance(1, 2) {
        C::instance().curve().neg(&p)
    } else {
        p
    }
}

/// Breaks `bytes` (a valid encoding) in one of the ways of the module docs.
fn mutate<C: Halo2Compressed>(g: &mut Gen, bytes: &mut [u8]) {
    let curve = C::instance().curve();
    let flag = match C::LAYOUT {
        FlagLayout::Extra => 0,
        FlagLayout::TwoSpare => bytes.len() - 1,
    };
    let x_start = usize::from(C::LAYOUT == FlagLayout::Extra);
    let extra = if C::LAYOUT == FlagLayout::Extra { 1 } else { 0 };
    match g.weighted(&[6, 2, 1, 1, 1, 2, 1, extra]) {
        0 => g.hit("mut_none"),
        1 => {
            g.hit("mut_sign_flipped");
            bytes[flag] ^= SIGN;
        }
        2 => {
            g.hit("mut_identity_on_point");
            bytes[flag] |= IDENTITY;
        }
        3 => {
            g.hit("mut_identity_with_sign");
            bytes.fill(0);
            bytes[flag] |= IDENTITY | SIGN;
        }
        4 => {
            g.hit("mut_identity_nonzero_x");
            bytes.fill(0);
            bytes[x_start + g.below(4) as usize] = 1 + g.u8() % 255;
            bytes[flag] |= IDENTITY;
        }
        5 => {
            // x as x + p where that fits the x bytes (a decoder that reduces mod p reads the
            // same point), else p + (x mod (room)) — always ≥ p, flags kept.
            g.hit("mut_non_canonical");
            let flags = bytes[flag] & (SIGN | IDENTITY);
            bytes[flag] &= !(SIGN | IDENTITY);
            let len = format::field_len(curve);
            let x = BigUint::from_bytes_le(&bytes[x_start..x_start + len]);
            let p = curve.a.field().modulus();
            let bits = match C::LAYOUT {
                FlagLayout::Extra => 8 * len as u64,
                FlagLayout::TwoSpare => 8 * len as u64 - 2,
            };
            let room = (BigUint::from(1u8) << bits) - p;
            let bumped = if x < room { x + p } else { p + x % room };
            let mut le = bumped.to_bytes_le();
            le.resize(len, 0);
            bytes[x_start..x_start + len].copy_from_slice(&le);
            bytes[flag] |= flags;
        }
        6 => {
            g.hit("mut_garbage");
            let flags = bytes[flag] & (SIGN | IDENTITY);
            let fresh = g.bytes(bytes.len());
            bytes.copy_from_slice(&fresh);
            bytes[flag] = match C::LAYOUT {
                FlagLayout::Extra => flags,
                FlagLayout::TwoSpare => (bytes[flag] & !(SIGN | IDENTITY)) | flags,
            };
        }
        _ => {
            g.hit("mut_stray_flag_bits");
            bytes[flag] |= 1 << g.below(6);
        }
    }
}

/// The compressed-encoding check of `C` against `subject`.
pub struct CompressedCheck<C, S> {
    spec: Spec,
    subject: S,
    _group: PhantomData<fn() -> C>,
}

/// Checks `subject`'s compressed encoder and decoder of `C` (see the module docs).
pub fn check<C: Halo2Compressed, S: Halo2Codec<C>>(
    spec: Spec,
    subject: S,
) -> CompressedCheck<C, S> {
    CompressedCheck {
        spec,
        subject,
        _group: PhantomData,
    }
}

fn hex_point(p: &Point<Fp>) -> String {
    match p {
        Point::Identity => "identity".into(),
        Point::Affine { x, y } => format!("(0x{:x}, 0x{:x})", x.value(), y.value()),
    }
}

impl<C: Halo2Compressed, S: Halo2Codec<C>> Routine for CompressedCheck<C, S> {
    type Case = CompressedCase;
    /// The encoding in hex, or the decoded point.
    type Output = String;

    fn info(&self) -> RoutineInfo {
        self.spec.info(
            "halo2curves' compressed format from its description (flags, canonical x, square \
             root of the parity of the sign flag)",
            classes::<C>(),
        )
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let c = C::instance();
        let curve = c.curve();
        let encode = g.chance(2, 5);
        if !g.edgy() {
            let point = c.mul_hub(&g.biguint_below(c.order()));
            let bytes = if encode {
                Vec::new()
            } else {
                g.bytes(format::encoded_len(curve, C::LAYOUT))
            };
            return CompressedCase {
                encode,
                point,
                bytes,
            };
        }
        g.hit(if encode { "encode" } else { "decode" });
        let point = g.scope("halo2.point", draw_point::<C>);
        let bytes = if encode {
            Vec::new()
        } else {
            let mut bytes = format::encode(curve, C::LAYOUT, &point);
            g.scope("halo2.mutation", |g| mutate::<C>(g, &mut bytes));
            bytes
        };
        CompressedCase {
            encode,
            point,
            bytes,
        }
    }

    /// Read off the case the subject receives: its operation, its point (k·G by the oracle's
    /// arithmetic for the small multiples) and its bytes against the oracle's encoding of that
    /// point (flags: the sign and identity bits of the flag byte; x: the field bytes, little
    /// endian, flags masked off), never off the labels.
    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        let curve = C::instance().curve();
        let point = &case.point;
        let bytes = &case.bytes[..];
        let decode = !case.encode;
        let encoding = format::encode(curve, C::LAYOUT, point);
        let flag = match C::LAYOUT {
            FlagLayout::Extra => 0,
            FlagLayout::TwoSpare => encoding.len() - 1,
        };
        let flags = |b: &[u8]| b[flag] & (SIGN | IDENTITY);
        let sized = decode && bytes.len() == encoding.len();
        // The bytes are the encoding with the flag byte changed by `change`, the rest untouched.
        let flag_byte = |change: &dyn Fn(u8) -> u8| {
            sized
                && (0..bytes.len()).all(|i| {
                    bytes[i]
                        == if i == flag {
                            change(encoding[i])
                        } else {
                            encoding[i]
                        }
                })
        };
        // x as an integer: the field bytes with the flag bits masked off.
        let x = || {
            let mut field = bytes.to_vec();
            match C::LAYOUT {
                FlagLayout::Extra => {
                    field.remove(0);
                }
                FlagLayout::TwoSpare => field[flag] &= !(SIGN | IDENTITY),
            }
            BigUint::from_bytes_le(&field)
        };
        let small_multiple =
            || (2..=16u32).any(|k| *point == curve.mul(&curve.generator, &BigUint::from(k)));
        Some(match class {
            "encode" => case.encode,
            "decode" => decode,
            "point_identity" => *point == Point::Identity,
            "point_generator" => *point == curve.generator,
            "point_small_multiple" => small_multiple(),
            "point_random" => {
                *point != Point::Identity && *point != curve.generator && !small_multiple()
            }
            "point_x_zero" => matches!(point, Point::Affine { x, .. } if x.is_zero()),
            "mut_none" => flag_byte(&|b| b),
            "mut_sign_flipped" => flag_byte(&|b| b ^ SIGN),
            "mut_identity_on_point" => flag_byte(&|b| b | IDENTITY),
            "mut_identity_with_sign" => sized && flags(bytes) == IDENTITY | SIGN && x().is_zero(),
            "mut_identity_nonzero_x" => sized && flags(bytes) == IDENTITY && !x().is_zero(),
            "mut_non_canonical" => {
                sized && flags(bytes) == flags(&encoding) && x() >= *curve.a.field().modulus()
            }
            "mut_garbage" => sized && flags(bytes) == flags(&encoding) && bytes != encoding,
            "mut_stray_flag_bits" => {
                C::LAYOUT == FlagLayout::Extra
                    && bytes[..]
                        .get(flag)
                        .is_some_and(|b| b & !(SIGN | IDENTITY) != 0)
                    && flag_byte(&|b| b | (bytes[flag] & !(SIGN | IDENTITY)))
            }
            _ => return None,
        })
    }

    fn subject(&self, case: &Self::Case) -> Outcome<String> {
        if case.encode {
            return Outcome::Value(hex::encode(self.subject.encode(&case.point)));
        }
        match self.subject.decode(&case.bytes) {
            Some(p) => Outcome::Value(hex_point(&p)),
            None => Outcome::Rejected("the library refused the encoding".into()),
        }
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<String> {
        let curve = C::instance().curve();
        if case.encode {
            return Outcome::Value(hex::encode(format::encode(curve, C::LAYOUT, &case.point)));
        }
        match format::decode(curve, C::LAYOUT, &case.bytes) {
            Ok(p) => Outcome::Value(hex_point(&p)),
            Err(e) => Outcome::Rejected(format!("{e:?}")),
        }
    }

    fn reproducer(&self, case: &Self::Case, oracle: &Outcome<String>) -> Option<ReproCode> {
        reproducer_code(self.subject.repro_paths()?, case, oracle)
    }

    fn render_case(&self, case: &Self::Case) -> String {
        if case.encode {
            format!("encode the point {}", hex_point(&case.point))
        } else {
            format!(
                "decode {} bytes: {}\n(from the point {})",
                case.bytes.len(),
                hex::encode(&case.bytes),
                hex_point(&case.point)
            )
        }
    }
}
