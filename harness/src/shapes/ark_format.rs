//! A library's reading and writing of arkworks' default point format
//! ([`ecdiff_oracles::ark_format`]) over a short-Weierstrass curve ([`Weierstrass`]) or a
//! twisted Edwards curve ([`Edwards`]), on points of the whole curve and on broken
//! encodings, in every `Compress` × `Validate` mode.
//!
//! A case is one operation on one point P = a·G + t·T of the cofactor-aware model
//! ([`super::torsion`]):
//!
//! * **write** P compressed or uncompressed (`serialize_with_mode`), compared byte for byte
//!   with the oracle's writer;
//! * **read** bytes (`deserialize_with_mode`) with `Validate::Yes` or `No`: P's encoding,
//!   canonical or broken on purpose, compared with the oracle's canonical decoding (the point,
//!   or a refusal; both refusing is agreement, whatever the error).
//!
//! Points are drawn on the curve's short-Weierstrass model (for a twisted Edwards curve, the
//! model of [`crate::curve::twisted_edwards`]) and handed to the format in its own
//! coordinates ([`FormatModel::from_group`]); what is read is compared in the format's
//! coordinates, as the bytes give them.
//!
//! Broken encodings: the sign flag flipped (compressed: the other root, canonically; for an
//! uncompressed short-Weierstrass point a sign flag that is not its y's; twisted Edwards
//! writes no flag uncompressed), the infinity flag on a point and both flags (short
//! Weierstrass only),
//! a coefficient ≥ p (c + p where it fits the coefficient's bits, else p), a bit set between
//! the modulus's bits and the flags (in a flag byte of its own: bits the format never reads),
//! an x with no point (compressed), y + 1 (uncompressed: off the curve, read as it is under
//! `Validate::No`), the input cut short, and, on a curve with points of order 2, the negative
//! flag on the zero root (y = 0; twisted Edwards: x = 0, at (0, −1), and the identity (0, 1)
//! by the flipped flag). Under the uniform baseline a point is uniform on the whole curve and the
//! bytes to read are uniformly random.
//!
//! Classes: the generator records what it built (the operation and mode, the point's kind from
//! its drawn (a, t), the class each mutation makes of the bytes); [`Routine::class_holds`]
//! checks each on the decoded case by the oracle's reading of its bytes
//! ([`ecdiff_oracles::ark_format::sw_read`], [`te_read`])
//! and by multiplying the point: its refusals
//! (`both_flags`, `coefficient_out_of_range`, `no_square_root`, `short`), its departures from
//! the canonical rule (`infinity_with_coordinates`, `uncompressed_sign_mismatch`,
//! `flag_byte_bits`, `negative_zero`), `canonical`, `off_curve`, `other_root` and
//! `outside_subgroup` (what the bytes decode to without validation); `negative_y`
//! (`negative_x` for twisted Edwards) when the point's flagged coordinate is negative. A library whose reading
//! takes one of the named departures documents it through [`PointFormat::departure`]: the case
//! is then its known finding, pinned to exactly the point the oracle's model of that reading
//! gives.

use crate::curve::twisted_edwards::TeGroup;
use crate::curve::SwGroup;
use crate::engine::{Expected, Outcome, Routine, RoutineInfo, VerdictKind};
use crate::generators::{Bias, Gen};
use crate::repro::project::ReproCode;
use crate::shapes::torsion::TorsionModel;
use crate::shapes::{hex_point, known, Spec};
use ecdiff_oracles::ark_format::{
    flagged_bytes, is_negative, plain_bytes, sw_read, sw_write, te_read, te_write, Departure,
    FormatField, Reading, Refusal, SW_INFINITY, SW_NEGATIVE,
};
use ecdiff_oracles::field::{Field, Fp};
use ecdiff_oracles::twisted_edwards::TePoint;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use std::fmt::Debug;
use std::sync::OnceLock;

