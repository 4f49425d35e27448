//! arkworks' raw-input entry points of any curve — short-Weierstrass over 𝔽ₚ or 𝔽ₚ² ([`Sw`]),
//! twisted Edwards ([`super::twisted_edwards`]) — in one line, checked by
//! [`crate::shapes::curve_ops`] on points of the whole curve (torsion included):
//!
//! | op | arkworks 0.5 call |
//! |---|---|
//! | `MsmInteger` | `VariableBaseMSM::msm_bigint(&[Affine], &[BigInt])`, the scalar field's `BigInt` width, any value |
//! | `MsmField` | `VariableBaseMSM::msm_unchecked(&[Affine], &[ScalarField])` |
//! | `MulInteger` | `Projective::mul_bigint(&[u64])`, 1 to 8 words |
//! | `MulField` | `Projective * ScalarField` |
//! | `ClearCofactor` | `AffineRepr::clear_cofactor` |
//! | `SubgroupCheck` | `Affine::is_in_correct_subgroup_assuming_on_curve` |
//! | `NormalizeBatch` | `CurveGroup::normalize_batch` |
//!
//! Points enter as `Affine::new_unchecked` / `Projective::new_unchecked` of the drawn
//! coordinates and results leave through the oracle's conversion ([`super`]'s module docs).

use super::coordinates::{ArkCoordinate, OracleCoordinate};
use super::from_biguint;
use crate::curve::SwGroup;
use crate::repro::project::{Dependency, ReproCode};
use crate::shapes::curve_ops::{
    check, repro_line, CurveOps, CurveOpsCase, CurveOpsCheck, CurveOpsValue, KnownDeparture,
    KnownPoint, Op,
};
use crate::shapes::Spec;
use ark_ec::scalar_mul::glv::GLVConfig;
use ark_ec::short_weierstrass::{Affine, Projective, SWCurveConfig};
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup, VariableBaseMSM};
use ark_ff::{BigInteger, PrimeField};
use ecdiff_oracles::field::Field;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use std::borrow::Borrow;
use std::marker::PhantomData;

/// What a row declares about its curve's configuration.
#[derive(Clone, Debug)]
pub struct ArkCurve {
    /// The multiplier `clear_cofactor` is specified to use: `P::COFACTOR` unless the curve
    /// overrides it (BLS12-381's G1 uses the effective cofactor 1 − x, RFC 9380 §8.8.1).
    pub clear_cofactor_by: BigUint,
    /// The curve's GLV parameters, when it overrides `mul_projective` with
    /// `GLVConfig::glv_mul_projective` (ark-bn254's and ark-bls12-381's G1 do): see
    /// [`ARK_GLV_MUL_BIGINT_WIDE_PANICS`] and [`ARK_GLV_MUL_OUTSIDE_SUBGROUP`].
    pub glv: Option<Glv>,
    /// Where a standalone reproducer finds the curve ([`ArkCurve::with_reproducer`]).
    pub repro: Option<ArkRepro>,
}

/// The crate and type of an ark curve configuration, for reproducers.
#[derive(Clone, Copy, Debug)]
pub struct ArkRepro {
    /// The crate (`ark-bls12-381`).
    pub package: &'static str,
    /// Its version.
    pub version: &'static str,
    /// The `SWCurveConfig` type's path (`ark_bls12_381::g1::Config`).
    pub config: &'static str,
}

impl ArkCurve {
    /// A curve whose multiplication is ark's default double-and-add.
    pub fn plain(clear_cofactor_by: BigUint) -> Self {
        ArkCurve {
            clear_cofactor_by,
            glv: None,
            repro: None,
        }
    }

    /// A curve whose multiplication is GLV, with `P`'s parameters.
    pub fn glv<P: GLVConfig>(clear_cofactor_by: BigUint) -> Self
    where
        P::BaseField: PrimeField,
    {
        ArkCurve {
            clear_cofactor_by,
            glv: Some(Glv::of::<P>()),
            repro: None,
        }
    }

    /// With a standalone reproducer of every case, the curve at `repro`.
    pub fn with_reproducer(self, repro: ArkRepro) -> Self {
        ArkCurve {
            repro: Some(repro),
            ..self
        }
    }
}

/// A GLV curve's declared parameters (its `GLVConfig` constants, the algorithm's inputs, not
/// its results): β of the endomorphism φ(x, y) = (β·x, y), and the lattice basis of the
/// scalar decomposition.
#[derive(Clone, Debug)]
pub struct Glv {
    beta: BigUint,
    basis: [BigInt; 4],
}

