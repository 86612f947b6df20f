#!/usr/bin/env bash
# One command for a fresh Debian/Ubuntu machine: installs what is missing, builds, and
# starts Xiaoya Companion. With no platform client configured it runs against the
# built-in sandbox ("Sandbox — simulated platform, no real points").
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/bootstrap.sh"
"$root/scripts/build-app.sh" --release
exec "$root/target/release/xiaoya-companion" "$@"
