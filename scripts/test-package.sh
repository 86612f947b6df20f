#!/usr/bin/env bash
# The installable package, end to end (what .ci/run calls after scripts/test.sh; also
# runnable by hand): builds the .deb (scripts/package.sh), installs it with dpkg, checks
# its desktop entry and the x-scheme-handler/xiaoya-companion handler, starts the installed
# app from its desktop entry, opens a sign-in callback deep link with `gio open` and checks
# the running app got it from a second instance that then exited, and uninstalls.
# Needs root (or sudo) for dpkg. Runs inside its own Xvfb + D-Bus session (scripts/test.sh).
# XIAOYA_DEB=<file>: test that .deb instead of building one.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "${XIAOYA_TEST_SESSION:-}" ]; then
  exec "$root/scripts/test.sh" "$0" "$@"
fi
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
pkg=xiaoya-companion
bin=/usr/bin/xiaoya-companion
url='xiaoya-companion://oauth/callback?code=x&state=y'
fail() { echo "test-package: FAIL: $*" >&2; exit 1; }
step() { echo "==> $*"; }

start=$(date +%s)
if [ -n "${XIAOYA_DEB:-}" ]; then
  deb="$XIAOYA_DEB"
else
  step "building the .deb (scripts/package.sh)"
  deb="$("$root/scripts/package.sh" | tail -n 1)"
fi
[ -f "$deb" ] || fail "no .deb at $deb"
echo "package: $deb ($(( $(stat -c %s "$deb") / 1024 )) KiB)"
# scripts/package.sh repacks Tauri's gzip bundle with xz; dpkg must still read it whole.
# (Each output is read whole before grep looks at it: `producer | grep -q` under pipefail
# fails when grep exits at its first match and the producer gets SIGPIPE.)
members="$(ar t "$deb")"
grep -qx 'data.tar.xz' <<<"$members" || fail "the package's data is not xz-compressed: $(tr '\n' ' ' <<<"$members")"
info="$(dpkg-deb --info "$deb")" || fail "dpkg-deb cannot read the package"
grep -q '^ Description: .*Xiaoya' <<<"$info" || fail "the control file lost its description"

step "installing with dpkg -i"
if ! "${sudo_cmd[@]}" dpkg -i "$deb"; then
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get -f install -y -qq
fi
status="$(dpkg-query -W -f='${Status}\n' "$pkg")"
grep -q "install ok installed" <<<"$status" || fail "$pkg is not installed"
files="$(dpkg-query -L "$pkg")"
desktop="$(grep -E '^/usr/share/applications/.*\.desktop$' <<<"$files" | head -n 1)"
[ -n "$desktop" ] || fail "the package installs no desktop entry: $files"
[ -x "$bin" ] || fail "$bin missing"
# The Agent check's command line ships beside the app and runs without a window: it prints
# its version, and an endpoint nothing listens on exits 2 ("can't be reached").
check_bin=/usr/bin/xiaoya-check
grep -qx "$check_bin" <<<"$files" || fail "the package does not install $check_bin"
[ -x "$check_bin" ] || fail "$check_bin is not executable"
check_version="$("$check_bin" --version)" || fail "$check_bin --version failed"
grep -q "^xiaoya-check $(dpkg-query -W -f='${Version}' "$pkg" | cut -d- -f1)" <<<"$check_version" \
  || fail "$check_bin says $check_version"
check_status=0
"$check_bin" agent http://127.0.0.1:9/mcp --timeout 5 >/dev/null 2>&1 || check_status=$?
[ "$check_status" -eq 2 ] || fail "$check_bin against a closed port exited $check_status, not 2"
step "$check_bin installed: $check_version; an unreachable endpoint exits 2"
# The app as it ships links none of the sandbox's test controls (issue 25): two of their
# `/__sandbox/*` routes (the markers of tests/e2e/src/lib.rs, CONTROL_MARKERS) are not in the
# installed binary, whose string literals stay readable after strip (the sign-in path is there).
for marker in /__sandbox/faults /__sandbox/clock/advance; do
  ! grep -qaF "$marker" "$bin" || fail "$bin links the sandbox's test controls ($marker)"
done
grep -qaF "/oauth/authorize" "$bin" || fail "no /oauth/authorize in $bin: its strings can't be read, so the control check proves nothing"
step "$bin links none of the sandbox's test controls"
app_id="$(basename "$desktop")"