impl Glv {
    /// `P`'s parameters.
    pub fn of<P: GLVConfig>() -> Self
    where
        P::BaseField: PrimeField,
    {
        let basis = P::SCALAR_DECOMP_COEFFS.map(|(positive, magnitude)| {
            let sign = if positive { Sign::Plus } else { Sign::Minus };
            BigInt::from_biguint(sign, BigUint::from_bytes_le(&magnitude.to_bytes_le()))
        });
        Glv {
            beta: super::to_biguint(&P::ENDO_COEFFS[0]),
            basis,
        }
    }

    /// (k₁, k₂) with k ≡ k₁ + λ·k₂ (mod r), as ark-ec 0.5.0's
    /// `GLVConfig::scalar_decomposition` (`src/scalar_mul/glv.rs`) rounds them: β₁ = ⌊k·n₂₂/r⌉,
    /// β₂ = ⌊−k·n₁₂/r⌉ (a remainder above r/2 rounds up), k₁ = k − (β₁n₁₁ + β₂n₂₁),
    /// k₂ = −(β₁n₁₂ + β₂n₂₂).
    pub fn decompose(&self, k: &BigUint, r: &BigUint) -> (BigInt, BigInt) {
        let [n11, n12, n21, n22] = &self.basis;
        let (k, r) = (BigInt::from(k.clone()), BigInt::from(r.clone()));
        let round = |x: BigInt| {
            let (div, rem) = x.div_rem(&r);
            if &rem + &rem > r {
                div + 1
            } else {
                div
            }
        };
        let beta1 = round(&k * n22);
        let beta2 = round(&k * -n12);
        let k1 = &k - (&beta1 * n11 + &beta2 * n21);
        let k2 = -(&beta1 * n12 + &beta2 * n22);
        (k1, k2)
    }

    /// What `glv_mul_projective(P, k)` returns: k₁·P + k₂·φ(P), by the oracle's arithmetic
    /// on P as a point of the whole curve (where φ(P) = λ·P fails outside the subgroup).
    pub fn multiply<C: SwGroup>(&self, p: &Point<C::F>, k: &BigUint) -> Point<C::F>
    where
        C::F: OracleCoordinate,
    {
        let curve = C::instance().curve();
        let (k1, k2) = self.decompose(k, curve.order.borrow());
        let phi = match p {
            Point::Identity => Point::Identity,
            Point::Affine { x, y } => Point::Affine {
                x: x.times_base(&self.beta),
                y: y.clone(),
            },
        };
        let times = |k: &BigInt, p: &Point<C::F>| {
            let multiple = curve.mul(p, k.magnitude());
            if k.sign() == Sign::Minus {
                curve.neg(&multiple)
            } else {
                multiple
            }
        };
        curve.add(&times(&k1, p), &times(&k2, &phi))
    }
}

/// arkworks 0.5's `mul_bigint` on a curve with GLV multiplication panics for an integer of
/// more 64-bit words than the scalar field's `BigInt`, whatever its value.
pub const ARK_GLV_MUL_BIGINT_WIDE_PANICS: &str = "ark-ec 0.5.0 / ark-ff 0.5.0: on a curve whose \
     mul_projective is GLV (ark-bn254 G1, ark-bls12-381 G1), Projective::mul_bigint of more \
     64-bit words than the scalar field's BigInt panics (Fp::from_sign_and_limbs asserts \
     limbs.len() <= N), even when the high words are zero; smallest input: G.mul_bigint(&[1, \
     0, 0, 0, 0]); curves without GLV take any width";

/// arkworks 0.5's GLV multiplication is wrong on points outside the prime-order subgroup.
pub const ARK_GLV_MUL_OUTSIDE_SUBGROUP: &str = "ark-ec 0.5.0 GLVConfig::glv_mul_projective \
     (ark-bls12-381's G1 `*` and mul_bigint) computes k·P as k₁·P + k₂·φ(P) with k ≡ k₁ + \
     λ·k₂ (mod r), which is k·P only where φ(P) = λ·P, in the order-r subgroup: for a point \
     with a torsion component (an unchecked decoder's output, or new_unchecked) it returns \
     another point, exactly k₁·P + k₂·φ(P) (pinned from ark's decomposition); every k that ark \
     does not split (k₂ = 0) is right; smallest input: P = T = r·R (R the curve point of \
     least x, T in the cofactor part) and k = 0x5622d2008000d2010000000080000001, the least k \
     with k₂ ≠ 0";

