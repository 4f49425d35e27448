//! secp256k1 vectors: Constantine scalar multiplication, Chuck Batson generator multiples
//! (via k256), and Wycheproof ECDH.

use std::collections::BTreeMap;

use ecdiff_oracles::curves::{secp256k1, secp256k1_fp};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::Zero;
use serde_json::Value;

use super::{arr, bytes, geth_contract_case, int, json, s, Count};

/// SPKI prefix of an uncompressed named-curve secp256k1 key (before `04 ‖ x ‖ y`).
const SPKI_UNCOMPRESSED: &str = "3056301006072a8648ce3d020106052b8104000a034200";
/// SPKI prefix of a compressed named-curve secp256k1 key (before `02|03 ‖ x`).
const SPKI_COMPRESSED: &str = "3036301006072a8648ce3d020106052b8104000a032200";

/// An affine point from hex coordinates, if both are canonical (not validated otherwise).
fn affine(x: &str, y: &str) -> Option<Point<Fp>> {
    let fp = secp256k1_fp();
    Some(Point::Affine {
        x: fp.from_canonical(&int(x))?,
        y: fp.from_canonical(&int(y))?,
    })
}

/// `constantine_tv_Secp256k1_scalar_mul_G1_*bit.json`: Q = scalar·P on random P.
pub fn constantine(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    let curve = secp256k1();
    assert_eq!(s(&v, "curve"), "Secp256k1");
    assert_eq!(int(s(&v, "modulus")), *secp256k1_fp().modulus());
    assert_eq!(int(s(&v, "order")), curve.order);
    assert_eq!(int(s(&v, "cofactor")), curve.cofactor);
    assert_eq!(int(s(&v, "a")), BigUint::zero());
    assert_eq!(int(s(&v, "b")), BigUint::from(7u8));
    for t in arr(&v, "vectors") {
        let point = |p: &Value| affine(s(p, "x"), s(p, "y")).expect("canonical");
        let (p, q) = (point(&t["P"]), point(&t["Q"]));
        assert!(curve.is_in_subgroup(&p) && curve.is_on_curve(&q));
        assert_ne!(p, curve.generator, "non-generator base");
        assert_eq!(curve.mul(&p, &int(s(t, "scalar"))), q, "vector {}", t["id"]);
        count.check();
    }
    count
}

/// `secp256k1_k256_chuckbatson.json`: k·G through both `mul_generator` and `mul`, and
/// (n − i)·G = −(i·G).
pub fn chuck_batson(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    let curve = secp256k1();
    let n = &curve.order;
    let mut small = BTreeMap::new();
    for t in arr(&v, "generator_multiples_k_1_to_20") {
        let k = t["k"].as_u64().expect("small k");
        let expected = affine(s(t, "x"), s(t, "y")).expect("canonical");
        let k_big = BigUint::from(k);
        assert_eq!(curve.mul(&curve.generator, &k_big), expected, "{k}·G");
        assert_eq!(curve.mul_generator(&k_big), expected, "{k}·G (table)");
        small.insert(k, expected);
        count.check();
    }
    let mut negatives = 0;
    for t in arr(&v, "scalar_mul_generator") {
        let k = int(s(t, "k"));
        let expected = affine(s(t, "x"), s(t, "y")).expect("canonical");
        assert_eq!(curve.mul(&curve.generator, &k), expected, "k = {k:x}");
        assert_eq!(curve.mul_generator(&k), expected, "k = {k:x} (table)");
        if let Some(i) = (n - &k).iter_u64_digits().next().filter(|i| *i <= 20) {
            assert_eq!(expected, curve.neg(&small[&i]), "(n − {i})·G = −({i}·G)");
            negatives += 1;
        }
        count.check();
    }
    assert_eq!(negatives, 20, "k = n − 20 … n − 1");
    count
}

/// The public point of a Wycheproof points-file entry: `Ok(point)` for a valid encoding,
/// `Err(reason)` if it is rejected (non-canonical coordinate, off the curve, or a compressed x
/// with no point).
fn wycheproof_public(t: &Value) -> Result<Point<Fp>, &'static str> {
    let curve = secp256k1();
    if let Some(compressed) = t.get("public_compressed").and_then(Value::as_str) {
        let b = bytes(compressed);
        assert!(b.len() == 33 && (b[0] == 2 || b[0] == 3));
        let x = secp256k1_fp()
            .from_canonical(&BigUint::from_bytes_be(&b[1..]))
            .ok_or("x ≥ p")?;
        let Point::Affine { x, y } = curve.lift_x(&x).ok_or("no point with this x")? else {
            unreachable!("lift_x returns affine points")
        };
        // SEC 1 §2.3.4: the prefix carries the parity of y.
        let y = if y.value().bit(0) == (b[0] == 3) {
            y
        } else {
            y.neg()
        };
        return Ok(Point::Affine { x, y });
    }
    let p = affine(s(t, "public_x"), s(t, "public_y")).ok_or("coordinate ≥ p")?;
    if curve.is_on_curve(&p) {
        Ok(p)
    } else {
        Err("not on the curve")
    }
}

