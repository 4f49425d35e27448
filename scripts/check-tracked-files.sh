#!/usr/bin/env bash
# Fails when git tracks build output or an oversized file. A reproducer run by hand with
# `cargo run` inside its folder once committed its whole target/ (228 MB of binaries, 527 files);
# a rebuild then rewrote them, and a session's commits grew past what a submission may carry.
# Build output belongs in the ignored target folders (scripts/run-reproducers.sh: target/repro).
#
#   scripts/check-tracked-files.sh [MAX_BYTES]    default 4 MiB (the largest committed vector
#                                                 file, geth_blsG1MultiExp.json, is 3.4 MiB)
set -euo pipefail
cd "$(dirname "$0")/.."
max="${1:-4194304}"
failed=0
build_output=$(git ls-files | grep -E '(^|/)target/' || true)
if [ -n "$build_output" ]; then
    echo "build output is tracked ($(wc -l <<< "$build_output") files); untrack it with"
    echo "  git rm -r --cached <folder>/target   (and keep it ignored: .gitignore)"
    head -5 <<< "$build_output" | sed 's/^/    /'
    failed=1
fi
while IFS= read -r -d '' file; do
    [ -f "$file" ] || continue
    size=$(stat -c %s "$file")
    if [ "$size" -gt "$max" ]; then
        echo "tracked file over $max bytes: $file ($size bytes)"
        failed=1
    fi
done < <(git ls-files -z)
[ "$failed" = 0 ] && echo "tracked files: no build output, none over $max bytes"
exit "$failed"
