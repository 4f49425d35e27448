//! The `msm` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;

fn the_recodings_are_exact_without_their_flaws() {
    use num_bigint::BigInt;
    let value = |digits: &[i16], w: usize| {
        digits
            .iter()
            .enumerate()
            .fold(BigInt::zero(), |acc, (i, &d)| {
                acc + (BigInt::from(d) << (i * w))
            })
    };
    let l = crate::families::curve25519::edwards::order();
    for s in [
        l - 1u8,
        l - 12345u32,
        BigUint::from(0x8000_0000_0000_0000u64),
    ] {
        let sc = adapter_dalek::scalar(&s);
        let want = BigInt::from(s.clone());
        for w in [4usize, 6, 7, 8] {
            let d = radix_2w(&sc, w, 256usize.div_ceil(w) + 1, false);
            assert_eq!(value(&d, w), want, "radix 2^{w}");
        }
        for w in [5usize, 8] {
            assert_eq!(value(&naf(&sc, w, 258), 1), want, "width-{w} NAF");
        }
    }
}

crate::declare::unit_tests![the_recodings_are_exact_without_their_flaws];
