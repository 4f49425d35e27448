//! P-256 (secp256r1) vectors: NIST CAVP ECDH (via BoringSSL), BoringSSL k·G for
//! k = −64 … 64 and Montgomery-domain Jacobian point additions, RustCrypto's nisttv
//! generator multiples, and Wycheproof ECDH with raw SEC 1 points and with DER
//! SubjectPublicKeyInfo, and go-ethereum's P256VERIFY precompile data (`tests/vectors/SOURCES.md`
//! §8).

use std::collections::{BTreeMap, BTreeSet};

use ecdiff_oracles::curves::{p256, p256_fp};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::sec1;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use serde_json::Value;

use super::{arr, bytes, geth_contract_case, int, json, s, Count};

/// An affine point from hex coordinates, checked canonical and on the curve; `(0, 0)` (which is
/// not a P-256 point, b ≠ 0) is the files' spelling of the point at infinity.
fn affine_or_infinity(x: &str, y: &str) -> Point<Fp> {
    let (x, y) = (int(x), int(y));
    if x.is_zero() && y.is_zero() {
        return Point::Identity;
    }
    let fp = p256_fp();
    let p = Point::Affine {
        x: fp.from_canonical(&x).expect("x < p"),
        y: fp.from_canonical(&y).expect("y < p"),
    };
    assert!(p256().is_on_curve(&p), "vector point off the curve");
    p
}

/// The 32-byte big-endian x-coordinate of `private·public` (the ECDH shared secret Z of
/// SEC 1 v2 §3.3.1), by double-and-add.
fn shared_x(public: &Point<Fp>, private: &BigUint) -> String {
    match p256().mul(public, private) {
        Point::Affine { x, .. } => hex::encode(x.to_be_bytes(32)),
        Point::Identity => panic!("shared point at infinity"),
    }
}

/// The point given as `04 ‖ x ‖ y` through the SEC 1 decoder, which must accept it and
/// re-encode it byte for byte.
fn decode_uncompressed(x: &str, y: &str) -> Point<Fp> {
    let encoding = bytes(&format!("04{x}{y}"));
    let p = sec1::decode(p256(), &encoding).expect("valid uncompressed point");
    assert_eq!(sec1::encode(&p, false), encoding);
    p
}

/// `p256_nist_cavp_ecdh_boringssl.json`: private·G = public (double-and-add and the
/// fixed-base table) and x(private·peer) = shared_x.
pub fn cavp_ecdh(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    let curve = p256();
    assert_eq!(int(s(&v["curve"], "p")), *p256_fp().modulus());
    assert_eq!(int(s(&v["curve"], "n")), curve.order);
    for t in arr(&v, "vectors") {
        let id = &t["count"];
        let private = int(s(t, "private"));
        let public = decode_uncompressed(s(t, "public_x"), s(t, "public_y"));
        let peer = decode_uncompressed(s(t, "peer_x"), s(t, "peer_y"));
        assert_eq!(curve.mul(&curve.generator, &private), public, "COUNT {id}");
        assert_eq!(curve.mul_generator(&private), public, "COUNT {id} (table)");
        assert_eq!(shared_x(&peer, &private), s(t, "shared_x"), "COUNT {id}");
        count.check();
    }
    assert_eq!(count.checked, 25, "CAVP [P-256] COUNT 0–24");
    count
}

