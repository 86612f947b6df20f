#!/usr/bin/env bash
# Benchmark (not a test) of the chat's streamed-reply rendering: builds ui/bench into
# ui/bench/dist and runs it in headless Chromium through playwright-core, printing how
# the real <Markdown> keeps up with a 128 KB reply fed at 2,000 tokens/s, next to a naive
# whole-reply re-parse baseline measured in the same page. The engine is Chromium, NOT
# the WebKitGTK webview the app runs in. Asserts nothing about time.
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

echo "==> running in headless Chromium (not WebKitGTK)"
node "$ui/bench/run.mjs"
