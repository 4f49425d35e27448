//! Hand-rolled homogeneous projective arithmetic over k256 0.13.4's public lazy field
//! (`expose-field`): what a downstream crate writes when it needs the coordinates k256 keeps
//! private. The zoo's broken point routines are built on it, so each bug sits in code that
//! would otherwise be correct.
//!
//! Points are `(X : Y : Z)` with `x = X/Z`, `y = Y/Z` on `y² = x³ + 7`; additions are the
//! complete formulas of Renes–Costello–Batina 2015 (eprint 2015/1060, Algorithms 7, 8, 9 with
//! `a = 0`, `b₃ = 21`), in k256's own arrangement of normalizations so every operation keeps
//! k256's magnitude contract (checked by k256 in debug builds). Identities produced by these
//! formulas carry a lazily reduced zero `Z`, as k256's do.

use k256_013::elliptic_curve::subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use k256_013::FieldElement as Fe;
use num_bigint::BigUint;

use crate::shapes::sec1_points::{Enc, PointInput, Recipe};

const B: u32 = 7;

/// An affine point; the identity has `infinity` set (and coordinates 0, as k256's).
#[derive(Clone, Copy, Debug)]
pub(crate) struct LazyAffine {
    pub(crate) x: Fe,
    pub(crate) y: Fe,
    pub(crate) infinity: bool,
}

impl LazyAffine {
    pub(crate) const IDENTITY: LazyAffine = LazyAffine {
        x: Fe::ZERO,
        y: Fe::ZERO,
        infinity: true,
    };

    /// The SEC1 encoding `enc` (coordinates normalized by `to_bytes`).
    pub(crate) fn encode(&self, enc: Enc) -> Vec<u8> {
        let x: [u8; 32] = self.x.to_bytes().into();
        let y: [u8; 32] = self.y.to_bytes().into();
        let odd = y[31] & 1;
        match (enc, self.infinity) {
            (Enc::IsIdentity, inf) => vec![u8::from(inf)],
            (Enc::Compressed33, true) => vec![0; 33],
            (_, true) => vec![0],
            (Enc::Uncompressed, false) => [&[4u8][..], &x, &y].concat(),
            (Enc::Compressed | Enc::Compressed33, false) => [&[2 + odd][..], &x].concat(),
        }
    }
}

/// A projective point `(X : Y : Z)`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LazyPoint {
    pub(crate) x: Fe,
    pub(crate) y: Fe,
    pub(crate) z: Fe,
}

fn fe_be(bytes: &[u8]) -> Fe {
    let arr: [u8; 32] = bytes.try_into().expect("32 bytes");
    Option::from(Fe::from_bytes(&arr.into())).expect("a canonical coordinate")
}

impl LazyPoint {
    pub(crate) const IDENTITY: LazyPoint = LazyPoint {
        x: Fe::ZERO,
        y: Fe::ONE,
        z: Fe::ZERO,
    };

    pub(crate) fn generator() -> LazyPoint {
        let g = ecsm_witness::GENERATOR;
        let be = |le: &[u8; 32]| {
            let mut b = *le;
            b.reverse();
            b
        };
        LazyPoint {
            x: fe_be(&be(&g.x)),
            y: fe_be(&be(&g.y)),
            z: Fe::ONE,
        }
    }

    pub(crate) fn from_affine(a: &LazyAffine) -> LazyPoint {
        if a.infinity {
            LazyPoint::IDENTITY
        } else {
            LazyPoint {
                x: a.x,
                y: a.y,
                z: Fe::ONE,
            }
        }
    }

    /// RCB Algorithm 7 (complete addition).
    pub(crate) fn add(&self, o: &LazyPoint) -> LazyPoint {
        let xx = self.x * o.x;
        let yy = self.y * o.y;
        let zz = self.z * o.z;
        let n_xx_yy = (xx + yy).negate(2);
        let n_yy_zz = (yy + zz).negate(2);
        let n_xx_zz = (xx + zz).negate(2);
        let xy_pairs = ((self.x + self.y) * (o.x + o.y)) + n_xx_yy;
        let yz_pairs = ((self.y + self.z) * (o.y + o.z)) + n_yy_zz;
        let xz_pairs = ((self.x + self.z) * (o.x + o.z)) + n_xx_zz;
        self.finish(xx, yy, zz, xy_pairs, yz_pairs, xz_pairs)
    }

