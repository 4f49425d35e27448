//! ristretto255 (RFC 9496): the prime-order group 2E/E\[4\] of edwards25519, with its canonical
//! 32-byte encoding.
//!
//! # Algorithm
//!
//! The formulas of RFC 9496 §4, transcribed literally on affine points (an [`EdPoint`] (x, y)
//! is the extended point (x : y : 1 : x·y)):
//!
//! * `SQRT_RATIO_M1(u, v)` (§4.2), with `IS_NEGATIVE(x)` = the canonical x is odd and
//!   `CT_ABS(x)` = the non-negative one of ±x (§4.1);
//! * [`decode`] (§4.3.1), [`encode`] (§4.3.2), [`equals`] (§4.3.3) and the one-way map
//!   [`from_uniform_bytes`] (§4.3.4, element = MAP(t₁) + MAP(t₂) with Elligator 2 MAP).
//!
//! [`encode_doubles`] is the batched double-and-encode of the Ristretto design notes
//! (<https://ristretto.group/formulas/encoding.html>, "Batched double-and-encode"): the
//! encoding of 2·Q computed from Q's coordinates, where the inverse square root of the
//! encoding has a rational value, so a batch costs one shared inversion and no square root.
//! It is a generator's tool (ecdiff builds its pool of ristretto255 inputs as doubles); the
//! oracles of the routines under test encode with [`encode`].
//!
//! The constants of §4.1 are computed from p and d, not pasted: `SQRT_M1` = 2^((p−1)/4)
//! (the root RFC 8032 §5.1.3 uses), `SQRT_AD_MINUS_ONE` = the odd square root of a·d − 1,
//! `INVSQRT_A_MINUS_D` = the even one of the two values 1/√(a − d) (RFC 9496 lists these
//! specific roots; the tests compare all five constants to the RFC's decimals).
//!
//! # Invariants
//!
//! Two Edwards points encode to the same bytes exactly when they differ by an element of
//! E\[4\] (and [`equals`] says so); [`decode`] returns only points of 2E with non-negative
//! x·y and y ≠ 0, i.e. the canonical representative RFC 9496 §4.3.1 defines.

use std::sync::OnceLock;

use num_bigint::BigUint;

use crate::curves::ed25519_fp;
use crate::edwards::{self, EdPoint};
use crate::field::{batch_inverse, Fp};

/// The constants of RFC 9496 §4.1 (a = −1 is implicit).
struct Constants {
    sqrt_m1: Fp,
    one_minus_d_sq: Fp,
    d_minus_one_sq: Fp,
    sqrt_ad_minus_one: Fp,
    invsqrt_a_minus_d: Fp,
}

fn constants() -> &'static Constants {
    static CONSTANTS: OnceLock<Constants> = OnceLock::new();
    CONSTANTS.get_or_init(|| {
        let fp = ed25519_fp();
        let one = fp.one();
        let d = edwards::d();
        let sqrt_m1 = fp.elem(2u8).pow(&((fp.modulus() - 1u8) >> 2u8));
        assert!(sqrt_m1.square() == one.neg(), "SQRT_M1² = −1");
        // a·d − 1 = a − d = −1 − d, since a = −1.
        let ad_minus_one = d.neg().sub(&one);
        let root = ad_minus_one.sqrt().expect("a·d − 1 is a square");
        let invsqrt_a_minus_d = ct_abs(&root.inv().expect("a − d ≠ 0"));
        let sqrt_ad_minus_one = if is_negative(&root) { root } else { root.neg() };
        Constants {
            sqrt_m1,
            one_minus_d_sq: one.sub(&d.square()),
            d_minus_one_sq: d.sub(&one).square(),
            sqrt_ad_minus_one,
            invsqrt_a_minus_d,
        }
    })
}

/// The RFC 9496 §4.1 constants `(SQRT_M1, SQRT_AD_MINUS_ONE, INVSQRT_A_MINUS_D,
/// ONE_MINUS_D_SQ, D_MINUS_ONE_SQ)`, exposed so the tests can compare them with the RFC.
pub fn rfc_constants() -> [&'static Fp; 5] {
    let c = constants();
    [
        &c.sqrt_m1,
        &c.sqrt_ad_minus_one,
        &c.invsqrt_a_minus_d,
        &c.one_minus_d_sq,
        &c.d_minus_one_sq,
    ]
}

/// `IS_NEGATIVE(x)`: the canonical representative of x is odd (RFC 9496 §4.1).
fn is_negative(x: &Fp) -> bool {
    x.value().bit(0)
}

/// `CT_ABS(x)`: −x if x is negative, else x (RFC 9496 §4.1).
fn ct_abs(x: &Fp) -> Fp {
    if is_negative(x) {
        x.neg()
    } else {
        x.clone()
    }
}

