//! Curves the oracle crate does not build in, declared from their specifications with
//! [`crate::sw_curve!`] as a downstream crate would: Grumpkin (the cycle partner of BN254) and
//! the Pasta curves Pallas and Vesta. Two families check them (halo2curves' copies of all three,
//! pasta_curves' Pallas and Vesta), so they live in the core.

crate::sw_curve! {
    /// Grumpkin: y² = x³ − 17 over BN254's scalar field, of order BN254's base-field modulus
    /// (the two curves form a cycle), generator (1, √−16) with the even root
    /// (Aztec's Barretenberg, `cpp/src/barretenberg/ecc/curves/grumpkin`; the Noir
    /// documentation's "Grumpkin" section).
    pub struct Grumpkin {
        name: "grumpkin",
        p: "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001",
        a: "0",
        b: "-17",
        gx: "1",
        gy: "0x2cf135e7506a45d632d270d45f1181294833fc48d823f272c",
        r: "0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47",
        h: "1",
    }
}

crate::sw_curve! {
    /// Pallas, from the Pasta curves' specification (<https://github.com/zcash/pasta>, and the
    /// Zcash protocol specification §5.4.9.6): y² = x³ + 5 over
    /// p = 2²⁵⁴ + 45560315531419706090280762371685220353, of prime order
    /// q = 2²⁵⁴ + 45560315531506369815346746415080538113, generator (−1, 2).
    pub struct Pallas {
        name: "pallas",
        p: "0x40000000000000000000000000000000224698fc094cf91b992d30ed00000001",
        a: "0",
        b: "5",
        gx: "-1",
        gy: "2",
        r: "0x40000000000000000000000000000000224698fc0994a8dd8c46eb2100000001",
        h: "1",
    }
}

crate::sw_curve! {
    /// Vesta, Pallas' cycle partner (<https://github.com/zcash/pasta>): y² = x³ + 5 over q, of
    /// prime order p (Pallas' p and q exchanged), generator (−1, 2).
    pub struct Vesta {
        name: "vesta",
        p: "0x40000000000000000000000000000000224698fc0994a8dd8c46eb2100000001",
        a: "0",
        b: "5",
        gx: "-1",
        gy: "2",
        r: "0x40000000000000000000000000000000224698fc094cf91b992d30ed00000001",
        h: "1",
    }
}
