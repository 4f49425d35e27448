//! A library's reading and writing of arkworks' default point format
//! ([`ecdiff_oracles::ark_format`]) over a short-Weierstrass curve, on points of the whole
//! curve and on broken encodings, in every `Compress` × `Validate` mode.
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
//! Broken encodings: the sign flag flipped (compressed: the other root, canonically; for an
//! uncompressed point a sign flag that is not its y's), the infinity flag on a point, both flags,
//! a coefficient ≥ p (c + p where it fits the coefficient's bits, else p), a bit set between
//! the modulus's bits and the flags (in a flag byte of its own: bits the format never reads),
//! an x with no point (compressed), y + 1 (uncompressed: off the curve, read as it is under
//! `Validate::No`), the input cut short, and, on a curve with points of order 2, the negative
//! flag on y = 0. Under the uniform baseline a point is uniform on the whole curve and the
//! bytes to read are uniformly random.
//!
//! Classes: the generator records what it built (the operation and mode, the point's kind from
//! its drawn (a, t), the class each mutation makes of the bytes); [`Routine::class_holds`]
//! checks each on the decoded case by the oracle's reading of its bytes
//! ([`ecdiff_oracles::ark_format::sw_read`]) and by multiplying the point: its refusals
//! (`both_flags`, `coefficient_out_of_range`, `no_square_root`, `short`), its departures from
//! the canonical rule (`infinity_with_coordinates`, `uncompressed_sign_mismatch`,
//! `flag_byte_bits`, `negative_zero`), `canonical`, `off_curve`, `other_root` and
//! `outside_subgroup` (what the bytes decode to without validation). A library whose reading
//! takes one of the named departures documents it through [`PointFormat::departure`]: the case
//! is then its known finding, pinned to exactly the point the oracle's model of that reading
//! gives.

use crate::curve::SwGroup;
use crate::engine::{Expected, Outcome, Routine, RoutineInfo, VerdictKind};
use crate::generators::{Bias, Gen};
use crate::repro::project::ReproCode;
use crate::shapes::torsion::TorsionModel;
use crate::shapes::{hex_point, known, Spec};
use ecdiff_oracles::ark_format::{
    flagged_bytes, is_negative, plain_bytes, sw_read, sw_write, Departure, FormatField, Reading,
    Refusal, SW_INFINITY, SW_NEGATIVE,
};
use ecdiff_oracles::field::Field;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use std::sync::OnceLock;

/// A library's writer and reader of the format over `C`.
pub trait PointFormat<C: SwGroup>: Send + Sync + 'static {
    /// `serialize_with_mode` of the affine point (`compress`: `Compress::Yes`).
    fn write(&self, p: &Point<C::F>, compress: bool) -> Vec<u8>;
    /// `deserialize_with_mode`: the point read, or `None` for an error.
    fn read(&self, bytes: &[u8], compress: bool, validate: bool) -> Option<Point<C::F>>;
    /// The known finding that documents the library's reading taking `departure` (`None`:
    /// the library is not known to, and a case that shows it is a new finding).
    fn departure(&self, departure: Departure) -> Option<&'static str>;
    /// A standalone program that makes the case's call through the library's own API and
    /// prints its result as [`repro_line`] prints `expected` (`None`: no template).
    fn reproducer(
        &self,
        _case: &FormatCase<C::F>,
        _expected: &FormatValue<C::F>,
    ) -> Option<ReproCode> {
        None
    }
}