/// arkworks 0.5's `msm_bigint` reads each `BigInt` modulo 2^W ([`msm_bigint_width`]).
pub const ARK_MSM_BIGINT_TRUNCATES: &str = "ark-ec 0.5.0 VariableBaseMSM::msm_bigint \
     (msm_bigint_wnaf) recodes each BigInt into ⌈b/c⌉ signed windows of c bits (b = \
     MODULUS_BIT_SIZE; c = 3 below 32 terms, else ⌈log2 n⌉·69/100 + 2) and drops every bit \
     above them: a BigInt ≥ 2^(c·⌈b/c⌉) is silently read modulo that power (its value mod r \
     is not used either); smallest input on BN254: one term G with the BigInt 2^255 gives the \
     identity instead of 2^255·G";

/// The bits of a `BigInt` that `msm_bigint` reads for `n` terms over a scalar field of `b`
/// bits, `words` 64-bit words wide: c·⌈b/c⌉ (ark-ec 0.5.0
/// `src/scalar_mul/variable_base/mod.rs`, `msm_bigint_wnaf` and `make_digits`; c from
/// `ln_without_floats`, `src/scalar_mul/mod.rs`), at most the integer's width.
pub fn msm_bigint_width(n: usize, b: usize, words: usize) -> usize {
    let c = if n < 32 {
        3
    } else {
        let ceil_log2 = usize::BITS as usize - (n - 1).leading_zeros() as usize;
        ceil_log2 * 69 / 100 + 2
    };
    (c * b.div_ceil(c)).min(64 * words)
}

/// How one model of an ark curve — its short-Weierstrass form ([`Sw`]) or its twisted Edwards
/// form ([`Te`](super::twisted_edwards::Te)) — receives the oracle's points and gives its own
/// back. The oracle keeps every point on `C`'s short-Weierstrass curve (for an Edwards curve,
/// its Weierstrass model), so a model converts at the boundary and nowhere else.
pub trait ArkModel<C: SwGroup>: Send + Sync + 'static {
    /// ark's projective group type.
    type Group: CurveGroup;
    /// The point as ark's affine point, unchecked (never validated or normalized).
    fn affine(p: &Point<C::F>) -> <Self::Group as CurveGroup>::Affine;
    /// The drawn representation as ark's projective point, unchecked (its z as drawn).
    fn projective(p: &KnownPoint<C::F>) -> Self::Group;
    /// ark's projective result, read by the oracle from its raw coordinates.
    fn read_projective(p: &Self::Group) -> Point<C::F>;
    /// ark's affine result, read coordinate by coordinate.
    fn read_affine(p: &<Self::Group as CurveGroup>::Affine) -> Point<C::F>;
    /// ark's `is_in_correct_subgroup_assuming_on_curve` (an inherent method of each model).
    fn is_in_correct_subgroup(p: &<Self::Group as CurveGroup>::Affine) -> bool;
    /// Panics unless `C` and the ark curve are the same curve.
    fn assert_compatible();
    /// A point in the coordinates a person reads for this model (Edwards (x, y) for an Edwards
    /// curve).
    fn show(p: &Point<C::F>) -> String;
    /// The reproducer's text for this model ([`ReproModel`]).
    fn repro() -> ReproModel<C::F>;
}

/// How a reproducer writes one coordinate: `fq(&["c0", "c1", …])`, its base-field
/// coefficients in hex.
pub type WriteFq<'a, F> = &'a dyn Fn(&F) -> String;

