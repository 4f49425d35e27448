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

use crate::campaign::{self, Budget, Config, Silent};
use crate::corpus::repo_root;
use crate::engine::DynRoutine;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;

// ---------------------------------------------------------------------------------------------
// Declared functions

/// One function (or type) a routine's function string declares.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Declared {
    /// The path segment before the name (a type or trait), when the row gives one.
    pub qualifier: Option<String>,
    /// The function's name; `None` when the row names a whole type (`qualifier`).
    pub name: Option<String>,
}

impl std::fmt::Display for Declared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.qualifier, &self.name) {
            (Some(q), Some(n)) => write!(f, "{q}::{n}"),
            (None, Some(n)) => write!(f, "{n}"),
            (Some(q), None) => write!(f, "{q}::*"),
            (None, None) => write!(f, "?"),
        }
    }
}

/// Removes `(…)` and `<…>` groups (nested).
fn drop_groups(s: &str) -> String {
    let mut out = String::new();
    let (mut paren, mut angle) = (0usize, 0usize);
    let mut prev = ' ';
    for c in s.chars() {
        match c {
            '(' => paren += 1,
            ')' => paren = paren.saturating_sub(1),
            '<' if paren == 0 => angle += 1,
            '>' if paren == 0 && prev != '-' => angle = angle.saturating_sub(1),
            _ if paren == 0 && angle == 0 => out.push(c),
            _ => {}
        }
        prev = c;
    }
    out
}

/// Splits on `,` and `/` outside `{…}`.
fn split_parts(s: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut depth = 0usize;
    for c in s.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' | '/' if depth == 0 => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        parts.last_mut().expect("one part at least").push(c);
    }
    parts
        .into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Expands the first `{a,b,…}` group, recursively: `f{,_x}` → `f`, `f_x`.
fn expand_braces(s: &str) -> Vec<String> {
    let (Some(open), Some(close)) = (s.find('{'), s.find('}')) else {
        return vec![s.to_string()];
    };
    if close < open {
        return vec![s.to_string()];
    }
    let (head, alts, tail) = (&s[..open], &s[open + 1..close], &s[close + 1..]);
    alts.split(',')
        .flat_map(|a| expand_braces(&format!("{head}{a}{tail}")))
        .collect()
}

/// The functions a row's function string declares (see the module docs for the rules).
pub fn declared(function: &str) -> Vec<Declared> {
    let mut out: Vec<Declared> = Vec::new();
    let mut inherited: Option<String> = None;
    for part in split_parts(&drop_groups(function)) {
        if let Some((lhs, _)) = part.split_once(" * ") {
            let q = lhs.split("::").last().unwrap_or(lhs).trim().to_string();
            for n in ["mul", "mul_assign"] {
                out.push(Declared {
                    qualifier: Some(q.clone()),
                    name: Some(n.into()),
                });
            }
            inherited = Some(q);
            continue;
        }
        let Some(word) = part.split_whitespace().next() else {
            continue;
        };
        for path in expand_braces(word) {
            let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
            let Some(last) = segs.last() else { continue };
            let ident = |s: &str| s.chars().all(|c| c.is_alphanumeric() || c == '_');
            if !ident(last) {
                continue;
            }
            if last.starts_with(|c: char| c.is_uppercase()) {
                out.push(Declared {
                    qualifier: Some(last.to_string()),
                    name: None,
                });
                inherited = Some(last.to_string());
            } else {
                let q = if segs.len() >= 2 {
                    Some(segs[segs.len() - 2].to_string())
                } else {
                    inherited.clone()
                };
                out.push(Declared {
                    qualifier: q.clone(),
                    name: Some(last.to_string()),
                });
                inherited = q;
            }
        }
    }
    out.dedup();
    out
}

// ---------------------------------------------------------------------------------------------
// Demangled names

/// Splits `s` on `::` outside `<…>`.
fn split_path(s: &str) -> Vec<&str> {
    let b = s.as_bytes();
    let mut pieces = Vec::new();
    let (mut depth, mut start, mut i) = (0i32, 0usize, 0usize);
    while i < b.len() {
        match b[i] {
            b'<' => depth += 1,
            b'>' if i == 0 || b[i - 1] != b'-' => depth -= 1,
            b':' if depth == 0 && i + 1 < b.len() && b[i + 1] == b':' => {
                pieces.push(&s[start..i]);
                i += 2;
                start = i;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    pieces.push(&s[start..]);
    pieces
}

/// `s` without any `<…>` group.
fn without_generics(s: &str) -> String {
    drop_groups_angle(s)
}

fn drop_groups_angle(s: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    let mut prev = ' ';
    for c in s.chars() {
        match c {
            '<' => depth += 1,
            '>' if prev != '-' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
        prev = c;
    }
    out
}

/// The last segment of a path: `a::b::<T>` → `b`.
fn last_of_path(s: &str) -> String {
    split_path(s)
        .into_iter()
        .rev()
        .find(|p| !p.is_empty() && !p.starts_with('<'))
        .map(without_generics)
        .unwrap_or_default()
}

/// A demangled function name, as ecdiff reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FnName {
    /// The demangled name without its hash.
    pub full: String,
    /// The function's own name: the last path segment, generic arguments aside
    /// (`{closure#0}` for a closure).
    pub last: String,
    /// A short readable name: `<Projective as CurveGroup>::normalize_batch`,
    /// `variable_base::msm_bigint_wnaf`.
    pub short: String,
    idents: BTreeSet<String>,
}

impl FnName {
    /// Reads a (mangled or demangled) symbol name.
    pub fn new(symbol: &str) -> Self {
        // Local symbols may carry a `file:` prefix; the mangled name starts at `_R` or `_ZN`.
        let start = ["_R", "_ZN"]
            .iter()
            .filter_map(|p| symbol.find(p))
            .min()
            .unwrap_or(0);
        let full = match rustc_demangle::try_demangle(&symbol[start..]) {
            Ok(d) => format!("{d:#}"),
            Err(_) => symbol.to_string(),
        };
        let pieces = split_path(&full);
        let mut named: Vec<String> = Vec::new();
        for p in &pieces {
            if p.is_empty() {
                continue;
            }
            if let Some(inner) = p.strip_prefix('<').and_then(|p| p.strip_suffix('>')) {
                // `<T as Trait>` (a qualified self type), or generic arguments `::<…>`.
                let as_parts = split_top(inner, " as ");
                if as_parts.len() == 2 {
                    named.push(format!(
                        "<{} as {}>",
                        last_of_path(as_parts[0]),
                        last_of_path(as_parts[1])
                    ));
                } else if named.is_empty() {
                    named.push(format!("<{}>", last_of_path(inner)));
                }
            } else {
                named.push(without_generics(p));
            }
        }
        let last = named.last().cloned().unwrap_or_default();
        let short = match named.len() {
            0 => full.clone(),
            1 => last.clone(),
            n => format!("{}::{}", named[n - 2], named[n - 1]),
        };
        let idents = full
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        FnName {
            full,
            last,
            short,
            idents,
        }
    }

    /// Whether the name mentions the identifier `ident` (a path segment or generic argument).
    pub fn mentions(&self, ident: &str) -> bool {
        self.idents.contains(ident)
    }
}

/// Splits `s` on `sep` outside `<…>`.
fn split_top<'a>(s: &'a str, sep: &str) -> Vec<&'a str> {
    let mut depth = 0i32;
    let mut prev = ' ';
    for (i, c) in s.char_indices() {
        match c {
            '<' => depth += 1,
            '>' if prev != '-' => depth -= 1,
            _ => {}
        }
        prev = c;
        if depth == 0 && s[i..].starts_with(sep) && c == sep.chars().next().unwrap_or(' ') {
            return vec![&s[..i], &s[i + sep.len()..]];
        }
    }
    vec![s]
}

// ---------------------------------------------------------------------------------------------
// llvm-cov's JSON export

/// `llvm-cov export -format=text` output: the parts ecdiff reads.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Export {
    /// One entry per binary (ecdiff exports one).
    pub data: Vec<ExportData>,
}

