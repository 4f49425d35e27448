//! How a downstream crate checks its own routines with ecdiff's generators and oracles, using
//! only the public API (`ecdiff::arkworks`, `ecdiff::shapes`, `ecdiff::suite`).
//!
//! A crate with its own BN254 G1 MSM (here: a deliberately plain one written with arkworks'
//! point arithmetic, standing in for "your optimized code") hands the function to
//! [`ecdiff::arkworks::msm`] and gets a routine that draws edge-biased cases (identities,
//! P and −P, zero scalars, lengths at ark's window changes …), runs the code and the known-log
//! oracle, and fails with a replayable finding. `examples/downstream/` in the repository is the
//! same thing as a crate of its own, outside the workspace, with `ecdiff::check!` tests.
//!
//! `cargo test` builds this example and runs its test; `cargo run --example downstream_msm`
//! runs the same checks from `main`.

use ark_bn254::{Fr, G1Affine, G1Projective};
use ecdiff::arkworks::{self, from_biguint, to_biguint};
use ecdiff::oracles::curves::{bn254_fr, Bn254G1};
use ecdiff::shapes::{self, fold::FieldFold, Spec};
use ecdiff::suite::Suite;
use num_bigint::BigUint;

/// "Your" MSM: Σ sᵢ·Pᵢ one scalar multiplication at a time.
fn my_g1_msm(bases: &[G1Affine], scalars: &[Fr]) -> G1Projective {
    bases
        .iter()
        .zip(scalars)
        .map(|(b, s)| *b * s)
        .fold(G1Projective::default(), |acc, p| acc + p)
}

/// "Your" field fold: left[i]·s + right[i] over the BN254 scalar field.
struct MyFold;

impl FieldFold for MyFold {
    fn fold(&self, left: &[BigUint], right: &[BigUint], scalar: &BigUint) -> Vec<BigUint> {
        let s: Fr = from_biguint(scalar);
        left.iter()
            .zip(right)
            .map(|(l, r)| to_biguint(&(from_biguint::<Fr>(l) * s + from_biguint::<Fr>(r))))
            .collect()
    }
}

fn check_all() {
    // An MSM check with ark's window thresholds straddled, 64 cases.
    let msm = arkworks::msm::<Bn254G1, ark_bn254::g1::Config>(
        Spec::new("my_g1_msm")
            .subject("my-crate 0.1", "my_g1_msm")
            .lengths(40, &[("c5", 32)])
            .cases(64),
        my_g1_msm,
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