/// What a standalone reproducer writes differently for each model of a curve.
pub struct ReproModel<F> {
    /// The `ark_ec` module of `Affine` and `Projective` (`short_weierstrass`).
    pub module: &'static str,
    /// The `Affine::<P>` expression of a point, its coordinates written by `fq`.
    pub affine: fn(&Point<F>, WriteFq<'_, F>) -> String,
    /// The `Projective::<P>` expression of a drawn representation.
    pub projective: fn(&KnownPoint<F>, WriteFq<'_, F>) -> String,
    /// The line the reproducer prints for a right result (as its `render` does).
    pub expected: fn(&CurveOpsValue<F>) -> String,
}

/// The short-Weierstrass model of ark curve `P` (`ark_ec::short_weierstrass`) over 𝔽ₚ or 𝔽ₚ²:
/// the oracle's coordinates are ark's, Jacobian (X, Y, Z) as drawn ([`super`]'s module docs),
/// crossing coefficient by coefficient ([`ArkCoordinate`]).
pub struct Sw<P>(PhantomData<fn() -> P>);

/// The oracle's element `like` names the field of.
fn coordinate<C: SwGroup, A: ark_ff::Field>(a: &A) -> C::F
where
    C::F: ArkCoordinate<A>,
{
    C::F::from_ark(&C::instance().curve().b, a)
}

/// Asserts that the oracle group `C` and the ark curve `P` are the same curve: the same base
/// field (modulus, and for 𝔽ₚ² the same u² = −1), scalar field modulus (= the group order r),
/// coefficients a and b, and cofactor.
///
/// # Panics
/// With the first constant that differs, on both sides.
pub fn assert_compatible_sw<C: SwGroup, P: SWCurveConfig>()
where
    C::F: ArkCoordinate<P::BaseField>,
    <P::BaseField as ark_ff::Field>::BasePrimeField: PrimeField,
{
    <C::F as ArkCoordinate<P::BaseField>>::assert_same_field(&C::instance().curve().b);
    let curve = C::instance().curve();
    let name = curve.name;
    let same = |what: &str, oracle: Vec<BigUint>, ark: Vec<BigUint>| {
        assert!(
            oracle == ark,
            "{name}: {what} differs between the oracle ({oracle:x?}) and the ark curve ({ark:x?})"
        );
    };
    let ark_coeffs = |a: &P::BaseField| -> Vec<BigUint> {
        ark_ff::Field::to_base_prime_field_elements(a)
            .map(|c| super::to_biguint(&c))
            .collect()
    };
    same(
        "the order r (ark's scalar field modulus)",
        vec![curve.order.clone()],
        vec![<P::ScalarField as PrimeField>::MODULUS.into()],
    );
    same(
        "the coefficient a",
        curve.a.coeffs(),
        ark_coeffs(&P::COEFF_A),
    );
    same(
        "the coefficient b",
        curve.b.coeffs(),
        ark_coeffs(&P::COEFF_B),
    );
    same(
        "the cofactor h",
        vec![curve.cofactor.clone()],
        vec![super::cofactor_of(P::COFACTOR)],
    );
    // The base field's modulus itself: −1 (p − 1 in the first coefficient) is −1 on both
    // sides, crossing either way.
    let minus_one = curve.b.one_like().neg();
    let ark_minus_one = -<P::BaseField as ark_ff::Field>::ONE;
    assert!(
        <C::F as ArkCoordinate<P::BaseField>>::to_ark(&minus_one) == ark_minus_one
            && <C::F as ArkCoordinate<P::BaseField>>::from_ark(&curve.b, &ark_minus_one)
                == minus_one,
        "{name}: the base field modulus differs between the oracle and ark"
    );
}

impl<C, P> ArkModel<C> for Sw<P>
where
    C: SwGroup,
    C::F: ArkCoordinate<P::BaseField>,
    P: SWCurveConfig,
    <P::BaseField as ark_ff::Field>::BasePrimeField: PrimeField,
{
    type Group = Projective<P>;

    fn affine(p: &Point<C::F>) -> Affine<P> {
        match p {
            Point::Identity => Affine::identity(),
            Point::Affine { x, y } => Affine::new_unchecked(x.to_ark(), y.to_ark()),
        }
    }

    fn projective(p: &KnownPoint<C::F>) -> Projective<P> {
        let j = &p.jac;
        Projective::new_unchecked(j.x.to_ark(), j.y.to_ark(), j.z.to_ark())
    }

    fn read_projective(p: &Projective<P>) -> Point<C::F> {
        C::instance().curve().from_jacobian(
            &coordinate::<C, _>(&p.x),
            &coordinate::<C, _>(&p.y),
            &coordinate::<C, _>(&p.z),
        )
    }

    fn read_affine(p: &Affine<P>) -> Point<C::F> {
        match p.xy() {
            None => Point::Identity,
            Some((x, y)) => Point::Affine {
                x: coordinate::<C, _>(&x),
                y: coordinate::<C, _>(&y),
            },
        }
    }

    fn is_in_correct_subgroup(p: &Affine<P>) -> bool {
        p.is_in_correct_subgroup_assuming_on_curve()
    }

    fn assert_compatible() {
        assert_compatible_sw::<C, P>();
    }

    fn show(p: &Point<C::F>) -> String {
        crate::shapes::hex_point(p)
    }

    fn repro() -> ReproModel<C::F> {
        ReproModel {
            module: "short_weierstrass",
            affine: |p, fq| match p {
                Point::Identity => "Affine::<P>::identity()".to_string(),
                Point::Affine { x, y } => {
                    format!("Affine::<P>::new_unchecked({}, {})", fq(x), fq(y))
                }
            },
            projective: |p, fq| {
                let j = &p.jac;
                format!(
                    "Projective::<P>::new_unchecked({}, {}, {})",
                    fq(&j.x),
                    fq(&j.y),
                    fq(&j.z)
                )
            },
            expected: |value| {
                let words = C::instance().curve().b.base_words();
                repro_line(value, words)
            },
        }
    }
}

/// The entry points of an ark curve in model `M`, read as points of the oracle group `C`.
pub struct ArkOps<C, M> {
    curve: ArkCurve,
    _curve: PhantomData<fn() -> (C, M)>,
}

/// The entry points of a short-Weierstrass ark curve `P` ([`Sw`]).
pub type ArkCurveOps<C, P> = ArkOps<C, Sw<P>>;

impl<C, M> ArkOps<C, M> {
    /// The entry points with what the row declares about the curve (for a check built around
    /// them, as the bug zoo's broken subjects are; [`curve_ops`] builds the row's).
    pub fn new(curve: ArkCurve) -> Self {
        ArkOps {
            curve,
            _curve: PhantomData,
        }
    }

    /// What the row declares about the curve.
    pub fn curve(&self) -> &ArkCurve {
        &self.curve
    }
}

type ScalarOf<M, C> = <<M as ArkModel<C>>::Group as PrimeGroup>::ScalarField;

impl<C, M> CurveOps<C> for ArkOps<C, M>
where
    C: SwGroup,
    C::F: OracleCoordinate,
    M: ArkModel<C>,
{
    fn integer_words(&self) -> usize {
        <ScalarOf<M, C> as PrimeField>::BigInt::NUM_LIMBS
    }

    fn known(&self, case: &CurveOpsCase<C::F>) -> Option<KnownDeparture<C::F>> {
        let words = self.integer_words();
        let glv_multiply = |k: &BigUint| {
            let glv = self.curve.glv.as_ref()?;
            let r = C::instance().order();
            Some(KnownDeparture::Point {
                point: glv.multiply::<C>(&case.points[0].affine, &(k % r)),
                reason: ARK_GLV_MUL_OUTSIDE_SUBGROUP,
            })
        };
        match case.op {
            Op::MulInteger if self.curve.glv.is_some() && case.words > words => {
                Some(KnownDeparture::Panic {
                    file: "ark-ff-0.5.0/src/fields/models/fp/montgomery_backend.rs",
                    message: "assertion failed: limbs.len() <= N",
                    reason: ARK_GLV_MUL_BIGINT_WIDE_PANICS,
                })
            }
            Op::MsmInteger => {
                let b = <ScalarOf<M, C> as PrimeField>::MODULUS_BIT_SIZE as usize;
                let width = msm_bigint_width(case.scalars.len(), b, words);
                let modulus = BigUint::from(1u8) << width;
                (case.scalars.iter().any(|s| s.bits() as usize > width)).then(|| {
                    KnownDeparture::Scalars {
                        scalars: case.scalars.iter().map(|s| s % &modulus).collect(),
                        reason: ARK_MSM_BIGINT_TRUNCATES,
                    }
                })
            }
            Op::MulInteger | Op::MulField => glv_multiply(&case.scalars[0]),
            _ => None,
        }
    }

    fn reproducer(
        &self,
        case: &CurveOpsCase<C::F>,
        expected: &CurveOpsValue<C::F>,
    ) -> Option<ReproCode> {
        let repro = self.curve.repro?;
        let model = M::repro();
        Some(ReproCode {
            dependencies: vec![
                Dependency::new(repro.package, repro.version),
                Dependency::new("ark-ec", "0.5.0"),
                Dependency::new("ark-ff", "0.5.0"),
            ],
            uses: vec![
                "#[allow(unused_imports)]".into(),
                format!("use ark_ec::{}::{{Affine, Projective}};", model.module),
                "#[allow(unused_imports)]".into(),
                "use ark_ec::{AffineRepr, CurveConfig, CurveGroup, PrimeGroup, VariableBaseMSM};"
                    .into(),
                "use ark_ff::{BigInteger, Field, PrimeField};".into(),
            ],
            body: reproducer_body(&model, repro.config, case, self.integer_words()),
            expected: (model.expected)(expected),
            expected_from: "ecdiff's oracle: known logs a·G + t·T, scalars unreduced".into(),
        })
    }

    fn show(&self, p: &Point<C::F>) -> String {
        M::show(p)
    }

    fn run(&self, case: &CurveOpsCase<C::F>) -> CurveOpsValue<C::F> {
        let bases = || -> Vec<<M::Group as CurveGroup>::Affine> {
            case.points.iter().map(|p| M::affine(&p.affine)).collect()
        };
        let projective_of = |i: usize| M::projective(&case.points[i]);
        let field_scalar = |s: &BigUint| from_biguint::<ScalarOf<M, C>>(s);
        let point = |p: M::Group| CurveOpsValue::Point(M::read_projective(&p));
        match case.op {
            Op::MsmInteger => {
                let integers: Vec<_> = (case.scalars.iter())
                    .map(|s| {
                        <ScalarOf<M, C> as PrimeField>::BigInt::try_from(s.clone())
                            .unwrap_or_else(|_| panic!("0x{s:x} is wider than the BigInt"))
                    })
                    .collect();
                point(M::Group::msm_bigint(&bases(), &integers))
            }
            Op::MsmField => {
                let scalars: Vec<_> = case.scalars.iter().map(field_scalar).collect();
                point(M::Group::msm_unchecked(&bases(), &scalars))
            }
            Op::MulInteger => {
                let mut words = case.scalars[0].to_u64_digits();
                words.resize(case.words, 0);
                point(projective_of(0).mul_bigint(&words))
            }
            Op::MulField => point(projective_of(0) * field_scalar(&case.scalars[0])),
            Op::ClearCofactor => {
                let cleared = M::affine(&case.points[0].affine).clear_cofactor();
                CurveOpsValue::Point(M::read_affine(&cleared))
            }
            Op::SubgroupCheck => CurveOpsValue::Flag(M::is_in_correct_subgroup(&M::affine(
                &case.points[0].affine,
            ))),
            Op::NormalizeBatch => {
                let points: Vec<M::Group> = (0..case.points.len()).map(projective_of).collect();
                let normalized = M::Group::normalize_batch(&points);
                CurveOpsValue::List(normalized.iter().map(M::read_affine).collect())
            }
        }
    }
}

/// The statements of a reproducer's `subject()`: the case's points by `new_unchecked` of
/// their coordinates (in the model's form, each coordinate by its base-field coefficients),
/// its scalars, the call, the result rendered as the model's [`ReproModel::expected`] line.
fn reproducer_body<F: Field>(
    model: &ReproModel<F>,
    config: &str,
    case: &CurveOpsCase<F>,
    integer_words: usize,
) -> String {
    let fq = |v: &F| {
        let coeffs: Vec<String> = (v.coeffs().iter())
            .map(|c| format!("\"{}\"", c.to_str_radix(16)))
            .collect();
        format!("fq(&[{}])", coeffs.join(", "))
    };
    let affine = |p: &Point<F>| (model.affine)(p, &fq);
    let projective = |i: usize| (model.projective)(&case.points[i], &fq);
    let list = |items: Vec<String>| format!("vec![\n    {}\n]", items.join(",\n    "));
    let affines = || list(case.points.iter().map(|p| affine(&p.affine)).collect());
    let projectives = || list((0..case.points.len()).map(projective).collect());
    let words = |s: &BigUint, n: usize| {
        let mut w = s.to_u64_digits();
        w.resize(n, 0);
        let w: Vec<String> = w.iter().map(|w| format!("0x{w:x}")).collect();
        format!("[{}]", w.join(", "))
    };
    let fr = |s: &BigUint| format!("fr(\"{}\")", s.to_str_radix(16));
    let (inputs, call) = match case.op {
        Op::MsmInteger => {
            let ints: Vec<String> = (case.scalars.iter())
                .map(|s| format!("<Fr as PrimeField>::BigInt::new({})", words(s, integer_words)))
                .collect();
            (
                format!("let points = {};\nlet ints = {};\n", affines(), list(ints)),
                "render(Projective::<P>::msm_bigint(&points, &ints).into_affine())".to_string(),
            )
        }
        Op::MsmField => {
            let scalars: Vec<String> = case.scalars.iter().map(fr).collect();
            (
                format!("let points = {};\nlet scalars = {};\n", affines(), list(scalars)),
                "render(Projective::<P>::msm_unchecked(&points, &scalars).into_affine())"
                    .to_string(),
            )
        }
        Op::MulInteger => (
            format!("let p = {};\n", projective(0)),
            format!(
                "render(p.mul_bigint({}).into_affine())",
                words(&case.scalars[0], case.words)
            ),
        ),
        Op::MulField => (
            format!("let p = {};\n", projective(0)),
            format!("render((p * {}).into_affine())", fr(&case.scalars[0])),
        ),
        Op::ClearCofactor => (
            format!("let p = {};\n", affine(&case.points[0].affine)),
            "render(p.clear_cofactor())".to_string(),
        ),
        Op::SubgroupCheck => (
            format!("let p = {};\n", affine(&case.points[0].affine)),
            "p.is_in_correct_subgroup_assuming_on_curve().to_string()".to_string(),
        ),
        Op::NormalizeBatch => (
            format!("let points = {};\n", projectives()),
            "Projective::<P>::normalize_batch(&points).into_iter().map(render).collect::<Vec<_>>().join(\"; \")"
                .to_string(),
        ),
    };
    format!(
        "{}{inputs}// The call under test.\n{call}\n",
        repro_prelude(config)
    )
}

/// The start of a reproducer's `subject()` over ark curve `config` (its path): the curve's
/// types, `fq` and `fr` (elements from hex), `coordinate` and `render` (a point as
/// [`repro_line`] prints it). Shared by the raw-input entry points' reproducers and the
/// serialization ones ([`super::serialization`]).
pub(crate) fn repro_prelude(config: &str) -> String {
    format!(
        "type P = {config};\n\
         type Fq = <P as CurveConfig>::BaseField;\n\
         #[allow(dead_code)]\n\
         type Fr = <P as CurveConfig>::ScalarField;\n\
         /// An element from its base-field coefficients (c0 first), each canonical, in hex.\n\
         #[allow(dead_code)]\n\
         fn fq(coefficients: &[&str]) -> Fq {{\n    \
         let base = coefficients.iter().map(|digits| {{\n        \
         let v = unhex(&format!(\"{{:0>96}}\", digits));\n        \
         <Fq as Field>::BasePrimeField::from_be_bytes_mod_order(&v)\n    \
         }});\n    \
         Fq::from_base_prime_field_elems(base).expect(\"one coefficient per degree\")\n}}\n\
         #[allow(dead_code)]\n\
         fn fr(digits: &str) -> Fr {{\n    \
         let v = unhex(&format!(\"{{:0>96}}\", digits));\n    \
         Fr::from_be_bytes_mod_order(&v)\n}}\n\
         /// A coordinate's base-field coefficients (c0 first), each big-endian in hex.\n\
         #[allow(dead_code)]\n\
         fn coordinate(v: Fq) -> String {{\n    \
         v.to_base_prime_field_elements().map(|c| hex(&c.into_bigint().to_bytes_be())).collect()\n}}\n\
         /// (x, y), or `identity`.\n\
         #[allow(dead_code)]\n\
         fn render(p: Affine<P>) -> String {{\n    \
         match p.xy() {{\n        \
         None => \"identity\".into(),\n        \
         Some((x, y)) => format!(\"({{}}, {{}})\", coordinate(x), coordinate(y)),\n    \
         }}\n}}\n"
    )
}

/// The check of arkworks' raw-input entry points over the short-Weierstrass curve `P`,
/// against the oracle group `C` (the same curve, [`assert_compatible_sw`]), with what the row
/// declares about the curve's configuration ([`ArkCurve`]). Known findings:
/// [`ARK_MSM_BIGINT_TRUNCATES`] (every curve), [`ARK_GLV_MUL_BIGINT_WIDE_PANICS`] and
/// [`ARK_GLV_MUL_OUTSIDE_SUBGROUP`] (GLV curves), pinned exactly.
///
/// # Panics
/// When `C` and `P` are not the same curve.
pub fn curve_ops<C, P>(spec: Spec, curve: ArkCurve) -> CurveOpsCheck<C, ArkCurveOps<C, P>>
where
    C: SwGroup,
    C::F: ArkCoordinate<P::BaseField>,
    P: SWCurveConfig,
    <P::BaseField as ark_ff::Field>::BasePrimeField: PrimeField,
{
    model_curve_ops::<C, Sw<P>>(spec, curve)
}

/// [`curve_ops`] for any model `M` of an ark curve (the twisted Edwards one:
/// [`super::twisted_edwards::te_curve_ops`]).
///
/// # Panics
/// When `C` and the model's curve are not the same curve.
pub fn model_curve_ops<C, M>(spec: Spec, curve: ArkCurve) -> CurveOpsCheck<C, ArkOps<C, M>>
where
    C: SwGroup,
    C::F: OracleCoordinate,
    M: ArkModel<C>,
{
    M::assert_compatible();
    let clear_by = curve.clear_cofactor_by.clone();
    check(spec, ArkOps::new(curve), clear_by)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Outcome, Routine};
    use crate::shapes::known::testing::assert_pinned;
    use ecdiff_oracles::curves::Bn254G1;
    use ecdiff_oracles::field::Fp;
    use num_traits::{One, Zero};

    fn bn254() -> CurveOpsCheck<Bn254G1, ArkCurveOps<Bn254G1, ark_bn254::g1::Config>> {
        curve_ops::<Bn254G1, ark_bn254::g1::Config>(
            Spec::new("ark_g1_curve_ops"),
            ArkCurve::glv::<ark_bn254::g1::Config>(BigUint::one()),
        )
    }

    fn case(op: Op, scalar: BigUint, words: usize) -> CurveOpsCase<Fp> {
        CurveOpsCase {
            op,
            points: vec![bn254().known_point(BigUint::one(), BigUint::zero())],
            scalars: vec![scalar],
            words,
        }
    }

    /// The window width: 255 bits for one BN254 term (c = 3, 85 windows), 256 (the BigInt's
    /// width) where c·⌈254/c⌉ passes it, c = 5 from 32 terms and 6 from 33.
    #[test]
    fn the_msm_width_follows_ark_windows() {
        assert_eq!(msm_bigint_width(1, 254, 4), 255);
        assert_eq!(msm_bigint_width(31, 254, 4), 255);
        assert_eq!(msm_bigint_width(32, 254, 4), 255);
        assert_eq!(msm_bigint_width(33, 254, 4), 256);
        assert_eq!(msm_bigint_width(64, 255, 4), 256);
        // ⌈log2 1024⌉ = 10: c = 10·69/100 + 2 = 8 (not 9), so 8·⌈254/8⌉ = 256 below a
        // five-word cap; c = 10 up to ⌈log2 n⌉ = 13, 11 from 14 (n = 8193).
        assert_eq!(msm_bigint_width(1024, 254, 5), 256);
        assert_eq!(msm_bigint_width(8192, 254, 5), 260);
        assert_eq!(msm_bigint_width(8193, 254, 5), 264);
    }

    /// msm_bigint of G with 2^255 gives the identity, pinned: 2^255·G (the right value) or G
    /// in its place is a new finding. Below the width (2^255 − 1) it agrees.
    #[test]
    fn the_msm_bigint_truncation_is_pinned() {
        let top = BigUint::one() << 255u32;
        let truncated = case(Op::MsmInteger, top.clone(), 0);
        let right = bn254().oracle(&truncated);
        assert_pinned(bn254(), &truncated, move |_, _| right.clone());
        assert_pinned(bn254(), &truncated, |_, _| {
            Outcome::Value(CurveOpsValue::Point(
                ecdiff_oracles::curves::bn254_g1().generator.clone(),
            ))
        });
        let below = case(Op::MsmInteger, top - 1u8, 0);
        assert_eq!(bn254().expected(&below), crate::engine::Expected::AGREE);
    }

    /// G.mul_bigint of five words panics in from_sign_and_limbs, pinned; the same integer in
    /// four words agrees, and a value where the panic is known is a new finding.
    #[test]
    fn the_wide_mul_bigint_panic_is_pinned() {
        let wide = case(Op::MulInteger, BigUint::one(), 5);
        assert_pinned(bn254(), &wide, |case, _| bn254().oracle(case));
        let four = case(Op::MulInteger, BigUint::one(), 4);
        assert_eq!(bn254().expected(&four), crate::engine::Expected::AGREE);
    }
}
