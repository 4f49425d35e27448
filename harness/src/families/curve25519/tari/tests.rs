//! The `tari` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::generate::entry;
use super::*;
use crate::families::curve25519::adapter_tari::Tari;
use crate::families::curve25519::adapter_tari::{pool, CHUNK};
use crate::families::curve25519::tari::batch_verify::*;

fn the_layout_accepts_every_pool_proof_with_l_r_pairs() {
    let pool = pool();
    for p in &pool.proofs {
        let bits = pool.families[p.family].bits;
        assert_eq!(layout_accepts(&p.bytes), p.has_bytes(bits));
    }
}

/// Why `gens_foreign` and `gens_other_family` stay within one chunk: tari checks generator
/// consistency per chunk of 256, so a batch whose foreign statement sits alone in a later
/// chunk verifies (each proof is valid for its own statement), while the same statement in
/// the first chunk makes the batch fail.
fn generator_consistency_is_checked_per_chunk() {
    let pool = pool();
    let f = 0;
    let fam = &pool.families[f];
    let single = fam.proofs[0];
    let mut entries: Vec<Entry> = (0..CHUNK)
        .map(|_| entry(pool, single, ParamsChoice::Standard))
        .collect();
    entries.push(entry(pool, fam.foreign_proofs[0], ParamsChoice::Foreign));
    let run = |entries: &[Entry]| {
        crate::families::curve25519::adapter_tari::verify_entries(
            &Tari,
            pool,
            f,
            entries,
            Action::VerifyOnly,
        )
    };
    assert!(
        run(&entries).is_ok(),
        "a foreign statement alone in chunk 2"
    );
    entries.swap(0, CHUNK);
    assert!(run(&entries).is_err(), "a foreign statement in chunk 1");
}

crate::declare::unit_tests![
    the_layout_accepts_every_pool_proof_with_l_r_pairs,
    generator_consistency_is_checked_per_chunk
];
