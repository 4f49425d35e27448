//! Twisted Edwards curves for the checks: [`te_curve!`](crate::te_curve) declares one from its
//! specification constants (a, d, a generator of prime order r, the cofactor h), checked when
//! first used ([`ecdiff_oracles::twisted_edwards::TeCurve::new`]: a complete addition law, G on
//! the curve, r·G = O, (h·r)·P = O for points of the whole group).
//!
//! Every check over short-Weierstrass groups runs over such a curve unchanged: the declared
//! type is an [`SwGroup`] whose oracle curve is the Edwards curve's Weierstrass model (an
//! isomorphism, `ecdiff_oracles::twisted_edwards`), so points and known logs live there, and
//! the Edwards form ([`TeGroup::edwards`]) is where a point meets bytes: encodings decode by
//! the Edwards equation and map across ([`crate::zkgroup::EdwardsYSign`]).

use super::{parse_element, parse_integer, SwGroup};
use ecdiff_oracles::field::{Fp, PrimeField};
use ecdiff_oracles::twisted_edwards::{TeCurve, TePoint};

/// A twisted Edwards curve a·x² + y² = 1 + d·x²·y² behind [`SwGroup`]: its Edwards form.
pub trait TeGroup: SwGroup<F = Fp> {
    /// The curve in Edwards form (the same group as [`SwGroup::curve`], by the model's map).
    fn edwards(&self) -> &'static TeCurve;
}

/// The domain parameters of a twisted Edwards curve over 𝔽ₚ as strings (field constants as
/// [`parse_element`] reads them: `d: "-10240/10241"`), what [`te_curve!`](crate::te_curve)
/// builds its curve from.
#[derive(Clone, Copy, Debug)]
pub struct TeCurveConstants {
    /// A short lower-case name, e.g. `"jubjub"`.
    pub name: &'static str,
    /// The field modulus p (an odd prime).
    pub p: &'static str,
    /// The coefficient a (a non-zero square).
    pub a: &'static str,
    /// The coefficient d (a non-square).
    pub d: &'static str,
    /// x of the generator G, of prime order r.
    pub gx: &'static str,
    /// y of the generator G.
    pub gy: &'static str,
    /// The prime order r of G.
    pub r: &'static str,
    /// The cofactor h: the group has h·r points.
    pub h: &'static str,
}

impl TeCurveConstants {
    /// The oracle's prime field 𝔽ₚ (keep it in a `static`: elements refer to it).
    pub fn field(&self) -> PrimeField {
        PrimeField::new(self.name, parse_integer(self.p))
    }

    /// The curve in Edwards form over `field`, checked ([`TeCurve::new`]).
    ///
    /// # Panics
    /// When a check fails or a constant does not parse, naming the curve.
    pub fn edwards(&self, field: &'static PrimeField) -> TeCurve {
        let elem = |what: &str, s: &str| parse_element(field, self.name, what, s);
        TeCurve::new(
            self.name,
            elem("a", self.a),
            elem("d", self.d),
            parse_integer(self.r),
            parse_integer(self.h),
            TePoint {
                x: elem("gx", self.gx),
                y: elem("gy", self.gy),
            },
        )
    }
}

/// Declares a twisted Edwards group over a prime field from its constants: a unit type
/// implementing the oracle's [`Group`](ecdiff_oracles::group::Group), [`SwGroup`] (through
/// the curve's Weierstrass model) and [`TeGroup`], so the checks written for
/// short-Weierstrass groups ([`crate::zkgroup`] …) run over it.
///
/// ```
/// ecdiff::te_curve! {
///     /// edwards25519 (RFC 8032 §5.1), as a downstream crate would declare it.
///     pub struct MyEd25519 {
///         name: "my_ed25519",
///         p: "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed",
///         a: "-1",
///         d: "-121665/121666",
///         gx: "0x216936d3cd6e53fec0a4e231fdd6dc5c692cc7609525a7b2c9562d608f25d51a",
///         gy: "0x6666666666666666666666666666666666666666666666666666666666666658",
///         r: "0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed",
///         h: "8",
///     }
/// }
/// use ecdiff::curve::twisted_edwards::TeGroup;
/// let g = &MyEd25519::edwards_curve().generator;
/// assert_eq!(MyEd25519::edwards_curve().encode_y_sign(g)[0], 0x58);
/// ```
///
/// The constants are checked on first use ([`TeCurveConstants::edwards`]); take them from
/// the curve's specification, not from the library under test.
#[macro_export]
macro_rules! te_curve {
    (
        $(#[$meta:meta])*
        $vis:vis struct $ty:ident {
            name: $name:expr,
            p: $p:expr,
            a: $a:expr,
            d: $d:expr,
            gx: $gx:expr,
            gy: $gy:expr,
            r: $r:expr,
            h: $h:expr $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        $vis struct $ty;

        impl $ty {
            /// The constants the curve was declared with.
            $vis const CONSTANTS: $crate::curve::twisted_edwards::TeCurveConstants =
                $crate::curve::twisted_edwards::TeCurveConstants {
                    name: $name,
                    p: $p,
                    a: $a,
                    d: $d,
                    gx: $gx,
                    gy: $gy,
                    r: $r,
                    h: $h,
                };

            /// The oracle's base field 𝔽ₚ, built once.
            $vis fn oracle_field() -> &'static $crate::oracles::field::PrimeField {
                static FIELD: ::std::sync::OnceLock<$crate::oracles::field::PrimeField> =
                    ::std::sync::OnceLock::new();
                FIELD.get_or_init(|| Self::CONSTANTS.field())
            }

            /// The curve in Edwards form, built once and checked.
            $vis fn edwards_curve() -> &'static $crate::oracles::twisted_edwards::TeCurve {
                static CURVE: ::std::sync::OnceLock<
                    $crate::oracles::twisted_edwards::TeCurve,
                > = ::std::sync::OnceLock::new();
                CURVE.get_or_init(|| Self::CONSTANTS.edwards(Self::oracle_field()))
            }

            /// The curve's Weierstrass model, where the checks keep points and known logs.
            $vis fn oracle_curve(
            ) -> &'static $crate::oracles::weierstrass::Curve<$crate::oracles::field::Fp> {
                static CURVE: ::std::sync::OnceLock<
                    $crate::oracles::weierstrass::Curve<$crate::oracles::field::Fp>,
                > = ::std::sync::OnceLock::new();
                CURVE.get_or_init(|| Self::edwards_curve().weierstrass())
            }
        }

        $crate::sw_curve!(@oracle_group $ty);

        impl $crate::curve::twisted_edwards::TeGroup for $ty {
            fn edwards(&self) -> &'static $crate::oracles::twisted_edwards::TeCurve {
                Self::edwards_curve()
            }
        }
    };
}
