//! Scalars with edge classes.
//!
//! Classes (names recorded with [`Gen::hit`]):
//! `scalar_zero`, `scalar_one`, `scalar_two`, `scalar_order_minus_1` (r − 1, i.e. −1),
//! `scalar_near_order` (r − k for 2 ≤ k ≤ 2¹⁶),
//! `scalar_small` (< 2¹⁶), `scalar_pow2_pm1` (2ᵏ − 1, 2ᵏ, 2ᵏ + 1, reduced), `scalar_high_hamming`
//! (most bits set), `scalar_low_hamming` (a few bits set), `scalar_runs` (long runs of 0s and
//! 1s), `scalar_random` (uniform below r). Where an API takes raw integers,
//! [`raw_scalar`] adds `scalar_order` (r), `scalar_order_plus_1` and `scalar_above_order`
//! (r + x and values up to 2²⁵⁶ − 1).
//!
//! The weights follow the research notes: half of the draws land on a special value
//! (cryptofuzz's biased-value pattern), half are uniform.
//!
//! Users (`scripts/shared-users.py`): the core's shapes and curve25519, dory.

use super::tape::Choice;
use super::{Bias, Gen};
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// Every class [`scalar`] can record.
pub const SCALAR_CLASSES: &[&str] = &[
    "scalar_zero",
    "scalar_one",
    "scalar_two",
    "scalar_order_minus_1",
    "scalar_near_order",
    "scalar_small",
    "scalar_pow2_pm1",
    "scalar_high_hamming",
    "scalar_low_hamming",
    "scalar_runs",
    "scalar_random",
];

/// Whether some scalar of `scalars` has the property of the scalar class `class` (`None` for a
/// class [`scalar`] does not record), read off the values: 0, 1, 2, r − 1; within 2¹⁶ below r
/// (`near_order`); below 2¹⁶ (`small`); 2ᵏ − 1, 2ᵏ or 2ᵏ + 1, possibly reduced mod r
/// (`pow2_pm1`); below 2^(b−1) (b the bits of r) with at most 6 of those bits clear
/// (`high_hamming`) or 1 to 4 set (`low_hamming`); below 2^(b−1) made of runs of 8 to 64 equal
/// bits (`runs`); any value below r (`random`).
pub fn scalar_class_holds(class: &str, scalars: &[BigUint], order: &BigUint) -> Option<bool> {
    let bits = order.bits();
    let top = BigUint::one() << (bits - 1);
    let ones = |s: &BigUint| s.count_ones();
    let power_of_two = |v: &BigUint| v.count_ones() == 1;
    let pow2_pm1 = |s: &BigUint| {
        [s.clone(), s + order].iter().any(|v| {
            power_of_two(v)
                || power_of_two(&(v + 1u8))
                || (v > &BigUint::one() && power_of_two(&(v - 1u8)))
        })
    };
    let runs = |s: &BigUint| {
        // Every maximal run of equal bits below bit b − 1, but the last, is 8 to 64 long.
        let bits_of: Vec<bool> = (0..bits - 1).map(|i| s.bit(i)).collect();
        let mut lengths = Vec::new();
        let mut start = 0;
        for i in 1..=bits_of.len() {
            if i == bits_of.len() || bits_of[i] != bits_of[start] {
                lengths.push(i - start);
                start = i;
            }
        }
        // The drawn runs alternate, so each is a maximal run; the last is cut at bit b − 1.
        let last = lengths.len().saturating_sub(1);
        s < &top && lengths.iter().take(last).all(|l| (8..=64).contains(l))
    };
    let any = |f: &dyn Fn(&BigUint) -> bool| scalars.iter().any(f);
    Some(match class {
        "scalar_zero" => any(&|s| s.is_zero()),
        "scalar_one" => any(&|s| s.is_one()),
        "scalar_two" => any(&|s| *s == BigUint::from(2u8)),
        "scalar_order_minus_1" => any(&|s| *s == order - 1u8),
        "scalar_near_order" => any(&|s| s < &(order - 1u8) && s >= &(order - (1u32 << 16))),
        "scalar_small" => any(&|s| s < &BigUint::from(1u32 << 16)),
        "scalar_pow2_pm1" => any(&pow2_pm1),
        "scalar_high_hamming" => any(&|s| s < &top && ones(s) + 6 >= bits - 1),
        "scalar_low_hamming" => any(&|s| s < &top && (1..=4).contains(&ones(s))),
        "scalar_runs" => any(&runs),
        "scalar_random" => any(&|s| s < order),
        _ => return None,
    })
}

