//! Attribution: which compiled functions are a routine's functions under test, and their line
//! and region coverage, computed from an export of the routine's own run.

use super::declared::{declared, Declared, FnName};
use super::export::{line_counts, Export, ExportFunction, Segment, CODE_REGION};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

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

#[cfg(test)]
mod tests {
    use super::super::export::{seg, ExportData, ExportFile};
    use super::*;

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
}
