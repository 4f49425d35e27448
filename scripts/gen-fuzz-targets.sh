#!/usr/bin/env bash
# Regenerates the cargo-fuzz targets from the routine registry: one
# fuzz/fuzz_targets/<routine>.rs per routine and fuzz/Cargo.toml with one [[bin]] each
# (`ecdiff dev fuzz-targets`), then syncs fuzz/Cargo.lock with the workspace's Cargo.lock so
# the fuzzers test exactly the dependency versions `cargo test` tests.
#
#   scripts/gen-fuzz-targets.sh           write targets, manifest and lockfile
#   scripts/gen-fuzz-targets.sh --check   only report drift (exit 1); writes nothing
#
# Run it after adding or renaming a routine; tests/fuzz_targets.rs fails until you do.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--check" ]; then
    exec cargo run -q -p ecdiff -- dev fuzz-targets --check
fi
cargo run -q -p ecdiff -- dev fuzz-targets

# Start from the workspace lockfile: cargo keeps every version it already pins, adds
# libfuzzer-sys and drops what the fuzz workspace does not use.
cp Cargo.lock fuzz/Cargo.lock
(cd fuzz && cargo metadata --format-version 1 > /dev/null)
echo "synced fuzz/Cargo.lock with Cargo.lock"
