#!/usr/bin/env bash
# Rebuilds a .deb in place with xz (-9 extreme) instead of the gzip Tauri's bundler uses:
# the same files, modes, control file and maintainer scripts, owned by root as before.
#   scripts/repack-deb.sh FILE.deb
set -euo pipefail
deb="$1"
command -v dpkg-deb >/dev/null || { echo "dpkg-deb is needed (apt-get install dpkg)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
dpkg-deb -R "$deb" "$work/tree"
dpkg-deb --root-owner-group -Zxz -z9 -Sextreme -b "$work/tree" "$work/out.deb" >/dev/null
mv "$work/out.deb" "$deb"
