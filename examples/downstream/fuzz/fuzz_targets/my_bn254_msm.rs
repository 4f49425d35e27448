//! cargo-fuzz target for this crate's BN254 G1 MSM: libFuzzer's bytes go through ecdiff's
//! decoder, the routine and the oracle, as in `tests/msm.rs`.
#![no_main]

use ecdiff::{arkworks::msm, oracles::curves::Bn254G1, shapes::Spec};

ecdiff::fuzz_target!(msm::<Bn254G1, ark_bn254::g1::Config>(
    Spec::new("my_bn254_msm"),
    ecdiff_downstream_example::my_bn254_msm
));
