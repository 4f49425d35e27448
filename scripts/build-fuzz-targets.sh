#!/usr/bin/env bash
# Keeps every cargo-fuzz target from rotting (.ci/run calls this with --check):
#
#   scripts/build-fuzz-targets.sh [--registry-checked] [--check] [CARGO_FUZZ_BUILD_FLAGS ...]
#                                                           e.g. --dev, -O, -s none
#
# 1. checks that fuzz/ matches the routine registry (one generated target per routine;
#    `scripts/gen-fuzz-targets.sh` fixes drift), unless --registry-checked says `cargo test`
#    already did (tests/fuzz_targets.rs: `.ci/run`; the check's `cargo run -p ecdiff` would
#    otherwise rebuild the CLI without the test build's unified features, ~1.5 min);
# 2. installs cargo-fuzz if it is missing (`cargo install cargo-fuzz --locked --debug`);
# 3. without --check: `cargo +nightly fuzz build` of every target with the flags given
#    (default: cargo-fuzz's own default, optimized with debug assertions and AddressSanitizer —
#    the build `cargo fuzz run` and scripts/nightly.sh use, so its cache is shared);
#    with --check: `cargo +nightly fuzz check` of every target (compiled, not linked: ~80
#    sanitized binaries take 6–10 GB of disk), then one target (FUZZ_SMOKE_TARGET, default
#    the first routine) built with its family alone, linked and run over its committed
#    corpus, which shows the sanitized build links and a target replays its inputs. Every target is generated from
#    the same template, so what links for one links for all.
# Without a nightly toolchain (and none installable) it builds with the stable compiler and
# RUSTC_BOOTSTRAP=1, which accepts the -Z sanitizer flags cargo-fuzz passes, and says so.
set -euo pipefail
cd "$(dirname "$0")/.."

registry_checked=0
if [ "${1:-}" = "--registry-checked" ]; then
    registry_checked=1
    shift
fi
check=0
if [ "${1:-}" = "--check" ]; then
    check=1
    shift
fi

if [ "$registry_checked" = 0 ]; then
    cargo run -q -p ecdiff -- dev fuzz-targets --check
fi

if ! command -v cargo-fuzz > /dev/null 2>&1; then
    echo "installing cargo-fuzz"
    # A debug build of the tool: 24 s instead of 34 s on 2 cores (measured 2026-12-07), and
    # the tool only drives cargo.
    cargo install cargo-fuzz --locked --debug
fi

toolchain=(+nightly)
if ! rustup run nightly rustc --version > /dev/null 2>&1 &&
    ! rustup toolchain install nightly --profile minimal > /dev/null 2>&1; then
    echo "no nightly toolchain: building with the stable compiler and RUSTC_BOOTSTRAP=1"
    toolchain=()
    export RUSTC_BOOTSTRAP=1
fi
fuzz=(cargo "${toolchain[@]}" fuzz)
# The list is read whole: `cargo fuzz list | head -n 1` would fail under pipefail when head
# closes the pipe early (cargo-fuzz panics on the broken pipe).
targets=$("${fuzz[@]}" list --fuzz-dir fuzz)
count=$(printf '%s\n' "$targets" | wc -l)

if [ "$check" = 0 ]; then
    "${fuzz[@]}" build --fuzz-dir fuzz "$@"
    echo "built $count fuzz targets"
    exit 0
fi

"${fuzz[@]}" check --fuzz-dir fuzz "$@"
echo "checked $count fuzz targets"
smoke=${FUZZ_SMOKE_TARGET:-${targets%%$'\n'*}}
# The smoke target is built with its own family alone (the `required-features` of its [[bin]]
# in fuzz/Cargo.toml), so only that family's subjects are compiled with the sanitizer.
family=$(awk -v t="$smoke" '$0 == "name = \"" t "\"" { found = 1 }
    found && /^required-features/ { gsub(/.*\["|"\].*/, ""); print; exit }' fuzz/Cargo.toml)
[ -n "$family" ] || { echo "build-fuzz-targets: no target $smoke in fuzz/Cargo.toml" >&2; exit 2; }
one_family=(--no-default-features --features "$family,parallel,precomputed-tables")
"${fuzz[@]}" build --fuzz-dir fuzz "$@" "${one_family[@]}" "$smoke"
# -runs=0 replays the given corpus folder once and stops; a crash fails the step.
# The committed corpus is copied so that libFuzzer writes nothing into it.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r "corpus/$smoke/." "$scratch/"
"${fuzz[@]}" run --fuzz-dir fuzz "$@" "${one_family[@]}" "$smoke" "$scratch" -- -runs=0
echo "built ($family alone) and replayed $smoke over its $(find "corpus/$smoke" -type f | wc -l) committed inputs"
