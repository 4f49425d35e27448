//! `tari_proof_from_bytes`: `from_bytes` / `to_bytes` against the documented proof layout.
//!
//! A parsed proof is read back two ways: laid out by ecdiff from its parts
//! ([`crate::families::curve25519::tari::parts`]) and written by tari's `to_bytes`. The pool's
//! bytes are ecdiff's layout too, so no input or result passes through the codec pair only: a
//! bug that `from_bytes` and `to_bytes` share (two fields swapped both ways) shows as parts
//! that are not the bytes' parts.

use super::generate::point_elements;
use crate::engine::{Expected, Outcome, Routine, RoutineInfo, VerdictKind};
use crate::families::curve25519::adapter_tari::{
    element_offset, noncanonical_scalar, other_point, pool,
};
use crate::generators::Gen;
use crate::repro::project::ReproCode;
use crate::shapes::Spec;

/// The classes of `tari_proof_from_bytes`.
pub const BYTES_CLASSES: &[&str] = &[
    "roundtrip",
    "truncated_1",
    "truncated_32",
    "truncated_64",
    "extended_1",
    "extended_32",
    "extended_64",
    "ext_byte_invalid",
    "ext_byte_changed",
    "scalar_noncanonical",
    "point_bytes_arbitrary",
    "empty",
];

/// One deserialization case.
#[derive(Clone, Debug)]
pub struct BytesCase {
    /// The pool proof the bytes come from.
    pub proof: usize,
    /// The bytes.
    pub bytes: Vec<u8>,
    /// How they were made.
    pub class: &'static str,
}

/// What a parsed proof reads back as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reserialized {
    /// The parsed proof's parts in the documented layout, laid out by ecdiff.
    pub parsed: Vec<u8>,
    /// The parsed proof's `to_bytes`.
    pub written: Vec<u8>,
}

/// A deserializer under test: bytes ↦ the parsed proof read back, or an error.
pub type FromBytesFn = Box<dyn Fn(&[u8]) -> Result<Reserialized, String> + Send + Sync>;

/// The check of `RangeProof::from_bytes` / `to_bytes`.
pub struct FromBytesCheck {
    spec: Spec,
    subject: FromBytesFn,
    /// Whether the subject is tari's own `from_bytes` / `to_bytes`, which a standalone
    /// reproducer calls ([`FromBytesCheck::reproduced_by_tari`]).
    tari: bool,
}

/// A check of `subject` as tari's proof deserializer.
pub fn check_from_bytes(spec: Spec, subject: FromBytesFn) -> FromBytesCheck {
    FromBytesCheck {
        spec,
        subject,
        tari: false,
    }
}

impl FromBytesCheck {
    /// The check of tari's own codec, whose cases a reproducer runs through
    /// `RistrettoRangeProof::from_bytes` (a zoo variant's subject is ecdiff's code: none).
    pub fn reproduced_by_tari(self) -> Self {
        FromBytesCheck { tari: true, ..self }
    }
}

/// The documented layout (`range_proof.rs:1196-1324`): `[ext: 1 byte][d1: ext × 32][A][A1][B]
/// [r1][s1][(L, R) × rounds × 64]` with ext in 1..=6, at least one L/R pair, canonical scalars
/// and nothing left over. Points are not decompressed when parsing.
pub fn layout_accepts(b: &[u8]) -> bool {
    let Some(&ext) = b.first() else { return false };
    let ext = ext as usize;
    if !(1..=6).contains(&ext) || (b.len() - 1) % 32 != 0 {
        return false;
    }
    let k = (b.len() - 1) / 32;
    if k < ext + 5 + 2 || (k - ext - 5) % 2 != 0 {
        return false;
    }
    let l = crate::families::curve25519::edwards::order();
    let canonical = |elem: usize| {
        let o = element_offset(elem);
        &num_bigint::BigUint::from_bytes_le(&b[o..o + 32]) < l
    };
    (0..ext).all(canonical) && canonical(ext + 3) && canonical(ext + 4)
}

/// Why a 1-bit single-commitment proof does not round-trip.
pub const ONE_BIT_REASON: &str = "tari_bulletproofs_plus 0.5.3: a 1-bit single-commitment \
    proof has no L/R pair (log₂(1·1) = 0 rounds); to_bytes writes it, but from_bytes rejects \
    empty L/R vectors (\"Serialized proof is too short\"), so the proof verifies in memory but \
    not after a byte round trip";

impl Routine for FromBytesCheck {
    type Case = BytesCase;
    type Output = Reserialized;

    fn info(&self) -> RoutineInfo {
        self.spec.info(
            "ground truth for pool proofs (their bytes must parse back); the documented \
             layout for edited bytes",
            BYTES_CLASSES.to_vec(),
        )
    }

