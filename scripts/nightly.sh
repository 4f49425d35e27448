#!/usr/bin/env bash
# The nightly job, runnable locally with one command (the GitHub workflow
# .github/workflows/nightly.yml calls this same script, one routine per job):
#
#   scripts/nightly.sh [SECONDS_PER_TARGET] [ROUTINE ...]     (default: 60 s, every routine)
#
# For each routine:
#   1. fuzz it for SECONDS_PER_TARGET from its committed corpus/<routine>/ (new inputs land in
#      the scratch folder fuzz/corpus/<routine>/, crashes in fuzz/artifacts/<routine>/), with
#      the routine's own libFuzzer options (scripts/fuzz-run-options.sh: inputs weighed by
#      their execution time, and edge coverage without hit counts for the list conversions);
#   2. minimize: `cargo fuzz cmin` (by edge coverage) over the committed and the new inputs
#      together, then import the survivors that are new into corpus/<routine>/ under
#      content-hash names
#      (`ecdiff corpus add`; committed inputs are never removed — the corpus only grows);
#   3. import every crash as a finding with its readable companion in findings/<routine>/;
#   4. replay corpus/<routine>/ through the fuzz build itself (`-runs=0`): the libraries must
#      compute under `--cfg fuzzing` what they compute under `cargo test`.
# Then, once for all routines: re-seed the edge-class cover (`ecdiff corpus seed`, a no-op
# unless a routine is new) and replay the whole corpus in debug and release
# (`cargo test -p ecdiff-tests --test corpus`, with and without --release).
#
# Environment:
#   FUZZ_FLAGS        extra `cargo fuzz` build flags, e.g. `-O` for a build without debug
#                     assertions or `-a` for one with them, `-s address`; a sanitizer or
#                     debug-assertion flag given here applies to every routine, otherwise each
#                     routine gets its own (debug assertions where its subject keeps a contract
#                     in them, e.g. k256's magnitude checker; ASan for blst in its other
#                     build); scripts/fuzz-build-flags.sh adds those and `--no-trace-compares`
#   FUZZ_BUILD        `other`: each routine's other build (the nightly workflow's second leg):
#                     its own debug-assertion choice flipped, so every routine is fuzzed both
#                     ways, and AddressSanitizer for blst, which its default build fuzzes
#                     without for speed
#   FUZZ_RUN_OPTIONS  extra libFuzzer options for every routine, after its own
#   NIGHTLY_CONFIG    the subjects' build configuration, as `.ci/run` tests them: `default`,
#                     `serial` (no default features: no rayon, no precomputed tables),
#                     `blst-no-threads` or `halo2-asm`; the CLI, the fuzz targets and the final
#                     replay are all built with it
#   FUZZ_TOOLCHAIN    the toolchain cargo-fuzz runs with (default: nightly)
#   NIGHTLY_REPLAY=0  skip the final debug/release replay (the workflow runs it once, after
#                     every routine's job)
#   NIGHTLY_STATS     file to append `routine<TAB>flags -- options<TAB>exec/s<TAB>runs` lines to
#                     (default: fuzz/nightly-stats.tsv)
#
# Needs: a nightly toolchain and `cargo install cargo-fuzz --locked`.
# Exit status: 0 when nothing new was found and the replays passed, 1 otherwise.
set -uo pipefail

secs=${1:-60}
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
toolchain=${FUZZ_TOOLCHAIN:-nightly}
read -r -a flags <<< "${FUZZ_FLAGS:-}"
config=${NIGHTLY_CONFIG:-default}
# The configuration as cargo arguments: for the fuzz crate (which forwards its features to
# ecdiff's), for the ecdiff CLI, and for the test crate that replays the corpus.
case "$config" in
    default) features=() cli_features=() test_features=() ;;
    serial) features=(--no-default-features --features families)
        cli_features=(--no-default-features --features cli,families)
        test_features=(--no-default-features) ;;
    blst-no-threads | halo2-asm)
        features=(--features "$config") cli_features=("${features[@]}")
        test_features=(--features "ecdiff/$config") ;;
    *) echo "NIGHTLY_CONFIG=$config: expected default, serial, blst-no-threads or halo2-asm" >&2
       exit 2 ;;
esac
flags+=("${features[@]}")
stats=${NIGHTLY_STATS:-$root/fuzz/nightly-stats.tsv}
status=0

