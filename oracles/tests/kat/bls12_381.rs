//! BLS12-381 vectors: go-ethereum's EIP-2537 precompile data (valid and `fail-*`), the
//! zkcrypto 0·G … 999·G serialization files, Constantine G1/G2 scalar multiplication, the
//! Ethereum consensus deserialization cases, blst's low-order points, and RELIC's e(G1, G2).
//! Formats and byte orders: `tests/vectors/SOURCES.md` §7.

use std::collections::{HashMap, HashSet};

use ecdiff_oracles::bls12_381::curve::interleaved_msm;
use ecdiff_oracles::bls12_381::pairing::{
    final_exponentiation, generator_pairing, is_in_gt, miller_loop, pairing_check,
};
use ecdiff_oracles::bls12_381::serialization::{
    g1_from_compressed, g1_from_uncompressed, g1_to_compressed, g1_to_uncompressed,
    g2_from_compressed, g2_from_uncompressed, g2_to_compressed, g2_to_uncompressed, DecodeError,
    SubgroupCheck,
};
use ecdiff_oracles::bls12_381::tower::Fp12;
use ecdiff_oracles::bls12_381::{bls12_381_fp, bls12_381_fr, bls12_381_g1, bls12_381_g2};
use ecdiff_oracles::field::{Field, Fp};
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::{Curve, Point};
use num_bigint::BigUint;
use num_traits::Zero;
use serde_json::Value;

use super::{arr, bytes, int, s, vectors_dir, Count};

// ---------------------------------------------------------------------------------------
// EIP-2537 encoding (SOURCES.md §7a): 64-byte Fp words with 16 zero bytes, G2 real part first.
// ---------------------------------------------------------------------------------------

/// Why an EIP-2537 input was rejected, one variant per geth error text of the `fail-*` files.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Reject {
    /// "invalid input length".
    BadLength,
    /// "invalid field element top bytes": the 16 leading bytes of a word are not zero.
    TopBytes,
    /// "invalid fp.Element encoding": the value is ≥ p.
    NotCanonical,
    /// "invalid point: not on curve".
    NotOnCurve,
    /// "g1/g2 point is not on correct subgroup".
    NotInSubgroup,
}

impl Reject {
    /// The variant for a geth `ExpectedError`.
    fn from_geth(text: &str) -> Reject {
        match text {
            "invalid input length" => Reject::BadLength,
            "invalid field element top bytes" => Reject::TopBytes,
            "invalid fp.Element encoding" => Reject::NotCanonical,
            "invalid point: not on curve" => Reject::NotOnCurve,
            t if t.ends_with("is not on correct subgroup") => Reject::NotInSubgroup,
            t => panic!("unknown geth error {t:?}"),
        }
    }
}

/// A 64-byte EIP-2537 field element.
fn fp64(word: &[u8]) -> Result<Fp, Reject> {
    assert_eq!(word.len(), 64);
    if word[..16].iter().any(|b| *b != 0) {
        return Err(Reject::TopBytes);
    }
    bls12_381_fp()
        .from_canonical(&BigUint::from_bytes_be(&word[16..]))
        .ok_or(Reject::NotCanonical)
}

/// A field element as a 64-byte EIP-2537 word.
fn fp64_encode(a: &Fp) -> Vec<u8> {
    a.to_be_bytes(64)
}

/// G1 or G2 with its EIP-2537 coordinate codec.
trait Evm: Sync {
    /// The coordinate field.
    type F: Field;
    /// Bytes per point (two coordinates).
    const POINT: usize;
    /// The curve.
    fn curve() -> &'static Curve<Self::F>;
    /// One coordinate.
    fn coord(b: &[u8]) -> Result<Self::F, Reject>;
    /// One coordinate's encoding.
    fn coord_encode(a: &Self::F) -> Vec<u8>;
}

