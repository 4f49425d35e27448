//! Oracle-free unit tests: schedule shapes, exact integer relations, chaining, serial vs
//! parallel, and the error cases. Parity with the reference replay lives in
//! `tests/parity.rs`; the harness owns the differential tests.

use k256_013::FieldElement as Fe;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Zero};

use super::*;

fn le_u64(k: u64) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[..8].copy_from_slice(&k.to_le_bytes());
    out
}

fn le_big(k: &BigUint) -> [u8; 32] {
    let b = k.to_bytes_le();
    let mut out = [0u8; 32];
    out[..b.len()].copy_from_slice(&b);
    out
}

fn big(le: &[u8]) -> BigUint {
    BigUint::from_bytes_le(le)
}

fn n() -> BigUint {
    big(&N_LE)
}

fn p() -> BigUint {
    big(&P_LE)
}

fn sched_of(k: &[u8; 32]) -> Vec<(u8, u8, u8)> {
    schedule(k)
        .iter()
        .map(|e| (e.round, e.op, e.next_op))
        .collect()
}

/// 5·G, a non-generator base (Chuck Batson's vectors).
fn five_g() -> AffinePoint {
    let x = BigUint::parse_bytes(
        b"2F8BDE4D1A07209355B4A7250A5C5128E88B84BDDC619AB7CBA8D569B240EFE4",
        16,
    )
    .unwrap();
    let y = BigUint::parse_bytes(
        b"D8AC222636E5E3D6D4DBA9DDA6C9C426F788271BAB0D6840DCA87D3AA6AC62D6",
        16,
    )
    .unwrap();
    AffinePoint {
        x: le_big(&x),
        y: le_big(&y),
    }
}

fn scalars() -> Vec<[u8; 32]> {
    let mut ks: Vec<[u8; 32]> = (1u64..=20).map(le_u64).collect();
    for k in [
        0xFFu64,
        0x100,
        0x101,
        0xABCD,
        0xFFFF,
        1 << 20,
        123_456_789,
        u64::MAX,
    ] {
        ks.push(le_u64(k));
    }
    ks.push(le_big(&(n() >> 1)));
    ks.push(le_big(&(n() - 1u32)));
    ks.push(le_big(&(n() - 2u32)));
    ks.push(le_big(&((BigUint::one() << 255) - 1u32)));
    ks
}

/// The three relations of the `witness` module doc, recomputed here over ℤ.
fn relations_hold(s: &EcdasStep) -> bool {
    let i = |b: &[u8]| BigInt::from_bytes_le(Sign::Plus, b);
    let (xa, ya, xg, yg, l, xr, yr) = (
        i(&s.x_a),
        i(&s.y_a),
        i(&s.x_g),
        i(&s.y_g),
        i(&s.lambda),
        i(&s.x_r),
        i(&s.y_r),
    );
    let (p, op) = (i(&P_LE), BigInt::from(s.op));
    let r = &p * 3;
    let one_minus_op = BigInt::one() - &op;
    let rel0: BigInt = &op * (&l * (&xg - &xa) - &yg + &ya)
        + &one_minus_op * (BigInt::from(2) * &l * &ya - BigInt::from(3) * &xa * &xa)
        + (&r - i(&s.q0)) * &p;
    let rel1: BigInt =
        &l * &l - &xa - &xg - &xr - &one_minus_op * (&xa - &xg) + (&r - i(&s.q1)) * &p;
    let rel2: BigInt = &l * (&xa - &xr) - &ya - &yr + (&r - i(&s.q2)) * &p;
    let canonical = [s.x_a, s.y_a, s.x_g, s.y_g, s.lambda, s.x_r, s.y_r]
        .iter()
        .all(|v| big(v) < big(&P_LE));
    canonical && rel0.is_zero() && rel1.is_zero() && rel2.is_zero()
}

