#!/usr/bin/env bash
# The whole test suite: what .ci/run calls. Installs what is missing, then runs
# everything inside a private X display, D-Bus session and unlocked gnome-keyring.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

if [ -z "${XIAOYA_TEST_SESSION:-}" ]; then
  "$root/scripts/bootstrap.sh"
  if ! command -v tauri-driver >/dev/null && [ ! -x "${CARGO_HOME:-$HOME/.cargo}/bin/tauri-driver" ]; then
    echo "==> installing tauri-driver"
    cargo install 'tauri-driver@^2' --locked --quiet
  fi
  # Re-run this script inside a display and a session bus of its own.
  export XIAOYA_TEST_SESSION=1
  # The screen fits the widest window the layout tests use (1920×1080).
  exec xvfb-run -a -s "-screen 0 1920x1080x24" dbus-run-session -- "$0" "$@"
fi

export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export NO_AT_BRIDGE=1
# The core's real Secret Service tests start a D-Bus session and gnome-keyring of their own
# (they fail without them; XIAOYA_SKIP_REAL_KEYCHAIN=1 is the only way to skip them).
# The real Secret Service, unlocked, in this session only. Its keyring files live in a
# fresh folder: an existing login keyring with another password would stay locked and
# pop up a password prompt over the test windows.
keyring_home="$(mktemp -d)"
eval "$(printf 'xiaoya-test' | XDG_DATA_HOME="$keyring_home" gnome-keyring-daemon --unlock --components=secrets)"
export GNOME_KEYRING_CONTROL SSH_AUTH_SOCK 2>/dev/null || true
# A paced audio device without a sound card. The real-window tests give the app a private
# HOME, where libpulse looks in vain for the daemon's socket (and cookie); the ALSA "pulse"
# hook then leaves `default` on a sound card that isn't there and the app says "no audio
# output". So the daemon listens on a known socket that lets local clients in without a
# cookie, and PULSE_SERVER points every client there whatever its HOME.
# XIAOYA_REQUIRE_AUDIO=1: the audio checks fail here instead of skipping.
pulse_dir="$(mktemp -d)"
export PULSE_SERVER="unix:$pulse_dir/native" XIAOYA_REQUIRE_AUDIO=1
if ! PULSE_RUNTIME_PATH="$pulse_dir/run" pulseaudio --daemonize=yes --exit-idle-time=-1 -n \
  --load="module-null-sink sink_name=nullsink" \
  --load="module-native-protocol-unix auth-anonymous=1 socket=$pulse_dir/native" >"$pulse_dir/log" 2>&1; then
  echo "warning: PulseAudio did not start, the audio checks will fail: $(tail -n 3 "$pulse_dir/log")" >&2
fi
cleanup() { PULSE_RUNTIME_PATH="$pulse_dir/run" pulseaudio --kill >/dev/null 2>&1 || true; }
trap cleanup EXIT

# `scripts/test.sh CMD ARGS…` runs one command inside this session instead of the whole
# suite, e.g. `scripts/build-app.sh && scripts/test.sh cargo test -p xiaoya-e2e --test voices`.
if [ "$#" -gt 0 ]; then
  "$@"
  exit $?
fi

echo "==> Rust format (rustfmt.toml)"
cargo fmt --all -- --check

echo "==> UI lint (biome: format, import order, lint rules), type check and unit tests (vitest)"
(cd ui && npm run --silent lint && npm run --silent check && npm test --silent)

echo "==> the benchmarks' own parts (python unittest: the shader count, the page server)"
python3 -m unittest discover -s tests/bench -p 'test_*.py'
echo "==> the documentation's links and the security map (python unittest: every relative link and #anchor, README.md under 250 lines, every test tests/SECURITY_TESTS.md names exists)"
python3 -m unittest discover -s tests/docs -p 'test_*.py'
echo "==> known advisories against the lockfiles (T5: tests/deps/advisories.toml, every locked entry in a listed range reviewed)"
python3 -m unittest discover -s tests/deps -p 'test_*.py'
python3 scripts/advisories.py
echo "==> the sample MCP agents (python unittest on the official SDK: each variant breaks exactly its rule)"
agents_python="$("$root/scripts/agents-venv.sh")"
"$agents_python" -m unittest discover -s tests/agents -p 'test_*.py'

"$root/scripts/build-app.sh"

# After the UI build: the shell's `generate_context!` reads ui/dist.
echo "==> Rust lints (clippy, warnings are errors; the table is [workspace.lints] in Cargo.toml)"
cargo clippy --workspace --all-targets -- -D warnings

echo "==> tests (unit, sandbox, core, real window)"
# Bindings are regenerated from the Rust types by this run; a committed binding that no
# type produces any more shows up as deleted below.
rm -f ui/src/bindings/*.ts
# tests/bench/bare is the start-up benchmark's baseline window (scripts/bench-app.sh), not a test.
cargo test --workspace --exclude xiaoya-bench-bare --no-fail-fast -- --test-threads=2

echo "==> ts-rs bindings drift"
if ! git diff --exit-code --stat -- ui/src/bindings || [ -n "$(git ls-files --others --exclude-standard ui/src/bindings)" ]; then
  echo "ui/src/bindings is stale: run scripts/test.sh (or cargo test -p xiaoya-core) and commit the result" >&2
  exit 1
fi
echo "==> generated type exports drift (ui/src/ipc/types.ts, from the bindings)"
python3 scripts/ipc-types.py
if ! git diff --exit-code --stat -- ui/src/ipc/types.ts; then
  echo "ui/src/ipc/types.ts is stale: run python3 scripts/ipc-types.py and commit the result" >&2
  exit 1
fi
echo "==> command registry drift (typed wrappers, capability)"
if ! git diff --exit-code --stat -- ui/src/ipc/generated.ts src-tauri/capabilities/main.json; then
  echo "written from src-tauri/src/commands/list.rs: run cargo test -p xiaoya-companion --test command_registry and commit the result" >&2
  exit 1
fi
echo "==> all tests passed"