step() { printf '\n=== %s\n' "$*"; }

step "building the ecdiff CLI (release, $config)"
cargo build -q --release -p ecdiff "${cli_features[@]}" || exit 1
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
ecdiff="$target_dir/release/ecdiff"

if [ $# -gt 0 ]; then
    routines=("$@")
else
    mapfile -t routines < <("$ecdiff" list --names)
fi
fuzz=(cargo "+$toolchain" fuzz)

# The build flags per routine (scripts/fuzz-build-flags.sh); routines that share a build run
# together, so that each build is made once.
mapfile -t routines < <(scripts/fuzz-build-flags.sh --order "$config" "${routines[@]}")

for r in "${routines[@]}"; do
    read -r -a rflags <<< "$(scripts/fuzz-build-flags.sh "$r" "$config" "${flags[@]}")"
    read -r -a roptions <<< "$(scripts/fuzz-run-options.sh "$r")"
    step "$r: fuzzing for ${secs}s ${rflags[*]} -- ${roptions[*]}"
    scratch="$root/fuzz/corpus/$r"
    artifacts="$root/fuzz/artifacts/$r"
    mkdir -p "$scratch" "$artifacts" "$root/corpus/$r"
    log="$root/fuzz/nightly-$r.log"
    "${fuzz[@]}" run --fuzz-dir fuzz "${rflags[@]}" "$r" "$scratch" "$root/corpus/$r" -- \
        -max_total_time="$secs" -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "${roptions[@]}" > "$log" 2>&1
    fuzz_status=$?
    tail -n 3 "$log"
    execs=$(sed -n 's/^stat::average_exec_per_sec:[[:space:]]*//p' "$log" | tail -n 1)
    runs=$(sed -n 's/^stat::number_of_executed_units:[[:space:]]*//p' "$log" | tail -n 1)
    printf '%s\t%s\t%s\t%s\n' "$r" "${rflags[*]:-default}${roptions[*]:+ -- ${roptions[*]}}" "${execs:-?}" "${runs:-?}" >> "$stats"
    if [ $fuzz_status -ne 0 ]; then
        echo "$r: the fuzzer stopped with status $fuzz_status (see $log)"
        grep -m 1 '^ecdiff finding:\|panicked at' "$log" || true
    fi

    step "$r: minimizing new inputs into corpus/$r"
    merged=$(mktemp -d)
    cp "$root/corpus/$r"/* "$merged"/ 2> /dev/null
    cp "$scratch"/* "$merged"/ 2> /dev/null
    # Edge coverage only (-use_counters=0): hit-count buckets would keep ~5x more files.
    if "${fuzz[@]}" cmin --fuzz-dir fuzz "${rflags[@]}" "$r" "$merged" -- -use_counters=0 \
        > "$log.cmin" 2>&1; then
        "$ecdiff" corpus add "$r" "$merged" || status=1
    else
        echo "$r: cargo fuzz cmin failed (see $log.cmin)"
        status=1
    fi
    rm -rf "$merged"

    crashes=("$artifacts"/crash-*)
    if [ -e "${crashes[0]}" ]; then
        step "$r: importing ${#crashes[@]} crash(es) as findings"
        "$ecdiff" corpus add "$r" "${crashes[@]}"
        status=1
    elif [ $fuzz_status -ne 0 ]; then
        status=1
    fi

    step "$r: replaying corpus/$r through the fuzz build"
    if ! "${fuzz[@]}" run --fuzz-dir fuzz "${rflags[@]}" "$r" "$root/corpus/$r" -- -runs=0 \
        > "$log.replay" 2>&1; then
        echo "$r: the fuzz build disagrees with the corpus (see $log.replay)"
        status=1
    fi
done

step "re-seeding the edge-class cover"
"$ecdiff" corpus seed "${routines[@]}" || status=1

if [ "${NIGHTLY_REPLAY:-1}" != 0 ]; then
    step "replaying the whole corpus (debug)"
    cargo test -q -p ecdiff-tests "${test_features[@]}" --test corpus || status=1
    step "replaying the whole corpus (release)"
    cargo test -q --release -p ecdiff-tests "${test_features[@]}" --test corpus || status=1
fi

step "done: exec/s appended to $stats; status $status"
changes=$(git -C "$root" status --short -- corpus findings 2> /dev/null || true)
printf '%s\n' "$changes" | sed -n 1,50p
exit $status
