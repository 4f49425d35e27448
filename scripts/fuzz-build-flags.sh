#!/usr/bin/env bash
# The `cargo fuzz build` flags the nightly job fuzzes a routine with:
#
#   scripts/fuzz-build-flags.sh ROUTINE [CONFIG [EXTRA_FLAG...]]
#
# prints EXTRA_FLAGs (e.g. $FUZZ_FLAGS), then the routine's sanitizer unless they name one,
# then `--no-trace-compares`. CONFIG is as NIGHTLY_CONFIG (default: default). And
#
#   scripts/fuzz-build-flags.sh --order CONFIG ROUTINE...
#
# prints the routines one per line, those built with AddressSanitizer first, so that a script
# fuzzing them in that order makes each build once.
#
# Decided by measurement (BENCHMARKS.md, "Choosing the fuzz build"):
# - AddressSanitizer where the code under test does its own memory work in another language:
#   blst (C and assembly behind FFI) and halo2curves' `asm` build (inline assembly). Everywhere
#   else `-s none`: k256, p256, arkworks and dory-pcs, zkcrypto's bls12_381, halo2curves,
#   ecsm-witness and tari are safe Rust stacks whose few `unsafe` blocks are casts, and
#   curve25519-dalek's are SIMD intrinsics on its own values. ASan cuts a target's exec/s two
#   to four times (num-bigint's allocations), and a ristretto MSM's to under one. ClusterFuzzLite
#   still fuzzes every target with ASan, so every routine meets a sanitizer somewhere.
# - No comparison tracing (`-sanitizer-coverage-trace-compares`): it instruments every limb
#   comparison of the subjects' field arithmetic and of num-bigint, and cost k256_mul 62 % and
#   dalek_edwards_compress 65 % of their executions, for no coverage: from the same corpus in
#   the same time both reached as many edges without it. ecdiff's inputs are generator choices,
#   not bytes compared against magic values, which is what comparison tracing is for.
# - cargo-fuzz's debug assertions stay on everywhere (k256's magnitude checker lives there).
set -euo pipefail
sanitizer() {
    case "$1" in
        blst_*) ;;
        halo2_*) [ "$2" = halo2-asm ] || echo "-s none" ;;
        *) echo "-s none" ;;
    esac
}
if [ "${1:-}" = --order ]; then
    config=${2:?usage: scripts/fuzz-build-flags.sh --order CONFIG ROUTINE...}
    shift 2
    for want in "" "-s none"; do
        for r in "$@"; do
            if [ "$(sanitizer "$r" "$config")" = "$want" ]; then echo "$r"; fi
        done
    done
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
flags+=(--no-trace-compares)
echo "${flags[*]}"