/// How the format writes the points of `C`: the coordinates it writes them in, the oracle's
/// writer and reader in those coordinates, and the layout of its flags.
pub trait FormatModel<C: SwGroup>: 'static {
    /// A point in the format's coordinates (affine; off the curve when bytes say so).
    type Point: Clone + Debug + PartialEq + Send + Sync + 'static;
    /// The flag bits of the flagged coefficient (the top bits of its last byte).
    const FLAG_BITS: usize;
    /// Whether the uncompressed form carries the flags too (short Weierstrass: y's last
    /// coefficient; twisted Edwards writes both coordinates plain).
    const UNCOMPRESSED_FLAGS: bool;
    /// Whether the format has an infinity flag (short Weierstrass).
    const INFINITY_FLAG: bool;
    /// The class of a point whose sign-flagged coordinate is negative.
    const NEGATIVE_CLASS: &'static str;
    /// A point of the curve's model in the format's coordinates.
    fn from_group(p: &Point<C::F>) -> Self::Point;
    /// The point of the curve's model, or `None` for one off the curve.
    fn to_group(p: &Self::Point) -> Option<Point<C::F>>;
    /// The oracle's writer.
    fn write(p: &Self::Point, compress: bool) -> Vec<u8>;
    /// The oracle's reading (the point arkworks' reading gives and its departures).
    fn read(bytes: &[u8], compress: bool, validate: bool) -> Result<Reading<Self::Point>, Refusal>;
    /// Whether the coordinate the sign flag tells is negative.
    fn negative(p: &Self::Point) -> bool;
    /// Whether that coordinate is 0 (both roots are one: y = 0, or x = 0 for Edwards).
    fn zero_root(p: &Self::Point) -> bool;
    /// A compressed encoding, flags clear, of a coordinate no point of the curve has.
    fn without_point(g: &mut Gen) -> Vec<u8>;
    /// A point off the curve near `p`: (x, y + 1) (the identity of short Weierstrass: G's).
    fn off_curve(p: &Self::Point) -> Self::Point;
    /// Hex rendering.
    fn render(p: &Self::Point) -> String;
    /// As a reproducer prints it: `identity`, or `(x, y)` with each coordinate's coefficients
    /// big-endian over `words` 64-bit words.
    fn repro_line(p: &Self::Point, words: usize) -> String;
}

/// Short Weierstrass: the group's own points, two flags (module docs of
/// [`ecdiff_oracles::ark_format`]).
pub struct Weierstrass;

impl<C: SwGroup> FormatModel<C> for Weierstrass
where
    C::F: FormatField,
{
    type Point = Point<C::F>;
    const FLAG_BITS: usize = 2;
    const UNCOMPRESSED_FLAGS: bool = true;
    const INFINITY_FLAG: bool = true;
    const NEGATIVE_CLASS: &'static str = "negative_y";

    fn from_group(p: &Point<C::F>) -> Point<C::F> {
        p.clone()
    }

    fn to_group(p: &Point<C::F>) -> Option<Point<C::F>> {
        C::instance().curve().is_on_curve(p).then(|| p.clone())
    }

    fn write(p: &Point<C::F>, compress: bool) -> Vec<u8> {
        sw_write(C::instance().curve(), p, compress)
    }

    fn read(bytes: &[u8], compress: bool, validate: bool) -> Result<Reading<Point<C::F>>, Refusal> {
        sw_read(C::instance().curve(), bytes, compress, validate)
    }

    fn negative(p: &Point<C::F>) -> bool {
        matches!(p, Point::Affine { y, .. } if is_negative(y))
    }

    fn zero_root(p: &Point<C::F>) -> bool {
        matches!(p, Point::Affine { y, .. } if y.is_zero())
    }

    fn without_point(g: &mut Gen) -> Vec<u8> {
        let curve = C::instance().curve();
        let p = curve.b.base_modulus();
        let degree = curve.b.coeffs().len();
        let x = loop {
            let coeffs: Vec<BigUint> = (0..degree).map(|_| g.biguint_below(&p)).collect();
            let x = curve.b.with_coeffs(&coeffs).expect("coefficients below p");
            if curve.lift_x(&x).is_none() {
                break x;
            }
        };
        // y = 0 is not negative: no flag.
        let y = curve.b.zero_like();
        sw_write(curve, &Point::Affine { x, y }, true)
    }

    fn off_curve(p: &Point<C::F>) -> Point<C::F> {
        let (x, y) = match p {
            Point::Affine { x, y } => (x.clone(), y.clone()),
            Point::Identity => match &C::instance().curve().generator {
                Point::Affine { x, y } => (x.clone(), y.clone()),
                Point::Identity => unreachable!("the generator is affine"),
            },
        };
        let y = y.add(&y.one_like());
        Point::Affine { x, y }
    }

    fn render(p: &Point<C::F>) -> String {
        hex_point(p)
    }

    fn repro_line(p: &Point<C::F>, words: usize) -> String {
        super::curve_ops::repro_line(&super::curve_ops::CurveOpsValue::Point(p.clone()), words)
    }
}

