#!/usr/bin/env bash
# The libFuzzer options the nightly job fuzzes a routine with (after `--` of `cargo fuzz run`):
#
#   scripts/fuzz-run-options.sh ROUTINE
#
# prints them on one line. scripts/fuzz-build-flags.sh decides how a target is built; this
# decides how it searches. ClusterFuzzLite gets the same choice as `<target>.options` files
# (.clusterfuzzlite/build.sh).
#
# Decided by measurement (BENCHMARKS.md, "Hit counts, per kind of routine" and "Energy by
# execution time"):
# - `-entropic_scale_per_exec_time=1` for every routine: libFuzzer's entropic schedule scales
#   each corpus input's energy by its execution time against the corpus's mean (LLVM D86092),
#   so the inputs it mutates most are the quick ones. Without it the MSMs' fuzzing drifted to
#   the longest lists and the largest cases of their length classes, where a case costs many
#   times the CLI's mean. 30 s from the committed corpus, same hour, 28 targets ran 0.84-11
#   times as many executions (median 2.5) and reached -1.9 % to +7.1 % as many edges; the
#   three without a gain (dory_g2_msm, halo2_secp256k1/r1_msm_serial_large) ran as before.
#   The long lists stay in the corpus and are still mutated, less often. It makes libFuzzer's
#   mutations depend on timing, so a fixed -seed no longer repeats a run exactly.
# - `-use_counters=0` (edge coverage without hit counts) for the routines whose case is a list
#   of points each converted on its own: batch normalizations, compressions and encodings,
#   Edwards-to-Montgomery. There a loop running one more time is the only new feature most
#   inputs can add, so with hit counts libFuzzer keeps ever longer lists and spends its time
#   on them (its inputs' lists grew 2.4-4.2 times as long as the CLI's); the lengths where the
#   subjects change algorithm are drawn by the generator's own length classes, and the nightly
#   job's corpus minimization already keeps edge coverage only. Without hit counts these
#   targets ran 1.02-2.36 times as many executions (median 1.46) in the same time and reached
#   the same edges (within 3 %).
# - Hit counts stay on everywhere else: the MSMs and the other multiplications ran fewer
#   executions without them (ark_g1_msm -14 %, dory_g1_fixed_scalar_mul_bases_then_add -37 %,
#   ark_bls12_381_g2_msm -25 %; k256_to_affine -12 %, p256_to_affine -4 %), and their window
#   and digit loops run as often as the scalars' digits say, which hit counts tell apart.
# $FUZZ_RUN_OPTIONS is printed after them (libFuzzer keeps an option's last value), e.g.
# FUZZ_RUN_OPTIONS='-entropic_scale_per_exec_time=0 -use_counters=1' to measure a routine
# without these choices.
set -euo pipefail
routine=${1:?usage: scripts/fuzz-run-options.sh ROUTINE}
own=(-entropic_scale_per_exec_time=1)
case "$routine" in
    *normalize* | *_compress | *_compress_batch | *_encoding | *_to_montgomery_batch)
        own+=(-use_counters=0)
        ;;
esac
read -r -a extra <<< "${FUZZ_RUN_OPTIONS:-}"
echo "${own[*]} ${extra[*]}" | xargs
