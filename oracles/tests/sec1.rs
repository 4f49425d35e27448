//! SEC 1 v2 §2.3.3–§2.3.4 point encodings (`ecdiff_oracles::sec1`): the SEC 2 generator
//! encodings as known answers, every point and every octet string of a toy curve over 𝔽₉₇
//! (p ≡ 1 (mod 8): Tonelli–Shanks decompression) against brute force, round trips on P-256,
//! P-384, secp256k1 and BN254 G1, and the rejections (length, prefix, x ≥ p, off the curve,
//! no point with this x).

use std::sync::OnceLock;

use ecdiff_oracles::curves::{bn254_g1, p256, p256_fp, p384, secp256k1};
use ecdiff_oracles::field::{Fp, PrimeField};
use ecdiff_oracles::sec1::{self, decode, encode, Sec1Error};
use ecdiff_oracles::weierstrass::{Curve, Point};
use num_bigint::BigUint;
use proptest::prelude::*;

/// The compressed and uncompressed base points printed in SEC 2 v2 §2.4.1 (secp256k1) and
/// §2.4.2 (secp256r1).
#[test]
fn sec2_generator_encodings() {
    let cases = [
        (
            p256(),
            "036b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
            "046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296\
             4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
        ),
        (
            secp256k1(),
            "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
            "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798\
             483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8",
        ),
    ];
    for (curve, compressed, uncompressed) in cases {
        let g = &curve.generator;
        assert_eq!(hex::encode(encode(g, true)), compressed, "{}", curve.name);
        assert_eq!(
            hex::encode(encode(g, false)),
            uncompressed,
            "{}",
            curve.name
        );
        for e in [compressed, uncompressed] {
            assert_eq!(decode(curve, &hex::decode(e).unwrap()).as_ref(), Ok(g));
        }
        assert_eq!(encode(&Point::Identity, true), [0u8]);
        assert_eq!(decode(curve, &[0]), Ok(Point::Identity));
    }
}

static F97: OnceLock<PrimeField> = OnceLock::new();
static TOY: OnceLock<Curve<Fp>> = OnceLock::new();

/// y² = x³ + 2x + 3 over 𝔽₉₇ (97 ≡ 1 (mod 8), so square roots use Tonelli–Shanks). The
/// subgroup data is irrelevant to encodings: the order is the brute-force point count.
fn toy() -> &'static Curve<Fp> {
    TOY.get_or_init(|| {
        let f = F97.get_or_init(|| PrimeField::new("f97", BigUint::from(97u8)));
        let count = 1
            + (0..97u32)
                .flat_map(|x| (0..97u32).map(move |y| (x, y)))
                .filter(|(x, y)| (y * y) % 97 == (x * x * x + 2 * x + 3) % 97)
                .count();
        let (gx, gy) = (0..97u32)
            .flat_map(|x| (1..97u32).map(move |y| (x, y)))
            .find(|(x, y)| (y * y) % 97 == (x * x * x + 2 * x + 3) % 97)
            .expect("a point");
        Curve::new(
            "toy97",
            f.elem(2u8),
            f.elem(3u8),
            BigUint::from(count),
            BigUint::from(1u8),
            Point::Affine {
                x: f.elem(gx),
                y: f.elem(gy),
            },
        )
    })
}

/// Every 2- and 3-octet string on the toy curve: `04 ‖ x ‖ y` decodes iff x, y < 97 and
/// y² = x³ + 2x + 3 (integer arithmetic), `02|03 ‖ x` decodes iff x < 97 and some y of that
/// parity satisfies it — to exactly that y — and every other prefix is rejected.
#[test]
fn toy_curve_exhaustive() {
    let curve = toy();
    let on_curve =
        |x: u32, y: u32| x < 97 && y < 97 && (y * y) % 97 == (x * x * x + 2 * x + 3) % 97;
    let value = |p: &Point<Fp>| match p {
        Point::Affine { x, y } => (
            u32::try_from(x.value()).unwrap(),
            u32::try_from(y.value()).unwrap(),
        ),
        Point::Identity => panic!("identity"),
    };
    let mut points = 0;
    for prefix in 0..=255u8 {
        for x in 0..=255u32 {
            let x8 = x as u8;
            match prefix {
                2 | 3 => {
                    let want =
                        (0..97u32).find(|y| y % 2 == u32::from(prefix - 2) && on_curve(x, *y));
                    match (decode(curve, &[prefix, x8]), want) {
                        (Ok(p), Some(y)) => {
                            assert_eq!(value(&p), (x, y));
                            assert_eq!(encode(&p, true), [prefix, x8]);
                        }
                        (Err(e), None) => assert!(
                            matches!(e, Sec1Error::NonCanonical | Sec1Error::NoPointWithX),
                            "{e:?}"
                        ),
                        (got, want) => panic!("{prefix:02x} {x}: {got:?} vs {want:?}"),
                    }
                    assert!(decode(curve, &[prefix, x8, 0]).is_err());
                }
                4 => {
                    for y in 0..=255u32 {
                        let got = decode(curve, &[4, x8, y as u8]);
                        assert_eq!(got.is_ok(), on_curve(x, y), "04 {x} {y}");
                        if let Ok(p) = got {
                            assert_eq!(value(&p), (x, y));
                            assert_eq!(encode(&p, false), [4, x8, y as u8]);
                            points += 1;
                        }
                    }
                    assert!(decode(curve, &[4, x8]).is_err());
                }
                0 => assert!(decode(curve, &[0, x8]).is_err(), "00 has length 1"),
                _ => assert_eq!(
                    decode(curve, &[prefix, x8]),
                    Err(Sec1Error::UnknownPrefix(prefix))
                ),
            }
        }
    }
    assert_eq!(
        points + 1,
        usize::try_from(&curve.order).unwrap(),
        "#E = affine points + O"
    );
}

