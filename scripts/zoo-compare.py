#!/usr/bin/env python3
"""Compares two `ecdiff zoo --markdown` tables (or docs/zoo.md with a fresh run) row by row.

    cargo run --release -p ecdiff --features zoo -- zoo --seeds 5 --markdown /tmp/zoo.md
    python3 scripts/zoo-compare.py docs/zoo.md /tmp/zoo.md

A row is its variant and, per generator (edge-biased, uniform baseline), how many seeds caught
it and the median cases to detection; seconds are ignored (they are the machine's). Prints
each variant whose counts or medians differ, or that only one table has, and exits 1 if there
is any; exits 0 when every row matches.
"""
import sys


def rows(path):
    table = {}
    for line in open(path, encoding="utf-8"):
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        # The last six cells are measured (caught, cases, seconds, twice); the bug text before
        # them may itself hold a `|`.
        caught_e, cases_e, _, caught_u, cases_u, _ = cells[-6:]
        table[cells[0].strip("`")] = (caught_e, cases_e, caught_u, cases_u)
    return table


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    old, new = rows(sys.argv[1]), rows(sys.argv[2])
    if not old or not new:
        sys.exit(f"zoo-compare: no variant rows in {sys.argv[1] if not old else sys.argv[2]}")
    differ = 0
    for name in sorted(old.keys() | new.keys()):
        a, b = old.get(name), new.get(name)
        if a != b:
            differ += 1
            print(f"{name}: {a} -> {b}  (edge caught, edge median, uniform caught, uniform median)")
    print(f"{len(old)} and {len(new)} variants; {differ} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
