#!/usr/bin/env bash
# Splits the gap between a fuzz target's exec/s and the CLI's cases/s into its two parts, as
# recorded in BENCHMARKS.md ("Where a fuzz target's time goes"):
#
#   scripts/fuzz-gap.sh [SECONDS] ROUTINE...          (default: 15 s live run per target)
#
# For each routine, with the target built as the nightly job builds it
# (scripts/fuzz-build-flags.sh) and the release CLI (`cargo build --release` first):
#
# - live:   libFuzzer's exec/s after start-up, fuzzing SECONDS from a copy of corpus/<routine>
#           (scripts/fuzz-bench.sh, which also builds the target);
# - same cases: the CLI's first CASES seeded cases (`ecdiff case --save`, seed 0, edge bias)
#           as files, executed once each by the fuzz binary (`-runs=0`) and replayed by the CLI
#           (`ecdiff replay`), best of three, start-up subtracted: the fuzz build's own cost
#           per case (instrumentation, debug assertions), on equal inputs and equal file I/O;
# - mean n: the mean drawn length of those CLI cases, and of the corpus the live run grew
#           ("-" for routines without a length).
#
# A live/same-cases gap with a longer grown corpus is libFuzzer's choice of inputs (its
# hit-count features reward longer loops), not the build. The same-cases columns include each
# file's read (and the CLI's verdict line), so for the fastest routines they are a floor. About
# three minutes a routine, mostly writing the CLI's cases one `ecdiff case` process each.
set -euo pipefail
secs=${1:-15}
shift || true
[ $# -gt 0 ] || { echo "usage: scripts/fuzz-gap.sh [SECONDS] ROUTINE..." >&2; exit 2; }
cases=${CASES:-300}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
host=$(rustc -vV | sed -n 's/^host: //p')
cli=target/release/ecdiff
[ -x "$cli" ] || { echo "build the CLI first: cargo build --release" >&2; exit 2; }

# Seconds of the fastest of three runs of a command.
best_of_3() {
    local best=""
    for _ in 1 2 3; do
        local start end
        start=$(date +%s.%N)
        "$@" > /dev/null 2>&1 || true
        end=$(date +%s.%N)
        best=$(awk -v b="$best" -v s="$start" -v e="$end" 'BEGIN { d = e - s; print (b == "" || d < b) ? d : b }')
    done
    echo "$best"
}

# The mean of the lengths (`n = N`, at the start of a case's line or after a comma, as the
# routines render them) that `ecdiff replay -v` prints for a folder, or "-".
mean_n() {
    "$cli" replay -v --routine "$1" "$2" 2> /dev/null | grep -oE '(^ +|, )n = [0-9]+' |
        awk '{ s += $NF; c++ } END { if (c) printf "%.1f", s / c; else print "-" }'
}

printf '%-42s %10s %12s %12s %7s %8s %8s\n' routine "live/s" "same: fuzz/s" "same: cli/s" ratio "n (cli)" "n (live)"
for t in "$@"; do
    work=$(mktemp -d)
    mkdir -p "$work/empty" "$work/cli"
    live=$(FUZZ_BENCH_KEEP="$work/live" scripts/fuzz-bench.sh "$secs" "$t" |
        awk -v t="$t" '$1 == t { print $2 }')
    bin="fuzz/target/$host/release/$t"
    for ((i = 0; i < cases; i++)); do "$cli" case --save --corpus "$work/cli" "$t" "$i" > /dev/null; done
    one=$(find "$work/cli/$t" -type f -print -quit)

    fuzz_all=$(best_of_3 "$bin" -runs=0 "$work/cli/$t")
    fuzz_none=$(best_of_3 "$bin" -runs=0 "$work/empty")
    cli_all=$(best_of_3 "$cli" replay --routine "$t" "$work/cli/$t")
    cli_one=$(best_of_3 "$cli" replay --routine "$t" "$one")
    awk -v t="$t" -v live="$live" -v c="$cases" \
        -v fa="$fuzz_all" -v fn="$fuzz_none" -v ca="$cli_all" -v co="$cli_one" \
        -v nc="$(mean_n "$t" "$work/cli/$t")" -v nl="$(mean_n "$t" "$work/live/$t")" 'BEGIN {
        f = (fa > fn) ? c / (fa - fn) : 0
        k = (ca > co) ? (c - 1) / (ca - co) : 0
        printf "%-42s %10.1f %12.0f %12.0f %7.2f %8s %8s\n", t, live, f, k, (k > 0) ? f / k : 0, nc, nl }'
    rm -rf "$work"
done
