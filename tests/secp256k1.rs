//! The secp256k1 family, beyond the per-routine suites of `tests/routines.rs`: focused tests that pin how a broken magnitude contract shows in each build
//! profile: k256's own checker in debug builds, the oracle-side shadow in release builds.

use ecdiff::engine::panic::capture;
use ecdiff::families::secp256k1::adapter_ecsm::{EcsmBase, EcsmWitnessGen, Flaw, FlawedEcsm};
use ecdiff::families::secp256k1::adapter_k256::{
    checker_active, Fe013, K256013BatchNormalize, K256Field,
};
use ecdiff::families::secp256k1::ecsm::run_subject;
use ecdiff::families::secp256k1::lazy_field::{
    self as field, is_contract_check, FieldExec, FieldOp, FieldProgram,
};
use ecdiff::num_bigint::BigUint;
use ecdiff::shapes::sec1_points::FormsSubject;
use ecdiff::shapes::Spec;
use ecdiff::{Outcome, Routine, VerdictKind};

fn le(hex: &str) -> [u8; 32] {
    let mut b = BigUint::parse_bytes(hex.as_bytes(), 16)
        .unwrap()
        .to_bytes_le();
    b.resize(32, 0);
    b.try_into().unwrap()
}

/// The benchmark scalar of lambda_vm PR #866 (402 rows) and the base 5·G, a non-generator base.
fn bench_case() -> ([u8; 32], EcsmBase) {
    (
        le("deadbeefcafebabe0123456789abcdeffedcba9876543210aabbccddeeff1122"),
        EcsmBase::Affine {
            x: le("2f8bde4d1a07209355b4a7250a5c5128e88b84bddc619ab7cba8d569b240efe4"),
            y: le("d8ac222636e5e3d6d4dba9dda6c9c426f788271bab0d6840dca87d3aa6ac62d6"),
        },
    )
}

/// Runs `f` in the engine's subject pool, as the engine runs subjects (its workers capture
/// panics quietly).
fn in_pool<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    ecdiff::engine::subject_pool().install(f)
}

/// Whether this test binary runs with k256's magnitude checker compiled in.
fn debug_build() -> bool {
    let active = checker_active();
    assert_eq!(
        active,
        cfg!(debug_assertions),
        "profile and k256 checker disagree"
    );
    active
}

#[test]
fn the_correct_replay_runs_three_times_identically() {
    let (k, base) = bench_case();
    match in_pool(|| run_subject(&EcsmWitnessGen, &k, &base)) {
        Outcome::Value(runs) => {
            assert_eq!(runs.fast, runs.shadow);
            assert_eq!(runs.fast, runs.serial);
            assert_eq!(runs.fast.unwrap().steps.len(), 402);
        }
        other => panic!("{other:?}"),
    }
}

/// lambda_vm PR #866's first broken replay (`F − D.double()`): k256's checker fires in debug builds
/// (`field_impl.rs`, `self.magnitude <= magnitude`) and the shadow agrees; in release builds
/// k256 runs through (value-correct by limb slack) and the shadow reports it.
#[test]
fn doubled_subtrahend_is_caught_by_k256_in_debug_and_by_the_shadow_in_release() {
    let (k, base) = bench_case();
    let Outcome::Violated(detail) =
        in_pool(|| run_subject(&FlawedEcsm(Flaw::DoubledSubtrahend), &k, &base))
    else {
        panic!("expected a contract violation");
    };
    eprintln!("{detail}");
    if debug_build() {
        assert!(detail.starts_with("k256's debug checker fired in the fast run"));
        assert!(detail.contains("field_impl.rs"));
        assert!(detail.contains("self.magnitude <= magnitude"));
        assert!(detail.contains("k256 contract violated: negate(1) on magnitude 2"));
    } else {
        assert_eq!(
            detail,
            "the shadow caught it: k256 contract violated: negate(1) on magnitude 2; \
             k256 fast run (no checker in this build): completed"
        );
    }
}

