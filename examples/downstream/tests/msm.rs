//! Each routine of this crate checked against ecdiff's oracles: one `ecdiff::check!` line per
//! routine (a `#[test]` that runs its suite; findings land in `ecdiff-findings/` here and replay
//! with `ECDIFF_REPLAY=<file> cargo test -p ecdiff-downstream-example <test>`).

use ecdiff::arkworks::{ark_msm, msm, msm_projective};
use ecdiff::oracles::curves::{Bn254G1, Secp256k1};
use ecdiff::shapes::Spec;
use ecdiff::suite::Suite;
use ecdiff_downstream_example::*;

ecdiff::sw_curve! {
    /// BLS12-377 G1, with the constants of its specification (Bowe et al., "Zexe", IACR
    /// ePrint 2018/962, and EIP-2539), not arkworks': p and r from x = 0x8508c00000000001 as
    /// p = (x − 1)²(x⁴ − x² + 1)/3 + x and r = x⁴ − x² + 1, E: y² = x³ + 1, h = (x − 1)²/3.
    pub struct Bls12377G1 {
        name: "bls12_377_g1",
        p: "0x01ae3a4617c510eac63b05c06ca1493b1a22d9f300f5138f1ef3622fba094800170b5d44300000008508c00000000001",
        a: "0",
        b: "1",
        gx: "0x008848defe740a67c8fc6225bf87ff5485951e2caa9d41bb188282c8bd37cb5cd5481512ffcd394eeab9b16eb21be9ef",
        gy: "0x01914a69c5102eff1f674f5d30afeec4bd7fb348ca3e52d96d182ad44fb82305c2fe3d3634a9591afd82de55559c8ea6",
        r: "0x12ab655e9a2ca55660b44d1e5c37b00159aa76fed00000010a11800000000001",
        h: "0x170b5d44300000000000000000000000",
    }
}

// My BN254 G1 MSM, with affine bases and with Jacobian bases.
ecdiff::check!(
    my_bn254_msm_agrees,
    msm::<Bn254G1, ark_bn254::g1::Config>(Spec::new("my_bn254_msm"), my_bn254_msm)
);
ecdiff::check!(
    my_bn254_msm_jacobian_agrees,
    msm_projective::<Bn254G1, ark_bn254::g1::Config>(
        Spec::new("my_bn254_msm_jacobian"),
        my_bn254_msm_jacobian
    )
);

// My secp256k1 MSM.
ecdiff::check!(
    my_secp256k1_msm_agrees,
    msm::<Secp256k1, ark_secp256k1::Config>(Spec::new("my_secp256k1_msm"), my_secp256k1_msm)
);

// My BLS12-377 G1 MSM, over the curve declared above; and arkworks' own MSM for that curve.
ecdiff::check!(
    my_bls12_377_msm_agrees,
    msm::<Bls12377G1, ark_bls12_377::g1::Config>(Spec::new("my_bls12_377_msm"), my_bls12_377_msm)
);
ecdiff::check!(
    ark_bls12_377_msm_agrees,
    ark_msm::<Bls12377G1, ark_bls12_377::g1::Config>(Spec::new("ark_bls12_377_msm"))
);

/// The fuzz target's committed corpus (`fuzz/corpus/my_bn254_msm`) replays under `cargo test`,
/// through the same path as `ECDIFF_REPLAY`.
#[test]
fn fuzz_corpus_replays() {
    let routine = msm::<Bn254G1, ark_bn254::g1::Config>(Spec::new("my_bn254_msm"), my_bn254_msm);
    let suite = Suite::downstream(
        &routine,
        env!("CARGO_PKG_NAME"),
        env!("CARGO_MANIFEST_DIR"),
        "fuzz_corpus_replays",
    );
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/my_bn254_msm");
    let files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the corpus folder")
        .map(|e| e.expect("entry").path())
        .collect();
    assert!(!files.is_empty(), "{} is empty", dir.display());
    for file in files {
        suite
            .replay(&file)
            .unwrap_or_else(|finding| panic!("{}", finding.render_text()));
    }
}