/// The coverage of one exported binary.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct ExportData {
    /// Per source file: its segments.
    #[serde(default)]
    pub files: Vec<ExportFile>,
    /// Per function record (one per instantiation of a generic function).
    #[serde(default)]
    pub functions: Vec<ExportFunction>,
}

/// A source file of the export.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct ExportFile {
    /// The file's path as the binary records it.
    pub filename: String,
    /// Coverage segments `[line, col, count, has_count, is_region_entry, is_gap_region]`,
    /// sorted by position.
    #[serde(default)]
    pub segments: Vec<Segment>,
}

/// One coverage segment (llvm-cov's `CoverageSegment`).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct Segment(
    /// Line.
    pub u64,
    /// Column.
    pub u64,
    /// Execution count.
    pub u64,
    /// Whether the segment has a count (false: not instrumented, e.g. skipped code).
    pub bool,
    /// Whether a region starts here.
    pub bool,
    /// Whether it is a gap region (whitespace between regions).
    pub bool,
);

/// A function record of the export.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct ExportFunction {
    /// The mangled symbol name.
    pub name: String,
    /// How often the function was entered.
    #[serde(default)]
    pub count: u64,
    /// Regions `[line_start, col_start, line_end, col_end, count, file_id, expanded_file_id,
    /// kind]`; `file_id` indexes `filenames`, kind 0 is a code region.
    #[serde(default)]
    pub regions: Vec<Vec<u64>>,
    /// The files the regions refer to; the first is the function's own.
    #[serde(default)]
    pub filenames: Vec<String>,
}

/// Region kind of a code region (`CounterMappingRegion::CodeRegion`).
const CODE_REGION: u64 = 0;

/// Per instrumented line of a file, its execution count: llvm-cov's `LineCoverageStats` over
/// the file's segments (lines without an entry are not instrumented).
pub fn line_counts(segments: &[Segment]) -> BTreeMap<u64, u64> {
    let mut out = BTreeMap::new();
    let (Some(first), Some(last)) = (segments.first(), segments.last()) else {
        return out;
    };
    let mut wrapped: Option<Segment> = None;
    let mut i = 0;
    for line in first.0..=last.0 {
        let start = i;
        while i < segments.len() && segments[i].0 == line {
            i += 1;
        }
        let here = &segments[start..i];
        let is_start = |s: &Segment| !s.5 && s.3 && s.4;
        let starts = here.iter().filter(|s| is_start(s)).count();
        let skipped = here.first().is_some_and(|s| !s.3 && s.4);
        let mut mapped = !skipped && (wrapped.is_some_and(|w| w.3) || starts > 0);
        mapped |= here.iter().any(|s| s.4 && s.3);
        if mapped {
            let mut count = wrapped.map_or(0, |w| w.2);
            for s in here.iter().filter(|s| is_start(s)) {
                count = count.max(s.2);
            }
            out.insert(line, count);
        }
        if let Some(l) = here.last() {
            wrapped = Some(*l);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Attribution

/// A crate whose files can hold functions under test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Crate {
    /// Package name, e.g. `dory-pcs`.
    pub name: String,
    /// Version, e.g. `0.5.0`.
    pub version: String,
    /// Its source directory (the folder of its `Cargo.toml`).
    pub dir: PathBuf,
}

impl Crate {
    /// `name version`.
    pub fn label(&self) -> String {
        format!("{} {}", self.name, self.version)
    }
}

/// What [`attribute`] needs to know about a routine.
#[derive(Clone, Debug)]
pub struct Target {
    /// The routine's name.
    pub routine: String,
    /// The row's subject string.
    pub subject: String,
    /// The row's function string.
    pub function: String,
    /// The subject crate.
    pub primary: Crate,
    /// Its dependencies (transitively), where declared functions the subject crate does not
    /// define are looked for.
    pub deps: Vec<Crate>,
}

/// A covered / total count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Ratio {
    /// Reached.
    pub covered: u64,
    /// Instrumented.
    pub total: u64,
}

impl Ratio {
    /// The percentage reached (100 for nothing instrumented).
    pub fn percent(&self) -> f64 {
        if self.total == 0 {
            100.0
        } else {
            100.0 * self.covered as f64 / self.total as f64
        }
    }
}

/// One function under test (its instantiations together).
#[derive(Clone, Debug, Serialize)]
pub struct FunctionCoverage {
    /// Short readable name.
    pub name: String,
    /// Source file, as displayed (`dory-pcs-0.5.0/src/…`, `subjects/ecsm/src/…`).
    pub file: String,
    /// First and last line.
    pub lines_span: (u64, u64),
    /// Whether it matches the routine's declared function(s).
    pub declared: bool,
    /// Entries, summed over instantiations.
    pub executions: u64,
    /// Its lines.
    pub lines: Ratio,
    /// Its code regions.
    pub regions: Ratio,
}

/// A block of unreached lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unreached {
    /// Source file, as displayed.
    pub file: String,
    /// The file's full path (the HTML report links to it).
    pub path: String,
    /// First unreached line.
    pub first: u64,
    /// Last unreached line (no reached line lies in between).
    pub last: u64,
    /// Instrumented lines in the block.
    pub lines: u64,
    /// The innermost function under test that contains it.
    pub function: String,
}

impl Unreached {
    /// `file:first-last`.
    pub fn location(&self) -> String {
        if self.first == self.last {
            format!("{}:{}", self.file, self.first)
        } else {
            format!("{}:{}-{}", self.file, self.first, self.last)
        }
    }
}

/// One routine's coverage of its functions under test.
#[derive(Clone, Debug, Default, Serialize)]
pub struct RoutineCoverage {
    /// The routine.
    pub routine: String,
    /// The row's subject string.
    pub subject: String,
    /// The row's function string.
    pub function: String,
    /// The declared functions as read from it.
    pub declared: Vec<String>,
    /// Declared functions no compiled function matched.
    pub declared_missing: Vec<String>,
    /// The crates (`name version`) whose functions count.
    pub crates: Vec<String>,
    /// The functions under test.
    pub functions: Vec<FunctionCoverage>,
    /// Lines of the functions under test.
    pub lines: Ratio,
    /// Code regions of the functions under test.
    pub regions: Ratio,
    /// Unreached blocks.
    pub unreached: Vec<Unreached>,
    /// Cases the campaign ran.
    pub cases: u64,
    /// New findings of the campaign (coverage is measured all the same).
    pub findings: u64,
    /// Seconds the instrumented campaign took.
    pub run_seconds: f64,
    /// Why the routine could not be measured, if it could not.
    pub error: Option<String>,
}

