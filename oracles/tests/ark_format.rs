//! `ecdiff_oracles::ark_format`: arkworks' default point format, against encodings derived by
//! hand from the format's definition (module docs there), round trips in every mode on the
//! crate's curves, and each departure and refusal on an input built for it.

use ecdiff_oracles::ark_format::{
    point_bytes, sw_read, sw_write, te_read, te_write, Departure, Reading, Refusal, SW_INFINITY,
    SW_NEGATIVE, TE_NEGATIVE,
};
use ecdiff_oracles::curves::{bn254_g1, bn254_g2, secp256k1};
use ecdiff_oracles::field::{Field, Fp};
use ecdiff_oracles::twisted_edwards::{TeCurve, TePoint};
use ecdiff_oracles::weierstrass::{Curve, Point};
use num_bigint::BigUint;

const MODES: [(bool, bool); 4] = [(true, true), (true, false), (false, true), (false, false)];

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn clean<P>(point: P) -> Result<Reading<P>, Refusal> {
    Ok(Reading {
        point,
        departures: vec![],
    })
}

fn departed<P>(point: P, departure: Departure) -> Result<Reading<P>, Refusal> {
    Ok(Reading {
        point,
        departures: vec![departure],
    })
}

/// BN254 G1's generator (1, 2): x = 1 little-endian in 32 bytes (254 bits + 2 flag bits fit),
/// y = 2 < p − 2 so "positive" (no flag); −G has y = p − 2, "negative" (bit 7 of byte 31);
/// the identity is zeros with bit 6.
#[test]
fn bn254_g1_encodings_derived_by_hand() {
    let c = bn254_g1();
    let g = c.generator.clone();
    let one = format!("01{}", "00".repeat(31));
    let two = format!("02{}", "00".repeat(31));
    assert_eq!(sw_write(c, &g, true), hex(&one));
    assert_eq!(sw_write(c, &g, false), hex(&format!("{one}{two}")));
    let minus_g = c.neg(&g);
    assert_eq!(
        sw_write(c, &minus_g, true),
        hex(&format!("01{}80", "00".repeat(30)))
    );
    let identity = format!("{}40", "00".repeat(31));
    assert_eq!(sw_write(c, &Point::Identity, true), hex(&identity));
    assert_eq!(
        sw_write(c, &Point::Identity, false),
        hex(&format!("{}{identity}", "00".repeat(32)))
    );
    assert_eq!(point_bytes(&c.b, true, false), 32);
    assert_eq!(point_bytes(&c.b, false, false), 64);
    for (compress, validate) in MODES {
        assert_eq!(
            sw_read(c, &hex(&one), compress, validate)
                .map(|r| r.point)
                .ok(),
            compress.then(|| g.clone())
        );
        assert_eq!(
            sw_read(c, &sw_write(c, &minus_g, compress), compress, validate),
            clean(minus_g.clone())
        );
    }
}