/// `p256_scalar_base_mult_boringssl.json`: k·G for k = −64 … 64, through `mul` and
/// `mul_generator` on the stored k (n − |k| for negative k); the stored k agrees with
/// `k_signed`, and consecutive entries form the chain (k·G) + G = (k + 1)·G.
pub fn scalar_base_mult(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    let curve = p256();
    let n = &curve.order;
    assert_eq!(int(s(&v["curve"], "n")), *n);
    let mut by_k = BTreeMap::new();
    for t in arr(&v, "vectors") {
        let k_signed = t["k_signed"].as_i64().expect("k_signed");
        let k = int(s(t, "k"));
        let magnitude = BigUint::from(k_signed.unsigned_abs());
        let expected_k = if k_signed < 0 {
            n - &magnitude
        } else {
            magnitude
        };
        assert_eq!(k, expected_k, "stored k for k_signed = {k_signed}");
        let expected = affine_or_infinity(s(t, "x"), s(t, "y"));
        assert_eq!(expected.is_identity(), k_signed == 0, "k = {k_signed}");
        assert_eq!(curve.mul(&curve.generator, &k), expected, "{k_signed}·G");
        assert_eq!(curve.mul_generator(&k), expected, "{k_signed}·G (table)");
        assert!(
            by_k.insert(k_signed, expected).is_none(),
            "k = {k_signed} twice"
        );
        count.check();
    }
    assert_eq!(
        by_k.keys().copied().collect::<Vec<_>>(),
        (-64..=64).collect::<Vec<_>>()
    );
    // Chains of the affine addition on known answers only, and −(k·G) = (−k)·G.
    for k in -64..64 {
        assert_eq!(
            curve.add(&by_k[&k], &curve.generator),
            by_k[&(k + 1)],
            "({k}·G) + G"
        );
        assert_eq!(curve.neg(&by_k[&k]), by_k[&(-k)], "−({k}·G)");
    }
    count
}

/// `p256_rustcrypto_nisttv.json`: k·G for k = 1 … 20 (also reached by repeated addition and
/// by doubling) and 32 further scalars, 20 of them n − 20 … n − 1.
pub fn rustcrypto_nisttv(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    let curve = p256();
    let n = &curve.order;
    let mut small = BTreeMap::new();
    let mut running = Point::Identity;
    for t in arr(&v, "generator_multiples_k_1_to_20") {
        let k = t["k"].as_u64().expect("small k");
        let expected = affine_or_infinity(s(t, "x"), s(t, "y"));
        let k_big = BigUint::from(k);
        running = curve.add(&running, &curve.generator);
        assert_eq!(running, expected, "{k}·G by repeated addition");
        assert_eq!(curve.mul(&curve.generator, &k_big), expected, "{k}·G");
        assert_eq!(curve.mul_generator(&k_big), expected, "{k}·G (table)");
        if k % 2 == 0 {
            assert_eq!(curve.double(&small[&(k / 2)]), expected, "2·({}·G)", k / 2);
        }
        small.insert(k, expected);
        count.check();
    }
    assert_eq!(small.len(), 20);
    let mut negatives = 0;
    for t in arr(&v, "scalar_mul_generator") {
        let k = int(s(t, "k"));
        let expected = affine_or_infinity(s(t, "x"), s(t, "y"));
        assert_eq!(curve.mul(&curve.generator, &k), expected, "k = {k:x}");
        assert_eq!(curve.mul_generator(&k), expected, "k = {k:x} (table)");
        if k < *n {
            if let Some(i) = (n - &k).iter_u64_digits().next().filter(|i| *i <= 20) {
                assert_eq!(expected, curve.neg(&small[&i]), "(n − {i})·G = −({i}·G)");
                negatives += 1;
            }
        }
        count.check();
    }
    assert_eq!(negatives, 20, "k = n − 20 … n − 1");
    count
}

/// `p256_point_add_boringssl.json`: A + B = Result for Jacobian A, B and affine Result, all
/// stored in the Montgomery domain (v stands for v·R⁻¹ mod p, R = 2²⁵⁶); Z = 0 is ∞ whatever
/// X and Y are, and Result (0, 0) is ∞. Also B + A.
pub fn point_add(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    let curve = p256();
    let fp = p256_fp();
    let r_mod_p = fp.elem(BigUint::one() << 256u32);
    assert_eq!(
        r_mod_p.value(),
        &int(s(&v, "montgomery_R_mod_p")),
        "R = 2²⁵⁶ mod p"
    );
    let r_inv = r_mod_p.inv().expect("R is invertible mod p");
    // Leaving the Montgomery domain: v ↦ v·R⁻¹ mod p (stored values are reduced, v < p).
    let from_mont = |h: &str| {
        fp.from_canonical(&int(h))
            .expect("Montgomery value below p")
            .mul(&r_inv)
    };
    let jacobian = |p: &Value| {
        let point = curve.from_jacobian(
            &from_mont(s(p, "X")),
            &from_mont(s(p, "Y")),
            &from_mont(s(p, "Z")),
        );
        assert!(curve.is_on_curve(&point), "input off the curve");
        point
    };
    let mut infinities = 0;
    for t in arr(&v, "vectors") {
        let id = &t["id"];
        let (a, b) = (jacobian(&t["A"]), jacobian(&t["B"]));
        let result = &t["Result"];
        let (rx, ry) = (int(s(result, "x")), int(s(result, "y")));
        let expected = if rx.is_zero() && ry.is_zero() {
            infinities += 1;
            Point::Identity
        } else {
            let point = Point::Affine {
                x: from_mont(s(result, "x")),
                y: from_mont(s(result, "y")),
            };
            assert!(curve.is_on_curve(&point), "id {id}: result off the curve");
            point
        };
        assert_eq!(curve.add(&a, &b), expected, "id {id}: A + B");
        assert_eq!(curve.add(&b, &a), expected, "id {id}: B + A");
        count.check();
    }
    assert_eq!(infinities, 3, "∞ + ∞ twice and G + (−G)");
    assert_eq!(count.checked, 21);
    count
}

