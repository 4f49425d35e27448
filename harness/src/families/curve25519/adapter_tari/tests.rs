//! The `adapter_tari` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;

fn the_crossover_table_of_the_research_notes() {
    // First batch size taking the Pippenger path under tari_bulletproofs_plus 0.5.3's cost
    // estimates (`src/range_proof.rs`, `estimate_pippenger_cost` / `estimate_straus_cost`).
    assert_eq!(first_pippenger_batch((1, 64), 1), Some(24));
    assert_eq!(first_pippenger_batch((1, 64), 6), Some(23));
    assert_eq!(first_pippenger_batch((1, 32), 1), Some(21));
    assert_eq!(first_pippenger_batch((1, 16), 1), Some(19));
    assert_eq!(first_pippenger_batch((1, 8), 1), Some(20));
    assert_eq!(first_pippenger_batch((1, 4), 1), Some(24));
    assert_eq!(first_pippenger_batch((1, 2), 1), Some(30));
    assert_eq!(first_pippenger_batch((1, 1), 1), Some(44));
    assert_eq!(first_pippenger_batch((2, 64), 1), Some(17));
    assert_eq!(first_pippenger_batch((4, 64), 1), Some(16));
    assert_eq!(first_pippenger_batch((8, 64), 1), Some(16));
    assert_eq!(first_pippenger_batch((16, 64), 1), Some(18));
    assert_eq!(first_pippenger_batch((4, 32), 1), Some(15));
    // tari's own test_msm_cost_estimates.
    assert!(estimate_straus_cost(128, 16) < estimate_pippenger_cost(144));
    assert!(estimate_pippenger_cost(128 + 257 * 16) < estimate_straus_cost(128, 257 * 16));
}

fn pool_proofs_verify_and_carry_their_masks() {
    let pool = pool();
    for (i, p) in pool.proofs.iter().enumerate() {
        let fam = &pool.families[p.family];
        let params = if p.foreign {
            fam.foreign.clone().expect("foreign params")
        } else {
            fam.params.clone()
        };
        let statement =
            RangeStatement::init(params, p.commitments.clone(), p.promises.clone(), p.seed)
                .expect("statement");
        let masks = RangeProof::verify_batch(
            &mut [Transcript::new(PROVE_LABEL)],
            &[statement],
            std::slice::from_ref(&p.proof),
            VerifyAction::RecoverAndVerify,
        )
        .unwrap_or_else(|e| panic!("pool proof {i} does not verify: {e}"));
        let got = masks[0].as_ref().map(mask_bytes);
        let want = p
            .mask
            .as_ref()
            .map(|m| m.iter().map(Scalar::to_bytes).collect::<Vec<_>>());
        assert_eq!(got, want, "pool proof {i}: recovered mask");
        assert_eq!(
            p.bytes.len(),
            1 + 32 * (fam.ext + 5 + 2 * p.rounds(fam.bits)),
            "serialized size"
        );
    }
}

crate::declare::unit_tests![
    the_crossover_table_of_the_research_notes,
    pool_proofs_verify_and_carry_their_masks
];
