//! The curves a check is generic over, as subjects see them: Jacobian coordinates exactly as
//! handed to a subject, the [`SwGroup`] trait that ties a short-Weierstrass group to its oracle
//! curve, the built-in groups, and [`sw_curve!`](crate::sw_curve), which declares a downstream
//! curve from its specification constants (checked when first used: G on the curve, r·G = O,
//! a non-singular curve). The generators draw points of these groups; adapters convert them.
//! [`declared`] holds the curves declared that way for more than one family.

pub mod declared;
pub mod quadratic;
pub mod twisted_edwards;

use crate::Gen;
use ecdiff_oracles::bls12_381::{Bls12381G1, Bls12381G2};
use ecdiff_oracles::curves::{Bn254G1, Bn254G2, Secp256k1, P256};
use ecdiff_oracles::field::{Field, Fp, PrimeField};
use ecdiff_oracles::group::Group;
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::{Curve, Point};
use num_bigint::BigUint;
use num_traits::Zero;

/// Jacobian coordinates (x, y) = (X/Z², Y/Z³), exactly as handed to a subject. Z = 0 is the
/// identity, whatever X and Y are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jacobian<F> {
    /// X.
    pub x: F,
    /// Y.
    pub y: F,
    /// Z.
    pub z: F,
}

/// A short-Weierstrass group the generators know: its oracle curve and a uniform coordinate.
pub trait SwGroup: Group<Elem = Point<Self::F>> + Sized + Send + Sync + 'static {
    /// The coordinate field (𝔽ₚ for G1 and secp256k1, 𝔽ₚ² for BN254 G2).
    type F: Field;

    /// The one instance of this group.
    fn instance() -> &'static Self;

    /// The oracle curve.
    fn curve(&self) -> &'static Curve<Self::F>;

    /// A uniformly random coordinate.
    fn random_coordinate(&self, g: &mut Gen) -> Self::F;
}

/// A uniformly random element of `field`: what [`SwGroup::random_coordinate`] returns for a
/// group over a prime field (the built-in groups and every [`sw_curve!`](crate::sw_curve)).
pub fn random_fp(field: &'static ecdiff_oracles::field::PrimeField, g: &mut Gen) -> Fp {
    (field.from_canonical(&g.biguint_below(field.modulus()))).expect("a draw below p")
}

macro_rules! sw_group {
    ($ty:ident, $f:ty, $curve:path, |$g:ident| $random:expr) => {
        impl SwGroup for $ty {
            type F = $f;

            fn instance() -> &'static Self {
                &$ty
            }

            fn curve(&self) -> &'static Curve<$f> {
                $curve()
            }

            fn random_coordinate(&self, $g: &mut Gen) -> $f {
                $random
            }
        }
    };
}

sw_group!(
    Bn254G1,
    Fp,
    ecdiff_oracles::curves::bn254_g1,
    |g| random_fp(ecdiff_oracles::curves::bn254_fq(), g)
);
sw_group!(Bn254G2, Fp2, ecdiff_oracles::curves::bn254_g2, |g| {
    let fq = ecdiff_oracles::curves::bn254_fq();
    Fp2::new(random_fp(fq, g), random_fp(fq, g))
});
sw_group!(Secp256k1, Fp, ecdiff_oracles::curves::secp256k1, |g| {
    random_fp(ecdiff_oracles::curves::secp256k1_fp(), g)
});
sw_group!(P256, Fp, ecdiff_oracles::curves::p256, |g| {
    random_fp(ecdiff_oracles::curves::p256_fp(), g)
});
sw_group!(
    Bls12381G1,
    Fp,
    ecdiff_oracles::bls12_381::bls12_381_g1,
    |g| random_fp(ecdiff_oracles::bls12_381::bls12_381_fp(), g)
);
// BLS12-381 G2 shares the Rust type `Fp2` with BN254 G2: its coordinates come from the
// BLS12-381 base field explicitly (never `Fp2::zero()`/`one()`, which are BN254's).
sw_group!(
    Bls12381G2,
    Fp2,
    ecdiff_oracles::bls12_381::bls12_381_g2,
    |g| {
        let fp = ecdiff_oracles::bls12_381::bls12_381_fp();
        Fp2::new(random_fp(fp, g), random_fp(fp, g))
    }
);

