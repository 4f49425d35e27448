//! Speed of the Curve25519 family (criterion).
//!
//! * dalek multiscalar multiplication per path — constant-time Straus (n = 64), variable-time
//!   Straus (n = 64), Pippenger with w = 6, 7, 8 (n = 256, 600, 1000), precomputed Straus
//!   (128 static + 64 dynamic points): the library call alone (`dalek`), the routine's whole
//!   subject adapter from bytes (`subject`: decompression, the call, compression) and the
//!   known-log oracle (`oracle`).
//! * tari batch verification of 64-bit single-commitment proofs (extension degree 1) by batch
//!   size on both sides of tari's cost crossover (first Pippenger batch: 24 proofs): 1, 16, 23,
//!   24, 64 and 256 proofs `VerifyOnly`, and 64 proofs `RecoverOnly`.
//!
//! Run with `cargo bench -p ecdiff --bench curve25519` (release). Kept short: 10 samples,
//! about 2 s per benchmark.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use curve25519_dalek::edwards::{EdwardsPoint, VartimeEdwardsPrecomputation};
use curve25519_dalek::traits::{
    MultiscalarMul, VartimeMultiscalarMul, VartimePrecomputedMultiscalarMul,
};
use ecdiff::families::curve25519::adapter_dalek::{self as dalek, DalekMsm};
use ecdiff::families::curve25519::adapter_tari::{pool, PROVE_LABEL};
use ecdiff::families::curve25519::edwards::{
    known_log_sum, points, EdInput, Flavor, Repr, ReprMode,
};
use ecdiff::families::curve25519::edwards_msm::{MsmInput, MsmKind, MsmSubject};
use ecdiff::generators::{case_bytes, Bias, Gen};
use ecdiff::num_bigint::BigUint;
use std::hint::black_box;
use std::time::Duration;
use tari_bulletproofs_plus::range_proof::{RangeProof, VerifyAction};
use tari_bulletproofs_plus::range_statement::RangeStatement;
use tari_merlin::Transcript;

/// n uniform Edwards inputs (as bytes, with known logs) and scalars below ℓ.
fn inputs(n: usize, seed: u64) -> (Vec<EdInput>, Vec<BigUint>) {
    let bytes = case_bytes(seed, "bench-curve25519", n as u64, 64);
    let mut g = Gen::new(&bytes, Bias::Uniform);
    let pts = points(&mut g, Flavor::Edwards, n, ReprMode::Mixed);
    let l = ecdiff::families::curve25519::edwards::order();
    let scalars = (0..n).map(|_| g.biguint_below(l)).collect();
    (pts, scalars)
}

fn decoded(pts: &[EdInput]) -> Vec<EdwardsPoint> {
    pts.iter()
        .map(|p| dalek::point::<EdwardsPoint>(&p.repr).expect("valid input"))
        .collect()
}

fn oracle(pts: &[EdInput], scalars: &[BigUint]) -> [u8; 32] {
    let terms: Vec<(&BigUint, &EdInput)> = scalars.iter().zip(pts).collect();
    Flavor::Edwards.encode(&known_log_sum(&terms))
}

