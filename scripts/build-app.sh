#!/usr/bin/env bash
# Builds the UI into ui/dist and the app binary that embeds it (target/debug/xiaoya-companion).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
echo "==> building the UI"
(cd "$root/ui" && npm run --silent build)
echo "==> building the app"
(cd "$root" && cargo build -p xiaoya-companion "$@")
