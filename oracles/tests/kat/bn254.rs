//! BN254 vectors: geth and evmone precompile data, Constantine G1/G2 scalar multiplication,
//! and the evmone/revm/mcl G2, pairing, GT and invalid-input cases.

use ecdiff_oracles::curves::{bn254_fq, bn254_fr, bn254_g1, bn254_g2};
use ecdiff_oracles::field::{Field, Fp};
use ecdiff_oracles::gt;
use ecdiff_oracles::precompiles::{bn254, CallResult, Failure};
use ecdiff_oracles::tower::bn254::Fp12;
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use serde_json::Value;

use super::{arr, bytes, dec, geth_contract_case, int, pad_or_truncate, s, Count};

/// A gas limit no contract call here reaches.
const ENOUGH: u64 = u64::MAX;

/// The output of a call that must succeed.
fn output(result: CallResult) -> Vec<u8> {
    match result {
        CallResult::Success { output, .. } => output,
        CallResult::Failure(why) => panic!("a valid input failed: {why:?}"),
    }
}

/// The failure of a call that must fail.
fn failure(result: CallResult) -> Failure {
    match result {
        CallResult::Failure(why) => why,
        CallResult::Success { output, .. } => panic!("an invalid input returned {output:?}"),
    }
}

/// The scalar `ECMUL` reads from `input` (bytes 64..96 after padding).
fn mul_scalar(input: &[u8]) -> BigUint {
    BigUint::from_bytes_be(&pad_or_truncate(input, 96)[64..])
}

/// Scalar classes seen by the mul checkers.
#[derive(Default)]
struct ScalarClasses {
    zero: usize,
    at_least_r: usize,
    all_ones: usize,
}

impl ScalarClasses {
    fn record(&mut self, k: &BigUint) {
        let all_ones = (BigUint::one() << 256u32) - 1u8;
        self.zero += usize::from(k.is_zero());
        self.at_least_r += usize::from(*k >= *bn254_fr().modulus());
        self.all_ones += usize::from(*k == all_ones);
    }
    fn assert_all_seen(&self, file: &str) {
        assert!(
            self.zero > 0 && self.at_least_r > 0 && self.all_ones > 0,
            "{file}: expected scalars 0, ≥ r and 2²⁵⁶ − 1"
        );
    }
}

/// `geth_bn256Add.json` through `ECADD`, with its gas.
pub fn geth_add(text: &str) -> Count {
    let mut count = Count::default();
    let cases: Value = serde_json::from_str(text).expect("json");
    for case in cases.as_array().expect("array") {
        geth_contract_case(case, bn254::ec_add);
        count.check();
    }
    count
}

/// `geth_bn256ScalarMul.json` through `ECMUL`, with its gas.
pub fn geth_mul(text: &str) -> Count {
    let mut count = Count::default();
    let mut classes = ScalarClasses::default();
    let cases: Value = serde_json::from_str(text).expect("json");
    for case in cases.as_array().expect("array") {
        geth_contract_case(case, bn254::ec_mul);
        classes.record(&mul_scalar(&bytes(s(case, "Input"))));
        count.check();
    }
    classes.assert_all_seen("geth_bn256ScalarMul.json");
    count
}

/// `geth_bn256Pairing.json` through `ECPAIRING`, with its gas (45000 + 34000 per pair).
pub fn geth_pairing(text: &str) -> Count {
    let mut count = Count::default();
    let cases: Value = serde_json::from_str(text).expect("json");
    for case in cases.as_array().expect("array") {
        geth_contract_case(case, bn254::ec_pairing);
        count.check();
    }
    count
}

/// `bn254_evmone_g1_add_mul.json`: the padding rule, then add and mul.
pub fn evmone_add_mul(text: &str) -> Count {
    let mut count = Count::default();
    let mut classes = ScalarClasses::default();
    let v: Value = serde_json::from_str(text).expect("json");
    for (op, len) in [("add", 128), ("mul", 96)] {
        for case in arr(&v, op) {
            let raw = bytes(s(case, "input"));
            let normalized = bytes(s(case, "input_padded_or_truncated"));
            assert_eq!(pad_or_truncate(&raw, len), normalized, "padding rule");
            let got = if op == "add" {
                output(bn254::ec_add(&raw, ENOUGH))
            } else {
                classes.record(&mul_scalar(&raw));
                output(bn254::ec_mul(&raw, ENOUGH))
            };
            assert_eq!(
                hex::encode(got),
                s(case, "expected"),
                "{op} {}",
                s(case, "input")
            );
            count.check();
        }
    }
    classes.assert_all_seen("bn254_evmone_g1_add_mul.json");
    count
}

