//! Twisted Edwards curves a·x² + y² = 1 + d·x²·y² over any prime field 𝔽ₚ, in affine
//! coordinates, with their birationally equivalent short-Weierstrass model.
//!
//! # Algorithm
//!
//! * Group law: the affine twisted Edwards addition law (Bernstein–Birkner–Joye–Lange–Peters,
//!   *Twisted Edwards curves*, AFRICACRYPT 2008, §3, <https://eprint.iacr.org/2008/013>):
//!   x₃ = (x₁y₂ + y₁x₂)/(1 + d·x₁x₂y₁y₂), y₃ = (y₁y₂ − a·x₁x₂)/(1 − d·x₁x₂y₁y₂), identity
//!   (0, 1), −(x, y) = (−x, y). It is complete (no denominator vanishes on curve points) when
//!   a is a square and d is not (ibid., Theorem 3.3); [`TeCurve::new`] checks both, so every
//!   operation here is the one formula, with no special case.
//! * Scalar multiplication: left-to-right double-and-add over every bit of k, k not reduced.
//! * The Weierstrass model (ibid., Theorem 3.2, then the usual change of variables): the
//!   Montgomery curve B·v² = u³ + A·u² + u with A = 2(a + d)/(a − d), B = 4/(a − d), by
//!   (u, v) = ((1 + y)/(1 − y), u/x), the identity to the point at infinity and the point
//!   (0, −1) of order 2 to (0, 0); then X = u/B + A/(3B), Y = v/B on
//!   Y² = X³ + (3 − A²)/(3B²)·X + (2A³ − 9A)/(27B³) (Washington, *Elliptic Curves*, §2.5 for
//!   the Montgomery-to-Weierstrass step). The map is a group isomorphism, so a check can keep
//!   its points and known logs in the Weierstrass model ([`crate::weierstrass::Curve`]) and
//!   cross only at encodings; [`TeCurve::to_weierstrass`] and [`TeCurve::from_weierstrass`]
//!   are inverse on every point (tested).
//! * Encoding ([`TeCurve::decode_y_sign`], [`TeCurve::encode_y_sign`]): y little-endian in the
//!   field's byte length, the low bit of x in the top bit of the last byte (RFC 8032 §5.1.2
//!   for edwards25519; the Zcash protocol specification §5.4.9.3, `repr_J`, for Jubjub).
//!   Decoding recovers x² = (1 − y²)/(a − d·y²) and refuses y ≥ p, a non-square x², and
//!   x = 0 with the sign bit set (ZIP 216; RFC 8032 §5.1.3 step 4).
//!
//! # Invariants
//!
//! * The generator lies on the curve and r·G is the identity (asserted by [`TeCurve::new`]).
//! * Points are not validated by the group law: decoders check the curve equation.

use crate::field::{Fp, PrimeField};
use crate::weierstrass::{Curve, Point};
use num_bigint::BigUint;

/// How many points [`TeCurve::new`] multiplies by h·r. A wrong h (a proper divisor of the
/// right one) passes only if every one of them lies in a proper subgroup: for h/2, one chance
/// in 2 per point.
const COFACTOR_WITNESSES: usize = 8;

/// An affine point (x, y) of a twisted Edwards curve; the identity is (0, 1).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TePoint {
    /// The x-coordinate.
    pub x: Fp,
    /// The y-coordinate.
    pub y: Fp,
}

/// A complete twisted Edwards curve a·x² + y² = 1 + d·x²·y² over 𝔽ₚ with a generator of prime
/// order r and the cofactor h (#E = h·r).
#[derive(Clone, Debug)]
pub struct TeCurve {
    /// The curve's name (in messages).
    pub name: &'static str,
    /// a, a non-zero square.
    pub a: Fp,
    /// d, a non-square.
    pub d: Fp,
    /// r, the order of the generator.
    pub order: BigUint,
    /// h: the group has h·r points.
    pub cofactor: BigUint,
    /// G, of order r.
    pub generator: TePoint,
}

