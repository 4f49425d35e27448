//! Curve25519 vectors: ristretto255 (RFC 9496), dalek's edwards25519 constants, Ed25519 keys
//! and signatures, and X25519 (RFC 7748, Wycheproof) through the Edwards oracle.

use ecdiff_oracles::curves::{ed25519_fp, ed25519_l};
use ecdiff_oracles::edwards;
use ecdiff_oracles::ristretto;
use num_bigint::BigUint;
use serde_json::Value;

use super::sha512::sha512;
use super::{arr, bytes, bytes32, bytes64, dec, s, Count};

/// RFC 7748 §5 / RFC 8032 §5.1.5 clamping: clear bits 0–2 and 255, set bit 254.
fn clamp(k: &[u8; 32]) -> BigUint {
    let mut k = *k;
    k[0] &= 0xf8;
    k[31] &= 0x7f;
    k[31] |= 0x40;
    BigUint::from_bytes_le(&k)
}

/// X25519(k, u) (RFC 7748 §5) computed on edwards25519: the u-coordinate (top bit masked,
/// reduced mod p) is mapped to y = (u − 1)/(u + 1), lifted to a point, multiplied by the
/// clamped scalar with the textbook double-and-add, and mapped back with u = (1 + y)/(1 − y)
/// (the identity gives u = 0, as the ladder does). `None` when u is not the u-coordinate of a
/// point of the curve (it is on the quadratic twist) or u = −1 (no affine Edwards image).
fn x25519_via_edwards(k: &[u8; 32], u: &[u8; 32]) -> Option<[u8; 32]> {
    let mut u = *u;
    u[31] &= 0x7f;
    let u = ed25519_fp().elem(BigUint::from_bytes_le(&u));
    let y = edwards::u_to_y(&u)?;
    let p = edwards::decode(&y.to_le_bytes(32).try_into().expect("32 bytes"))?;
    let q = edwards::mul(&p, &clamp(k));
    let out = edwards::y_to_u(&q.y).unwrap_or_else(|| ed25519_fp().zero());
    Some(out.to_le_bytes(32).try_into().expect("32 bytes"))
}

/// Whether u (top bit masked, reduced mod p) has no point on Curve25519 v² = u³ + 486662u² + u
/// (RFC 7748 §4.1): its right-hand side is a non-residue, so u is on the quadratic twist; or
/// u = −1, which has a point of the Montgomery curve but no affine Edwards image. Decided by
/// Euler's criterion, apart from the Edwards path `x25519_via_edwards` takes.
fn on_twist_or_minus_one(u: &[u8; 32]) -> bool {
    let mut u = *u;
    u[31] &= 0x7f;
    let p = ed25519_fp().modulus().clone();
    let u = BigUint::from_bytes_le(&u) % &p;
    if u == &p - 1u8 {
        return true;
    }
    let rhs = (&u * &u * &u + BigUint::from(486_662u32) * &u * &u + &u) % &p;
    let euler = rhs.modpow(&((&p - 1u8) >> 1u8), &p);
    euler == &p - 1u8
}

/// `ristretto255_rfc9496.json`.
pub fn ristretto(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");

    // A.1: i·B for i = 0..15 encode to the listed strings and decode back.
    let mut multiple = edwards::identity();
    for (i, enc) in arr(&v, "multiples_of_generator").iter().enumerate() {
        let enc = bytes32(enc.as_str().expect("hex"));
        assert_eq!(ristretto::encode(&multiple), enc, "{i}·B");
        let decoded = ristretto::decode(&enc).unwrap_or_else(|| panic!("{i}·B decodes"));
        assert!(ristretto::equals(&decoded, &multiple), "{i}·B round trip");
        assert_eq!(ristretto::encode(&decoded), enc);
        assert!(ristretto::equals(
            &edwards::mul_base(&BigUint::from(i)),
            &multiple
        ));
        multiple = edwards::add(&multiple, &edwards::basepoint());
        count.check();
    }

    // A.2: every bad encoding is rejected; the by-reason groups are the flat list.
    let bad: Vec<&str> = arr(&v, "bad_encodings")
        .iter()
        .map(|b| b.as_str().expect("hex"))
        .collect();
    let mut by_reason: Vec<&str> = v["bad_encodings_by_reason"]
        .as_object()
        .expect("object")
        .values()
        .flat_map(|list| list.as_array().expect("array"))
        .map(|b| b.as_str().expect("hex"))
        .collect();
    let mut flat = bad.clone();
    flat.sort_unstable();
    by_reason.sort_unstable();
    assert_eq!(flat, by_reason);
    for b in bad {
        assert!(
            ristretto::decode(&bytes32(b)).is_none(),
            "{b} must be rejected"
        );
        count.check();
    }

    // A.3: hash_to_group through the one-way map (checking SHA-512 on the way).
    for t in arr(&v, "hash_to_group") {
        let uniform = bytes64(s(t, "uniform_bytes_sha512"));
        assert_eq!(sha512(s(t, "input_string").as_bytes()), uniform, "SHA-512");
        let element = ristretto::from_uniform_bytes(&uniform);
        assert_eq!(
            hex::encode(ristretto::encode(&element)),
            s(t, "encoded_element")
        );
        count.check();
    }
    let equivalent = &v["equivalent_uniform_bytes"];
    let expected = s(equivalent, "expected_encoded_element");
    for input in arr(equivalent, "inputs") {
        let element = ristretto::from_uniform_bytes(&bytes64(input.as_str().expect("hex")));
        assert_eq!(hex::encode(ristretto::encode(&element)), expected);
        count.check();
    }
    count
}

