//! Development check of the fast path against the BigUint reference replay
//! (`ecdiff_oracles::ecsm`): byte-identical rows, quotients and results, for G and
//! non-generator bases, affine and x-only entry points, and the same accept/reject
//! decisions. The harness owns the differential campaign; this pins the subject itself.

mod common;

use common::*;
use ecdiff_oracles::ecsm::{
    check_relations, reference_witness, reference_witness_x, ReferenceError, ReferenceStep,
    ReferenceWitness,
};
use ecsm_witness::{
    compute_witness, compute_witness_x, replay, EcdasStep, EcsmError, EcsmWitness, P_LE,
};
use k256_013::FieldElement as Fe;
use num_bigint::BigUint;

fn to_ref_step(s: &EcdasStep) -> ReferenceStep {
    ReferenceStep {
        x_a: s.x_a,
        y_a: s.y_a,
        x_g: s.x_g,
        y_g: s.y_g,
        round: s.round,
        op: s.op,
        next_op: s.next_op,
        lambda: s.lambda,
        x_r: s.x_r,
        y_r: s.y_r,
        q0: s.q0,
        q1: s.q1,
        q2: s.q2,
    }
}

fn to_ref(w: &EcsmWitness) -> ReferenceWitness {
    ReferenceWitness {
        x_g: w.x_g,
        y_g: w.y_g,
        k: w.k,
        len_k: w.len_k,
        steps: w.steps.iter().map(to_ref_step).collect(),
        x_r: w.x_r,
        y_r: w.y_r,
    }
}

fn err(e: EcsmError) -> ReferenceError {
    match e {
        EcsmError::ScalarIsZero => ReferenceError::ScalarIsZero,
        EcsmError::ScalarOutOfRange => ReferenceError::ScalarOutOfRange,
        EcsmError::CoordinateOutOfRange => ReferenceError::CoordinateOutOfRange,
        EcsmError::NotOnCurve => ReferenceError::NotOnCurve,
    }
}

#[test]
fn k256_witness_matches_reference_generator_and_other_bases() {
    for base in bases() {
        for k in scalars() {
            let fast = compute_witness::<Fe>(&k, &base).unwrap();
            let reference = reference_witness(&k, &base.x, &base.y).unwrap();
            assert_eq!(to_ref(&fast), reference, "k = {k:02x?}");
            for s in &fast.steps {
                check_relations(&to_ref_step(s)).unwrap();
            }
            // The point-level replay agrees too.
            let r = replay::<Fe>(&k, &base).unwrap();
            assert_eq!((r.result.x, r.result.y), (reference.x_r, reference.y_r));
            for (a, b) in r.steps.iter().zip(&reference.steps) {
                assert_eq!(
                    (a.x_a, a.y_a, a.lambda, a.x_r, a.y_r),
                    (b.x_a, b.y_a, b.lambda, b.x_r, b.y_r)
                );
            }
        }
    }
}

#[test]
fn k256_x_only_matches_reference() {
    let mut xs: Vec<[u8; 32]> = bases().iter().map(|b| b.x).collect();
    xs.extend((0u64..12).map(le_u64));
    xs.push(P_LE);
    xs.push(le_big(&(BigUint::from_bytes_le(&P_LE) - 1u32)));
    xs.push([0xFF; 32]);
    for x in &xs {
        for k in [le_u64(1), le_u64(2), le_u64(0x1F), le_big(&(n() - 1u32))] {
            let fast = compute_witness_x::<Fe>(&k, x)
                .map(|w| to_ref(&w))
                .map_err(err);
            assert_eq!(fast, reference_witness_x(&k, x), "x = {x:02x?}");
        }
    }
}

#[test]
fn k256_rejects_what_reference_rejects() {
    let g = bases()[1];
    let not_on_curve = ecsm_witness::AffinePoint { x: g.x, y: g.x };
    let big_y = ecsm_witness::AffinePoint { x: g.x, y: P_LE };
    for k in [[0u8; 32], ecsm_witness::N_LE, [0xFF; 32], le_u64(3)] {
        for b in [g, not_on_curve, big_y] {
            let fast = compute_witness::<Fe>(&k, &b)
                .map(|w| to_ref(&w))
                .map_err(err);
            assert_eq!(fast, reference_witness(&k, &b.x, &b.y));
        }
    }
}
