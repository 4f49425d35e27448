#!/usr/bin/env bash
# Measures fuzz executions per second per target, as recorded in BENCHMARKS.md:
#
#   scripts/fuzz-bench.sh [SECONDS_PER_TARGET] [ROUTINE ...]     (default: 30 s, every target)
#
# Builds each target as the nightly job does (`cargo +nightly fuzz build` with $FUZZ_FLAGS, e.g.
# `-O`, and scripts/fuzz-build-flags.sh's flags for the routine), then runs it with the
# nightly job's libFuzzer options (scripts/fuzz-run-options.sh, plus $FUZZ_RUN_OPTIONS)
# from a copy of corpus/<routine> for SECONDS and prints
# `routine  exec/s after the seed corpus is loaded  exec/s overall  runs  init seconds`.
# "After init" excludes the one-time start-up (the registry, oracle tables, the first case's
# lazily built constants), which libFuzzer's own average includes.
# FUZZ_BENCH_KEEP=DIR keeps the corpus each run grew, in DIR/<routine>/ (scripts/fuzz-gap.sh).
set -euo pipefail
secs=${1:-30}
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
read -r -a flags <<< "${FUZZ_FLAGS:-}"
if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(cargo +nightly fuzz list --fuzz-dir fuzz); fi
# Targets that share a build are measured together, so that each build is made once.
mapfile -t targets < <(scripts/fuzz-build-flags.sh --order default "${targets[@]}")
host=$(rustc -vV | sed -n 's/^host: //p')
profile=release
for f in "${flags[@]}"; do if [ "$f" = "--dev" ]; then profile=debug; fi; done
printf '%-42s %12s %12s %8s %8s\n' routine "exec/s(run)" "exec/s(all)" runs "init s"
for t in "${targets[@]}"; do
    read -r -a tflags <<< "$(scripts/fuzz-build-flags.sh "$t" default "${flags[@]}")"
    cargo +nightly fuzz build --fuzz-dir fuzz "${tflags[@]}" "$t" > /dev/null 2>&1 ||
        cargo +nightly fuzz build --fuzz-dir fuzz "${tflags[@]}" "$t"
    read -r -a options <<< "$(scripts/fuzz-run-options.sh "$t")"
    work=$(mktemp -d)
    mkdir -p "$work/corpus" "$work/artifacts"
    cp "corpus/$t"/* "$work/corpus/" 2> /dev/null || true
    start=$(date +%s.%N)
    inited=""
    last=""
    while IFS= read -r line; do
        now=$(date +%s.%N)
        case "$line" in
            *INITED*) inited="$now ${line%%[[:space:]]*}" ;;
            stat::number_of_executed_units:*) last="$now ${line##*[[:space:]]}" ;;
        esac
    done < <("fuzz/target/$host/$profile/$t" -max_total_time="$secs" -print_final_stats=1 \
        -artifact_prefix="$work/artifacts/" "${options[@]}" "$work/corpus" 2>&1 || true)
    read -r t_init n_init <<< "${inited:-$start #0}"
    read -r t_end n_end <<< "${last:-$start 0}"
    n_init=${n_init#\#}
    awk -v t="$t" -v s="$start" -v ti="$t_init" -v ni="$n_init" -v te="$t_end" -v ne="$n_end" 'BEGIN {
        run = (te > ti) ? (ne - ni) / (te - ti) : 0
        all = (te > s) ? ne / (te - s) : 0
        printf "%-42s %12.1f %12.1f %8d %8.1f\n", t, run, all, ne, ti - s }'
    if ls "$work/artifacts"/crash-* > /dev/null 2>&1; then
        echo "  $t: CRASH, see $(ls "$work/artifacts"/crash-* | head -n 1)"
        mkdir -p "fuzz/artifacts/$t" && cp "$work/artifacts"/crash-* "fuzz/artifacts/$t/"
    fi
    if [ -n "${FUZZ_BENCH_KEEP:-}" ]; then
        mkdir -p "$FUZZ_BENCH_KEEP/$t" && cp "$work/corpus"/* "$FUZZ_BENCH_KEEP/$t/"
    fi
    rm -rf "$work"
done