/// A Constantine `{c0, c1}` 𝔽ₚ² value.
fn fp2_json(v: &Value) -> Fp2 {
    let fq = bn254_fq();
    Fp2::new(fq.elem(int(s(v, "c0"))), fq.elem(int(s(v, "c1"))))
}

/// Common Constantine header checks.
fn constantine_header(v: &Value, group: &str) {
    assert_eq!(s(v, "curve"), "BN254_Snarks");
    assert_eq!(s(v, "group"), group);
    assert_eq!(int(s(v, "modulus")), *bn254_fq().modulus());
    assert_eq!(int(s(v, "order")), *bn254_fr().modulus());
    assert_eq!(s(v, "form"), "short_weierstrass");
    assert_eq!(int(s(v, "a")), BigUint::zero());
    assert_eq!(int(s(v, "b")), BigUint::from(3u8));
}

/// `constantine_tv_BN254_Snarks_scalar_mul_G1_*bit.json`: Q = scalar·P on random P ∈ G1.
pub fn constantine_g1(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    constantine_header(&v, "G1");
    let g1 = bn254_g1();
    assert_eq!(int(s(&v, "cofactor")), g1.cofactor);
    let fq = bn254_fq();
    let point = |p: &Value| Point::Affine {
        x: fq.elem(int(s(p, "x"))),
        y: fq.elem(int(s(p, "y"))),
    };
    for t in arr(&v, "vectors") {
        let (p, q) = (point(&t["P"]), point(&t["Q"]));
        assert!(g1.is_in_subgroup(&p) && g1.is_on_curve(&q));
        assert_ne!(p, g1.generator, "non-generator base");
        assert_eq!(g1.mul(&p, &int(s(t, "scalar"))), q, "vector {}", t["id"]);
        count.check();
    }
    count
}

/// `constantine_tv_BN254_Snarks_scalar_mul_G2_*bit.json`: Q = scalar·P on random P ∈ G2,
/// plus the twist description and the G2 cofactor in the header.
pub fn constantine_g2(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    constantine_header(&v, "G2");
    assert_eq!(s(&v, "twist"), "D_Twist");
    assert_eq!(v["non_residue_fp"], -1);
    assert_eq!(v["non_residue_twist"], serde_json::json!([9, 1]));
    let g2 = bn254_g2();
    assert_eq!(int(s(&v, "cofactor")), g2.cofactor);
    let point = |p: &Value| Point::Affine {
        x: fp2_json(&p["x"]),
        y: fp2_json(&p["y"]),
    };
    for t in arr(&v, "vectors") {
        let (p, q) = (point(&t["P"]), point(&t["Q"]));
        assert!(g2.is_in_subgroup(&p) && g2.is_on_curve(&q));
        assert_ne!(p, g2.generator, "non-generator base");
        assert_eq!(g2.mul(&p, &int(s(t, "scalar"))), q, "vector {}", t["id"]);
        count.check();
    }
    count
}

/// A hex `{x, y}` G1 point of the kats file (not validated).
fn g1_hex(v: &Value) -> Point<Fp> {
    let fq = bn254_fq();
    Point::Affine {
        x: fq.elem(int(s(v, "x"))),
        y: fq.elem(int(s(v, "y"))),
    }
}

/// A hex `{x: {c0, c1}, y: {c0, c1}}` G2 point of the kats file (not validated).
fn g2_hex(v: &Value) -> Point<Fp2> {
    Point::Affine {
        x: fp2_json(&v["x"]),
        y: fp2_json(&v["y"]),
    }
}

/// `bn254_g2_gt_invalid_kats.json`.
pub fn g2_gt_invalid(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    assert_eq!(int(s(&v, "p")), *bn254_fq().modulus());
    assert_eq!(int(s(&v, "r")), *bn254_fr().modulus());
    evmone_pairing(&v["evmone_pairing"], &mut count);
    revm_invalid(&v["revm_invalid_g1"], &mut count);
    mcl_gt(&v["mcl_gt"], &mut count);
    count
}