/// An integer constant as [`sw_curve!`](crate::sw_curve) takes it: hexadecimal with a `0x`
/// prefix, or decimal; `_`, spaces and line breaks between digits are ignored.
///
/// # Panics
/// On anything else, naming the offending string.
pub fn parse_integer(s: &str) -> BigUint {
    let digits: String = s
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect();
    let (digits, radix) = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) => (hex.to_string(), 16),
        None => (digits, 10),
    };
    BigUint::parse_bytes(digits.as_bytes(), radix)
        .unwrap_or_else(|| panic!("{s:?} is not a decimal or 0x-prefixed hexadecimal integer"))
}

/// A field constant of a curve declaration: an integer ([`parse_integer`]) below p, optionally
/// negative (`"-3"` is p − 3) or a fraction (`"-10240/10241"`, the numerator over the
/// denominator's inverse, as specifications write Edwards d).
///
/// # Panics
/// On a constant that does not parse, a numerator or denominator not below p, or a zero
/// denominator, naming the curve (`name`) and the constant (`what`).
pub fn parse_element(field: &'static PrimeField, name: &str, what: &str, s: &str) -> Fp {
    let (negative, rest) = match s.trim().strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let canonical = |digits: &str| {
        field
            .from_canonical(&parse_integer(digits))
            .unwrap_or_else(|| panic!("{name}: {what} = {s} is not below the modulus p"))
    };
    let v = match rest.split_once('/') {
        Some((num, den)) => canonical(num).mul(
            &canonical(den)
                .inv()
                .unwrap_or_else(|| panic!("{name}: {what} = {s} divides by zero")),
        ),
        None => canonical(rest),
    };
    if negative {
        v.neg()
    } else {
        v
    }
}

/// The domain parameters of a short-Weierstrass curve y² = x³ + a·x + b over a prime field
/// 𝔽ₚ, as strings ([`parse_integer`]; a coefficient may also be negative, `"-3"` meaning
/// p − 3): what [`sw_curve!`](crate::sw_curve) turns into a group for the generators and
/// oracles.
#[derive(Clone, Copy, Debug)]
pub struct SwCurveConstants {
    /// A short lower-case name, e.g. `"bls12_377_g1"` (the oracle group's name).
    pub name: &'static str,
    /// The field modulus p (an odd prime).
    pub p: &'static str,
    /// The coefficient a.
    pub a: &'static str,
    /// The coefficient b.
    pub b: &'static str,
    /// x of the generator G (the hub of the known-log bookkeeping).
    pub gx: &'static str,
    /// y of the generator G.
    pub gy: &'static str,
    /// The prime order r of G.
    pub r: &'static str,
    /// The cofactor h = #E(𝔽ₚ)/r.
    pub h: &'static str,
}

impl SwCurveConstants {
    /// The oracle's prime field 𝔽ₚ (keep it in a `static`: elements refer to it).
    pub fn field(&self) -> ecdiff_oracles::field::PrimeField {
        ecdiff_oracles::field::PrimeField::new(self.name, parse_integer(self.p))
    }

    /// The oracle curve over `field` (built by [`SwCurveConstants::field`]), checked: G is an
    /// affine point on the curve, r·G is the identity (the known-log bookkeeping needs G of
    /// order r), h ≥ 1 and the curve is not singular (4a³ + 27b² ≠ 0). Coordinates must be
    /// canonical (below p).
    ///
    /// # Panics
    /// When a check fails or a constant does not parse, naming the curve.
    pub fn curve(&self, field: &'static ecdiff_oracles::field::PrimeField) -> Curve<Fp> {
        let name = self.name;
        let elem = |what: &str, s: &str| parse_element(field, name, what, s);
        let (a, b) = (elem("a", self.a), elem("b", self.b));
        let discriminant = a
            .square()
            .mul(&a)
            .mul(&field.elem(4u8))
            .add(&b.square().mul(&field.elem(27u8)));
        assert!(
            !discriminant.is_zero(),
            "{name}: 4a³ + 27b² = 0, the curve is singular"
        );
        let h = parse_integer(self.h);
        assert!(!h.is_zero(), "{name}: the cofactor h must be at least 1");
        let curve = Curve::new(
            name,
            a,
            b,
            parse_integer(self.r),
            h,
            Point::Affine {
                x: elem("gx", self.gx),
                y: elem("gy", self.gy),
            },
        );
        assert!(
            curve.mul(&curve.generator, &curve.order).is_identity(),
            "{name}: r·G is not the identity: G does not have order r"
        );
        curve
    }
}

