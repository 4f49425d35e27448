//! Speed of the ECSM witness generator and of its differential check (criterion).
//!
//! One ECSM call with lambda_vm PR #866's high-popcount scalar (`deadbeef cafebabe 01234567
//! 89abcdef fedcba98 76543210 aabbccdd eeff1122`: 255 doubles + 147 adds = 402 rows) on the
//! non-generator base 5·G:
//!
//! * `fast_serial` — `compute_witness_serial` over k256 0.13.4's `FieldElement` (Jacobian
//!   replay, two batch inversions, serial `build_step`);
//! * `fast_parallel_pool4` — `compute_witness` with rows on rayon, in the engine's 4-thread
//!   subject pool (what the suites run); `fast_parallel_global` — the same on rayon's global
//!   pool (one thread per core);
//! * `shadow` — the same replay over the oracle-side magnitude shadow `ShadowFe`;
//! * `reference_replay` — the BigUint affine reference (`ecdiff_oracles::ecsm`, two Fermat
//!   inversions per row);
//! * `whole_check` — one case of the `ecsm_witness` routine: the subject's three runs (fast,
//!   shadow, serial) in the subject pool, the reference, and the comparison with the
//!   oracle-free invariants (exact relations of every row, chaining, schedule, known-log
//!   result).
//!
//! The aim: the fast path at least 5× faster than the reference replay, serially. Run with
//! `cargo bench -p ecdiff --bench secp256k1` (release); numbers in `benches/README.md`.

use criterion::{criterion_group, criterion_main, Criterion};
use ecdiff::engine::{check_decoded, subject_pool, Detail, VerdictKind};
use ecdiff::families::secp256k1::adapter_ecsm::{EcsmBase, EcsmWitnessGen};
use ecdiff::families::secp256k1::ecsm::{self, EcsmCase};
use ecdiff::num_bigint::BigUint;
use ecdiff::shapes::Spec;
use ecdiff_oracles::ecsm::reference_witness;
use ecdiff_oracles::lazy::ShadowFe;
use ecsm_witness::{compute_witness, compute_witness_serial, schedule, AffinePoint};
use k256_013::FieldElement as Fe;
use std::hint::black_box;
use std::time::Duration;

fn le_from_hex(s: &str) -> [u8; 32] {
    let mut b = BigUint::parse_bytes(s.as_bytes(), 16)
        .expect("hex")
        .to_bytes_le();
    b.resize(32, 0);
    b.try_into().expect("32 bytes")
}

fn bench(c: &mut Criterion) {
    let k = le_from_hex("deadbeefcafebabe0123456789abcdeffedcba9876543210aabbccddeeff1122");
    let base = AffinePoint {
        x: le_from_hex("2f8bde4d1a07209355b4a7250a5c5128e88b84bddc619ab7cba8d569b240efe4"),
        y: le_from_hex("d8ac222636e5e3d6d4dba9dda6c9c426f788271bab0d6840dca87d3aa6ac62d6"),
    };
    let rows = schedule(&k).len();
    let routine = ecsm::check(Spec::new("ecsm_witness"), EcsmWitnessGen);
    let case = EcsmCase {
        k,
        base: EcsmBase::Affine {
            x: base.x,
            y: base.y,
        },
        log: Some(BigUint::from(5u8)),
    };
    let pool = subject_pool();

    let mut g = c.benchmark_group(format!("ecsm_witness/{rows}_rows"));
    g.sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    g.bench_function("fast_serial", |b| {
        b.iter(|| compute_witness_serial::<Fe>(black_box(&k), black_box(&base)).unwrap())
    });
    g.bench_function("fast_parallel_pool4", |b| {
        b.iter(|| pool.install(|| compute_witness::<Fe>(black_box(&k), black_box(&base)).unwrap()))
    });
    g.bench_function("fast_parallel_global", |b| {
        b.iter(|| compute_witness::<Fe>(black_box(&k), black_box(&base)).unwrap())
    });
    g.bench_function("shadow", |b| {
        b.iter(|| compute_witness::<ShadowFe>(black_box(&k), black_box(&base)).unwrap())
    });
    g.sample_size(10);
    g.bench_function("reference_replay", |b| {
        b.iter(|| reference_witness(black_box(&k), black_box(&base.x), &base.y).unwrap())
    });
    g.bench_function("whole_check", |b| {
        b.iter(|| {
            let checked = check_decoded(&routine, black_box(&case), Detail::OnFinding);
            assert_eq!(checked.verdict.kind, VerdictKind::Agree);
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