impl RoutineCoverage {
    /// Declared functions under test.
    pub fn declared_functions(&self) -> usize {
        self.functions.iter().filter(|f| f.declared).count()
    }

    /// Unreached instrumented lines.
    pub fn unreached_lines(&self) -> u64 {
        self.unreached.iter().map(|u| u.lines).sum()
    }
}

fn normalize(file: &str, root: &Path) -> PathBuf {
    let p = Path::new(file);
    let p = if p.is_absolute() {
        p.to_path_buf()
    } else {
        root.join(p)
    };
    // Lexically drop `.` and `..` (the build may record either).
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

/// `path` as shown: relative to the workspace root when under it, else to the crate's parent
/// folder (`dory-pcs-0.5.0/src/…`).
fn display(path: &Path, krate: &Crate, root: &Path) -> String {
    if let Ok(rel) = path.strip_prefix(root) {
        return rel.display().to_string();
    }
    let base = krate.dir.parent().unwrap_or(&krate.dir);
    path.strip_prefix(base)
        .unwrap_or(path)
        .display()
        .to_string()
}

struct Rec<'a> {
    f: &'a ExportFunction,
    name: FnName,
    file: PathBuf,
    /// Index into the routine's candidate crates (0: the subject crate).
    krate: usize,
    span: Option<(u64, u64)>,
}

fn matches(d: &Declared, n: &FnName, qualified: bool) -> bool {
    match (&d.name, &d.qualifier) {
        (Some(name), q) => {
            n.last == *name && (!qualified || q.as_ref().is_none_or(|q| n.mentions(q)))
        }
        (None, Some(q)) => n.mentions(q),
        (None, None) => false,
    }
}

/// Computes a routine's coverage of its functions under test from an export of its own run
/// (see the module docs for the rules). `root` resolves relative file names (the workspace
/// root). Campaign fields (`cases`, `findings`, `run_seconds`) are left at zero.
pub fn attribute(export: &Export, target: &Target, root: &Path) -> RoutineCoverage {
    let crates: Vec<&Crate> = std::iter::once(&target.primary)
        .chain(target.deps.iter())
        .collect();
    let crate_of = |p: &Path| crates.iter().position(|c| p.starts_with(&c.dir));
    let mut recs: Vec<Rec> = Vec::new();
    let mut segments: BTreeMap<PathBuf, &[Segment]> = BTreeMap::new();
    for d in &export.data {
        for file in &d.files {
            segments.insert(normalize(&file.filename, root), &file.segments);
        }
        for f in &d.functions {
            let Some(first) = f.filenames.first() else {
                continue;
            };
            let file = normalize(first, root);
            let Some(krate) = crate_of(&file) else {
                continue;
            };
            let code = f
                .regions
                .iter()
                .filter(|r| r.len() >= 8 && r[5] == 0 && r[7] == CODE_REGION);
            let span = code.fold(None, |acc: Option<(u64, u64)>, r| {
                Some(acc.map_or((r[0], r[2]), |(a, b)| (a.min(r[0]), b.max(r[2]))))
            });
            recs.push(Rec {
                f,
                name: FnName::new(&f.name),
                file,
                krate,
                span,
            });
        }
    }

    // Declared functions: qualified in the subject crate, qualified in its dependencies, by
    // name in the subject crate, by name in its dependencies.
    let items = declared(&target.function);
    let mut is_declared = vec![false; recs.len()];
    let mut routine_crates: BTreeSet<usize> = BTreeSet::from([0]);
    let mut missing = Vec::new();
    for d in &items {
        let steps: [(bool, bool); 4] = [(true, true), (false, true), (true, false), (false, false)];
        let mut found = false;
        for (in_primary, qualified) in steps {
            let hits: Vec<usize> = recs
                .iter()
                .enumerate()
                .filter(|(_, r)| (r.krate == 0) == in_primary && matches(d, &r.name, qualified))
                .map(|(i, _)| i)
                .collect();
            if !hits.is_empty() {
                for i in hits {
                    is_declared[i] = true;
                    routine_crates.insert(recs[i].krate);
                }
                found = true;
                break;
            }
        }
        if !found {
            missing.push(d.to_string());
        }
    }

    let selected: Vec<usize> = (0..recs.len())
        .filter(|&i| {
            is_declared[i] || (routine_crates.contains(&recs[i].krate) && recs[i].f.count > 0)
        })
        .collect();

    // Lines: per file, the spans of the selected functions, counted by the file's segments.
    let mut counts: BTreeMap<PathBuf, BTreeMap<u64, u64>> = BTreeMap::new();
    for &i in &selected {
        let r = &recs[i];
        if !counts.contains_key(&r.file) {
            let segs = segments.get(&r.file).copied().unwrap_or(&[]);
            counts.insert(r.file.clone(), line_counts(segs));
        }
    }
    let lines_in = |file: &Path, (a, b): (u64, u64)| -> Vec<(u64, u64)> {
        counts
            .get(file)
            .map(|c| c.range(a..=b).map(|(l, n)| (*l, *n)).collect())
            .unwrap_or_default()
    };

    // Functions: instantiations united by (file, first line).
    type Key = (PathBuf, u64, u64);
    let mut groups: BTreeMap<Key, Vec<usize>> = BTreeMap::new();
    for &i in &selected {
        if let Some((a, b)) = recs[i].span {
            groups
                .entry((recs[i].file.clone(), a, b))
                .or_default()
                .push(i);
        }
    }
    let mut all_lines: BTreeMap<(PathBuf, u64), u64> = BTreeMap::new();
    let mut all_regions: BTreeMap<(PathBuf, [u64; 4]), bool> = BTreeMap::new();
    let mut functions = Vec::new();
    let mut spans: Vec<(PathBuf, u64, u64, String)> = Vec::new();
    for ((file, a, b), members) in &groups {
        let lines = lines_in(file, (*a, *b));
        for (l, n) in &lines {
            all_lines.insert((file.clone(), *l), *n);
        }
        let mut regions: BTreeMap<(PathBuf, [u64; 4]), bool> = BTreeMap::new();
        for &i in members {
            let f = recs[i].f;
            for r in f
                .regions
                .iter()
                .filter(|r| r.len() >= 8 && r[7] == CODE_REGION)
            {
                let Some(name) = f.filenames.get(r[5] as usize) else {
                    continue;
                };
                let path = normalize(name, root);
                if crate_of(&path).is_none_or(|k| !routine_crates.contains(&k)) {
                    continue;
                }
                *regions.entry((path, [r[0], r[1], r[2], r[3]])).or_default() |= r[4] > 0;
            }
        }
        for (k, v) in &regions {
            *all_regions.entry(k.clone()).or_default() |= *v;
        }
        let first = &recs[members[0]];
        let name = first.name.short.clone();
        spans.push((file.clone(), *a, *b, name.clone()));
        functions.push(FunctionCoverage {
            name,
            file: display(file, crates[first.krate], root),
            lines_span: (*a, *b),
            declared: members.iter().any(|&i| is_declared[i]),
            executions: members.iter().map(|&i| recs[i].f.count).sum(),
            lines: Ratio {
                covered: lines.iter().filter(|(_, n)| *n > 0).count() as u64,
                total: lines.len() as u64,
            },
            regions: Ratio {
                covered: regions.values().filter(|v| **v).count() as u64,
                total: regions.len() as u64,
            },
        });
    }

    // Unreached blocks: runs of unreached lines with no reached line between them.
    let mut unreached: Vec<Unreached> = Vec::new();
    let mut prev: Option<(PathBuf, u64)> = None;
    for ((file, line), n) in &all_lines {
        if *n > 0 {
            prev = None;
            continue;
        }
        let extend = prev.as_ref().is_some_and(|(f, _)| f == file);
        if extend {
            if let Some(u) = unreached.last_mut() {
                u.last = *line;
                u.lines += 1;
            }
        } else {
            let krate = crate_of(file).map_or(crates[0], |k| crates[k]);
            let function = spans
                .iter()
                .filter(|(f, a, b, _)| f == file && *a <= *line && *line <= *b)
                .min_by_key(|(_, a, b, _)| b - a)
                .map(|s| s.3.clone())
                .unwrap_or_default();
            unreached.push(Unreached {
                file: display(file, krate, root),
                path: file.display().to_string(),
                first: *line,
                last: *line,
                lines: 1,
                function,
            });
        }
        prev = Some((file.clone(), *line));
    }

    RoutineCoverage {
        routine: target.routine.clone(),
        subject: target.subject.clone(),
        function: target.function.clone(),
        declared: items.iter().map(Declared::to_string).collect(),
        declared_missing: missing,
        crates: routine_crates.iter().map(|&k| crates[k].label()).collect(),
        functions,
        lines: Ratio {
            covered: all_lines.values().filter(|n| **n > 0).count() as u64,
            total: all_lines.len() as u64,
        },
        regions: Ratio {
            covered: all_regions.values().filter(|v| **v).count() as u64,
            total: all_regions.len() as u64,
        },
        unreached,
        ..RoutineCoverage::default()
    }
}