    fn generate(&self, g: &mut Gen) -> BytesCase {
        let pool = pool();
        let proof = g.below(pool.proofs.len() as u64) as usize;
        let p = &pool.proofs[proof];
        let fam = &pool.families[p.family];
        let mut b = p.bytes.clone();
        let kind = if g.edgy() {
            g.weighted(&[24, 6, 6, 6, 6, 6, 6, 8, 8, 10, 10, 6])
        } else {
            g.below(12) as usize
        };
        let class = match kind {
            0 => "roundtrip",
            1 => {
                b.pop();
                "truncated_1"
            }
            2 => {
                b.truncate(b.len() - 32);
                "truncated_32"
            }
            3 => {
                b.truncate(b.len().saturating_sub(64));
                "truncated_64"
            }
            4 => {
                b.push(0x5a);
                "extended_1"
            }
            5 => {
                b.extend([0x11; 32]);
                "extended_32"
            }
            6 => {
                b.extend(other_point(&[], 3));
                b.extend(other_point(&[], 4));
                "extended_64"
            }
            7 => {
                b[0] = *g.pick(&[0u8, 7, 8, 0x80, 0xff]);
                "ext_byte_invalid"
            }
            8 => {
                b[0] = ((fam.ext + g.range(1, 5)) % 6 + 1) as u8;
                "ext_byte_changed"
            }
            9 => {
                let elem = *g.pick(&[0, fam.ext + 3, fam.ext + 4]);
                let o = element_offset(elem);
                let bad = if g.chance(1, 2) {
                    noncanonical_scalar()
                } else {
                    [0xff; 32]
                };
                b[o..o + 32].copy_from_slice(&bad);
                "scalar_noncanonical"
            }
            10 => {
                let rounds = p.rounds(fam.bits);
                let elem = *g.pick(&point_elements(fam.ext, rounds));
                let o = element_offset(elem);
                let mut junk = [0u8; 32];
                g.fill(&mut junk);
                b[o..o + 32].copy_from_slice(&junk);
                "point_bytes_arbitrary"
            }
            _ => {
                b.clear();
                "empty"
            }
        };
        if g.edgy() {
            g.hit(class);
        }
        BytesCase {
            proof,
            bytes: b,
            class,
        }
    }

    fn class_holds(&self, case: &BytesCase, class: &str) -> Option<bool> {
        super::classes::bytes_class_holds(case, class)
    }

    fn subject(&self, case: &BytesCase) -> Outcome<Reserialized> {
        (self.subject)(&case.bytes).into()
    }

    /// The bytes through `RistrettoRangeProof::from_bytes`; a parsed proof prints its own
    /// `to_bytes` (the expected line: the bytes themselves, when the layout is valid).
    fn reproducer(&self, case: &BytesCase, oracle: &Outcome<Reserialized>) -> Option<ReproCode> {
        if !self.tari {
            return None;
        }
        let expected = match oracle {
            Outcome::Value(r) => format!("parsed, writes back {}", hex::encode(&r.written)),
            Outcome::Rejected(_) => "refused".into(),
            _ => return None,
        };
        let origin = if case.class == "roundtrip" {
            "a valid proof's bytes, exactly as `to_bytes` writes them"
        } else {
            "a valid proof's bytes, edited"
        };
        Some(ReproCode {
            dependencies: Vec::new(),
            uses: vec!["use tari_bulletproofs_plus::ristretto::RistrettoRangeProof;".into()],
            body: format!(
                "// {origin} ({}).\n\
                 let bytes = unhex(\"{}\");\n\
                 // The deserializer under test; a parsed proof is printed as its own `to_bytes`.\n\
                 match RistrettoRangeProof::from_bytes(&bytes) {{\n    \
                 Ok(proof) => format!(\"parsed, writes back {{}}\", hex(&proof.to_bytes())),\n    \
                 Err(e) => {{\n        \
                 eprintln!(\"from_bytes: {{e}}\");\n        \
                 \"refused\".to_string()\n    }}\n}}\n",
                case.class,
                hex::encode(&case.bytes)
            ),
            expected,
            expected_from: "the documented layout (range_proof.rs to_bytes/from_bytes): bytes \
                            in it parse and write back unchanged, others are refused; ecdiff's \
                            answer on this case, embedded"
                .into(),
        })
    }

    /// Bytes in the documented layout parse to exactly their parts, which write back as the
    /// same bytes; a pool proof's own bytes are valid, so they must parse back.
    fn oracle(&self, case: &BytesCase) -> Outcome<Reserialized> {
        if case.class == "roundtrip" || layout_accepts(&case.bytes) {
            Outcome::Value(Reserialized {
                parsed: case.bytes.clone(),
                written: case.bytes.clone(),
            })
        } else {
            Outcome::Rejected("not the documented layout".into())
        }
    }

    fn expected(&self, case: &BytesCase) -> Expected {
        let pool = pool();
        let p = &pool.proofs[case.proof];
        if case.class == "roundtrip" && !p.has_bytes(pool.families[p.family].bits) {
            Expected::known(VerdictKind::Mismatch, ONE_BIT_REASON)
        } else {
            Expected::AGREE
        }
    }

    /// The 1-bit proof's known behaviour: `from_bytes` refuses its own `to_bytes` with
    /// "Serialized proof is too short" (tari 0.5.3 `src/range_proof.rs`).
    fn known_behaviour(
        &self,
        _case: &BytesCase,
        subject: &Outcome<Reserialized>,
    ) -> Result<(), String> {
        crate::shapes::known::refused_with(subject, "Serialized proof is too short")
    }

    fn render_case(&self, case: &BytesCase) -> String {
        format!(
            "pool proof {} ({}), {} bytes: {}",
            case.proof,
            case.class,
            case.bytes.len(),
            hex::encode(&case.bytes)
        )
    }

    fn render_output(&self, output: &Reserialized) -> String {
        if output.parsed == output.written {
            hex::encode(&output.parsed)
        } else {
            format!(
                "parts {} but to_bytes {}",
                hex::encode(&output.parsed),
                hex::encode(&output.written)
            )
        }
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod known_finding_tests;
