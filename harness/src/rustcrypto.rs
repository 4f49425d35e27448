//! What the RustCrypto curve crates share: the same `elliptic-curve` traits and point API, so
//! the secp256k1 family (k256 0.14 and 0.13.4) and the p256 family (p256 0.14) build their
//! subjects from the same three macros (a recipe builder, the batch-normalize subject and the
//! `lincomb` forms), each invoked with the crate's name. The macros name no
//! crate themselves, so this module compiles without any subject crate.

/// Defines a function that carries out a recipe with one RustCrypto curve crate's arithmetic
/// (k256 0.14 and 0.13.4 in the secp256k1 family, p256 0.14 in the p256 family); every crate gets the same steps,
/// so their routines see the same identities from arithmetic.
macro_rules! recipe_builder {
    ($(#[$doc:meta])* $name:ident, $krate:ident, $scalar:ident, $decode:ident) => {
        $(#[$doc])*
        pub fn $name(p: &PointInput) -> $krate::ProjectivePoint {
            use $krate::ProjectivePoint as P;
            let g = |a: &BigUint| P::GENERATOR * $scalar(a);
            match &p.recipe {
                Recipe::IdentityConst => P::IDENTITY,
                Recipe::GeneratorConst => P::GENERATOR,
                Recipe::Sec1 { .. } => P::from($decode(&p.sec1)),
                Recipe::Scaled { a, k } => g(a) * $scalar(k),
                Recipe::Sum { a, b } => g(a) + g(b),
                Recipe::MixedSum { a } => g(a) + $decode(&p.sec1),
                Recipe::Difference { a } => {
                    let x = g(a);
                    #[allow(clippy::eq_op)] // P − P on purpose: an identity from arithmetic.
                    let d = x - x;
                    d
                }
                Recipe::Neg { a } => -g(a),
                Recipe::Doubled { a } => g(a).double(),
                Recipe::IdentityTimes { k } => P::IDENTITY * $scalar(k),
            }
        }
    };
}

pub(crate) use recipe_builder;

/// Defines `$name`, a [`FormsSubject`] that runs every `elliptic-curve` 0.14 batch
/// normalization of one RustCrypto curve crate (k256 0.14 and p256 0.14):
/// `BatchNormalize` (constant time and vartime) for `[P; N]`, `Array<P, U>` (`N ≤ 8`) and
/// `[P]`, and `CurveGroup::batch_normalize`. `$built` builds the case's points with the crate's
/// arithmetic; `$uncompressed` SEC1-encodes affine points with the crate's own encoder.
macro_rules! batch_normalize_subject {
    ($(#[$doc:meta])* $name:ident, $krate:ident, $built:ident, $uncompressed:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl $name {
            /// `[P; N]`, as `batch_normalize_vartime` when `vartime`; `None` unless `N` fits.
            fn array<const N: usize>(
                ps: &[$krate::ProjectivePoint],
                vartime: bool,
            ) -> Option<Vec<Vec<u8>>> {
                use $krate::elliptic_curve::BatchNormalize;
                type P = $krate::ProjectivePoint;
                let arr: [P; N] = ps.try_into().ok()?;
                let out = if vartime {
                    <P as BatchNormalize<[P; N]>>::batch_normalize_vartime(&arr)
                } else {
                    <P as BatchNormalize<[P; N]>>::batch_normalize(&arr)
                };
                Some($uncompressed(&out))
            }

            /// `Array<P, U>` (hybrid-array), as [`Self::array`].
            fn hybrid<U: $krate::elliptic_curve::array::ArraySize>(
                ps: &[$krate::ProjectivePoint],
                vartime: bool,
            ) -> Option<Vec<Vec<u8>>> {
                use $krate::elliptic_curve::array::Array;
                use $krate::elliptic_curve::BatchNormalize;
                type P = $krate::ProjectivePoint;
                let arr: &Array<P, U> = ps.try_into().ok()?;
                let out = if vartime {
                    <P as BatchNormalize<Array<P, U>>>::batch_normalize_vartime(arr)
                } else {
                    <P as BatchNormalize<Array<P, U>>>::batch_normalize(arr)
                };
                Some($uncompressed(&out))
            }

            /// The array form for `N = ps.len() ≤ 8`.
            fn array_dyn(ps: &[$krate::ProjectivePoint], vt: bool) -> Option<Vec<Vec<u8>>> {
                match ps.len() {
                    0 => Self::array::<0>(ps, vt),
                    1 => Self::array::<1>(ps, vt),
                    2 => Self::array::<2>(ps, vt),
                    3 => Self::array::<3>(ps, vt),
                    4 => Self::array::<4>(ps, vt),
                    5 => Self::array::<5>(ps, vt),
                    6 => Self::array::<6>(ps, vt),
                    7 => Self::array::<7>(ps, vt),
                    8 => Self::array::<8>(ps, vt),
                    _ => None,
                }
            }

            /// The `Array` form for `U = ps.len() ≤ 8`.
            fn hybrid_dyn(ps: &[$krate::ProjectivePoint], vt: bool) -> Option<Vec<Vec<u8>>> {
                use $krate::elliptic_curve::consts::*;
                match ps.len() {
                    0 => Self::hybrid::<U0>(ps, vt),
                    1 => Self::hybrid::<U1>(ps, vt),
                    2 => Self::hybrid::<U2>(ps, vt),
                    3 => Self::hybrid::<U3>(ps, vt),
                    4 => Self::hybrid::<U4>(ps, vt),
                    5 => Self::hybrid::<U5>(ps, vt),
                    6 => Self::hybrid::<U6>(ps, vt),
                    7 => Self::hybrid::<U7>(ps, vt),
                    8 => Self::hybrid::<U8>(ps, vt),
                    _ => None,
                }
            }
        }

        impl FormsSubject<Vec<PointInput>> for $name {
            fn reproducer(
                &self,
                case: &Vec<PointInput>,
                expected: &[ecdiff_oracles::weierstrass::Point<ecdiff_oracles::field::Fp>],
            ) -> Option<$crate::repro::project::ReproCode> {
                Some(
                    $crate::shapes::sec1_points::RecipeApi::elliptic_curve_014(stringify!($krate))
                        .batch_normalize_reproducer(case, expected),
                )
            }

            fn run(&self, case: &Vec<PointInput>) -> FormsResult {
                use $krate::elliptic_curve::{BatchNormalize, CurveGroup};
                type P = $krate::ProjectivePoint;
                let ps = $built(case)?;
                let mut forms = Vec::new();
                if ps.len() <= 8 {
                    for (name, hybrid, vartime) in [
                        ("batch_normalize([_; N])", false, false),
                        ("batch_normalize_vartime([_; N])", false, true),
                        ("batch_normalize(Array<_, U>)", true, false),
                        ("batch_normalize_vartime(Array<_, U>)", true, true),
                    ] {
                        forms.push(form(name, Enc::Uncompressed, || {
                            let encoded = if hybrid {
                                Self::hybrid_dyn(&ps, vartime)
                            } else {
                                Self::array_dyn(&ps, vartime)
                            };
                            encoded.expect("N ≤ 8")
                        })?);
                    }
                }
                forms.push(form("batch_normalize(&[_])", Enc::Uncompressed, || {
                    $uncompressed(&<P as BatchNormalize<[P]>>::batch_normalize(&ps))
                })?);
                forms.push(form("batch_normalize_vartime(&[_])", Enc::Uncompressed, || {
                    $uncompressed(&<P as BatchNormalize<[P]>>::batch_normalize_vartime(&ps))
                })?);
                forms.push(form("CurveGroup::batch_normalize", Enc::Uncompressed, || {
                    let mut out = vec![$krate::AffinePoint::IDENTITY; ps.len()];
                    <P as CurveGroup>::batch_normalize(&ps, &mut out);
                    $uncompressed(&out)
                })?);
                Ok(forms)
            }
        }
    };
}

pub(crate) use batch_normalize_subject;

/// Defines `pub fn $name(case: &LincombCase) -> FormsResult`: every `lincomb` form of one
/// RustCrypto curve crate on a case, each compared on its own — `lincomb` and
/// `lincomb_vartime` in the array form (`N ≤ 8`) and the slice form, and
/// `mul_by_generator_and_mul_add_vartime(u1, u2, R)` when the case is two terms whose first
/// point is `G` (an ECDSA verification's shape). `$built` builds the case's points with the
/// crate's arithmetic, `$scalar` makes a canonical scalar, `$sec1` encodes an affine point.
macro_rules! lincomb_forms {
    ($(#[$doc:meta])* $name:ident, $krate:ident, $built:ident, $scalar:ident, $sec1:ident) => {
        $(#[$doc])*
        pub fn $name(case: &LincombCase) -> FormsResult {
            use $krate::elliptic_curve::ops::{LinearCombination, MulByGeneratorVartime};
            type P = $krate::ProjectivePoint;
            type Term = (P, $krate::Scalar);

            fn array<const N: usize>(terms: &[Term], vartime: bool) -> Option<P> {
                let arr: [Term; N] = terms.try_into().ok()?;
                Some(if vartime {
                    <P as LinearCombination<[Term; N]>>::lincomb_vartime(&arr)
                } else {
                    <P as LinearCombination<[Term; N]>>::lincomb(&arr)
                })
            }

            /// The array form for `N = terms.len() ≤ 8`.
            fn array_dyn(terms: &[Term], vartime: bool) -> Option<P> {
                match terms.len() {
                    0 => array::<0>(terms, vartime),
                    1 => array::<1>(terms, vartime),
                    2 => array::<2>(terms, vartime),
                    3 => array::<3>(terms, vartime),
                    4 => array::<4>(terms, vartime),
                    5 => array::<5>(terms, vartime),
                    6 => array::<6>(terms, vartime),
                    7 => array::<7>(terms, vartime),
                    8 => array::<8>(terms, vartime),
                    _ => None,
                }
            }

            let ps = $built(&case.points)?;
            let terms: Vec<Term> = (ps.iter().zip(&case.scalars))
                .map(|(p, s)| (*p, $scalar(s)))
                .collect();
            let enc = |p: P| vec![$sec1(&p.to_affine(), false)];
            let mut forms = Vec::new();
            if terms.len() <= 8 {
                forms.push(form("lincomb([_; N])", Enc::Uncompressed, || {
                    enc(array_dyn(&terms, false).expect("N ≤ 8"))
                })?);
                forms.push(form("lincomb_vartime([_; N])", Enc::Uncompressed, || {
                    enc(array_dyn(&terms, true).expect("N ≤ 8"))
                })?);
            }
            forms.push(form("lincomb(&[_])", Enc::Uncompressed, || {
                enc(<P as LinearCombination<[Term]>>::lincomb(&terms))
            })?);
            forms.push(form("lincomb_vartime(&[_])", Enc::Uncompressed, || {
                enc(<P as LinearCombination<[Term]>>::lincomb_vartime(&terms))
            })?);
            if terms.len() == 2 && case.points[0].log == BigUint::from(1u8) {
                forms.push(form(
                    "mul_by_generator_and_mul_add_vartime(u1, u2, R)",
                    Enc::Uncompressed,
                    || {
                        enc(P::mul_by_generator_and_mul_add_vartime(
                            &terms[0].1,
                            &terms[1].1,
                            &terms[1].0,
                        ))
                    },
                )?);
            }
            Ok(forms)
        }
    };
}

pub(crate) use lincomb_forms;