impl TeCurve {
    /// The curve with these constants, checked: a ≠ d, a a non-zero square and d a non-square
    /// (the addition law is complete), G on the curve, r·G the identity and (h·r)·P the identity
    /// for the first eight points of the curve with y = 2, 3, … (points of the
    /// whole group: their orders divide h·r).
    ///
    /// # Panics
    /// When a check fails, naming the curve.
    pub fn new(
        name: &'static str,
        a: Fp,
        d: Fp,
        order: BigUint,
        cofactor: BigUint,
        generator: TePoint,
    ) -> Self {
        assert!(a != d, "{name}: a = d, the curve is singular");
        assert!(
            !a.is_zero() && a.sqrt().is_some(),
            "{name}: a must be a non-zero square (complete addition law)"
        );
        assert!(
            d.sqrt().is_none(),
            "{name}: d must be a non-square (complete addition law)"
        );
        let curve = TeCurve {
            name,
            a,
            d,
            order,
            cofactor,
            generator,
        };
        assert!(
            curve.is_on_curve(&curve.generator),
            "{name}: the generator is not on the curve"
        );
        assert!(
            curve.mul(&curve.generator, &curve.order) == curve.identity(),
            "{name}: r·G is not the identity: G does not have order r"
        );
        let field = curve.a.field();
        let group_order = &curve.cofactor * &curve.order;
        for p in (2u32..)
            .filter_map(|y| curve.lift_y(&field.elem(y), false))
            .take(COFACTOR_WITNESSES)
        {
            assert!(
                curve.mul(&p, &group_order) == curve.identity(),
                "{name}: (h·r)·P is not the identity for P = {p:?}: h·r is not the group order"
            );
        }
        curve
    }

    /// The base field.
    pub fn field(&self) -> &'static PrimeField {
        self.a.field()
    }

    /// The identity (0, 1).
    pub fn identity(&self) -> TePoint {
        TePoint {
            x: self.field().zero(),
            y: self.field().one(),
        }
    }

    /// Whether a·x² + y² = 1 + d·x²·y².
    pub fn is_on_curve(&self, p: &TePoint) -> bool {
        let (x2, y2) = (p.x.square(), p.y.square());
        self.a.mul(&x2).add(&y2) == self.field().one().add(&self.d.mul(&x2).mul(&y2))
    }

    /// P + Q by the complete affine law.
    pub fn add(&self, p: &TePoint, q: &TePoint) -> TePoint {
        let one = self.field().one();
        let dxy = self.d.mul(&p.x).mul(&q.x).mul(&p.y).mul(&q.y);
        let inv = |v: Fp| v.inv().expect("complete law: denominators never vanish");
        TePoint {
            x: p.x.mul(&q.y).add(&p.y.mul(&q.x)).mul(&inv(one.add(&dxy))),
            y: p.y
                .mul(&q.y)
                .sub(&self.a.mul(&p.x).mul(&q.x))
                .mul(&inv(one.sub(&dxy))),
        }
    }

    /// −P = (−x, y).
    pub fn neg(&self, p: &TePoint) -> TePoint {
        TePoint {
            x: p.x.neg(),
            y: p.y.clone(),
        }
    }

    /// k·P by left-to-right double-and-add over every bit of k.
    pub fn mul(&self, p: &TePoint, k: &BigUint) -> TePoint {
        let mut acc = self.identity();
        for i in (0..k.bits()).rev() {
            acc = self.add(&acc, &acc);
            if k.bit(i) {
                acc = self.add(&acc, p);
            }
        }
        acc
    }

    /// The point with this y and x of low bit `odd`, if x² = (1 − y²)/(a − d·y²) has a root
    /// (for x = 0, only `odd == false`).
    pub fn lift_y(&self, y: &Fp, odd: bool) -> Option<TePoint> {
        let y2 = y.square();
        let x2 = self
            .field()
            .one()
            .sub(&y2)
            .mul(&self.a.sub(&self.d.mul(&y2)).inv()?);
        let x = x2.sqrt()?;
        if x.is_zero() && odd {
            return None;
        }
        let x = if x.value().bit(0) == odd { x } else { x.neg() };
        Some(TePoint { x, y: y.clone() })
    }

    /// The field's length in bytes.
    pub fn byte_len(&self) -> usize {
        (self.field().modulus().bits() as usize).div_ceil(8)
    }

    /// y little-endian with the low bit of x in the top bit of the last byte (needs a modulus
    /// below 2^(8·len − 1)).
    pub fn encode_y_sign(&self, p: &TePoint) -> Vec<u8> {
        let len = self.byte_len();
        let mut out = p.y.value().to_bytes_le();
        out.resize(len, 0);
        if p.x.value().bit(0) {
            out[len - 1] |= 0x80;
        }
        out
    }

    /// The inverse of [`TeCurve::encode_y_sign`]: `None` for a wrong length, y ≥ p, a y that
    /// is no point's, or x = 0 with the sign bit set.
    pub fn decode_y_sign(&self, bytes: &[u8]) -> Option<TePoint> {
        let len = self.byte_len();
        if bytes.len() != len {
            return None;
        }
        let mut y = bytes.to_vec();
        let odd = y[len - 1] & 0x80 != 0;
        y[len - 1] &= 0x7f;
        let y = self.field().from_canonical(&BigUint::from_bytes_le(&y))?;
        self.lift_y(&y, odd)
    }

    /// The Montgomery constants (A, B) of the curve's model (module docs).
    fn montgomery(&self) -> (Fp, Fp) {
        let f = self.field();
        let a_minus_d = self.a.sub(&self.d).inv().expect("a ≠ d");
        let big_a = f.elem(2u8).mul(&self.a.add(&self.d)).mul(&a_minus_d);
        let big_b = f.elem(4u8).mul(&a_minus_d);
        (big_a, big_b)
    }

    /// The short-Weierstrass model of the curve (module docs), with G's image as generator.
    pub fn weierstrass(&self) -> Curve<Fp> {
        let f = self.field();
        let (a, b) = self.montgomery();
        let b2 = b.square();
        let wa = f
            .elem(3u8)
            .sub(&a.square())
            .mul(&f.elem(3u8).mul(&b2).inv().expect("B ≠ 0"));
        let wb = f
            .elem(2u8)
            .mul(&a.square().mul(&a))
            .sub(&f.elem(9u8).mul(&a))
            .mul(&f.elem(27u8).mul(&b2).mul(&b).inv().expect("B ≠ 0"));
        Curve::new(
            self.name,
            wa,
            wb,
            self.order.clone(),
            self.cofactor.clone(),
            self.to_weierstrass(&self.generator),
        )
    }

    /// The image of P in the Weierstrass model.
    pub fn to_weierstrass(&self, p: &TePoint) -> Point<Fp> {
        let f = self.field();
        let (a, b) = self.montgomery();
        let b_inv = b.inv().expect("B ≠ 0");
        let shift = a.mul(&f.elem(3u8).mul(&b).inv().expect("B ≠ 0"));
        if p.x.is_zero() {
            if p.y == f.one() {
                return Point::Identity;
            }
            // (0, −1) ↦ (u, v) = (0, 0).
            return Point::Affine {
                x: shift,
                y: f.zero(),
            };
        }
        let u = f
            .one()
            .add(&p.y)
            .mul(&f.one().sub(&p.y).inv().expect("y = 1 only at x = 0"));
        let v = u.mul(&p.x.inv().expect("x ≠ 0"));
        Point::Affine {
            x: u.mul(&b_inv).add(&shift),
            y: v.mul(&b_inv),
        }
    }

    /// The Edwards point of a point of the Weierstrass model (`None` only for the Montgomery
    /// points without an Edwards image, u = −1 or v = 0 with u ≠ 0, which a complete curve does
    /// not have).
    pub fn from_weierstrass(&self, p: &Point<Fp>) -> Option<TePoint> {
        let f = self.field();
        let Point::Affine { x, y } = p else {
            return Some(self.identity());
        };
        let (a, b) = self.montgomery();
        let u = b.mul(x).sub(&a.mul(&f.elem(3u8).inv().expect("p > 3")));
        let v = b.mul(y);
        if u.is_zero() && v.is_zero() {
            return Some(TePoint {
                x: f.zero(),
                y: f.one().neg(),
            });
        }
        Some(TePoint {
            x: u.mul(&v.inv()?),
            y: u.sub(&f.one()).mul(&u.add(&f.one()).inv()?),
        })
    }
}

