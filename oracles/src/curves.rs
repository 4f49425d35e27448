//! Curve and field constants: BN254 (alt_bn128) G1 and G2, secp256k1, P-256, P-384, and the
//! fields of edwards25519.
//!
//! Every constant is built once in a `OnceLock` and handed out as `&'static`. Sources:
//!
//! * BN254: EIP-196/EIP-197 (p, r, G1 = (1, 2) on y² = x³ + 3, the G2 generator on the
//!   D-twist y² = x³ + 3/(9 + u) over 𝔽ₚ² = 𝔽ₚ\[u\]/(u² + 1)); the G2 cofactor is the one
//!   in the header of the Constantine G2 vectors (`tests/vectors/SOURCES.md` §4). p and r are
//!   the BN polynomials 36x⁴ + 36x³ + 24x² + 6x + 1 and 36x⁴ + 36x³ + 18x² + 6x + 1 at
//!   x = [`BN254_X`] (Barreto–Naehrig, SAC 2005); the tests recompute them.
//! * secp256k1: SEC 2 v2 §2.4.1.
//! * P-256 (secp256r1) and P-384 (secp384r1): SEC 2 v2 §2.4.2 and §2.5.1
//!   (<https://www.secg.org/sec2-v2.pdf>; the same values as FIPS 186-4 §D.1.2.3 and
//!   §D.1.2.4). Both are plain data for [`nist_curve`]: y² = x³ − 3x + b with cofactor 1.
//! * edwards25519: RFC 8032 §5.1 (p = 2²⁵⁵ − 19,
//!   ℓ = 2²⁵² + 27742317777372353535851937790883648493).
//!
//! The tests recompute or check every constant: generators on their curves, r·G = O, the
//! twist coefficient b′ = 3/(9 + u), cofactors (h·r·P = O for random points), and
//! probable-primality of every modulus and order.

use std::sync::OnceLock;

use num_bigint::BigUint;
use num_traits::One;

use crate::field::{Field, Fp, PrimeField};
use crate::group::Group;
use crate::primes::hex;
pub use crate::primes::{
    bn254_fq, bn254_fr, ed25519_fp, ed25519_l, p256_fp, p256_n, p384_fp, p384_n, secp256k1_fp,
    secp256k1_n,
};
use crate::tower::Fp2;
use crate::weierstrass::{Curve, Point};

/// The BN parameter x of BN254 (also called u or z): p and r are the BN polynomials at x.
pub const BN254_X: u64 = 4_965_661_367_192_848_881;

/// BN254 G1: y² = x³ + 3 over 𝔽ₚ, G = (1, 2), cofactor 1 (EIP-196).
pub fn bn254_g1() -> &'static Curve<Fp> {
    static CURVE: OnceLock<Curve<Fp>> = OnceLock::new();
    CURVE.get_or_init(|| {
        let fq = bn254_fq();
        Curve::new(
            "bn254_g1",
            fq.zero(),
            fq.elem(3u8),
            bn254_fr().modulus().clone(),
            BigUint::one(),
            Point::Affine {
                x: fq.elem(1u8),
                y: fq.elem(2u8),
            },
        )
    })
}

/// The twist coefficient b′ = 3/ξ = 3/(9 + u) of BN254 G2.
pub fn bn254_twist_b() -> Fp2 {
    let fq = bn254_fq();
    let xi = Fp2::new(fq.elem(9u8), fq.one());
    let xi_inv = xi.inv().expect("ξ ≠ 0");
    xi_inv.scale(&fq.elem(3u8))
}

/// BN254 G2: the order-r subgroup of the D-twist E′: y² = x³ + 3/(9 + u) over 𝔽ₚ², with the
/// EIP-197 generator and the cofactor 2p − r from the Constantine G2 vector header.
pub fn bn254_g2() -> &'static Curve<Fp2> {
    static CURVE: OnceLock<Curve<Fp2>> = OnceLock::new();
    CURVE.get_or_init(|| {
        let fq = bn254_fq();
        let fp2 = |c0: &str, c1: &str| Fp2::new(fq.elem(hex(c0)), fq.elem(hex(c1)));
        Curve::new(
            "bn254_g2",
            Fp2::zero(),
            bn254_twist_b(),
            bn254_fr().modulus().clone(),
            hex("30644e72e131a029b85045b68181585e06ceecda572a2489345f2299c0f9fa8d"),
            Point::Affine {
                x: fp2(
                    "1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed",
                    "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2",
                ),
                y: fp2(
                    "12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
                    "090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b",
                ),
            },
        )
    })
}

