//! How a downstream crate checks its own routines with ecdiff's generators and oracles.
//!
//! A crate with its own BN254 G1 MSM (here: a deliberately plain one written with arkworks'
//! point arithmetic, standing in for "your optimized code") implements one trait from
//! `ecdiff::shapes` — inputs arrive as neutral values (Jacobian coordinates and scalars as
//! integers), the result goes back as the oracle's affine point — and gets a routine that draws
//! edge-biased cases (identities, mixed z, P and −P, zero scalars, lengths at ark's window
//! changes …), runs the code and the known-log oracle, and fails with a replayable finding.
//!
//! `cargo test` builds this example and runs its test; `cargo run --example downstream_msm`
//! runs the same checks from `main`.

use ecdiff::adapters::ark;
use ecdiff::oracles::curves::{bn254_fr, Bn254G1};
use ecdiff::oracles::field::Fp;
use ecdiff::oracles::weierstrass::Point;
use ecdiff::shapes::{self, fold::FieldFold, msm::Msm, Jacobian, Spec};
use ecdiff::suite::Suite;
use num_bigint::BigUint;

/// "Your" MSM: Σ sᵢ·Pᵢ one scalar multiplication at a time.
struct MyG1Msm;

impl Msm<Bn254G1> for MyG1Msm {
    fn msm(&self, bases: &[Jacobian<Fp>], scalars: &[BigUint]) -> Point<Fp> {
        let sum = bases
            .iter()
            .zip(scalars)
            .map(|(b, s)| ark::g1(b) * ark::fr(s))
            .fold(ark_bn254::G1Projective::default(), |acc, p| acc + p);
        ark::from_g1(&sum)
    }
}

/// "Your" field fold: left[i]·s + right[i] over the BN254 scalar field.
struct MyFold;

impl FieldFold for MyFold {
    fn fold(&self, left: &[BigUint], right: &[BigUint], scalar: &BigUint) -> Vec<BigUint> {
        let s = ark::fr(scalar);
        left.iter()
            .zip(right)
            .map(|(l, r)| ark::from_fr(&(ark::fr(l) * s + ark::fr(r))))
            .collect()
    }
}

fn check_all() {
    // An MSM check with ark's window thresholds straddled, 64 cases.
    let msm = shapes::msm::check::<Bn254G1, _>(
        Spec::new("my_g1_msm")
            .subject("my-crate 0.1", "MyG1Msm::msm")
            .lengths(40, &[("c5", 32)])
            .cases(64),
        MyG1Msm,
    );
    Suite::new(&msm).run();

    // A fold check over the BN254 scalar field.
    let fold = shapes::fold::check(Spec::new("my_fold").cases(64), bn254_fr().modulus(), MyFold);
    Suite::new(&fold).run();
}

fn main() {
    check_all();
    println!("my_g1_msm and my_fold agree with ecdiff's oracles on every case");
}

#[test]
fn downstream_routines_match_the_oracles() {
    check_all();
}
