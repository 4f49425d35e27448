#!/usr/bin/env python3
"""Lists, for every module under harness/src/shapes/ and harness/src/generators/, who uses it:
each family folder (families/<family>.rs and families/<family>/), the core (any other module
of harness/src outside shapes/ and generators/, and the other shapes and generators), and the
downstream API (harness/examples/ and examples/downstream/). A module there that only one
family uses, or nobody, belongs in that family's folder (docs/architecture.md); one the core
uses is core. Exit 1 if there is such a module, 0 otherwise.

    python3 scripts/shared-users.py          # the table, then the verdict
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SRC = ROOT / "harness" / "src"
DOWNSTREAM = [ROOT / "harness" / "examples", ROOT / "examples" / "downstream"]


def rust_files(folder):
    return [p for p in folder.rglob("*.rs") if "target" not in p.parts]


def user_of(path):
    """The user a file counts as: `family <name>`, `core` or `downstream`."""
    if any(d in path.parents for d in DOWNSTREAM):
        return "downstream"
    rel = path.relative_to(SRC)
    if rel.parts[0] == "families" and len(rel.parts) > 1:
        return "family " + rel.parts[1].removesuffix(".rs")
    return "core"


def references(text, parent, name):
    """Whether `text` names module `parent::name`: a path `parent::name`, a group
    `parent::{…, name, …}` (one use statement), or, inside `parent`, `super::name`."""
    patterns = [
        rf"\b{parent}::{name}\b",
        rf"\b{parent}::\{{[^;]*?\b{name}\b",
    ]
    return any(re.search(p, text, re.S) for p in patterns)


def main():
    files = {p: p.read_text() for folder in [SRC, *DOWNSTREAM] for p in rust_files(folder)}
    failures = []
    for parent in ["shapes", "generators"]:
        for module in sorted((SRC / parent).glob("*.rs")):
            name = module.stem
            users = set()
            for path, text in files.items():
                if path == module:
                    continue
                inside = path.parent == SRC / parent
                if references(text, parent, name) or (
                    inside and re.search(rf"\bsuper::(\{{[^;]*?)?\b{name}\b", text, re.S)
                ):
                    users.add(user_of(path))
            row = f"{parent}/{module.name}: {', '.join(sorted(users)) or '(none)'}"
            print(row)
            if not users or (len(users) == 1 and next(iter(users)).startswith("family ")):
                failures.append(row)
    if failures:
        print("\nused by one family only, or by nothing:")
        print("\n".join("  " + f for f in failures))
        print("move each into the folder of its one user (docs/architecture.md)")
        return 1
    print("\nno module of shapes/ or generators/ is one family's alone")
    return 0


if __name__ == "__main__":
    sys.exit(main())
