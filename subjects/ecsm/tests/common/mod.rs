//! Shared inputs of the integration tests (included with `mod common;`).
#![allow(dead_code)]

use ecsm_witness::{AffinePoint, GENERATOR, N_LE};
use num_bigint::BigUint;
use num_traits::One;

pub fn le_u64(k: u64) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[..8].copy_from_slice(&k.to_le_bytes());
    out
}

pub fn le_big(k: &BigUint) -> [u8; 32] {
    let b = k.to_bytes_le();
    let mut out = [0u8; 32];
    out[..b.len()].copy_from_slice(&b);
    out
}

pub fn n() -> BigUint {
    BigUint::from_bytes_le(&N_LE)
}

/// `m·G` from the oracle's textbook scalar multiplication.
pub fn multiple_of_g(m: u64) -> AffinePoint {
    use ecdiff_oracles::ecsm::{generator, scalar_mul, to_le_32};
    let pt = scalar_mul(&BigUint::from(m), &generator()).expect("not the identity");
    AffinePoint {
        x: to_le_32(&pt.x),
        y: to_le_32(&pt.y),
    }
}

/// G and non-generator bases: 5G (even y), 6G (odd y), and a large multiple.
pub fn bases() -> Vec<AffinePoint> {
    vec![
        GENERATOR,
        multiple_of_g(5),
        multiple_of_g(6),
        multiple_of_g(0x1234_5678_9abc_def1),
    ]
}

/// The scalar sweep of lambda_vm PR #866's parity tests, plus edge classes: small and
/// patterned values, ⌊n/2⌋, n − 1, n − 2, 2²⁵⁵.
pub fn scalars() -> Vec<[u8; 32]> {
    let mut ks: Vec<[u8; 32]> = (1u64..40).map(le_u64).collect();
    for k in [
        0xFFu64,
        0x101,
        0xABCD,
        0xFFFF,
        0x10000,
        1 << 20,
        123_456_789,
        u64::MAX,
    ] {
        ks.push(le_u64(k));
    }
    for hex in [
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0",
        "deadbeefcafebabe0123456789abcdeffedcba9876543210aabbccddeeff1122",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    ] {
        ks.push(le_big(&BigUint::parse_bytes(hex.as_bytes(), 16).unwrap()));
    }
    ks.push(le_big(&(n() >> 1)));
    ks.push(le_big(&(n() - 1u32)));
    ks.push(le_big(&(n() - 2u32)));
    ks.push(le_big(&(BigUint::one() << 255)));
    ks
}

/// The high-popcount scalar of PR #866's benchmark (`bench_witness`, ~380 rows).
pub fn bench_scalar() -> [u8; 32] {
    le_big(
        &BigUint::parse_bytes(
            b"deadbeefcafebabe0123456789abcdeffedcba9876543210aabbccddeeff1122",
            16,
        )
        .unwrap(),
    )
}
