//! Speed of the dory family's checks (issue: the differential engine and the dory routines).
//!
//! For each routine and input size n: the time to draw the case (edge-biased generation,
//! including the oracle-side known-log points), the subject alone, the oracle alone, the
//! engine's own overhead (panic capture, subject-pool dispatch, comparison), and cases per
//! second for a whole check. The aims: for MSM with n ≥ 256 a whole check costs at most 2×
//! the subject alone, and the engine's overhead is under 5% of a case.
//!
//! Run with `cargo bench -p ecdiff --bench dory` (release). Prints a Markdown table.

use ecdiff::engine::{check_decoded, Detail};
use ecdiff::families::dory::spec;
use ecdiff::gen::{case_bytes, Bias, Gen};
use ecdiff::shapes::{self, SizedCheck};
use ecdiff::subjects::dory::{Ark, Dory, DoryFold};
use ecdiff_oracles::curves::{bn254_fr, Bn254G1, Bn254G2};
use std::time::{Duration, Instant};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn bench<R: SizedCheck>(check: &R, label: &str, n: usize, reps: usize) {
    let (mut gen, mut subject, mut oracle, mut overhead, mut whole) =
        (vec![], vec![], vec![], vec![], vec![]);
    for i in 0..reps {
        let bytes = case_bytes(7, label, i as u64, 256);
        let t = Instant::now();
        let mut g = Gen::new(&bytes, Bias::Edge);
        let case = check.generate_len(&mut g, n);
        let t_gen = t.elapsed();
        let t = Instant::now();
        let checked = check_decoded(check, &case, Detail::OnFinding);
        let t_check = t.elapsed();
        assert!(
            checked.verdict.kind == checked.expected.kind,
            "{label}: {:?}",
            checked.verdict
        );
        let ts = checked.timings;
        gen.push(t_gen);
        subject.push(ts.subject);
        oracle.push(ts.oracle);
        overhead.push(t_check.saturating_sub(ts.subject + ts.oracle));
        whole.push(t_gen + t_check);
    }
    let (g, s, o, e, w) = (
        median(gen),
        median(subject),
        median(oracle),
        median(overhead),
        median(whole),
    );
    println!(
        "| {label} | {n} | {:.3} | {:.3} | {:.3} | {:.3} ({:.1}%) | {:.2}× | {:.1} |",
        g.as_secs_f64() * 1e3,
        s.as_secs_f64() * 1e3,
        o.as_secs_f64() * 1e3,
        e.as_secs_f64() * 1e3,
        100.0 * e.as_secs_f64() / w.as_secs_f64(),
        w.as_secs_f64() / s.as_secs_f64(),
        1.0 / w.as_secs_f64(),
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing and wants a smoke run.
    let smoke = !std::env::args().any(|a| a == "--bench");
    let reps = if smoke { 1 } else { 15 };
    let sizes = |full: &[usize]| -> Vec<usize> {
        if smoke {
            vec![4]
        } else {
            full.to_vec()
        }
    };
    println!("| routine | n | generate ms | subject ms | oracle ms | engine overhead ms (% of case) | whole check / subject | cases/s |");
    println!("|---|---|---|---|---|---|---|---|");
    let fr = bn254_fr().modulus();
    let g1_msm = shapes::msm::check::<Bn254G1, _>(spec("dory_g1_msm"), Dory);
    let g2_msm = shapes::msm::check::<Bn254G2, _>(spec("dory_g2_msm"), Dory);
    let ark_g1 = shapes::msm::check_affine::<Bn254G1, _>(spec("ark_g1_msm"), Ark);
    let gt = shapes::gt::check_multi_exp(spec("dory_gt_msm"), Dory);
    let fold = shapes::fold::check(spec("dory_g1_fold_field_vectors"), fr, DoryFold::G1);
    let norm = shapes::normalize::check::<Bn254G1, _>(spec("ark_g1_normalize_batch"), Ark);
    let vsm = shapes::vector::check_fixed_base::<Bn254G1, _>(
        spec("dory_g1_fixed_base_vector_scalar_mul"),
        Dory,
    );
    let vsm2 = shapes::vector::check_bases_then_add::<Bn254G2, _>(
        spec("dory_g2_fixed_scalar_mul_bases_then_add"),
        Dory,
    );
    for n in sizes(&[16, 256, 4096]) {
        bench(&g1_msm, "dory_g1_msm", n, reps);
        bench(&ark_g1, "ark_g1_msm", n, reps);
        bench(&fold, "dory_g1_fold_field_vectors", n, reps);
        bench(&norm, "ark_g1_normalize_batch", n, reps);
    }
    for n in sizes(&[16, 256, 1024]) {
        bench(&g2_msm, "dory_g2_msm", n, reps);
    }
    for n in sizes(&[16, 64]) {
        bench(&gt, "dory_gt_msm", n, reps);
        bench(&vsm, "dory_g1_fixed_base_vector_scalar_mul", n, reps);
        bench(&vsm2, "dory_g2_fixed_scalar_mul_bases_then_add", n, reps);
    }
}
