//! The deliberately broken variants, and how each manifests per build profile, measured:
//! under k256 (debug: its magnitude checker; release: nothing checks) and under the
//! oracle-side shadow (`ShadowFe`, which checks in every profile).
#![cfg(feature = "flaws")]

mod common;

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

use common::*;
use ecsm_witness::{
    compute_witness, compute_witness_flawed, replay, replay_flawed, Flaw, GENERATOR,
};
use k256_013::FieldElement as Fe;

/// A caught panic: its message and where it was raised.
#[derive(Debug)]
struct Caught {
    message: String,
    /// `file:line` of the panic (empty if it was raised on another thread).
    #[cfg_attr(not(debug_assertions), allow(dead_code))]
    location: String,
}

thread_local! {
    static CAPTURE: RefCell<Option<Option<Caught>>> = const { RefCell::new(None) };
}

/// Runs `f`, returning its panic (message and location) if it panics. The location is
/// recorded by a panic hook on the calling thread; panics on other threads (rayon workers)
/// keep the default hook and report only their message.
fn catch<R>(f: impl FnOnce() -> R) -> Result<R, Caught> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let captured = CAPTURE.with(|c| {
                let mut c = c.borrow_mut();
                match c.as_mut() {
                    Some(slot) => {
                        *slot = Some(Caught {
                            message: payload_message(info.payload()),
                            location: info
                                .location()
                                .map(|l| format!("{}:{}", l.file(), l.line()))
                                .unwrap_or_default(),
                        });
                        true
                    }
                    None => false,
                }
            });
            if !captured {
                default(info);
            }
        }));
    });
    CAPTURE.with(|c| *c.borrow_mut() = Some(None));
    let r = catch_unwind(AssertUnwindSafe(f));
    let hooked = CAPTURE.with(|c| c.borrow_mut().take()).flatten();
    r.map_err(|payload| {
        hooked.unwrap_or_else(|| Caught {
            message: payload_message(&*payload),
            location: String::new(),
        })
    })
}

fn payload_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// Scalars with at least one double and one add.
fn flaw_scalars() -> Vec<[u8; 32]> {
    vec![
        le_u64(2),
        le_u64(3),
        le_u64(5),
        le_u64(0xABCD),
        le_big(&(n() - 1u32)),
        bench_scalar(),
    ]
}

#[test]
fn flaw_none_is_the_correct_routine() {
    for base in bases() {
        for k in flaw_scalars() {
            assert_eq!(
                compute_witness_flawed::<Fe>(Flaw::None, &k, &base),
                compute_witness::<Fe>(&k, &base)
            );
        }
    }
}

/// k256's own checker (`field_impl.rs`) catches both contract flaws at the first row in
/// debug builds.
#[cfg(debug_assertions)]
#[test]
fn contract_flaws_panic_in_k256_debug_builds() {
    for flaw in [Flaw::DoubledSubtrahend, Flaw::UnnormalizedSubtraction] {
        for base in bases() {
            for k in flaw_scalars() {
                let caught = catch(|| compute_witness_flawed::<Fe>(flaw, &k, &base))
                    .expect_err("k256's debug checker must fire");
                assert!(
                    caught.location.contains("field_impl.rs"),
                    "{flaw:?}: panicked at {:?}",
                    caught.location
                );
                assert!(caught.message.contains("magnitude"), "{:?}", caught.message);
                assert!(catch(|| replay_flawed::<Fe>(flaw, &k, &base)).is_err());
            }
        }
    }
}

/// Release k256 checks nothing, and the doubled subtrahend happens to stay inside
/// `negate(1)`'s limb slack: the witness is byte-identical to the correct one.
#[cfg(not(debug_assertions))]
#[test]
fn doubled_subtrahend_is_value_correct_in_k256_release_builds() {
    for base in bases() {
        for k in flaw_scalars() {
            assert_eq!(
                compute_witness_flawed::<Fe>(Flaw::DoubledSubtrahend, &k, &base),
                compute_witness::<Fe>(&k, &base)
            );
        }
    }
}

