#!/usr/bin/env bash
# Maintainer mode: one ecdiff family against your own checkout of the crate it tests.
#
#   scripts/maintainer.sh --patch CRATE=PATH [--patch CRATE=PATH ...] FAMILY [COMMAND [ARGS ...]]
#
#   # from a branch of RustCrypto/elliptic-curves, with ecdiff cloned beside it:
#   ../ecdiff/scripts/maintainer.sh --patch k256=k256 secp256k1
#   ../ecdiff/scripts/maintainer.sh --patch k256=k256 secp256k1 run k256_mul --cases 2000
#
# It builds the ecdiff command line in release with FAMILY alone (`--no-default-features
# --features cli,FAMILY,parallel,precomputed-tables`) and each CRATE taken from PATH instead of
# crates.io (cargo's `--config patch.crates-io.CRATE.path`, so no manifest is edited), then
# runs `ecdiff COMMAND ARGS` (default: `run`, a campaign over every routine of the family).
# Findings are saved under `$ECDIFF_OUT` (default `./ecdiff-findings` in the directory you run
# it from): corpus files in `corpus/<routine>/`, readable companions in `findings/<routine>/`,
# each with the replay command that works there (this script, with the same --patch, `replay`).
#
# FAMILY is one of ecdiff's families (`families = [...]` in harness/Cargo.toml): dory,
# secp256k1, p256, halo2curves, curve25519, bls12_381. PATH is the directory of CRATE's
# Cargo.toml; its version must satisfy what the family pins (k256 =0.14.0 for secp256k1, say):
# a patch that cargo does not use is an error here, not a silent run against crates.io.
# ecdiff's Cargo.lock is restored afterwards. The exit code is ecdiff's: 0 every check agreed
# (known findings allowed), 1 something new was found, 2 bad usage or input.
set -euo pipefail

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

root=$(cd "$(dirname "$0")/.." && pwd)
script_path=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
patches=()
patch_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --patch)
            [ $# -ge 2 ] || usage
            spec=$2
            shift 2
            crate=${spec%%=*}
            path=${spec#*=}
            if [ -z "$crate" ] || [ "$crate" = "$spec" ] || [ -z "$path" ]; then
                echo "maintainer.sh: --patch takes CRATE=PATH, got '$spec'" >&2
                exit 2
            fi
            if [ ! -f "$path/Cargo.toml" ]; then
                echo "maintainer.sh: --patch $spec: no Cargo.toml in $path" >&2
                exit 2
            fi
            abs=$(cd "$path" && pwd)
            patches+=(--config "patch.crates-io.$crate.path=\"$abs\"")
            patch_args+=(--patch "$crate=$abs")
            ;;
        -h | --help) usage ;;
        -*) echo "maintainer.sh: unknown option $1" >&2; usage ;;
        *) break ;;
    esac
done
[ $# -ge 1 ] || usage
family=$1
shift
[ ${#patches[@]} -gt 0 ] || { echo "maintainer.sh: give at least one --patch CRATE=PATH" >&2; exit 2; }

families=$(sed -n 's/^families = \[\(.*\)\]$/\1/p' "$root/harness/Cargo.toml" | tr -d '"' | tr ',' ' ')
# shellcheck disable=SC2086 # the list splits into words on purpose
if ! printf ' %s ' $families | grep -q " $family "; then
    echo "maintainer.sh: '$family' is not a family of ecdiff; one of:$families" >&2
    exit 2
fi

out=${ECDIFF_OUT:-$PWD/ecdiff-findings}
lock_backup=$(mktemp)
cp "$root/Cargo.lock" "$lock_backup"
restore_lock() { cp "$lock_backup" "$root/Cargo.lock"; rm -f "$lock_backup"; }
trap restore_lock EXIT

echo "=== building ecdiff with the $family family and ${patch_args[*]}" >&2
build_log=$(mktemp)
if ! (cd "$root" && cargo build --release -p ecdiff --no-default-features \
        --features "cli,$family,parallel,precomputed-tables" "${patches[@]}") 2> >(tee "$build_log" >&2); then
    rm -f "$build_log"
    exit 2
fi
if grep -q "was not used in the crate graph" "$build_log"; then
    grep -A3 "was not used in the crate graph" "$build_log" >&2
    echo "maintainer.sh: cargo did not use a patch: the checkout's version does not match what" \
        "ecdiff's $family family pins (see harness/Cargo.toml and the workspace Cargo.toml)" >&2
    rm -f "$build_log"
    exit 2
fi
rm -f "$build_log"

target_dir=$(cd "$root" && cargo metadata --format-version 1 --no-deps |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
ecdiff="$target_dir/release/ecdiff"

command=${1:-run}
[ $# -gt 0 ] && shift
args=("$@")
if [ "$command" = run ]; then
    case " ${args[*]:-} " in
        *" --corpus "* | *" --no-save "*) ;;
        *) args+=(--corpus "$out/corpus") ;;
    esac
fi
ECDIFF_REPLAY_PREFIX="$script_path ${patch_args[*]} $family" "$ecdiff" "$command" "${args[@]}"
