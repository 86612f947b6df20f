#!/usr/bin/env bash
# The start-up floor (issue 16; a benchmark, asserts nothing about time): how long the app's
# own first frame takes to paint when nothing of the app runs. It
#   1. builds the UI, the app and the bare window (tests/bench/bare, release);
#   2. starts the app in the test session as a new person would (signed out) and writes the
#      settled Account screen's markup (tests/e2e/tests/first_frame.rs);
#   3. freezes it into a static page, every script out, the built CSS and images beside it
#      (tests/bench/freeze_page.py);
#   4. starts the bare window BENCH_RUNS times (default 6) as itself and as the frozen page
#      (BENCH_PAGE_DIR, served through a custom scheme as the app's pages are), interleaved,
#      with CPU painting on both sides as the app chooses here, and prints the ratios.
# If the frozen page costs what the app costs, the start-up time is the frame itself (styling
# and painting it), not the app's script, IPC or core. BENCH_FLOOR_DIR=dir keeps the page.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
runs="${BENCH_RUNS:-6}"
work="${BENCH_FLOOR_DIR:-$(mktemp -d)}"
mkdir -p "$work"

echo "==> building the UI and the app (debug, for the markup) and the bare window (release)"
nice -n 19 scripts/build-app.sh
nice -n 19 cargo build --release -p xiaoya-bench-bare
echo "==> the settled first frame, from the real window"
FIRST_FRAME_OUT="$work/first-frame.html" scripts/test.sh \
  cargo test -p xiaoya-e2e --test first_frame -- --ignored --test-threads 1
python3 tests/bench/freeze_page.py "$work/first-frame.html" ui/dist "$work/page"

bare="$root/target/release/xiaoya-bench-bare"
echo "==> the bare window against itself showing the frozen frame, $runs times each"
set +e
xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- \
  nice -n 19 python3 tests/bench/startup.py --bare "$bare" --app "$bare" --runs "$runs" \
    --env WEBKIT_SKIA_ENABLE_CPU_RENDERING=1 --app-env "BENCH_PAGE_DIR=$work/page" --json "$work/runs.json" 2>&1 \
  | grep --line-buffered -v -e 'fd limit' -e 'Activating service' -e 'Successfully activated' -e 'SpiRegistry'
status=${PIPESTATUS[0]}
set -e
echo "(\"app\" above is the frozen first frame; the page and every run: $work)"
exit "$status"