/// A Wycheproof P-256 test's (public, private, shared, result): the shared secret computed by
/// the oracle for an accepted point, or the decoder's rejection. Equal points and private keys
/// recur (the ASN.1 variants of one key), so results are memoized.
#[derive(Default)]
struct Ecdh {
    memo: BTreeMap<(Vec<u8>, String), String>,
}

impl Ecdh {
    fn shared(&mut self, encoding: &[u8], point: &Point<Fp>, private: &str) -> String {
        self.memo
            .entry((encoding.to_vec(), private.to_string()))
            .or_insert_with(|| shared_x(point, &int(private)))
            .clone()
    }
}

/// `wycheproof_ecdh_secp256r1_ecpoint_test.json`: `public` is a raw SEC 1 point. Valid and
/// acceptable points decode (and re-encode byte for byte) and give `shared`; invalid points
/// are rejected by [`sec1::decode`].
pub fn wycheproof_ecpoint(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    let groups = arr(&v, "testGroups");
    assert_eq!(groups.len(), 1);
    assert_eq!(s(&groups[0], "curve"), "secp256r1");
    assert_eq!(s(&groups[0], "encoding"), "ecpoint");
    let tests = arr(&groups[0], "tests");
    assert_eq!(v["numberOfTests"].as_u64(), Some(tests.len() as u64));
    let mut ecdh = Ecdh::default();
    let mut results = BTreeMap::<&str, usize>::new();
    for t in tests {
        let id = &t["tcId"];
        let encoding = bytes(s(t, "public"));
        let decoded = sec1::decode(p256(), &encoding);
        let result = s(t, "result");
        match result {
            "valid" | "acceptable" => {
                let p = decoded.unwrap_or_else(|e| panic!("tcId {id}: {e}"));
                assert_eq!(
                    sec1::encode(&p, encoding.len() == 33),
                    encoding,
                    "tcId {id}: re-encoding"
                );
                assert_eq!(
                    ecdh.shared(&encoding, &p, s(t, "private")),
                    s(t, "shared"),
                    "tcId {id}"
                );
            }
            "invalid" => {
                assert!(decoded.is_err(), "tcId {id} must be rejected");
            }
            other => panic!("tcId {id}: unknown result {other}"),
        }
        *results.entry(result).or_default() += 1;
        count.check();
    }
    let expected: BTreeMap<&str, usize> =
        [("valid", 330), ("acceptable", 1), ("invalid", 24)].into();
    assert_eq!(results, expected, "SOURCES.md §8a");
    count
}

/// DER object identifiers (RFC 5480 §2.1.1 and §2.1.1.1): id-ecPublicKey 1.2.840.10045.2.1 and
/// secp256r1 1.2.840.10045.3.1.7, as content octets.
const OID_EC_PUBLIC_KEY: &[u8] = &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01];
const OID_SECP256R1: &[u8] = &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07];