/// G1: a coordinate is one 64-byte word.
struct EvmG1;
/// G2: a coordinate c0 + c1·u is `c0 ‖ c1` (real part first).
struct EvmG2;

impl Evm for EvmG1 {
    type F = Fp;
    const POINT: usize = 128;
    fn curve() -> &'static Curve<Fp> {
        bls12_381_g1()
    }
    fn coord(b: &[u8]) -> Result<Fp, Reject> {
        fp64(b)
    }
    fn coord_encode(a: &Fp) -> Vec<u8> {
        fp64_encode(a)
    }
}

impl Evm for EvmG2 {
    type F = Fp2;
    const POINT: usize = 256;
    fn curve() -> &'static Curve<Fp2> {
        bls12_381_g2()
    }
    fn coord(b: &[u8]) -> Result<Fp2, Reject> {
        Ok(Fp2::new(fp64(&b[..64])?, fp64(&b[64..])?))
    }
    fn coord_encode(a: &Fp2) -> Vec<u8> {
        [fp64_encode(&a.c0), fp64_encode(&a.c1)].concat()
    }
}

/// An EIP-2537 point `x ‖ y` (all zeros = infinity): canonical words, on the curve, and in
/// the subgroup if `subgroup`.
fn evm_point<E: Evm>(b: &[u8], subgroup: bool) -> Result<Point<E::F>, Reject> {
    assert_eq!(b.len(), E::POINT);
    let (x, y) = (E::coord(&b[..E::POINT / 2])?, E::coord(&b[E::POINT / 2..])?);
    if x.is_zero() && y.is_zero() {
        return Ok(Point::Identity);
    }
    let p = Point::Affine { x, y };
    let curve = E::curve();
    if !curve.is_on_curve(&p) {
        Err(Reject::NotOnCurve)
    } else if subgroup && !curve.is_in_subgroup(&p) {
        Err(Reject::NotInSubgroup)
    } else {
        Ok(p)
    }
}

/// The EIP-2537 encoding of a point.
fn evm_encode<E: Evm>(p: &Point<E::F>) -> Vec<u8> {
    match p {
        Point::Identity => vec![0; E::POINT],
        Point::Affine { x, y } => [E::coord_encode(x), E::coord_encode(y)].concat(),
    }
}

/// The add precompile: exactly two points, on the curve, no subgroup check (EIP-2537).
fn evm_add<E: Evm>(input: &[u8]) -> Result<Vec<u8>, Reject> {
    if input.len() != 2 * E::POINT {
        return Err(Reject::BadLength);
    }
    let p = evm_point::<E>(&input[..E::POINT], false)?;
    let q = evm_point::<E>(&input[E::POINT..], false)?;
    Ok(evm_encode::<E>(&E::curve().add(&p, &q)))
}

/// The (scalar, point) terms of an MSM input: n ≥ 1 × (`P ‖ k`), points checked for the
/// subgroup if `subgroup`.
type Terms<F> = Vec<(BigUint, Point<F>)>;

fn evm_msm_terms<E: Evm>(input: &[u8], subgroup: bool) -> Result<Terms<E::F>, Reject> {
    let pair = E::POINT + 32;
    if input.is_empty() || input.len() % pair != 0 {
        return Err(Reject::BadLength);
    }
    input
        .chunks(pair)
        .map(|c| {
            let p = evm_point::<E>(&c[..E::POINT], subgroup)?;
            Ok((BigUint::from_bytes_be(&c[E::POINT..]), p))
        })
        .collect()
}

/// The MSM precompile (also used by geth for the Mul files): Σ kᵢ·Pᵢ on raw 256-bit scalars.
fn evm_msm<E: Evm>(input: &[u8], subgroup: bool) -> Result<Vec<u8>, Reject> {
    let terms = evm_msm_terms::<E>(input, subgroup)?;
    Ok(evm_encode::<E>(&interleaved_msm(E::curve(), &terms)))
}

