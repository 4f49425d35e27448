//! # ecdiff
//!
//! A differential correctness harness for optimized elliptic-curve routines. Every routine
//! ecdiff knows is run side by side with a naive, independent oracle (`ecdiff_oracles`:
//! BigUint arithmetic, textbook affine formulas, scale-and-add) on the inputs where optimized
//! code breaks.
//!
//! ## Glossary
//!
//! - **subject** — the optimized code under test, reached through an adapter that takes a
//!   case and returns a canonical encoding.
//! - **oracle** — the naive reference the subject is compared with (never the library itself).
//! - **routine** — a named (subject, oracle) pair, e.g. `dory_g1_msm`. The name is also the
//!   fuzz target, the corpus folder, the CLI's name for it and the test module.
//! - **case** — one input, decoded from bytes by [`generators::Gen`], biased towards edge classes.
//! - **edge class** — a kind of input where optimized code breaks (identity points, zero
//!   scalars, lengths at an algorithm threshold …), declared per routine and counted.
//! - **verdict** — agree, mismatch, subject panicked, contract violation, oracle rejected,
//!   oracle panicked or unsupported ([`engine::VerdictKind`]).
//! - **finding** — a case whose verdict is not the one its routine expects; saved as a
//!   replayable corpus file with a readable companion.
#![warn(missing_docs)]

#[cfg(feature = "arkworks")]
pub mod arkworks;
pub mod bench;
pub mod campaign;
pub mod corpus;
pub mod coverage;
pub mod curve;
pub mod declare;
pub mod engine;
pub mod families;
pub mod finding;
pub mod fuzz;
pub mod generators;
pub mod minimize;
pub mod paths;
pub mod report;
pub mod repro;
pub mod routine_table;
pub mod routines;
// Helpers of two families only, so not in the library's unit-test build (which compiles none).
#[cfg(all(any(feature = "secp256k1", feature = "p256"), not(test)))]
pub mod rustcrypto;
pub mod shapes;
pub mod suite;
#[cfg(feature = "zkgroup")]
pub mod zkgroup;
#[cfg(feature = "zoo")]
pub mod zoo;

pub use engine::{
    CaseRun, Detail, DynRoutine, Expected, Outcome, Routine, RoutineInfo, Verdict, VerdictKind,
};
pub use generators::{Bias, Gen};

/// Re-exported so downstream crates and macros can name the oracle types.
pub use ecdiff_oracles as oracles;
/// Re-exported for adapters.
pub use num_bigint;
