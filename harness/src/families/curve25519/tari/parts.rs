//! A proof's bytes laid out by ecdiff from the proof's parts, without tari's `to_bytes`.
//!
//! tari's `RangeProof` keeps its fields private but derives `Debug`, which prints each part as
//! its canonical bytes (`CompressedRistretto: [..32 bytes..]` and `Scalar{ bytes: [..] }`,
//! curve25519-dalek 5 `src/ristretto.rs` and `src/scalar.rs`) and the extension degree by its
//! variant name. [`layout`] reads those parts and writes them in the documented layout
//! (tari_bulletproofs_plus 0.5.3 `src/range_proof.rs`, `to_bytes` / `from_bytes`):
//!
//! ```text
//! [extension degree: 1 byte][d1: ext × 32][A][A1][B][r1][s1][L₀][R₀][L₁][R₁]…
//! ```
//!
//! so the pool's bytes and the result of `from_bytes` are both read without the codec under
//! test, and a bug that `to_bytes` and `from_bytes` share (two fields swapped both ways) does
//! not cancel out.

use tari_bulletproofs_plus::ristretto::RistrettoRangeProof;

/// tari's extension degrees by variant name, in discriminant order (1..=6,
/// `generators/pedersen_gens.rs`).
const EXTENSION_DEGREES: [&str; 6] = [
    "DefaultPedersen",
    "AddOneBasePoint",
    "AddTwoBasePoints",
    "AddThreeBasePoints",
    "AddFourBasePoints",
    "AddFiveBasePoints",
];

/// The proof's bytes in the documented layout, from its parts.
///
/// Panics if the `Debug` output is not the one of tari 0.5.3 (a field missing, an element
/// that is not 32 bytes): ecdiff pins that version.
pub fn layout(proof: &RistrettoRangeProof) -> Vec<u8> {
    let text = format!("{proof:?}");
    let field = |name: &str, next: &str| -> &str {
        let from = text.find(&format!("{name}: ")).expect("a RangeProof field") + name.len() + 2;
        let to = from
            + text[from..]
                .find(&format!(", {next}: "))
                .expect("the next field");
        &text[from..to]
    };
    let fixed = text.split(", d1: ").next().expect("RangeProof { a: ..");
    let (fixed, d1, li, ri) = (
        elements(fixed),
        elements(field("d1", "li")),
        elements(field("li", "ri")),
        elements(field("ri", "extension_degree")),
    );
    let degree = text
        .rsplit("extension_degree: ")
        .next()
        .expect("the last field");
    let degree = (EXTENSION_DEGREES.iter())
        .position(|&name| degree.trim_end_matches([' ', '}']) == name)
        .expect("a known extension degree") as u8
        + 1;
    assert_eq!(fixed.len(), 5, "A, A1, B, r1, s1 in {text}");
    assert_eq!(li.len(), ri.len(), "as many L as R in {text}");
    let mut out = vec![degree];
    for element in d1.iter().chain(&fixed) {
        out.extend(element);
    }
    for (l, r) in li.iter().zip(&ri) {
        out.extend(l);
        out.extend(r);
    }
    out
}

/// The 32-byte arrays printed in `text` (innermost non-empty `[..]` groups), in order.
fn elements(text: &str) -> Vec<[u8; 32]> {
    let mut found = Vec::new();
    let mut open = None;
    for (i, c) in text.char_indices() {
        match c {
            '[' => open = Some(i + 1),
            ']' => {
                if let Some(start) = open.take().filter(|&start| start < i) {
                    let bytes: Vec<u8> = (text[start..i].split(','))
                        .map(|n| n.trim().parse().expect("a byte"))
                        .collect();
                    found.push(bytes.try_into().expect("a 32-byte element"));
                }
            }
            _ => {}
        }
    }
    found
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
