//! Speed of the dory family's checks (issue: the differential engine and the dory routines).
//!
//! For every routine of the family and input size n (16, 256 and 4096; 1024 at most for G2 and
//! 256 for GT multi-exponentiation): the time to draw the case (edge-biased generation,
//! including the oracle-side known-log points), the subject alone, the oracle alone, the
//! engine's own overhead (panic capture, subject-pool dispatch, comparison), and cases per
//! second for a whole check. The aims: for MSM with n ≥ 256 a whole check costs at most 2×
//! the subject alone, and the engine's overhead is under 5% of a case.
//!
//! Run with `cargo bench -p ecdiff --bench dory` (release). Prints a Markdown table.

use ecdiff::engine::{check_decoded, Detail};
use ecdiff::families::dory::adapter_ark::Ark;
use ecdiff::families::dory::adapter_dory::{Dory, DoryFold};
use ecdiff::families::dory::FAMILY;
use ecdiff::generators::{case_bytes, Bias, Gen};
use ecdiff::shapes::{self, SizedCheck};
use ecdiff_oracles::curves::{bn254_fr, Bn254G1, Bn254G2};
use std::time::{Duration, Instant};

/// The spec of the dory routine `name`, as its table row declares it.
fn spec(name: &str) -> ecdiff::shapes::Spec {
    FAMILY.spec(name)
}

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
    let sizes = |full: &[usize]| -> Vec<usize> {
        if smoke {
            vec![4]
        } else {
            full.to_vec()
        }
    };
    // Fewer repetitions where one case takes long (large n, G2, GT).
    let reps = |n: usize| {
        if smoke {
            1
        } else if n >= 1024 {
            5
        } else {
            11
        }
    };
    println!("| routine | n | generate ms | subject ms | oracle ms | engine overhead ms (% of case) | whole check / subject | cases/s |");
    println!("|---|---|---|---|---|---|---|---|");
    let fr = bn254_fr().modulus();
    macro_rules! run {
        ($name:literal, $check:expr, $sizes:expr) => {{
            let check = $check;
            for n in sizes($sizes) {
                bench(&check, $name, n, reps(n));
            }
        }};
    }
    const G1: &[usize] = &[16, 256, 4096];
    const G2: &[usize] = &[16, 256, 1024];
    const GT: &[usize] = &[16, 64, 256];
    run!(
        "dory_g1_msm",
        shapes::msm::check::<Bn254G1, _>(spec("dory_g1_msm"), Dory),
        G1
    );
    run!(
        "dory_g2_msm",
        shapes::msm::check::<Bn254G2, _>(spec("dory_g2_msm"), Dory),
        G2
    );
    run!(
        "dory_g1_fixed_base_vector_scalar_mul",
        ecdiff::families::dory::vector::check_fixed_base::<Bn254G1, _>(
            spec("dory_g1_fixed_base_vector_scalar_mul"),
            Dory
        ),
        G1
    );
    run!(
        "dory_g2_fixed_base_vector_scalar_mul",
        ecdiff::families::dory::vector::check_fixed_base::<Bn254G2, _>(
            spec("dory_g2_fixed_base_vector_scalar_mul"),
            Dory
        ),
        G2
    );
    run!(
        "dory_g1_fixed_scalar_mul_bases_then_add",
        ecdiff::families::dory::vector::check_bases_then_add::<Bn254G1, _>(
            spec("dory_g1_fixed_scalar_mul_bases_then_add"),
            Dory
        ),
        G1
    );
    run!(
        "dory_g2_fixed_scalar_mul_bases_then_add",
        ecdiff::families::dory::vector::check_bases_then_add::<Bn254G2, _>(
            spec("dory_g2_fixed_scalar_mul_bases_then_add"),
            Dory
        ),
        G2
    );
    run!(
        "dory_g1_fixed_scalar_mul_vs_then_add",
        ecdiff::families::dory::vector::check_vs_then_add::<Bn254G1, _>(
            spec("dory_g1_fixed_scalar_mul_vs_then_add"),
            Dory
        ),
        G1
    );
    run!(
        "dory_g2_fixed_scalar_mul_vs_then_add",
        ecdiff::families::dory::vector::check_vs_then_add::<Bn254G2, _>(
            spec("dory_g2_fixed_scalar_mul_vs_then_add"),
            Dory
        ),
        G2
    );
    run!(
        "dory_g1_fold_field_vectors",
        shapes::fold::check(spec("dory_g1_fold_field_vectors"), fr, DoryFold::G1),
        G1
    );
    run!(
        "dory_g2_fold_field_vectors",
        shapes::fold::check(spec("dory_g2_fold_field_vectors"), fr, DoryFold::G2),
        G1
    );
    run!(
        "dory_gt_msm",
        shapes::gt::check_multi_exp(spec("dory_gt_msm"), Dory),
        GT
    );
    run!(
        "dory_gt_scale",
        shapes::gt::check_scale(spec("dory_gt_scale"), Dory),
        &[1]
    );
    run!(
        "ark_g1_normalize_batch",
        shapes::normalize::check::<Bn254G1, _>(spec("ark_g1_normalize_batch"), Ark),
        G1
    );
    run!(
        "ark_g2_normalize_batch",
        shapes::normalize::check::<Bn254G2, _>(spec("ark_g2_normalize_batch"), Ark),
        G2
    );
    run!(
        "ark_g1_msm",
        shapes::msm::check_affine::<Bn254G1, _>(spec("ark_g1_msm"), Ark),
        G1
    );
    run!(
        "ark_g2_msm",
        shapes::msm::check_affine::<Bn254G2, _>(spec("ark_g2_msm"), Ark),
        G2
    );
}
