//! The `from_bytes` module's known-finding tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::shapes::known::testing::assert_pinned;

fn the_one_bit_round_trip_is_pinned_to_its_refusal() {
    let pool = pool();
    let (index, proof) = (pool.proofs.iter().enumerate())
        .find(|(_, p)| !p.has_bytes(pool.families[p.family].bits))
        .expect("the pool has a 1-bit proof");
    let check = check_from_bytes(
        crate::families::curve25519::FAMILY.spec("tari_proof_from_bytes"),
        Box::new(crate::families::curve25519::adapter_tari::reserialize),
    );
    let case = BytesCase {
        proof: index,
        bytes: proof.bytes.clone(),
        class: "roundtrip",
    };
    // tari refuses with "Serialized proof is too short"; another refusal is a finding.
    assert_pinned(check, &case, |_, _| {
        Outcome::Rejected("a different error".into())
    });
}

crate::declare::unit_tests![the_one_bit_round_trip_is_pinned_to_its_refusal];
