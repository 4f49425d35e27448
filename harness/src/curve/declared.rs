//! Curves the oracle crate does not build in, declared from their specifications with
//! [`crate::sw_curve!`] and [`crate::te_curve!`] as a downstream crate would: Grumpkin (the
//! cycle partner of BN254), the Pasta curves Pallas and Vesta, and Jubjub. Families check them
//! (halo2curves' copies of the first three, pasta_curves' Pallas and Vesta, jubjub), so they
//! live in the core.

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

crate::te_curve! {
    /// Jubjub, the twisted Edwards curve of Zcash Sapling over BLS12-381's scalar field (the
    /// Zcash protocol specification §5.4.9.3): −u² + v² = 1 + d·u²·v², d = −10240/10241, of
    /// order 8·r. The generator is the one of jubjub's `SubgroupPoint` (`src/lib.rs`):
    /// 8·(u, 11) for the even u with v = 11, the point of the whole group that jubjub's
    /// `ExtendedPoint::generator()` is ("the lowest positive v-coordinate and positive
    /// u-coordinate"; `the_jubjub_generator_is_eight_times_u_11` recomputes it).
    pub struct Jubjub {
        name: "jubjub",
        p: "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001",
        a: "-1",
        d: "-10240/10241",
        gx: "0x3ea5c4673a121ca35ed37ee3b172f5ee04315c657fbe375f512dfea318d56fe5",
        gy: "0x57137b83ea6edb4f78f7d30d3f616cb3b9aa6e8e40808413c10cea38d50c55cb",
        r: "0x0e7db4ea6533afa906673b0101343b00a6682093ccc81082d0970e5ed6f72cb7",
        h: "8",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    /// The declared generator is 8·(u, 11), u even, recomputed by the oracle's Edwards law,
    /// and (u, 11) has the whole group's order 8·r (so the whole group is cyclic, and that
    /// point is `ExtendedPoint::generator()`'s kind of generator).
    #[test]
    fn the_jubjub_generator_is_eight_times_u_11() {
        let c = Jubjub::edwards_curve();
        let v11 = c
            .lift_y(&Jubjub::oracle_field().elem(11u8), false)
            .expect("v = 11 lifts");
        assert_eq!(c.mul(&v11, &BigUint::from(8u8)), c.generator);
        for k in [&c.order, &(&c.order * 2u8), &(&c.order * 4u8)] {
            assert_ne!(c.mul(&v11, k), c.identity(), "(u, 11) has order 8·r");
        }
        let model = Jubjub::oracle_curve();
        assert!(model.mul(&model.generator, &model.order).is_identity());
    }
}
