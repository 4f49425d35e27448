//! The fast path (Jacobian replay over k256 + batch inversions + `build_step`) against the
//! BigUint reference replay, for one ECSM call with lambda_vm PR #866's high-popcount
//! scalar of its `bench_witness` example (`deadbeef cafebabe 01234567 89abcdef fedcba98
//! 76543210 aabbccdd eeff1122`: 255 doubles + 147 adds = 402 rows), serial and on rayon,
//! plus the point-level replay alone (the part before `build_step`).
//!
//! `cargo bench -p ecsm-witness --bench witness`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use ecdiff_oracles::ecsm::reference_witness;
use ecsm_witness::{
    compute_witness, compute_witness_serial, replay, schedule, AffinePoint, GENERATOR,
};
use k256_013::FieldElement as Fe;

fn le_from_hex(s: &str) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().rev().enumerate() {
        *byte = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap();
    }
    out
}

fn bench(c: &mut Criterion) {
    let k = le_from_hex("deadbeefcafebabe0123456789abcdeffedcba9876543210aabbccddeeff1122");
    // 5·G: a non-generator base (the cost does not depend on the base).
    let five_g = AffinePoint {
        x: le_from_hex("2F8BDE4D1A07209355B4A7250A5C5128E88B84BDDC619AB7CBA8D569B240EFE4"),
        y: le_from_hex("D8AC222636E5E3D6D4DBA9DDA6C9C426F788271BAB0D6840DCA87D3AA6AC62D6"),
    };
    let rows = schedule(&k).len();
    let threads = rayon_threads();
    for (name, base) in [("G", GENERATOR), ("5G", five_g)] {
        let mut g = c.benchmark_group(format!("ecsm_witness/{rows}_rows/base_{name}"));
        g.sample_size(20);
        g.bench_function("fast_serial", |b| {
            b.iter(|| compute_witness_serial::<Fe>(black_box(&k), black_box(&base)).unwrap())
        });
        g.bench_function(format!("fast_parallel_{threads}_threads"), |b| {
            b.iter(|| compute_witness::<Fe>(black_box(&k), black_box(&base)).unwrap())
        });
        g.bench_function("fast_replay_only", |b| {
            b.iter(|| replay::<Fe>(black_box(&k), black_box(&base)).unwrap())
        });
        g.sample_size(10);
        g.bench_function("reference_biguint", |b| {
            b.iter(|| reference_witness(black_box(&k), black_box(&base.x), &base.y).unwrap())
        });
        g.finish();
    }
}

#[cfg(feature = "parallel")]
fn rayon_threads() -> usize {
    rayon::current_num_threads()
}

#[cfg(not(feature = "parallel"))]
fn rayon_threads() -> usize {
    1
}

criterion_group!(benches, bench);
criterion_main!(benches);
