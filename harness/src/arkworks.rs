//! Blanket arkworks adapters: "my MSM over an ark curve" with no conversion code.
//!
//! For any arkworks 0.5 short-Weierstrass curve (`ark_ec::short_weierstrass::SWCurveConfig`)
//! whose base field is a prime field, paired with any [`SwGroup`] over 𝔽ₚ whose constants
//! match (a built-in group such as [`Bn254G1`](ecdiff_oracles::curves::Bn254G1) or
//! [`Secp256k1`](ecdiff_oracles::curves::Secp256k1), or a downstream crate's own curve
//! declared with [`sw_curve!`](crate::sw_curve)):
//!
//! ```ignore
//! ecdiff::check!(my_msm_agrees, ecdiff::arkworks::msm::<Bls12377G1, ark_bls12_377::g1::Config>(
//!     Spec::new("my_msm"), my_crate::my_msm));
//! ecdiff::check!(ark_msm_agrees, ecdiff::arkworks::ark_msm::<Bls12377G1, ark_bls12_377::g1::Config>(
//!     Spec::new("ark_msm_bls12_377")));
//! ```
//!
//! # Conversions, and what they never do
//!
//! Field elements cross through their canonical integers (`PrimeField::into_bigint`,
//! `PrimeField::from_bigint`), which fail rather than reduce: a value at or above the modulus
//! panics instead of quietly becoming another value. Jacobian coordinates (X, Y, Z) become
//! `Projective::new_unchecked(X, Y, Z)` exactly as drawn — ark 0.5's `Projective` *is* Jacobian
//! ((x, y) = (X/Z², Y/Z³), `ark_ec::short_weierstrass::Projective`'s documentation) — with
//! arbitrary Z and identities with arbitrary X and Y and Z = 0, never normalized first. A
//! result comes back through the *oracle's* textbook conversion of its raw coordinates
//! ([`Curve::from_jacobian`](ecdiff_oracles::weierstrass::Curve::from_jacobian)), so ark's own
//! `into_affine` is never trusted for a verdict; an affine result is read coordinate by
//! coordinate (the point at infinity by its flag).
//!
//! The pairing is checked once per routine ([`assert_compatible`]): the same p, r, a, b and
//! cofactor on both sides. The generators need not be the same point (the oracle's is the hub
//! of its known-log bookkeeping; any point of order r will do).

pub mod coordinates;
pub mod curve_ops;
pub mod serialization;
pub mod thresholds;
pub mod twisted_edwards;
#[cfg(feature = "zoo")]
pub mod zoo;

use crate::curve::{Jacobian, SwGroup};
use crate::shapes::msm::{self, AffineMsm, Msm, MsmCheck};
use crate::shapes::Spec;
use ark_ec::short_weierstrass::{Affine, Projective, SWCurveConfig};
use ark_ec::{AffineRepr, VariableBaseMSM};
use ark_ff::{BigInteger, PrimeField};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use std::marker::PhantomData;

/// An ark prime-field element as its canonical integer.
pub fn to_biguint<F: PrimeField>(f: &F) -> BigUint {
    BigUint::from_bytes_le(&f.into_bigint().to_bytes_le())
}

/// A canonical integer as an ark prime-field element, without reduction.
///
/// # Panics
/// When `v` is not below the field's modulus.
pub fn from_biguint<F: PrimeField>(v: &BigUint) -> F {
    F::BigInt::try_from(v.clone())
        .ok()
        .and_then(F::from_bigint)
        .unwrap_or_else(|| panic!("0x{v:x} is not a canonical element of this ark field"))
}

/// An ark base-field element as an element of the oracle group `C`'s field.
///
/// # Panics
/// When the value is not canonical for the oracle's field (the moduli differ).
pub fn to_fp<C: SwGroup<F = Fp>, F: PrimeField>(x: &F) -> Fp {
    let field = C::instance().curve().b.field();
    field
        .from_canonical(&to_biguint(x))
        .unwrap_or_else(|| panic!("{}: ark value above the oracle's modulus", field.name()))
}

/// Jacobian coordinates → `Projective::new_unchecked(X, Y, Z)`, exactly as drawn.
pub fn projective<P: SWCurveConfig>(p: &Jacobian<Fp>) -> Projective<P>
where
    P::BaseField: PrimeField,
{
    Projective::new_unchecked(
        from_biguint(p.x.value()),
        from_biguint(p.y.value()),
        from_biguint(p.z.value()),
    )
}

/// An affine point → `Affine::new_unchecked(x, y)`; the identity → ark's point at infinity.
pub fn affine<P: SWCurveConfig>(p: &Point<Fp>) -> Affine<P>
where
    P::BaseField: PrimeField,
{
    match p {
        Point::Identity => Affine::identity(),
        Point::Affine { x, y } => {
            Affine::new_unchecked(from_biguint(x.value()), from_biguint(y.value()))
        }
    }
}

