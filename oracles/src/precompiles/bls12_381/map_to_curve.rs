//! EIP-2537's maps of a field element to a curve point, `MAP_FP_TO_G1` and
//! `MAP_FP2_TO_G2`, as the EIP's `field_to_curve.md` states them
//! (<https://eips.ethereum.org/assets/eip-2537/field_to_curve>; RFC 9380 §6.6.2, §6.6.3,
//! §8.8, <https://www.rfc-editor.org/rfc/rfc9380>):
//!
//! 1. the simplified SWU map of u to E′: y′² = x′³ + A′x′ + B′, a curve isogenous to
//!    BLS12-381's E (whose A is 0, which the map cannot take): tv1 = inv0(Z²u⁴ + Zu²),
//!    x1 = (−B′/A′)(1 + tv1), or B′/(Z·A′) when tv1 = 0; x2 = Z·u²·x1; x is x1 if
//!    g(x1) = x1³ + A′x1 + B′ is a square, else x2; y = √g(x), negated unless
//!    sgn0(y) = sgn0(u);
//! 2. the isogeny E′ → E, x = x_num(x′)/x_den(x′) and y = y′·y_num(x′)/y_den(x′) (degree
//!    11 for G1, 3 for G2), the point at infinity where a denominator vanishes;
//! 3. the cofactor cleared by multiplying with h_eff.
//!
//! sgn0 (RFC 9380 §4.1) is the parity of an 𝔽ₚ element; for c0 + c1·I it is the parity of c0,
//! or that of c1 when c0 = 0. Z, A′, B′, h_eff and the isogenies' coefficients are the EIP's
//! (written out below as it prints them); the square roots and the curve arithmetic are this
//! crate's own. Checked on geth's `blsMapG1.json` / `blsMapG2.json` (`tests/known_answers.rs`)
//! and in the tests below: every output on E and in the subgroup, and the isogeny's image of
//! E′ on E.

use crate::bls12_381::{bls12_381_fp, bls12_381_g1, bls12_381_g2};
use crate::field::{Field, Fp, SqrtField};
use crate::tower::Fp2;
use crate::weierstrass::{Curve, Point};
use num_bigint::BigUint;
use num_traits::Num;
use std::sync::OnceLock;

/// A field the map works in: its sgn0.
pub trait MapField: SqrtField {
    /// RFC 9380 §4.1's sgn0.
    fn sgn0(&self) -> bool;
}

impl MapField for Fp {
    fn sgn0(&self) -> bool {
        self.value().bit(0)
    }
}

impl MapField for Fp2 {
    fn sgn0(&self) -> bool {
        let sign_0 = self.c0.value().bit(0);
        let zero_0 = self.c0.is_zero();
        let sign_1 = self.c1.value().bit(0);
        sign_0 || (zero_0 && sign_1)
    }
}

/// The map's constants for one group.
pub struct MapParams<F> {
    /// The SWU constant Z.
    pub z: F,
    /// E′'s A′.
    pub a: F,
    /// E′'s B′.
    pub b: F,
    /// The isogeny's x numerator coefficients, k_(1,0) first.
    pub x_num: Vec<F>,
    /// Its x denominator's, k_(2,0) first, the leading 1 included.
    pub x_den: Vec<F>,
    /// Its y numerator's, k_(3,0) first.
    pub y_num: Vec<F>,
    /// Its y denominator's, k_(4,0) first, the leading 1 included.
    pub y_den: Vec<F>,
    /// The cofactor multiplier h_eff.
    pub h_eff: BigUint,
}

/// An 𝔽ₚ element from the EIP's hexadecimal.
fn fp(hex: &str) -> Fp {
    bls12_381_fp().elem(BigUint::from_str_radix(hex, 16).expect("hex"))
}

/// An 𝔽ₚ² element c0 + c1·I from the EIP's hexadecimal.
fn fp2(c0: &str, c1: &str) -> Fp2 {
    Fp2::new(fp(c0), fp(c1))
}