/// Rejections on P-256 (SEC 1 §2.3.4 steps 1–3).
#[test]
fn p256_rejections() {
    let curve = p256();
    let p = p256_fp().modulus();
    let g = encode(&curve.generator, false);
    let gc = encode(&curve.generator, true);
    let be32 = |v: &BigUint| {
        let b = v.to_bytes_be();
        let mut out = vec![0u8; 32 - b.len()];
        out.extend(b);
        out
    };
    assert_eq!(decode(curve, &[]), Err(Sec1Error::Empty));
    assert!(matches!(
        decode(curve, &[0, 0]),
        Err(Sec1Error::WrongLength { .. })
    ));
    for bad in [
        &g[..64],
        &[&g[..], &[0]].concat(),
        &gc[..32],
        &[&gc[..], &[0]].concat(),
    ] {
        assert!(
            matches!(decode(curve, bad), Err(Sec1Error::WrongLength { .. })),
            "length {}",
            bad.len()
        );
    }
    // A compressed body behind 04 and an uncompressed one behind 02/03: wrong lengths.
    assert!(decode(curve, &[&[4u8][..], &gc[1..]].concat()).is_err());
    assert!(decode(curve, &[&[2u8][..], &g[1..]].concat()).is_err());
    for prefix in [1u8, 5, 6, 7, 0xff] {
        let mut e = g.clone();
        e[0] = prefix;
        assert_eq!(decode(curve, &e), Err(Sec1Error::UnknownPrefix(prefix)));
    }
    // x or y equal to p or to 2²⁵⁶ − 1 is rejected.
    let all_ones = vec![0xffu8; 32];
    for x in [be32(p), all_ones.clone()] {
        for prefix in [2u8, 3] {
            assert_eq!(
                decode(curve, &[&[prefix][..], &x].concat()),
                Err(Sec1Error::NonCanonical)
            );
        }
        assert_eq!(
            decode(curve, &[&[4u8][..], &x, &g[33..]].concat()),
            Err(Sec1Error::NonCanonical)
        );
    }
    for y in [be32(p), all_ones] {
        assert_eq!(
            decode(curve, &[&g[..33], &y].concat()),
            Err(Sec1Error::NonCanonical)
        );
    }
    // Off the curve: (x_G, y_G + 1).
    let mut off = g.clone();
    off[64] ^= 1;
    assert_eq!(decode(curve, &off), Err(Sec1Error::NotOnCurve));
    // An x with x³ − 3x + b a non-residue (Euler's criterion on integers) has no point.
    let b = curve.b.value();
    let euler = (p - 1u8) >> 1u8;
    let x = (0u32..)
        .map(BigUint::from)
        .find(|x| {
            let rhs = (x * x * x + 3u8 * p - 3u8 * x + b) % p;
            rhs.modpow(&euler, p) == p - 1u8
        })
        .expect("half of all x");
    for prefix in [2u8, 3] {
        assert_eq!(
            decode(curve, &[&[prefix][..], &be32(&x)].concat()),
            Err(Sec1Error::NoPointWithX)
        );
    }
}

fn check_round_trip(curve: &Curve<Fp>, k: &BigUint) {
    let p = curve.mul_generator(k);
    let len = sec1::field_len(curve.b.field());
    for compressed in [false, true] {
        let e = encode(&p, compressed);
        assert_eq!(e.len(), if compressed { 1 + len } else { 1 + 2 * len });
        if let Point::Affine { y, .. } = &p {
            let expected_prefix = match (compressed, y.value().bit(0)) {
                (false, _) => 4,
                (true, false) => 2,
                (true, true) => 3,
            };
            assert_eq!(e[0], expected_prefix);
        }
        assert_eq!(decode(curve, &e), Ok(p.clone()), "{}", curve.name);
    }
    // −P flips the compressed prefix and keeps x.
    if !p.is_identity() {
        let (e, en) = (encode(&p, true), encode(&curve.neg(&p), true));
        assert_eq!(e[1..], en[1..]);
        assert_eq!(e[0] ^ en[0], 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn round_trips(bytes in prop::array::uniform32(any::<u8>())) {
        let k = BigUint::from_bytes_le(&bytes);
        for curve in [p256(), p384(), secp256k1(), bn254_g1()] {
            check_round_trip(curve, &k);
        }
    }
}