/// secp256k1's p has 256 bits: a flagged coordinate takes a 33rd byte holding only the flags.
/// G's y = 0x483a…b8 is below p/2, so G compressed is x little-endian, then 0x00.
#[test]
fn secp256k1_flags_take_a_byte_of_their_own() {
    let c = secp256k1();
    let g = c.generator.clone();
    let mut x = hex("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
    x.reverse();
    let mut want = x.clone();
    want.push(0);
    assert_eq!(sw_write(c, &g, true), want);
    assert_eq!(point_bytes(&c.b, true, false), 33);
    assert_eq!(point_bytes(&c.b, false, false), 65);
    assert_eq!(sw_write(c, &g, false).len(), 65);
    assert_eq!(sw_write(c, &g, false)[..32], x[..]);
    // The six bits of the flag byte below the flags are not read.
    for bit in 0..6 {
        let mut lax = want.clone();
        lax[32] |= 1 << bit;
        assert_eq!(
            sw_read(c, &lax, true, true),
            departed(g.clone(), Departure::FlagByteBitsIgnored)
        );
    }
}

/// Every mode reads back what it writes, without a departure: multiples of the generator and
/// their negatives on BN254 G1, secp256k1 and BN254 G2 (𝔽ₚ²: c1 carries the flags, the sign
/// compares c1 first), and the identity.
#[test]
fn every_mode_reads_back_what_it_writes() {
    fn round_trips<F: ecdiff_oracles::ark_format::FormatField>(c: &Curve<F>) {
        let mut points = vec![Point::Identity];
        for k in [1u32, 2, 3, 0xdead_beef, 0x1234_5678] {
            let p = c.mul_generator(&BigUint::from(k));
            points.push(c.neg(&p));
            points.push(p);
        }
        for p in &points {
            for (compress, validate) in MODES {
                let bytes = sw_write(c, p, compress);
                assert_eq!(bytes.len(), point_bytes(&c.b, compress, false));
                assert_eq!(
                    sw_read(c, &bytes, compress, validate),
                    clean(p.clone()),
                    "{p:?}"
                );
            }
        }
    }
    round_trips(bn254_g1());
    round_trips(secp256k1());
    round_trips(bn254_g2());
}

/// The identity's flag beside coordinates: arkworks reads the identity (a departure).
#[test]
fn the_infinity_flag_beside_coordinates_is_read_as_the_identity() {
    let c = bn254_g1();
    let g = c.generator.clone();
    let mut compressed = sw_write(c, &g, true);
    compressed[31] |= SW_INFINITY;
    assert_eq!(
        sw_read(c, &compressed, true, true),
        departed(Point::Identity, Departure::InfinityWithCoordinates)
    );
    let mut uncompressed = sw_write(c, &g, false);
    uncompressed[63] |= SW_INFINITY;
    assert_eq!(
        sw_read(c, &uncompressed, false, false),
        departed(Point::Identity, Departure::InfinityWithCoordinates)
    );
    // x = 0 with the flag, y ≠ 0: still a departure (the encoder writes zeros).
    let mut y_only = sw_write(c, &Point::Identity, false);
    y_only[32] = 5;
    assert_eq!(
        sw_read(c, &y_only, false, true),
        departed(Point::Identity, Departure::InfinityWithCoordinates)
    );
}

/// An uncompressed point's sign flag is never compared with its y.
#[test]
fn the_uncompressed_sign_flag_is_not_compared() {
    let c = bn254_g2();
    let p = c.mul_generator(&BigUint::from(77u8));
    let mut bytes = sw_write(c, &p, false);
    let last = bytes.len() - 1;
    bytes[last] ^= SW_NEGATIVE;
    assert_eq!(
        sw_read(c, &bytes, false, true),
        departed(p.clone(), Departure::UncompressedSignIgnored)
    );
    // Compressed, the flipped flag is the other root: −P, canonically.
    let mut compressed = sw_write(c, &p, true);
    let last = compressed.len() - 1;
    compressed[last] ^= SW_NEGATIVE;
    assert_eq!(sw_read(c, &compressed, true, true), clean(c.neg(&p)));
}

/// y² = x³ − 1 over BN254's 𝔽ₚ has the point (1, 0), whose two roots are one: the negative
/// flag on it is read as (1, 0) (a departure); the clear flag is canonical.
#[test]
fn the_negative_flag_on_a_zero_root_is_a_departure() {
    let base = bn254_g1();
    let one = base.b.one_like();
    let minus_one = one.neg();
    let zero = one.zero_like();
    let two_torsion = Point::Affine {
        x: one.clone(),
        y: zero.clone(),
    };
    let curve = Curve::new(
        "y² = x³ − 1",
        zero,
        minus_one,
        BigUint::from(2u8),
        BigUint::from(1u8),
        two_torsion.clone(),
    );
    let written = sw_write(&curve, &two_torsion, true);
    assert_eq!(written[31], 0, "y = 0 is not negative");
    assert_eq!(
        sw_read(&curve, &written, true, false),
        clean(two_torsion.clone())
    );
    let mut negative = written;
    negative[31] |= SW_NEGATIVE;
    assert_eq!(
        sw_read(&curve, &negative, true, false),
        departed(two_torsion, Departure::NegativeZero)
    );
}

/// The refusals both readings give.
#[test]
fn refusals() {
    let c = bn254_g1();
    let g = c.generator.clone();
    let bytes = sw_write(c, &g, true);
    // Both flags.
    let mut both = bytes.clone();
    both[31] |= SW_NEGATIVE | SW_INFINITY;
    assert_eq!(sw_read(c, &both, true, false), Err(Refusal::BothFlags));
    // A byte short, in either form.
    assert_eq!(sw_read(c, &bytes[..31], true, false), Err(Refusal::Short));
    let uncompressed = sw_write(c, &g, false);
    assert_eq!(
        sw_read(c, &uncompressed[..63], false, false),
        Err(Refusal::Short)
    );
    assert_eq!(sw_read(c, &[], true, true), Err(Refusal::Short));
    // x = p (after the flags are removed), and the bits between b and the flags.
    let mut at_p = c.b.base_modulus_bytes();
    at_p.resize(32, 0);
    assert_eq!(
        sw_read(c, &at_p, true, false),
        Err(Refusal::CoefficientRange)
    );
    let mut high = bytes.clone();
    high[31] |= 0x3f;
    assert_eq!(
        sw_read(c, &high, true, false),
        Err(Refusal::CoefficientRange)
    );
    // An x with no point, found from 0 up.
    let x = (0u64..)
        .map(|v| c.b.from_u64_like(v))
        .find(|x| c.lift_x(x).is_none())
        .unwrap();
    let mut no_root = x.coeffs()[0].to_bytes_le();
    no_root.resize(32, 0);
    assert_eq!(
        sw_read(c, &no_root, true, false),
        Err(Refusal::NoSquareRoot)
    );
    // (1, 3) is off the curve: refused when validating, read as it is otherwise.
    let off = Point::Affine {
        x: c.b.from_u64_like(1),
        y: c.b.from_u64_like(3),
    };
    let off_bytes = sw_write(c, &off, false);
    assert_eq!(
        sw_read(c, &off_bytes, false, true),
        Err(Refusal::NotOnCurve)
    );
    assert_eq!(sw_read(c, &off_bytes, false, false), clean(off));
}

/// A point of BN254's G2 curve outside the subgroup: refused by `Validate::Yes` only.
#[test]
fn points_outside_the_subgroup_are_refused_when_validating() {
    let c = bn254_g2();
    let torsion = c.torsion_point().expect("BN254's G2 has a cofactor");
    for compress in [true, false] {
        let bytes = sw_write(c, &torsion, compress);
        assert_eq!(
            sw_read(c, &bytes, compress, true),
            Err(Refusal::NotInSubgroup)
        );
        assert_eq!(sw_read(c, &bytes, compress, false), clean(torsion.clone()));
    }
}

fn ed25519() -> &'static TeCurve {
    ecdiff_oracles::twisted_edwards::edwards25519()
}