/// The (G1, G2) pairs of a pairing input.
type Pairs = Vec<(Point<Fp>, Point<Fp2>)>;

/// A pairing input: n ≥ 1 × (G1 (128) ‖ G2 (256)), all points on the curves and in the
/// subgroups. Subgroup checks are remembered per distinct encoding in `checked`.
fn evm_pairs(input: &[u8], checked: &mut HashSet<Vec<u8>>) -> Result<Pairs, Reject> {
    if input.is_empty() || input.len() % 384 != 0 {
        return Err(Reject::BadLength);
    }
    let mut pairs = Vec::new();
    for c in input.chunks(384) {
        let p = evm_point::<EvmG1>(&c[..128], false)?;
        if !checked.contains(&c[..128]) {
            if !bls12_381_g1().is_in_subgroup(&p) {
                return Err(Reject::NotInSubgroup);
            }
            checked.insert(c[..128].to_vec());
        }
        let q = evm_point::<EvmG2>(&c[128..], false)?;
        if !checked.contains(&c[128..]) {
            if !bls12_381_g2().is_in_subgroup(&q) {
                return Err(Reject::NotInSubgroup);
            }
            checked.insert(c[128..].to_vec());
        }
        pairs.push((p, q));
    }
    Ok(pairs)
}

/// The pairing precompile's 32-byte output.
fn pairing_output(ok: bool) -> Vec<u8> {
    let mut out = vec![0; 32];
    out[31] = u8::from(ok);
    out
}

/// The geth valid-case array `{Input, Expected, Name}`.
fn geth_cases(text: &str) -> Vec<Value> {
    let cases: Value = serde_json::from_str(text).expect("json");
    cases.as_array().expect("array").clone()
}

/// `geth_blsG1Add.json` / `geth_blsG2Add.json`.
fn geth_add<E: Evm>(text: &str) -> Count {
    let mut count = Count::default();
    for case in geth_cases(text) {
        let got = evm_add::<E>(&bytes(s(&case, "Input"))).expect("valid add input");
        assert_eq!(
            hex::encode(got),
            s(&case, "Expected"),
            "{}",
            s(&case, "Name")
        );
        count.check();
    }
    count
}

/// `geth_blsG1Add.json`.
pub fn geth_g1_add(text: &str) -> Count {
    geth_add::<EvmG1>(text)
}

/// `geth_blsG2Add.json`.
pub fn geth_g2_add(text: &str) -> Count {
    geth_add::<EvmG2>(text)
}

/// `geth_bls{G1,G2}Mul.json`: one-term MSMs with the subgroup check, cross-checked against
/// the textbook double-and-add [`Curve::mul`]; scalars 0 and ≥ r must occur.
fn geth_mul<E: Evm>(text: &str) -> Count {
    let mut count = Count::default();
    let (mut zero, mut at_least_r) = (0, 0);
    for case in geth_cases(text) {
        let input = bytes(s(&case, "Input"));
        let got = evm_msm::<E>(&input, true).expect("valid mul input");
        assert_eq!(
            hex::encode(&got),
            s(&case, "Expected"),
            "{}",
            s(&case, "Name")
        );
        let terms = evm_msm_terms::<E>(&input, false).expect("valid");
        let (k, p) = &terms[0];
        assert_eq!(evm_encode::<E>(&E::curve().mul(p, k)), got);
        zero += usize::from(k.is_zero());
        at_least_r += usize::from(k >= bls12_381_fr().modulus());
        count.check();
    }
    assert!(zero > 0 && at_least_r > 0, "expected scalars 0 and ≥ r");
    count
}

/// `geth_blsG1Mul.json`.
pub fn geth_g1_mul(text: &str) -> Count {
    geth_mul::<EvmG1>(text)
}

/// `geth_blsG2Mul.json`.
pub fn geth_g2_mul(text: &str) -> Count {
    geth_mul::<EvmG2>(text)
}

