//! Short-Weierstrass curves over 𝔽ₚ² = 𝔽ₚ\[u\]/(u² − β) for the checks (a G2 of a pairing
//! curve): [`sw_curve!`](crate::sw_curve) with a `non_residue` declares one from its
//! specification constants (p, β, a and b and the generator's coordinates as coefficient pairs
//! `["c0", "c1"]`, r, h), checked when first used ([`SwCurveFp2Constants::curve`]): not
//! singular, G on the curve, r·G = O, and (h·r)·P = O on points of the whole curve (the
//! declared cofactor is the curve's: a proper divisor of it is refused unless every witness
//! lies in a proper subgroup, one chance in 2⁸ for h/2).
//!
//! The coordinate field is the oracle's [`QuadraticField`] (`ecdiff_oracles::quadratic`);
//! every check written for groups over 𝔽ₚ that needs only field arithmetic and square roots
//! (`shapes::curve_ops`, `shapes::msm` …) runs over it unchanged.

use super::{parse_element, parse_integer};
use ecdiff_oracles::field::{Field, PrimeField};
use ecdiff_oracles::quadratic::{QuadExt, QuadraticField};
use ecdiff_oracles::weierstrass::{Curve, Point};

/// How many points of the whole curve [`SwCurveFp2Constants::curve`] multiplies by h·r.
const COFACTOR_WITNESSES: u64 = 8;