/// A little-endian 32-byte scalar, cross-checked against its decimal spelling.
fn scalar_le(v: &Value, le_key: &str, dec_key: &str) -> BigUint {
    let k = BigUint::from_bytes_le(&bytes(s(v, le_key)));
    assert_eq!(k, dec(s(v, dec_key)), "{le_key} vs {dec_key}");
    k
}

/// `curve25519_dalek_edwards_x25519.json`.
pub fn dalek_edwards_x25519(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    let ed = &v["edwards25519"];
    let b = edwards::basepoint();

    assert_eq!(hex::encode(b.x.to_le_bytes(32)), s(ed, "basepoint_x_le"));
    assert_eq!(b.x.value(), &dec(s(ed, "basepoint_x_decimal")));
    count.check();
    let two_b = edwards::double(&b);
    assert_eq!(
        hex::encode(edwards::encode(&two_b)),
        s(ed, "two_times_basepoint_compressed")
    );
    count.check();
    let sixteen_b = edwards::mul(&b, &BigUint::from(16u8));
    assert_eq!(
        hex::encode(edwards::encode(&sixteen_b)),
        s(ed, "sixteen_times_basepoint_compressed")
    );
    count.check();
    let a = scalar_le(ed, "a_scalar_le", "a_scalar_decimal");
    let b_scalar = scalar_le(ed, "b_scalar_le", "b_scalar_decimal");
    let big_a = edwards::mul(&b, &a);
    let a_enc = s(ed, "a_times_basepoint_compressed");
    assert_eq!(hex::encode(edwards::encode(&big_a)), a_enc);
    assert_eq!(edwards::mul_base(&a), big_a);
    assert_eq!(edwards::decode(&bytes32(a_enc)), Some(big_a.clone()));
    count.check();
    let combo = edwards::add(&edwards::mul(&big_a, &a), &edwards::mul_base(&b_scalar));
    assert_eq!(
        hex::encode(edwards::encode(&combo)),
        s(ed, "a_times_A_plus_b_times_basepoint_compressed")
    );
    count.check();

    // RFC 7748 vectors whose u lies on the curve (not the twist) are checked, the others
    // skipped: the Edwards oracle has no twist. A skipped u must be a twist point or −1.
    let x = &v["x25519_rfc7748"];
    let mut x25519 =
        |k: &str, u: &[u8; 32], expected: &str| match x25519_via_edwards(&bytes32(k), u) {
            Some(out) => {
                assert_eq!(hex::encode(out), expected);
                count.check();
            }
            None => {
                assert!(
                    on_twist_or_minus_one(u),
                    "u = {} skipped but on the curve",
                    hex::encode(u)
                );
                count.skip();
            }
        };
    for t in arr(x, "ladder_test1") {
        x25519(s(t, "scalar"), &bytes32(s(t, "u")), s(t, "expected_u"));
    }
    let dh = &x["diffie_hellman_6_1"];
    let mut nine = [0u8; 32];
    nine[0] = 9;
    for who in ["alice", "bob"] {
        let private = s(dh, &format!("{who}_private_key"));
        x25519(private, &nine, s(dh, &format!("{who}_public_key")));
    }
    for (private, public) in [("alice", "bob"), ("bob", "alice")] {
        x25519(
            s(dh, &format!("{private}_private_key")),
            &bytes32(s(dh, &format!("{public}_public_key"))),
            s(dh, "shared_secret"),
        );
    }
    // RFC 7748 §5.2 iteration: k = u = 9; repeat (k, u) ← (X25519(k, u), k).
    let iterated = &x["iterated_test2"];
    let (mut k, mut u) = (nine, nine);
    for i in 1..=1000 {
        let r = x25519_via_edwards(&k, &u).expect("on the curve");
        u = k;
        k = r;
        if i == 1 || i == 1000 {
            assert_eq!(hex::encode(k), s(iterated, &format!("after_{i}")));
            count.check();
        }
    }
    // after_1000000: a million textbook scalar multiplications, out of budget.
    count.skip();
    count
}