/// A result as a reproducer prints it: a write's bytes in hex; a read's point as
/// [`super::curve_ops::repro_line`] prints one (`identity`, or `(x, y)` with each coordinate's
/// coefficients big-endian over `words` 64-bit words), or `refused`.
pub fn repro_line<F: Field>(value: &FormatValue<F>, words: usize) -> String {
    match value {
        FormatValue::Bytes(b) => hex(b),
        FormatValue::Read(Some(p)) => {
            super::curve_ops::repro_line(&super::curve_ops::CurveOpsValue::Point(p.clone()), words)
        }
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

/// What an operation returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatValue<F> {
    /// A write's bytes.
    Bytes(Vec<u8>),
    /// A read's point, or `None` for a refusal.
    Read(Option<Point<F>>),
}

const OP_CLASSES: [&str; 4] = [
    "op_write_compressed",
    "op_write_uncompressed",
    "op_read_compressed",
    "op_read_uncompressed",
];
const POINT_CLASSES: [&str; 4] = ["identity", "generator", "non_generator", "negative_y"];
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

/// The check of `S`'s format over `C`.
pub struct ArkFormatCheck<C: SwGroup, S> {
    spec: Spec,
    subject: S,
    torsion: TorsionModel<C>,
    /// A point of order 2 as (t, t·T), when T's subgroup has one.
    two_torsion: OnceLock<Option<(BigUint, Point<C::F>)>>,
}

/// The check of `subject` over `C`.
pub fn check<C: SwGroup, S: PointFormat<C>>(spec: Spec, subject: S) -> ArkFormatCheck<C, S> {
    ArkFormatCheck {
        spec,
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
        flagged_bytes(&p, 2) > (p.bits() as usize).div_ceil(64) * 8
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
        let mut bytes = sw_write(curve, point, compress);
        if g.bias() == Bias::Uniform {
            return (g.bytes(bytes.len()), None);
        }
        let p = Self::p();
        let degree = curve.b.coeffs().len();
        let last = bytes.len() - 1;
        let two = match Self::has_two_torsion() && self.two_torsion().is_some() {
            true => 1,
            false => 0,
        };
        let y_zero = matches!(point, Point::Affine { y, .. } if y.is_zero());
        let class = match g.weighted(&[6, 2, 2, 1, 2, 2, 2, 2, 1, two]) {
            0 => Some("canonical"),
            1 => {
                bytes[last] ^= SW_NEGATIVE;
                Some(match (point.is_identity(), compress, y_zero) {
                    (true, _, _) => "both_flags",
                    (false, true, true) => "negative_zero",
                    (false, true, false) => "other_root",
                    (false, false, _) => "uncompressed_sign_mismatch",
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
                let (start, width, flag_bits) = coefficient_slot(&p, degree, compress, slot);
                let flags = if flag_bits > 0 {
                    bytes[start + width - 1] & 0xc0
                } else {
                    0
                };
                let mut raw = bytes[start..start + width].to_vec();
                if flag_bits > 0 {
                    raw[width - 1] &= 0x3f;
                }
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
                let (start, width, _) = coefficient_slot(&p, degree, compress, slot);
                let (low, high) = (p.bits() as usize, 8 * width - 2);
                let bit = if low < high {
                    g.range(low, high - 1)
                } else {
                    8 * width - 3
                };
                bytes[start + bit / 8] |= 1 << (bit % 8);
                // Past the coefficient's 64-bit words the format reads no bit; within them, the
                // coefficient is now ≥ p or, below the modulus's bits, some other integer.
                let words = (p.bits() as usize).div_ceil(64) * 8;
                let mut raw = bytes[start..start + width.min(words)].to_vec();
                if width <= words {
                    raw[width - 1] &= 0x3f;
                }
                match (bit >= 8 * words, BigUint::from_bytes_le(&raw) >= p) {
                    (true, _) => Some("flag_byte_bits"),
                    (false, true) => Some("coefficient_out_of_range"),
                    _ => None,
                }
            }
            6 if compress => {
                // An x with no point, the flags kept.
                let x = loop {
                    let coeffs: Vec<BigUint> = (0..degree).map(|_| g.biguint_below(&p)).collect();
                    let x = curve.b.with_coeffs(&coeffs).expect("coefficients below p");
                    if curve.lift_x(&x).is_none() {
                        break x;
                    }
                };
                let sign = bytes[last] & SW_NEGATIVE;
                let mut out = sw_write(
                    curve,
                    &Point::Affine {
                        x,
                        y: curve.b.clone(),
                    },
                    true,
                );
                out[last] = (out[last] & !(SW_NEGATIVE | SW_INFINITY)) | sign;
                bytes = out;
                Some("no_square_root")
            }
            6 => {
                // y + 1: off the curve, with the sign flag y + 1 is written with.
                let (x, y) = match point {
                    Point::Affine { x, y } => (x.clone(), y.clone()),
                    Point::Identity => match &curve.generator {
                        Point::Affine { x, y } => (x.clone(), y.clone()),
                        Point::Identity => unreachable!("the generator is affine"),
                    },
                };
                let y = y.add(&y.one_like());
                bytes = sw_write(curve, &Point::Affine { x, y }, false);
                Some("off_curve")
            }
            7 => {
                let keep = g.below(bytes.len() as u64) as usize;
                bytes.truncate(keep);
                Some("short")
            }
            8 => {
                // Random coefficient bytes under the encoding's flags.
                let flags = bytes[last] & 0xc0;
                bytes = g.bytes(bytes.len());
                bytes[last] = (bytes[last] & 0x3f) | flags;
                None
            }
            _ => {
                let (_, q) = self.two_torsion().expect("weighted only when it exists");
                // Always the compressed form: read uncompressed, its x (with the flag bit set)
                // is a plain coefficient ≥ p.
                bytes = sw_write(curve, q, true);
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

/// Where coefficient `slot` of a point's encoding lies: (first byte, width, flag bits). An
/// element is its degree's coefficients, the last carrying the flags; uncompressed, x's
/// coefficients (none flagged) come before y's.
fn coefficient_slot(
    p: &BigUint,
    degree: usize,
    compress: bool,
    slot: usize,
) -> (usize, usize, usize) {
    let elements = if compress { 1 } else { 2 };
    let slot = slot.min(elements * degree - 1);
    let plain = plain_bytes(p);
    let flagged = slot == elements * degree - 1;
    let width = if flagged { flagged_bytes(p, 2) } else { plain };
    (slot * plain, width, if flagged { 2 } else { 0 })
}

impl<C: SwGroup, S: PointFormat<C>> Routine for ArkFormatCheck<C, S>
where
    C::F: FormatField,
{
    type Case = FormatCase<C::F>;
    type Output = FormatValue<C::F>;

    fn info(&self) -> RoutineInfo {
        let mut classes: Vec<&'static str> = OP_CLASSES.to_vec();
        classes.extend(POINT_CLASSES);
        classes.extend(READ_CLASSES);
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
        if matches!(&point, Point::Affine { y, .. } if is_negative(y)) {
            g.hit("negative_y");
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
            FormatOp::Write => FormatValue::Bytes(self.subject.write(&case.point, case.compress)),
            FormatOp::Read => {
                FormatValue::Read(self.subject.read(&case.bytes, case.compress, case.validate))
            }
        })
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        let curve = C::instance().curve();
        Outcome::Value(match case.op {
            FormatOp::Write => FormatValue::Bytes(sw_write(curve, &case.point, case.compress)),
            FormatOp::Read => FormatValue::Read(
                sw_read(curve, &case.bytes, case.compress, case.validate)
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
            hex_point(&case.point),
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
            FormatValue::Read(Some(p)) => hex_point(p),
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
    ) -> Option<Result<Reading<Point<C::F>>, Refusal>> {
        (case.op == FormatOp::Read)
            .then(|| sw_read(C::instance().curve(), &case.bytes, case.compress, false))
    }

    /// Whether `class` holds on `case`, given the oracle's unvalidated `reading` of its bytes
    /// (`None` for a write); the point's kind by multiplying it by r and h.
    fn holds(
        &self,
        case: &FormatCase<C::F>,
        class: &str,
        reading: Option<&Result<Reading<Point<C::F>>, Refusal>>,
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
            "negative_y" => matches!(p, Point::Affine { y, .. } if is_negative(y)),
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
            "off_curve" => read_point.is_some_and(|r| !curve.is_on_curve(&r.point)),
            "outside_subgroup" => {
                read_point.is_some_and(|r| curve.is_on_curve(&r.point) && !in_subgroup(&r.point))
            }
            "other_root" => {
                case.compress
                    && !p.is_identity()
                    && *p != curve.neg(p)
                    && read_point.is_some_and(|r| r.point == curve.neg(p))
            }
            _ => return None,
        })
    }

    /// On a read whose bytes the canonical rule refuses but the library's documented reading
    /// accepts: the point that reading gives and the known finding.
    fn known_reading(&self, case: &FormatCase<C::F>) -> Option<(Point<C::F>, &'static str)> {
        if case.op != FormatOp::Read {
            return None;
        }
        let curve = C::instance().curve();
        let reading = sw_read(curve, &case.bytes, case.compress, case.validate).ok()?;
        let first = *reading.departures.first()?;
        let reason = self.subject.departure(first)?;
        Some((reading.point, reason))
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
