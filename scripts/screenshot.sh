#!/usr/bin/env bash
# Starts the built app in a private X display against the built-in sandbox and saves a
# screenshot: scripts/screenshot.sh OUT.png [seconds-to-wait] [extra env assignments...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:?usage: screenshot.sh OUT.png [wait-seconds] [VAR=value ...]}"
wait_s="${2:-6}"
shift $(( $# >= 2 ? 2 : 1 ))
tmp="$(mktemp -d)"
export HOME_BACKUP="$HOME"
env -i PATH="$PATH" HOME="$tmp" XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config" \
  XDG_CACHE_HOME="$tmp/cache" NO_AT_BRIDGE=1 LANG="${LANG:-en_US.UTF-8}" \
  XIAOYA_DATA_DIR="${XIAOYA_DATA_DIR:-$tmp/appdata}" "$@" \
  xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- bash -c "
    '$root/target/debug/xiaoya-companion' >'$tmp/app.log' 2>&1 &
    pid=\$!
    sleep '$wait_s'
    import -window root '$out'
    kill \$pid; wait \$pid 2>/dev/null || true"
echo "saved $out (app log: $tmp/app.log)"