/// An ark projective result → the oracle's affine point, through the oracle's conversion
/// of the raw Jacobian coordinates (Z = 0 is the identity whatever X and Y are).
pub fn point_from_projective<C: SwGroup<F = Fp>, P: SWCurveConfig>(p: &Projective<P>) -> Point<Fp>
where
    P::BaseField: PrimeField,
{
    C::instance().curve().from_jacobian(
        &to_fp::<C, _>(&p.x),
        &to_fp::<C, _>(&p.y),
        &to_fp::<C, _>(&p.z),
    )
}

/// An ark affine result → the oracle's affine point, coordinate by coordinate.
pub fn point_from_affine<C: SwGroup<F = Fp>, P: SWCurveConfig>(p: &Affine<P>) -> Point<Fp>
where
    P::BaseField: PrimeField,
{
    match p.xy() {
        None => Point::Identity,
        Some((x, y)) => Point::Affine {
            x: to_fp::<C, _>(&x),
            y: to_fp::<C, _>(&y),
        },
    }
}

/// Asserts that the oracle group `C` and the ark curve `P` are the same curve: the same base
/// field modulus, scalar field modulus (= the group order r), coefficients a and b, and
/// cofactor.
///
/// # Panics
/// With the first constant that differs, on both sides.
pub fn assert_compatible<C: SwGroup<F = Fp>, P: SWCurveConfig>()
where
    P::BaseField: PrimeField,
{
    let c = C::instance();
    let curve = c.curve();
    let name = curve.name;
    let same = |what: &str, oracle: &BigUint, ark: BigUint| {
        assert!(
            *oracle == ark,
            "{name}: {what} differs between the oracle (0x{oracle:x}) and the ark curve (0x{ark:x})"
        );
    };
    same(
        "the base field modulus p",
        curve.b.field().modulus(),
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
        "the coefficient b",
        curve.b.value(),
        to_biguint(&P::COEFF_B),
    );
    same("the cofactor h", &curve.cofactor, cofactor_of(P::COFACTOR));
}

/// An ark `CurveConfig::COFACTOR` (64-bit words, least significant first) as an integer.
pub fn cofactor_of(words: &[u64]) -> BigUint {
    (words.iter().rev()).fold(BigUint::default(), |acc, word| (acc << 64u32) + word)
}

/// A [`shapes::msm`](crate::shapes::msm) subject made of a function over ark types with
/// affine bases.
pub struct ArkAffineMsm<P, M> {
    routine: M,
    _curve: PhantomData<fn() -> P>,
}

impl<C, P, M> AffineMsm<C> for ArkAffineMsm<P, M>
where
    C: SwGroup<F = Fp>,
    P: SWCurveConfig,
    P::BaseField: PrimeField,
    M: Fn(&[Affine<P>], &[P::ScalarField]) -> Projective<P> + Send + Sync + 'static,
{
    fn msm(&self, bases: &[Point<Fp>], scalars: &[BigUint]) -> Point<Fp> {
        let bases: Vec<Affine<P>> = bases.iter().map(affine::<P>).collect();
        let scalars: Vec<P::ScalarField> = scalars.iter().map(from_biguint).collect();
        point_from_projective::<C, P>(&(self.routine)(&bases, &scalars))
    }
}

/// A [`shapes::msm`](crate::shapes::msm) subject made of a function over ark types with
/// projective (Jacobian) bases.
pub struct ArkProjectiveMsm<P, M> {
    routine: M,
    _curve: PhantomData<fn() -> P>,
}

impl<C, P, M> Msm<C> for ArkProjectiveMsm<P, M>
where
    C: SwGroup<F = Fp>,
    P: SWCurveConfig,
    P::BaseField: PrimeField,
    M: Fn(&[Projective<P>], &[P::ScalarField]) -> Projective<P> + Send + Sync + 'static,
{
    fn msm(&self, bases: &[Jacobian<Fp>], scalars: &[BigUint]) -> Point<Fp> {
        let bases: Vec<Projective<P>> = bases.iter().map(projective::<P>).collect();
        let scalars: Vec<P::ScalarField> = scalars.iter().map(from_biguint).collect();
        point_from_projective::<C, P>(&(self.routine)(&bases, &scalars))
    }
}

