//! The prime fields of the built-in curves: BN254's, secp256k1's, edwards25519's, P-256's and
//! P-384's base and scalar fields, each built once in a `OnceLock` and handed out as
//! `&'static`. Sources are cited per field; [`crate::curves`] builds the curves over them (and
//! re-exports every field under the same name), and [`crate::tower`] its extension fields.

use std::sync::OnceLock;

use num_bigint::BigUint;
use num_traits::One;

use crate::field::PrimeField;

/// A hexadecimal constant (no `0x`).
pub(crate) fn hex(digits: &str) -> BigUint {
    BigUint::parse_bytes(digits.as_bytes(), 16).expect("valid hexadecimal constant")
}

macro_rules! prime_field {
    ($(#[$doc:meta])* $fn_name:ident, $name:literal, $modulus:expr) => {
        $(#[$doc])*
        pub fn $fn_name() -> &'static PrimeField {
            static FIELD: OnceLock<PrimeField> = OnceLock::new();
            FIELD.get_or_init(|| PrimeField::new($name, $modulus))
        }
    };
}

prime_field!(
    /// BN254 base field 𝔽ₚ, p = 0x30644e72…fd47 (EIP-196).
    bn254_fq,
    "bn254_fq",
    hex("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47")
);

prime_field!(
    /// BN254 scalar field 𝔽ᵣ, r = 0x30644e72…0001 (EIP-196).
    bn254_fr,
    "bn254_fr",
    hex("30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001")
);

prime_field!(
    /// secp256k1 base field, p = 2²⁵⁶ − 2³² − 977 (SEC 2 §2.4.1).
    secp256k1_fp,
    "secp256k1_fp",
    hex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f")
);

prime_field!(
    /// secp256k1 scalar field, n = 0xffff…d0364141 (SEC 2 §2.4.1).
    secp256k1_n,
    "secp256k1_n",
    hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
);

prime_field!(
    /// The edwards25519 / Curve25519 base field, p = 2²⁵⁵ − 19 (RFC 8032 §5.1, RFC 7748 §4.1).
    ed25519_fp,
    "ed25519_fp",
    (BigUint::one() << 255u32) - 19u8
);

prime_field!(
    /// The edwards25519 prime-order subgroup's scalar field,
    /// ℓ = 2²⁵² + 27742317777372353535851937790883648493 (RFC 8032 §5.1).
    ed25519_l,
    "ed25519_l",
    (BigUint::one() << 252u32)
        + BigUint::parse_bytes(b"27742317777372353535851937790883648493", 10)
            .expect("valid decimal constant")
);

prime_field!(
    /// P-256 (secp256r1) base field, p = 2²⁵⁶ − 2²²⁴ + 2¹⁹² + 2⁹⁶ − 1 (SEC 2 v2 §2.4.2).
    p256_fp,
    "p256_fp",
    hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
);

prime_field!(
    /// P-256 scalar field, n = 0xffffffff00000000ffff…fc632551 (SEC 2 v2 §2.4.2).
    p256_n,
    "p256_n",
    hex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
);

prime_field!(
    /// P-384 (secp384r1) base field, p = 2³⁸⁴ − 2¹²⁸ − 2⁹⁶ + 2³² − 1 (SEC 2 v2 §2.5.1).
    p384_fp,
    "p384_fp",
    hex(concat!(
        "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe",
        "ffffffff0000000000000000ffffffff"
    ))
);

prime_field!(
    /// P-384 scalar field, n = 0xffff…ccc52973 (SEC 2 v2 §2.5.1).
    p384_n,
    "p384_n",
    hex(concat!(
        "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf",
        "581a0db248b0a77aecec196accc52973"
    ))
);
