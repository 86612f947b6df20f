#!/usr/bin/env bash
# Dependency review (T5) for machines where no advisory database can be fetched (`cargo
# audit` and `npm audit` both fail here): lists every direct dependency whose locked
# version is behind the newest release its registry serves.
#
#   Rust: the root Cargo.toml's [workspace.dependencies] and every member's own
#         (non-workspace, non-path) dependencies; locked version from `cargo metadata
#         --locked`, newest from `cargo info NAME` (crates.io; `cargo search` has no
#         endpoint on this machine's registry mirror). A pre-release is noted, not counted.
#   UI:   ui/package.json dependencies and devDependencies; locked version from
#         ui/package-lock.json, newest from `npm view NAME dist-tags.latest`.
#
# Columns: the requirement, the locked version, the newest release, and what it takes:
# "lock" (the newest matches the requirement: `cargo update -p NAME` / `npm update NAME`
# brings it in) or "manifest" (the requirement itself must change). `--all` also lists the
# dependencies that are current. Changes nothing. Exits 0 when every lookup answered, 2 when
# a registry could not be asked (the table then says "?").
#
# First, offline: the advisories known to this project (tests/deps/advisories.toml) against
# every entry of Cargo.lock and ui/package-lock.json (scripts/advisories.py): each locked
# entry in a listed range with its decision. Exits 1 when one falls in a range without a
# decision for its version (the registry table is still printed).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
all=0
[ "${1:-}" = "--all" ] && all=1

advisories=0
python3 "$root/scripts/advisories.py" || advisories=1
echo

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# name, requirement, locked version (one line each, tab-separated).
cargo metadata --format-version 1 --locked --quiet >"$tmp/metadata.json"
python3 - "$tmp/metadata.json" >"$tmp/rust.tsv" <<'PY'
import json, sys
meta = json.load(open(sys.argv[1]))
members = set(meta["workspace_members"])
pkgs = {p["id"]: p for p in meta["packages"]}
nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
seen = {}
for mid in members:
    pkg = pkgs[mid]
    resolved = {}
    for d in nodes[mid]["deps"]:
        dep = pkgs[d["pkg"]]
        resolved[d["name"]] = dep["version"]
        resolved[dep["name"]] = dep["version"]
    for dep in pkg["dependencies"]:
        if dep.get("path") or dep.get("source") is None:
            continue  # path dependencies (the workspace's own crates)
        name = dep["rename"] or dep["name"]
        version = resolved.get(name.replace("-", "_")) or resolved.get(dep["name"]) or "?"
        key = (dep["name"], dep["req"])
        seen.setdefault(key, set()).add(version)
for (name, req), versions in sorted(seen.items()):
    print(f"{name}\t{req}\t{','.join(sorted(versions))}")
PY

python3 - ui/package.json ui/package-lock.json >"$tmp/npm.tsv" <<'PY'
import json, sys
manifest = json.load(open(sys.argv[1]))
lock = json.load(open(sys.argv[2]))
for section in ("dependencies", "devDependencies"):
    for name, req in sorted(manifest.get(section, {}).items()):
        locked = lock.get("packages", {}).get(f"node_modules/{name}", {}).get("version", "?")
        print(f"{name}\t{req}\t{locked}")
PY

# The version `cargo info SPEC` reports, asked from outside the workspace so that the
# lockfile does not answer instead of the registry. (`cargo search` has no endpoint on
# this machine's registry mirror; `cargo info` reads the index.)
newest_of() {
  (cd "$tmp" && cargo info "$1" 2>/dev/null) >"$tmp/info" || true
  sed -n 's/^version: \([^ ]*\).*/\1/p' "$tmp/info" | head -n1
}
rust_version_of() {
  sed -n 's/^rust-version: \([^ ]*\).*/\1/p' "$tmp/info" | head -n1
}
workspace_msrv="$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml | head -n1)"
# 1.85 and 1.85.0 alike.
triple() { echo "$1" | awk -F. '{printf "%d.%d.%d\n", $1, $2, $3}'; }

failed=0
: >"$tmp/rust-newest.tsv"
while IFS=$'\t' read -r name req locked; do
  newest="$(newest_of "$name" || true)"
  pre=""
  # A pre-release is not a release: then the newest stable one of the locked major counts.
  if [[ "$newest" == *-* ]]; then
    pre="$newest"
    major="${locked%%.*}"
    [ "$major" = 0 ] && major="$(echo "$locked" | cut -d. -f1-2)"
    newest="$(newest_of "$name@$major" || true)"
  fi
  if [ -z "$newest" ]; then newest="?"; failed=1; fi
  msrv="$(rust_version_of)"
  note="${pre:+pre-release $pre}"
  series="${locked%%.*}"
  [ "$series" = 0 ] && series="$(echo "$locked" | cut -d. -f1-2)"
  in_range="$(newest_of "$name@$series" || true)"
  if [ -n "$in_range" ] && [ "$in_range" != "$locked" ] && [ "$in_range" != "$newest" ]; then
    note="${note:+$note; }lockfile could take $in_range"
  fi
  # The newest release may need a newer Rust than the workspace's rust-version.
  if [ -n "$msrv" ] && [ -n "$workspace_msrv" ] && \
    [ "$(printf '%s\n%s\n' "$(triple "$workspace_msrv")" "$(triple "$msrv")" | sort -V | tail -n1)" != "$(triple "$workspace_msrv")" ]; then
    note="${note:+$note; }newest needs Rust $msrv (workspace: $workspace_msrv)"
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$req" "$locked" "$newest" "$note" >>"$tmp/rust-newest.tsv"
done <"$tmp/rust.tsv"

