#!/usr/bin/env bash
# Measures fuzz executions per second per target, as recorded in BENCHMARKS.md:
#
#   scripts/fuzz-bench.sh [SECONDS_PER_RUN] [ROUTINE ...]     (default: 30 s, every target)
#
# Builds each target as the nightly job does (`cargo +nightly fuzz build` with $FUZZ_FLAGS, e.g.
# `-O`, and scripts/fuzz-build-flags.sh's flags for the routine), then runs it with the
# nightly job's libFuzzer options (scripts/fuzz-run-options.sh, plus $FUZZ_RUN_OPTIONS)
# from a copy of corpus/<routine> for SECONDS_PER_RUN and prints
# `routine  exec/s after the seed corpus is loaded  exec/s overall  runs  init seconds
#  CLI cases/s`.
# "After init" excludes the one-time start-up (the registry, oracle tables, the first case's
# lazily built constants), which libFuzzer's own average includes.
# libFuzzer's seed is fixed (-seed=1, or 1 to N below, unless $FUZZ_RUN_OPTIONS names
# another): with a random seed, two runs of one target in the same minute differed by up to
# 38 % in exec/s (which inputs it happened to grow), with a fixed one by 3-4 %. Since every
# target fuzzes with -entropic_scale_per_exec_time=1 (scripts/fuzz-run-options.sh), which
# weighs inputs by their measured time, the seed no longer repeats a run exactly.
# The last column is the release CLI on the same routine, right after its fuzz run
# (`ecdiff bench --warm-up ROUTINE`, one case thread, start-up left out as it is from exec/s;
# the median of 3; `-` if the CLI failed): the machine's speed drifts over the hour a whole
# run takes, so the fraction of the CLI's speed a target reaches is measured in one minute.
# FUZZ_BENCH_RUNS=N fuzzes each target N times (SECONDS_PER_RUN each, seeds 1 to N, each from
# a fresh copy of its corpus) and prints the run with the median exec/s after init: a run's
# path through its inputs decides how long they are, so single runs of a target vary (by up
# to 12 times for halo2_secp256k1_msm_serial_large); the N exec/s go to stderr, with any
# CRASH line (stdout holds the table only).
# FUZZ_BENCH_KEEP=DIR keeps the corpus each run grew, in DIR/<routine>/ (scripts/fuzz-gap.sh).
set -euo pipefail
secs=${1:-30}
shift || true
repeats=${FUZZ_BENCH_RUNS:-1}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
read -r -a flags <<< "${FUZZ_FLAGS:-}"
if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(cargo +nightly fuzz list --fuzz-dir fuzz); fi
# Targets that share a build are measured together, so that each build is made once.
mapfile -t targets < <(scripts/fuzz-build-flags.sh --order default "${targets[@]}")
host=$(rustc -vV | sed -n 's/^host: //p')
cargo build -q --release -p ecdiff
ecdiff=$(cargo metadata --format-version 1 --no-deps |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')/release/ecdiff
# The CLI's cases/s on routine $1 (the median of 3 warm runs of its default campaign).
cli_speed() {
    for _ in 1 2 3; do
        "$ecdiff" bench --warm-up --json "$scratch/cli.json" "$1" > /dev/null 2>&1 || true
        awk -v r="$1" '
            /"routine":/ { mine = ($0 ~ "\"" r "\"") }
            mine && /"cases_per_second":/ { gsub(/[^0-9.e+-]/, "", $2); print $2 }' \
            "$scratch/cli.json" 2> /dev/null
    done | sort -g | sed -n 2p
}
# Fuzzes target $1 once for $secs from a fresh copy of its corpus with libFuzzer seed $2 and
# prints `exec/s after init, exec/s overall, runs, init seconds`.
fuzz_once() {
    local t=$1 seed=$2 work start inited last now line t_init n_init t_end n_end
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
        -artifact_prefix="$work/artifacts/" -seed="$seed" "${options[@]}" "$work/corpus" 2>&1 ||
        true)
    read -r t_init n_init <<< "${inited:-$start #0}"
    read -r t_end n_end <<< "${last:-$start 0}"
    n_init=${n_init#\#}
    awk -v s="$start" -v ti="$t_init" -v ni="$n_init" -v te="$t_end" -v ne="$n_end" 'BEGIN {
        run = (te > ti) ? (ne - ni) / (te - ti) : 0
        all = (te > s) ? ne / (te - s) : 0
        printf "%.1f %.1f %d %.1f\n", run, all, ne, ti - s }'
    if ls "$work/artifacts"/crash-* > /dev/null 2>&1; then
        echo "  $t: CRASH, see $(ls "$work/artifacts"/crash-* | head -n 1)" >&2
        mkdir -p "fuzz/artifacts/$t" && cp "$work/artifacts"/crash-* "fuzz/artifacts/$t/"
    fi
    if [ -n "${FUZZ_BENCH_KEEP:-}" ]; then
        mkdir -p "$FUZZ_BENCH_KEEP/$t" && cp "$work/corpus"/* "$FUZZ_BENCH_KEEP/$t/"
    fi
    rm -rf "$work"
}
profile=release
for f in "${flags[@]}"; do if [ "$f" = "--dev" ]; then profile=debug; fi; done
printf '%-42s %12s %12s %8s %8s %12s\n' routine "exec/s(run)" "exec/s(all)" runs "init s" "CLI cases/s"
for t in "${targets[@]}"; do
    read -r -a tflags <<< "$(scripts/fuzz-build-flags.sh "$t" default "${flags[@]}")"
    cargo +nightly fuzz build --fuzz-dir fuzz "${tflags[@]}" "$t" > /dev/null 2>&1 ||
        cargo +nightly fuzz build --fuzz-dir fuzz "${tflags[@]}" "$t"
    read -r -a options <<< "$(scripts/fuzz-run-options.sh "$t")"
    # One row per run: exec/s after init, exec/s overall, runs, init seconds.
    rows=$(for seed in $(seq 1 "$repeats"); do fuzz_once "$t" "$seed"; done | sort -g)
    cli=$(cli_speed "$t")
    read -r run all n init <<< "$(sed -n "$(((repeats + 1) / 2))p" <<< "$rows")"
    if [ "$repeats" -gt 1 ]; then
        echo "  $t: exec/s(run) of the $repeats runs: $(cut -d' ' -f1 <<< "$rows" | xargs)" >&2
    fi
    awk -v t="$t" -v run="$run" -v all="$all" -v n="$n" -v init="$init" -v cli="${cli:--}" \
        'BEGIN {
        if (cli != "-") cli = sprintf("%.1f", cli)
        printf "%-42s %12.1f %12.1f %8d %8.1f %12s\n", t, run, all, n, init, cli }'
done