/// Twisted Edwards over 𝔽ₚ: the Edwards coordinates of the group's points
/// ([`TeGroup::edwards`]), one flag, none uncompressed.
pub struct Edwards;

impl<C: TeGroup> FormatModel<C> for Edwards {
    type Point = TePoint;
    const FLAG_BITS: usize = 1;
    const UNCOMPRESSED_FLAGS: bool = false;
    const INFINITY_FLAG: bool = false;
    const NEGATIVE_CLASS: &'static str = "negative_x";

    fn from_group(p: &Point<Fp>) -> TePoint {
        let curve = C::instance().edwards();
        curve
            .from_weierstrass(p)
            .unwrap_or_else(|| panic!("{}: a model point without an Edwards image", curve.name))
    }

    fn to_group(p: &TePoint) -> Option<Point<Fp>> {
        let curve = C::instance().edwards();
        curve.is_on_curve(p).then(|| curve.to_weierstrass(p))
    }

    fn write(p: &TePoint, compress: bool) -> Vec<u8> {
        te_write(p, compress)
    }

    fn read(bytes: &[u8], compress: bool, validate: bool) -> Result<Reading<TePoint>, Refusal> {
        te_read(C::instance().edwards(), bytes, compress, validate)
    }

    fn negative(p: &TePoint) -> bool {
        is_negative(&p.x)
    }

    fn zero_root(p: &TePoint) -> bool {
        p.x.is_zero()
    }

    fn without_point(g: &mut Gen) -> Vec<u8> {
        let curve = C::instance().edwards();
        let f = curve.field();
        let y = loop {
            let y = f.elem(g.biguint_below(f.modulus()));
            if curve.lift_y(&y, false).is_none() {
                break y;
            }
        };
        // x = 0 is not negative: no flag.
        te_write(&TePoint { x: f.zero(), y }, true)
    }

    fn off_curve(p: &TePoint) -> TePoint {
        TePoint {
            x: p.x.clone(),
            y: p.y.add(&p.y.one_like()),
        }
    }

    fn render(p: &TePoint) -> String {
        format!("Edwards (0x{:x}, 0x{:x})", p.x.value(), p.y.value())
    }

    fn repro_line(p: &TePoint, words: usize) -> String {
        let curve = C::instance().edwards();
        let point = match *p == curve.identity() {
            true => Point::Identity,
            false => Point::Affine {
                x: p.x.clone(),
                y: p.y.clone(),
            },
        };
        super::curve_ops::repro_line(&super::curve_ops::CurveOpsValue::Point(point), words)
    }
}

/// A point of subject `S`'s format over `C`.
pub type FormatPoint<C, S> = <<S as PointFormat<C>>::Model as FormatModel<C>>::Point;

/// A library's writer and reader of the format over `C`.
pub trait PointFormat<C: SwGroup>: Send + Sync + 'static {
    /// The format's model: [`Weierstrass`] or [`Edwards`].
    type Model: FormatModel<C>;
    /// `serialize_with_mode` of the affine point (`compress`: `Compress::Yes`).
    fn write(&self, p: &FormatPoint<C, Self>, compress: bool) -> Vec<u8>;
    /// `deserialize_with_mode`: the point read, or `None` for an error.
    fn read(&self, bytes: &[u8], compress: bool, validate: bool) -> Option<FormatPoint<C, Self>>;
    /// The known finding that documents the library's reading taking `departure` (`None`:
    /// the library is not known to, and a case that shows it is a new finding).
    fn departure(&self, departure: Departure) -> Option<&'static str>;
    /// A standalone program that makes the case's call through the library's own API and
    /// prints its result as [`repro_line`] prints `expected` (`None`: no template).
    fn reproducer(
        &self,
        _case: &FormatCase<C::F>,
        _expected: &FormatValue<FormatPoint<C, Self>>,
    ) -> Option<ReproCode> {
        None
    }
}

/// A result as a reproducer prints it: a write's bytes in hex; a read's point as
/// [`FormatModel::repro_line`] prints one, or `refused`.
pub fn repro_line<C: SwGroup, M: FormatModel<C>>(
    value: &FormatValue<M::Point>,
    words: usize,
) -> String {
    match value {
        FormatValue::Bytes(b) => hex(b),
        FormatValue::Read(Some(p)) => M::repro_line(p, words),
        FormatValue::Read(None) => "refused".into(),
    }
}