#[test]
fn schedule_shapes() {
    assert!(sched_of(&le_u64(1)).is_empty());
    assert_eq!(sched_of(&le_u64(2)), vec![(0, 0, 0)]);
    assert_eq!(sched_of(&le_u64(3)), vec![(0, 0, 1), (0, 1, 0)]);
    assert_eq!(sched_of(&le_u64(5)), vec![(1, 0, 0), (0, 0, 1), (0, 1, 0)]);
    for j in 1..=255u32 {
        let pow = BigUint::one() << j;
        // 2^j: j doubles, no add.
        let s = sched_of(&le_big(&pow));
        assert_eq!(s.len(), j as usize);
        assert!(s.iter().all(|&(_, op, next)| op == 0 && next == 0));
        // 2^j − 1 (j ≥ 2): an add after every double.
        if j >= 2 {
            let s = sched_of(&le_big(&(&pow - 1u32)));
            assert_eq!(s.len(), 2 * (j as usize - 1));
            for (t, pair) in s.chunks(2).enumerate() {
                let round = (j - 2) as u8 - t as u8;
                assert_eq!(pair, [(round, 0, 1), (round, 1, 0)]);
            }
        }
    }
    // n − 1: 255 doubles + popcount − 1 adds, last op a double.
    let nm1 = n() - 1u32;
    let s = sched_of(&le_big(&nm1));
    let pop = nm1.count_ones() as usize;
    assert_eq!(s.len(), 255 + pop - 1);
    assert_eq!(s.last(), Some(&(0, 0, 0)));
    assert_eq!(s.first(), Some(&(254, 0, 1)));
    // Rounds never increase, adds follow a double of the same round with next_op = 1.
    for w in s.windows(2) {
        assert!(w[1].0 <= w[0].0);
        assert_eq!(w[0].2, w[1].1);
        if w[1].1 == 1 {
            assert_eq!((w[0].0, w[0].1), (w[1].0, 0));
        }
    }
}

#[test]
fn relations_hold_and_steps_chain() {
    for base in [GENERATOR, five_g(), six_g()] {
        for k in scalars() {
            let w = compute_witness::<Fe>(&k, &base).unwrap();
            let kb = big(&k);
            assert_eq!(w.len_k as u64, kb.bits() - 1);
            assert_eq!(w.steps.len(), sched_of(&k).len());
            assert_eq!((w.x_g, w.y_g, w.k), (base.x, base.y, k));
            let mut a = (base.x, base.y);
            for (s, e) in w.steps.iter().zip(schedule(&k)) {
                assert!(relations_hold(s), "k = {kb:x}, row {e:?}");
                assert_eq!((s.x_a, s.y_a), a, "rows chain");
                assert_eq!((s.x_g, s.y_g), (base.x, base.y));
                assert_eq!((s.round, s.op, s.next_op), (e.round, e.op, e.next_op));
                a = (s.x_r, s.y_r);
            }
            assert_eq!((w.x_r, w.y_r), a, "result is the last row's R");
            // The replay is the witness without quotients.
            let r = replay::<Fe>(&k, &base).unwrap();
            assert_eq!((r.result.x, r.result.y), (w.x_r, w.y_r));
            assert_eq!(r.steps.len(), w.steps.len());
            for (a, b) in r.steps.iter().zip(&w.steps) {
                assert_eq!(
                    (a.x_a, a.lambda, a.x_r, a.y_r),
                    (b.x_a, b.lambda, b.x_r, b.y_r)
                );
            }
        }
    }
}

#[test]
fn known_results() {
    // k = 1 has no rows and returns the base; (n − 1)·G = −G; 5·G from 1·G; 2·(5G) = 10G.
    let w = compute_witness::<Fe>(&le_u64(1), &five_g()).unwrap();
    assert!(w.steps.is_empty());
    assert_eq!((w.x_r, w.y_r, w.len_k), (five_g().x, five_g().y, 0));
    let w = compute_witness::<Fe>(&le_big(&(n() - 1u32)), &GENERATOR).unwrap();
    assert_eq!(w.x_r, GENERATOR.x);
    assert_eq!(big(&w.y_r), p() - big(&GENERATOR.y));
    assert_eq!(w.len_k, 255);
    let w = compute_witness::<Fe>(&le_u64(5), &GENERATOR).unwrap();
    assert_eq!((w.x_r, w.y_r), (five_g().x, five_g().y));
    let ten_g_x = BigUint::parse_bytes(
        b"A0434D9E47F3C86235477C7B1AE6AE5D3442D49B1943C2B752A68E2A47E247C7",
        16,
    )
    .unwrap();
    let w = compute_witness::<Fe>(&le_u64(2), &five_g()).unwrap();
    assert_eq!(big(&w.x_r), ten_g_x);
}

#[test]
fn serial_equals_parallel() {
    let mut ks = scalars();
    ks.push(le_big(
        &BigUint::parse_bytes(
            b"deadbeefcafebabe0123456789abcdeffedcba9876543210aabbccddeeff1122",
            16,
        )
        .unwrap(),
    ));
    for base in [GENERATOR, five_g(), six_g()] {
        for k in &ks {
            assert_eq!(
                compute_witness::<Fe>(k, &base),
                compute_witness_serial::<Fe>(k, &base)
            );
            assert_eq!(
                compute_witness_x::<Fe>(k, &base.x),
                compute_witness_x_serial::<Fe>(k, &base.x)
            );
        }
    }
}

