#!/usr/bin/env bash
# Memory with a long conversation (a measurement, not a test; asserts nothing about size):
# builds the UI and the app (release unless BENCH_DEBUG=1), then, in the test session
# (scripts/test.sh: Xvfb, D-Bus, gnome-keyring), starts the app BENCH_RUNS times (default 3)
# with one short conversation open and with a 1,000-message one (seeded through the core's
# store, tests/e2e/tests/long_chat.rs), interleaved, and prints the median PSS and RSS of the
# app and its WebKit processes 10 s after scrolling through it, and the growth; then the soak
# run: 200 streamed replies (SOAK_REPLIES) in one session, memory after 20 and after all;
# and memory at idle against after signing in twice and opening every screen once.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
(cd ui && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && nice -n 19 npm run --silent build)
if [ "${BENCH_DEBUG:-0}" = 1 ]; then
  scripts/build-app.sh
  bin="$root/target/debug/xiaoya-companion"
else
  nice -n 19 cargo build --release -p xiaoya-companion
  bin="$root/target/release/xiaoya-companion"
fi
XIAOYA_APP_BIN="$bin" BENCH_RUNS="${BENCH_RUNS:-3}" scripts/test.sh \
  cargo test -p xiaoya-e2e --test long_chat -- --ignored --nocapture --test-threads 1 2>&1 \
  | grep -E '^\||test result|panicked|Error:'
