//! The `batch_affine` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;

/// The Booth digits of a window reassemble the scalar: Σ dᵥ·2^(c·w) = s, for windows 1
/// to 10 and scalars with runs of ones across window edges.
fn booth_digits_reassemble_the_scalar() {
    let scalars = [
        BigUint::from(0u8),
        BigUint::from(1u8),
        BigUint::from(0xffff_ffffu32),
        (BigUint::from(1u8) << 255u32) - 1u8,
        BigUint::parse_bytes(
            b"9e3779b97f4a7c15f39cc0605cedc8341082276bf3a27251f86c6a11d0c18e95",
            16,
        )
        .unwrap(),
    ];
    for c in 1..=10 {
        for s in &scalars {
            let mut le = s.to_bytes_le();
            le.resize(32, 0);
            let mut sum = num_bigint::BigInt::from(0);
            for w in 0..256 / c + 1 {
                let d = num_bigint::BigInt::from(booth_digit(w, c, &le));
                sum += d << (c * w);
            }
            assert_eq!(
                sum,
                num_bigint::BigInt::from(s.clone()),
                "c = {c}, s = {s:x}"
            );
        }
    }
}

/// The model's fixed-width addition and negation mod r against BigUint's, at the values
/// where a carry or the final subtraction can go wrong (0, 1, r − 1, r/2, 2⁶⁴ − 1, …),
/// for an order close to 2²⁵⁶ and one far below it.
fn residue_arithmetic_agrees_with_biguint() {
    let top = BigUint::parse_bytes(
        b"ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
        16,
    )
    .unwrap(); // secp256r1's n
    let low = (BigUint::from(1u8) << 252u32) + 27742317777372353535851937790883648493u128;
    for order in [top, low] {
        let half = &order >> 1u8;
        let mut values = vec![BigUint::from(0u8), BigUint::from(1u8), &order - 1u8];
        values.extend([half.clone(), &half + 1u8, &half - 1u8, &order - 2u8]);
        values.push((BigUint::from(1u8) << 250u32) - 1u8);
        values.push(BigUint::from(u64::MAX));
        let r = residue(&order);
        for a in &values {
            let minus_a = (&order - a) % &order;
            assert_eq!(neg_mod(&residue(a), &r), residue(&minus_a), "-{a:x}");
            for b in &values {
                let sum = (a + b) % &order;
                assert_eq!(
                    add_mod(&residue(a), &residue(b), &r),
                    residue(&sum),
                    "{a:x} + {b:x}"
                );
            }
        }
    }
}

/// A term repeated under the same scalar while its bucket still holds only its first copy
/// doubles; repeated negated it cancels; distinct terms do neither.
fn a_repeated_early_term_doubles_and_a_negated_one_cancels() {
    let order = (BigUint::from(1u8) << 255u32) - 19u8;
    let n = 8104;
    // Logs kᶦ, with no additive structure, so that no bucket's sum meets another base by
    // chance (with logs i or c·i it does: 5 + 7 = 12).
    let k = BigUint::parse_bytes(b"5851f42d4c957f2d14057b7ef767814f", 16).unwrap();
    let logs: Vec<BigUint> = (1..=n as u32)
        .map(|i| k.modpow(&i.into(), &order))
        .collect();
    let scalars: Vec<BigUint> = (0..n as u64)
        .map(|i| (BigUint::from(0x9e37_79b9_7f4a_7c15u64) * (i + 7)) % &order)
        .collect();
    let events =
        |logs: &[BigUint], scalars: &[BigUint]| batch_add_events(logs, scalars, &order, 255);
    let distinct = events(&logs, &scalars);
    assert!(!distinct.doubling && !distinct.cancelling, "{distinct:?}");

    let (mut rl, mut rs) = (logs.clone(), scalars.clone());
    rl[100] = rl[3].clone();
    rs[100] = rs[3].clone();
    assert!(events(&rl, &rs).doubling);

    let (mut nl, mut ns) = (logs.clone(), scalars.clone());
    nl[100] = &order - &nl[3];
    ns[100] = ns[3].clone();
    let negated = events(&nl, &ns);
    assert!(negated.cancelling && !negated.doubling, "{negated:?}");
}

crate::declare::unit_tests![
    booth_digits_reassemble_the_scalar,
    residue_arithmetic_agrees_with_biguint,
    a_repeated_early_term_doubles_and_a_negated_one_cancels
];