/// `MAP_FP_TO_G1`'s constants (EIP-2537 `field_to_curve.md`, "Fp-to-G1 mapping").
pub fn g1_params() -> &'static MapParams<Fp> {
    static PARAMS: OnceLock<MapParams<Fp>> = OnceLock::new();
    PARAMS.get_or_init(|| {
        let list = |hexes: &[&str]| hexes.iter().map(|h| fp(h)).collect::<Vec<_>>();
        let with_one = |hexes: &[&str]| {
            let mut v = list(hexes);
            v.push(fp("1"));
            v
        };
        MapParams {
            z: fp("b"),
            a: fp("144698a3b8e9433d693a02c96d4982b0ea985383ee66a8d8e8981aefd881ac98936f8da0e0f97f5cf428082d584c1d"),
            b: fp("12e2908d11688030018b12e8753eee3b2016c1f0f24f4070a0b9c14fcef35ef55a23215a316ceaa5d1cc48e98e172be0"),
            x_num: list(&[
                "11a05f2b1e833340b809101dd99815856b303e88a2d7005ff2627b56cdb4e2c85610c2d5f2e62d6eaeac1662734649b7",
                "17294ed3e943ab2f0588bab22147a81c7c17e75b2f6a8417f565e33c70d1e86b4838f2a6f318c356e834eef1b3cb83bb",
                "d54005db97678ec1d1048c5d10a9a1bce032473295983e56878e501ec68e25c958c3e3d2a09729fe0179f9dac9edcb0",
                "1778e7166fcc6db74e0609d307e55412d7f5e4656a8dbf25f1b33289f1b330835336e25ce3107193c5b388641d9b6861",
                "e99726a3199f4436642b4b3e4118e5499db995a1257fb3f086eeb65982fac18985a286f301e77c451154ce9ac8895d9",
                "1630c3250d7313ff01d1201bf7a74ab5db3cb17dd952799b9ed3ab9097e68f90a0870d2dcae73d19cd13c1c66f652983",
                "d6ed6553fe44d296a3726c38ae652bfb11586264f0f8ce19008e218f9c86b2a8da25128c1052ecaddd7f225a139ed84",
                "17b81e7701abdbe2e8743884d1117e53356de5ab275b4db1a682c62ef0f2753339b7c8f8c8f475af9ccb5618e3f0c88e",
                "80d3cf1f9a78fc47b90b33563be990dc43b756ce79f5574a2c596c928c5d1de4fa295f296b74e956d71986a8497e317",
                "169b1f8e1bcfa7c42e0c37515d138f22dd2ecb803a0c5c99676314baf4bb1b7fa3190b2edc0327797f241067be390c9e",
                "10321da079ce07e272d8ec09d2565b0dfa7dccdde6787f96d50af36003b14866f69b771f8c285decca67df3f1605fb7b",
                "6e08c248e260e70bd1e962381edee3d31d79d7e22c837bc23c0bf1bc24c6b68c24b1b80b64d391fa9c8ba2e8ba2d229",
            ]),
            x_den: with_one(&[
                "8ca8d548cff19ae18b2e62f4bd3fa6f01d5ef4ba35b48ba9c9588617fc8ac62b558d681be343df8993cf9fa40d21b1c",
                "12561a5deb559c4348b4711298e536367041e8ca0cf0800c0126c2588c48bf5713daa8846cb026e9e5c8276ec82b3bff",
                "b2962fe57a3225e8137e629bff2991f6f89416f5a718cd1fca64e00b11aceacd6a3d0967c94fedcfcc239ba5cb83e19",
                "3425581a58ae2fec83aafef7c40eb545b08243f16b1655154cca8abc28d6fd04976d5243eecf5c4130de8938dc62cd8",
                "13a8e162022914a80a6f1d5f43e7a07dffdfc759a12062bb8d6b44e833b306da9bd29ba81f35781d539d395b3532a21e",
                "e7355f8e4e667b955390f7f0506c6e9395735e9ce9cad4d0a43bcef24b8982f7400d24bc4228f11c02df9a29f6304a5",
                "772caacf16936190f3e0c63e0596721570f5799af53a1894e2e073062aede9cea73b3538f0de06cec2574496ee84a3a",
                "14a7ac2a9d64a8b230b3f5b074cf01996e7f63c21bca68a81996e1cdf9822c580fa5b9489d11e2d311f7d99bbdcc5a5e",
                "a10ecf6ada54f825e920b3dafc7a3cce07f8d1d7161366b74100da67f39883503826692abba43704776ec3a79a1d641",
                "95fc13ab9e92ad4476d6e3eb3a56680f682b4ee96f7d03776df533978f31c1593174e4b4b7865002d6384d168ecdd0a",
            ]),
            y_num: list(&[
                "90d97c81ba24ee0259d1f094980dcfa11ad138e48a869522b52af6c956543d3cd0c7aee9b3ba3c2be9845719707bb33",
                "134996a104ee5811d51036d776fb46831223e96c254f383d0f906343eb67ad34d6c56711962fa8bfe097e75a2e41c696",
                "cc786baa966e66f4a384c86a3b49942552e2d658a31ce2c344be4b91400da7d26d521628b00523b8dfe240c72de1f6",
                "1f86376e8981c217898751ad8746757d42aa7b90eeb791c09e4a3ec03251cf9de405aba9ec61deca6355c77b0e5f4cb",
                "8cc03fdefe0ff135caf4fe2a21529c4195536fbe3ce50b879833fd221351adc2ee7f8dc099040a841b6daecf2e8fedb",
                "16603fca40634b6a2211e11db8f0a6a074a7d0d4afadb7bd76505c3d3ad5544e203f6326c95a807299b23ab13633a5f0",
                "4ab0b9bcfac1bbcb2c977d027796b3ce75bb8ca2be184cb5231413c4d634f3747a87ac2460f415ec961f8855fe9d6f2",
                "987c8d5333ab86fde9926bd2ca6c674170a05bfe3bdd81ffd038da6c26c842642f64550fedfe935a15e4ca31870fb29",
                "9fc4018bd96684be88c9e221e4da1bb8f3abd16679dc26c1e8b6e6a1f20cabe69d65201c78607a360370e577bdba587",
                "e1bba7a1186bdb5223abde7ada14a23c42a0ca7915af6fe06985e7ed1e4d43b9b3f7055dd4eba6f2bafaaebca731c30",
                "19713e47937cd1be0dfd0b8f1d43fb93cd2fcbcb6caf493fd1183e416389e61031bf3a5cce3fbafce813711ad011c132",
                "18b46a908f36f6deb918c143fed2edcc523559b8aaf0c2462e6bfe7f911f643249d9cdf41b44d606ce07c8a4d0074d8e",
                "b182cac101b9399d155096004f53f447aa7b12a3426b08ec02710e807b4633f06c851c1919211f20d4c04f00b971ef8",
                "245a394ad1eca9b72fc00ae7be315dc757b3b080d4c158013e6632d3c40659cc6cf90ad1c232a6442d9d3f5db980133",
                "5c129645e44cf1102a159f748c4a3fc5e673d81d7e86568d9ab0f5d396a7ce46ba1049b6579afb7866b1e715475224b",
                "15e6be4e990f03ce4ea50b3b42df2eb5cb181d8f84965a3957add4fa95af01b2b665027efec01c7704b456be69c8b604",
            ]),
            y_den: with_one(&[
                "16112c4c3a9c98b252181140fad0eae9601a6de578980be6eec3232b5be72e7a07f3688ef60c206d01479253b03663c1",
                "1962d75c2381201e1a0cbd6c43c348b885c84ff731c4d59ca4a10356f453e01f78a4260763529e3532f6102c2e49a03d",
                "58df3306640da276faaae7d6e8eb15778c4855551ae7f310c35a5dd279cd2eca6757cd636f96f891e2538b53dbf67f2",
                "16b7d288798e5395f20d23bf89edb4d1d115c5dbddbcd30e123da489e726af41727364f2c28297ada8d26d98445f5416",
                "be0e079545f43e4b00cc912f8228ddcc6d19c9f0f69bbb0542eda0fc9dec916a20b15dc0fd2ededda39142311a5001d",
                "8d9e5297186db2d9fb266eaac783182b70152c65550d881c5ecd87b6f0f5a6449f38db9dfa9cce202c6477faaf9b7ac",
                "166007c08a99db2fc3ba8734ace9824b5eecfdfa8d0cf8ef5dd365bc400a0051d5fa9c01a58b1fb93d1a1399126a775c",
                "16a3ef08be3ea7ea03bcddfabba6ff6ee5a4375efa1f4fd7feb34fd206357132b920f5b00801dee460ee415a15812ed9",
                "1866c8ed336c61231a1be54fd1d74cc4f9fb0ce4c6af5920abc5750c4bf39b4852cfe2f7bb9248836b233d9d55535d4a",
                "167a55cda70a6e1cea820597d94a84903216f763e13d87bb5308592e7ea7d4fbc7385ea3d529b35e346ef48bb8913f55",
                "4d2f259eea405bd48f010a01ad2911d9c6dd039bb61a6290e591b36e636a5c871a5c29f4f83060400f8b49cba8f6aa8",
                "accbb67481d033ff5852c1e48c50c477f94ff8aefce42d28c0f9a88cea7913516f968986f7ebbea9684b529e2561092",
                "ad6b9514c767fe3c3613144b45f1496543346d98adf02267d5ceef9a00d9b8693000763e3b90ac11e99b138573345cc",
                "2660400eb2e4f3b628bdd0d53cd76f2bf565b94e72927c1cb748df27942480e420517bd8714cc80d1fadc1326ed06f7",
                "e0fa1d816ddc03e6b24255e0d7819c171c40f65e273b853324efcd6356caa205ca2f570f13497804415473a1d634b8f",
            ]),
            h_eff: BigUint::from(0xd201_0000_0001_0001u64),
        }
    })
}

