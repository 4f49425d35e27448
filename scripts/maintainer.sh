#!/usr/bin/env bash
# Maintainer mode: one ecdiff family against your own checkout of the crate it tests.
#
#   scripts/maintainer.sh [--profile debug|release|both] --patch CRATE=PATH [--patch ...]
#                         FAMILY [COMMAND [ARGS ...]]
#
#   # from a branch of RustCrypto/elliptic-curves, with ecdiff cloned beside it:
#   ../ecdiff/scripts/maintainer.sh --patch k256=k256 secp256k1
#   ../ecdiff/scripts/maintainer.sh --patch k256=k256 secp256k1 run k256_mul --cases 2000
#
# It builds the ecdiff command line with FAMILY alone (`--no-default-features --features
# cli,FAMILY,parallel,precomputed-tables`) and each CRATE taken from PATH instead of crates.io
# (cargo's `--config patch.crates-io.CRATE.path`), then runs `ecdiff COMMAND ARGS` (default:
# `run`, a campaign over every routine of the family) in each profile: `debug` (debug
# assertions on, so the crate's own debug-only contracts, k256's field-magnitude checker among
# them, and every `debug_assert!` of your code run), `release`, or `both` (the default, debug
# first).
# Findings are saved under `$ECDIFF_OUT` (default `./ecdiff-findings` in the directory you run
# it from): corpus files in `corpus/<routine>/`, readable companions in `findings/<routine>/`,
# each with the replay command that works there (this script, with the same --patch, `replay`).
#
# FAMILY is one of ecdiff's families (`families = [...]` in harness/Cargo.toml): dory,
# secp256k1, p256, halo2curves, pasta, jubjub, curve25519, bls12_381. PATH is the directory of CRATE's
# Cargo.toml, at any version: for the run, ecdiff's requirement of CRATE (its pin, k256 =0.14.0
# say) becomes that version (scripts/maintainer-pin.py); ecdiff's Cargo.toml and Cargo.lock
# are restored afterwards. If the family's adapters do not compile against that version's API,
# it says so, with the two versions and the first compile error, and exits 2. A patch that
# cargo still does not use is an error, not a silent run against crates.io. The exit code: 0
# every check agreed in every profile (known findings allowed), 1 something new was found, 2
# bad usage or input.
set -euo pipefail

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

root=$(cd "$(dirname "$0")/.." && pwd)
script_path=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
patches=()
patch_args=()
crates=()
paths=()
profile=both
while [ $# -gt 0 ]; do
    case "$1" in
        --profile)
            [ $# -ge 2 ] || usage
            profile=$2
            shift 2
            case "$profile" in
                debug | release | both) ;;
                *) echo "maintainer.sh: --profile takes debug, release or both, got '$profile'" >&2; exit 2 ;;
            esac
            ;;
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
            crates+=("$crate")
            paths+=("$abs")
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
backup=$(mktemp -d)
cp "$root/Cargo.lock" "$root/Cargo.toml" "$backup/"
restore() { cp "$backup/Cargo.lock" "$backup/Cargo.toml" "$root/"; rm -rf "$backup"; }
trap restore EXIT

# Each checkout's version, required exactly for this run.
versions=()
for i in "${!crates[@]}"; do
    versions+=("$(python3 "$root/scripts/maintainer-pin.py" "$root/Cargo.toml" "${crates[$i]}" "${paths[$i]}")") || exit 2
done

target_dir=$(cd "$root" && cargo metadata --format-version 1 --no-deps |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')

# build PROFILE: the ecdiff binary of that profile with the family and the patches; exit 2 with
# the first compile error when the family's adapters do not compile against a checkout.
build() {
    local flag=() log
    [ "$1" = release ] && flag=(--release)
    echo "=== building ecdiff ($1) with the $family family and ${patch_args[*]}" >&2
    log=$(mktemp)
    if ! (cd "$root" && cargo build "${flag[@]}" -p ecdiff --no-default-features \
            --features "cli,$family,parallel,precomputed-tables" "${patches[@]}") 2> >(tee "$log" >&2); then
        # A checkout built as a path dependency gets no `--cap-lints` (cargo caps registry
        # crates only), so a crate that denies warnings (`#![deny(warnings)]`) fails on a lint
        # this toolchain adds; its warnings are not ecdiff's business: cap them and build again.
        if grep -q 'implied by `#\[deny(warnings)\]`\|^note: the lint level is defined here' "$log" &&
            [[ " ${RUSTFLAGS:-} " != *" --cap-lints=warn "* ]]; then
            echo "maintainer.sh: the checkout denies a lint this toolchain raises; building again" \
                "with RUSTFLAGS=--cap-lints=warn (its lints stay warnings, as for a crates.io dependency)" >&2
            export RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }--cap-lints=warn"
            rm -f "$log"
            build "$1"
            return
        fi
        echo >&2
        for v in "${versions[@]}"; do
            read -r crate version pinned <<< "$v"
            echo "maintainer.sh: ecdiff's $family family does not compile against $crate $version" \
                "from the checkout (ecdiff is written against $crate $pinned); the first error:" >&2
        done
        awk '/^error/ { on = 1 } on && /^$/ { exit } on { print }' "$log" | head -n 40 >&2
        rm -f "$log"
        exit 2
    fi
    if grep -q "was not used in the crate graph" "$log"; then
        grep -A3 "was not used in the crate graph" "$log" >&2
        echo "maintainer.sh: cargo did not use a patch (another crate of the graph requires a" \
            "version of it that the checkout's does not satisfy)" >&2
        rm -f "$log"
        exit 2
    fi
    rm -f "$log"
}

command=${1:-run}
[ $# -gt 0 ] && shift
args=("$@")
if [ "$command" = run ]; then
    case " ${args[*]:-} " in
        *" --corpus "* | *" --no-save "*) ;;
        *) args+=(--corpus "$out/corpus") ;;
    esac
fi
# A reproducer of a finding in the checkout depends on the checkout, not on crates.io.
if [ "$command" = repro ]; then
    args+=("${patch_args[@]}")
fi

case "$profile" in
    both) profiles=(debug release) ;;
    *) profiles=("$profile") ;;
esac
status=0
for p in "${profiles[@]}"; do
    build "$p"
    echo "=== ecdiff $command ($p)" >&2
    got=0
    ECDIFF_REPLAY_PREFIX="$script_path --profile $p ${patch_args[*]} $family" \
        "$target_dir/$p/ecdiff" "$command" "${args[@]}" || got=$?
    echo "=== ecdiff $command ($p): exit $got" >&2
    if [ "$got" -gt "$status" ]; then
        status=$got
    fi
done
exit "$status"
