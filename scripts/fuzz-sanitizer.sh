#!/usr/bin/env bash
# The sanitizer flag the nightly job fuzzes a routine with, printed for `cargo fuzz`:
#
#   scripts/fuzz-sanitizer.sh ROUTINE [CONFIG]      (CONFIG as NIGHTLY_CONFIG; default: default)
#
# prints nothing (cargo-fuzz's default, AddressSanitizer) or `-s none`.
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
routine=${1:?usage: scripts/fuzz-sanitizer.sh ROUTINE [CONFIG]}
config=${2:-default}
case "$routine" in
    blst_*) ;;
    halo2_*) [ "$config" = halo2-asm ] || echo "-s none" ;;
    *) echo "-s none" ;;
esac