/// `MAP_FP2_TO_G2`'s constants (EIP-2537 `field_to_curve.md`, "Fp2-to-G2 mapping").
pub fn g2_params() -> &'static MapParams<Fp2> {
    static PARAMS: OnceLock<MapParams<Fp2>> = OnceLock::new();
    PARAMS.get_or_init(|| {
        // p − k, as the EIP prints the coefficients just below p.
        let p_minus = |k: u32| {
            let p = bls12_381_fp().modulus();
            format!("{:x}", p - BigUint::from(k))
        };
        let one = fp2("1", "0");
        MapParams {
            // −(2 + I).
            z: fp2(&p_minus(2), &p_minus(1)),
            a: fp2("0", "f0"),
            b: fp2("3f4", "3f4"),
            x_num: vec![
                fp2("5c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97d6", "5c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97d6"),
                fp2("0", "11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71a"),
                fp2("11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71e", "8ab05f8bdd54cde190937e76bc3e447cc27c3d6fbd7063fcd104635a790520c0a395554e5c6aaaa9354ffffffffe38d"),
                fp2("171d6541fa38ccfaed6dea691f5fb614cb14b4e7f4e810aa22d6108f142b85757098e38d0f671c7188e2aaaaaaaa5ed1", "0"),
            ],
            x_den: vec![
                fp2("0", "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa63"),
                fp2("c", "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa9f"),
                one.clone(),
            ],
            y_num: vec![
                fp2("1530477c7ab4113b59a4c18b076d11930f7da5d4a07f649bf54439d87d27e500fc8c25ebf8c92f6812cfc71c71c6d706", "1530477c7ab4113b59a4c18b076d11930f7da5d4a07f649bf54439d87d27e500fc8c25ebf8c92f6812cfc71c71c6d706"),
                fp2("0", "5c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97be"),
                fp2("11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71c", "8ab05f8bdd54cde190937e76bc3e447cc27c3d6fbd7063fcd104635a790520c0a395554e5c6aaaa9354ffffffffe38f"),
                fp2("124c9ad43b6cf79bfbf7043de3811ad0761b0f37a1e26286b0e977c69aa274524e79097a56dc4bd9e1b371c71c718b10", "0"),
            ],
            y_den: vec![
                fp2("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa8fb", "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa8fb"),
                fp2("0", "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa9d3"),
                fp2("12", "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa99"),
                one,
            ],
            h_eff: BigUint::from_str_radix("bc69f08f2ee75b3584c6a0ea91b352888e2a8e9145ad7689986ff031508ffe1329c2f178731db956d82bf015d1212b02ec0ec69d7477c1ae954cbc06689f6a359894c0adebbf6b4e8020005aaa95551", 16).expect("hex"),
        }
    })
}

