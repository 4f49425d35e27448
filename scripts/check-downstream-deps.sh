#!/usr/bin/env bash
# Fails when the ecdiff a downstream crate builds (ecdiff's own dependency tree there, with the
# features that crate turns on) names a subject crate of ecdiff's built-in families or a crate
# of ecdiff's command line: a crate that checks its own routines with `ecdiff = {
# default-features = false, features = ["arkworks"] }` must compile ecdiff, its oracles and
# arkworks, nothing else of ecdiff's. The crate's own dependencies are its business (the
# example's p384 brings primeorder, which p256 uses too).
#
#   scripts/check-downstream-deps.sh MANIFEST [MANIFEST ...]
set -euo pipefail
forbidden='ark-bls12-377|ark-ed-on-bn254|ark-secp256k1|blst|blstrs|halo2curves|pasta_curves|jubjub|curve25519-dalek|tari_bulletproofs_plus|k256|p256|primeorder|dory-pcs|bls12_381|ecsm-witness|clap|indicatif|ctrlc'
status=0
for manifest in "$@"; do
    # ecdiff's subtree: the lines below the direct dependency `1ecdiff ...` deeper than 1
    # (--no-dedupe: a crate met earlier under the crate's own dependencies is expanded again).
    tree=$(cargo tree --manifest-path "$manifest" -e normal,dev --no-dedupe --prefix depth --format '{p}' |
        awk '/^1ecdiff / { inside = 1; next } /^1/ { inside = 0 } inside { sub(/^[0-9]+/, ""); print }')
    if [ -z "$tree" ]; then
        echo "check-downstream-deps: $manifest has no direct dependency on ecdiff" >&2
        status=1
        continue
    fi
    found=$(printf '%s\n' "$tree" | awk '{print $1}' | sort -u | grep -xE "$forbidden" || true)
    crates=$(printf '%s\n' "$tree" | awk '{print $1 " " $2}' | sort -u | wc -l)
    if [ -n "$found" ]; then
        echo "check-downstream-deps: ecdiff, as $manifest builds it, depends on:" $found >&2
        status=1
    else
        echo "check-downstream-deps: $manifest: ecdiff builds $crates crates there, none of its subject or CLI crates"
    fi
done
exit $status