// ---------------------------------------------------------------------------------------------
// The tools and the build

/// Failure of a coverage step, with what to do about it.
pub type Error = String;

/// The toolchain's `llvm-profdata` and `llvm-cov`.
#[derive(Clone, Debug)]
pub struct Tools {
    /// `llvm-profdata`.
    pub profdata: PathBuf,
    /// `llvm-cov`.
    pub cov: PathBuf,
}

fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into())
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

fn output(cmd: &mut Command) -> Result<String, Error> {
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cmd:?} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn tools_dir() -> Result<PathBuf, Error> {
    let sysroot = output(Command::new(rustc()).args(["--print", "sysroot"]))?;
    let vv = output(Command::new(rustc()).arg("-vV"))?;
    let host = vv
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .ok_or("`rustc -vV` names no host")?;
    Ok(Path::new(sysroot.trim())
        .join("lib/rustlib")
        .join(host.trim())
        .join("bin"))
}

/// Finds the toolchain's `llvm-profdata` and `llvm-cov`, installing the `llvm-tools` rustup
/// component when they are missing.
pub fn tools() -> Result<Tools, Error> {
    let dir = tools_dir()?;
    let found = |dir: &Path| {
        let t = Tools {
            profdata: dir.join("llvm-profdata"),
            cov: dir.join("llvm-cov"),
        };
        (t.profdata.is_file() && t.cov.is_file()).then_some(t)
    };
    if let Some(t) = found(&dir) {
        return Ok(t);
    }
    eprintln!(
        "ecdiff coverage: installing the llvm-tools component (rustup component add llvm-tools)"
    );
    for component in ["llvm-tools", "llvm-tools-preview"] {
        let ok = Command::new("rustup")
            .args(["component", "add", component])
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            if let Some(t) = found(&dir) {
                return Ok(t);
            }
        }
    }
    Err(format!(
        "llvm-profdata and llvm-cov are not in {}; install them with `rustup component add \
         llvm-tools`",
        dir.display()
    ))
}

/// Builds the instrumented `ecdiff` into `target_dir` and returns its path. Existing
/// `RUSTFLAGS` are kept, `-C instrument-coverage` is added.
pub fn build(target_dir: &Path) -> Result<PathBuf, Error> {
    let flags = match std::env::var("RUSTFLAGS") {
        Ok(f) if !f.trim().is_empty() => format!("{f} -C instrument-coverage"),
        _ => "-C instrument-coverage".to_string(),
    };
    let status = Command::new(cargo())
        .current_dir(repo_root())
        .args(["build", "--release", "-p", "ecdiff", "--bin", "ecdiff"])
        .arg("--target-dir")
        .arg(target_dir)
        .env("RUSTFLAGS", flags)
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        // Instrumented build scripts and proc macros write profiles when they run: keep them
        // in the build's own folder, not the working directory.
        .env(
            "LLVM_PROFILE_FILE",
            target_dir.join("build-profiles").join("%p-%m.profraw"),
        )
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("the instrumented build failed ({status})"));
    }
    let bin = target_dir.join("release").join("ecdiff");
    if !bin.is_file() {
        return Err(format!("the instrumented build left no {}", bin.display()));
    }
    Ok(bin)
}

/// The packages of the workspace's build, from `cargo metadata`: every package with its
/// directory, and each package's dependencies.
#[derive(Clone, Debug, Default)]
pub struct Packages {
    /// Every package.
    pub crates: Vec<Crate>,
    /// Per package (index into `crates`), its direct dependencies.
    pub deps: Vec<Vec<usize>>,
}

impl Packages {
    /// Reads `cargo metadata` of the workspace.
    pub fn load() -> Result<Self, Error> {
        let text = output(Command::new(cargo()).current_dir(repo_root()).args([
            "metadata",
            "--format-version",
            "1",
        ]))?;
        Self::parse(&text)
    }

