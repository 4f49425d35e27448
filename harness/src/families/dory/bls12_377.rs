//! BLS12-377 (Bowe et al., "Zexe", IACR ePrint 2018/962; EIP-2539), G1 over 𝔽ₚ and G2 over
//! 𝔽ₚ² = 𝔽ₚ\[u\]/(u² + 5), declared from the specification's constants for ark-bls12-377's
//! rows: x = 0x8508c00000000001, p = (x − 1)²(x⁴ − x² + 1)/3 + x, r = x⁴ − x² + 1,
//! G1: y² = x³ + 1 with h₁ = (x − 1)²/3; G2: the D-type twist y² = x³ + 1/u = x³ − u/5 with
//! h₂ = (x⁸ − 4x⁷ + 5x⁶ − 4x⁴ + 6x³ − 4x² − 4x + 13)/9. G1's generator is the specification's;
//! G2's is snarkVM's (snarkvm-curves 0.8, `bls12_377::G2_GENERATOR_*`), not arkworks' — any
//! point of order r will do, and `sw_curve!` checks r·G = O (and, over 𝔽ₚ², h·r on points of
//! the whole curve).

crate::sw_curve! {
    /// BLS12-377's G1.
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

crate::sw_curve! {
    /// BLS12-377's G2.
    pub struct Bls12377G2 {
        name: "bls12_377_g2",
        p: "0x01ae3a4617c510eac63b05c06ca1493b1a22d9f300f5138f1ef3622fba094800170b5d44300000008508c00000000001",
        non_residue: "-5",
        a: ["0", "0"],
        b: ["0", "-1/5"],
        gx: ["0x011bbccbc09fa5704c0630eb039cb265d4cd4216235bdca3a8047d6cd514ce8bda8f1322efb9bd13573a2a2b87b4c87f",
             "0x008aba5e022d57b3248b9ce9d8b65adb969209141ca569aa1af086715e39b591083bab0e662f0ff1df419ecdd036b22e"],
        gy: ["0x00031118d7f86ddae568d4b4ad1b72180a98939271d79d69017ac66e0c852d60de1b49a6d2cd94a06ae47f1e13b6e045",
             "0x0037213c02e1a08e191456b96da834eba704bc95c7ec1c02b983de12bb53fdaa05ce74a9f32e6fa3cb33cae7de3a2859"],
        r: "0x12ab655e9a2ca55660b44d1e5c37b00159aa76fed00000010a11800000000001",
        h: "0x26ba558ae9562addd88d99a6f6a829fbb36b00e1dcc40c8c505634fae2e189d693e8c36676bd09a0f3622fba094800452217cc900000000000000000000001",
    }
}

/// The multiplier of ark-bls12-377's G1 `clear_cofactor`: the effective cofactor x − 1
/// (ark's `x_minus_one`; Wahby and Boneh, ePrint 2019/403 §5, for BLS12 G1).
pub const G1_CLEAR_COFACTOR_BY: &str = "0x8508c00000000000";

/// The multiplier of ark-bls12-377's G2 `clear_cofactor` (Budroni–Pintore's
/// [x² − x − 1]P + [x − 1]ψ(P) + ψ²(2P), ePrint 2017/419 §4.1): h_eff = 3(x² − 1)·h₂, as RFC
/// 9380 §8.8.2 gives it for BLS12-381.
pub const G2_CLEAR_COFACTOR_BY: &str = "0x1f60243677e30653648d3d9502abfba951764c46f4edd28f6ade35a5c7d769f7ee7c4b03103b45b85860aaaad2927678ba2796373885598e8e73ad8a538800cf664765b00000031e34800000000000";

#[cfg(feature = "family-tests")]
pub(crate) mod tests;

#[cfg(feature = "family-tests")]
pub(crate) mod glv_tests;

#[cfg(feature = "family-tests")]
pub(crate) mod serialization_tests;