    /// RCB Algorithm 8 (mixed addition) **without** the identity guard: the affine identity's
    /// coordinates (0, 0) go through the formula as if they were a point (k256's mixed addition
    /// before <https://github.com/RustCrypto/elliptic-curves/pull/337>).
    pub(crate) fn add_mixed_unguarded(&self, o: &LazyAffine) -> LazyPoint {
        let xx = self.x * o.x;
        let yy = self.y * o.y;
        let xy_pairs = ((self.x + self.y) * (o.x + o.y)) + (xx + yy).negate(2);
        let yz_pairs = (o.y * self.z) + self.y;
        let xz_pairs = (o.x * self.z) + self.x;
        self.finish(xx, yy, self.z, xy_pairs, yz_pairs, xz_pairs)
    }

    /// RCB Algorithm 8 with k256's guard: adding the affine identity returns `self`.
    pub(crate) fn add_mixed(&self, o: &LazyAffine) -> LazyPoint {
        let mut r = self.add_mixed_unguarded(o);
        let keep = Choice::from(u8::from(o.infinity));
        r.x.conditional_assign(&self.x, keep);
        r.y.conditional_assign(&self.y, keep);
        r.z.conditional_assign(&self.z, keep);
        r
    }

    /// The common tail of Algorithms 7 and 8 (`zz` is `Z₁Z₂`, or `Z₁` for Algorithm 8).
    fn finish(
        &self,
        xx: Fe,
        yy: Fe,
        zz: Fe,
        xy_pairs: Fe,
        yz_pairs: Fe,
        xz_pairs: Fe,
    ) -> LazyPoint {
        let bzz = zz.mul_single(B);
        let bzz3 = (bzz.double() + bzz).normalize_weak();
        let yy_m_bzz3 = yy + bzz3.negate(1);
        let yy_p_bzz3 = yy + bzz3;
        let byz = yz_pairs.mul_single(B).normalize_weak();
        let byz3 = (byz.double() + byz).normalize_weak();
        let xx3 = xx.double() + xx;
        let bxx9 = (xx3.double() + xx3)
            .normalize_weak()
            .mul_single(B)
            .normalize_weak();
        LazyPoint {
            x: ((xy_pairs * yy_m_bzz3) + (byz3 * xz_pairs).negate(1)).normalize_weak(),
            y: ((yy_p_bzz3 * yy_m_bzz3) + (bxx9 * xz_pairs)).normalize_weak(),
            z: ((yz_pairs * yy_p_bzz3) + (xx3 * xy_pairs)).normalize_weak(),
        }
    }

    /// RCB Algorithm 9 (doubling).
    pub(crate) fn double(&self) -> LazyPoint {
        let yy = self.y.square();
        let zz = self.z.square();
        let xy2 = (self.x * self.y).double();
        let bzz = zz.mul_single(B);
        let bzz3 = (bzz.double() + bzz).normalize_weak();
        let bzz9 = (bzz3.double() + bzz3).normalize_weak();
        let yy_m_bzz9 = yy + bzz9.negate(1);
        let yy_p_bzz3 = yy + bzz3;
        let yy_zz = yy * zz;
        let yy_zz8 = yy_zz.double().double().double();
        let t = (yy_zz8.double() + yy_zz8).normalize_weak().mul_single(B);
        LazyPoint {
            x: xy2 * yy_m_bzz9,
            y: ((yy_m_bzz9 * yy_p_bzz3) + t).normalize_weak(),
            z: ((yy * self.y) * self.z)
                .double()
                .double()
                .double()
                .normalize_weak(),
        }
    }

