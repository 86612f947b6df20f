#!/usr/bin/env python3
"""Known advisories against the lockfiles (T5), offline: reads the reviewed list
tests/deps/advisories.toml, Cargo.lock and ui/package-lock.json, and lists every lockfile
entry that falls in an advisory's affected range with what was decided for it.

Fails (exit 1) when an entry falls in a listed range and the advisory has no decision, or the
entry's version is not one the decision was reviewed for (a new package@version in a range);
also when the list itself is malformed. A reviewed version no longer locked is only noted.

    python3 scripts/advisories.py [--root DIR] [--list FILE] [--cargo-lock FILE] [--npm-lock FILE]

scripts/deps-review.sh runs it first; tests/deps/test_advisories.py runs it on the real
lockfiles and on fake ones.
"""

import argparse
import json
import re
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    sys.exit("scripts/advisories.py needs Python 3.11 or newer (tomllib)")

ROOT = Path(__file__).resolve().parents[1]
ECOSYSTEMS = ("crates.io", "npm")
KINDS = ("vulnerability", "unsound", "unmaintained")
DECISIONS = ("accepted", "keep out")
FIELDS = ("id", "ecosystem", "package", "affected", "kind", "title", "reviewed", "reviewed_versions", "decision", "why")


class ListError(Exception):
    """The reviewed list is malformed."""


# ---- versions and ranges ---------------------------------------------------------------------

VERSION = re.compile(r"^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$")


def parse_version(text):
    """(major, minor, patch, pre) where a release sorts after its pre-releases; None if not semver."""
    m = VERSION.match(text.strip())
    if not m:
        return None
    nums = tuple(int(x) if x else 0 for x in m.groups()[:3])
    pre = m.group(4)
    # A release (no pre-release) sorts after any pre-release of the same version.
    key = (1,) if pre is None else (0, tuple((0, int(p)) if p.isdigit() else (1, p) for p in pre.split(".")))
    return nums + (key,)


COMPARATOR = re.compile(r"^(>=|<=|>|<|=)?\s*(\S+)$")


def parse_range(text):
    """A range: alternatives ("||") of comparator sets (","); "*" is every version."""
    alternatives = []
    for alt in text.split("||"):
        alt = alt.strip()
        if alt == "*":
            alternatives.append([])
            continue
        clauses = []
        for clause in alt.split(","):
            m = COMPARATOR.match(clause.strip())
            bound = parse_version(m.group(2)) if m else None
            if bound is None:
                raise ListError(f"cannot read the range {text!r} (at {clause.strip()!r})")
            clauses.append((m.group(1) or "=", bound))
        alternatives.append(clauses)
    return alternatives


def in_range(version, alternatives):
    v = parse_version(version)
    if v is None:
        return None
    ops = {
        ">=": lambda a, b: a >= b,
        "<=": lambda a, b: a <= b,
        ">": lambda a, b: a > b,
        "<": lambda a, b: a < b,
        "=": lambda a, b: a == b,
    }
    return any(all(ops[op](v, bound) for op, bound in clauses) for clauses in alternatives)


# ---- the lockfiles ---------------------------------------------------------------------------


def cargo_entries(text):
    """(name, version) of every registry package in a Cargo.lock (the workspace's own crates,
    which have no source, are not dependencies)."""
    lock = tomllib.loads(text)
    return sorted({(p["name"], p["version"]) for p in lock.get("package", []) if p.get("source")})


def npm_entries(text):
    """(name, version) of every installed package in a package-lock.json (v2/v3 `packages`)."""
    lock = json.loads(text)
    out = set()
    for path, meta in lock.get("packages", {}).items():
        if not path or meta.get("link") or "version" not in meta:
            continue
        out.add((path.rsplit("node_modules/", 1)[-1], meta["version"]))
    return sorted(out)


# ---- the reviewed list -----------------------------------------------------------------------

DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def read_list(text):
    """The advisories, checked field by field."""
    data = tomllib.loads(text)
    advisories = data.get("advisory", [])
    if not advisories:
        raise ListError("the list has no [[advisory]] entries")
    seen = set()
    for a in advisories:
        where = a.get("id", "an advisory without an id")
        missing = [f for f in FIELDS if f not in a]
        if missing:
            raise ListError(f"{where}: missing {', '.join(missing)}")
        if a["ecosystem"] not in ECOSYSTEMS:
            raise ListError(f"{where}: ecosystem {a['ecosystem']!r} is not one of {ECOSYSTEMS}")
        if a["kind"] not in KINDS:
            raise ListError(f"{where}: kind {a['kind']!r} is not one of {KINDS}")
        if not DATE.match(str(a["reviewed"])):
            raise ListError(f"{where}: reviewed {a['reviewed']!r} is not YYYY-MM-DD")
        if not isinstance(a["reviewed_versions"], list):
            raise ListError(f"{where}: reviewed_versions is not a list")
        for v in a["reviewed_versions"]:
            if parse_version(str(v)) is None:
                raise ListError(f"{where}: reviewed version {v!r} is not a version")
        key = (a["id"], a["ecosystem"], a["package"])
        if key in seen:
            raise ListError(f"{where}: listed twice for {a['package']}")
        seen.add(key)
        a["_range"] = parse_range(a["affected"])
    return advisories


# ---- the check -------------------------------------------------------------------------------


def check(advisories, locked):
    """`locked`: {ecosystem: [(name, version)]}. Returns (listed, failures, notes): one line for
    each lockfile entry in a listed range, one for each reason to fail, one for each reviewed
    version that is no longer locked."""
    listed, failures, notes = [], [], []
    for a in advisories:
        entries = [(n, v) for n, v in locked.get(a["ecosystem"], []) if n == a["package"]]
        hits = []
        for name, version in entries:
            hit = in_range(version, a["_range"])
            if hit is None:
                failures.append(f"{name}@{version} ({a['ecosystem']}): not a version the range of {a['id']} can be compared with")
            elif hit:
                hits.append(version)
        for version in hits:
            entry = f"{a['package']}@{version} ({a['ecosystem']})"
            decision = str(a.get("decision") or "").strip()
            if decision not in DECISIONS:
                failures.append(f"{entry} is in the range of {a['id']} ({a['affected']}), which has no decision")
            elif version not in [str(v) for v in a["reviewed_versions"]]:
                reviewed = ", ".join(str(v) for v in a["reviewed_versions"]) or "none"
                failures.append(
                    f"{entry} is in the range of {a['id']} ({a['affected']}) but was not reviewed "
                    f"(reviewed versions: {reviewed}): review it, then add it to reviewed_versions in "
                    f"tests/deps/advisories.toml with today's date"
                )
            else:
                listed.append(f"{entry}  {a['id']} ({a['kind']}, reviewed {a['reviewed']}): {decision} — {' '.join(a['why'].split())}")
        locked_versions = {v for _, v in entries}
        for v in a["reviewed_versions"]:
            if str(v) not in locked_versions:
                notes.append(f"{a['package']}@{v} ({a['ecosystem']}) of {a['id']} is no longer locked")
    return listed, failures, notes


def run(list_text, cargo_lock_text, npm_lock_text, out=sys.stdout):
    """The whole check on these texts; prints the report and returns the exit status."""
    try:
        advisories = read_list(list_text)
        locked = {"crates.io": cargo_entries(cargo_lock_text), "npm": npm_entries(npm_lock_text)}
    except (ListError, tomllib.TOMLDecodeError, json.JSONDecodeError, KeyError) as e:
        print(f"advisories: FAIL: {e}", file=out)
        return 1
    listed, failures, notes = check(advisories, locked)
    print(
        f"Known advisories ({len(advisories)} reviewed) against {len(locked['crates.io'])} crates in "
        f"Cargo.lock and {len(locked['npm'])} npm packages in ui/package-lock.json:",
        file=out,
    )
    for line in listed:
        print(f"  {line}", file=out)
    if not listed:
        print("  no locked package is in a listed range", file=out)
    for line in notes:
        print(f"  note: {line}", file=out)
    for line in failures:
        print(f"advisories: FAIL: {line}", file=out)
    return 1 if failures else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--list", type=Path)
    parser.add_argument("--cargo-lock", type=Path)
    parser.add_argument("--npm-lock", type=Path)
    args = parser.parse_args(argv)
    list_path = args.list or args.root / "tests" / "deps" / "advisories.toml"
    cargo = args.cargo_lock or args.root / "Cargo.lock"
    npm = args.npm_lock or args.root / "ui" / "package-lock.json"
    texts = [p.read_text(encoding="utf-8") for p in (list_path, cargo, npm)]
    return run(*texts)


if __name__ == "__main__":
    sys.exit(main())
