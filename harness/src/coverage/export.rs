//! The parts of `llvm-cov export -format=text` that ecdiff reads, and the per-line execution
//! counts of a file from its segments.

use serde::Deserialize;
use std::collections::BTreeMap;

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
pub(super) const CODE_REGION: u64 = 0;

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

#[cfg(test)]
pub(super) fn seg(line: u64, col: u64, count: u64, has: bool, entry: bool, gap: bool) -> Segment {
    Segment(line, col, count, has, entry, gap)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
