#!/usr/bin/env bash
# The `cargo fuzz build` flags the nightly job fuzzes a routine with:
#
#   scripts/fuzz-build-flags.sh ROUTINE [CONFIG [EXTRA_FLAG...]]
#
# prints EXTRA_FLAGs (e.g. $FUZZ_FLAGS), then the routine's sanitizer unless they name one,
# then its debug-assertion choice (`-a` or `-O`) unless they name one (`-a`, `-O`, `--dev`),
# then `--no-trace-compares`. CONFIG is as NIGHTLY_CONFIG (default: default).
# FUZZ_BUILD=other gives each routine its other build, the nightly workflow's second leg: the
# debug-assertion choice flipped, so that every routine is fuzzed both with and without them,
# and AddressSanitizer for the routines fuzzed without it in their default build (blst). And
#
#   scripts/fuzz-build-flags.sh --order CONFIG ROUTINE...
#
# prints the routines one per line, grouped by their flags (those built with AddressSanitizer
# first), so that a script fuzzing them in that order makes each build once.
#
# Decided by measurement (BENCHMARKS.md, "Choosing the fuzz build"):
# - AddressSanitizer where the code under test does its own memory work in another language:
#   blst (C and assembly behind FFI) in its other build (FUZZ_BUILD=other), and halo2curves'
#   `asm` build (inline assembly) in both. blst's default build is `-s none`: ASan cost its
#   targets 1.5 to 12 times their exec/s (the batch normalizations 6 to 12 times: the oracle's
#   num-bigint allocations, not blst), which put 8 of its 12 targets under a third of the CLI;
#   the fast build explores, and the other leg fuzzes from the same committed corpus under
#   ASan. Everywhere else `-s none` in both builds: k256, p256, arkworks and dory-pcs,
#   zkcrypto's bls12_381, halo2curves, ecsm-witness and tari are safe Rust stacks whose few
#   `unsafe` blocks are casts, and curve25519-dalek's are SIMD intrinsics on its own values.
#   ASan cuts those targets' exec/s two to four times, and a ristretto MSM's to under one.
#   ClusterFuzzLite fuzzes every target with ASan, so every routine meets a sanitizer there.
# - Debug assertions (and overflow checks) where the code under test keeps a contract in them:
#   k256's field magnitudes (k256_*, and ecsm_* over k256's lazy field), curve25519-dalek's
#   limb bounds in its field multiplication (dalek_*, and tari_* over dalek), primeorder's
#   digit ranges (p256_*). Elsewhere `-O`: arkworks' debug assertions (ark_*, dory_*) are
#   self-checks, each 𝔽ₚ² product recomputed naively (`sum_of_products`), that ecdiff's
#   independent oracle already makes, and cost ark_bls12_381_g2_msm three quarters of its
#   executions; blst, zkcrypto's bls12_381 and halo2curves keep no contract there.
# - No comparison tracing (`-sanitizer-coverage-trace-compares`): it instruments every limb
#   comparison of the subjects' field arithmetic and of num-bigint, and cost k256_mul 62 % and
#   dalek_edwards_compress 65 % of their executions, for no coverage: from the same corpus in
#   the same time both reached as many edges without it. ecdiff's inputs are generator choices,
#   not bytes compared against magic values, which is what comparison tracing is for.
set -euo pipefail
build=${FUZZ_BUILD:-default}
case "$build" in
    default | other) ;;
    *) echo "FUZZ_BUILD=$build: expected default or other" >&2; exit 2 ;;
esac
# Prints `-s none`, or nothing for cargo-fuzz's default, AddressSanitizer.
sanitizer() {
    case "$1" in
        blst_*) [ "$build" = other ] || echo "-s none" ;;
        halo2_*) [ "$2" = halo2-asm ] || echo "-s none" ;;
        *) echo "-s none" ;;
    esac
}
assertions() {
    local on=0
    case "$1" in
        k256_* | ecsm_* | dalek_* | tari_* | p256_*) on=1 ;;
    esac
    if [ "$build" = other ]; then on=$((1 - on)); fi
    if [ "$on" = 1 ]; then echo "-a"; else echo "-O"; fi
}
if [ "${1:-}" = --order ]; then
    config=${2:?usage: scripts/fuzz-build-flags.sh --order CONFIG ROUTINE...}
    shift 2
    for r in "$@"; do
        san=$(sanitizer "$r" "$config")
        printf '%s\t%s %s\t%s\n' "$([ -z "$san" ] && echo 0 || echo 1)" "$san" "$(assertions "$r")" "$r"
    done | sort -s -t $'\t' -k1,2 | cut -f3
    exit 0
fi
routine=${1:?usage: scripts/fuzz-build-flags.sh ROUTINE [CONFIG [EXTRA_FLAG...]]}
config=${2:-default}
shift $(($# < 2 ? $# : 2))
flags=("$@")
case " ${flags[*]} " in
    *" -s "* | *" --sanitizer"*) ;;
    *) read -r -a own <<< "$(sanitizer "$routine" "$config")"; flags+=("${own[@]}") ;;
esac
case " ${flags[*]} " in
    *" -a "* | *" --debug-assertions "* | *" -O "* | *" --release "* | *" -D "* | *" --dev "*) ;;
    *) flags+=("$(assertions "$routine")") ;;
esac
flags+=(--no-trace-compares)
echo "${flags[*]}"