/// The check of an MSM over ark curve `P` with affine bases (identities as ark's point at
/// infinity), against the oracle group `C`: `routine(bases, scalars)` must return
/// Σ scalarsᵢ·basesᵢ. Scalars are canonical elements of ark's scalar field; lengths are equal
/// (possibly zero).
///
/// # Panics
/// When `C` and `P` are not the same curve ([`assert_compatible`]).
pub fn msm<C, P>(
    spec: Spec,
    routine: impl Fn(&[Affine<P>], &[P::ScalarField]) -> Projective<P> + Send + Sync + 'static,
) -> MsmCheck<C>
where
    C: SwGroup<F = Fp>,
    P: SWCurveConfig,
    P::BaseField: PrimeField,
{
    assert_compatible::<C, P>();
    msm::check_affine(
        spec,
        ArkAffineMsm {
            routine,
            _curve: PhantomData,
        },
    )
}

/// The check of an MSM over ark curve `P` with bases in Jacobian coordinates, handed over as
/// drawn (mixed z, z = 1, identities with arbitrary X and Y): see [`msm()`].
///
/// # Panics
/// When `C` and `P` are not the same curve ([`assert_compatible`]).
pub fn msm_projective<C, P>(
    spec: Spec,
    routine: impl Fn(&[Projective<P>], &[P::ScalarField]) -> Projective<P> + Send + Sync + 'static,
) -> MsmCheck<C>
where
    C: SwGroup<F = Fp>,
    P: SWCurveConfig,
    P::BaseField: PrimeField,
{
    assert_compatible::<C, P>();
    msm::check(
        spec,
        ArkProjectiveMsm {
            routine,
            _curve: PhantomData,
        },
    )
}

/// arkworks' own `VariableBaseMSM::msm` over curve `P`, checked against the oracle group `C`:
/// one line to check ark itself for a curve. The spec's subject defaults to ark-ec 0.5.
///
/// # Panics
/// When `C` and `P` are not the same curve ([`assert_compatible`]).
pub fn ark_msm<C, P>(spec: Spec) -> MsmCheck<C>
where
    C: SwGroup<F = Fp>,
    P: SWCurveConfig,
    P::BaseField: PrimeField,
{
    let spec = if spec.subject == Spec::new(spec.name).subject {
        spec.subject("ark-ec 0.5", "VariableBaseMSM::msm")
    } else {
        spec
    };
    msm::<C, P>(spec, |bases, scalars| {
        <Projective<P> as VariableBaseMSM>::msm(bases, scalars)
            .expect("bases and scalars have the same length")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::Suite;
    use ark_ec::{CurveGroup, PrimeGroup};
    use ecdiff_oracles::curves::{bn254_g1, Bn254G1};

    #[test]
    fn conversions_keep_raw_coordinates() {
        let g = ark_bn254::G1Projective::generator();
        assert_eq!(
            point_from_projective::<Bn254G1, _>(&g),
            bn254_g1().generator
        );
        assert_eq!(
            point_from_affine::<Bn254G1, _>(&g.into_affine()),
            bn254_g1().generator
        );
        assert_eq!(
            affine::<ark_bn254::g1::Config>(&bn254_g1().generator),
            g.into_affine()
        );
        // The identity with arbitrary X and Y goes in as is.
        let fq = ecdiff_oracles::curves::bn254_fq();
        let j = Jacobian {
            x: fq.elem(5u8),
            y: fq.elem(7u8),
            z: fq.zero(),
        };
        let p = projective::<ark_bn254::g1::Config>(&j);
        assert_eq!(
            (to_biguint(&p.x), to_biguint(&p.y)),
            (5u8.into(), 7u8.into())
        );
        assert_eq!(point_from_projective::<Bn254G1, _>(&p), Point::Identity);
    }

    #[test]
    #[should_panic(expected = "not a canonical element")]
    fn non_canonical_values_are_rejected_not_reduced() {
        let _: ark_bn254::Fr = from_biguint(ecdiff_oracles::curves::bn254_fr().modulus());
    }

    #[test]
    #[should_panic(expected = "differs between the oracle")]
    fn a_mismatched_pairing_is_rejected() {
        assert_compatible::<ecdiff_oracles::curves::Secp256k1, ark_bn254::g1::Config>();
    }

    #[test]
    fn ark_msm_agrees_and_a_dropped_term_is_found() {
        let ark = ark_msm::<Bn254G1, ark_bn254::g1::Config>(Spec::new("ark_bn254_msm").cases(24));
        Suite::new(&ark)
            .no_save()
            .try_run()
            .expect("ark's MSM agrees");
        let broken = msm::<Bn254G1, ark_bn254::g1::Config>(
            Spec::new("ark_bn254_msm_drops_last").cases(64),
            |bases, scalars| {
                let n = bases.len().saturating_sub(1);
                <Projective<_> as VariableBaseMSM>::msm(&bases[..n], &scalars[..n]).unwrap()
            },
        );
        let failure = Suite::new(&broken).no_save().try_run().unwrap_err();
        assert_eq!(failure.run.verdict.kind, crate::VerdictKind::Mismatch);
    }
}