    /// Parses `cargo metadata --format-version 1` output.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("cannot read cargo metadata: {e}"))?;
        let mut crates = Vec::new();
        let mut ids = Vec::new();
        for p in v["packages"].as_array().into_iter().flatten() {
            let manifest = PathBuf::from(p["manifest_path"].as_str().unwrap_or_default());
            crates.push(Crate {
                name: p["name"].as_str().unwrap_or_default().into(),
                version: p["version"].as_str().unwrap_or_default().into(),
                dir: manifest.parent().unwrap_or(Path::new("/")).to_path_buf(),
            });
            ids.push(p["id"].as_str().unwrap_or_default().to_string());
        }
        let mut deps = vec![Vec::new(); crates.len()];
        for node in v["resolve"]["nodes"].as_array().into_iter().flatten() {
            let Some(i) = ids.iter().position(|id| node["id"] == **id) else {
                continue;
            };
            for d in node["deps"].as_array().into_iter().flatten() {
                if let Some(j) = ids.iter().position(|id| d["pkg"] == **id) {
                    deps[i].push(j);
                }
            }
        }
        Ok(Packages { crates, deps })
    }

    /// The target of a routine: its subject crate (the first two words of `subject`: name and
    /// version) and that crate's dependencies, transitively.
    pub fn target(&self, routine: &str, subject: &str, function: &str) -> Result<Target, Error> {
        let mut words = subject.split_whitespace();
        let (name, version) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        let primary = self
            .crates
            .iter()
            .position(|c| c.name == name && c.version == version)
            .ok_or_else(|| format!("{routine}: no package {name} {version} in the build"))?;
        let mut seen = BTreeSet::from([primary]);
        let mut todo = vec![primary];
        while let Some(i) = todo.pop() {
            for &j in &self.deps[i] {
                if seen.insert(j) {
                    todo.push(j);
                }
            }
        }
        seen.remove(&primary);
        Ok(Target {
            routine: routine.into(),
            subject: subject.into(),
            function: function.into(),
            primary: self.crates[primary].clone(),
            deps: seen.into_iter().map(|j| self.crates[j].clone()).collect(),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Running, merging, exporting

/// What the instrumented campaign of one routine reported.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct RunSummary {
    /// Cases run.
    pub cases: u64,
    /// New findings.
    pub findings: u64,
    /// Wall seconds of the campaign.
    pub seconds: f64,
}

/// The child side of [`run_routine`]: runs the default campaign (or `cases` cases) of one
/// routine in this process, saving nothing, and writes a [`RunSummary`] to `summary`.
pub fn campaign_child(
    routine: &'static dyn DynRoutine,
    cases: Option<u64>,
    summary: &Path,
) -> Result<RunSummary, Error> {
    let config = Config {
        budget: cases.map_or(Budget::Defaults, Budget::Cases),
        save: None,
        ..Config::default()
    };
    let report = campaign::run(&[routine], &config, &AtomicBool::new(false), &Silent);
    let s = RunSummary {
        cases: report.cases(),
        findings: report.finding_count(),
        seconds: report.wall_seconds,
    };
    let text = serde_json::to_string(&s).map_err(|e| e.to_string())?;
    std::fs::write(summary, text)
        .map_err(|e| format!("cannot write {}: {e}", summary.display()))?;
    Ok(s)
}

/// Runs `routine`'s campaign in a process of the instrumented binary `bin` with its profile
/// written under `dir` (`<routine>-<pid>.profraw`), and merges it into `<dir>/<routine>.profdata`.
pub fn run_routine(
    tools: &Tools,
    bin: &Path,
    routine: &str,
    cases: Option<u64>,
    dir: &Path,
) -> Result<(RunSummary, PathBuf), Error> {
    for e in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let p = e.map_err(|e| e.to_string())?.path();
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with(&format!("{routine}-")) && name.ends_with(".profraw") {
            std::fs::remove_file(&p).map_err(|e| format!("{}: {e}", p.display()))?;
        }
    }
    let summary = dir.join(format!("{routine}.summary.json"));
    let mut cmd = Command::new(bin);
    cmd.args(["coverage", "--campaign", routine, "--summary"])
        .arg(&summary)
        .env(
            "LLVM_PROFILE_FILE",
            dir.join(format!("{routine}-%p.profraw")),
        )
        .stdout(Stdio::null());
    if let Some(n) = cases {
        cmd.args(["--cases", &n.to_string()]);
    }
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let text = std::fs::read_to_string(&summary).map_err(|_| {
        format!("the instrumented campaign of {routine} ended without a summary ({status})")
    })?;
    let s: RunSummary = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let raw: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| e.to_string())?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&format!("{routine}-")) && n.ends_with(".profraw"))
        })
        .collect();
    if raw.is_empty() {
        return Err(format!("the campaign of {routine} wrote no profile"));
    }
    let out = dir.join(format!("{routine}.profdata"));
    merge(tools, &raw, &out)?;
    for p in raw {
        let _ = std::fs::remove_file(p);
    }
    Ok((s, out))
}

/// `llvm-profdata merge -sparse INPUTS -o OUT`.
pub fn merge(tools: &Tools, inputs: &[PathBuf], out: &Path) -> Result<(), Error> {
    output(
        Command::new(&tools.profdata)
            .args(["merge", "-sparse"])
            .args(inputs)
            .arg("-o")
            .arg(out),
    )
    .map(drop)
}

/// `llvm-cov export -format=text -skip-expansions` of `profile` for the binary `bin`,
/// restricted to `sources` (files or folders), read as it streams.
pub fn export(
    tools: &Tools,
    bin: &Path,
    profile: &Path,
    sources: &[PathBuf],
) -> Result<Export, Error> {
    let mut child = Command::new(&tools.cov)
        .args([
            "export",
            "-format=text",
            "-skip-expansions",
            "-instr-profile",
        ])
        .arg(profile)
        .arg(bin)
        .args(sources)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", tools.cov.display()))?;
    let stdout = child.stdout.take().ok_or("llvm-cov export: no stdout")?;
    let parsed: Result<Export, _> =
        serde_json::from_reader(BufReader::with_capacity(1 << 20, stdout));
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "llvm-cov export failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    parsed.map_err(|e| format!("cannot read llvm-cov's export: {e}"))
}

/// The source folders an export for `target` needs: the subject crate and its dependencies.
pub fn sources(target: &Target) -> Vec<PathBuf> {
    std::iter::once(&target.primary)
        .chain(&target.deps)
        .map(|c| c.dir.clone())
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Reports

/// A whole coverage run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    /// `ecdiff <version>`.
    pub tool: String,
    /// The budget each routine ran with.
    pub budget: String,
    /// Seconds spent building the instrumented binary.
    pub build_seconds: f64,
    /// Seconds for the whole run.
    pub wall_seconds: f64,
    /// Per routine, in registry order.
    pub routines: Vec<RoutineCoverage>,
}

fn pct(r: Ratio) -> String {
    format!("{:.1}%", r.percent())
}

impl Report {
    /// The Markdown table (the README's): routine | subject | functions | lines | regions |
    /// unreached.
    pub fn table(&self) -> String {
        let mut s = String::from(
            "| routine | subject | functions (declared) | lines covered/total | lines % | regions % | unreached |\n\
             |---|---|---:|---:|---:|---:|---|\n",
        );
        for r in &self.routines {
            if let Some(e) = &r.error {
                let _ = writeln!(
                    s,
                    "| `{}` | {} | – | – | – | – | not measured: {e} |",
                    r.routine, r.subject
                );
                continue;
            }
            let unreached = if r.unreached.is_empty() {
                "–".to_string()
            } else {
                format!(
                    "{} lines in {} blocks",
                    r.unreached_lines(),
                    r.unreached.len()
                )
            };
            let missing = if r.declared_missing.is_empty() {
                String::new()
            } else {
                format!("; not found: {}", r.declared_missing.join(", "))
            };
            let _ = writeln!(
                s,
                "| `{}` | {} | {} ({}) | {}/{} | {} | {} | {unreached}{missing} |",
                r.routine,
                r.crates.join(", "),
                r.functions.len(),
                r.declared_functions(),
                r.lines.covered,
                r.lines.total,
                pct(r.lines),
                pct(r.regions),
            );
        }
        s
    }

