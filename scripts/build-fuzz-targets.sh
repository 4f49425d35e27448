#!/usr/bin/env bash
# Builds every cargo-fuzz target, so targets never rot (.ci/run calls this):
#
#   scripts/build-fuzz-targets.sh [CARGO_FUZZ_BUILD_FLAGS ...]     e.g. --dev, -O, -s none
#
# 1. checks that fuzz/ matches the routine registry (one generated target per routine;
#    `scripts/gen-fuzz-targets.sh` fixes drift);
# 2. installs cargo-fuzz if it is missing (`cargo install cargo-fuzz --locked`);
# 3. runs `cargo +nightly fuzz build` with the flags given (default: cargo-fuzz's own
#    default, optimized with debug assertions and AddressSanitizer — the build
#    `cargo fuzz run` and scripts/nightly.sh use, so its cache is shared).
# Without a nightly toolchain (and none installable) it builds with the stable compiler and
# RUSTC_BOOTSTRAP=1, which accepts the -Z sanitizer flags cargo-fuzz passes, and says so.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo run -q -p ecdiff -- dev fuzz-targets --check

if ! command -v cargo-fuzz > /dev/null 2>&1; then
    echo "installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

toolchain=(+nightly)
if ! rustup run nightly rustc --version > /dev/null 2>&1 &&
    ! rustup toolchain install nightly --profile minimal > /dev/null 2>&1; then
    echo "no nightly toolchain: building with the stable compiler and RUSTC_BOOTSTRAP=1"
    toolchain=()
    export RUSTC_BOOTSTRAP=1
fi
cargo "${toolchain[@]}" fuzz build --fuzz-dir fuzz "$@"
count=$(cargo "${toolchain[@]}" fuzz list --fuzz-dir fuzz | wc -l)
echo "built $count fuzz targets"
