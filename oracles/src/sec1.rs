//! SEC 1 point encodings for any short Weierstrass curve over a prime field 𝔽ₚ: the
//! Elliptic-Curve-Point-to-Octet-String and Octet-String-to-Elliptic-Curve-Point conversions
//! of SEC 1 v2 §2.3.3 and §2.3.4 (<https://www.secg.org/sec1-v2.pdf>).
//!
//! # Algorithm
//!
//! With `len = ⌈log₂ p / 8⌉` bytes per field element (SEC 1 §2.3.5, big-endian):
//!
//! * the point at infinity is the single octet `00`;
//! * uncompressed: `04 ‖ x ‖ y` (1 + 2·len bytes);
//! * compressed: `02 ‖ x` if y is even, `03 ‖ x` if y is odd (1 + len bytes), where "even"
//!   is the least significant bit of the canonical integer y (SEC 1 §2.3.3 step 3.2, ỹ = y mod 2).
//!
//! Decoding (§2.3.4) rejects a wrong length for the prefix, an unknown prefix (the X9.62
//! "hybrid" prefixes `06`/`07` are not SEC 1 v2 encodings and are rejected too), a coordinate
//! x ≥ p or y ≥ p, an uncompressed point off the curve, and a compressed x for which
//! α = x³ + a·x + b is not a square. Decompression takes β = √α (for p ≡ 3 (mod 4), as for
//! P-256, P-384 and secp256k1, β = α^((p+1)/4); otherwise Tonelli–Shanks — both in
//! [`Fp::sqrt`]) and y = β if β ≡ ỹ (mod 2), else p − β (§2.3.4 step 2.4.3).
//!
//! # Invariants
//!
//! * [`decode`] returns only points on the curve (the identity included); it does not check
//!   membership of the order-n subgroup, which SEC 1 §3.2.2 leaves to public-key validation
//!   (for cofactor-1 curves such as P-256 every curve point is in it).
//! * `decode(curve, &encode(P, c)) == Ok(P)` for every point P of the curve and both `c`.

use core::fmt;

use crate::field::{Fp, PrimeField};
use crate::weierstrass::{Curve, Point};

/// Why [`decode`] rejected an octet string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sec1Error {
    /// The empty string (SEC 1 has no zero-length encoding).
    Empty,
    /// The first octet is not `00`, `02`, `03` or `04`.
    UnknownPrefix(u8),
    /// The length does not match the prefix (`00`: 1; `02`/`03`: 1 + len; `04`: 1 + 2·len).
    WrongLength {
        /// The prefix octet.
        prefix: u8,
        /// The length of the whole string.
        len: usize,
    },
    /// x ≥ p or y ≥ p.
    NonCanonical,
    /// An uncompressed point that does not satisfy the curve equation.
    NotOnCurve,
    /// A compressed x for which x³ + a·x + b is not a square: no point has this x.
    NoPointWithX,
}

impl fmt::Display for Sec1Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sec1Error::Empty => write!(f, "empty SEC 1 encoding"),
            Sec1Error::UnknownPrefix(b) => write!(f, "unknown SEC 1 prefix {b:#04x}"),
            Sec1Error::WrongLength { prefix, len } => {
                write!(f, "SEC 1 prefix {prefix:#04x} with wrong length {len}")
            }
            Sec1Error::NonCanonical => write!(f, "coordinate not below p"),
            Sec1Error::NotOnCurve => write!(f, "point not on the curve"),
            Sec1Error::NoPointWithX => write!(f, "no curve point with this x"),
        }
    }
}

impl std::error::Error for Sec1Error {}

/// Bytes per field element: ⌈log₂ p / 8⌉ (SEC 1 v2 §2.3.5).
pub fn field_len(field: &PrimeField) -> usize {
    usize::try_from(field.bits().div_ceil(8)).expect("field size fits in usize")
}

/// The SEC 1 v2 §2.3.3 octet string of `point`: `00` for the identity, else `02|03 ‖ x`
/// (`compressed`) or `04 ‖ x ‖ y`, coordinates big-endian on [`field_len`] bytes. The field is
/// the one the coordinates carry, so no curve is needed.
pub fn encode(point: &Point<Fp>, compressed: bool) -> Vec<u8> {
    let Point::Affine { x, y } = point else {
        return vec![0x00];
    };
    let len = field_len(x.field());
    let mut out = Vec::with_capacity(1 + 2 * len);
    if compressed {
        out.push(if y.value().bit(0) { 0x03 } else { 0x02 });
        out.extend(x.to_be_bytes(len));
    } else {
        out.push(0x04);
        out.extend(x.to_be_bytes(len));
        out.extend(y.to_be_bytes(len));
    }
    out
}

/// The point of the SEC 1 v2 §2.3.4 octet string `bytes` on `curve`, or why it is rejected
/// (see [`Sec1Error`]). The result is on the curve; subgroup membership is not checked.
pub fn decode(curve: &Curve<Fp>, bytes: &[u8]) -> Result<Point<Fp>, Sec1Error> {
    let field = curve.b.field();
    let len = field_len(field);
    let (&prefix, rest) = bytes.split_first().ok_or(Sec1Error::Empty)?;
    let expected = match prefix {
        0x00 => 0,
        0x02 | 0x03 => len,
        0x04 => 2 * len,
        other => return Err(Sec1Error::UnknownPrefix(other)),
    };
    if rest.len() != expected {
        return Err(Sec1Error::WrongLength {
            prefix,
            len: bytes.len(),
        });
    }
    if prefix == 0x00 {
        return Ok(Point::Identity);
    }
    let coordinate = |b: &[u8]| {
        field
            .from_canonical(&num_bigint::BigUint::from_bytes_be(b))
            .ok_or(Sec1Error::NonCanonical)
    };
    let x = coordinate(&rest[..len])?;
    if prefix == 0x04 {
        let point = Point::Affine {
            x,
            y: coordinate(&rest[len..])?,
        };
        return if curve.is_on_curve(&point) {
            Ok(point)
        } else {
            Err(Sec1Error::NotOnCurve)
        };
    }
    // §2.3.4 step 2.4: α = x³ + a·x + b, β = √α, y = β or p − β by the parity ỹ of the prefix.
    let alpha = x.square().mul(&x).add(&curve.a.mul(&x)).add(&curve.b);
    let beta = alpha.sqrt().ok_or(Sec1Error::NoPointWithX)?;
    let y_odd = prefix == 0x03;
    let y = if beta.value().bit(0) == y_odd {
        beta
    } else {
        beta.neg()
    };
    // β = 0 has no odd root: p − 0 = 0 is even too.
    if y.value().bit(0) != y_odd {
        return Err(Sec1Error::NoPointWithX);
    }
    let point = Point::Affine { x, y };
    assert!(
        curve.is_on_curve(&point),
        "decompressed point off the curve"
    );
    Ok(point)
}
