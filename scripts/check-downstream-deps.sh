#!/usr/bin/env bash
# Fails when a downstream crate's dependency tree (normal and dev dependencies, every target)
# names a subject crate of ecdiff's built-in families or a crate of ecdiff's command line: a
# crate that checks its own routines with `ecdiff = { default-features = false, features =
# ["arkworks"] }` must compile ecdiff, its oracles and arkworks, nothing else of ecdiff's.
#
#   scripts/check-downstream-deps.sh MANIFEST [MANIFEST ...]
set -euo pipefail
forbidden='blst|blstrs|halo2curves|curve25519-dalek|tari_bulletproofs_plus|k256|p256|primeorder|dory-pcs|bls12_381|ecsm-witness|clap|indicatif|ctrlc'
status=0
for manifest in "$@"; do
    tree=$(cargo tree --manifest-path "$manifest" -e normal,dev --prefix none --format '{p}')
    found=$(printf '%s\n' "$tree" | awk '{print $1}' | sort -u | grep -xE "$forbidden" || true)
    crates=$(printf '%s\n' "$tree" | awk '{print $1 " " $2}' | sort -u | wc -l)
    if [ -n "$found" ]; then
        echo "check-downstream-deps: $manifest depends on:" $found >&2
        status=1
    else
        echo "check-downstream-deps: $manifest: $crates crates, none of ecdiff's subject or CLI crates"
    fi
done
exit $status