    pub(crate) fn neg(&self) -> LazyPoint {
        LazyPoint {
            x: self.x,
            y: self.y.negate(1).normalize_weak(),
            z: self.z,
        }
    }

    /// `k·self`, MSB-first double-and-add over 256 bits (complete formulas throughout).
    pub(crate) fn mul(&self, k: &BigUint) -> LazyPoint {
        let mut acc = LazyPoint::IDENTITY;
        for i in (0..256).rev() {
            acc = acc.double();
            if k.bit(i) {
                acc = acc.add(self);
            }
        }
        acc
    }

    /// The affine point, through one inversion; `Z ≡ 0` (any representation) is the identity.
    pub(crate) fn to_affine(self) -> LazyAffine {
        match Option::<Fe>::from(self.z.invert()) {
            None => LazyAffine::IDENTITY,
            Some(zi) => self.affine_with(&zi),
        }
    }

    /// The affine point for a given `Z⁻¹`.
    pub(crate) fn affine_with(&self, zi: &Fe) -> LazyAffine {
        LazyAffine {
            x: (self.x * zi).normalize(),
            y: (self.y * zi).normalize(),
            infinity: false,
        }
    }

    /// Whether `Z` is `FieldElement::ZERO` by `ct_eq` (a representation comparison).
    pub(crate) fn z_ct_eq_zero(&self) -> bool {
        self.z.ct_eq(&Fe::ZERO).into()
    }
}

/// A SEC1 decoder: `00` is the identity, `04‖x‖y` is checked on the curve, `02/03‖x` is
/// decompressed with `sqrt` and the parity bit.
pub(crate) fn decode_sec1(bytes: &[u8]) -> LazyAffine {
    match bytes.first() {
        Some(0) => LazyAffine::IDENTITY,
        Some(4) => LazyAffine {
            x: fe_be(&bytes[1..33]),
            y: fe_be(&bytes[33..65]),
            infinity: false,
        },
        Some(tag @ (2 | 3)) => {
            let x = fe_be(&bytes[1..33]);
            let rhs = (x.square() * x + Fe::from_u64(u64::from(B))).normalize_weak();
            let y = Option::<Fe>::from(rhs.sqrt())
                .expect("x is on the curve")
                .normalize();
            let odd: bool = y.is_odd().into();
            let y = if odd == (*tag == 3) {
                y
            } else {
                y.negate(1).normalize()
            };
            LazyAffine {
                x,
                y,
                infinity: false,
            }
        }
        _ => panic!("not a SEC1 encoding"),
    }
}

/// How a recipe's mixed addition is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Madd {
    /// With the identity guard.
    Guarded,
    /// Without it (k256 before <https://github.com/RustCrypto/elliptic-curves/pull/337>).
    Unguarded,
}

/// Carries out a recipe with this arithmetic.
pub(crate) fn build(p: &PointInput, madd: Madd) -> LazyPoint {
    let g = LazyPoint::generator();
    let ga = |a: &BigUint| g.mul(a);
    match &p.recipe {
        Recipe::IdentityConst => LazyPoint::IDENTITY,
        Recipe::GeneratorConst => g,
        Recipe::Sec1 { .. } => LazyPoint::from_affine(&decode_sec1(&p.sec1)),
        Recipe::Scaled { a, k } => ga(a).mul(k),
        Recipe::Sum { a, b } => ga(a).add(&ga(b)),
        Recipe::MixedSum { a } => {
            let q = decode_sec1(&p.sec1);
            match madd {
                Madd::Guarded => ga(a).add_mixed(&q),
                Madd::Unguarded => ga(a).add_mixed_unguarded(&q),
            }
        }
        Recipe::Difference { a } => {
            let x = ga(a);
            x.add(&x.neg())
        }
        Recipe::Neg { a } => ga(a).neg(),
        Recipe::Doubled { a } => ga(a).double(),
        Recipe::IdentityTimes { k } => LazyPoint::IDENTITY.mul(k),
    }
}