/// `SQRT_RATIO_M1(u, v)` (RFC 9496 §4.2): `(true, +√(u/v))` if u/v is a square,
/// `(false, +√(SQRT_M1·u/v))` otherwise; `(true, 0)` for u = 0 and `(false, 0)` for v = 0 ≠ u.
fn sqrt_ratio_m1(u: &Fp, v: &Fp) -> (bool, Fp) {
    let fp = ed25519_fp();
    let c = constants();
    let v3 = v.square().mul(v);
    let v7 = v3.square().mul(v);
    let exp = (fp.modulus() - 5u8) >> 3u8;
    let r = u.mul(&v3).mul(&u.mul(&v7).pow(&exp));
    let check = v.mul(&r.square());
    let correct_sign_sqrt = check == *u;
    let flipped_sign_sqrt = check == u.neg();
    let flipped_sign_sqrt_i = check == u.neg().mul(&c.sqrt_m1);
    let r = if flipped_sign_sqrt || flipped_sign_sqrt_i {
        c.sqrt_m1.mul(&r)
    } else {
        r
    };
    (correct_sign_sqrt || flipped_sign_sqrt, ct_abs(&r))
}

/// The canonical ristretto255 decoding (RFC 9496 §4.3.1): `None` for a non-canonical or
/// negative s, a non-square, a negative x·y, or y = 0.
pub fn decode(bytes: &[u8; 32]) -> Option<EdPoint> {
    let fp = ed25519_fp();
    let s = fp.from_canonical(&BigUint::from_bytes_le(bytes))?;
    if is_negative(&s) {
        return None;
    }
    let one = fp.one();
    let ss = s.square();
    let u1 = one.sub(&ss);
    let u2 = one.add(&ss);
    let u2_sqr = u2.square();
    let v = edwards::d().mul(&u1.square()).neg().sub(&u2_sqr);
    let (was_square, invsqrt) = sqrt_ratio_m1(&one, &v.mul(&u2_sqr));
    let den_x = invsqrt.mul(&u2);
    let den_y = invsqrt.mul(&den_x).mul(&v);
    let x = ct_abs(&s.double().mul(&den_x));
    let y = u1.mul(&den_y);
    let t = x.mul(&y);
    if !was_square || is_negative(&t) || y.is_zero() {
        return None;
    }
    Some(EdPoint { x, y })
}

/// The canonical ristretto255 encoding of the coset P + E\[4\] (RFC 9496 §4.3.2), for P on
/// edwards25519 (meaningful for P ∈ 2E, the image of [`decode`] and [`from_uniform_bytes`]).
pub fn encode(p: &EdPoint) -> [u8; 32] {
    let c = constants();
    let one = ed25519_fp().one();
    let (x0, y0, z0) = (&p.x, &p.y, &one);
    let t0 = x0.mul(y0);
    let u1 = z0.add(y0).mul(&z0.sub(y0));
    let u2 = x0.mul(y0);
    let (_, invsqrt) = sqrt_ratio_m1(&one, &u1.mul(&u2.square()));
    let den1 = invsqrt.mul(&u1);
    let den2 = invsqrt.mul(&u2);
    let z_inv = den1.mul(&den2).mul(&t0);
    let ix0 = x0.mul(&c.sqrt_m1);
    let iy0 = y0.mul(&c.sqrt_m1);
    let enchanted_denominator = den1.mul(&c.invsqrt_a_minus_d);
    let rotate = is_negative(&t0.mul(&z_inv));
    let (x, y, den_inv) = if rotate {
        (iy0, ix0, enchanted_denominator)
    } else {
        (x0.clone(), y0.clone(), den2)
    };
    let y = if is_negative(&x.mul(&z_inv)) {
        y.neg()
    } else {
        y
    };
    let s = ct_abs(&den_inv.mul(&z0.sub(&y)));
    s.to_le_bytes(32)
        .try_into()
        .expect("to_le_bytes(32) has 32 bytes")
}

