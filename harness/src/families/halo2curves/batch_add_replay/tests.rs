//! The `batch_add_replay` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use num_traits::Zero;

/// The widths the source picks: ⌈ln n⌉, 10 from 8104 (e⁹ ≈ 8103.08) to 22026.
fn widths_follow_ln() {
    assert_eq!(width(8103), 9);
    assert_eq!(width(8104), 10);
    assert_eq!(width(22026), 10);
    assert_eq!(width(22027), 11);
}

/// The rounded digits lie in [−2ᶜ⁻¹, 2ᶜ⁻¹] and reassemble the scalar, at scalars with runs
/// of ones across window edges.
fn rounded_digits_reassemble_the_scalar() {
    let all_ones = (BigUint::one() << 255u32) - 1u8;
    let alternating = BigUint::parse_bytes(&[b'a'; 64], 16).unwrap() >> 1u8;
    for s in [BigUint::zero(), BigUint::one(), all_ones, alternating] {
        for c in 2..=12 {
            let digits = signed_digits(&s, c, 255 / c + 1);
            let bound = 1i64 << (c - 1);
            assert!(digits.iter().all(|d| d.abs() <= bound), "c = {c}");
            let sum: BigInt = (digits.iter().enumerate())
                .map(|(w, d)| BigInt::from(*d) << (c * w))
                .sum();
            assert_eq!(sum, BigInt::from(s.clone()), "c = {c}");
        }
    }
}

/// Terms with logs kⁱ (no additive structure) on 8104 terms: distinct terms meet neither
/// branch; term 3 again at index 100 with its scalar doubles; its negation there cancels;
/// and on each of these lists and on repeats at other distances the labeller's model
/// ([`super::super::batch_affine`]) says the same.
fn repeats_double_negations_cancel_and_both_models_agree() {
    let order = (BigUint::one() << 255u32) - 19u8;
    let n = 8104;
    let k = BigUint::parse_bytes(b"2545f4914f6cdd1d", 16).unwrap();
    let logs: Vec<BigUint> = (1..=n as u32)
        .map(|i| k.modpow(&i.into(), &order))
        .collect();
    let scalars: Vec<BigUint> = (0..n as u64)
        .map(|i| (BigUint::from(0xd1b5_4a32_d192_ed03u64) * (i + 11)) % &order)
        .collect();
    let both = |logs: &[BigUint], scalars: &[BigUint]| {
        let replay = branches(logs, scalars, &order, 255);
        let labeller = super::super::batch_affine::batch_add_events(logs, scalars, &order, 255);
        assert_eq!(
            (replay.doubles, replay.cancels),
            (labeller.doubling, labeller.cancelling),
            "the two models disagree"
        );
        replay
    };
    assert_eq!(both(&logs, &scalars), Branches::default());
    let repeated = |from: usize, to: usize, negated: bool| {
        let (mut l, mut s) = (logs.clone(), scalars.clone());
        l[to] = if negated {
            &order - &l[from]
        } else {
            l[from].clone()
        };
        s[to] = s[from].clone();
        both(&l, &s)
    };
    let doubled = repeated(3, 100, false);
    assert!(doubled.doubles && !doubled.cancels, "{doubled:?}");
    let cancelled = repeated(3, 100, true);
    assert!(cancelled.cancels && !cancelled.doubles, "{cancelled:?}");
    for (from, to) in [(0, 1), (0, 64), (63, 127), (5, 3000), (8000, 8103)] {
        repeated(from, to, false);
        repeated(from, to, true);
    }
    // The digit's sign: P with scalar 2 and P with 2¹⁰ − 2 (window 0 digits +2 and −2,
    // bucket 1; window 1 digit +1, bucket 0, which takes no affine addition) cancel; −P
    // with 2¹⁰ − 2 doubles. Scalar 1 twice meets only bucket 0: neither branch.
    let small = |log: BigUint, first: u32, second: u32| {
        let (mut l, mut s) = (logs.clone(), scalars.clone());
        (l[3], l[4]) = (logs[3].clone(), log);
        (s[3], s[4]) = (first.into(), second.into());
        both(&l, &s)
    };
    let opposite_digits = small(logs[3].clone(), 2, 1022);
    assert!(
        opposite_digits.cancels && !opposite_digits.doubles,
        "{opposite_digits:?}"
    );
    let opposite_both = small(&order - &logs[3], 2, 1022);
    assert!(
        opposite_both.doubles && !opposite_both.cancels,
        "{opposite_both:?}"
    );
    assert_eq!(small(logs[3].clone(), 1, 1), Branches::default());
}

crate::declare::unit_tests![
    widths_follow_ln,
    rounded_digits_reassemble_the_scalar,
    repeats_double_negations_cancel_and_both_models_agree
];
