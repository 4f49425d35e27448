#!/usr/bin/env bash
# Proves maintainer mode (scripts/maintainer.sh) end to end, as `.ci/run` does: a copy of a
# published subject crate, taken from cargo's registry at run time (never committed), is run
# through the secp256k1 family twice:
#
#   1. unmodified: every check must agree (exit 0);
#   2. with a planted bug (k256 0.14.0's complete addition, Renes-Costello-Batina 2015
#      Algorithm 7, computing 3·b·Z₁Z₂ as 2·b·Z₁Z₂: a dropped term in `add_assign`): the
#      campaign must report a finding (exit 1), saved with a companion whose replay command is
#      maintainer mode's own, and that replay must give the finding's verdict again.
#
#   scripts/maintainer-selftest.sh [ROUTINE-PREFIX]     (default k256_: the k256 0.14 routines)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
prefix=${1:-k256_}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# k256 0.14.0 as cargo fetched it for ecdiff's own lock file.
manifest=$(cd "$root" && cargo metadata --format-version 1 --locked |
    python3 -c 'import json, sys
pkgs = json.load(sys.stdin)["packages"]
print(next(p["manifest_path"] for p in pkgs if p["name"] == "k256" and p["version"] == "0.14.0"))')
cp -r "$(dirname "$manifest")" "$work/k256"

run() { # expected-exit label
    local want=$1 label=$2 got=0
    (cd "$work" && ECDIFF_OUT="$work/out-$label" "$root/scripts/maintainer.sh" \
        --patch k256="$work/k256" secp256k1 run "$prefix") || got=$?
    if [ "$got" != "$want" ]; then
        echo "maintainer-selftest: $label copy of k256: exit $got, expected $want" >&2
        exit 1
    fi
    echo "maintainer-selftest: $label copy of k256: exit $got, as expected" >&2
}

run 0 unmodified

file=$work/k256/src/arithmetic/projective.rs
line='        let bzz3 = (bzz.double() + &bzz).normalize_weak();'
if [ "$(grep -cxF "$line" "$file")" != 1 ]; then
    echo "maintainer-selftest: k256 0.14.0's projective.rs no longer has, once, the line of" \
        "add_assign to plant the bug in; update this script" >&2
    exit 1
fi
python3 - "$file" "$line" <<'EOF'
import sys
path, line = sys.argv[1], sys.argv[2]
text = open(path).read()
planted = line.replace("(bzz.double() + &bzz)", "bzz.double()")
open(path, "w").write(text.replace(line, planted, 1))
EOF
run 1 planted

companion=$(find "$work/out-planted/findings" -name '*.md' | head -n 1)
[ -n "$companion" ] || { echo "maintainer-selftest: no companion saved" >&2; exit 1; }
replay=$(grep -m1 -o "$root/scripts/maintainer.sh .* replay .*" "$companion" || true)
[ -n "$replay" ] || { echo "maintainer-selftest: $companion has no maintainer-mode replay command" >&2; exit 1; }
echo "maintainer-selftest: replaying: $replay" >&2
got=0
(cd "$work" && eval "$replay") || got=$?
[ "$got" = 1 ] || { echo "maintainer-selftest: the replay exited $got, expected 1 (the finding)" >&2; exit 1; }
echo "maintainer-selftest: the planted bug was found, saved and replayed through maintainer mode" >&2
