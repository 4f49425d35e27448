//! The cofactor-aware known-log model of a short-Weierstrass curve with h·r points (r prime,
//! h the cofactor, gcd(h, r) = 1), shared by the checks that draw points of the whole curve
//! ([`super::curve_ops`], [`super::ark_format`]).
//!
//! The curve is the sum of its order-r subgroup and its h-part E\[h\]. A point is kept as
//! (a, t): P = a·G + t·T, G the generator of the subgroup and T a fixed point of the h-part:
//! T = r·R for the first R, by x = 1, 2, …, with r·R ≠ O (so h·T = O; the oracle's
//! `Curve::torsion_point`). a·G comes from the
//! oracle's fixed-base table of G and t·T from one of T (modulus h,
//! [`ecdiff_oracles::weierstrass::Curve::fixed_base`]); only points of T's cyclic subgroup of
//! E\[h\] are reached when E\[h\] is not cyclic. For h = 1, T = O. Any coordinate field with
//! square roots (T comes from `lift_x`): 𝔽ₚ and 𝔽ₚ².

use crate::curve::SwGroup;
use ecdiff_oracles::field::SqrtField;
use ecdiff_oracles::weierstrass::{FixedBase, Point};
use num_bigint::BigUint;
use num_traits::One;
use std::marker::PhantomData;
use std::sync::OnceLock;

/// T of `C` with its fixed-base table, built on first use.
pub struct TorsionModel<C: SwGroup> {
    base: OnceLock<FixedBase<C::F>>,
    curve: PhantomData<fn() -> C>,
}

impl<C: SwGroup> Default for TorsionModel<C> {
    fn default() -> Self {
        TorsionModel {
            base: OnceLock::new(),
            curve: PhantomData,
        }
    }
}

impl<C: SwGroup> TorsionModel<C>
where
    C::F: SqrtField,
{
    /// Whether the curve has a cofactor (h > 1): else T = O and every t·T is O.
    pub fn has_torsion(&self) -> bool {
        !C::instance().curve().cofactor.is_one()
    }

    /// T: r·R for the first R with x = 1, 2, … on the curve and r·R ≠ O (O when h = 1).
    pub fn torsion_point(&self) -> &Point<C::F> {
        self.base().point()
    }

    /// T and its fixed-base table modulo h (building it checks h·T = O). For the BLS 𝔽ₚ²
    /// curves, whose h has ~508 bits, t·T by double-and-add was most of a check's time.
    fn base(&self) -> &FixedBase<C::F> {
        self.base.get_or_init(|| {
            let curve = C::instance().curve();
            let t = curve.torsion_point().unwrap_or(Point::Identity);
            curve.fixed_base(&t, &curve.cofactor)
        })
    }

    /// t·T, from T's table.
    pub fn multiple(&self, t: &BigUint) -> Point<C::F> {
        C::instance().curve().mul_fixed(self.base(), t)
    }

    /// a·G + t·T.
    pub fn point(&self, log: &BigUint, torsion: &BigUint) -> Point<C::F> {
        let curve = C::instance().curve();
        curve.add(&curve.mul_generator(log), &self.multiple(torsion))
    }
}
