#!/usr/bin/env bash
# Maintainer mode (scripts/maintainer.sh) on every crate the README's "Maintainer mode" section
# lists, as a maintainer's branch would present it: a copy of the version ecdiff locks, taken
# from cargo's registry, with its version bumped to the next patch release (so the run must take
# the checkout's version in place of ecdiff's pin), run over that crate's routines in release.
# Each must agree everywhere (exit 0, known findings allowed) and must say it took the checkout.
#
#   scripts/maintainer-crates.sh [CRATE ...]     # default: every crate of the table below
#
# `scripts/maintainer-selftest.sh` (in `.ci/run`) proves planted bugs are caught, debug-only
# contracts and API errors on k256, zkcrypto's bls12_381 and curve25519-dalek; this script
# proves the rest of the list builds and runs (the nightly workflow runs it: about 25 minutes
# on 2 cores, one release build per crate).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# crate, ecdiff's locked version, family, the routine prefix of that crate's rows.
table="dory-pcs 0.5.0 dory dory_
ark-ec 0.5.0 dory ark_
ark-bls12-377 0.5.0 dory ark_bls12_377_
ark-ed-on-bn254 0.5.0 dory ark_ed_on_bn254_
ark-secp256k1 0.5.0 dory ark_secp256k1_
k256 0.14.0 secp256k1 k256_
k256 0.13.4 secp256k1 k256_013_
p256 0.14.0 p256 p256_
halo2curves 0.10.0 halo2curves halo2_
pasta_curves 0.6.1 pasta pasta_
jubjub 0.11.1 jubjub jubjub_
curve25519-dalek 5.0.0 curve25519 dalek_
tari_bulletproofs_plus 0.5.3 curve25519 tari_
blstrs 0.7.1 bls12_381 blst_
blst LOCKED bls12_381 blst_
bls12_381 0.9.0 bls12_381 zkcrypto_
ark-bls12-381 0.5.0 bls12_381 ark_bls12_381_"

metadata=$(cd "$root" && cargo metadata --format-version 1 --locked)
# registry_dir CRATE VERSION (LOCKED: the one version the lock file has).
registry_dir() {
    python3 -c 'import json, os, sys
pkgs = [p for p in json.load(sys.stdin)["packages"] if p["name"] == sys.argv[1]
        and p["source"] and sys.argv[2] in ("LOCKED", p["version"])]
if len(pkgs) != 1:
    sys.exit(f"maintainer-crates: {len(pkgs)} locked versions of {sys.argv[1]} {sys.argv[2]}")
print(os.path.dirname(pkgs[0]["manifest_path"]), pkgs[0]["version"])' "$1" "$2" <<< "$metadata"
}

failed=()
while read -r crate version family prefix; do
    if [ $# -gt 0 ] && ! printf ' %s ' "$@" | grep -q " $crate "; then
        continue
    fi
    read -r dir locked < <(registry_dir "$crate" "$version")
    bumped=$(python3 -c 'import sys; a, b, c = sys.argv[1].split(".")[:3]; print(f"{a}.{b}.{int(c) + 1}")' "$locked")
    copy="$work/$crate-$locked"
    cp -r "$dir" "$copy"
    python3 - "$copy/Cargo.toml" "$locked" "$bumped" <<'PY'
import re, sys
path, old, new = sys.argv[1:]
text = open(path).read()
text, n = re.subn(rf'(?m)^version = "{re.escape(old)}"$', f'version = "{new}"', text, count=1)
assert n == 1, f"{path} has no `version = \"{old}\"` line"
open(path, "w").write(text)
PY
    echo "=== maintainer-crates: $crate $locked as $bumped, family $family, routines $prefix*" >&2
    start=$SECONDS
    got=0
    (cd "$work" && ECDIFF_OUT="$work/out-$crate-$locked" "$root/scripts/maintainer.sh" \
        --profile release --patch "$crate=$copy" "$family" run "$prefix") \
        2> >(tee "$work/$crate-$locked.log" >&2) || got=$?
    took=$((SECONDS - start))
    if [ "$got" = 0 ] && grep -q "takes $crate $bumped from the checkout" "$work/$crate-$locked.log"; then
        echo "maintainer-crates: $crate $bumped ($family): exit 0 in ${took}s" >&2
    else
        echo "maintainer-crates: $crate $bumped ($family): exit $got in ${took}s, expected 0 with the checkout taken" >&2
        failed+=("$crate $bumped")
    fi
    rm -rf "$copy"
done <<< "$table"

if [ ${#failed[@]} -gt 0 ]; then
    echo "maintainer-crates: failed: ${failed[*]}" >&2
    exit 1
fi
echo "maintainer-crates: every crate ran clean through maintainer mode" >&2