/// Read or write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatOp {
    /// `serialize_with_mode`.
    Write,
    /// `deserialize_with_mode`.
    Read,
}

/// One case (module docs).
#[derive(Clone, Debug)]
pub struct FormatCase<F> {
    /// Read or write.
    pub op: FormatOp,
    /// `Compress::Yes`.
    pub compress: bool,
    /// `Validate::Yes` (reads only).
    pub validate: bool,
    /// a: P's multiple of G.
    pub log: BigUint,
    /// t: P's multiple of T.
    pub torsion: BigUint,
    /// P.
    pub point: Point<F>,
    /// The bytes a read is given (empty for a write).
    pub bytes: Vec<u8>,
}

/// What an operation returns, points in the format's coordinates `P`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatValue<P> {
    /// A write's bytes.
    Bytes(Vec<u8>),
    /// A read's point, or `None` for a refusal.
    Read(Option<P>),
}

const OP_CLASSES: [&str; 4] = [
    "op_write_compressed",
    "op_write_uncompressed",
    "op_read_compressed",
    "op_read_uncompressed",
];
const POINT_CLASSES: [&str; 3] = ["identity", "generator", "non_generator"];
const TORSION_CLASSES: [&str; 3] = ["torsion_component", "pure_torsion", "outside_subgroup"];
const READ_CLASSES: [&str; 11] = [
    "validate_yes",
    "validate_no",
    "canonical",
    "both_flags",
    "coefficient_out_of_range",
    "no_square_root",
    "short",
    "infinity_with_coordinates",
    "uncompressed_sign_mismatch",
    "off_curve",
    "other_root",
];
/// Read classes of the short-Weierstrass flags alone.
const INFINITY_CLASSES: [&str; 2] = ["both_flags", "infinity_with_coordinates"];
const UNCOMPRESSED_FLAG_CLASSES: [&str; 1] = ["uncompressed_sign_mismatch"];

/// The check of `S`'s format over `C`.
pub struct ArkFormatCheck<C: SwGroup, S> {
    spec: Spec,
    subject: S,
    torsion: TorsionModel<C>,
    /// A point of order 2 as (t, t·T), when T's subgroup has one.
    two_torsion: OnceLock<Option<(BigUint, Point<C::F>)>>,
}

/// A format check's default case count: every class (the rarest, a mutation of one read
/// form, is ~1 case in 40) at seed 0, on each built-in curve and the downstream example's.
pub const FORMAT_CASES: u32 = 384;

/// The check of `subject` over `C`.
pub fn check<C: SwGroup, S: PointFormat<C>>(spec: Spec, subject: S) -> ArkFormatCheck<C, S> {
    ArkFormatCheck {
        spec: spec.shape_default(FORMAT_CASES),
        subject,
        torsion: TorsionModel::default(),
        two_torsion: OnceLock::new(),
    }
}

