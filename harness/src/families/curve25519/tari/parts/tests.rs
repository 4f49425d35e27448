//! The `parts` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::families::curve25519::adapter_tari::pool;

/// The layout read from the parts is tari's `to_bytes` on every pool proof, and it moves
/// with the parts: a proof with another `r1` (from edited bytes) lays out that `r1`.
fn the_layout_of_the_parts_is_the_documented_one() {
    let pool = pool();
    for p in &pool.proofs {
        assert_eq!(layout(&p.proof), p.proof.to_bytes());
    }
    let p = (pool.proofs.iter())
        .find(|p| p.has_bytes(pool.families[p.family].bits))
        .expect("a proof with L/R pairs");
    let ext = pool.families[p.family].ext;
    let mut bytes = layout(&p.proof);
    let r1 = crate::families::curve25519::adapter_tari::element_offset(ext + 3);
    bytes[r1] ^= 1;
    let edited = RistrettoRangeProof::from_bytes(&bytes).expect("r1 still canonical");
    assert_eq!(layout(&edited), bytes);
    assert_ne!(layout(&edited), layout(&p.proof));
}

fn elements_are_the_innermost_byte_groups() {
    let one = format!("{:?}", [7u8; 32]);
    let text = format!("a: X: {one}, d1: [S{{ bytes: {one} }}, S{{ bytes: {one} }}]");
    assert_eq!(elements(&text), vec![[7u8; 32]; 3]);
}

crate::declare::unit_tests![
    the_layout_of_the_parts_is_the_documented_one,
    elements_are_the_innermost_byte_groups
];
