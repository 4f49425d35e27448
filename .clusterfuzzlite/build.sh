#!/bin/bash -eu
# Builds every ecdiff fuzz target (one per routine, fuzz/fuzz_targets/) into $OUT for
# ClusterFuzzLite / OSS-Fuzz, with the routine's committed corpus as its seed corpus
# ($OUT/<routine>_seed_corpus.zip). No new code is needed to fuzz on many machines.
#
# In the image, the repository is $SRC/ecdiff and the base image's cargo wrapper adds the
# sanitizer flags. To run it locally (nightly toolchain and cargo-fuzz installed):
#
#   mkdir -p /tmp/cfl/out && ln -sfn "$PWD" /tmp/cfl/ecdiff
#   SRC=/tmp/cfl OUT=/tmp/cfl/out RUSTUP_TOOLCHAIN=nightly .clusterfuzzlite/build.sh
#
# Each target gets its libFuzzer options (scripts/fuzz-run-options.sh) as
# $OUT/<routine>.options.
#
# ECDIFF_FUZZ_BUILD_FLAGS sets the `cargo fuzz build` flags. The default is
# `--no-trace-compares` on cargo-fuzz's own default, optimized with debug assertions (k256's
# magnitude checker is live): comparison tracing costs the targets about two thirds of their
# executions for no coverage (scripts/fuzz-build-flags.sh, BENCHMARKS.md). Add `-O` to fuzz
# the code users ship. This is the thorough build: the nightly job instead keeps debug
# assertions only where a subject keeps a contract in them (scripts/fuzz-build-flags.sh).
cd "${ECDIFF_DIR:-$SRC/ecdiff}"

read -r -a flags <<< "${ECDIFF_FUZZ_BUILD_FLAGS:---no-trace-compares}"
target=${CARGO_BUILD_TARGET:-$(rustc -vV | sed -n 's/^host: //p')}
target_dir=${CARGO_TARGET_DIR:-$PWD/fuzz/target}

cargo fuzz build --fuzz-dir fuzz "${flags[@]}" --target "$target" --target-dir "$target_dir"

built=0
for t in $(cargo fuzz list --fuzz-dir fuzz); do
    cp "$target_dir/$target/release/$t" "$OUT/"
    # The routine's libFuzzer options (scripts/fuzz-run-options.sh) in OSS-Fuzz's form.
    read -r -a options <<< "$(scripts/fuzz-run-options.sh "$t")"
    rm -f "$OUT/$t.options"
    if [ "${#options[@]}" -gt 0 ]; then
        printf '[libfuzzer]\n' > "$OUT/$t.options"
        for o in "${options[@]}"; do
            o=${o#-}
            printf '%s = %s\n' "${o%%=*}" "${o#*=}" >> "$OUT/$t.options"
        done
    fi
    if [ -d "corpus/$t" ]; then
        rm -f "$OUT/${t}_seed_corpus.zip"
        (cd "corpus/$t" && zip -q -j "$OUT/${t}_seed_corpus.zip" ./*)
    fi
    built=$((built + 1))
done
echo "built $built fuzz targets into $OUT"