/// One DER TLV with a single-octet tag (X.690 §8.1.2) and a definite length in the shortest
/// form (X.690 §10.1): returns (tag, contents, rest). Indefinite lengths (`80`), long forms
/// with leading zeros or for values below 128, high tag numbers and overruns are errors.
fn der_tlv(input: &[u8]) -> Result<(u8, &[u8], &[u8]), &'static str> {
    let (&tag, rest) = input.split_first().ok_or("missing tag")?;
    if tag & 0x1f == 0x1f {
        return Err("high tag number");
    }
    let (&first, mut rest) = rest.split_first().ok_or("missing length")?;
    let len = if first < 0x80 {
        usize::from(first)
    } else {
        let n = usize::from(first & 0x7f);
        if n == 0 {
            return Err("indefinite length");
        }
        if n > 4 || rest.len() < n {
            return Err("length too long");
        }
        let (len_bytes, tail) = rest.split_at(n);
        rest = tail;
        if len_bytes[0] == 0 {
            return Err("length with a leading zero");
        }
        let len = len_bytes
            .iter()
            .fold(0usize, |acc, b| (acc << 8) | usize::from(*b));
        if len < 0x80 {
            return Err("long-form length below 128");
        }
        len
    };
    if rest.len() < len {
        return Err("contents overrun");
    }
    let (contents, rest) = rest.split_at(len);
    Ok((tag, contents, rest))
}

/// One TLV with the given tag that must fill `input` exactly.
fn der_only(input: &[u8], tag: u8) -> Result<&[u8], &'static str> {
    let (t, contents, rest) = der_tlv(input)?;
    if t != tag {
        return Err("unexpected tag");
    }
    if !rest.is_empty() {
        return Err("trailing data");
    }
    Ok(contents)
}

/// The ECPoint octets of a DER SubjectPublicKeyInfo for a named-curve P-256 key (RFC 5280
/// §4.1, RFC 5480 §2): SEQUENCE { SEQUENCE { OID id-ecPublicKey, OID secp256r1 }, BIT STRING
/// with 0 unused bits }. Anything else — BER relaxations, extra elements, explicit
/// (unnamed-curve) parameters, other curves — is rejected: a strict, minimal parser.
fn spki_ec_point(der: &[u8]) -> Result<&[u8], &'static str> {
    let spki = der_only(der, 0x30)?;
    let (tag, algorithm, rest) = der_tlv(spki)?;
    if tag != 0x30 {
        return Err("AlgorithmIdentifier is not a SEQUENCE");
    }
    let bit_string = der_only(rest, 0x03)?;
    let (tag, oid, params) = der_tlv(algorithm)?;
    if tag != 0x06 || oid != OID_EC_PUBLIC_KEY {
        return Err("not id-ecPublicKey");
    }
    if der_only(params, 0x06)? != OID_SECP256R1 {
        return Err("not the named curve secp256r1");
    }
    match bit_string.split_first() {
        Some((0, point)) => Ok(point),
        _ => Err("BIT STRING without a zero unused-bits octet"),
    }
}

/// The public point of a DER SPKI: parsed by [`spki_ec_point`], then [`sec1::decode`].
fn spki_public(der: &[u8]) -> Result<(Vec<u8>, Point<Fp>), String> {
    let encoding = spki_ec_point(der)?;
    let point = sec1::decode(p256(), encoding).map_err(|e| e.to_string())?;
    Ok((encoding.to_vec(), point))
}

