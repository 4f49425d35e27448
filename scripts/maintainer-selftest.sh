#!/usr/bin/env bash
# Proves maintainer mode (scripts/maintainer.sh) end to end, as `.ci/run` does, on copies of
# published subject crates taken from cargo's registry at run time (never committed).
#
# secp256k1, on k256 0.14.0 with its version bumped to 0.14.1, as a maintainer's branch would
# be (ecdiff pins =0.14.0, so the run must take the checkout's version in place of the pin):
#
#   1. unmodified (release, with `--controls` only: the nightly `maintainer-crates` job runs
#      it): every check must agree (exit 0);
#   2. a debug-only planted bug (affine.rs `decompress` weakly normalizing the root whose parity
#      it then reads: the value is right, k256's magnitude checker refuses the unnormalized
#      element): with `--profile both`, the debug run must report it as a contract violation
#      (exit 1) and the release run must agree (exit 0: the control on a k256 that is not the
#      pin); both must say they took 0.14.1 in place of the pin;
#   3. a planted bug (the complete addition, Renes-Costello-Batina 2015 Algorithm 7, computing
#      3·b·Z₁Z₂ as 2·b·Z₁Z₂: a dropped term in `add_assign`), release: the campaign must report
#      a finding (exit 1), saved with a companion whose replay command is maintainer mode's
#      own, and that replay must give the finding's verdict again; and `ecdiff repro` through
#      maintainer mode must write a standalone reproducer of a saved finding that depends on
#      the planted checkout and, built and run alone, exits 1 with its DIFFERENT: line;
#   4. a copy whose API ecdiff's adapters do not compile against (0.15.0-pre.1 with
#      `ProjectivePoint::to_affine` renamed): exit 2, naming both versions and the first error.
#
# bls12_381 on zkcrypto's bls12_381 0.9.0 and curve25519 on curve25519-dalek 5.0.0 (release,
# over the routines of that crate): with a planted bug, exit 1 and the replay of a saved finding
# exit 1, and a standalone reproducer of a saved finding that depends on the planted copy and
# exits 1 (their unmodified copies, exit 0, are the nightly `maintainer-crates` job's, which runs
# every crate the README lists unmodified through the same script; `--controls` runs them here
# too) (zkcrypto's G1 `batch_normalize` multiplying identities'
# zero z into its running product, so the batch inversion fails; dalek's
# `CompressedEdwardsY::decompress` taking the opposite sign of x).
#
# With `--every-family`, the other three families too, each with a planted bug, a saved finding
# replayed and its standalone reproducer run (the nightly `maintainer-crates` job; ~2 min a
# family): dory on dory-pcs 0.5.0 (the G1 MSM's batch path taking raw Jacobian coordinates as
# affine instead of normalizing them, the dory-pcs#27 class), p256 on p256 0.14.0 (field
# addition dropping the carry out of the top word, which bit 256 of a sum of two elements
# below p can set) and halo2curves on halo2curves 0.10.0 (`msm_serial` one window short: the
# top window, which holds the Booth carry, never added). `--only CRATE` (repeatable) runs just
# those crates' checks: `--only k256` the k256 steps above (what `.ci/run` runs; the bls12_381
# and curve25519-dalek legs, ~1:45, are the nightly `maintainer-crates` job's), any other crate
# of the list its family check. A crate without a check here is refused (exit 2).
#
#   scripts/maintainer-selftest.sh [--controls] [--every-family] [--only CRATE]...
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
controls=0
every_family=0
only=()
while [ $# -gt 0 ]; do
    case "$1" in
        --controls) controls=1 ;;
        --every-family) every_family=1 ;;
        --only)
            [ $# -ge 2 ] || { echo "maintainer-selftest: --only needs a crate name" >&2; exit 2; }
            only+=("$2")
            shift
            ;;
        *)
            echo "maintainer-selftest: unknown argument '$1' (--controls, --every-family, --only CRATE)" >&2
            exit 2
            ;;
    esac
    shift
done
checked_crates=(k256 bls12_381 curve25519-dalek dory-pcs p256 halo2curves)
for crate in "${only[@]}"; do
    printf ' %s ' "${checked_crates[@]}" | grep -qF " $crate " || {
        echo "maintainer-selftest: no check for crate '$crate' (--only takes one of: ${checked_crates[*]})" >&2
        exit 2
    }