impl<C: SwGroup, S: PointFormat<C>> ArkFormatCheck<C, S>
where
    C::F: FormatField,
{
    fn p() -> BigUint {
        C::instance().curve().b.base_modulus()
    }

    /// A flag byte of its own: the flagged coefficient takes a byte past its 64-bit words.
    fn has_flag_byte() -> bool {
        let p = Self::p();
        flagged_bytes(&p, S::Model::FLAG_BITS) > (p.bits() as usize).div_ceil(64) * 8
    }

    /// Whether the curve has points of order 2 (an even cofactor).
    fn has_two_torsion() -> bool {
        C::instance().curve().cofactor.is_even()
    }

    /// The point of order 2 in T's subgroup: m·T doubled until the next doubling is O, for h
    /// = 2ᵉ·m, m odd.
    fn two_torsion(&self) -> Option<&(BigUint, Point<C::F>)> {
        self.two_torsion
            .get_or_init(|| {
                let curve = C::instance().curve();
                let h = &curve.cofactor;
                if h.is_odd() {
                    return None;
                }
                let mut t = h >> h.trailing_zeros().unwrap_or(0);
                let mut q = self.torsion.multiple(&t);
                if q.is_identity() {
                    return None;
                }
                while !curve.double(&q).is_identity() {
                    q = curve.double(&q);
                    t <<= 1;
                }
                Some((t, q))
            })
            .as_ref()
    }

    fn draw_point(&self, g: &mut Gen) -> (BigUint, BigUint) {
        let c = C::instance();
        let (r, h) = (c.order(), &c.curve().cofactor);
        if g.bias() == Bias::Uniform {
            return (g.biguint_below(r), g.biguint_below(h));
        }
        let torsion = if self.torsion.has_torsion() { 4 } else { 0 };
        let random_torsion = |g: &mut Gen| BigUint::one() + g.biguint_below(&(h - 1u8));
        match g.weighted(&[8, 2, 2, torsion, torsion]) {
            0 => (g.biguint_below(r), BigUint::zero()),
            1 => (BigUint::zero(), BigUint::zero()),
            2 => (BigUint::one(), BigUint::zero()),
            3 => (g.biguint_below(r), random_torsion(g)),
            _ => (BigUint::zero(), random_torsion(g)),
        }
    }

    /// Where coefficient `slot` of a point's encoding lies: (first byte, width, flag bits). An
    /// element is its degree's coefficients, the last carrying the flags; uncompressed, x's
    /// coefficients (none flagged) come before y's (flagged or not, by the model).
    fn coefficient_slot(degree: usize, compress: bool, slot: usize) -> (usize, usize, usize) {
        let p = Self::p();
        let elements = if compress { 1 } else { 2 };
        let slot = slot.min(elements * degree - 1);
        let plain = plain_bytes(&p);
        let flagged = slot == elements * degree - 1 && (compress || S::Model::UNCOMPRESSED_FLAGS);
        let flag_bits = if flagged { S::Model::FLAG_BITS } else { 0 };
        (slot * plain, flagged_bytes(&p, flag_bits), flag_bits)
    }

    /// The bytes of a read case: P's encoding, broken by one drawn mutation (module docs), and
    /// the class that mutation makes of them, as the generator knows it from what it built (the
    /// class predicates check it against the oracle's reading: [`Routine::class_holds`]).
    fn read_bytes(
        &self,
        g: &mut Gen,
        point: &Point<C::F>,
        compress: bool,
    ) -> (Vec<u8>, Option<&'static str>) {
        let curve = C::instance().curve();
        let at = S::Model::from_group(point);
        let mut bytes = S::Model::write(&at, compress);
        if g.bias() == Bias::Uniform {
            return (g.bytes(bytes.len()), None);
        }
        let p = Self::p();
        let degree = curve.b.coeffs().len();
        let last = bytes.len() - 1;
        let weight = |yes: bool, w: u32| if yes { w } else { 0 };
        let flagged = compress || S::Model::UNCOMPRESSED_FLAGS;
        let infinity = S::Model::INFINITY_FLAG;
        let two = weight(Self::has_two_torsion() && self.two_torsion().is_some(), 1);
        let weights = [
            6,
            weight(flagged, 2),
            weight(infinity, 2),
            weight(infinity, 1),
        ];
        let class = match g.weighted(&[weights.as_slice(), &[2, 2, 2, 2, 1, two]].concat()) {
            0 => Some("canonical"),
            1 => {
                // The sign flag (bit 7 in both models).
                bytes[last] ^= SW_NEGATIVE;
                Some(match (infinity && point.is_identity(), compress) {
                    (true, _) => "both_flags",
                    (false, true) if S::Model::zero_root(&at) => "negative_zero",
                    (false, true) => "other_root",
                    (false, false) => "uncompressed_sign_mismatch",
                })
            }
            2 => {
                bytes[last] &= !SW_NEGATIVE;
                bytes[last] |= SW_INFINITY;
                Some(match point.is_identity() {
                    true => "canonical",
                    false => "infinity_with_coordinates",
                })
            }
            3 => {
                bytes[last] |= SW_NEGATIVE | SW_INFINITY;
                Some("both_flags")
            }
            4 => {
                // A coefficient ≥ p: c + p where it fits below the flags, else p.
                let slot = g.below(bytes.len().div_ceil(plain_bytes(&p)) as u64) as usize;
                let (start, width, flag_bits) = Self::coefficient_slot(degree, compress, slot);
                let flags = bytes[start + width - 1] & flag_mask(flag_bits);
                let mut raw = bytes[start..start + width].to_vec();
                raw[width - 1] &= !flag_mask(flag_bits);
                let c = BigUint::from_bytes_le(&raw);
                let room = BigUint::one() << (8 * width - flag_bits);
                let high = if &c + &p < room { &c + &p } else { p.clone() };
                let mut out = high.to_bytes_le();
                out.resize(width, 0);
                out[width - 1] |= flags;
                bytes[start..start + width].copy_from_slice(&out);
                // A flag byte of its own (secp256k1) holds c + p's bits past the words the
                // format reads: what is read is then c + p − 2²⁵⁶, below p — an unread bit
                // when it is y (x then may have no point).
                let words = (p.bits() as usize).div_ceil(64) * 8;
                match BigUint::from_bytes_le(&out[..width.min(words)]) >= p {
                    true => Some("coefficient_out_of_range"),
                    false => (!compress).then_some("flag_byte_bits"),
                }
            }
            5 => {
                // A bit between the modulus's bits and the flags (or the end of a plain
                // coefficient); none between them: the top bit of the flagged coefficient.
                let slot = if compress { 0 } else { degree } + degree - 1;
                let (start, width, flag_bits) = Self::coefficient_slot(degree, compress, slot);
                let (low, high) = (p.bits() as usize, 8 * width - flag_bits);
                let bit = if low < high {
                    g.range(low, high - 1)
                } else {
                    8 * width - flag_bits - 1
                };
                bytes[start + bit / 8] |= 1 << (bit % 8);
                // Past the coefficient's 64-bit words the format reads no bit; within them, the
                // coefficient is now ≥ p or, below the modulus's bits, some other integer.
                let words = (p.bits() as usize).div_ceil(64) * 8;
                let mut raw = bytes[start..start + width.min(words)].to_vec();
                if width <= words {
                    raw[width - 1] &= !flag_mask(flag_bits);
                }
                match (bit >= 8 * words, BigUint::from_bytes_le(&raw) >= p) {
                    (true, _) => Some("flag_byte_bits"),
                    (false, true) => Some("coefficient_out_of_range"),
                    _ => None,
                }
            }
            6 if compress => {
                // A coordinate with no point, the sign flag kept.
                let sign = bytes[last] & SW_NEGATIVE;
                bytes = S::Model::without_point(g);
                bytes[last] |= sign;
                Some("no_square_root")
            }
            6 => {
                // y + 1: off the curve, with the flags y + 1 is written with.
                bytes = S::Model::write(&S::Model::off_curve(&at), false);
                Some("off_curve")
            }
            7 => {
                let keep = g.below(bytes.len() as u64) as usize;
                bytes.truncate(keep);
                Some("short")
            }
            8 => {
                // Random coefficient bytes under the encoding's flags.
                let mask = flag_mask(if flagged { S::Model::FLAG_BITS } else { 0 });
                let flags = bytes[last] & mask;
                bytes = g.bytes(bytes.len());
                bytes[last] = (bytes[last] & !mask) | flags;
                None
            }
            _ => {
                let (_, q) = self.two_torsion().expect("weighted only when it exists");
                // Always the compressed form: read uncompressed, its flagged coefficient (with
                // the flag bit set) is a plain one of x, ≥ p.
                bytes = S::Model::write(&S::Model::from_group(q), true);
                let last = bytes.len() - 1;
                bytes[last] |= SW_NEGATIVE;
                Some(match compress {
                    true => "negative_zero",
                    false => "coefficient_out_of_range",
                })
            }
        };
        (bytes, class)
    }
}

