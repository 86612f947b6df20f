#!/usr/bin/env bash
# Start-up and memory benchmark (not a test; asserts nothing about time): builds, in this run,
# a bare Tauri 2 window (tests/bench/bare, same tauri as the app, one static page) and the app,
# both in release, then starts each BENCH_RUNS times (default 10) interleaved bare/app under a
# private Xvfb (1280x800) and D-Bus session, each start with a fresh HOME and data folder, and
# prints medians and app/bare ratios of:
#   exec -> first painted frame, exec -> UI settled (no significant repaint for 2 s), both read
#   from the X screen by a frame grabber (tests/bench/startup.py, XGetImage through ctypes);
#   CPU time of the process tree from exec until settled (+2 s), the main process apart;
#   summed PSS and RSS of the process and its WebKit children 10 s after paint;
#   release binary sizes (and the .deb's, when target/release/bundle/deb has one).
# BENCH_APP_BIN=path measures that app binary instead of the one built here (e.g. an earlier
# build kept for a before/after); BENCH_JSON=file keeps every run with its repaint timeline;
# BENCH_FRAMES=dir keeps the painted and repainted frames (PPM). Runs under `nice -n 19`.
# Then, in the test session, the memory with every screen visited and with a 1,000-message
# conversation open, and the 200-reply soak (tests/e2e/tests/long_chat.rs), each printed as a
# ratio against the bare window at idle with its goal (tests/bench/summary.py);
# BENCH_MEMORY=0 skips them, BENCH_MEMORY_RUNS (default 3) sets their medians' runs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
runs="${BENCH_RUNS:-10}"

need=()
command -v xvfb-run >/dev/null || need+=(xvfb)
command -v dbus-run-session >/dev/null || need+=(dbus)
command -v python3 >/dev/null || need+=(python3)
if [ "${#need[@]}" -gt 0 ]; then
  echo "==> installing ${need[*]}"
  if [ "$(id -u)" = 0 ]; then apt-get install -y "${need[@]}"; else sudo apt-get install -y "${need[@]}"; fi
fi

echo "==> building the UI"
(cd ui && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && nice -n 19 npm run --silent build)
echo "==> building the app and the bare window (release)"
nice -n 19 cargo build --release -p xiaoya-companion -p xiaoya-bench-bare

app="${BENCH_APP_BIN:-$root/target/release/xiaoya-companion}"
bare="$root/target/release/xiaoya-bench-bare"
json="${BENCH_JSON:-$(mktemp --suffix=.json)}"

echo "==> starting each $runs times, interleaved (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
# The session bus's and the accessibility services' chatter is left out.
set +e
xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- \
  nice -n 19 python3 "$root/tests/bench/startup.py" --bare "$bare" --app "$app" --runs "$runs" --json "$json" 2>&1 \
  | grep --line-buffered -v -e 'fd limit' -e 'Activating service' -e 'Successfully activated' -e 'SpiRegistry'
status=${PIPESTATUS[0]}
set -e

# Memory with long history, against the same bare window (issue 16): the app's figures from
# the real-window measurements (the test session; BENCH_MEMORY=0 skips them).
memory_status=0
if [ "${BENCH_MEMORY:-1}" != 0 ] && [ "$status" = 0 ]; then
  record="$(mktemp --suffix=.jsonl)"
  echo "==> memory after every screen, with 1,000 messages open, and the soak (median of ${BENCH_MEMORY_RUNS:-3})"
  set +e
  XIAOYA_APP_BIN="$app" BENCH_RUNS="${BENCH_MEMORY_RUNS:-3}" BENCH_RECORD="$record" scripts/test.sh \
    cargo test -p xiaoya-e2e --test long_chat -- --ignored --nocapture --test-threads 1 \
      memory_with_a_1000_message_conversation_open memory_after_visiting_every_screen \
      soak_200_streamed_replies_sent_by_script 2>&1 | grep -E '^\||test result|panicked|Error:'
  memory_status=${PIPESTATUS[0]}
  set -e
  echo
  if [ "$memory_status" = 0 ]; then
    python3 tests/bench/summary.py "$json" "$record" || memory_status=$?
  fi
fi

mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
echo
echo "| size | app | bare |"
echo "|---|---|---|"
echo "| release binary | $(mib "$(stat -c %s "$app")") | $(mib "$(stat -c %s "$bare")") |"
deb="$(ls -t target/release/bundle/deb/*.deb 2>/dev/null | head -n 1 || true)"
if [ -n "$deb" ]; then
  echo "| .deb ($(basename "$deb")) | $(mib "$(stat -c %s "$deb")") | — |"
else
  echo "| .deb | none built (target/release/bundle/deb is empty) | — |"
fi
echo "(every run: $json; load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
[ "$status" = 0 ] || exit "$status"
exit "$memory_status"