fn dalek_msm(c: &mut Criterion) {
    let mut group = c.benchmark_group("dalek_edwards_msm");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    let paths: &[(&str, MsmKind, usize)] = &[
        ("consttime_straus", MsmKind::ConstTime, 64),
        ("vartime_straus", MsmKind::Vartime, 64),
        ("pippenger_w6", MsmKind::Vartime, 256),
        ("pippenger_w7", MsmKind::Vartime, 600),
        ("pippenger_w8", MsmKind::Vartime, 1000),
    ];
    for &(path, kind, n) in paths {
        let (pts, scalars) = inputs(n, 1);
        let ps = decoded(&pts);
        let ss = dalek::scalars(&scalars);
        let reprs: Vec<Option<Repr>> = pts.iter().map(|p| Some(p.repr.clone())).collect();
        let id = format!("{path}/{n}");
        group.bench_function(BenchmarkId::new("dalek", &id), |b| {
            b.iter(|| match kind {
                MsmKind::ConstTime => EdwardsPoint::multiscalar_mul(black_box(&ss), &ps),
                _ => EdwardsPoint::vartime_multiscalar_mul(black_box(&ss), &ps),
            })
        });
        let subject = DalekMsm::<EdwardsPoint>::new(kind);
        group.bench_function(BenchmarkId::new("subject", &id), |b| {
            b.iter(|| {
                subject.msm(&MsmInput {
                    static_scalars: &[],
                    static_points: &[],
                    scalars: black_box(&scalars),
                    points: &reprs,
                })
            })
        });
        group.bench_function(BenchmarkId::new("oracle", &id), |b| {
            b.iter(|| oracle(black_box(&pts), &scalars))
        });
    }
    // Precomputed Straus: 128 static points (all with scalars), 64 dynamic ones.
    let (st, st_scalars) = inputs(128, 2);
    let (dy, dy_scalars) = inputs(64, 3);
    let st_points = decoded(&st);
    let dy_points = decoded(&dy);
    let pre = VartimeEdwardsPrecomputation::new(&st_points);
    let (sss, dss) = (dalek::scalars(&st_scalars), dalek::scalars(&dy_scalars));
    let id = "precomputed_straus/128+64";
    group.bench_function(BenchmarkId::new("dalek", id), |b| {
        b.iter(|| pre.vartime_mixed_multiscalar_mul(black_box(&sss), &dss, &dy_points))
    });
    let st_reprs: Vec<Repr> = st.iter().map(|p| p.repr.clone()).collect();
    let dy_reprs: Vec<Option<Repr>> = dy.iter().map(|p| Some(p.repr.clone())).collect();
    let subject = DalekMsm::<EdwardsPoint>::new(MsmKind::Mixed);
    group.bench_function(BenchmarkId::new("subject", id), |b| {
        b.iter(|| {
            subject.msm(&MsmInput {
                static_scalars: black_box(&st_scalars),
                static_points: &st_reprs,
                scalars: &dy_scalars,
                points: &dy_reprs,
            })
        })
    });
    let all_pts: Vec<EdInput> = st.iter().chain(&dy).cloned().collect();
    let all_scalars: Vec<BigUint> = st_scalars.iter().chain(&dy_scalars).cloned().collect();
    group.bench_function(BenchmarkId::new("oracle", id), |b| {
        b.iter(|| oracle(black_box(&all_pts), &all_scalars))
    });
    group.finish();
}

fn tari_batches(c: &mut Criterion) {
    let pool = pool();
    let fam = &pool.families[0];
    assert_eq!((fam.bits, fam.ext), (64, 1));
    let singles: Vec<usize> = fam
        .proofs
        .iter()
        .copied()
        .filter(|&i| pool.proofs[i].agg() == 1)
        .collect();
    let batch = |k: usize| {
        let idx: Vec<usize> = (0..k).map(|i| singles[i % singles.len()]).collect();
        let statements: Vec<RangeStatement<_>> = idx
            .iter()
            .map(|&i| {
                let p = &pool.proofs[i];
                RangeStatement::init(
                    fam.params.clone(),
                    p.commitments.clone(),
                    p.promises.clone(),
                    p.seed,
                )
                .expect("statement")
            })
            .collect();
        let proofs: Vec<_> = idx.iter().map(|&i| pool.proofs[i].proof.clone()).collect();
        (statements, proofs)
    };
    let mut group = c.benchmark_group("tari_verify_batch_64bit");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    let runs: &[(usize, VerifyAction, &str)] = &[
        (1, VerifyAction::VerifyOnly, "verify_only"),
        (16, VerifyAction::VerifyOnly, "verify_only"),
        (23, VerifyAction::VerifyOnly, "verify_only"),
        (24, VerifyAction::VerifyOnly, "verify_only"),
        (64, VerifyAction::VerifyOnly, "verify_only"),
        (256, VerifyAction::VerifyOnly, "verify_only"),
        (64, VerifyAction::RecoverOnly, "recover_only"),
    ];
    for &(k, action, label) in runs {
        let (statements, proofs) = batch(k);
        group.bench_function(BenchmarkId::new(label, k), |b| {
            b.iter(|| {
                let mut transcripts: Vec<Transcript> =
                    (0..k).map(|_| Transcript::new(PROVE_LABEL)).collect();
                RangeProof::verify_batch(&mut transcripts, &statements, &proofs, action)
                    .expect("a valid batch")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, dalek_msm, tari_batches);
criterion_main!(benches);