/// `geth_bls{G1,G2}MultiExp.json` by Straus's interleaved double-and-add
/// ([`interleaved_msm`], itself checked against the naive [`Curve::msm`] here on every case
/// with n ≤ 2 and in `tests/group_laws.rs`). Every term is computed; no log is known.
///
/// The points are decoded with the canonical and curve checks but **without** the r·P = O
/// subgroup check: the ~11 000 G1 and ~4 100 G2 distinct points would cost one full
/// double-and-add each (~40 s + ~30 s), and the expected outputs do not depend on it. The
/// subgroup rejection of the MSM decoder is checked by the `fail-*MultiExp` files.
fn geth_msm<E: Evm>(text: &str) -> Count {
    let mut count = Count::default();
    let (mut at_least_r, mut largest) = (0, 0);
    for case in geth_cases(text) {
        let input = bytes(s(&case, "Input"));
        let terms = evm_msm_terms::<E>(&input, false).expect("valid MSM input");
        let got = evm_encode::<E>(&interleaved_msm(E::curve(), &terms));
        assert_eq!(
            hex::encode(&got),
            s(&case, "Expected"),
            "{}",
            s(&case, "Name")
        );
        if terms.len() <= 2 {
            assert_eq!(evm_encode::<E>(&E::curve().msm(&terms)), got);
        }
        at_least_r += terms
            .iter()
            .filter(|(k, _)| k >= bls12_381_fr().modulus())
            .count();
        largest = largest.max(terms.len());
        count.check();
    }
    assert!(
        at_least_r > 0 && largest >= 1024,
        "scalars ≥ r and a large n"
    );
    count
}

/// `geth_blsG1MultiExp.json`.
pub fn geth_g1_msm(text: &str) -> Count {
    geth_msm::<EvmG1>(text)
}

/// `geth_blsG2MultiExp.json`.
pub fn geth_g2_msm(text: &str) -> Count {
    geth_msm::<EvmG2>(text)
}

/// The Miller value of one pair (1 when a point is at infinity).
fn miller_value(p: &Point<Fp>, q: &Point<Fp2>) -> Fp12 {
    match (p, q) {
        (Point::Affine { x: px, y: py }, Point::Affine { x: qx, y: qy }) => {
            miller_loop((px, py), (qx, qy))
        }
        _ => Fp12::one(),
    }
}

/// `geth_blsPairing.json`: every case's pairing check computed in full, with all subgroup
/// checks. One-pair cases go through [`pairing_check`]; the others multiply the Miller values
/// of their pairs (cached per distinct pair: 311 distinct pairs in 404) and apply one
/// [`final_exponentiation`], which is what [`pairing_check`] does.
pub fn geth_pairing(text: &str) -> Count {
    let mut count = Count::default();
    let mut checked = HashSet::new();
    let mut miller: HashMap<Vec<u8>, Fp12> = HashMap::new();
    let (mut ones, mut zeros) = (0, 0);
    for case in geth_cases(text) {
        let input = bytes(s(&case, "Input"));
        let pairs = evm_pairs(&input, &mut checked).expect("valid pairing input");
        let ok = if pairs.len() == 1 {
            pairing_check(&pairs)
        } else {
            let product = input
                .chunks(384)
                .zip(&pairs)
                .fold(Fp12::one(), |acc, (raw, (p, q))| {
                    let f = miller
                        .entry(raw.to_vec())
                        .or_insert_with(|| miller_value(p, q));
                    acc.mul(f)
                });
            final_exponentiation(&product) == Fp12::one()
        };
        let expected = s(&case, "Expected");
        assert_eq!(
            hex::encode(pairing_output(ok)),
            expected,
            "{}",
            s(&case, "Name")
        );
        if ok {
            ones += 1;
        } else {
            zeros += 1;
        }
        count.check();
    }
    assert!(ones > 0 && zeros > 0, "both outcomes");
    count
}