/// Σ cᵢ·xⁱ by Horner's rule, `coeffs` lowest degree first.
fn polynomial<F: Field>(coeffs: &[F], x: &F) -> F {
    (coeffs.iter().rev()).fold(x.zero_like(), |acc, c| acc.mul(x).add(c))
}

/// The simplified SWU map of `u` to E′ (module docs, step 1).
pub fn simple_swu<F: MapField>(params: &MapParams<F>, u: &F) -> (F, F) {
    let (z, a, b) = (&params.z, &params.a, &params.b);
    let g = |x: &F| x.square().mul(x).add(&a.mul(x)).add(b);
    let z_u2 = z.mul(&u.square());
    let tv1 = z_u2
        .square()
        .add(&z_u2)
        .inv()
        .unwrap_or_else(|| u.zero_like());
    let x1 = if tv1.is_zero() {
        b.mul(&z.mul(a).inv().expect("Z·A′ ≠ 0"))
    } else {
        b.neg()
            .mul(&a.inv().expect("A′ ≠ 0"))
            .mul(&tv1.add(&tv1.one_like()))
    };
    let (x, y) = match g(&x1).sqrt() {
        Some(y) => (x1, y),
        None => {
            let x2 = z_u2.mul(&x1);
            let y = g(&x2).sqrt().expect("g(x1) or g(x2) is a square");
            (x2, y)
        }
    };
    let y = if u.sgn0() == y.sgn0() { y } else { y.neg() };
    (x, y)
}

