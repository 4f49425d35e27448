//! The `curve25519` module's known-finding tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::engine::Outcome;
use crate::shapes::known::testing::assert_pinned;

/// dalek decodes y = 1 with the sign bit set (x = 0, RFC 8032 rejects it) as the identity;
/// decoding it as any other point is a new finding.
fn the_lenient_edwards_decode_is_pinned_to_the_lenient_point() {
    let check = encoding::check_decompress(
        FAMILY.spec("dalek_edwards_decompress"),
        Flavor::Edwards,
        Box::new(adapter_dalek::decompress::<EdwardsPoint>),
    );
    let mut bytes = [0u8; 32];
    bytes[0] = 1;
    bytes[31] = 0x80;
    let case = encoding::DecodeCase {
        bytes,
        class: "x_zero_sign_set",
    };
    let basepoint = ecdiff_oracles::edwards::encode(&ecdiff_oracles::edwards::basepoint());
    assert_pinned(check, &case, move |_, _| Outcome::Value(basepoint));
}

crate::declare::unit_tests![the_lenient_edwards_decode_is_pinned_to_the_lenient_point];