/// The mask of the top `bits` bits of a byte (the flags of a flagged coefficient's last).
fn flag_mask(bits: usize) -> u8 {
    !(0xffu8.checked_shr(bits as u32).unwrap_or(0))
}

impl<C: SwGroup, S: PointFormat<C>> Routine for ArkFormatCheck<C, S>
where
    C::F: FormatField,
{
    type Case = FormatCase<C::F>;
    type Output = FormatValue<FormatPoint<C, S>>;

    fn info(&self) -> RoutineInfo {
        let mut classes: Vec<&'static str> = OP_CLASSES.to_vec();
        classes.extend(POINT_CLASSES);
        classes.push(S::Model::NEGATIVE_CLASS);
        classes.extend(READ_CLASSES.iter().filter(|class| {
            (S::Model::INFINITY_FLAG || !INFINITY_CLASSES.contains(class))
                && (S::Model::UNCOMPRESSED_FLAGS || !UNCOMPRESSED_FLAG_CLASSES.contains(class))
        }));
        if !C::instance().curve().cofactor.is_one() {
            classes.extend(TORSION_CLASSES);
        }
        if Self::has_flag_byte() {
            classes.push("flag_byte_bits");
        }
        if Self::has_two_torsion() {
            classes.push("negative_zero");
        }
        self.spec.info(
            "ecdiff_oracles::ark_format (arkworks' default point format from its definition; \
             the canonical decoding, ark's departures named) on a·G + t·T",
            classes,
        )
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let op = if g.chance(1, 3) {
            FormatOp::Write
        } else {
            FormatOp::Read
        };
        let compress = g.chance(1, 2);
        let validate = op == FormatOp::Read && g.chance(1, 2);
        let (log, torsion) = self.draw_point(g);
        let point = self.torsion.point(&log, &torsion);
        let (bytes, input_class) = match op {
            FormatOp::Write => (Vec::new(), None),
            FormatOp::Read => self.read_bytes(g, &point, compress),
        };
        let read = op == FormatOp::Read;
        let op_class = match (read, compress) {
            (false, true) => "op_write_compressed",
            (false, false) => "op_write_uncompressed",
            (true, true) => "op_read_compressed",
            (true, false) => "op_read_uncompressed",
        };
        g.hit(op_class);
        if read {
            g.hit(if validate {
                "validate_yes"
            } else {
                "validate_no"
            });
        }
        // The point's classes from its drawn (a, t): t·T = O from the model, no multiplication
        // by r (the predicates multiply).
        let torsion_free = self.torsion.multiple(&torsion).is_identity();
        let point_class = match (torsion_free, log.is_zero(), log.is_one()) {
            (true, true, _) => "identity",
            (true, false, true) => "generator",
            (true, false, false) => "non_generator",
            (false, true, _) => "pure_torsion",
            (false, false, _) => "torsion_component",
        };
        g.hit(point_class);
        if S::Model::negative(&S::Model::from_group(&point)) {
            g.hit(S::Model::NEGATIVE_CLASS);
        }
        if let Some(class) = input_class {
            g.hit(class);
            // Bytes that read back as ±P, P outside the subgroup.
            let as_drawn = ["canonical", "other_root", "uncompressed_sign_mismatch"];
            if !torsion_free && as_drawn.contains(&class) {
                g.hit("outside_subgroup");
            }
        }
        FormatCase {
            op,
            compress,
            validate,
            log,
            torsion,
            point,
            bytes,
        }
    }

    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        self.holds(case, class, self.unvalidated(case).as_ref())
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        Outcome::Value(match case.op {
            FormatOp::Write => FormatValue::Bytes(
                (self.subject).write(&S::Model::from_group(&case.point), case.compress),
            ),
            FormatOp::Read => {
                FormatValue::Read(self.subject.read(&case.bytes, case.compress, case.validate))
            }
        })
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        Outcome::Value(match case.op {
            FormatOp::Write => FormatValue::Bytes(S::Model::write(
                &S::Model::from_group(&case.point),
                case.compress,
            )),
            FormatOp::Read => FormatValue::Read(
                S::Model::read(&case.bytes, case.compress, case.validate)
                    .ok()
                    .and_then(|r| r.canonical().cloned()),
            ),
        })
    }

    fn expected(&self, case: &Self::Case) -> Expected {
        match self.known_reading(case) {
            Some((_, reason)) => Expected::known(VerdictKind::Mismatch, reason),
            None => Expected::AGREE,
        }
    }

    fn known_behaviour(
        &self,
        case: &Self::Case,
        subject: &Outcome<Self::Output>,
    ) -> Result<(), String> {
        match self.known_reading(case) {
            Some((point, _)) => known::returned(subject, &FormatValue::Read(Some(point))),
            None => Err("no known finding on this case".into()),
        }
    }

    fn render_case(&self, case: &Self::Case) -> String {
        let mode = if case.compress {
            "compressed"
        } else {
            "uncompressed"
        };
        let point = format!(
            "P = {} = 0x{:x}·G + 0x{:x}·T",
            S::Model::render(&S::Model::from_group(&case.point)),
            case.log,
            case.torsion
        );
        match case.op {
            FormatOp::Write => format!("write {mode} {point}"),
            FormatOp::Read => format!(
                "read {mode}, Validate::{} of 0x{} ({} bytes), drawn from {point}",
                if case.validate { "Yes" } else { "No" },
                hex(&case.bytes),
                case.bytes.len()
            ),
        }
    }

    fn reproducer(&self, case: &Self::Case, oracle: &Outcome<Self::Output>) -> Option<ReproCode> {
        let Outcome::Value(value) = oracle else {
            return None;
        };
        self.subject.reproducer(case, value)
    }

    fn render_output(&self, output: &Self::Output) -> String {
        match output {
            FormatValue::Bytes(b) => format!("0x{}", hex(b)),
            FormatValue::Read(Some(p)) => S::Model::render(p),
            FormatValue::Read(None) => "refused".into(),
        }
    }
}

