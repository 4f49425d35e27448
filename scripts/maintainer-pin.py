#!/usr/bin/env python3
"""Maintainer mode's version override: makes ecdiff's workspace manifest require exactly the
version of a maintainer's checkout, for one run (scripts/maintainer.sh restores the file).

    maintainer-pin.py WORKSPACE_CARGO_TOML CRATE CHECKOUT_DIR

Reads CRATE's name and version from CHECKOUT_DIR/Cargo.toml (a `version.workspace = true` is
looked up in the enclosing workspace's `[workspace.package]`), finds the entries of
`[workspace.dependencies]` that take CRATE from crates.io (`CRATE = ...` or
`alias = { package = "CRATE", ... }`), and rewrites the requirement of the one of the checkout's
semver series (the highest pinned one when none is) to `=<checkout version>`, so that cargo's
`patch.crates-io` applies. Prints one line `CRATE CHECKOUT_VERSION PINNED_REQUIREMENT` on stdout
and what it did on stderr. Exit 2 with a message when the checkout is not CRATE or ecdiff does
not depend on CRATE directly.
"""
import pathlib
import re
import sys
import tomllib


def fail(message):
    print(f"maintainer.sh: {message}", file=sys.stderr)
    sys.exit(2)


def checkout_version(checkout, crate):
    manifest = checkout / "Cargo.toml"
    data = tomllib.loads(manifest.read_text())
    package = data.get("package")
    if package is None:
        fail(f"{manifest} has no [package]: give the crate's own directory, not its workspace")
    if package.get("name") != crate:
        fail(f"{manifest} is the package '{package.get('name')}', not '{crate}'")
    version = package.get("version")
    if isinstance(version, dict) and version.get("workspace"):
        for parent in manifest.parents[1:]:
            candidate = parent / "Cargo.toml"
            if candidate.is_file():
                ws = tomllib.loads(candidate.read_text()).get("workspace", {})
                if "package" in ws and "version" in ws["package"]:
                    return ws["package"]["version"]
        fail(f"{manifest} takes its version from a workspace, and none above it gives one")
    if not isinstance(version, str):
        fail(f"{manifest} gives no version")
    return version


def version_key(requirement):
    numbers = re.findall(r"\d+", requirement)
    return tuple(int(n) for n in numbers[:3])


def same_series(a, b):
    """Whether two versions are semver-compatible: the same first non-zero component, at the
    same place (1.2 and 1.9; 0.14.0 and 0.14.1; not 0.13.4 and 0.14.0)."""
    a, b = list(a) + [0] * 3, list(b) + [0] * 3
    for x, y in zip(a[:3], b[:3]):
        if x != y:
            return False
        if x != 0:
            return True
    return True


def main():
    if len(sys.argv) != 4:
        fail("usage: maintainer-pin.py WORKSPACE_CARGO_TOML CRATE CHECKOUT_DIR")
    manifest, crate, checkout = pathlib.Path(sys.argv[1]), sys.argv[2], pathlib.Path(sys.argv[3])
    version = checkout_version(checkout, crate)
    text = manifest.read_text()
    deps = tomllib.loads(text).get("workspace", {}).get("dependencies", {})
    entries = []
    for alias, spec in deps.items():
        if isinstance(spec, str):
            package, requirement = alias, spec
        elif isinstance(spec, dict) and "version" in spec and "path" not in spec:
            package, requirement = spec.get("package", alias), spec["version"]
        else:
            continue
        if package == crate:
            entries.append((version_key(requirement), alias, requirement))
    if not entries:
        fail(f"ecdiff does not depend on {crate} directly (no [workspace.dependencies] entry)")
    # Two requirements of one crate (k256 =0.14.0 and, as k256-013, =0.13.4): the checkout
    # replaces the one of its own semver series, or the newest when it is of neither.
    wanted = version_key(version)
    compatible = [e for e in entries if same_series(e[0], wanted)]
    _, alias, requirement = max(compatible or entries)
    print(f"{crate} {version} {requirement}")
    if requirement == f"={version}":
        return
    line_re = re.compile(rf'^({re.escape(alias)}\s*=\s*)(.*)$', re.M)
    match = line_re.search(text)
    if match is None:
        fail(f"cannot find the line of {alias} in {manifest}")
    value = match.group(2)
    if value.startswith('"'):
        new_value = f'"={version}"'
    else:
        new_value, n = re.subn(r'version\s*=\s*"[^"]*"', f'version = "={version}"', value, count=1)
        if n != 1:
            fail(f"cannot find the version of {alias} on its line in {manifest}")
    text = text[: match.start(2)] + new_value + text[match.end(2):]
    manifest.write_text(text)
    print(
        f"maintainer.sh: for this run ecdiff takes {crate} {version} from the checkout, in place "
        f"of its pin {requirement} ({alias} in {manifest.name}; restored afterwards)",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