/// `wycheproof_ecdh_secp256k1_points.json`: x(private·public) = shared for every valid or
/// acceptable test (non-generator bases, compressed points through `lift_x`), and every
/// invalid point rejected.
pub fn wycheproof_points(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    let curve = secp256k1();
    let mut rejected = 0;
    for t in arr(&v, "tests") {
        let id = &t["tcId"];
        let shared_x = |p: &Point<Fp>| {
            let Point::Affine { x, .. } = curve.mul(p, &int(s(t, "private"))) else {
                panic!("tcId {id}: shared point at infinity")
            };
            hex::encode(x.to_be_bytes(32))
        };
        let flags = arr(t, "flags");
        match s(t, "result") {
            "acceptable" if flags.iter().any(|f| f == "InvalidAsn") => {
                // The corrupted last byte of the BIT STRING is y's last byte: the point must
                // be rejected, and the intact point (same x) gives the listed secret.
                assert!(
                    wycheproof_public(t).is_err(),
                    "tcId {id}: corrupted y accepted"
                );
                let x = secp256k1_fp().elem(int(s(t, "public_x")));
                let p = curve.lift_x(&x).expect("x of a curve point");
                assert_eq!(shared_x(&p), s(t, "shared"), "tcId {id}");
            }
            "valid" | "acceptable" => {
                let p = wycheproof_public(t).unwrap_or_else(|e| panic!("tcId {id}: {e}"));
                assert_ne!(p, curve.generator, "tcId {id}: non-generator base");
                assert_eq!(shared_x(&p), s(t, "shared"), "tcId {id}");
            }
            "invalid" => {
                assert!(wycheproof_public(t).is_err(), "tcId {id} must be rejected");
                rejected += 1;
            }
            other => panic!("tcId {id}: unknown result {other}"),
        }
        count.check();
    }
    assert_eq!(
        rejected, 21,
        "16 invalid-curve, 2 modified, 3 compressed invalid points"
    );
    count
}

/// `wycheproof_ecdh_secp256k1_test.json` (verbatim): every test whose SPKI is the plain
/// named-curve form corresponds, by tcId, to an entry of the points file with the same point,
/// private key, shared secret, result, flags and comment, and vice versa.
pub fn wycheproof_verbatim(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    let groups = arr(&v, "testGroups");
    assert_eq!(groups.len(), 1);
    assert_eq!(s(&groups[0], "curve"), "secp256k1");
    let tests = arr(&groups[0], "tests");
    assert_eq!(v["numberOfTests"].as_u64(), Some(tests.len() as u64));

    let points = json("wycheproof_ecdh_secp256k1_points.json");
    let mut derived: BTreeMap<u64, &Value> = arr(&points, "tests")
        .iter()
        .map(|t| (t["tcId"].as_u64().expect("tcId"), t))
        .collect();
    for t in tests {
        let id = t["tcId"].as_u64().expect("tcId");
        let public = s(t, "public");
        let point = if let Some(rest) = public.strip_prefix(SPKI_UNCOMPRESSED) {
            (rest.len() == 130 && rest.starts_with("04")).then(|| rest.to_string())
        } else if let Some(rest) = public.strip_prefix(SPKI_COMPRESSED) {
            (rest.len() == 66).then(|| rest.to_string())
        } else {
            None
        };
        let Some(point) = point else {
            assert!(!derived.contains_key(&id), "tcId {id} is not plain SPKI");
            continue;
        };
        let d = derived
            .remove(&id)
            .unwrap_or_else(|| panic!("tcId {id} missing from the points file"));
        let derived_point = match d.get("public_compressed").and_then(Value::as_str) {
            Some(c) => c.to_string(),
            None => format!("04{}{}", s(d, "public_x"), s(d, "public_y")),
        };
        assert_eq!(point, derived_point, "tcId {id}: point");
        for key in ["private", "shared", "result", "comment"] {
            assert_eq!(t[key], d[key], "tcId {id}: {key}");
        }
        assert_eq!(t["flags"], d["flags"], "tcId {id}: flags");
        count.check();
    }
    assert!(
        derived.is_empty(),
        "points-file entries without a source: {derived:?}"
    );
    count
}

/// `geth_ecRecover.json` through the `ecrecover` contract: each case's output at its gas, out
/// of gas one below it, and the reason of each empty output (geth's names say it).
pub fn geth_ecrecover(text: &str) -> Count {
    use ecdiff_oracles::precompiles::ecrecover::{ecrecover, recover, Rejection};
    let mut count = Count::default();
    let cases: Value = serde_json::from_str(text).expect("json");
    for case in cases.as_array().expect("array") {
        let name = s(case, "Name");
        let input = bytes(s(case, "Input"));
        geth_contract_case(case, ecrecover);
        let why = recover(&input).err();
        match name {
            "ValidKey" => assert_eq!(why, None),
            "CallEcrecoverUnrecoverableKey" => assert_eq!(why, Some(Rejection::NoPointAtR)),
            _ if name.starts_with("InvalidHighV") => {
                assert_eq!(why, Some(Rejection::RecoveryId), "{name}")
            }
            _ => panic!("geth_ecRecover.json: a case this checker does not know: {name}"),
        }
        count.check();
    }
    count
}
