//! Every file of `tests/vectors/` checked against the oracles.
//!
//! Each vector file has exactly one checker (and every checker a file); the checkers run in
//! parallel, count the cases they checked (and skipped, with the reason in the checker), and
//! the test prints the per-file table on stderr and fails if any checker failed or any file
//! contributed no checked case. Provenance and formats: `tests/vectors/SOURCES.md`.

mod kat;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use kat::sha512::sha512;
use kat::{bls12_381, bn254, curve25519, p256, secp256k1, Count};

/// A checker: the file's text in, the case counts out; it panics on a wrong answer.
type Checker = fn(&str) -> Count;

/// One checker per file of `tests/vectors/`.
const CHECKERS: &[(&str, Checker)] = &[
    ("SOURCES.md", sources),
    ("geth_bn256Add.json", bn254::geth_add),
    ("geth_bn256ScalarMul.json", bn254::geth_mul),
    ("geth_bn256Pairing.json", bn254::geth_pairing),
    ("bn254_evmone_g1_add_mul.json", bn254::evmone_add_mul),
    ("bn254_g2_gt_invalid_kats.json", bn254::g2_gt_invalid),
    (
        "constantine_tv_BN254_Snarks_scalar_mul_G1_32bit.json",
        bn254::constantine_g1,
    ),
    (
        "constantine_tv_BN254_Snarks_scalar_mul_G1_64bit.json",
        bn254::constantine_g1,
    ),
    (
        "constantine_tv_BN254_Snarks_scalar_mul_G1_128bit.json",
        bn254::constantine_g1,
    ),
    (
        "constantine_tv_BN254_Snarks_scalar_mul_G1_254bit.json",
        bn254::constantine_g1,
    ),
    (
        "constantine_tv_BN254_Snarks_scalar_mul_G2_32bit.json",
        bn254::constantine_g2,
    ),
    (
        "constantine_tv_BN254_Snarks_scalar_mul_G2_64bit.json",
        bn254::constantine_g2,
    ),
    (
        "constantine_tv_BN254_Snarks_scalar_mul_G2_128bit.json",
        bn254::constantine_g2,
    ),
    (
        "constantine_tv_BN254_Snarks_scalar_mul_G2_254bit.json",
        bn254::constantine_g2,
    ),
    (
        "constantine_tv_Secp256k1_scalar_mul_G1_32bit.json",
        secp256k1::constantine,
    ),
    (
        "constantine_tv_Secp256k1_scalar_mul_G1_64bit.json",
        secp256k1::constantine,
    ),
    (
        "constantine_tv_Secp256k1_scalar_mul_G1_128bit.json",
        secp256k1::constantine,
    ),
    (
        "constantine_tv_Secp256k1_scalar_mul_G1_256bit.json",
        secp256k1::constantine,
    ),
    ("secp256k1_k256_chuckbatson.json", secp256k1::chuck_batson),
    ("geth_ecRecover.json", secp256k1::geth_ecrecover),
    ("geth_p256Verify.json", p256::geth_p256verify),
    (
        "wycheproof_ecdh_secp256k1_points.json",
        secp256k1::wycheproof_points,
    ),
    (
        "wycheproof_ecdh_secp256k1_test.json",
        secp256k1::wycheproof_verbatim,
    ),
    ("ristretto255_rfc9496.json", curve25519::ristretto),
    (
        "curve25519_dalek_edwards_x25519.json",
        curve25519::dalek_edwards_x25519,
    ),
    (
        "ed25519_pubkeys_from_dalek_TESTVECTORS.json",
        curve25519::ed25519_pubkeys,
    ),
    (
        "ed25519_dalek_TESTVECTORS.txt",
        curve25519::ed25519_signatures,
    ),
    ("wycheproof_x25519_test.json", curve25519::wycheproof_x25519),
    ("p256_nist_cavp_ecdh_boringssl.json", p256::cavp_ecdh),
    (
        "p256_scalar_base_mult_boringssl.json",
        p256::scalar_base_mult,
    ),
    ("p256_rustcrypto_nisttv.json", p256::rustcrypto_nisttv),
    ("p256_point_add_boringssl.json", p256::point_add),
    (
        "wycheproof_ecdh_secp256r1_ecpoint_test.json",
        p256::wycheproof_ecpoint,
    ),
    ("wycheproof_ecdh_secp256r1_test.json", p256::wycheproof_der),
    ("geth_blsG1Add.json", bls12_381::geth_g1_add),
    ("geth_blsG2Add.json", bls12_381::geth_g2_add),
    ("geth_blsG1Mul.json", bls12_381::geth_g1_mul),
    ("geth_blsG2Mul.json", bls12_381::geth_g2_mul),
    ("geth_blsG1MultiExp.json", bls12_381::geth_g1_msm),
    ("geth_blsG2MultiExp.json", bls12_381::geth_g2_msm),
    ("geth_blsPairing.json", bls12_381::geth_pairing),
    ("geth_fail-blsG1Add.json", bls12_381::geth_fail_g1_add),
    ("geth_fail-blsG2Add.json", bls12_381::geth_fail_g2_add),
    ("geth_fail-blsG1Mul.json", bls12_381::geth_fail_g1_msm),
    ("geth_fail-blsG2Mul.json", bls12_381::geth_fail_g2_msm),
    ("geth_fail-blsG1MultiExp.json", bls12_381::geth_fail_g1_msm),
    ("geth_fail-blsG2MultiExp.json", bls12_381::geth_fail_g2_msm),
    ("geth_blsMapG1.json", bls12_381::geth_map_g1),
    ("geth_blsMapG2.json", bls12_381::geth_map_g2),
    ("geth_fail-blsMapG1.json", bls12_381::geth_fail_map_g1),
    ("geth_fail-blsMapG2.json", bls12_381::geth_fail_map_g2),
    ("geth_fail-blsPairing.json", bls12_381::geth_fail_pairing),
    (
        "zkcrypto_bls12_381_g1_compressed_valid_test_vectors.dat",
        bls12_381::zkcrypto_g1_compressed,
    ),
    (
        "zkcrypto_bls12_381_g1_uncompressed_valid_test_vectors.dat",
        bls12_381::zkcrypto_g1_uncompressed,
    ),
    (
        "zkcrypto_bls12_381_g2_compressed_valid_test_vectors.dat",
        bls12_381::zkcrypto_g2_compressed,
    ),
    (
        "zkcrypto_bls12_381_g2_uncompressed_valid_test_vectors.dat",
        bls12_381::zkcrypto_g2_uncompressed,
    ),
    (
        "constantine_tv_BLS12_381_scalar_mul_G1_32bit.json",
        bls12_381::constantine_g1,
    ),
    (
        "constantine_tv_BLS12_381_scalar_mul_G1_64bit.json",
        bls12_381::constantine_g1,
    ),
    (
        "constantine_tv_BLS12_381_scalar_mul_G1_128bit.json",
        bls12_381::constantine_g1,
    ),
    (
        "constantine_tv_BLS12_381_scalar_mul_G1_255bit.json",
        bls12_381::constantine_g1,
    ),
    (
        "constantine_tv_BLS12_381_scalar_mul_G2_32bit.json",
        bls12_381::constantine_g2,
    ),
    (
        "constantine_tv_BLS12_381_scalar_mul_G2_64bit.json",
        bls12_381::constantine_g2,
    ),
    (
        "constantine_tv_BLS12_381_scalar_mul_G2_128bit.json",
        bls12_381::constantine_g2,
    ),
    (
        "constantine_tv_BLS12_381_scalar_mul_G2_255bit.json",
        bls12_381::constantine_g2,
    ),
    (
        "bls12381_eth_deserialization.json",
        bls12_381::eth_deserialization,
    ),
    (
        "bls12381_blst_low_order_points.json",
        bls12_381::blst_low_order,
    ),
    (
        "bls12381_gt_pairing_generators.json",
        bls12_381::gt_pairing_generators,
    ),
];