/// `ed25519_pubkeys_from_dalek_TESTVECTORS.json`: the clamped scalar is recomputed from
/// SHA-512(seed), and clamped·B (table and double-and-add) encodes to the public key.
pub fn ed25519_pubkeys(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    for t in arr(&v, "tests") {
        let h = sha512(&bytes(s(t, "seed")));
        let a = clamp(&h[..32].try_into().expect("32 bytes"));
        assert_eq!(hex::encode(a.to_bytes_le()), s(t, "clamped_scalar_le"));
        let public = s(t, "public_key_compressed");
        assert_eq!(hex::encode(edwards::encode(&edwards::mul_base(&a))), public);
        assert_eq!(
            hex::encode(edwards::encode(&edwards::mul(&edwards::basepoint(), &a))),
            public
        );
        count.check();
    }
    count
}

/// `ed25519_dalek_TESTVECTORS.txt`: for each line the public key is derived from the seed,
/// and the signature verifies: \[S\]B = R + \[k\]A with k = SHA-512(R ‖ A ‖ M) mod ℓ
/// (RFC 8032 §5.1.7, cofactorless).
pub fn ed25519_signatures(text: &str) -> Count {
    let mut count = Count::default();
    let l = ed25519_l().modulus();
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split(':').collect();
        assert_eq!(fields.len(), 5, "line {}", n + 1);
        let (sk, pk, msg, sig_msg) = (
            bytes(fields[0]),
            bytes(fields[1]),
            bytes(fields[2]),
            bytes(fields[3]),
        );
        assert_eq!(sk[32..], pk[..], "sk = seed ‖ pk");
        assert_eq!(sig_msg[64..], msg[..], "sig ‖ msg");
        let pk32: [u8; 32] = pk.clone().try_into().expect("32-byte key");

        let h = sha512(&sk[..32]);
        let a_scalar = clamp(&h[..32].try_into().expect("32 bytes"));
        assert_eq!(edwards::encode(&edwards::mul_base(&a_scalar)), pk32);

        let (r_bytes, s_bytes) = (&sig_msg[..32], &sig_msg[32..64]);
        let s_scalar = BigUint::from_bytes_le(s_bytes);
        assert!(&s_scalar < l, "line {}: S < ℓ", n + 1);
        let big_r = edwards::decode(&r_bytes.try_into().expect("32 bytes")).expect("R decodes");
        let big_a = edwards::decode(&pk32).expect("A decodes");
        let k = BigUint::from_bytes_le(&sha512(&[r_bytes, &pk, &msg].concat())) % l;
        assert_eq!(
            edwards::mul_base(&s_scalar),
            edwards::add(&big_r, &edwards::mul(&big_a, &k)),
            "line {}: [S]B = R + [k]A",
            n + 1
        );
        count.check();
    }
    count
}

/// `wycheproof_x25519_test.json`: X25519 through the Edwards oracle for every public u that
/// is on the curve; twist points (and u = −1) are skipped and must carry the `Twist` flag.
pub fn wycheproof_x25519(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    for group in arr(&v, "testGroups") {
        assert_eq!(s(group, "curve"), "curve25519");
        for t in arr(group, "tests") {
            let id = &t["tcId"];
            assert_ne!(s(t, "result"), "invalid", "tcId {id}: X25519 never rejects");
            match x25519_via_edwards(&bytes32(s(t, "private")), &bytes32(s(t, "public"))) {
                Some(shared) => {
                    assert_eq!(hex::encode(shared), s(t, "shared"), "tcId {id}");
                    count.check();
                }
                None => {
                    let flags = arr(t, "flags");
                    assert!(
                        flags.iter().any(|f| f == "Twist"),
                        "tcId {id} skipped but not a twist point"
                    );
                    assert!(
                        on_twist_or_minus_one(&bytes32(s(t, "public"))),
                        "tcId {id} skipped but its u is on the curve"
                    );
                    count.skip();
                }
            }
        }
    }
    count
}