/// A geth `fail-*` file: `op` must reject every input with the reason named by geth.
fn geth_fail(text: &str, op: impl Fn(&[u8]) -> Result<(), Reject>) -> Count {
    let mut count = Count::default();
    let cases: Value = serde_json::from_str(text).expect("json");
    for case in cases.as_array().expect("array") {
        let expected = Reject::from_geth(s(case, "ExpectedError"));
        let got = op(&bytes(s(case, "Input")));
        assert_eq!(got, Err(expected), "{}", s(case, "Name"));
        count.check();
    }
    count
}

/// `geth_fail-blsG1Add.json`.
pub fn geth_fail_g1_add(text: &str) -> Count {
    geth_fail(text, |b| evm_add::<EvmG1>(b).map(drop))
}

/// `geth_fail-blsG2Add.json`.
pub fn geth_fail_g2_add(text: &str) -> Count {
    geth_fail(text, |b| evm_add::<EvmG2>(b).map(drop))
}

/// `geth_fail-blsG1Mul.json` (geth runs them through the MSM precompile) and
/// `geth_fail-blsG1MultiExp.json`.
pub fn geth_fail_g1_msm(text: &str) -> Count {
    geth_fail(text, |b| evm_msm::<EvmG1>(b, true).map(drop))
}

/// `geth_fail-blsG2Mul.json` and `geth_fail-blsG2MultiExp.json`.
pub fn geth_fail_g2_msm(text: &str) -> Count {
    geth_fail(text, |b| evm_msm::<EvmG2>(b, true).map(drop))
}

/// `geth_fail-blsPairing.json`.
pub fn geth_fail_pairing(text: &str) -> Count {
    geth_fail(text, |b| evm_pairs(b, &mut HashSet::new()).map(drop))
}

// ---------------------------------------------------------------------------------------
// ZCash serialization (SOURCES.md §7b, §7d, §7e).
// ---------------------------------------------------------------------------------------

