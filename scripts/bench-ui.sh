#!/usr/bin/env bash
# UI benchmarks (not tests): builds ui/bench into ui/bench/dist and runs ui/bench/run.mjs,
# which runs each benchmark page in two engines and prints a table per engine per benchmark,
# each next to a baseline measured in the same page in the same run:
#   chat    how the real <Markdown> keeps up with a 128 KB reply fed at 2,000 tokens/s, beside
#           a naive whole-reply re-parse (ui/bench/chat-render.tsx);
#   voices  the real <VoiceBoard> with 10,000 voices: typing a search one character at a time,
#           the filter chips and sort, and scrolling the list, against an unfiltered render of
#           the board and the 16.7 ms frame (ui/bench/voice-board.tsx).
# The engines:
#   1. headless Chromium through playwright-core (Blink/V8, NOT the app's engine);
#   2. WebKitGTK — the engine of the app's webview — through WebKitWebDriver driving
#      MiniBrowser (package webkit2gtk-driver). MiniBrowser needs an X display; without
#      $DISPLAY the node step runs under xvfb-run. Without WebKitWebDriver (or with
#      BENCH_WEBKIT=0) that run is skipped with a note and only Chromium runs.
# BENCH=chat or BENCH=voices runs one benchmark (default: both); BENCH_CHROMIUM=0 skips
# Chromium. Asserts nothing about time; exits non-zero if a benchmark's run fails.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
ui="$root/ui"

if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "==> installing Debian's chromium"
  if [ "$(id -u)" = 0 ]; then apt-get install -y chromium; else sudo apt-get install -y chromium; fi
fi
if [ ! -d "$ui/node_modules/playwright-core" ]; then
  echo "==> npm install (ui)"
  (cd "$ui" && npm install --no-audit --no-fund)
fi

echo "==> type-checking and building ui/bench → ui/bench/dist"
(cd "$ui" && npx tsc -p bench/tsconfig.json --noEmit && npx vite build --config bench/vite.config.ts)

run=(node "$ui/bench/run.mjs")
if [ "${BENCH_WEBKIT:-1}" = 0 ]; then
  echo "==> NOTE: BENCH_WEBKIT=0 — the WebKitGTK run is skipped; running in headless Chromium only"
elif ! command -v WebKitWebDriver >/dev/null 2>&1; then
  echo "==> NOTE: WebKitWebDriver not found (install webkit2gtk-driver) — the WebKitGTK run is skipped;"
  echo "    running in headless Chromium only, which is NOT the app's engine"
  export BENCH_WEBKIT=0
elif [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  if command -v xvfb-run >/dev/null 2>&1; then
    echo "==> no \$DISPLAY: running under xvfb-run so MiniBrowser has an X display"
    run=(xvfb-run -a -s "-screen 0 1280x800x24" "${run[@]}")
  else
    echo "==> NOTE: no \$DISPLAY and no xvfb-run (install xvfb) — the WebKitGTK run is skipped;"
    echo "    running in headless Chromium only, which is NOT the app's engine"
    export BENCH_WEBKIT=0
  fi
fi

echo "==> running benchmarks '${BENCH:-chat,voices}' in headless Chromium, then in WebKitGTK (WebKitWebDriver + MiniBrowser) unless skipped above"
"${run[@]}"