/// The PR's first draft (no normalizations before subtractions): debug k256's checker; in
/// release k256 computes wrong points — its own relation check panics — and the shadow names
/// the broken rule.
#[test]
fn unnormalized_subtraction_is_caught_by_k256_in_debug_and_by_the_shadow_in_release() {
    let (k, base) = bench_case();
    let Outcome::Violated(detail) =
        in_pool(|| run_subject(&FlawedEcsm(Flaw::UnnormalizedSubtraction), &k, &base))
    else {
        panic!("expected a contract violation");
    };
    eprintln!("{detail}");
    if debug_build() {
        assert!(detail.starts_with("k256's debug checker fired in the fast run"));
        assert!(detail.contains("field_impl.rs"));
    } else {
        assert!(detail.starts_with(
            "the shadow caught it: k256 contract violated: negate(1) on magnitude 10"
        ));
        assert!(detail.contains("relation numerator not divisible by p"));
    }
}

fn field_verdict(prog: &FieldProgram) -> (VerdictKind, String) {
    let routine = field::check(Spec::new("k256_field_focused"), K256Field);
    let s = routine.subject(prog);
    let o = routine.oracle(prog);
    let v = routine.compare(prog, &s, &o);
    eprintln!("{}: {}", v.kind, v.detail);
    (v.kind, v.detail)
}

/// `5 − 7.double()` (the pattern of PR #866's review finding): debug k256's checker fires at
/// the step the shadow predicts; release k256 has no checker, the shadow reports it, and the
/// value happens to be right.
#[test]
fn sub_of_doubled_normalized_per_profile() {
    let prog = FieldProgram {
        init: vec![5u8, 7, 0, 0].into_iter().map(BigUint::from).collect(),
        ops: vec![
            FieldOp::Double { dst: 2, a: 1 },
            FieldOp::Sub { dst: 3, a: 0, b: 2 },
        ],
        planned_break: Some(1),
    };
    let (kind, detail) = field_verdict(&prog);
    assert_eq!(kind, VerdictKind::ContractViolation);
    if debug_build() {
        assert!(detail
            .contains("step 1 (r3 = r0 - r2): k256's debug checker fired as the shadow predicts"));
        assert!(detail.contains("field_impl.rs"));
    } else {
        assert!(detail.contains("the shadow caught it (negate(1) on magnitude 2)"));
        assert!(detail.contains("happened to be right"));
    }
}

/// `x − (p − 1)·10`: the subtrahend's limbs are far past `negate(1)`'s slack, so release k256
/// computes a wrong value — which the routine reports as the contract violation it is.
#[test]
fn sub_of_high_magnitude_is_wrong_in_release() {
    let p_minus_1 = BigUint::parse_bytes(
        b"fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2e",
        16,
    )
    .unwrap();
    let prog = FieldProgram {
        init: vec![
            BigUint::from(5u8),
            p_minus_1,
            BigUint::from(0u8),
            BigUint::from(0u8),
        ],
        ops: vec![
            FieldOp::MulSingle {
                dst: 1,
                a: 1,
                k: 10,
            },
            FieldOp::Sub { dst: 2, a: 0, b: 1 },
        ],
        planned_break: Some(1),
    };
    let (kind, detail) = field_verdict(&prog);
    assert_eq!(kind, VerdictKind::ContractViolation);
    if !debug_build() {
        assert!(detail.contains("negate(1) on magnitude 10"));
        assert!(detail.contains("its value at that step is wrong"));
    }
}

/// k256 0.13.4's field with `Double` replaced by a negation declared at magnitude 0, which
/// k256's checker rejects (debug builds): a checker that fires where the shadow sees no break.
struct EarlyChecker;
impl FieldExec for EarlyChecker {
    type Reg = Fe013;
    fn checker_active(&self) -> bool {
        K256Field.checker_active()
    }
    fn load(&self, be: &[u8; 32]) -> Fe013 {
        K256Field.load(be)
    }
    fn step(&self, op: &FieldOp, regs: &mut [Fe013]) {
        // Negates with a declared magnitude of 0, which k256's checker rejects.
        if let FieldOp::Double { dst, a } = *op {
            regs[usize::from(dst)] = regs[usize::from(a)].negate(0);
        } else {
            ecdiff::families::secp256k1::adapter_k256::k256_013_step(op, regs);
        }
    }
    fn read(&self, v: &Fe013) -> [u8; 32] {
        K256Field.read(v)
    }
}