/// The evmone section: G2 multiples, pairing checks, invalid inputs, evm.codes example.
fn evmone_pairing(v: &Value, count: &mut Count) {
    let (g1, g2) = (bn254_g1(), bn254_g2());
    let pts = &v["points"];
    let p1 = g1_hex(&pts["P1"]);
    let p1_17 = g1_hex(&pts["P1_times_17"]);
    let q1 = g2_hex(&pts["Q1"]);
    let neg_q1_16 = g2_hex(&pts["neg_Q1_times_16"]);
    let neg_q1_17 = g2_hex(&pts["neg_Q1_times_17"]);
    for p in [&p1, &p1_17] {
        assert!(g1.is_in_subgroup(p));
    }
    for q in [&q1, &neg_q1_16, &neg_q1_17] {
        assert!(g2.is_in_subgroup(q));
    }
    // Scalar-multiplication known answers: 17·P1, 16·Q1 = −(−16·Q1), 17·Q1.
    assert_eq!(g1.mul(&p1, &BigUint::from(17u8)), p1_17);
    count.check();
    assert_eq!(g2.mul(&q1, &BigUint::from(16u8)), g2.neg(&neg_q1_16));
    count.check();
    assert_eq!(g2.mul(&q1, &BigUint::from(17u8)), g2.neg(&neg_q1_17));
    count.check();

    let g1_named = |name: &str| match name {
        "P1" => p1.clone(),
        "nP1" => g1.neg(&p1),
        "P1_times_17" => p1_17.clone(),
        _ => panic!("unknown G1 name {name}"),
    };
    let g2_named = |name: &str| match name {
        "Q1" => q1.clone(),
        "nQ1" => g2.neg(&q1),
        "neg_Q1_times_16" => neg_q1_16.clone(),
        "neg_Q1_times_17" => neg_q1_17.clone(),
        _ => panic!("unknown G2 name {name}"),
    };
    for case in arr(v, "pairing_checks") {
        let pairs: Vec<_> = arr(case, "pairs")
            .iter()
            .map(|pair| {
                let pair = pair.as_array().expect("pair");
                (
                    g1_named(pair[0].as_str().expect("name")),
                    g2_named(pair[1].as_str().expect("name")),
                )
            })
            .collect();
        assert_eq!(gt::pairing_check(&pairs), case["expected"], "{case}");
        count.check();
    }
    // "the single pair [P1_times_17, Q1] itself gives pairing_check == false".
    assert!(!gt::pairing_check(&[(p1_17.clone(), q1.clone())]));
    count.check();

    // Invalid inputs: each modification must be rejected by decoding or validation.
    let p = bn254_fq().modulus();
    let evm_pair = |p1: &Point<Fp>, q: &Point<Fp2>| -> Vec<u8> {
        let Point::Affine { x, y } = q else {
            panic!("affine")
        };
        [
            bn254::g1_encode(p1),
            x.c1.to_be_bytes(32),
            x.c0.to_be_bytes(32),
            y.c1.to_be_bytes(32),
            y.c0.to_be_bytes(32),
        ]
        .concat()
    };
    let base = evm_pair(&p1_17, &q1);
    assert_eq!(
        bn254::pairing_decode(&base),
        Ok(vec![(p1_17.clone(), q1.clone())])
    );
    let word = |n: &BigUint| pad_be(n);
    let add_one = |w: &[u8]| pad_be(&(BigUint::from_bytes_be(w) + 1u8));
    for case in arr(v, "invalid_inputs") {
        let mut input = base.clone();
        let expected = match case.get("modification").and_then(Value::as_str) {
            Some("P.x := p") => {
                input[..32].copy_from_slice(&word(p));
                Failure::CoordinateOutOfRange
            }
            Some("Q.x.c1 := p") => {
                input[64..96].copy_from_slice(&word(p));
                Failure::CoordinateOutOfRange
            }
            Some("P.x := P.x + 1") => {
                let x = add_one(&input[..32]);
                input[..32].copy_from_slice(&x);
                Failure::NotOnCurve
            }
            Some("Q.x.c0 := Q.x.c0 + 1") => {
                let x = add_one(&input[96..128]);
                input[96..128].copy_from_slice(&x);
                Failure::NotOnCurve
            }
            Some(other) => panic!("unknown modification {other}"),
            None => {
                let q = g2_hex(&case["Q_not_in_G2"]);
                assert!(g2.is_on_curve(&q) && !g2.is_in_subgroup(&q));
                input = evm_pair(&p1_17, &q);
                Failure::NotInSubgroup
            }
        };
        assert_eq!(
            failure(bn254::ec_pairing(&input, ENOUGH)),
            expected,
            "{}",
            s(case, "case")
        );
        count.check();
    }

    // The evm.codes example, and its c0/c1-swapped variant (not on the twist).
    let example = &v["evm_codes_example"];
    let pairs: Vec<_> = arr(example, "pairs")
        .iter()
        .map(|pair| (g1_hex(&pair[0]), g2_hex(&pair[1])))
        .collect();
    for (p, q) in &pairs {
        assert!(g1.is_in_subgroup(p) && g2.is_in_subgroup(q));
    }
    assert_eq!(gt::pairing_check(&pairs), example["expected"]);
    count.check();
    for (_, q) in &pairs {
        let Point::Affine { x, y } = q else {
            panic!("affine")
        };
        let swap = |a: &Fp2| Fp2::new(a.c1.clone(), a.c0.clone());
        assert!(!g2.is_on_curve(&Point::Affine {
            x: swap(x),
            y: swap(y)
        }));
        count.check();
    }
}

