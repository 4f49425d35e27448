//! BLS12-381 G1 ⊂ E(𝔽ₚ) and G2 ⊂ E′(𝔽ₚ²) as [`Curve`]s, their [`Group`] impls, and an
//! interleaved multi-scalar multiplication for long sums of points of unknown log.
//!
//! # Curves (draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1)
//!
//! * G1: E: y² = x³ + 4 over 𝔽ₚ, the draft's generator, order r, cofactor
//!   h1 = (x − 1)²/3 = 0x396c8c005555e1568c00aaab0000aaab.
//! * G2: the sextic **M-twist** E′: y² = x³ + 4(1 + u) over 𝔽ₚ², the draft's generator, order
//!   r, cofactor h2 = #E′(𝔽ₚ²)/r (the 0x5d543a95…c7238e5 of the draft and of the Constantine
//!   G2 vector header). "M-twist": b′ = b·ξ, and ψ(x′, y′) = (x′/w², y′/w³) maps E′ into
//!   E(𝔽ₚ¹²) (see [`mod@crate::bls12_381::pairing`]).
//!
//! # Algorithm
//!
//! The group law, double-and-add and subgroup check (r·P = O by a full double-and-add) are
//! those of [`Curve`] (SEC 1 §2.2.1, HMV Algorithm 3.27). [`interleaved_msm`] is Straus's
//! simultaneous multiple point multiplication with one-bit windows (E. G. Straus, *Addition
//! chains of vectors*, Amer. Math. Monthly 71, 1964; HMV Algorithm 3.48 with w = 1, "Shamir's
//! trick"): one accumulator, doubled once per bit, to which the points whose scalar has that
//! bit set are added, here all at once by [`Curve::sum`] (one shared inversion per tree
//! level). It re-associates the naive sum Σ kᵢ·Pᵢ of [`Curve::msm`] and is tested against it.
//!
//! # Invariants
//!
//! Both generators lie on their curves (asserted by [`Curve::new`]) and have order r, and the
//! cofactors satisfy h·r = #E (checked by `tests/constants.rs`).

use std::sync::OnceLock;

use num_bigint::BigUint;

use super::tower::{fp2_zero, xi};
use super::{bls12_381_fp, bls12_381_fr, hex};
use crate::field::{Field, Fp};
use crate::group::Group;
use crate::tower::Fp2;
use crate::weierstrass::{Curve, Point};

/// BLS12-381 G1: y² = x³ + 4 over 𝔽ₚ with the draft §4.2.1 generator, order r and cofactor
/// h1 = 0x396c8c005555e1568c00aaab0000aaab.
pub fn bls12_381_g1() -> &'static Curve<Fp> {
    static CURVE: OnceLock<Curve<Fp>> = OnceLock::new();
    CURVE.get_or_init(|| {
        let fp = bls12_381_fp();
        Curve::new(
            "bls12_381_g1",
            fp.zero(),
            fp.elem(4u8),
            bls12_381_fr().modulus().clone(),
            hex("396c8c005555e1568c00aaab0000aaab"),
            Point::Affine {
                x: fp.elem(hex("17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb")),
                y: fp.elem(hex("08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1")),
            },
        )
    })
}

/// The M-twist coefficient b′ = 4·ξ = 4(1 + u) of BLS12-381 G2.
pub fn bls12_381_twist_b() -> Fp2 {
    xi().scale(&bls12_381_fp().elem(4u8))
}

/// BLS12-381 G2: the order-r subgroup of the M-twist E′: y² = x³ + 4(1 + u) over 𝔽ₚ², with
/// the draft §4.2.1 generator and cofactor h2.
pub fn bls12_381_g2() -> &'static Curve<Fp2> {
    static CURVE: OnceLock<Curve<Fp2>> = OnceLock::new();
    CURVE.get_or_init(|| {
        let fp = bls12_381_fp();
        let fp2 = |c0: &str, c1: &str| Fp2::new(fp.elem(hex(c0)), fp.elem(hex(c1)));
        Curve::new(
            "bls12_381_g2",
            fp2_zero(),
            bls12_381_twist_b(),
            bls12_381_fr().modulus().clone(),
            hex("5d543a95414e7f1091d50792876a202cd91de4547085abaa68a205b2e5a7ddfa628f1cb4d9e82ef21537e293a6691ae1616ec6e786f0c70cf1c38e31c7238e5"),
            Point::Affine {
                x: fp2(
                    "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8",
                    "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e",
                ),
                y: fp2(
                    "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801",
                    "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be",
                ),
            },
        )
    })
}

/// Σ kᵢ·Pᵢ by Straus's interleaved double-and-add (module documentation): for each bit
/// position i from the top, acc ← 2·acc + Σ_{j : bit i of kⱼ is set} Pⱼ. Scalars are not
/// reduced; the points are not validated; the empty sum is O.
pub fn interleaved_msm<F: Field>(curve: &Curve<F>, terms: &[(BigUint, Point<F>)]) -> Point<F> {
    let bits = terms.iter().map(|(k, _)| k.bits()).max().unwrap_or(0);
    let mut acc = Point::Identity;
    for i in (0..bits).rev() {
        let mut summands = vec![curve.double(&acc)];
        summands.extend(
            terms
                .iter()
                .filter(|(k, _)| k.bit(i))
                .map(|(_, p)| p.clone()),
        );
        acc = curve.sum(&summands);
    }
    acc
}

macro_rules! bls_curve_group {
    ($(#[$doc:meta])* $ty:ident, $field:ty, $curve:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $ty;

        impl Group for $ty {
            type Elem = Point<$field>;
            fn name(&self) -> &'static str {
                $curve().name
            }
            fn order(&self) -> &BigUint {
                &$curve().order
            }
            fn identity(&self) -> Self::Elem {
                Point::Identity
            }
            fn hub(&self) -> Self::Elem {
                $curve().generator.clone()
            }
            fn add(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
                $curve().add(a, b)
            }
            fn neg(&self, a: &Self::Elem) -> Self::Elem {
                $curve().neg(a)
            }
            fn mul(&self, a: &Self::Elem, k: &BigUint) -> Self::Elem {
                $curve().mul(a, k)
            }
            fn mul_hub(&self, k: &BigUint) -> Self::Elem {
                $curve().mul_generator(k)
            }
            fn mul_hub_many(&self, ks: &[BigUint]) -> Vec<Self::Elem> {
                $curve().mul_generator_many(ks)
            }
        }
    };
}

bls_curve_group!(
    /// BLS12-381 G1 as a [`Group`]: hub = the draft §4.2.1 generator.
    Bls12381G1,
    Fp,
    bls12_381_g1
);
bls_curve_group!(
    /// BLS12-381 G2 as a [`Group`]: hub = the draft §4.2.1 generator.
    Bls12381G2,
    Fp2,
    bls12_381_g2
);