/// The raw bytes of a (binary) vector file.
fn read_bytes(name: &str) -> Vec<u8> {
    let path = vectors_dir().join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A zkcrypto `.dat` file: entry i (fixed width) is the encoding of i·G, i = 0 … 999.
/// Every entry is checked both ways (encode(i·G) = entry, unchecked decode(entry) = i·G,
/// with i·G by running sum); every 25th entry also through the subgroup-checked decoder
/// (r·P = O by double-and-add: ~13 ms per G2 point, so not all 1000).
fn zkcrypto<F: Field>(
    name: &str,
    curve: &Curve<F>,
    width: usize,
    encode: impl Fn(&Point<F>) -> Vec<u8>,
    decode: impl Fn(&[u8], SubgroupCheck) -> Result<Point<F>, DecodeError>,
) -> Count {
    let mut count = Count::default();
    let data = read_bytes(name);
    assert_eq!(data.len(), 1000 * width, "{name}: 1000 entries");
    let mut e = Point::Identity;
    for (i, entry) in data.chunks(width).enumerate() {
        assert_eq!(encode(&e), entry, "{name}: encoding of {i}·G");
        assert_eq!(
            decode(entry, SubgroupCheck::Unchecked).as_ref(),
            Ok(&e),
            "{name}: decoding of {i}·G"
        );
        if i % 25 == 0 {
            assert_eq!(decode(entry, SubgroupCheck::Checked).as_ref(), Ok(&e));
        }
        e = curve.add(&e, &curve.generator);
        count.check();
    }
    // The running sum agrees with double-and-add.
    assert_eq!(e, curve.mul(&curve.generator, &BigUint::from(1000u32)));
    count
}

/// `zkcrypto_bls12_381_g1_compressed_valid_test_vectors.dat`.
pub fn zkcrypto_g1_compressed(_text: &str) -> Count {
    zkcrypto(
        "zkcrypto_bls12_381_g1_compressed_valid_test_vectors.dat",
        bls12_381_g1(),
        48,
        |p| g1_to_compressed(p).expect("on curve").to_vec(),
        g1_from_compressed,
    )
}

/// `zkcrypto_bls12_381_g1_uncompressed_valid_test_vectors.dat`.
pub fn zkcrypto_g1_uncompressed(_text: &str) -> Count {
    zkcrypto(
        "zkcrypto_bls12_381_g1_uncompressed_valid_test_vectors.dat",
        bls12_381_g1(),
        96,
        |p| g1_to_uncompressed(p).expect("on curve").to_vec(),
        g1_from_uncompressed,
    )
}

/// `zkcrypto_bls12_381_g2_compressed_valid_test_vectors.dat`.
pub fn zkcrypto_g2_compressed(_text: &str) -> Count {
    zkcrypto(
        "zkcrypto_bls12_381_g2_compressed_valid_test_vectors.dat",
        bls12_381_g2(),
        96,
        |p| g2_to_compressed(p).expect("on curve").to_vec(),
        g2_from_compressed,
    )
}

/// `zkcrypto_bls12_381_g2_uncompressed_valid_test_vectors.dat`.
pub fn zkcrypto_g2_uncompressed(_text: &str) -> Count {
    zkcrypto(
        "zkcrypto_bls12_381_g2_uncompressed_valid_test_vectors.dat",
        bls12_381_g2(),
        192,
        |p| g2_to_uncompressed(p).expect("on curve").to_vec(),
        g2_from_uncompressed,
    )
}

/// The rejection(s) expected for an Ethereum consensus `deserialization_fails_*` case, from
/// its name (SOURCES.md §7d). `infinity_with_false_b_flag` is x = 0 without the I flag: a
/// point of order 3 on E when x³ + b is a square (not in the subgroup), else not on the curve.
fn eth_expected(name: &str) -> Vec<DecodeError> {
    use DecodeError::*;
    let tail = name
        .strip_prefix("deserialization_fails_")
        .unwrap_or_else(|| panic!("{name}"));
    match tail {
        "infinity_with_false_b_flag" => vec![NotInSubgroup, NotOnCurve],
        "infinity_with_true_b_flag"
        | "with_b_flag_and_a_flag_true"
        | "with_b_flag_and_x_nonzero" => {
            vec![InfinityNotZero]
        }
        "not_in_G1" | "not_in_G2" => vec![NotInSubgroup],
        "not_in_curve" => vec![NotOnCurve],
        "with_wrong_c_flag" => vec![WrongCompressionFlag],
        t if t.starts_with("too_") => vec![],
        t if t.contains("_to_modulus") || t.contains("_than_modulus") => vec![NonCanonical],
        t => panic!("unknown case {t}"),
    }
}

/// `bls12381_eth_deserialization.json`: the subgroup-checked compressed decoders accept
/// exactly the `output: true` cases, reject the others with the reason the case names, and
/// re-encode what they accept to the input.
pub fn eth_deserialization(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    for (group, width) in [("G1", 48), ("G2", 96)] {
        for case in arr(&v, group) {
            let name = s(case, "name");
            let input = bytes(s(case, "input"));
            let accept = case["output"].as_bool().expect("bool");
            let reencoded = if group == "G1" {
                g1_from_compressed(&input, SubgroupCheck::Checked)
                    .map(|p| g1_to_compressed(&p).expect("on curve").to_vec())
            } else {
                g2_from_compressed(&input, SubgroupCheck::Checked)
                    .map(|p| g2_to_compressed(&p).expect("on curve").to_vec())
            };
            match reencoded {
                Ok(out) => {
                    assert!(accept, "{group} {name}: accepted");
                    assert_eq!(out, input, "{group} {name}: re-encoding");
                }
                Err(e) => {
                    assert!(!accept, "{group} {name}: rejected with {e:?}");
                    let expected = eth_expected(name);
                    if expected.is_empty() {
                        assert_eq!(
                            e,
                            DecodeError::WrongLength {
                                expected: width,
                                got: input.len()
                            },
                            "{group} {name}"
                        );
                    } else {
                        assert!(expected.contains(&e), "{group} {name}: {e:?}");
                    }
                }
            }
            count.check();
        }
    }
    count
}

/// `bls12381_blst_low_order_points.json`: each point is rejected by the subgroup-checked
/// decoder (NotInSubgroup), accepted by the unchecked one, re-encodes to its input, is killed
/// by its stated prime order (and not O itself), and that order divides the cofactor.
pub fn blst_low_order(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    for pt in arr(&v, "points") {
        let input = bytes(s(pt, "compressed"));
        let order = BigUint::from(pt["order"].as_u64().expect("order"));
        assert_eq!(pt["in_group"], false);
        let name = s(pt, "name");
        match s(pt, "group") {
            "G1" => {
                let g1 = bls12_381_g1();
                assert_eq!(
                    g1_from_compressed(&input, SubgroupCheck::Checked),
                    Err(DecodeError::NotInSubgroup),
                    "{name}"
                );
                let p = g1_from_compressed(&input, SubgroupCheck::Unchecked).expect(name);
                assert!(
                    !p.is_identity() && g1.mul(&p, &order).is_identity(),
                    "{name}"
                );
                assert!((&g1.cofactor % &order).is_zero(), "{name}: order | h1");
                assert_eq!(g1_to_compressed(&p).expect("on curve").to_vec(), input);
            }
            "G2" => {
                let g2 = bls12_381_g2();
                assert_eq!(
                    g2_from_compressed(&input, SubgroupCheck::Checked),
                    Err(DecodeError::NotInSubgroup),
                    "{name}"
                );
                let p = g2_from_compressed(&input, SubgroupCheck::Unchecked).expect(name);
                assert!(
                    !p.is_identity() && g2.mul(&p, &order).is_identity(),
                    "{name}"
                );
                assert!((&g2.cofactor % &order).is_zero(), "{name}: order | h2");
                assert_eq!(g2_to_compressed(&p).expect("on curve").to_vec(), input);
            }
            g => panic!("unknown group {g}"),
        }
        count.check();
    }
    count
}

/// `bls12381_gt_pairing_generators.json`: the generators are the oracle's, RELIC's
/// e(G1, G2) lies in GT, and it is the **cube** of the oracle's e(G1, G2).
///
/// The cube is expected, not a fudge: the oracle raises the Miller value to the plain
/// (p¹² − 1)/r, while zkcrypto and RELIC compute the hard part of the final exponentiation
/// with the chain of Hayashida, Hayasaka and Teruya (<https://eprint.iacr.org/2020/875>,
/// after Fuentes-Castañeda, Knapp and Rodríguez-Henríquez, SAC 2011) whose exponent is
/// (x − 1)²(x + p)(x² + p² − 1) + 3 = 3·(p⁴ − p² + 1)/r (an identity checked in
/// `tests/constants.rs`). Since gcd(3, r) = 1 both are non-degenerate bilinear pairings; the
/// check still pins the Miller loop, the line functions, the twist and the tower, because any
/// error there changes e and hence e³.
pub fn gt_pairing_generators(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    let (g1, g2) = (bls12_381_g1(), bls12_381_g2());
    let p = g1_from_uncompressed(
        &bytes(s(&v, "P_g1_generator_uncompressed_zcash")),
        SubgroupCheck::Checked,
    )
    .expect("P");
    assert_eq!(p, g1.generator);
    count.check();
    let q = g2_from_uncompressed(
        &bytes(s(&v, "Q_g2_generator_uncompressed_zcash")),
        SubgroupCheck::Checked,
    )
    .expect("Q");
    assert_eq!(q, g2.generator);
    count.check();

    // The 12 coefficients, keyed cA.cB.cC, in from_coeffs order; the comment lines agree.
    let keys: Vec<String> = (0..2)
        .flat_map(|a| (0..3).flat_map(move |b| (0..2).map(move |c| format!("c{a}.c{b}.c{c}"))))
        .collect();
    let lines = arr(&v, "relic_comment_lines");
    let coeffs: Vec<BigUint> = keys
        .iter()
        .zip(lines)
        .map(|(key, line)| {
            let value = s(&v["e"], key);
            assert_eq!(line.as_str().expect("line").replace(' ', ""), value);
            int(value)
        })
        .collect();
    let relic = Fp12::from_coeffs(&coeffs.try_into().expect("12")).expect("canonical");
    assert!(
        relic != Fp12::one() && is_in_gt(&relic),
        "RELIC's e is in GT \\ {{1}}"
    );
    count.check();

    let e = generator_pairing();
    assert_eq!(
        e.pow(&BigUint::from(3u8)),
        relic,
        "e(G1, G2)³ = RELIC's e(G1, G2)"
    );
    count.check();
    // The check-only use: e(G1, G2)·RELIC's value⁻¹ pairs to e^(1−3) = e^(−2) ≠ 1, and
    // e(G1, G2)³·relic⁻¹ = 1 (the product form a pairing check evaluates).
    let relic_inv = relic.conjugate();
    assert_eq!(e.pow(&BigUint::from(3u8)).mul(&relic_inv), Fp12::one());
    assert_ne!(e.mul(&relic_inv), Fp12::one());
    count.check();
    count
}

// ---------------------------------------------------------------------------------------
// Constantine scalar multiplication (SOURCES.md §7c).
// ---------------------------------------------------------------------------------------

/// Common Constantine header checks.
fn constantine_header(v: &Value, group: &str) {
    assert_eq!(s(v, "curve"), "BLS12_381");
    assert_eq!(s(v, "group"), group);
    assert_eq!(int(s(v, "modulus")), *bls12_381_fp().modulus());
    assert_eq!(int(s(v, "order")), *bls12_381_fr().modulus());
    assert_eq!(s(v, "form"), "short_weierstrass");
    assert_eq!(int(s(v, "a")), BigUint::zero());
    assert_eq!(int(s(v, "b")), BigUint::from(4u8));
}

/// `constantine_tv_BLS12_381_scalar_mul_G1_*bit.json`: Q = scalar·P on random P ∈ G1.
pub fn constantine_g1(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    constantine_header(&v, "G1");
    let g1 = bls12_381_g1();
    assert_eq!(int(s(&v, "cofactor")), g1.cofactor);
    let fp = bls12_381_fp();
    let point = |p: &Value| Point::Affine {
        x: fp.from_canonical(&int(s(p, "x"))).expect("canonical"),
        y: fp.from_canonical(&int(s(p, "y"))).expect("canonical"),
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

/// `constantine_tv_BLS12_381_scalar_mul_G2_*bit.json`: Q = scalar·P on random P ∈ G2, plus
/// the M-twist description and the G2 cofactor in the header.
pub fn constantine_g2(text: &str) -> Count {
    let mut count = Count::default();
    let v: Value = serde_json::from_str(text).expect("json");
    constantine_header(&v, "G2");
    assert_eq!(s(&v, "twist"), "M_Twist");
    assert_eq!(v["non_residue_fp"], -1);
    assert_eq!(v["non_residue_twist"], serde_json::json!([1, 1]));
    let g2 = bls12_381_g2();
    assert_eq!(int(s(&v, "cofactor")), g2.cofactor);
    let fp = bls12_381_fp();
    let fp2 = |w: &Value| {
        Fp2::new(
            fp.from_canonical(&int(s(w, "c0"))).expect("canonical"),
            fp.from_canonical(&int(s(w, "c1"))).expect("canonical"),
        )
    };
    let point = |p: &Value| Point::Affine {
        x: fp2(&p["x"]),
        y: fp2(&p["y"]),
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