done
# selected CRATE: whether this run checks CRATE (every crate without --only).
selected() {
    [ ${#only[@]} = 0 ] || printf ' %s ' "${only[@]}" | grep -qF " $1 "
}
prefix=k256_
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# registry_dir CRATE VERSION: the crate as cargo fetched it for ecdiff's own lock file.
registry_dir() {
    (cd "$root" && cargo metadata --format-version 1 --locked) | python3 -c 'import json, os, sys
pkgs = json.load(sys.stdin)["packages"]
name, version = sys.argv[1:]
print(os.path.dirname(next(p["manifest_path"] for p in pkgs
                           if p["name"] == name and p["version"] == version)))' "$1" "$2"
}

# k256 0.14.0, as a fresh 0.14.1 checkout.
manifest=$(registry_dir k256 0.14.0)/Cargo.toml
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

# repro_saved OUT CRATE PATH FAMILY: `ecdiff repro` through maintainer mode writes a standalone
# reproducer of a finding saved under OUT (the first whose routine has a template), depending
# on the planted checkout at PATH; built and run on its own, it must show the finding (exit 1).
repro_saved() {
    local file project got
    for file in $(find "$1/corpus" -type f | sort); do
        project="$work/repro-$2"
        rm -rf "$project"
        if (cd "$work" && "$root/scripts/maintainer.sh" --profile release --patch "$2=$3" "$4" \
            repro "$file" --out "$project") > "$work/repro-$2.log" 2>&1; then
            got=0
            # The target dir and build settings of scripts/run-reproducers.sh, whose build of
            # the published crates' dependencies this one reuses (the patched crate is a path
            # dependency, built anew).
            CARGO_TARGET_DIR="$root/target/repro" CARGO_PROFILE_DEV_DEBUG=0 CARGO_INCREMENTAL=0 \
                cargo run -q --manifest-path "$project/Cargo.toml" \
                > "$work/repro-$2.out" 2>&1 || got=$?
            if [ "$got" = 1 ] && grep -q '^DIFFERENT:' "$work/repro-$2.out"; then
                echo "maintainer-selftest: the standalone reproducer of $file (on the planted $2) shows the finding" >&2
                return 0
            fi
            echo "maintainer-selftest: the reproducer of $file exited $got without its DIFFERENT: line" >&2
            cat "$work/repro-$2.out" >&2
            exit 1
        fi
    done
    echo "maintainer-selftest: no finding saved under $1 has a reproducer template" >&2
    tail -n 3 "$work/repro-$2.log" >&2
    exit 1
}

# replay_saved OUT CRATE: the first companion saved under OUT carries maintainer mode's own
# replay command, and that replay gives the finding again (exit 1).
replay_saved() {
    local companion replay got=0
    companion=$(find "$1/findings" -name '*.md' | head -n 1)
    [ -n "$companion" ] || { echo "maintainer-selftest: no $2 companion saved" >&2; exit 1; }
    replay=$(grep -m1 -o "$root/scripts/maintainer.sh .* replay .*" "$companion" || true)
    [ -n "$replay" ] || { echo "maintainer-selftest: $companion has no maintainer-mode replay command" >&2; exit 1; }
    echo "maintainer-selftest: replaying: $replay" >&2
    (cd "$work" && eval "$replay") || got=$?
    [ "$got" = 1 ] || { echo "maintainer-selftest: the $2 replay exited $got, expected 1 (the finding)" >&2; exit 1; }
    echo "maintainer-selftest: the planted $2 bug was found, saved and replayed through maintainer mode" >&2
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

# The k256 steps (1–4 of the header).
k256_steps() {
    fresh_copy
    if [ "$controls" = 1 ]; then
        run 0 unmodified release
    fi

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
    grep -q "ecdiff takes k256 0.14.1 from the checkout, in place of its pin =0.14.0" \
        "$work/debug-only.log" || {
        echo "maintainer-selftest: the run did not say it took 0.14.1 in place of the pin" >&2
        exit 1
    }
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

    replay_saved "$work/out-planted" k256
    repro_saved "$work/out-planted" k256 "$work/k256" secp256k1

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
}

if selected k256; then
    k256_steps
fi

# family CRATE VERSION FAMILY PREFIX FILE LINE REPLACEMENT: a copy of CRATE VERSION with LINE of
# FILE replaced (exit 1, and a saved finding replays to exit 1); with --controls, first clean
# (exit 0).
family() {
    local crate=$1 version=$2 fam=$3 routines=$4 file=$5 line=$6 replacement=$7 got
    selected "$crate" || return 0
    rm -rf "${work:?}/$crate"
    cp -r "$(registry_dir "$crate" "$version")" "$work/$crate"
    local labels=(planted)
    [ "$controls" = 0 ] || labels=(unmodified planted)
    for label in "${labels[@]}"; do
        local want=0
        if [ "$label" = planted ]; then
            plant "$work/$crate/$file" "$line" "$replacement"
            want=1
        fi
        got=0
        (cd "$work" && ECDIFF_OUT="$work/out-$crate-$label" "$root/scripts/maintainer.sh" \
            --profile release --patch "$crate=$work/$crate" "$fam" run "$routines") || got=$?
        [ "$got" = "$want" ] || {
            echo "maintainer-selftest: $label copy of $crate $version: exit $got, expected $want" >&2
            exit 1
        }
        echo "maintainer-selftest: $label copy of $crate $version: exit $got, as expected" >&2
    done
    replay_saved "$work/out-$crate-planted" "$crate"
    repro_saved "$work/out-$crate-planted" "$crate" "$work/$crate" "$fam"
}

family bls12_381 0.9.0 bls12_381 zkcrypto_ src/g1.rs \
    '            acc = Fp::conditional_select(&(acc * p.z), &acc, p.is_identity());' \
    '            acc = acc * p.z;'
family curve25519-dalek 5.0.0 curve25519 dalek_edwards_ src/edwards.rs \
    '        let compressed_sign_bit = Choice::from(repr.as_bytes()[31] >> 7);' \
    '        let compressed_sign_bit = !Choice::from(repr.as_bytes()[31] >> 7);'
if [ "$every_family" = 1 ] || [ ${#only[@]} -gt 0 ]; then
    family dory-pcs 0.5.0 dory dory_g1_msm src/backends/arkworks/ark_group.rs \
        '            G1Projective::normalize_batch(&bases_proj)' \
        '            bases_proj.iter().map(|b| G1Affine::new_unchecked(b.x, b.y)).collect()'
    family p256 0.14.0 p256 p256_mul src/arithmetic/field/field64.rs \
        '    let (w3, w4) = a[3].carrying_add(b[3], carry);' \
        '    let (w3, _) = a[3].carrying_add(b[3], carry); let w4 = Limb::ZERO;'
    family halo2curves 0.10.0 halo2curves halo2_bn256_msm_serial src/msm.rs \
        '    let number_of_windows = max_byte_size * 8_usize / c + 1;' \
        '    let number_of_windows = max_byte_size * 8_usize / c;'
fi