impl<C: SwGroup, S: PointFormat<C>> ArkFormatCheck<C, S>
where
    C::F: FormatField,
{
    /// The oracle's reading of a read case's bytes without validation (`None` for a write).
    fn unvalidated(
        &self,
        case: &FormatCase<C::F>,
    ) -> Option<Result<Reading<FormatPoint<C, S>>, Refusal>> {
        (case.op == FormatOp::Read).then(|| S::Model::read(&case.bytes, case.compress, false))
    }

    /// Whether `class` holds on `case`, given the oracle's unvalidated `reading` of its bytes
    /// (`None` for a write); the point's kind by multiplying it by r and h.
    fn holds(
        &self,
        case: &FormatCase<C::F>,
        class: &str,
        reading: Option<&Result<Reading<FormatPoint<C, S>>, Refusal>>,
    ) -> Option<bool> {
        let curve = C::instance().curve();
        let in_subgroup = |q: &Point<C::F>| curve.mul(q, &curve.order).is_identity();
        let pure =
            |q: &Point<C::F>| !q.is_identity() && curve.mul(q, &curve.cofactor).is_identity();
        let read = reading.is_some();
        let read_point = reading.and_then(|r| r.as_ref().ok());
        let departed = |d: Departure| read_point.is_some_and(|r| r.departures.contains(&d));
        let refused = |why: Refusal| reading.is_some_and(|r| *r == Err(why));
        let p = &case.point;
        Some(match class {
            "op_write_compressed" => !read && case.compress,
            "op_write_uncompressed" => !read && !case.compress,
            "op_read_compressed" => read && case.compress,
            "op_read_uncompressed" => read && !case.compress,
            "validate_yes" => read && case.validate,
            "validate_no" => read && !case.validate,
            "identity" => p.is_identity(),
            "generator" => *p == curve.generator,
            "non_generator" => !p.is_identity() && *p != curve.generator && in_subgroup(p),
            // From the sign flag the oracle's writer sets, not from the generator's test.
            c if c == S::Model::NEGATIVE_CLASS => {
                let compressed = S::Model::write(&S::Model::from_group(p), true);
                compressed.last().is_some_and(|b| b & SW_NEGATIVE != 0)
            }
            "torsion_component" => !in_subgroup(p) && !pure(p),
            "pure_torsion" => pure(p),
            "canonical" => read_point.is_some_and(|r| r.departures.is_empty()),
            "both_flags" => refused(Refusal::BothFlags),
            "coefficient_out_of_range" => refused(Refusal::CoefficientRange),
            "no_square_root" => refused(Refusal::NoSquareRoot),
            "short" => refused(Refusal::Short),
            "infinity_with_coordinates" => departed(Departure::InfinityWithCoordinates),
            "uncompressed_sign_mismatch" => departed(Departure::UncompressedSignIgnored),
            "flag_byte_bits" => departed(Departure::FlagByteBitsIgnored),
            "negative_zero" => departed(Departure::NegativeZero),
            "off_curve" => read_point.is_some_and(|r| S::Model::to_group(&r.point).is_none()),
            "outside_subgroup" => read_point
                .is_some_and(|r| S::Model::to_group(&r.point).is_some_and(|q| !in_subgroup(&q))),
            "other_root" => {
                let minus_p = curve.neg(p);
                case.compress
                    && !p.is_identity()
                    && *p != minus_p
                    && read_point.is_some_and(|r| r.point == S::Model::from_group(&minus_p))
            }
            _ => return None,
        })
    }

    /// On a read whose bytes the canonical rule refuses but the library's documented reading
    /// accepts: the point that reading gives and the known finding.
    fn known_reading(&self, case: &FormatCase<C::F>) -> Option<(FormatPoint<C, S>, &'static str)> {
        if case.op != FormatOp::Read {
            return None;
        }
        let reading = S::Model::read(&case.bytes, case.compress, case.validate).ok()?;
        let first = *reading.departures.first()?;
        let reason = self.subject.departure(first)?;
        Some((reading.point, reason))
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