/// `SOURCES.md`: it documents every other file of the directory (one case per file named).
fn sources(text: &str) -> Count {
    let mut count = Count::default();
    for (name, _) in CHECKERS.iter().filter(|(name, _)| *name != "SOURCES.md") {
        // The Constantine families are documented with a `{32,64,…}bit` pattern.
        let family = name.split("_scalar_mul_").next().expect("prefix");
        assert!(
            text.contains(name) || text.contains(family),
            "SOURCES.md does not mention {name}"
        );
        count.check();
    }
    count
}

/// FIPS 180-2 Appendix C.1 ("abc") and C.3-style empty-message digests.
fn assert_sha512_known_digests() {
    assert_eq!(
        hex::encode(sha512(b"abc")),
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a\
         2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
    );
    assert_eq!(
        hex::encode(sha512(b"")),
        "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce\
         47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
    );
    // Two-block message (FIPS 180-2 Appendix C.2).
    assert_eq!(
        hex::encode(sha512(
            b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq\
              klmnopqrlmnopqrsmnopqrstnopqrstu"
        )),
        "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018\
         501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"
    );
}

#[test]
fn sha512_matches_fips_180_examples() {
    assert_sha512_known_digests();
}

// The oracles build at opt-level 3 in both profiles (Cargo.toml); the debug run keeps overflow
// checks on, so `cargo test --release` leaves the vector files to it.
#[test]
#[cfg_attr(
    not(debug_assertions),
    ignore = "the oracles at opt-level 3 in both profiles: run by the debug suite"
)]
fn every_vector_file_checked() {
    // The Ed25519 and ristretto255 checks hash with the test's own SHA-512: check it first.
    assert_sha512_known_digests();

    let on_disk: BTreeSet<String> = std::fs::read_dir(kat::vectors_dir())
        .expect("tests/vectors")
        .map(|entry| {
            entry
                .expect("directory entry")
                .file_name()
                .into_string()
                .expect("UTF-8 file name")
        })
        .collect();
    let handled: BTreeSet<String> = CHECKERS.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(
        on_disk, handled,
        "every vector file needs exactly one checker"
    );

    let results: Vec<(&str, Result<Count, String>, Duration)> = std::thread::scope(|scope| {
        let handles: Vec<_> = CHECKERS
            .iter()
            .map(|(name, check)| {
                let handle = scope.spawn(move || {
                    let start = Instant::now();
                    (check(&kat::read(name)), start.elapsed())
                });
                (*name, handle)
            })
            .collect();
        handles
            .into_iter()
            .map(|(name, handle)| match handle.join() {
                Ok((count, elapsed)) => (name, Ok(count), elapsed),
                Err(panic) => {
                    let message = panic
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    (name, Err(message), Duration::ZERO)
                }
            })
            .collect()
    });

    eprintln!(
        "\n{:<56} {:>8} {:>8} {:>9}",
        "vector file", "checked", "skipped", "time"
    );
    let (mut total_checked, mut total_skipped) = (0, 0);
    let mut problems = Vec::new();
    for (name, result, elapsed) in &results {
        match result {
            Ok(count) => {
                eprintln!(
                    "{name:<56} {:>8} {:>8} {:>8.2}s",
                    count.checked,
                    count.skipped,
                    elapsed.as_secs_f64()
                );
                total_checked += count.checked;
                total_skipped += count.skipped;
                if count.checked == 0 {
                    problems.push(format!("{name}: no case checked"));
                }
            }
            Err(message) => {
                eprintln!("{name:<56} {:>8}", "FAILED");
                problems.push(format!("{name}: {message}"));
            }
        }
    }
    eprintln!("{:<56} {total_checked:>8} {total_skipped:>8}", "total");
    assert!(
        problems.is_empty(),
        "vector failures:\n{}",
        problems.join("\n")
    );
}