/// The extra classes of [`raw_scalar`].
pub const RAW_SCALAR_CLASSES: &[&str] =
    &["scalar_order", "scalar_order_plus_1", "scalar_above_order"];

/// The scope every [`scalar`] is recorded under.
pub const SCALAR_SCOPE: &str = "scalar";

/// The scope every [`raw_scalar`] is recorded under.
pub const RAW_SCALAR_SCOPE: &str = "scalar.raw";

/// The simplest scalars, as the choices that make [`scalar`] replay them, simplest first:
/// 0, 1, 2, −1 (r − 1), then the small values 3, 4, 5 … (class `scalar_small`).
pub fn simplest_scalars() -> Vec<Vec<Choice>> {
    let mut v = vec![
        vec![Choice::W(0)],
        vec![Choice::W(1)],
        vec![Choice::W(2)],
        vec![Choice::W(3)],
    ];
    v.extend((3..6).map(|k| vec![Choice::W(5), Choice::I(k)]));
    v
}

/// A scalar in `0..order`, edge-biased under [`Bias::Edge`], uniform under [`Bias::Uniform`].
pub fn scalar(g: &mut Gen, order: &BigUint) -> BigUint {
    let (value, class) = unrecorded_scalar(g, order);
    if let Some(class) = class {
        g.hit(class);
    }
    value
}

/// [`scalar`] without recording its class: the value and the class for the caller to record
/// ([`Gen::hit`]) once it knows the value stays in the case (a sum may replace it to build a
/// coincidence, [`super::coincidence`]). `None` under the uniform baseline.
pub fn unrecorded_scalar(g: &mut Gen, order: &BigUint) -> (BigUint, Option<&'static str>) {
    g.scope(SCALAR_SCOPE, |g| scalar_unscoped(g, order))
}

fn scalar_unscoped(g: &mut Gen, order: &BigUint) -> (BigUint, Option<&'static str>) {
    if g.bias() == Bias::Uniform {
        return (g.biguint_below(order), None);
    }
    let bits = order.bits();
    let weights = [6, 6, 5, 6, 5, 6, 6, 6, 6, 6, 42];
    let (class, value) = match g.weighted(&weights) {
        0 => ("scalar_zero", BigUint::zero()),
        1 => ("scalar_one", BigUint::one()),
        2 => ("scalar_two", BigUint::from(2u8)),
        3 => ("scalar_order_minus_1", order - 1u8),
        4 => (
            "scalar_near_order",
            order - BigUint::from(g.range(2, 1 << 16)),
        ),
        5 => ("scalar_small", BigUint::from(g.below(1 << 16))),
        6 => {
            let k = g.below(bits) as usize;
            let p = BigUint::one() << k;
            let v = match g.below(3) {
                0 => p - 1u8,
                1 => p,
                _ => p + 1u8,
            };
            ("scalar_pow2_pm1", v % order)
        }
        7 => {
            // Clear a handful of random bits of an all-ones value.
            let mut v = (BigUint::one() << (bits - 1)) - 1u8;
            for _ in 0..g.range(0, 6) {
                v.set_bit(g.below(bits - 1), false);
            }
            ("scalar_high_hamming", v % order)
        }
        8 => {
            let mut v = BigUint::zero();
            for _ in 0..g.range(1, 4) {
                v.set_bit(g.below(bits - 1), true);
            }
            ("scalar_low_hamming", v % order)
        }
        9 => ("scalar_runs", runs(g, bits - 1) % order),
        _ => ("scalar_random", g.biguint_below(order)),
    };
    (value, Some(class))
}