/// secp256k1: y² = x³ + 7 over 𝔽ₚ with the SEC 2 §2.4.1 generator, cofactor 1.
pub fn secp256k1() -> &'static Curve<Fp> {
    static CURVE: OnceLock<Curve<Fp>> = OnceLock::new();
    CURVE.get_or_init(|| {
        let fp = secp256k1_fp();
        Curve::new(
            "secp256k1",
            fp.zero(),
            fp.elem(7u8),
            secp256k1_n().modulus().clone(),
            BigUint::one(),
            Point::Affine {
                x: fp.elem(hex(
                    "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
                )),
                y: fp.elem(hex(
                    "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8",
                )),
            },
        )
    })
}

/// The domain parameters T = (p, a, b, G, n, h) of a short Weierstrass curve over a prime
/// field, as SEC 2 v2 §2.2.2 tabulates them: big-endian hexadecimal, no `0x`. The field is
/// passed as the `&'static` [`PrimeField`] of p so that points can refer to it.
pub struct CurveParams {
    /// The coefficient a, in [0, p).
    pub a: &'static str,
    /// The coefficient b, in [0, p).
    pub b: &'static str,
    /// x of the base point G.
    pub gx: &'static str,
    /// y of the base point G.
    pub gy: &'static str,
    /// The cofactor h = #E(𝔽ₚ)/n.
    pub h: u32,
}

/// The curve y² = x³ + a·x + b over `field` with base point G of prime order `order`, built
/// from SEC 2 style domain parameters: a new NIST/SEC curve is a data change only.
/// [`Curve::new`] asserts that G is on the curve; the tests check n·G = O, the primality of p
/// and n, and 4a³ + 27b² ≠ 0.
pub fn nist_curve(
    name: &'static str,
    field: &'static PrimeField,
    order: &PrimeField,
    params: &CurveParams,
) -> Curve<Fp> {
    let elem = |digits: &str| {
        field
            .from_canonical(&hex(digits))
            .expect("SEC 2 parameters are canonical field elements")
    };
    Curve::new(
        name,
        elem(params.a),
        elem(params.b),
        order.modulus().clone(),
        BigUint::from(params.h),
        Point::Affine {
            x: elem(params.gx),
            y: elem(params.gy),
        },
    )
}

/// P-256 (secp256r1, NIST P-256): y² = x³ − 3x + b over [`p256_fp`], with the SEC 2 v2
/// §2.4.2 base point and cofactor 1.
pub fn p256() -> &'static Curve<Fp> {
    static CURVE: OnceLock<Curve<Fp>> = OnceLock::new();
    CURVE.get_or_init(|| {
        nist_curve(
            "p256",
            p256_fp(),
            p256_n(),
            &CurveParams {
                a: "ffffffff00000001000000000000000000000000fffffffffffffffffffffffc",
                b: "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
                gx: "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
                gy: "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
                h: 1,
            },
        )
    })
}

/// P-384 (secp384r1, NIST P-384): y² = x³ − 3x + b over [`p384_fp`], with the SEC 2 v2
/// §2.5.1 base point and cofactor 1.
pub fn p384() -> &'static Curve<Fp> {
    static CURVE: OnceLock<Curve<Fp>> = OnceLock::new();
    CURVE.get_or_init(|| {
        nist_curve(
            "p384",
            p384_fp(),
            p384_n(),
            &CurveParams {
                a: concat!(
                    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe",
                    "ffffffff0000000000000000fffffffc"
                ),
                b: concat!(
                    "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875a",
                    "c656398d8a2ed19d2a85c8edd3ec2aef"
                ),
                gx: concat!(
                    "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a38",
                    "5502f25dbf55296c3a545e3872760ab7"
                ),
                gy: concat!(
                    "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c0",
                    "0a60b1ce1d7e819d7a431d7c90ea0e5f"
                ),
                h: 1,
            },
        )
    })
}

macro_rules! curve_group {
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

curve_group!(
    /// BN254 G1 as a [`Group`]: hub = (1, 2).
    Bn254G1,
    Fp,
    bn254_g1
);
curve_group!(
    /// BN254 G2 as a [`Group`]: hub = the EIP-197 generator.
    Bn254G2,
    Fp2,
    bn254_g2
);
curve_group!(
    /// secp256k1 as a [`Group`]: hub = the SEC 2 generator.
    Secp256k1,
    Fp,
    secp256k1
);
curve_group!(
    /// P-256 (secp256r1) as a [`Group`]: hub = the SEC 2 generator.
    P256,
    Fp,
    p256
);
curve_group!(
    /// P-384 (secp384r1) as a [`Group`]: hub = the SEC 2 generator.
    P384,
    Fp,
    p384
);