/// Twisted Edwards: B's x is below p/2, so B compressed is RFC 8032's own encoding of B (y
/// little-endian, a clear top bit); uncompressed is x then y, 64 bytes; round trips; the
/// negative flag on x = 0 (y = ±1) is a departure; an x with no point is refused.
#[test]
fn twisted_edwards_encodings() {
    let c = ed25519();
    let b = c.generator.clone();
    assert_eq!(
        te_write(&b, true),
        hex("5866666666666666666666666666666666666666666666666666666666666666")
    );
    assert_eq!(te_write(&b, false).len(), 64);
    assert_eq!(point_bytes(&c.a, true, true), 32);
    assert_eq!(point_bytes(&c.a, false, true), 64);
    let mut points = vec![c.identity()];
    for k in [1u32, 5, 0xabcdef] {
        let p = c.mul(&b, &BigUint::from(k));
        points.push(c.neg(&p));
        points.push(p);
    }
    for p in &points {
        for (compress, validate) in MODES {
            assert_eq!(
                te_read(c, &te_write(p, compress), compress, validate),
                clean(p.clone())
            );
        }
    }
    let mut negative_identity = te_write(&c.identity(), true);
    negative_identity[31] |= TE_NEGATIVE;
    assert_eq!(
        te_read(c, &negative_identity, true, true),
        departed(c.identity(), Departure::NegativeZero)
    );
    // (0, −1) has order 2: in no prime-order subgroup.
    let order_two = TePoint {
        x: c.a.zero_like(),
        y: c.a.one_like().neg(),
    };
    assert_eq!(
        te_read(c, &te_write(&order_two, true), true, true),
        Err(Refusal::NotInSubgroup)
    );
    assert_eq!(
        te_read(c, &te_write(&order_two, true), true, false),
        clean(order_two)
    );
    let y_without_point = (2u64..)
        .map(|v| c.a.from_u64_like(v))
        .find(|y| c.lift_y(y, false).is_none())
        .unwrap();
    let mut bytes = y_without_point.coeffs()[0].to_bytes_le();
    bytes.resize(32, 0);
    assert_eq!(te_read(c, &bytes, true, false), Err(Refusal::NoSquareRoot));
    let off = TePoint {
        x: c.a.from_u64_like(1),
        y: c.a.from_u64_like(1),
    };
    assert_eq!(
        te_read(c, &te_write(&off, false), false, true),
        Err(Refusal::NotOnCurve)
    );
    assert_eq!(te_read(c, &te_write(&off, false), false, false), clean(off));
}

/// The modulus's little-endian bytes (for an x of exactly p).
trait ModulusBytes {
    fn base_modulus_bytes(&self) -> Vec<u8>;
}

impl ModulusBytes for Fp {
    fn base_modulus_bytes(&self) -> Vec<u8> {
        self.field().modulus().to_bytes_le()
    }
}
