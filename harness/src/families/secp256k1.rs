//! secp256k1: the ECSM witness generator over k256 0.13's lazy field, k256's field contract,
//! and k256 0.14's point routines.
//!
//! | routine | subject | oracle |
//! |---|---|---|
//! | `ecsm_witness` | `ecsm-witness` (`subjects/ecsm`): Jacobian replay over k256 0.13.4's `FieldElement`, also run over `ShadowFe` and with serial rows | BigUint reference replay + exact integer relations ([`ecsm`]) |
//! | `k256_field` | k256 0.13.4 `FieldElement` programs | `ShadowFe`: exact values, k256's magnitude rules ([`field`]) |
//! | `k256_to_affine` | k256 0.14 `to_affine`, SEC1 encoders, `GroupEncoding`, `is_identity` | known-log points, SEC 1 encodings ([`points`]) |
//! | `k256_mul` | k256 0.14 `P * k`, `mul_vartime`, `AffinePoint * k` | known logs |
//! | `k256_mul_by_generator` | k256 0.14 `mul_by_generator{,_vartime}`, `GENERATOR * k` | fixed-base windows |
//! | `k256_lincomb` | k256 0.14 `lincomb{,_vartime}` (array, slice), `mul_by_generator_and_mul_add_vartime` | known logs |
//! | `k256_batch_normalize` | k256 0.14 `BatchNormalize` (array, `Array`, slice; ct and vartime), `CurveGroup::batch_normalize` | known logs |
//! | `k256_013_batch_normalize` | k256 0.13.4 `BatchNormalize<[_; N]>` — known finding, k256#943 | known logs |
//!
//! Point inputs are built by k256's own arithmetic from recipes, so identities produced by
//! arithmetic carry a lazily reduced zero `z` (the class behind k256#943 / #1029). Magnitude
//! contracts are checked in every profile: k256's checker in debug builds, the shadow
//! everywhere. The bug zoo (feature `zoo`) holds the seed's three broken ECSM replays and
//! broken point and field code modelled on anchors §9.

pub mod ecsm;
pub mod field;
pub mod points;
#[cfg(feature = "zoo")]
mod zoo;

use crate::engine::DynRoutine;
use crate::shapes::Spec;
use crate::subjects::ecsm::{EcsmWitnessGen, ECSM};
use crate::subjects::k256::{
    K256013BatchNormalize, K256BatchNormalize, K256Field, K256Lincomb, K256Mul, K256MulByGenerator,
    K256ToAffine, K256, K256_013,
};
use points::{
    Batch013Kind, BatchNormalizeKind, LincombKind, MulByGeneratorKind, MulKind, ToAffineKind,
};

/// The spec of each routine of the family (name, subject, lengths, budget). The bug zoo
/// reuses these, so a broken variant sees exactly the cases of the routine it breaks.
pub(crate) fn spec(name: &'static str) -> Spec {
    let (subject, function, max, non_empty, cases): (_, _, usize, bool, u32) = match name {
        "ecsm_witness" => (
            ECSM,
            "compute_witness{,_serial,_x} over FieldElement and ShadowFe",
            0,
            false,
            256,
        ),
        "k256_field" => (
            K256_013,
            "FieldElement lazy arithmetic (expose-field)",
            0,
            false,
            1024,
        ),
        "k256_to_affine" => (
            K256,
            "ProjectivePoint::to_affine + encoders",
            12,
            false,
            256,
        ),
        "k256_mul" => (K256, "ProjectivePoint * Scalar, mul_vartime", 6, true, 256),
        "k256_mul_by_generator" => (
            K256,
            "ProjectivePoint::mul_by_generator{,_vartime}",
            8,
            true,
            256,
        ),
        "k256_lincomb" => (K256, "LinearCombination::lincomb{,_vartime}", 8, false, 256),
        "k256_batch_normalize" => (
            K256,
            "BatchNormalize::batch_normalize{,_vartime}, CurveGroup::batch_normalize",
            24,
            false,
            256,
        ),
        "k256_013_batch_normalize" => (
            K256_013,
            "BatchNormalize<[ProjectivePoint; N]>::batch_normalize",
            8,
            false,
            256,
        ),
        other => panic!("no secp256k1-family routine named {other}"),
    };
    let spec = Spec::new(name)
        .family("secp256k1")
        .subject(subject, function)
        .lengths(max, &[])
        .cases(cases);
    if non_empty {
        spec.non_empty()
    } else {
        spec
    }
}

/// The family's routines.
pub fn routines() -> Vec<Box<dyn DynRoutine>> {
    vec![
        Box::new(ecsm::check(spec("ecsm_witness"), EcsmWitnessGen)),
        Box::new(field::check(spec("k256_field"), K256Field)),
        Box::new(points::check(
            spec("k256_to_affine"),
            ToAffineKind,
            K256ToAffine,
        )),
        Box::new(points::check(spec("k256_mul"), MulKind, K256Mul)),
        Box::new(points::check(
            spec("k256_mul_by_generator"),
            MulByGeneratorKind,
            K256MulByGenerator,
        )),
        Box::new(points::check(
            spec("k256_lincomb"),
            LincombKind,
            K256Lincomb,
        )),
        Box::new(points::check(
            spec("k256_batch_normalize"),
            BatchNormalizeKind,
            K256BatchNormalize,
        )),
        Box::new(points::check(
            spec("k256_013_batch_normalize"),
            Batch013Kind,
            K256013BatchNormalize,
        )),
    ]
}

/// The family's bug-zoo variants.
#[cfg(feature = "zoo")]
pub fn zoo() -> Vec<crate::zoo::ZooVariant> {
    zoo::variants()
}
