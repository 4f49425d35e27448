#!/usr/bin/env bash
# Proves maintainer mode (scripts/maintainer.sh) end to end, as `.ci/run` does, on a copy of
# k256 0.14.0 taken from cargo's registry at run time (never committed) whose version is bumped
# to 0.14.1, as a maintainer's branch would be: ecdiff pins =0.14.0, so the run must take the
# checkout's version in place of the pin.
#
#   1. unmodified (release): every check must agree (exit 0);
#   2. a debug-only planted bug (affine.rs `decompress` weakly normalizing the root whose parity
#      it then reads: the value is right, k256's magnitude checker refuses the unnormalized
#      element): with `--profile both`, the debug run must report it as a contract violation
#      (exit 1) and the release run must agree (exit 0);
#   3. a planted bug (the complete addition, Renes-Costello-Batina 2015 Algorithm 7, computing
#      3·b·Z₁Z₂ as 2·b·Z₁Z₂: a dropped term in `add_assign`), release: the campaign must report
#      a finding (exit 1), saved with a companion whose replay command is maintainer mode's
#      own, and that replay must give the finding's verdict again;
#   4. a copy whose API ecdiff's adapters do not compile against (0.15.0-pre.1 with
#      `ProjectivePoint::to_affine` renamed): exit 2, naming both versions and the first error.
#
#   scripts/maintainer-selftest.sh [ROUTINE-PREFIX]     (default k256_: the k256 0.14 routines)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
prefix=${1:-k256_}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# k256 0.14.0 as cargo fetched it for ecdiff's own lock file, as a fresh 0.14.1 checkout.
manifest=$(cd "$root" && cargo metadata --format-version 1 --locked |
    python3 -c 'import json, sys
pkgs = json.load(sys.stdin)["packages"]
print(next(p["manifest_path"] for p in pkgs if p["name"] == "k256" and p["version"] == "0.14.0"))')
fresh_copy() { # [VERSION, default 0.14.1]
    rm -rf "$work/k256"
    cp -r "$(dirname "$manifest")" "$work/k256"
    python3 - "$work/k256/Cargo.toml" "${1:-0.14.1}" <<'EOF'
import re, sys
path, version = sys.argv[1:]
text = open(path).read()
bumped, n = re.subn(r'(?m)^version = "0\.14\.0"$', f'version = "{version}"', text, count=1)
assert n == 1, "k256 0.14.0's Cargo.toml has no `version = \"0.14.0\"` line"
open(path, "w").write(bumped)
EOF
}

# plant FILE LINE REPLACEMENT: LINE must stand in FILE exactly once.
plant() {
    if [ "$(grep -cxF "$2" "$1")" != 1 ]; then
        echo "maintainer-selftest: $1 no longer has, once, the line to plant the bug in:" \
            "$2; update this script" >&2
        exit 1
    fi
    python3 - "$1" "$2" "$3" <<'EOF'
import sys
path, line, planted = sys.argv[1:]
text = open(path).read()
open(path, "w").write(text.replace(line, planted, 1))
EOF
}

# run EXPECTED-EXIT LABEL PROFILE: maintainer mode over the copy; its log in $work/LABEL.log.
run() {
    local want=$1 label=$2 profile=$3 got=0
    (cd "$work" && ECDIFF_OUT="$work/out-$label" "$root/scripts/maintainer.sh" \
        --profile "$profile" --patch k256="$work/k256" secp256k1 run "$prefix") \
        2> >(tee "$work/$label.log" >&2) || got=$?
    if [ "$got" != "$want" ]; then
        echo "maintainer-selftest: $label copy of k256 0.14.1 ($profile): exit $got, expected $want" >&2
        exit 1
    fi
    echo "maintainer-selftest: $label copy of k256 0.14.1 ($profile): exit $got, as expected" >&2
}

fresh_copy
run 0 unmodified release
grep -q "ecdiff takes k256 0.14.1 from the checkout, in place of its pin =0.14.0" \
    "$work/unmodified.log" || {
    echo "maintainer-selftest: the run did not say it took 0.14.1 in place of the pin" >&2
    exit 1
}

plant "$work/k256/src/arithmetic/affine.rs" \
    '                let beta = beta.normalize(); // Need to normalize for is_odd() to be consistent' \
    '                let beta = beta.normalize_weak(); // Need to normalize for is_odd() to be consistent'
run 1 debug-only both
for want in "ecdiff run (debug): exit 1" "ecdiff run (release): exit 0"; do
    grep -qF "=== $want" "$work/debug-only.log" || {
        echo "maintainer-selftest: the debug-only bug: expected '$want'" >&2
        exit 1
    }
done
grep -q "contract_violation" "$work/debug-only.log" || {
    echo "maintainer-selftest: the debug-only bug was not reported as a contract violation" >&2
    exit 1
}
echo "maintainer-selftest: the debug-only bug was caught by the debug profile only" >&2

fresh_copy
plant "$work/k256/src/arithmetic/projective.rs" \
    '        let bzz3 = (bzz.double() + &bzz).normalize_weak();' \
    '        let bzz3 = bzz.double().normalize_weak();'
run 1 planted release

companion=$(find "$work/out-planted/findings" -name '*.md' | head -n 1)
[ -n "$companion" ] || { echo "maintainer-selftest: no companion saved" >&2; exit 1; }
replay=$(grep -m1 -o "$root/scripts/maintainer.sh .* replay .*" "$companion" || true)
[ -n "$replay" ] || { echo "maintainer-selftest: $companion has no maintainer-mode replay command" >&2; exit 1; }
echo "maintainer-selftest: replaying: $replay" >&2
got=0
(cd "$work" && eval "$replay") || got=$?
[ "$got" = 1 ] || { echo "maintainer-selftest: the replay exited $got, expected 1 (the finding)" >&2; exit 1; }
echo "maintainer-selftest: the planted bug was found, saved and replayed through maintainer mode" >&2

fresh_copy 0.15.0-pre.1
plant "$work/k256/src/arithmetic/projective.rs" \
    '    pub fn to_affine(&self) -> AffinePoint {' \
    '    pub fn into_affine(&self) -> AffinePoint {'
got=0
(cd "$work" && "$root/scripts/maintainer.sh" --profile debug --patch k256="$work/k256" secp256k1) \
    2> "$work/api.log" || got=$?
[ "$got" = 2 ] || { echo "maintainer-selftest: a changed API exited $got, expected 2" >&2; exit 1; }
grep -q "does not compile against k256 0.15.0-pre.1 .*(ecdiff is written against k256 =0.14.0)" \
    "$work/api.log" && grep -q "^error" "$work/api.log" || {
    echo "maintainer-selftest: a changed API was not reported with both versions and the error" >&2
    cat "$work/api.log" >&2
    exit 1
}
echo "maintainer-selftest: a changed API was refused with both versions and the first error" >&2
