//! The `dory` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use crate::arkworks::serialization::{sw_serialization, ARK_SER_FLAG_BYTE_BITS_IGNORED};
use crate::curve::SwGroup;
use crate::engine::{Expected, Outcome, Routine, VerdictKind};
use crate::shapes::ark_format::{FormatCase, FormatOp, FormatValue};
use crate::shapes::known::testing::assert_pinned;
use crate::shapes::Spec;
use ecdiff_oracles::ark_format::sw_write;
use ecdiff_oracles::curves::Secp256k1;
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// secp256k1's flagged coordinate takes 33 bytes; ark-ff 0.5 reads its integer from the
/// first 32 and never looks at the six bits of the 33rd below the flags: G's compressed
/// encoding with bit 0 of byte 33 set decodes to G (`ARK_SER_FLAG_BYTE_BITS_IGNORED`),
/// pinned — a refusal, or −G, there is a new finding.
fn the_flag_bytes_other_bits_are_pinned_as_unread() {
    let check = || {
        sw_serialization::<Secp256k1, ark_secp256k1::Config>(
            Spec::new("ark_secp256k1_serialization"),
            None,
        )
    };
    let curve = Secp256k1.curve();
    let mut bytes = sw_write(curve, &curve.generator, true);
    assert_eq!(bytes.len(), 33);
    bytes[32] |= 1;
    let case = FormatCase {
        op: FormatOp::Read,
        compress: true,
        validate: true,
        log: BigUint::one(),
        torsion: BigUint::zero(),
        point: curve.generator.clone(),
        bytes,
    };
    assert_eq!(
        check().expected(&case),
        Expected::known(VerdictKind::Mismatch, ARK_SER_FLAG_BYTE_BITS_IGNORED)
    );
    assert_pinned(check(), &case, |_, _| {
        Outcome::Value(FormatValue::Read(None))
    });
    let minus_g = curve.neg(&curve.generator);
    assert_pinned(check(), &case, move |_, _| {
        Outcome::Value(FormatValue::Read(Some(minus_g.clone())))
    });
}

crate::declare::unit_tests![the_flag_bytes_other_bits_are_pinned_as_unread];