/// `wycheproof_ecdh_secp256r1_test.json`: `public` is a DER SubjectPublicKeyInfo.
///
/// * valid: the strict parser and the SEC 1 decoder accept it, x(private·public) = shared,
///   and the same (point, private, shared) is a valid test of the ecpoint file;
/// * invalid: rejected (wrong curve OID, explicit parameters, point off the curve, …);
/// * acceptable: the compressed key is accepted and gives `shared`; the BER/ASN.1 variants
///   (`InvalidAsn`) and the explicit-parameter keys (`UnnamedCurve`) are rejected by this
///   strict named-curve parser — a policy Wycheproof allows.
///
/// For every rejected test that lists a shared secret, the secret is also checked on the
/// intact key when the last 65 octets of the DER are a valid `04 ‖ x ‖ y` point (Wycheproof
/// computes it "with the original public key").
pub fn wycheproof_der(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    let groups = arr(&v, "testGroups");
    assert_eq!(groups.len(), 1);
    assert_eq!(s(&groups[0], "curve"), "secp256r1");
    assert_eq!(s(&groups[0], "encoding"), "asn");
    let tests = arr(&groups[0], "tests");
    assert_eq!(v["numberOfTests"].as_u64(), Some(tests.len() as u64));

    let ecpoint = json("wycheproof_ecdh_secp256r1_ecpoint_test.json");
    let ecpoint_valid: BTreeSet<(String, String, String)> = arr(&ecpoint, "testGroups")
        .iter()
        .flat_map(|g| arr(g, "tests"))
        .filter(|t| s(t, "result") == "valid")
        .map(|t| {
            let field = |k| s(t, k).to_string();
            (field("public"), field("private"), field("shared"))
        })
        .collect();

    let mut ecdh = Ecdh::default();
    let mut results = BTreeMap::<&str, usize>::new();
    let (mut cross_checked, mut intact_checked) = (0, 0);
    for t in tests {
        let id = &t["tcId"];
        let der = bytes(s(t, "public"));
        let flags: Vec<&str> = arr(t, "flags").iter().filter_map(Value::as_str).collect();
        let result = s(t, "result");
        let accept = match result {
            "valid" => true,
            "acceptable" if flags.contains(&"CompressedPublic") => true,
            "acceptable" if flags.contains(&"InvalidAsn") || flags.contains(&"UnnamedCurve") => {
                false
            }
            "invalid" => false,
            other => panic!("tcId {id}: unexpected result {other} with flags {flags:?}"),
        };
        match spki_public(&der) {
            Ok((encoding, point)) => {
                assert!(accept, "tcId {id} ({result}, {flags:?}) must be rejected");
                let shared = ecdh.shared(&encoding, &point, s(t, "private"));
                assert_eq!(shared, s(t, "shared"), "tcId {id}");
                let key = (hex::encode(&encoding), s(t, "private").to_string(), shared);
                if result == "valid" {
                    assert!(
                        ecpoint_valid.contains(&key),
                        "tcId {id}: not in ecpoint file"
                    );
                    cross_checked += 1;
                }
            }
            Err(reason) => {
                assert!(!accept, "tcId {id} ({result}): rejected: {reason}");
                let tail = der.len().checked_sub(65).map(|i| &der[i..]);
                if let (false, Some(tail)) = (s(t, "shared").is_empty(), tail) {
                    if let Ok(point @ Point::Affine { .. }) = sec1::decode(p256(), tail) {
                        let shared = ecdh.shared(tail, &point, s(t, "private"));
                        assert_eq!(shared, s(t, "shared"), "tcId {id}: intact key");
                        intact_checked += 1;
                    }
                }
            }
        }
        *results.entry(result).or_default() += 1;
        count.check();
    }
    let expected: BTreeMap<&str, usize> =
        [("valid", 330), ("acceptable", 230), ("invalid", 52)].into();
    assert_eq!(results, expected, "SOURCES.md §8a");
    assert_eq!(
        cross_checked, 330,
        "every valid DER test is in the ecpoint file"
    );
    assert!(
        intact_checked > 0,
        "shared secrets of rejected keys checked"
    );
    count
}

/// `geth_p256Verify.json` through the `P256VERIFY` contract: each distinct input's output at
/// its gas (6900), out of gas one below, and the refusal classes the file must reach.
pub fn geth_p256verify(text: &str) -> Count {
    use ecdiff_oracles::precompiles::p256verify::{p256verify, verify, Rejection};
    use std::collections::HashSet;
    let mut count = Count::default();
    let mut seen = HashSet::new();
    let mut refusals: BTreeMap<String, usize> = BTreeMap::new();
    let cases: Value = serde_json::from_str(text).expect("json");
    for case in cases.as_array().expect("array") {
        let input = bytes(s(case, "Input"));
        if !seen.insert(input.clone()) {
            count.skip();
            continue;
        }
        geth_contract_case(case, p256verify);
        if let Err(why) = verify(&input) {
            *refusals.entry(format!("{why:?}")).or_default() += 1;
        }
        count.check();
    }
    for class in [
        Rejection::Mismatch,
        Rejection::ROutOfRange,
        Rejection::SOutOfRange,
        Rejection::KeyNotOnCurve,
    ] {
        assert!(
            refusals.contains_key(&format!("{class:?}")),
            "geth_p256Verify.json: no case refused as {class:?} ({refusals:?})"
        );
    }
    count
}