/// 6·G, whose y is odd (Chuck Batson's vectors).
fn six_g() -> AffinePoint {
    let x = BigUint::parse_bytes(
        b"FFF97BD5755EEEA420453A14355235D382F6472F8568A18B2F057A1460297556",
        16,
    )
    .unwrap();
    let y = BigUint::parse_bytes(
        b"AE12777AACFBB620F3BE96017F45C560DE80F0F6518FE4A03C870C36B075F297",
        16,
    )
    .unwrap();
    AffinePoint {
        x: le_big(&x),
        y: le_big(&y),
    }
}

#[test]
fn x_only_uses_the_even_lift() {
    // G's and 5G's y are even: the x-only path is the affine path.
    for base in [GENERATOR, five_g()] {
        assert_eq!(recover_y_canonical::<Fe>(&base.x), Some(base.y));
        assert_eq!(
            compute_witness_x::<Fe>(&le_u64(7), &base.x),
            compute_witness::<Fe>(&le_u64(7), &base)
        );
    }
    // 6G's y is odd, so the x-only path works on −6G: same x_R, opposite y_R.
    let minus_6g = AffinePoint {
        x: six_g().x,
        y: le_big(&(p() - big(&six_g().y))),
    };
    assert_eq!(recover_y_canonical::<Fe>(&six_g().x), Some(minus_6g.y));
    let wx = compute_witness_x::<Fe>(&le_u64(7), &six_g().x).unwrap();
    assert_eq!(wx, compute_witness::<Fe>(&le_u64(7), &minus_6g).unwrap());
    let w_plus = compute_witness::<Fe>(&le_u64(7), &six_g()).unwrap();
    assert_eq!(w_plus.x_r, wx.x_r);
    assert_eq!(big(&w_plus.y_r), p() - big(&wx.y_r));
    // Every returned root is even and on the curve; both cases occur for x = 1..39.
    let (mut some, mut none) = (0, 0);
    for x in 1u64..40 {
        match recover_y_canonical::<Fe>(&le_u64(x)) {
            Some(y) => {
                some += 1;
                let y = big(&y);
                assert!(!y.bit(0));
                assert_eq!((&y * &y) % p(), (BigUint::from(x).pow(3) + 7u32) % p());
            }
            None => none += 1,
        }
    }
    assert!(some > 0 && none > 0);
}

#[test]
fn errors_in_order() {
    let zero = [0u8; 32];
    let one = le_u64(1);
    let big_x = AffinePoint {
        x: P_LE,
        y: GENERATOR.y,
    };
    let big_y = AffinePoint {
        x: GENERATOR.x,
        y: P_LE,
    };
    let off = AffinePoint {
        x: GENERATOR.x,
        y: GENERATOR.x,
    };
    type R = Result<EcsmWitness, EcsmError>;
    let w = |k: &[u8; 32], b: &AffinePoint| -> R { compute_witness::<Fe>(k, b) };
    let wx = |k: &[u8; 32], x: &[u8; 32]| -> R { compute_witness_x::<Fe>(k, x) };
    assert_eq!(w(&zero, &big_x), Err(EcsmError::ScalarIsZero));
    assert_eq!(w(&N_LE, &big_x), Err(EcsmError::ScalarOutOfRange));
    assert_eq!(w(&[0xFF; 32], &off), Err(EcsmError::ScalarOutOfRange));
    assert_eq!(
        w(&le_big(&(n() + 1u32)), &off),
        Err(EcsmError::ScalarOutOfRange)
    );
    assert_eq!(w(&one, &big_x), Err(EcsmError::CoordinateOutOfRange));
    assert_eq!(w(&one, &big_y), Err(EcsmError::CoordinateOutOfRange));
    assert_eq!(w(&one, &off), Err(EcsmError::NotOnCurve));
    assert_eq!(wx(&zero, &P_LE), Err(EcsmError::ScalarIsZero));
    assert_eq!(wx(&N_LE, &P_LE), Err(EcsmError::ScalarOutOfRange));
    assert_eq!(wx(&one, &P_LE), Err(EcsmError::CoordinateOutOfRange));
    assert_eq!(
        wx(&one, &le_big(&(p() + 1u32))),
        Err(EcsmError::CoordinateOutOfRange)
    );
    assert_eq!(wx(&one, &le_big(&(p() - 1u32))), Err(EcsmError::NotOnCurve));
    assert_eq!(wx(&one, &[0xFF; 32]), Err(EcsmError::CoordinateOutOfRange));
    assert_eq!(
        replay::<Fe>(&one, &off).map(|r| r.result),
        Err(EcsmError::NotOnCurve)
    );
    // n − 1 is the largest accepted scalar.
    assert!(w(&le_big(&(n() - 1u32)), &GENERATOR).is_ok());
}