/// A 32-byte big-endian word.
fn pad_be(n: &BigUint) -> Vec<u8> {
    let b = n.to_bytes_be();
    assert!(b.len() <= 32);
    [vec![0; 32 - b.len()], b].concat()
}

/// The revm section: invalid G1 points rejected, infinity handling.
fn revm_invalid(v: &Value, count: &mut Count) {
    for case in arr(v, "cases") {
        let input = bytes(s(case, "input"));
        let expected = s(case, "expected");
        match (s(case, "op"), expected.starts_with("error")) {
            ("add", true) => {
                assert_eq!(failure(bn254::ec_add(&input, ENOUGH)), Failure::NotOnCurve)
            }
            ("mul", true) => {
                assert_eq!(failure(bn254::ec_mul(&input, ENOUGH)), Failure::NotOnCurve)
            }
            ("pairing", true) => {
                let reason = if expected.contains("length") {
                    Failure::InputLength
                } else {
                    Failure::NotOnCurve
                };
                assert_eq!(failure(bn254::ec_pairing(&input, ENOUGH)), reason);
            }
            ("mul", false) => {
                assert_eq!(hex::encode(output(bn254::ec_mul(&input, ENOUGH))), expected);
            }
            ("pairing", false) => {
                assert_eq!(
                    hex::encode(output(bn254::ec_pairing(&input, ENOUGH))),
                    expected
                );
            }
            (op, _) => panic!("unexpected revm case {op}"),
        }
        count.check();
    }
}

/// The mcl section: its G2 point, the embedded copy of e, and GT exponentiation identities.
fn mcl_gt(v: &Value, count: &mut Count) {
    let fq = bn254_fq();
    let (g1, g2) = (bn254_g1(), bn254_g2());
    let p = Point::Affine {
        x: fq.elem(dec(s(&v["P"], "x"))),
        y: fq.elem(dec(s(&v["P"], "y"))),
    };
    assert_eq!(p, g1.generator);
    let fp2_dec = |w: &Value| Fp2::new(fq.elem(dec(s(w, "c0"))), fq.elem(dec(s(w, "c1"))));
    let q = Point::Affine {
        x: fp2_dec(&v["Q"]["x"]),
        y: fp2_dec(&v["Q"]["y"]),
    };
    assert!(g2.is_in_subgroup(&q));
    count.check();

    // The embedded copy equals the file.
    let coeffs: Vec<BigUint> = arr(v, "e_P_Q")
        .iter()
        .map(|c| dec(c.as_str().expect("decimal")))
        .collect();
    let file_e =
        Fp12::from_coeffs(&coeffs.clone().try_into().expect("12 coefficients")).expect("canonical");
    assert_eq!(&file_e, gt::mcl_e());
    assert_eq!(gt::mcl_e().coeffs(), coeffs);
    count.check();

    let e = gt::mcl_e();
    let r = bn254_fr().modulus();
    let one = gt::one();
    assert_ne!(e, &one, "e ≠ 1");
    assert!(gt::is_in_gt(e), "e^r = 1");
    assert_eq!(gt::pow(e, &BigUint::zero()), one, "e^0 = 1");
    assert_eq!(&gt::pow(e, &BigUint::one()), e, "e^1 = e");
    assert_eq!(&gt::pow(e, &(r + 1u8)), e, "e^(r+1) = e");
    assert_eq!(gt::conjugate(e), e.inv().expect("e ≠ 0"), "ē = e⁻¹ in GT");
    let a = dec("123456789012345678901234567890123456789012345678901234567890");
    let b = r - 987654321u32;
    let lhs = gt::mul(&gt::pow(e, &a), &gt::pow(e, &b));
    assert_eq!(lhs, gt::pow(e, &(&a + &b)), "e^a·e^b = e^(a+b)");
    assert_eq!(lhs, gt::pow_e(&(&a + &b)), "pow_e agrees");
    for _ in 0..6 {
        count.check();
    }

    // This crate's Tate pairing of the same P, Q lands in GT \ {1} too.
    let ours = gt::pairing(&p, &q);
    assert!(ours != one && gt::is_in_gt(&ours));
    count.check();
}