/// A checker firing earlier than the shadow predicts is a finding, not a pass.
#[test]
fn a_checker_at_the_wrong_step_is_a_finding() {
    let prog = FieldProgram {
        init: vec![5u8, 7, 0, 0].into_iter().map(BigUint::from).collect(),
        ops: vec![
            FieldOp::Double { dst: 2, a: 1 },
            FieldOp::Sub { dst: 3, a: 0, b: 2 },
        ],
        planned_break: Some(1),
    };
    let routine = field::check(Spec::new("k256_field_focused"), EarlyChecker);
    let v = routine.compare(&prog, &routine.subject(&prog), &routine.oracle(&prog));
    eprintln!("{}: {}", v.kind, v.detail);
    if debug_build() {
        assert_eq!(v.kind, VerdictKind::Mismatch);
        assert!(v.detail.contains("fired at step 0"));
    } else {
        // No checker: step 0 computed −7 instead of 14.
        assert_eq!(v.kind, VerdictKind::Mismatch);
        assert!(v.detail.starts_with("step 0"));
    }
}

/// k256's checker firing on a program the shadow says keeps the contract is a disagreement
/// (a mismatch) in every profile, never the contract violation a planned break expects; and a
/// planned break the shadow does not predict is an ecdiff bug (`oracle_panicked`).
#[test]
fn a_checker_the_shadow_does_not_predict_is_a_mismatch() {
    let prog = FieldProgram {
        init: vec![5u8, 7, 0].into_iter().map(BigUint::from).collect(),
        ops: vec![FieldOp::Double { dst: 2, a: 1 }],
        planned_break: None,
    };
    let routine = field::check(Spec::new("k256_field_focused"), EarlyChecker);
    let v = routine.compare(&prog, &routine.subject(&prog), &routine.oracle(&prog));
    eprintln!("{}: {}", v.kind, v.detail);
    assert_eq!(v.kind, VerdictKind::Mismatch);
    if debug_build() {
        assert!(v
            .detail
            .contains("on a program the shadow says keeps the contract"));
    }
    let planned = FieldProgram {
        planned_break: Some(0),
        ..prog
    };
    let v = routine.compare(
        &planned,
        &routine.subject(&planned),
        &routine.oracle(&planned),
    );
    assert_eq!(v.kind, VerdictKind::OraclePanicked, "{}", v.detail);
    assert!(v.detail.contains("the shadow predicts none"));
}

/// The secp256k1 family's `is_contract_check` on real panics: k256's checker (and its overflow checks)
/// in `arithmetic/field/` are contract checks; k256 0.13.4's `batch_normalize` unwrap is not.
#[test]
fn contract_checks_are_recognized_on_real_panics() {
    let load = |v: u8| {
        let mut be = [0u8; 32];
        be[31] = v;
        K256Field.load(&be)
    };
    let fired = capture(|| load(7).double().negate(1));
    let overflow = capture(|| load(7).negate(u32::MAX));
    if debug_build() {
        for report in [fired.unwrap_err(), overflow.unwrap_err()] {
            assert!(is_contract_check(&report), "{report}");
            assert!(report
                .location
                .as_deref()
                .unwrap()
                .contains("field_impl.rs"));
        }
    } else {
        assert!(fired.is_ok() && overflow.is_ok());
    }
    let empty = K256013BatchNormalize.run(&Vec::new()).unwrap_err();
    assert!(!is_contract_check(&empty.report), "{}", empty.report);
    assert!(empty
        .report
        .location
        .as_deref()
        .unwrap()
        .contains("/subtle-"));
}
