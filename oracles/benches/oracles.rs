//! Oracle throughput: one field multiplication for each way a modulus is reduced (the word
//! fold for 2²⁵⁵ − 19, Barrett for 4 and 6 words, and 𝔽ₚ² over BN254's 𝔽ₚ), textbook double-and-add (`mul`) and the
//! fixed-base table (`mul_hub`) with 256-bit scalars on every curve, the known-log check of
//! a 1024-term sum, and the square-root exponentiation a^((p+1)/4) or a^((p−5)/8) (`pow`: on
//! words) beside `BigUint::modpow` of the same (`modpow`).
//!
//! `cargo bench -p ecdiff-oracles -- --warm-up-time 1 --measurement-time 3`

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use ecdiff_oracles::bls12_381::bls12_381_fp;
use ecdiff_oracles::curves::{
    bn254_fq, bn254_g2, ed25519_fp, Bn254G1, Bn254G2, Secp256k1, P256, P384,
};
use ecdiff_oracles::edwards::Ed25519;
use ecdiff_oracles::field::{Field, PrimeField};
use ecdiff_oracles::group::{known_log_msm, Group};
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;

/// Deterministic pseudo-random 256-bit integers (xorshift64*), so runs are comparable.
struct Scalars(u64);

impl Scalars {
    fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn next_256(&mut self) -> BigUint {
        let words: Vec<u32> = (0..4)
            .flat_map(|_| {
                let w = self.next_u64();
                [w as u32, (w >> 32) as u32]
            })
            .collect();
        BigUint::from_slice(&words)
    }
}

fn bench_field(c: &mut Criterion, field: &'static PrimeField) {
    let mut rng = Scalars(0x5851_f42d_4c95_7f2d);
    let wide = |rng: &mut Scalars| (rng.next_256() << 256u32) + rng.next_256();
    let a = field.elem(wide(&mut rng));
    let b = field.elem(wide(&mut rng));
    c.bench_function(&format!("{}/mul", field.name()), |bench| {
        bench.iter(|| black_box(&a).mul(black_box(&b)))
    });
    // The exponent of a square root: (p + 1)/4 for p ≡ 3 (mod 4), (p − 5)/8 otherwise.
    let p = field.modulus();
    let e = if p.bit(1) {
        (p + 1u8) >> 2u8
    } else {
        (p - 5u8) >> 3u8
    };
    c.bench_function(&format!("{}/pow", field.name()), |bench| {
        bench.iter(|| black_box(&a).pow(black_box(&e)))
    });
    c.bench_function(&format!("{}/modpow", field.name()), |bench| {
        bench.iter(|| black_box(a.value()).modpow(black_box(&e), p))
    });
}

fn field_multiplication(c: &mut Criterion) {
    bench_field(c, ed25519_fp());
    bench_field(c, bn254_fq());
    bench_field(c, bls12_381_fp());
    // 𝔽ₚ² (BN254 G2's coordinates): lazily reduced sums of products.
    let Point::Affine { x, y } = &bn254_g2().generator else {
        unreachable!("the generator is affine")
    };
    c.bench_function("bn254_fq2/mul", |bench| {
        bench.iter(|| black_box(x).mul(black_box(y)))
    });
}

fn bench_group<G: Group>(c: &mut Criterion, g: &G) {
    let mut rng = Scalars(0x9e37_79b9_7f4a_7c15);
    let base = g.mul_hub(&rng.next_256());
    let k = rng.next_256();
    // Build the fixed-base table outside the measurement.
    g.mul_hub(&k);
    c.bench_function(&format!("{}/mul_256bit", g.name()), |b| {
        b.iter(|| g.mul(black_box(&base), black_box(&k)))
    });
    c.bench_function(&format!("{}/mul_hub_256bit", g.name()), |b| {
        b.iter(|| g.mul_hub(black_box(&k)))
    });
}

fn scalar_multiplication(c: &mut Criterion) {
    bench_group(c, &Bn254G1);
    bench_group(c, &Bn254G2);
    bench_group(c, &Secp256k1);
    bench_group(c, &P256);
    bench_group(c, &P384);
    bench_group(c, &Ed25519);
}

fn known_log_sum(c: &mut Criterion) {
    let mut rng = Scalars(0x0123_4567_89ab_cdef);
    let terms: Vec<(BigUint, BigUint)> = (0..1024)
        .map(|_| (rng.next_256(), rng.next_256() % Bn254G1.order()))
        .collect();
    let refs: Vec<(&BigUint, &BigUint)> = terms.iter().map(|(s, a)| (s, a)).collect();
    known_log_msm(&Bn254G1, &refs);
    c.bench_function("bn254_g1/known_log_msm_1024", |b| {
        b.iter(|| known_log_msm(&Bn254G1, black_box(&refs)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = field_multiplication, scalar_multiplication, known_log_sum
}
criterion_main!(benches);
