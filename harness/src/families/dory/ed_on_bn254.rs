//! Baby Jubjub (EIP-2494), the twisted Edwards curve over BN254's scalar field, in the form
//! ark-ed-on-bn254 0.5 implements: a = 1 instead of EIP-2494's a = 168700.
//!
//! EIP-2494 (<https://eips.ethereum.org/EIPS/eip-2494>) gives 168700·x² + y² = 1 +
//! 168696·x²·y² over 𝔽ₚ, p the order of BN254's G1, with the base point B of prime order l and
//! cofactor 8. Scaling x by s = √168700 (x' = s·x, an isomorphism, as ark-ed-on-bn254's
//! documentation says) gives x'² + y² = 1 + (168696/168700)·x'²·y²: a = 1, d = 168696/168700.
//! The generator declared here is B's image with the root s of the two that is below p/2
//! (ark's own `GENERATOR` is another point of the same subgroup; any point of order l will do).
//! The test below recomputes the image from the EIP's numbers.

crate::te_curve! {
    /// Baby Jubjub in ark-ed-on-bn254's form (a = 1), from EIP-2494's constants (module docs).
    pub struct BabyJubjub {
        name: "baby_jubjub",
        p: "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001",
        a: "1",
        d: "168696/168700",
        gx: "0x0d51d05f8a7751bae736093847a30c96d8623449e6acddd77fb6549d007bac0e",
        gy: "0x25797203f7a0b24925572e1cd16bf9edfce0051fb9e133774b3c257a872d7d8b",
        r: "0x060c89ce5c263405370a08b6d0302b0bab3eedb83920ee0a677297dc392126f1",
        h: "8",
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
