//! arkworks' twisted Edwards curves (`ark_ec::twisted_edwards`, any `TECurveConfig` over 𝔽ₚ)
//! against a curve declared with [`te_curve!`](crate::te_curve): the raw-input entry points
//! of [`super::curve_ops`] in one line, [`te_curve_ops`].
//!
//! # Conversions
//!
//! The oracle keeps every point on the curve's short-Weierstrass model
//! ([`crate::curve::twisted_edwards`]); a point crosses to ark through the model's map to
//! Edwards form ([`TeCurve::from_weierstrass`]) and back ([`TeCurve::to_weierstrass`]), and
//! nowhere else. Affine points become `Affine::new_unchecked(x, y)`; projective ones ark's
//! extended coordinates `Projective::new_unchecked(X, Y, T, Z)` = (x·Z, y·Z, x·y·Z, Z) with the
//! drawn Z (Hisil–Wong–Carter–Dawson, *Twisted Edwards curves revisited*, ASIACRYPT 2008, §3:
//! x = X/Z, y = Y/Z, T = XY/Z); the identity (0, 1) is handed over at Z = 1. A result is read
//! from its raw coordinates by the oracle, x = X/Z and y = Y/Z (T is not read: it is ark's
//! internal redundancy, and a wrong T shows in the next operation), so ark's own
//! `into_affine` is never trusted for a verdict. A result with Z = 0, or an affine result off
//! the curve that the model cannot map, is a panic in the subject: a finding, never a value.
//!
//! The pairing is checked once per routine ([`assert_compatible`]): the same p, r, a, d and
//! cofactor on both sides.

use super::coordinates::OracleCoordinate;
use super::curve_ops::{model_curve_ops, ArkCurve, ArkModel, ArkOps, ReproModel};
use super::{from_biguint, to_biguint};
use crate::curve::twisted_edwards::TeGroup;
use crate::shapes::curve_ops::{repro_line, CurveOpsCheck, CurveOpsValue, KnownPoint};
use crate::shapes::Spec;
use ark_ec::twisted_edwards::{Affine, Projective, TECurveConfig};
use ark_ff::PrimeField;
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::twisted_edwards::{TeCurve, TePoint};
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use std::marker::PhantomData;

/// The twisted Edwards model of ark curve `P`.
pub struct Te<P>(PhantomData<fn() -> P>);

/// The entry points of a twisted Edwards ark curve `P` ([`Te`]).
pub type ArkTeCurveOps<C, P> = ArkOps<C, Te<P>>;

fn edwards<C: TeGroup>() -> &'static TeCurve {
    C::instance().edwards()
}

/// The oracle's point (on `C`'s Weierstrass model) in Edwards form.
///
/// # Panics
/// Never for a point of the curve: the model's map is a bijection on a complete curve.
pub fn to_edwards<C: TeGroup>(p: &Point<Fp>) -> TePoint {
    edwards::<C>().from_weierstrass(p).unwrap_or_else(|| {
        panic!(
            "{}: a model point without an Edwards image",
            C::instance().curve().name
        )
    })
}

/// An Edwards point of ark's, as the oracle's point on `C`'s Weierstrass model.
///
/// # Panics
/// When (x, y) is not on the curve (ark returned a point the oracle cannot read).
fn from_edwards<C: TeGroup>(x: Fp, y: Fp) -> Point<Fp> {
    let curve = edwards::<C>();
    let p = TePoint { x, y };
    assert!(
        curve.is_on_curve(&p),
        "{}: ark returned ({:#x}, {:#x}), not a point of the curve",
        curve.name,
        p.x.value(),
        p.y.value()
    );
    curve.to_weierstrass(&p)
}

pub(super) fn fp<C: TeGroup, F: PrimeField>(v: &F) -> Fp {
    let field = edwards::<C>().field();
    field
        .from_canonical(&to_biguint(v))
        .unwrap_or_else(|| panic!("{}: ark value above the oracle's modulus", field.name()))
}

/// Panics unless the oracle group `C` and the ark curve `P` are the same curve: the same base
/// field modulus, order r (ark's scalar field modulus), coefficients a and d, and cofactor.
pub fn assert_compatible<C: TeGroup, P: TECurveConfig>()
where
    P::BaseField: PrimeField,
{
    let curve = edwards::<C>();
    let name = curve.name;
    let same = |what: &str, oracle: &BigUint, ark: BigUint| {
        assert!(
            *oracle == ark,
            "{name}: {what} differs between the oracle (0x{oracle:x}) and the ark curve (0x{ark:x})"
        );
    };
    same(
        "the base field modulus p",
        curve.field().modulus(),
        P::BaseField::MODULUS.into(),
    );
    same(
        "the order r (ark's scalar field modulus)",
        &curve.order,
        <P::ScalarField as PrimeField>::MODULUS.into(),
    );
    same(
        "the coefficient a",
        curve.a.value(),
        to_biguint(&P::COEFF_A),
    );
    same(
        "the coefficient d",
        curve.d.value(),
        to_biguint(&P::COEFF_D),
    );
    same(
        "the cofactor h",
        &curve.cofactor,
        super::cofactor_of(P::COFACTOR),
    );
}