/// The encodings of 2·Qᵢ for points Qᵢ of edwards25519, equal to `encode(&double(q))` (the
/// test `encode_doubles_is_encode_of_the_double` checks it), with one shared inversion and
/// no square root (module docs). With Q = (x : y : 1 : xy) and e = 2xy, f = 1 + d·x²y²,
/// g = y² + x², h = 1 − d·x²y², the double is (e·h : g·f : f·h : e·g), so 1/Z = e·g/(e·g·f·h)
/// and 1/T = f·h/(e·g·f·h); the sign choices of [`encode`] then read off x·y/… of the double,
/// and s = (h − g)·√(1/(a − d))·g/T (after the rotation by √−1 when e·g/(f·h) is negative).
/// A Q with e·g = 0 (its double is in E\[4\]: the identity's coset) is encoded via [`encode`].
pub fn encode_doubles(points: &[EdPoint]) -> Vec<[u8; 32]> {
    let c = constants();
    let d = edwards::d();
    struct State {
        e: Fp,
        f: Fp,
        g: Fp,
        h: Fp,
        eg: Fp,
    }
    let states: Vec<State> = points
        .iter()
        .map(|q| {
            let (xx, yy) = (q.x.square(), q.y.square());
            let dtt = d.mul(&xx).mul(&yy);
            let one = q.x.field().one();
            let (e, g) = (q.x.mul(&q.y).double(), yy.add(&xx));
            State {
                eg: e.mul(&g),
                f: one.add(&dtt),
                h: one.sub(&dtt),
                e,
                g,
            }
        })
        .collect();
    let regular: Vec<usize> = (0..points.len())
        .filter(|&i| !states[i].eg.is_zero())
        .collect();
    let products: Vec<Fp> = regular
        .iter()
        .map(|&i| states[i].eg.mul(&states[i].f.mul(&states[i].h)))
        .collect();
    let mut out: Vec<[u8; 32]> = points
        .iter()
        .zip(&states)
        .map(|(q, s)| match s.eg.is_zero() {
            true => encode(&edwards::double(q)),
            false => [0; 32],
        })
        .collect();
    for (&i, inv) in regular.iter().zip(batch_inverse(&products)) {
        let State { e, f, g, h, eg } = &states[i];
        let fh = f.mul(h);
        let z_inv = eg.mul(&inv);
        let t_inv = fh.mul(&inv);
        // The double's x·y = e·g/(f·h) decides the rotation, as `rotate` does in `encode`.
        let (e, g, h, magic) = if is_negative(&eg.mul(&z_inv)) {
            (g.clone(), e.neg(), f.mul(&c.sqrt_m1), c.sqrt_m1.clone())
        } else {
            (e.clone(), g.clone(), h.clone(), c.invsqrt_a_minus_d.clone())
        };
        let g = if is_negative(&h.mul(&e).mul(&z_inv)) {
            g.neg()
        } else {
            g
        };
        let s = ct_abs(&h.sub(&g).mul(&magic.mul(&g.mul(&t_inv))));
        out[i] = s
            .to_le_bytes(32)
            .try_into()
            .expect("to_le_bytes(32) has 32 bytes");
    }
    out
}

/// Equality of ristretto255 elements (RFC 9496 §4.3.3): x₁y₂ = y₁x₂ or y₁y₂ = x₁x₂.
pub fn equals(p: &EdPoint, q: &EdPoint) -> bool {
    p.x.mul(&q.y) == p.y.mul(&q.x) || p.y.mul(&q.y) == p.x.mul(&q.x)
}

/// `MAP(t)` of RFC 9496 §4.3.4 (Elligator 2 onto the Jacobi quartic, then to edwards25519).
fn map(t: &Fp) -> EdPoint {
    let c = constants();
    let d = edwards::d();
    let one = t.field().one();
    let r = c.sqrt_m1.mul(&t.square());
    let u = r.add(&one).mul(&c.one_minus_d_sq);
    let v = one.neg().sub(&r.mul(d)).mul(&r.add(d));
    let (was_square, s) = sqrt_ratio_m1(&u, &v);
    let s_prime = ct_abs(&s.mul(t)).neg();
    let (s, c_sel) = if was_square {
        (s, one.neg())
    } else {
        (s_prime, r.clone())
    };
    let n = c_sel.mul(&r.sub(&one)).mul(&c.d_minus_one_sq).sub(&v);
    let w0 = s.double().mul(&v);
    let w1 = n.mul(&c.sqrt_ad_minus_one);
    let w2 = one.sub(&s.square());
    let w3 = one.add(&s.square());
    // Extended (w0·w3 : w2·w1 : w1·w3 : w0·w2), so affine (w0/w1, w2/w3).
    let z_inv = w1
        .mul(&w3)
        .inv()
        .expect("RFC 9496 MAP yields a point with Z = w1·w3 ≠ 0");
    EdPoint {
        x: w0.mul(&w3).mul(&z_inv),
        y: w2.mul(&w1).mul(&z_inv),
    }
}

/// The one-way map from 64 uniform bytes to a group element (RFC 9496 §4.3.4): each 32-byte
/// half, with its top bit masked, is a little-endian integer reduced mod p; the element is
/// MAP(t₁) + MAP(t₂).
pub fn from_uniform_bytes(bytes: &[u8; 64]) -> EdPoint {
    let fp = ed25519_fp();
    let half = |chunk: &[u8]| {
        let mut masked = chunk.to_vec();
        masked[31] &= 0x7f;
        fp.elem(BigUint::from_bytes_le(&masked))
    };
    let p1 = map(&half(&bytes[..32]));
    let p2 = map(&half(&bytes[32..]));
    edwards::add(&p1, &p2)
}
