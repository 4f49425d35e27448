#!/usr/bin/env bash
# The sanitizer flag the nightly job fuzzes a routine with, printed for `cargo fuzz`:
#
#   scripts/fuzz-sanitizer.sh ROUTINE [CONFIG]      (CONFIG as NIGHTLY_CONFIG; default: default)
#
# prints nothing (cargo-fuzz's default, AddressSanitizer) or `-s none`. And
#
#   scripts/fuzz-sanitizer.sh --order CONFIG ROUTINE...
#
# prints the routines one per line, those built with AddressSanitizer first, so that a script
# fuzzing them in that order makes each build once.
#
# AddressSanitizer where the code under test does its own memory work in another language:
# blst (C and assembly behind FFI) and halo2curves' `asm` build (inline assembly). Everywhere
# else it goes without: k256, p256, arkworks and dory-pcs, zkcrypto's bls12_381, halo2curves,
# ecsm-witness and tari are safe Rust stacks whose few `unsafe` blocks are casts, and
# curve25519-dalek's are SIMD intrinsics on its own values. Measured (BENCHMARKS.md), ASan cuts
# a target's exec/s two to four times, and a ristretto MSM's to under one (its point pool and
# corpus take longer than a run to load); `-s none` keeps the debug assertions (k256's
# magnitude checker) that the contracts live in. ClusterFuzzLite still fuzzes every target
# with ASan, so every routine meets a sanitizer somewhere.
set -euo pipefail
choice() {
    case "$1" in
        blst_*) ;;
        halo2_*) [ "$2" = halo2-asm ] || echo "-s none" ;;
        *) echo "-s none" ;;
    esac
}
if [ "${1:-}" = --order ]; then
    config=${2:?usage: scripts/fuzz-sanitizer.sh --order CONFIG ROUTINE...}
    shift 2
    for want in "" "-s none"; do
        for r in "$@"; do
            if [ "$(choice "$r" "$config")" = "$want" ]; then echo "$r"; fi
        done
    done
    exit 0
fi
choice "${1:?usage: scripts/fuzz-sanitizer.sh ROUTINE [CONFIG]}" "${2:-default}"
