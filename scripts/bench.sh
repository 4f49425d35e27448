#!/usr/bin/env bash
# BENCHMARKS.md's measurements in one command, from one run on one machine:
#
#   scripts/bench.sh [FUZZ_SECONDS] [ROUTINE|PREFIX ...]     (default FUZZ_SECONDS: 0)
#
# 1. With FUZZ_SECONDS > 0: `scripts/fuzz-bench.sh FUZZ_SECONDS` over the fuzz targets of the
#    selected routines (each in the nightly job's build, scripts/fuzz-build-flags.sh; every
#    target when none is named), its table saved to target/bench/fuzz.txt; with
#    FUZZ_BENCH_RUNS=N in the environment, each target's row is the median of N runs
#    (BENCHMARKS.md's table: `FUZZ_BENCH_RUNS=3 scripts/bench.sh 10`, about an hour).
# 2. `ecdiff bench` (release, one case thread) over the same routines, with those fuzz speeds
#    beside the CLI's, written into the generated section of BENCHMARKS.md.
# Run it on an idle machine: the numbers are wall times.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-0}
shift || true
mkdir -p target/bench
args=()
if [ "$secs" != 0 ]; then
    scripts/fuzz-bench.sh "$secs" "$@" | tee target/bench/fuzz.txt
    args=(--fuzz target/bench/fuzz.txt)
fi
cargo run --release -q -p ecdiff -- bench "${args[@]}" --json target/bench/bench.json \
    --write BENCHMARKS.md "$@"