/// edwards25519 as a generic twisted Edwards curve (RFC 8032 §5.1: a = −1,
/// d = −121665/121666, B = (x, 4/5) with x even, ℓ, h = 8), from [`crate::edwards`]' constants.
pub fn edwards25519() -> &'static TeCurve {
    static C: std::sync::OnceLock<TeCurve> = std::sync::OnceLock::new();
    C.get_or_init(|| {
        let b = crate::edwards::basepoint();
        let f = b.x.field();
        TeCurve::new(
            "edwards25519",
            f.one().neg(),
            crate::edwards::d().clone(),
            crate::edwards::order().clone(),
            BigUint::from(8u8),
            TePoint { x: b.x, y: b.y },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edwards;

    fn ed25519() -> &'static TeCurve {
        super::edwards25519()
    }

    fn ed(p: &edwards::EdPoint) -> TePoint {
        TePoint {
            x: p.x.clone(),
            y: p.y.clone(),
        }
    }

    /// The generic law agrees with the edwards25519 oracle (written apart, a = −1 fixed) on
    /// sums, doublings and multiples of prime-order points and torsion points.
    #[test]
    fn agrees_with_the_edwards25519_oracle() {
        let c = ed25519();
        let torsion = edwards::eight_torsion();
        for k in [0u32, 1, 2, 7, 1000, 123_456_789] {
            let p = edwards::mul_base(&BigUint::from(k));
            for t in torsion.iter() {
                let q = edwards::add(&p, t);
                assert_eq!(c.add(&ed(&p), &ed(t)), ed(&q));
                assert_eq!(c.add(&ed(&q), &ed(&q)), ed(&edwards::double(&q)));
                assert_eq!(c.neg(&ed(&q)), ed(&edwards::neg(&q)));
                assert_eq!(c.mul(&ed(&q), &BigUint::from(k + 3)), {
                    ed(&edwards::mul(&q, &BigUint::from(k + 3)))
                });
            }
        }
    }

    /// RFC 8032 §5.1's base point encodes as 0x58 0x66 … 0x66, and decoding inverts encoding;
    /// y ≥ p, a y off the curve and x = 0 with the sign bit are refused.
    #[test]
    fn encoding_matches_rfc_8032_and_refuses_what_it_must() {
        let c = ed25519();
        let mut want = vec![0x66u8; 32];
        want[0] = 0x58;
        assert_eq!(c.encode_y_sign(&c.generator), want);
        assert_eq!(c.decode_y_sign(&want), Some(c.generator.clone()));
        for k in [1u32, 2, 5, 99] {
            let p = c.mul(&c.generator, &BigUint::from(k));
            for q in [p.clone(), c.neg(&p)] {
                assert_eq!(c.decode_y_sign(&c.encode_y_sign(&q)), Some(q));
            }
        }
        let identity = c.encode_y_sign(&c.identity());
        let mut signed = identity.clone();
        signed[31] |= 0x80;
        assert_eq!(c.decode_y_sign(&identity), Some(c.identity()));
        assert_eq!(
            c.decode_y_sign(&signed),
            None,
            "x = 0 with the sign bit set"
        );
        let mut big = c.field().modulus().to_bytes_le();
        big.resize(32, 0);
        assert_eq!(c.decode_y_sign(&big), None, "y = p");
        assert_eq!(c.decode_y_sign(&identity[..31]), None, "short");
        let off = (2u32..)
            .map(|y| c.field().elem(y))
            .find(|y| c.lift_y(y, false).is_none())
            .expect("some y is no point's");
        let mut bytes = off.value().to_bytes_le();
        bytes.resize(32, 0);
        assert_eq!(c.decode_y_sign(&bytes), None);
    }

    /// The Weierstrass model is a group isomorphism: the map commutes with addition and
    /// scalar multiplication (torsion points included), and maps back.
    #[test]
    fn the_weierstrass_model_is_isomorphic() {
        let c = ed25519();
        let w = c.weierstrass();
        assert!(w.is_on_curve(&w.generator));
        assert!(w.mul(&w.generator, &w.order).is_identity());
        let torsion = edwards::eight_torsion();
        let mut points: Vec<TePoint> = torsion.iter().map(ed).collect();
        for k in [1u32, 2, 3, 77, 65_537] {
            let p = ed(&edwards::mul_base(&BigUint::from(k)));
            points.push(c.add(&p, &ed(&torsion[3])));
            points.push(p);
        }
        for p in &points {
            let wp = c.to_weierstrass(p);
            assert!(w.is_on_curve(&wp), "{p:?} maps onto the model");
            assert_eq!(c.from_weierstrass(&wp).as_ref(), Some(p));
            for q in &points {
                let sum = c.to_weierstrass(&c.add(p, q));
                assert_eq!(sum, w.add(&wp, &c.to_weierstrass(q)));
            }
            let k = BigUint::from(12_345u32);
            assert_eq!(c.to_weierstrass(&c.mul(p, &k)), w.mul(&wp, &k));
        }
    }

    /// A wrong cofactor, a generator off the curve and a square d are refused.
    #[test]
    fn bad_constants_are_refused() {
        let c = ed25519();
        let f = c.field();
        let build = |d: Fp, h: u8, g: TePoint| {
            std::panic::catch_unwind(|| {
                TeCurve::new(
                    "bad",
                    f.one().neg(),
                    d,
                    c.order.clone(),
                    BigUint::from(h),
                    g,
                )
            })
            .is_err()
        };
        assert!(build(c.d.clone(), 4, c.generator.clone()), "h = 4");
        assert!(build(f.elem(4u8), 8, c.generator.clone()), "d a square");
        let off = TePoint {
            x: c.generator.x.clone(),
            y: c.generator.y.add(&f.one()),
        };
        assert!(build(c.d.clone(), 8, off), "G off the curve");
        assert!(
            !build(c.d.clone(), 8, c.generator.clone()),
            "the real constants"
        );
    }
}