    /// The unreached blocks of every routine, at most `cap` per routine (0: all).
    pub fn unreached_listing(&self, cap: usize) -> String {
        let mut s = String::new();
        for r in self.routines.iter().filter(|r| !r.unreached.is_empty()) {
            let _ = writeln!(
                s,
                "{} ({} of lines, {} unreached):",
                r.routine,
                pct(r.lines),
                r.unreached_lines()
            );
            let shown = if cap == 0 {
                r.unreached.len()
            } else {
                cap.min(r.unreached.len())
            };
            for u in &r.unreached[..shown] {
                let _ = writeln!(s, "  {}  {}", u.location(), u.function);
            }
            if shown < r.unreached.len() {
                let _ = writeln!(
                    s,
                    "  … {} more blocks (see --json or --html)",
                    r.unreached.len() - shown
                );
            }
        }
        s
    }
}

/// `llvm-cov show -format=html` over `profile` for the files that hold the functions under
/// test of every routine of `report`, into `dir/llvm-cov/`, and an index `dir/index.html` with
/// one section per routine linking its unreached blocks.
pub fn html(
    tools: &Tools,
    bin: &Path,
    profile: &Path,
    report: &Report,
    dir: &Path,
) -> Result<(), Error> {
    let mut files: BTreeSet<String> = BTreeSet::new();
    for r in &report.routines {
        files.extend(r.unreached.iter().map(|u| u.path.clone()));
    }
    let raw = dir.join("llvm-cov");
    std::fs::create_dir_all(&raw).map_err(|e| format!("{}: {e}", raw.display()))?;
    if !files.is_empty() {
        output(
            Command::new(&tools.cov)
                .args([
                    "show",
                    "-format=html",
                    "-show-line-counts-or-regions",
                    "-show-instantiations=false",
                ])
                .arg(format!("-output-dir={}", raw.display()))
                .arg(format!("-instr-profile={}", profile.display()))
                .arg(bin)
                .args(&files),
        )?;
    }
    std::fs::write(dir.join("index.html"), index_html(report))
        .map_err(|e| format!("cannot write {}: {e}", dir.join("index.html").display()))
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The HTML index: the table, then per routine its functions under test and unreached blocks,
/// linked to llvm-cov's annotated sources (`llvm-cov/coverage/<path>.html#L<line>`).
pub fn index_html(report: &Report) -> String {
    let mut s = String::from(
        "<!doctype html><meta charset=utf-8><title>ecdiff coverage</title>\n<style>body{font-family:sans-serif}\
         td,th{padding:2px 8px;text-align:left}code{font-size:90%}</style>\n<h1>Coverage of the code under test</h1>\n",
    );
    let _ = writeln!(
        s,
        "<p>{} · {} · <a href=\"llvm-cov/index.html\">llvm-cov's report</a></p>\n<table><tr><th>routine<th>crates<th>functions<th>lines<th>regions<th>unreached lines</tr>",
        esc(&report.tool),
        esc(&report.budget)
    );
    for r in &report.routines {
        let _ =
            writeln!(
            s,
            "<tr><td><a href=\"#{0}\">{0}</a><td>{1}<td>{2}<td>{3}/{4} ({5})<td>{6}<td>{7}</tr>",
            esc(&r.routine),
            esc(&r.crates.join(", ")),
            r.functions.len(),
            r.lines.covered,
            r.lines.total,
            pct(r.lines),
            pct(r.regions),
            r.error.as_deref().map_or(r.unreached_lines().to_string(), esc)
        );
    }
    s.push_str("</table>\n");
    for r in &report.routines {
        let _ = writeln!(
            s,
            "<h2 id=\"{0}\">{0}</h2>\n<p>{1} · <code>{2}</code> · {3} cases, {4} findings</p>",
            esc(&r.routine),
            esc(&r.subject),
            esc(&r.function),
            r.cases,
            r.findings
        );
        s.push_str(
            "<table><tr><th>function<th>file<th>declared<th>entries<th>lines<th>regions</tr>\n",
        );
        for f in &r.functions {
            let _ = writeln!(
                s,
                "<tr><td><code>{}</code><td>{}:{}-{}<td>{}<td>{}<td>{}/{}<td>{}</tr>",
                esc(&f.name),
                esc(&f.file),
                f.lines_span.0,
                f.lines_span.1,
                if f.declared { "yes" } else { "" },
                f.executions,
                f.lines.covered,
                f.lines.total,
                pct(f.regions)
            );
        }
        s.push_str("</table>\n<ul>\n");
        for u in &r.unreached {
            let _ = writeln!(
                s,
                "<li><a href=\"llvm-cov/coverage{}.html#L{}\">{}</a> <code>{}</code></li>",
                esc(&u.path),
                u.first,
                esc(&u.location()),
                esc(&u.function)
            );
        }
        s.push_str("</ul>\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_strings() {
        let d = |q: Option<&str>, n: Option<&str>| Declared {
            qualifier: q.map(Into::into),
            name: n.map(Into::into),
        };
        assert_eq!(
            declared("G1Routines::msm"),
            vec![d(Some("G1Routines"), Some("msm"))]
        );
        assert_eq!(
            declared("BatchNormalize::batch_normalize{,_vartime}, CurveGroup::batch_normalize"),
            vec![
                d(Some("BatchNormalize"), Some("batch_normalize")),
                d(Some("BatchNormalize"), Some("batch_normalize_vartime")),
                d(Some("CurveGroup"), Some("batch_normalize")),
            ]
        );
        assert_eq!(
            declared("compute_witness{,_serial,_x} over FieldElement and ShadowFe"),
            vec![
                d(None, Some("compute_witness")),
                d(None, Some("compute_witness_serial")),
                d(None, Some("compute_witness_x")),
            ]
        );
        assert_eq!(
            declared("ProjectivePoint * Scalar, mul_vartime"),
            vec![
                d(Some("ProjectivePoint"), Some("mul")),
                d(Some("ProjectivePoint"), Some("mul_assign")),
                d(Some("ProjectivePoint"), Some("mul_vartime")),
            ]
        );
        assert_eq!(
            declared("BatchNormalize<[ProjectivePoint; N]>::batch_normalize"),
            vec![d(Some("BatchNormalize"), Some("batch_normalize"))]
        );
        assert_eq!(
            declared("RangeProof::from_bytes / to_bytes"),
            vec![
                d(Some("RangeProof"), Some("from_bytes")),
                d(Some("RangeProof"), Some("to_bytes"))
            ]
        );
        assert_eq!(
            declared("BN254::gt_msm (PairingCurve)"),
            vec![d(Some("BN254"), Some("gt_msm"))]
        );
        assert_eq!(
            declared("FieldElement lazy arithmetic (expose-field)"),
            vec![d(Some("FieldElement"), None)]
        );
        assert_eq!(
            declared("group::Curve::batch_normalize (G2)"),
            vec![d(Some("Curve"), Some("batch_normalize"))]
        );
    }

    #[test]
    fn demangled_names() {
        let n = FnName::new(
            "<ark_ec::models::short_weierstrass::group::Projective<ark_bn254::curves::g1::Config> \
             as ark_ec::CurveGroup>::normalize_batch",
        );
        assert_eq!(n.last, "normalize_batch");
        assert_eq!(n.short, "<Projective as CurveGroup>::normalize_batch");
        assert!(n.mentions("CurveGroup") && n.mentions("Config") && !n.mentions("Curve"));
        let n = FnName::new(
            "ark_ec::scalar_mul::variable_base::msm_bigint_wnaf::<ark_bn254::G1, fn() -> u8>",
        );
        assert_eq!(n.last, "msm_bigint_wnaf");
        assert_eq!(n.short, "variable_base::msm_bigint_wnaf");
        let n = FnName::new("dory_pcs::backends::msm::{closure#0}");
        assert_eq!(n.last, "{closure#0}");
        // A real mangled (legacy) symbol is demangled, its hash dropped.
        let n = FnName::new("_ZN4core3fmt5write17h0123456789abcdefE");
        assert_eq!(n.full, "core::fmt::write");
        assert_eq!(n.last, "write");
    }

    fn seg(line: u64, col: u64, count: u64, has: bool, entry: bool, gap: bool) -> Segment {
        Segment(line, col, count, has, entry, gap)
    }

    #[test]
    fn line_counts_follow_llvm() {
        // 1 fn f(x: bool) {    region entry, count 5
        // 2     if x {         the block's region starts at column 10, count 0
        // 3         y();       wrapped by the block: 0
        // 4     }              back to the outer region, no region entry: still 0 for llvm
        // 5     z();           wrapped by the outer region: 5
        // 6 }                  region entry, count 5; then nothing
        let segs = [
            seg(1, 1, 5, true, true, false),
            seg(2, 10, 0, true, true, false),
            seg(4, 6, 5, true, false, false),
            seg(6, 1, 5, true, true, false),
            seg(6, 2, 0, false, false, false),
        ];
        let c = line_counts(&segs);
        let got: Vec<(u64, u64)> = c.into_iter().collect();
        assert_eq!(got, vec![(1, 5), (2, 5), (3, 0), (4, 0), (5, 5), (6, 5)]);
        // A line wrapped by a segment without a count is not instrumented.
        let c = line_counts(&[
            seg(1, 1, 3, true, true, false),
            seg(1, 9, 0, false, false, false),
            seg(3, 1, 3, true, true, false),
        ]);
        assert_eq!(c.keys().copied().collect::<Vec<_>>(), vec![1, 3]);
        // A line that starts a skipped region (no count) is not instrumented either.
        let c = line_counts(&[
            seg(1, 1, 3, true, true, false),
            seg(2, 1, 0, false, true, false),
            seg(3, 1, 3, true, true, false),
        ]);
        assert_eq!(c.keys().copied().collect::<Vec<_>>(), vec![1, 3]);
    }

    fn func(name: &str, file: &str, count: u64, regions: Vec<[u64; 8]>) -> ExportFunction {
        ExportFunction {
            name: name.into(),
            count,
            regions: regions.into_iter().map(|r| r.to_vec()).collect(),
            filenames: vec![file.into()],
        }
    }

    /// A synthetic export: a subject crate `subj 1.0.0` with a declared `Thing::run` (two
    /// instantiations), a callee `helper` it executed, a never-executed `unused`, a `run` of
    /// another type, and a `run` in a crate outside the target.
    fn synthetic() -> (Export, Target) {
        let subj = "/reg/subj-1.0.0/src/lib.rs";
        let other = "/reg/other-2.0.0/src/lib.rs";
        let files = vec![
            ExportFile {
                filename: subj.into(),
                segments: vec![
                    // run: lines 1-6; lines 3-4 taken by one instantiation only; 5 never.
                    seg(1, 1, 4, true, true, false),
                    seg(3, 5, 1, true, true, false),
                    seg(4, 9, 4, true, false, false),
                    seg(4, 20, 0, true, true, false),
                    seg(5, 20, 4, true, false, false),
                    seg(6, 2, 0, false, false, false),
                    // helper: lines 10-12, all run.
                    seg(10, 1, 9, true, true, false),
                    seg(12, 2, 0, false, false, false),
                    // unused: lines 20-22, never run.
                    seg(20, 1, 0, true, true, false),
                    seg(22, 2, 0, false, false, false),
                    // Other::run: lines 30-31, run (a callee by the approximation).
                    seg(30, 1, 2, true, true, false),
                    seg(31, 2, 0, false, false, false),
                    // Never-run Other::stop: lines 40-41.
                    seg(40, 1, 0, true, true, false),
                    seg(41, 2, 0, false, false, false),
                ],
            },
            ExportFile {
                filename: other.into(),
                segments: vec![
                    seg(1, 1, 7, true, true, false),
                    seg(9, 2, 0, false, false, false),
                ],
            },
        ];
        let functions = vec![
            // Two instantiations of <Thing<A> as Runner>::run.
            func(
                "<subj::Thing<u8> as subj::Runner>::run",
                subj,
                3,
                vec![
                    [1, 1, 6, 2, 3, 0, 0, 0],
                    [3, 5, 4, 20, 0, 0, 0, 0],
                    [4, 20, 5, 20, 0, 0, 0, 0],
                ],
            ),
            func(
                "<subj::Thing<u16> as subj::Runner>::run",
                subj,
                1,
                vec![
                    [1, 1, 6, 2, 1, 0, 0, 0],
                    [3, 5, 4, 20, 1, 0, 0, 0],
                    [4, 20, 5, 20, 0, 0, 0, 0],
                ],
            ),
            func("subj::helper", subj, 9, vec![[10, 1, 12, 2, 9, 0, 0, 0]]),
            func("subj::unused", subj, 0, vec![[20, 1, 22, 2, 0, 0, 0, 0]]),
            func(
                "<subj::Other as subj::Runner>::run",
                subj,
                2,
                vec![[30, 1, 31, 2, 2, 0, 0, 0]],
            ),
            func(
                "subj::Other::stop",
                subj,
                0,
                vec![[40, 1, 41, 2, 0, 0, 0, 0]],
            ),
            // Outside the target's crates: never counted, even though it is `run`.
            func(
                "<other::Thing as other::Runner>::run",
                other,
                7,
                vec![[1, 1, 9, 2, 7, 0, 0, 0]],
            ),
        ];
        let export = Export {
            data: vec![ExportData { files, functions }],
        };
        let target = Target {
            routine: "r".into(),
            subject: "subj 1.0.0".into(),
            function: "Thing::run, missing_fn".into(),
            primary: Crate {
                name: "subj".into(),
                version: "1.0.0".into(),
                dir: "/reg/subj-1.0.0".into(),
            },
            deps: vec![],
        };
        (export, target)
    }

    #[test]
    fn attribution_of_a_synthetic_export() {
        let (export, target) = synthetic();
        let c = attribute(&export, &target, Path::new("/ws"));
        // Functions: run (declared, 2 instantiations united), helper and Other::run (executed);
        // not `unused` or `Other::stop` (never run, not declared) nor the other crate's run.
        let names: Vec<(&str, bool)> = c
            .functions
            .iter()
            .map(|f| (f.name.as_str(), f.declared))
            .collect();
        assert_eq!(
            names,
            vec![
                ("<Thing as Runner>::run", true),
                ("subj::helper", false),
                ("<Other as Runner>::run", false)
            ]
        );
        assert_eq!(c.functions[0].executions, 4);
        assert_eq!(c.crates, vec!["subj 1.0.0"]);
        assert_eq!(c.declared_missing, vec!["Thing::missing_fn"]);
        // Lines (from the file's segments): run 1..=6 → 4, 4, 4, 1, 0, 4 (line 5 lies in a
        // region no instantiation entered); helper 10..=12 → 3 lines; Other::run 30, 31 → 2.
        let run = &c.functions[0];
        assert_eq!(
            run.lines,
            Ratio {
                covered: 5,
                total: 6
            }
        );
        assert_eq!(
            c.lines,
            Ratio {
                covered: 10,
                total: 11
            }
        );
        assert!((c.lines.percent() - 100.0 * 10.0 / 11.0).abs() < 1e-9);
        // Regions of run: united over instantiations: 2 of 3 reached; plus helper 1/1 and
        // Other::run 1/1.
        assert_eq!(
            run.regions,
            Ratio {
                covered: 2,
                total: 3
            }
        );
        assert_eq!(
            c.regions,
            Ratio {
                covered: 4,
                total: 5
            }
        );
        assert_eq!(
            c.unreached,
            vec![Unreached {
                file: "subj-1.0.0/src/lib.rs".into(),
                path: "/reg/subj-1.0.0/src/lib.rs".into(),
                first: 5,
                last: 5,
                lines: 1,
                function: "<Thing as Runner>::run".into(),
            }]
        );
        assert_eq!(c.unreached[0].location(), "subj-1.0.0/src/lib.rs:5");
    }

    #[test]
    fn declared_but_never_run_functions_count_and_fall_back_to_dependencies() {
        let (export, mut target) = synthetic();
        // Declaring `unused` adds its 3 unreached lines as one block; a declared function
        // found only in a dependency brings that crate in.
        target.function = "unused, Runner::run".into();
        target.primary.dir = "/reg/other-2.0.0".into();
        target.primary.name = "other".into();
        target.primary.version = "2.0.0".into();
        target.deps = vec![Crate {
            name: "subj".into(),
            version: "1.0.0".into(),
            dir: "/reg/subj-1.0.0".into(),
        }];
        let c = attribute(&export, &target, Path::new("/ws"));
        // `Runner::run` is found qualified in the primary crate (other's run); `unused` only
        // in the dependency, which then counts with its executed functions.
        assert_eq!(c.crates, vec!["other 2.0.0", "subj 1.0.0"]);
        let unused = c
            .functions
            .iter()
            .find(|f| f.name == "subj::unused")
            .expect("declared");
        assert!(unused.declared);
        assert_eq!(
            unused.lines,
            Ratio {
                covered: 0,
                total: 3
            }
        );
        assert!(c.unreached.iter().any(|u| u.first == 20
            && u.last == 22
            && u.lines == 3
            && u.function == "subj::unused"));
        // Other::stop is neither declared nor run.
        assert!(c.functions.iter().all(|f| f.name != "Other::stop"));
    }

    #[test]
    fn qualified_matches_in_dependencies_come_before_names_alone() {
        // p256's points are primeorder's: `ProjectivePoint * Scalar` is primeorder's
        // `<ProjectivePoint as Mul>::mul`, not p256's `<Scalar as Mul>::mul`.
        let scalar = "/reg/p256-0.14.0/src/scalar.rs";
        let point = "/reg/primeorder-0.14.0/src/projective.rs";
        let export = Export {
            data: vec![ExportData {
                files: vec![
                    ExportFile {
                        filename: scalar.into(),
                        segments: vec![seg(1, 1, 0, true, true, false), seg(3, 2, 0, false, false, false)],
                    },
                    ExportFile {
                        filename: point.into(),
                        segments: vec![seg(1, 1, 2, true, true, false), seg(3, 2, 0, false, false, false)],
                    },
                ],
                functions: vec![
                    func("<p256::Scalar as core::ops::Mul>::mul", scalar, 0, vec![[1, 1, 3, 2, 0, 0, 0, 0]]),
                    func(
                        "<primeorder::ProjectivePoint<p256::NistP256> as core::ops::Mul<&p256::Scalar>>::mul",
                        point,
                        2,
                        vec![[1, 1, 3, 2, 2, 0, 0, 0]],
                    ),
                ],
            }],
        };
        let krate = |name: &str, dir: &str| Crate {
            name: name.into(),
            version: "0.14.0".into(),
            dir: dir.into(),
        };
        let target = Target {
            routine: "p256_mul".into(),
            subject: "p256 0.14.0".into(),
            function: "ProjectivePoint * Scalar".into(),
            primary: krate("p256", "/reg/p256-0.14.0"),
            deps: vec![krate("primeorder", "/reg/primeorder-0.14.0")],
        };
        let c = attribute(&export, &target, Path::new("/ws"));
        assert_eq!(c.crates, vec!["p256 0.14.0", "primeorder 0.14.0"]);
        let declared: Vec<&str> = c
            .functions
            .iter()
            .filter(|f| f.declared)
            .map(|f| f.file.as_str())
            .collect();
        assert_eq!(declared, vec!["primeorder-0.14.0/src/projective.rs"]);
        assert_eq!(c.declared_missing, vec!["ProjectivePoint::mul_assign"]);
        assert_eq!(
            c.lines,
            Ratio {
                covered: 3,
                total: 3
            }
        );
    }

    #[test]
    fn cargo_metadata_targets() {
        let meta = r#"{"packages":[
            {"id":"a 1","name":"a","version":"1.0.0","manifest_path":"/r/a-1.0.0/Cargo.toml"},
            {"id":"b 1","name":"b","version":"2.0.0","manifest_path":"/r/b-2.0.0/Cargo.toml"},
            {"id":"c 1","name":"c","version":"3.0.0","manifest_path":"/r/c-3.0.0/Cargo.toml"}],
            "resolve":{"nodes":[{"id":"a 1","deps":[{"pkg":"b 1"}]},{"id":"b 1","deps":[{"pkg":"c 1"}]},{"id":"c 1","deps":[]}]}}"#;
        let p = Packages::parse(meta).expect("parses");
        let t = p.target("r", "a 1.0.0 (over x)", "f").expect("found");
        assert_eq!(t.primary.dir, PathBuf::from("/r/a-1.0.0"));
        assert_eq!(
            t.deps.iter().map(Crate::label).collect::<Vec<_>>(),
            vec!["b 2.0.0", "c 3.0.0"]
        );
        assert!(p.target("r", "a 9.9.9", "f").is_err());
    }
}