/// The isogeny E′ → E of (x′, y′) (module docs, step 2).
pub fn isogeny<F: MapField>(params: &MapParams<F>, x: &F, y: &F) -> Point<F> {
    let (Some(x_den), Some(y_den)) = (
        polynomial(&params.x_den, x).inv(),
        polynomial(&params.y_den, x).inv(),
    ) else {
        return Point::Identity;
    };
    Point::Affine {
        x: polynomial(&params.x_num, x).mul(&x_den),
        y: y.mul(&polynomial(&params.y_num, x)).mul(&y_den),
    }
}

/// The whole map of `u` into `curve`'s subgroup: SWU, isogeny, cofactor cleared.
fn map<F: MapField>(params: &MapParams<F>, curve: &Curve<F>, u: &F) -> Point<F> {
    let (x, y) = simple_swu(params, u);
    curve.mul(&isogeny(params, &x, &y), &params.h_eff)
}

/// `MAP_FP_TO_G1`'s point for u ∈ 𝔽ₚ.
pub fn map_fp_to_g1(u: &Fp) -> Point<Fp> {
    map(g1_params(), bls12_381_g1(), u)
}

/// `MAP_FP2_TO_G2`'s point for u ∈ 𝔽ₚ².
pub fn map_fp2_to_g2(u: &Fp2) -> Point<Fp2> {
    map(g2_params(), bls12_381_g2(), u)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SWU lands on E′ with sgn0(y) = sgn0(u), the isogeny's image of it is on E, and the map
    /// ends in the subgroup, for small u, u = 0 (the exceptional case) and −u.
    fn check<F: MapField>(params: &MapParams<F>, curve: &Curve<F>, us: &[F]) {
        for u in us {
            let (x, y) = simple_swu(params, u);
            let rhs = x.square().mul(&x).add(&params.a.mul(&x)).add(&params.b);
            assert_eq!(y.square(), rhs, "SWU on E′ for {u:?}");
            assert_eq!(y.sgn0(), u.sgn0(), "the sign of y for {u:?}");
            let p = isogeny(params, &x, &y);
            assert!(curve.is_on_curve(&p), "the isogeny's image on E for {u:?}");
            let q = curve.mul(&p, &params.h_eff);
            assert!(
                curve.is_in_subgroup(&q),
                "cleared into the subgroup for {u:?}"
            );
        }
    }

    #[test]
    fn g1_map_lands_where_it_should() {
        let f = bls12_381_fp();
        let us: Vec<Fp> = [0u64, 1, 2, 3, 0xdead_beef]
            .iter()
            .flat_map(|&v| [f.elem(BigUint::from(v)), f.elem(BigUint::from(v)).neg()])
            .collect();
        check(g1_params(), bls12_381_g1(), &us);
    }

    #[test]
    fn g2_map_lands_where_it_should() {
        let us: Vec<Fp2> = [(0u64, 0u64), (1, 0), (0, 1), (5, 7), (0xdead, 0xbeef)]
            .iter()
            .flat_map(|&(a, b)| {
                let u = fp2(&format!("{a:x}"), &format!("{b:x}"));
                [u.clone(), u.neg()]
            })
            .collect();
        check(g2_params(), bls12_381_g2(), &us);
    }

    /// sgn0 of 𝔽ₚ² as RFC 9380 §4.1 defines it: c0's parity, c1's when c0 = 0.
    #[test]
    fn sgn0_of_fp2_looks_at_c1_only_when_c0_is_zero() {
        assert!(fp2("1", "0").sgn0());
        assert!(!fp2("2", "1").sgn0());
        assert!(fp2("0", "1").sgn0());
        assert!(!fp2("0", "2").sgn0());
    }
}