/// The value with each point replaced by one holding its Edwards coordinates (the identity
/// stays the identity), for rendering only.
fn in_edwards_coordinates<C: TeGroup>(value: &CurveOpsValue<Fp>) -> CurveOpsValue<Fp> {
    let map = |p: &Point<Fp>| match p {
        Point::Identity => Point::Identity,
        p => {
            let e = to_edwards::<C>(p);
            Point::Affine { x: e.x, y: e.y }
        }
    };
    match value {
        CurveOpsValue::Point(p) => CurveOpsValue::Point(map(p)),
        CurveOpsValue::Flag(b) => CurveOpsValue::Flag(*b),
        CurveOpsValue::List(ps) => CurveOpsValue::List(ps.iter().map(map).collect()),
    }
}

impl<C, P> ArkModel<C> for Te<P>
where
    C: TeGroup,
    P: TECurveConfig,
    P::BaseField: PrimeField,
{
    type Group = Projective<P>;

    fn affine(p: &Point<Fp>) -> Affine<P> {
        let e = to_edwards::<C>(p);
        Affine::new_unchecked(from_biguint(e.x.value()), from_biguint(e.y.value()))
    }

    fn projective(p: &KnownPoint<Fp>) -> Projective<P> {
        let e = to_edwards::<C>(&p.affine);
        let z = if p.affine.is_identity() {
            e.y.field().one()
        } else {
            p.jac.z.clone()
        };
        let (x, y) = (e.x.mul(&z), e.y.mul(&z));
        let t = e.x.mul(&e.y).mul(&z);
        Projective::new_unchecked(
            from_biguint(x.value()),
            from_biguint(y.value()),
            from_biguint(t.value()),
            from_biguint(z.value()),
        )
    }

    fn read_projective(p: &Projective<P>) -> Point<Fp> {
        let z = fp::<C, _>(&p.z);
        let z_inv = z
            .inv()
            .unwrap_or_else(|| panic!("ark returned an extended point with Z = 0"));
        from_edwards::<C>(fp::<C, _>(&p.x).mul(&z_inv), fp::<C, _>(&p.y).mul(&z_inv))
    }

    fn read_affine(p: &Affine<P>) -> Point<Fp> {
        from_edwards::<C>(fp::<C, _>(&p.x), fp::<C, _>(&p.y))
    }

    fn is_in_correct_subgroup(p: &Affine<P>) -> bool {
        p.is_in_correct_subgroup_assuming_on_curve()
    }

    fn assert_compatible() {
        assert_compatible::<C, P>();
    }

    fn show(p: &Point<Fp>) -> String {
        let e = to_edwards::<C>(p);
        format!("Edwards (0x{:x}, 0x{:x})", e.x.value(), e.y.value())
    }

    fn repro() -> ReproModel<Fp> {
        ReproModel {
            module: "twisted_edwards",
            affine: |p, fq| {
                let e = to_edwards::<C>(p);
                format!("Affine::<P>::new_unchecked({}, {})", fq(&e.x), fq(&e.y))
            },
            projective: |p, fq| {
                let ark = <Te<P> as ArkModel<C>>::projective(p);
                let [x, y, t, z] = [ark.x, ark.y, ark.t, ark.z].map(|v| fp::<C, _>(&v));
                format!(
                    "Projective::<P>::new_unchecked({}, {}, {}, {})",
                    fq(&x),
                    fq(&y),
                    fq(&t),
                    fq(&z)
                )
            },
            expected: |value| {
                let words = edwards::<C>().a.base_words();
                repro_line(&in_edwards_coordinates::<C>(value), words)
            },
        }
    }
}

/// The check of arkworks' raw-input entry points over the twisted Edwards curve `P`, against
/// the oracle group `C` (the same curve, [`assert_compatible`]; declared with
/// [`te_curve!`](crate::te_curve)), with what the row declares about the curve
/// ([`ArkCurve::plain`]: ark's Edwards curves clear the cofactor by h and multiply by
/// double-and-add). Known finding: [`super::curve_ops::ARK_MSM_BIGINT_TRUNCATES`], pinned
/// exactly.
///
/// ```ignore
/// ecdiff::te_curve! { pub struct BabyJubjub { name: "baby_jubjub", p: "…", a: "1", d: "…",
///     gx: "…", gy: "…", r: "…", h: "8" } }
/// ecdiff::check!(ed_on_bn254_ops, ecdiff::arkworks::twisted_edwards::te_curve_ops::<
///     BabyJubjub, ark_ed_on_bn254::EdwardsConfig>(Spec::new("ed_on_bn254_ops"),
///     ArkCurve::plain(8u8.into())));
/// ```
///
/// # Panics
/// When `C` and `P` are not the same curve.
pub fn te_curve_ops<C, P>(spec: Spec, curve: ArkCurve) -> CurveOpsCheck<C, ArkTeCurveOps<C, P>>
where
    C: TeGroup,
    P: TECurveConfig,
    P::BaseField: PrimeField,
{
    model_curve_ops::<C, Te<P>>(spec, curve)
}
