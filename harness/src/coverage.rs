//! Coverage of the code under test: what `ecdiff coverage` measures, and how.
//!
//! Declared edge classes say what a routine's generator aimed at; this module says what the
//! code under test actually executed. It uses rustc's source-based coverage
//! (`-C instrument-coverage`) and the toolchain's own LLVM tools (the `llvm-tools` rustup
//! component: `llvm-profdata` and `llvm-cov`; a system LLVM cannot read rustc's profiles). See
//! <https://doc.rust-lang.org/rustc/instrument-coverage.html> for the instrumentation and
//! <https://llvm.org/docs/CommandGuide/llvm-cov.html> (`llvm-cov export`, `llvm-cov show`) and
//! <https://llvm.org/docs/CommandGuide/llvm-profdata.html> for the tools.
//!
//! The steps, each a function here (the command line only strings them together):
//!
//! 1. [`tools`] finds `llvm-profdata` and `llvm-cov` in `$(rustc --print sysroot)/lib/rustlib/
//!    <host>/bin`, running `rustup component add llvm-tools` when they are missing.
//! 2. [`build`] builds an instrumented `ecdiff` (`cargo build --release -p ecdiff` with
//!    `RUSTFLAGS="-C instrument-coverage"`, into its own target directory, so the normal build
//!    stays uninstrumented). RUSTFLAGS instruments every crate of the build, so the subject
//!    crates — dependencies — carry coverage mappings too.
//! 3. [`run_routine`] runs the default campaign of one routine (nothing saved) in its own
//!    process of the instrumented binary (`ecdiff coverage --campaign ROUTINE`, see
//!    [`campaign_child`]) with its own `LLVM_PROFILE_FILE`, and [`merge`] turns its raw
//!    profile into `ROUTINE.profdata` (`llvm-profdata merge -sparse`).
//! 4. [`export`] reads `llvm-cov export -format=text -skip-expansions` of that profile,
//!    restricted to the source files of the routine's subject crate and its dependencies
//!    (llvm-cov's `SOURCES` arguments), and [`attribute`] computes the routine's numbers.
//! 5. [`html`] writes `llvm-cov show -format=html` over the merged profile of every routine,
//!    restricted to the files that hold the functions under test, with an index page per
//!    routine ([`index_html`]).
//!
//! # The functions under test
//!
//! A routine declares a subject (`dory-pcs 0.5.0`) and a function string
//! (`G1Routines::msm`, `BatchNormalize::batch_normalize{,_vartime}, CurveGroup::batch_normalize`,
//! `ProjectivePoint * Scalar, mul_vartime`). [`declared`] reads the string: parenthesized and
//! angle-bracketed text is dropped; the rest is split on `,` and `/`; `{a,b}` alternatives are
//! expanded; of each part only the first word counts (`compute_witness over …` is
//! `compute_witness`), except that `A * B` means the operator forms `A::mul` and `A::mul_assign`;
//! a path's last segment is the function's name and the segment before it its *qualifier* (a
//! type or trait); a bare name inherits the qualifier of the part before it (`RangeProof::
//! from_bytes / to_bytes`); a last segment that starts with a capital names a whole type
//! (`FieldElement lazy arithmetic`: every function whose name mentions `FieldElement`).
//!
//! A compiled function matches a declared one when the last segment of its demangled name
//! (generic arguments and the `<T as Trait>` qualification aside) is the declared name and the
//! qualifier is one of the identifiers in its demangled name. The subject crate is the crate
//! named, with its version, by the first two words of the row's subject (its directory comes
//! from `cargo metadata`: `~/.cargo/registry/src/*/dory-pcs-0.5.0/`, `subjects/ecsm/`). Each
//! declared function is looked for, in this order, until one step finds something: qualified
//! in the subject crate's files; qualified in the files of the subject crate's dependencies
//! (transitively); by name alone in the subject crate's files; by name alone in its
//! dependencies'. Dependencies catch subjects whose routine is generic code of another crate
//! (p256's `ProjectivePoint` is primeorder's; ark-bls12-381's MSM is ark-ec's
//! `VariableBaseMSM::msm`); such a crate then counts as a crate of the routine. A qualifier
//! that is a type alias (`G1Projective`) never appears in a demangled name, hence the by-name
//! steps.
//!
//! **The functions under test** of a routine are then approximated as: every declared match,
//! executed or not, plus every function whose source lies in one of the routine's crates and
//! that the routine's own run executed at least once (entry count > 0). That second set stands
//! for "what the declared functions call inside the crate", which coverage data cannot tell
//! exactly: it also holds what the harness itself called in that crate during the run (an
//! adapter decoding inputs through the subject crate, a generator building points with it), and
//! it misses callees that were never executed — an unexecuted callee of an executed function is
//! not counted, though the call site's line is. Lines of the subject crate's other code, and of
//! crates outside the routine's crates, are never counted.
//!
//! # The numbers
//!
//! Generic functions have one coverage record per instantiation; records are united by
//! source position: a line or region is reached when any instantiation reached it. A function's
//! lines are those between the first and last line of its code regions in its own file;
//! whether such a line is instrumented and how often it ran comes from the file's coverage
//! segments with llvm-cov's own rule (`LineCoverageStats` in LLVM's `CoverageMapping.cpp`), so
//! the line numbers agree with `llvm-cov report`. Regions are the code regions of the
//! functions under test, in the routine's crates. Unreached lines are the instrumented lines with
//! count 0, grouped into ranges with no reached line between them, each labelled with the
//! innermost function under test that contains it.
//!
//! # Layout
//!
//! - `declared`: reading a routine's declared function string, and demangled names.
//! - `export`: the model of llvm-cov's JSON export, and line counts from its segments.
//! - `attribute`: a routine's coverage of its functions under test, from an export.
//! - `run`: finding the LLVM tools, the instrumented build, running a routine's campaign,
//!   merging and exporting its profile.
//! - `report`: the report of a whole run: Markdown table, unreached listing, HTML.
//!
//! [`attribute`]: fn@attribute
//! [`declared`]: fn@declared
//! [`export`]: fn@export

mod attribute;
mod declared;
mod export;
mod report;
mod run;

pub use attribute::{
    attribute, Crate, FunctionCoverage, Ratio, RoutineCoverage, Target, Unreached,
};
pub use declared::{declared, Declared, FnName};
pub use export::{line_counts, Export, ExportData, ExportFile, ExportFunction, Segment};
pub use report::{html, index_html, Report};
pub use run::{
    build, campaign_child, export, merge, run_routine, sources, tools, Packages, RunSummary, Tools,
};

/// Failure of a coverage step, with what to do about it.
pub type Error = String;