: >"$tmp/npm-newest.tsv"
while IFS=$'\t' read -r name req locked; do
  newest="$(cd ui && npm view "$name" dist-tags.latest 2>/dev/null || true)"
  if [ -z "$newest" ]; then newest="?"; failed=1; fi
  # The newest release the requirement allows (what `npm update` would take).
  in_range="$(cd ui && npm view "$name@$req" version --json 2>/dev/null | tr -d '[]" \n' | awk -F, '{print $NF}' || true)"
  note=""
  if [ -n "$in_range" ] && [ "$in_range" != "$locked" ] && [ "$in_range" != "$newest" ]; then
    note="lockfile could take $in_range"
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$req" "$locked" "$newest" "$note" >>"$tmp/npm-newest.tsv"
done <"$tmp/npm.tsv"

python3 - "$tmp/rust-newest.tsv" "$tmp/npm-newest.tsv" "$all" <<'PY'
import re, sys

def parse(v):
    m = re.match(r"^(\d+)(?:\.(\d+))?(?:\.(\d+))?(-[0-9A-Za-z.-]+)?", v.strip())
    if not m:
        return None
    return tuple(int(x) if x else 0 for x in m.groups()[:3]), bool(m.group(4)), sum(1 for x in m.groups()[:3] if x)

def caret(base, parts, v):
    # ^X.Y.Z: the same left-most non-zero part.
    if v < base:
        return False
    if base[0] != 0 or parts == 1:
        return v[0] == base[0]
    if base[1] != 0 or parts == 2:
        return v[:2] == base[:2]
    return v == base

def matches(req, version, npm):
    """Whether `version` satisfies the requirement (the common forms; None if unknown)."""
    pv = parse(version)
    if pv is None:
        return None
    v = pv[0]
    ok = True
    for clause in re.split(r",\s*|\s+(?=[<>=~^])", req.strip()):
        clause = clause.strip()
        if clause in ("*", "", "latest"):
            continue
        m = re.match(r"^(\^|~|=|>=|<=|>|<)?\s*v?(.+)$", clause)
        op, rest = m.group(1) or ("" if npm else "^"), m.group(2)
        pb = parse(rest)
        if pb is None:
            return None
        base, _, parts = pb
        if op in ("^",):
            ok &= caret(base, parts, v)
        elif op == "" and npm:
            ok &= v[:parts] == base[:parts]
        elif op == "~":
            keep = 1 if parts == 1 else 2
            ok &= v >= base and v[:keep] == base[:keep]
        elif op == "=":
            ok &= v[:parts] == base[:parts]
        elif op == ">=":
            ok &= v >= base
        elif op == ">":
            ok &= v > base
        elif op == "<=":
            ok &= v <= base
        elif op == "<":
            ok &= v < base
    return ok

rows, show_all = [], sys.argv[3] == "1"
for path, registry, npm in ((sys.argv[1], "crates.io", False), (sys.argv[2], "npm", True)):
    for line in open(path):
        name, req, locked, newest, pre = line.rstrip("\n").split("\t")
        lp, np_ = (parse(x.split(",")[-1]) for x in (locked, newest))
        if lp is None or np_ is None:
            status = "?"
        elif np_[0] <= lp[0]:
            status = "current"
        else:
            status = {True: "lock", False: "manifest", None: "?"}[matches(req, newest, npm)]
        if show_all or status != "current":
            rows.append((registry, name, req, locked, newest, status, pre))

head = ("registry", "dependency", "requirement", "locked", "newest", "needs", "note")
widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
fmt = "  ".join(f"{{:<{w}}}" for w in widths)
print(fmt.format(*head))
print(fmt.format(*("-" * w for w in widths)))
for r in rows:
    print(fmt.format(*r))
behind = sum(1 for r in rows if r[5] in ("lock", "manifest"))
print(f"\n{behind} direct dependencies behind the newest release ("
      f"{sum(1 for r in rows if r[5] == 'lock')} by the lockfile only, "
      f"{sum(1 for r in rows if r[5] == 'manifest')} by their requirement).")
PY

if [ "$advisories" = 1 ]; then
  echo "error: a locked package is in the range of a known advisory without a reviewed decision (see above)" >&2
  exit 1
fi
if [ "$failed" = 1 ]; then
  echo "warning: a registry did not answer for some dependencies (marked ?)" >&2
  exit 2
fi