/// An integer below 2²⁵⁶ that may exceed the order, for APIs that take raw 32-byte integers:
/// the classes of [`scalar`] plus r, r + 1 and values in r..2²⁵⁶.
pub fn raw_scalar(g: &mut Gen, order: &BigUint) -> BigUint {
    g.scope(RAW_SCALAR_SCOPE, |g| raw_scalar_unscoped(g, order))
}

fn raw_scalar_unscoped(g: &mut Gen, order: &BigUint) -> BigUint {
    if g.bias() == Bias::Uniform {
        return g.biguint_bits(256);
    }
    match g.weighted(&[80, 5, 5, 10]) {
        0 => scalar(g, order),
        1 => {
            g.hit("scalar_order");
            order.clone()
        }
        2 => {
            g.hit("scalar_order_plus_1");
            order + 1u8
        }
        _ => {
            // Uniform in [r, 2²⁵⁶): what a 32-byte encoding can hold above the order.
            g.hit("scalar_above_order");
            let width = (BigUint::one() << 256u32) - order;
            order + g.biguint_below(&width)
        }
    }
}

/// Alternating runs of 1s and 0s of random lengths, `bits` bits long.
fn runs(g: &mut Gen, bits: u64) -> BigUint {
    let mut v = BigUint::zero();
    let mut pos = 0;
    let mut ones = g.chance(1, 2);
    while pos < bits {
        let len = g.range(8, 64) as u64;
        if ones {
            for b in pos..(pos + len).min(bits) {
                v.set_bit(b, true);
            }
        }
        pos += len;
        ones = !ones;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::case_bytes;

    fn order() -> BigUint {
        // The BN254 scalar field order.
        BigUint::parse_bytes(
            b"30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001",
            16,
        )
        .unwrap()
    }

    #[test]
    fn every_class_is_drawn_and_values_stay_below_the_order() {
        let r = order();
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..400 {
            let data = case_bytes(0, "scalars", i, 64);
            let mut g = Gen::new(&data, Bias::Edge);
            let s = scalar(&mut g, &r);
            assert!(s < r);
            if g.classes().contains("scalar_zero") {
                assert!(s.is_zero());
            }
            if g.classes().contains("scalar_order_minus_1") {
                assert_eq!(s, &r - 1u8);
            }
            if g.classes().contains("scalar_high_hamming") {
                assert!(s.count_ones() > 240, "{s:x}");
            }
            if g.classes().contains("scalar_low_hamming") {
                assert!(s.count_ones() <= 4);
            }
            seen.extend(g.into_classes());
        }
        for class in SCALAR_CLASSES {
            assert!(seen.contains(class), "{class} never drawn");
        }
    }

    #[test]
    fn raw_scalars_reach_the_order_and_beyond() {
        let r = order();
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..300 {
            let data = case_bytes(0, "raw", i, 64);
            let mut g = Gen::new(&data, Bias::Edge);
            let s = raw_scalar(&mut g, &r);
            if g.classes().contains("scalar_above_order") {
                assert!(s >= r);
            }
            assert!(s.bits() <= 256, "raw scalars fit 32 bytes");
            seen.extend(g.into_classes());
        }
        for class in RAW_SCALAR_CLASSES {
            assert!(seen.contains(class), "{class} never drawn");
        }
    }

    #[test]
    fn uniform_bias_records_no_classes() {
        let data = case_bytes(0, "u", 0, 64);
        let mut g = Gen::new(&data, Bias::Uniform);
        for _ in 0..50 {
            scalar(&mut g, &order());
        }
        assert!(g.classes().is_empty());
    }
}