/// Release k256 computes wrong points from unnormalized subtrahends (a limb of `negate(1)`
/// wraps around `u64`); the replay returns them silently, and the witness builder's own
/// relation check panics.
#[cfg(not(debug_assertions))]
#[test]
fn unnormalized_subtraction_is_wrong_in_k256_release_builds() {
    for base in bases() {
        for k in flaw_scalars() {
            let bad = replay_flawed::<Fe>(Flaw::UnnormalizedSubtraction, &k, &base).unwrap();
            let good = replay::<Fe>(&k, &base).unwrap();
            assert_ne!(bad.steps[0].x_r, good.steps[0].x_r, "first double is wrong");
            assert_ne!(bad.result, good.result);
            let caught =
                catch(|| compute_witness_flawed::<Fe>(Flaw::UnnormalizedSubtraction, &k, &base))
                    .expect_err("the relation check must fire");
            assert!(
                caught.message.contains("not divisible by p"),
                "{:?}",
                caught.message
            );
        }
    }
}

/// The generator-only flaw breaks no contract and is invisible with base G or a scalar
/// without adds; with another base, the replay is silently wrong from the first add on and
/// the witness builder's relation check panics.
#[test]
fn generator_only_base_needs_a_non_generator_base_and_an_add() {
    let flaw = Flaw::GeneratorOnlyBase;
    for k in flaw_scalars() {
        assert_eq!(
            compute_witness_flawed::<Fe>(flaw, &k, &GENERATOR),
            compute_witness::<Fe>(&k, &GENERATOR)
        );
    }
    for base in &bases()[1..] {
        for k in [
            le_u64(2),
            le_u64(1 << 40),
            le_big(&(num_bigint::BigUint::from(1u32) << 255)),
        ] {
            assert_eq!(
                compute_witness_flawed::<Fe>(flaw, &k, base),
                compute_witness::<Fe>(&k, base)
            );
        }
        for k in flaw_scalars().into_iter().filter(|k| *k != le_u64(2)) {
            let bad = replay_flawed::<Fe>(flaw, &k, base).unwrap();
            let good = replay::<Fe>(&k, base).unwrap();
            let first_add = good.steps.iter().position(|s| s.op == 1).unwrap();
            assert_eq!(bad.steps[..first_add], good.steps[..first_add]);
            assert_ne!(bad.steps[first_add].x_r, good.steps[first_add].x_r);
            assert_ne!(bad.result, good.result);
            let caught = catch(|| compute_witness_flawed::<Fe>(flaw, &k, base))
                .expect_err("the relation check must fire");
            assert!(caught.message.contains("not divisible by p"));
        }
    }
}

#[cfg(feature = "shadow")]
mod shadow {
    use super::*;
    use ecdiff_oracles::lazy::{ShadowFe, CONTRACT_PREFIX};

    /// The shadow catches both contract flaws in every profile, naming the rule.
    #[test]
    fn contract_flaws_violate_under_the_shadow_in_every_profile() {
        for (flaw, rule) in [
            (Flaw::DoubledSubtrahend, "negate(1) on magnitude 2"),
            (Flaw::UnnormalizedSubtraction, "negate(1) on magnitude 10"),
        ] {
            for base in bases() {
                for k in flaw_scalars() {
                    let caught = catch(|| compute_witness_flawed::<ShadowFe>(flaw, &k, &base))
                        .expect_err("the shadow must fire");
                    assert!(caught.message.starts_with(CONTRACT_PREFIX));
                    assert_eq!(caught.message, format!("{CONTRACT_PREFIX}{rule}"));
                    assert!(catch(|| replay_flawed::<ShadowFe>(flaw, &k, &base)).is_err());
                }
            }
        }
    }

    /// The generator-only flaw keeps the contract: the shadow computes the same wrong
    /// points as k256, without a violation.
    #[test]
    fn generator_only_base_keeps_the_contract() {
        for base in bases() {
            for k in flaw_scalars() {
                assert_eq!(
                    replay_flawed::<ShadowFe>(Flaw::GeneratorOnlyBase, &k, &base),
                    replay_flawed::<Fe>(Flaw::GeneratorOnlyBase, &k, &base)
                );
            }
        }
    }
}