# A private HOME and XDG folders: nothing of the machine's user is read or written, so
# what is registered comes from the package alone.
scratch="$(mktemp -d)"
app_pid=""
cleanup_app() {
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
    kill -TERM "$app_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$app_pid" 2>/dev/null || true
  fi
}
trap 'cleanup_app; rm -rf "$scratch"' EXIT
export HOME="$scratch/home" XDG_DATA_HOME="$scratch/home/data" XDG_CONFIG_HOME="$scratch/home/config" \
  XDG_CACHE_HOME="$scratch/home/cache" XDG_DATA_DIRS=/usr/local/share:/usr/share XIAOYA_DATA_DIR="$scratch/data" \
  LANG=C.UTF-8 NO_AT_BRIDGE=1
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XIAOYA_DATA_DIR"
unset XIAOYA_SANDBOX_URL XIAOYA_PLATFORM_URL XIAOYA_CLIENT_ID

step "desktop entry $desktop"
desktop-file-validate "$desktop" || fail "desktop-file-validate refused $desktop"
grep -q '^Exec=.* %u$' "$desktop" || fail "Exec does not pass the URL (%u): $(grep ^Exec= "$desktop")"
grep -q '^MimeType=.*x-scheme-handler/xiaoya-companion;' "$desktop" || fail "no x-scheme-handler/xiaoya-companion in MimeType"

step "x-scheme-handler/xiaoya-companion is registered (before the app ever ran)"
handler="$(gio mime x-scheme-handler/xiaoya-companion 2>&1 || true)"
echo "$handler"
grep -qF "$app_id" <<<"$handler" || fail "gio does not know $app_id as the handler"
grep -qF "$app_id" /usr/share/applications/mimeinfo.cache || fail "mimeinfo.cache has no $app_id (update-desktop-database trigger)"

step "starting the installed app from its desktop entry (gio launch)"
gio launch "$desktop" >"$scratch/launch.log" 2>&1 &
window=""
for _ in $(seq 120); do
  window="$(xwininfo -root -tree 2>/dev/null | grep -F '"Xiaoya Companion"' | head -n 1 || true)"
  [ -n "$window" ] && break
  sleep 0.5
done
[ -n "$window" ] || fail "no window titled Xiaoya Companion within 60 s: $(cat "$scratch/launch.log")"
echo "window: $window"
# The instance started from the entry: the installed binary with our data folder.
ours() {
  for p in $(pgrep -f 'xiaoya-companion' || true); do
    [ "$(readlink "/proc/$p/exe" 2>/dev/null)" = "$bin" ] || continue
    environ="$(tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null || true)"
    grep -qxF "XIAOYA_DATA_DIR=$XIAOYA_DATA_DIR" <<<"$environ" && echo "$p"
  done
  return 0
}
pids="$(ours)"
app_pid="${pids%%$'\n'*}"
[ -n "$app_pid" ] || fail "the window is not the installed $bin"
[ "$(ours | wc -l)" -eq 1 ] || fail "more than one instance: $(ours | tr '\n' ' ')"

step "gio open $url"
gio open "$url" || fail "gio open failed"
logs="$XIAOYA_DATA_DIR/logs"
got=""
for _ in $(seq 60); do
  if grep -qs "deep link handed over by a second instance" "$logs"/*; then got=1; break; fi
  sleep 0.5
done
[ -n "$got" ] || fail "the running app got no deep link: $(tail -n 20 "$logs"/* 2>/dev/null)"
for _ in $(seq 60); do
  grep -qs "sign-in callback refused" "$logs"/* && break
  sleep 0.5
done
grep -qs "sign-in callback refused" "$logs"/* || fail "the callback was not handled (no sign-in was pending: it must be refused)"
# The second instance handed the URL over and exited: only the first one is left.
for _ in $(seq 50); do [ "$(ours | wc -l)" -eq 1 ] && break; sleep 0.2; done
[ "$(ours | wc -l)" -eq 1 ] || fail "a second instance is still running: $(ours | tr '\n' ' ')"
kill -0 "$app_pid" || fail "the first instance is gone"
! grep -rqs "code=x" "$logs" || fail "the log has the authorization code"
echo "deep link reached the running app (pid $app_pid); the second instance exited"
cleanup_app

step "uninstalling with dpkg -r"
"${sudo_cmd[@]}" dpkg -r "$pkg"
status="$(dpkg-query -W -f='${Status}\n' "$pkg" 2>/dev/null || true)"
if grep -q "install ok installed" <<<"$status"; then fail "$pkg still installed"; fi
left=""
while read -r f; do
  case "$f" in /usr/share/applications/*|/usr/bin/*) [ -e "$f" ] && [ ! -d "$f" ] && left="$left $f" ;; esac
done <<<"$files"
[ -z "$left" ] || fail "files left after dpkg -r:$left"
! grep -qF "$app_id" /usr/share/applications/mimeinfo.cache 2>/dev/null || fail "mimeinfo.cache still names $app_id"
echo "==> package test passed in $(( $(date +%s) - start )) s"
