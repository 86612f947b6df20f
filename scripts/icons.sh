#!/usr/bin/env bash
# The app's icons in every size the bundles need, all made from the one source
# icons/icon.png (512×512) with the Tauri CLI (`tauri icon`; its output is deterministic,
# so running this again changes nothing unless icon.png changed). scripts/package.sh runs it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cli="$root/ui/node_modules/.bin/tauri"
[ -x "$cli" ] || (cd "$root/ui" && npm ci --silent)
"$cli" icon "$root/icons/icon.png" --output "$root/icons" --png 32,64,128,256 >/dev/null
