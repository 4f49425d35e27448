//! BLS12-381: the base field 𝔽ₚ, the scalar field 𝔽ᵣ, the tower 𝔽ₚ² ⊂ 𝔽ₚ⁶ ⊂ 𝔽ₚ¹², the groups
//! G1 ⊂ E(𝔽ₚ) and G2 ⊂ E′(𝔽ₚ²), the optimal ate pairing into GT ⊂ 𝔽ₚ¹²*, and the ZCash point
//! serialization.
//!
//! # Sources
//!
//! * Parameters: *Pairing-Friendly Curves*, draft-irtf-cfrg-pairing-friendly-curves-11, §4.2.1
//!   (<https://datatracker.ietf.org/doc/draft-irtf-cfrg-pairing-friendly-curves/>): the BLS
//!   parameter x = −0xd201000000010000, p = (x − 1)²(x⁴ − x² + 1)/3 + x, r = x⁴ − x² + 1,
//!   E: y² = x³ + 4, the M-twist E′: y² = x³ + 4(1 + u), the generators, and the cofactors
//!   h1, h2 (h2 also in the header of the Constantine G2 vectors, `tests/vectors/SOURCES.md`
//!   §7c). BLS curves: Barreto, Lynn and Scott, *Constructing elliptic curves with prescribed
//!   embedding degrees*, SCN 2002.
//! * Tower: 𝔽ₚ² = 𝔽ₚ\[u\]/(u² + 1), 𝔽ₚ⁶ = 𝔽ₚ²\[v\]/(v³ − (1 + u)), 𝔽ₚ¹² = 𝔽ₚ⁶\[w\]/(w² − v)
//!   (the draft's §4.2.1, and the tower of the zkcrypto, RELIC and Constantine vectors).
//! * Serialization: the ZCash format, zkcrypto/bls12_381 `src/notes/serialization.rs`
//!   (<https://github.com/zkcrypto/bls12_381/blob/main/src/notes/serialization.rs>), also
//!   draft-irtf-cfrg-pairing-friendly-curves Appendix C.
//!
//! # Modules
//!
//! * [`tower`]: 𝔽ₚ⁶ and 𝔽ₚ¹² over ξ = 1 + u (𝔽ₚ² is [`crate::tower::Fp2`], whose arithmetic
//!   only assumes u² = −1 and takes its modulus from its coefficients).
//! * [`curve`]: G1, G2, their [`crate::group::Group`] impls, and Straus's interleaved
//!   multi-scalar multiplication.
//! * [`mod@pairing`]: the ate Miller loop over x, the plain final exponentiation, GT.
//! * [`serialization`]: ZCash compressed / uncompressed encodings with typed rejections.

pub mod curve;
pub mod pairing;
pub mod serialization;
pub mod tower;

use std::sync::OnceLock;

use num_bigint::BigUint;

use crate::field::PrimeField;

pub use curve::{bls12_381_g1, bls12_381_g2, bls12_381_twist_b, Bls12381G1, Bls12381G2};
pub use pairing::{generator_pairing, pairing, pairing_check, Bls12381Gt};

/// |x| for the BLS parameter x = −0xd201000000010000 (draft-irtf-cfrg-pairing-friendly-curves
/// §4.2.1); x itself is negative ([`BLS_X_IS_NEGATIVE`]).
pub const BLS_X_ABS: u64 = 0xd201_0000_0001_0000;

/// The sign of the BLS parameter x: x = −[`BLS_X_ABS`].
pub const BLS_X_IS_NEGATIVE: bool = true;

/// A hexadecimal constant (no `0x`).
pub(crate) fn hex(digits: &str) -> BigUint {
    BigUint::parse_bytes(digits.as_bytes(), 16).expect("valid hexadecimal constant")
}

/// The BLS12-381 base field 𝔽ₚ, p = 0x1a0111ea…ffffaaab (381 bits; draft §4.2.1).
pub fn bls12_381_fp() -> &'static PrimeField {
    static FIELD: OnceLock<PrimeField> = OnceLock::new();
    FIELD.get_or_init(|| {
        PrimeField::new(
            "bls12_381_fp",
            hex("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab"),
        )
    })
}

/// The BLS12-381 scalar field 𝔽ᵣ, r = 0x73eda753…00000001 (255 bits; draft §4.2.1), the order
/// of G1, G2 and GT.
pub fn bls12_381_fr() -> &'static PrimeField {
    static FIELD: OnceLock<PrimeField> = OnceLock::new();
    FIELD.get_or_init(|| {
        PrimeField::new(
            "bls12_381_fr",
            hex("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001"),
        )
    })
}
