//! The replay over the oracle-side magnitude shadow (`ShadowFe`): it computes the same
//! witness as over k256 and never breaks k256's magnitude contract, in any profile (the
//! shadow panics with `"k256 contract violated: "` on any violation, so a pass here means
//! "no violation on these inputs").
#![cfg(feature = "shadow")]

mod common;

use common::*;
use ecdiff_oracles::ecsm::{check_relations, reference_witness, ReferenceStep, ReferenceWitness};
use ecdiff_oracles::lazy::ShadowFe;
use ecsm_witness::{
    compute_witness, compute_witness_serial, compute_witness_x, recover_y_canonical, replay,
};
use k256_013::FieldElement as Fe;

#[test]
fn shadow_replay_agrees_with_k256_and_keeps_the_contract() {
    for base in bases() {
        for k in scalars() {
            let shadow = compute_witness_serial::<ShadowFe>(&k, &base);
            assert_eq!(shadow, compute_witness::<Fe>(&k, &base), "k = {k:02x?}");
            assert_eq!(
                replay::<ShadowFe>(&k, &base),
                replay::<Fe>(&k, &base),
                "k = {k:02x?}"
            );
        }
        let k = bench_scalar();
        assert_eq!(
            compute_witness_x::<ShadowFe>(&k, &base.x),
            compute_witness_x::<Fe>(&k, &base.x)
        );
        assert_eq!(
            recover_y_canonical::<ShadowFe>(&base.x),
            recover_y_canonical::<Fe>(&base.x)
        );
    }
}

#[test]
fn conversions_to_the_oracle_layout() {
    let base = bases()[2];
    let k = bench_scalar();
    let w = compute_witness::<Fe>(&k, &base).unwrap();
    let as_ref = ReferenceWitness::from(&w);
    assert_eq!(as_ref, reference_witness(&k, &base.x, &base.y).unwrap());
    for s in &w.steps {
        check_relations(&ReferenceStep::from(s)).unwrap();
    }
}
