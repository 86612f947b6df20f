#!/usr/bin/env bash
# Regenerates screenshots of every screen at 960×620 and 1920×1080, in English and
# Chinese, into docs/screenshots/ (signed in to Personal and Team Alpha on the sandbox).
# Builds the app first; runs one real-window test inside the private test session.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts/build-app.sh
scripts/test.sh cargo test -p xiaoya-e2e --test layout screenshots_of_every_screen -- --ignored
mkdir -p docs/screenshots
cp target/e2e-screenshots/screen-*.png docs/screenshots/
ls -la docs/screenshots