/// Declares a short-Weierstrass group over a prime field from its constants, for a
/// downstream crate's own curve: a unit type implementing the oracle's
/// [`Group`](ecdiff_oracles::group::Group) and [`SwGroup`], so every shape over
/// short-Weierstrass groups ([`shapes::msm`](crate::shapes::msm),
/// [`arkworks`](crate::arkworks) …) checks routines over it, without changing ecdiff.
///
/// ```
/// ecdiff::sw_curve! {
///     /// secp256k1 again, from SEC 2 v2 §2.4.1 (a made-up downstream copy).
///     pub struct MySecp256k1 {
///         name: "my_secp256k1",
///         p: "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffe_fffffc2f",
///         a: "0",
///         b: "7",
///         gx: "0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
///         gy: "0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8",
///         r: "0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
///         h: "1",
///     }
/// }
/// use ecdiff::oracles::group::Group;
/// assert_eq!(MySecp256k1.name(), "my_secp256k1");
/// assert_eq!(MySecp256k1::oracle_curve().generator, ecdiff::oracles::curves::secp256k1().generator);
/// ```
///
/// Constants are strings: `0x`-prefixed hexadecimal or decimal ([`parse_integer`]), and a
/// coefficient may be negative (`a: "-3"`). The field and the curve are built once, on first
/// use (`OnceLock`), and checked then ([`SwCurveConstants::curve`]: G on the curve, r·G = O,
/// not singular). Take them from the curve's specification, not from the library under test,
/// so that a wrong constant in the library is a finding rather than shared by both sides.
///
/// Over 𝔽ₚ² = 𝔽ₚ\[u\]/(u² − β) (a G2), name the non-residue and give each coefficient and
/// coordinate as `[c0, c1]` (c0 + c1·u); checked when first used
/// ([`quadratic::SwCurveFp2Constants::curve`]: also (h·r)·P = O on points of the whole curve):
///
/// ```
/// ecdiff::sw_curve! {
///     /// BN254's G2 (EIP-197): y² = x³ + 3/(9 + u) over 𝔽ₚ[u]/(u² + 1).
///     pub struct MyBn254G2 {
///         name: "my_bn254_g2",
///         p: "0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47",
///         non_residue: "-1",
///         a: ["0", "0"],
///         b: ["0x2b149d40ceb8aaae81be18991be06ac3b5b4c5e559dbefa33267e6dc24a138e5",
///             "0x009713b03af0fed4cd2cafadeed8fdf4a74fa084e52d1852e4a2bd0685c315d2"],
///         gx: ["0x1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed",
///              "0x198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2"],
///         gy: ["0x12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
///              "0x090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b"],
///         r: "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001",
///         h: "0x30644e72e131a029b85045b68181585e06ceecda572a2489345f2299c0f9fa8d",
///     }
/// }
/// use ecdiff::curve::SwGroup;
/// use ecdiff::oracles::field::Field;
/// use ecdiff::oracles::weierstrass::Point;
/// let mine = &MyBn254G2.curve().generator;
/// let builtin = &ecdiff::oracles::curves::bn254_g2().generator;
/// let (Point::Affine { x: a, y: b }, Point::Affine { x: c, y: d }) = (mine, builtin) else {
///     panic!("affine generators")
/// };
/// assert_eq!((a.coeffs(), b.coeffs()), (c.coeffs(), d.coeffs()));
/// ```
#[macro_export]
macro_rules! sw_curve {
    // The oracle's `Group` and `SwGroup` of a type whose `oracle_curve()` and `oracle_field()`
    // build its Weierstrass curve and field once (this macro's and `te_curve!`'s declarations).
    (@oracle_group $ty:ident) => {
        $crate::sw_curve!(@oracle_group $ty, $crate::oracles::field::Fp, |g| {
            $crate::curve::random_fp(Self::oracle_field(), g)
        });
    };
    // The same over any coordinate field `$f`, `$random` drawing a uniform coordinate.
    (@oracle_group $ty:ident, $f:ty, |$g:ident| $random:expr) => {
        impl $crate::oracles::group::Group for $ty {
            type Elem = $crate::oracles::weierstrass::Point<$f>;

            fn name(&self) -> &'static str {
                Self::CONSTANTS.name
            }

            fn order(&self) -> &$crate::num_bigint::BigUint {
                &Self::oracle_curve().order
            }

            fn identity(&self) -> Self::Elem {
                $crate::oracles::weierstrass::Point::Identity
            }

            fn hub(&self) -> Self::Elem {
                Self::oracle_curve().generator.clone()
            }

            fn add(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
                Self::oracle_curve().add(a, b)
            }

            fn neg(&self, a: &Self::Elem) -> Self::Elem {
                Self::oracle_curve().neg(a)
            }

            fn mul(&self, a: &Self::Elem, k: &$crate::num_bigint::BigUint) -> Self::Elem {
                Self::oracle_curve().mul(a, k)
            }

            fn mul_hub(&self, k: &$crate::num_bigint::BigUint) -> Self::Elem {
                Self::oracle_curve().mul_generator(k)
            }

            fn mul_hub_many(&self, ks: &[$crate::num_bigint::BigUint]) -> Vec<Self::Elem> {
                Self::oracle_curve().mul_generator_many(ks)
            }
        }

        impl $crate::curve::SwGroup for $ty {
            type F = $f;

            fn instance() -> &'static Self {
                &$ty
            }

            fn curve(&self) -> &'static $crate::oracles::weierstrass::Curve<Self::F> {
                Self::oracle_curve()
            }

            fn random_coordinate(&self, $g: &mut $crate::Gen) -> Self::F {
                $random
            }
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis struct $ty:ident {
            name: $name:expr,
            p: $p:expr,
            non_residue: $beta:expr,
            a: [$a0:expr, $a1:expr $(,)?],
            b: [$b0:expr, $b1:expr $(,)?],
            gx: [$gx0:expr, $gx1:expr $(,)?],
            gy: [$gy0:expr, $gy1:expr $(,)?],
            r: $r:expr,
            h: $h:expr $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        $vis struct $ty;

        impl $ty {
            /// The constants the curve was declared with.
            $vis const CONSTANTS: $crate::curve::quadratic::SwCurveFp2Constants =
                $crate::curve::quadratic::SwCurveFp2Constants {
                    name: $name,
                    p: $p,
                    non_residue: $beta,
                    a: [$a0, $a1],
                    b: [$b0, $b1],
                    gx: [$gx0, $gx1],
                    gy: [$gy0, $gy1],
                    r: $r,
                    h: $h,
                };

            /// The oracle's base field 𝔽ₚ, built once.
            $vis fn oracle_base_field() -> &'static $crate::oracles::field::PrimeField {
                static FIELD: ::std::sync::OnceLock<$crate::oracles::field::PrimeField> =
                    ::std::sync::OnceLock::new();
                FIELD.get_or_init(|| Self::CONSTANTS.base_field())
            }

            /// The oracle's 𝔽ₚ², built once.
            $vis fn oracle_field() -> &'static $crate::oracles::quadratic::QuadraticField {
                static FIELD: ::std::sync::OnceLock<$crate::oracles::quadratic::QuadraticField> =
                    ::std::sync::OnceLock::new();
                FIELD.get_or_init(|| Self::CONSTANTS.field(Self::oracle_base_field()))
            }

            /// The oracle curve, built once and checked.
            $vis fn oracle_curve() -> &'static $crate::oracles::weierstrass::Curve<
                $crate::oracles::quadratic::QuadExt,
            > {
                static CURVE: ::std::sync::OnceLock<
                    $crate::oracles::weierstrass::Curve<$crate::oracles::quadratic::QuadExt>,
                > = ::std::sync::OnceLock::new();
                CURVE.get_or_init(|| Self::CONSTANTS.curve(Self::oracle_field()))
            }
        }

        $crate::sw_curve!(@oracle_group $ty, $crate::oracles::quadratic::QuadExt, |g| {
            $crate::curve::quadratic::random_quadratic(Self::oracle_field(), g)
        });
    };
    (
        $(#[$meta:meta])*
        $vis:vis struct $ty:ident {
            name: $name:expr,
            p: $p:expr,
            a: $a:expr,
            b: $b:expr,
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
            $vis const CONSTANTS: $crate::curve::SwCurveConstants =
                $crate::curve::SwCurveConstants {
                    name: $name,
                    p: $p,
                    a: $a,
                    b: $b,
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

            /// The oracle curve, built once and checked.
            $vis fn oracle_curve(
            ) -> &'static $crate::oracles::weierstrass::Curve<$crate::oracles::field::Fp> {
                static CURVE: ::std::sync::OnceLock<
                    $crate::oracles::weierstrass::Curve<$crate::oracles::field::Fp>,
                > = ::std::sync::OnceLock::new();
                CURVE.get_or_init(|| Self::CONSTANTS.curve(Self::oracle_field()))
            }
        }

        $crate::sw_curve!(@oracle_group $ty);
    };
}