/// The domain parameters of a short-Weierstrass curve over 𝔽ₚ² as strings: p, the
/// non-residue β (u² = β; an element of 𝔽ₚ as [`parse_element`] reads it, `"-5"`), the
/// coefficients and the generator's coordinates as `[c0, c1]` (c0 + c1·u), r and h.
#[derive(Clone, Copy, Debug)]
pub struct SwCurveFp2Constants {
    /// A short lower-case name, e.g. `"bls12_377_g2"`.
    pub name: &'static str,
    /// The base field modulus p (an odd prime).
    pub p: &'static str,
    /// β: u² = β, a quadratic non-residue of 𝔽ₚ.
    pub non_residue: &'static str,
    /// The coefficient a.
    pub a: [&'static str; 2],
    /// The coefficient b.
    pub b: [&'static str; 2],
    /// x of the generator G.
    pub gx: [&'static str; 2],
    /// y of the generator G.
    pub gy: [&'static str; 2],
    /// The prime order r of G.
    pub r: &'static str,
    /// The cofactor h = #E(𝔽ₚ²)/r.
    pub h: &'static str,
}

impl SwCurveFp2Constants {
    /// The oracle's base field 𝔽ₚ (keep it in a `static`).
    pub fn base_field(&self) -> PrimeField {
        PrimeField::new(self.name, parse_integer(self.p))
    }

    /// 𝔽ₚ² over `base` (keep it in a `static`).
    ///
    /// # Panics
    /// When β does not parse or is a square.
    pub fn field(&self, base: &'static PrimeField) -> QuadraticField {
        QuadraticField::new(
            base,
            parse_element(base, self.name, "non_residue", self.non_residue),
        )
    }

    /// The curve over `field`, checked (module docs).
    ///
    /// # Panics
    /// When a check fails or a constant does not parse, naming the curve.
    pub fn curve(&self, field: &'static QuadraticField) -> Curve<QuadExt> {
        let name = self.name;
        let elem = |what: &str, [c0, c1]: [&str; 2]| {
            field.elem(
                parse_element(field.base, name, what, c0),
                parse_element(field.base, name, what, c1),
            )
        };
        let (a, b) = (elem("a", self.a), elem("b", self.b));
        let discriminant = a
            .square()
            .mul(&a)
            .mul(&a.from_u64_like(4))
            .add(&b.square().mul(&a.from_u64_like(27)));
        assert!(
            !discriminant.is_zero(),
            "{name}: 4a³ + 27b² = 0, the curve is singular"
        );
        let h = parse_integer(self.h);
        assert!(h.bits() > 0, "{name}: the cofactor h must be at least 1");
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
        let group_order = &curve.order * &curve.cofactor;
        let one = curve.b.one_like();
        let mut x = one.clone();
        let mut witnesses = 0;
        while witnesses < COFACTOR_WITNESSES {
            // x = 1 + u·k, walking: points whose y-square lies outside 𝔽ₚ as often as not.
            x = x
                .add(&one.from_u64_like(1))
                .add(&field.elem(field.base.zero(), field.base.one()));
            if let Some(p) = curve.lift_x(&x) {
                assert!(
                    curve.mul(&p, &group_order).is_identity(),
                    "{name}: (h·r)·P is not the identity for P with x = {x:?}: h·r is not the \
                     group's order (a wrong cofactor)"
                );
                witnesses += 1;
            }
        }
        curve
    }
}

/// A uniformly random element of `field`.
pub fn random_quadratic(field: &'static QuadraticField, g: &mut crate::Gen) -> QuadExt {
    let p = field.base.modulus();
    let mut coefficient =
        || (field.base.from_canonical(&g.biguint_below(p))).expect("a draw below p");
    let c0 = coefficient();
    let c1 = coefficient();
    field.elem(c0, c1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ecdiff_oracles::weierstrass::Point;

    /// BN254's G2 (EIP-197) as a declaration would give it.
    const BN254_G2: SwCurveFp2Constants = SwCurveFp2Constants {
        name: "bn254_g2_declared",
        p: "0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47",
        non_residue: "-1",
        a: ["0", "0"],
        b: [
            "0x2b149d40ceb8aaae81be18991be06ac3b5b4c5e559dbefa33267e6dc24a138e5",
            "0x009713b03af0fed4cd2cafadeed8fdf4a74fa084e52d1852e4a2bd0685c315d2",
        ],
        gx: [
            "0x1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed",
            "0x198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2",
        ],
        gy: [
            "0x12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
            "0x090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b",
        ],
        r: "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001",
        h: "0x30644e72e131a029b85045b68181585e06ceecda572a2489345f2299c0f9fa8d",
    };

    fn build(c: SwCurveFp2Constants) -> Curve<QuadExt> {
        let base: &'static PrimeField = Box::leak(Box::new(c.base_field()));
        let field: &'static QuadraticField = Box::leak(Box::new(c.field(base)));
        c.curve(field)
    }

    /// The declared curve is the built-in one (`tower::Fp2` with u² = −1): the same generator
    /// and the same multiples of it.
    #[test]
    fn bn254_g2_declared_matches_the_builtin() {
        let declared = build(BN254_G2);
        let builtin = ecdiff_oracles::curves::bn254_g2();
        let coeffs = |p: &Point<QuadExt>| match p {
            Point::Affine { x, y } => (x.coeffs(), y.coeffs()),
            Point::Identity => (vec![], vec![]),
        };
        let k = num_bigint::BigUint::from(0x1234_5678_9abc_def0u64);
        let mine = declared.mul(&declared.generator, &k);
        let theirs = builtin.mul(&builtin.generator, &k);
        let Point::Affine { x, y } = theirs else {
            panic!("k·G is not the identity")
        };
        assert_eq!(coeffs(&mine), (x.coeffs(), y.coeffs()));
    }

    /// A cofactor that is not the curve's is refused: with h = 1, (h·r)·P ≠ O for the points
    /// of the whole curve the check lifts.
    #[test]
    #[should_panic(expected = "a wrong cofactor")]
    fn a_wrong_cofactor_is_refused() {
        build(SwCurveFp2Constants { h: "1", ..BN254_G2 });
    }

    /// A generator off the curve is refused.
    #[test]
    #[should_panic]
    fn a_generator_off_the_curve_is_refused() {
        build(SwCurveFp2Constants {
            gy: ["0x1", "0x2"],
            ..BN254_G2
        });
    }
}
