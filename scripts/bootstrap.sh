#!/usr/bin/env bash
# Installs what a fresh Debian/Ubuntu machine with Rust and Node lacks: system
# packages, the UI's npm packages, tauri-driver. Safe to run again; skips what is there.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

SYSTEM_PACKAGES=(
  # build
  libwebkit2gtk-4.1-dev libasound2-dev libssl-dev pkg-config build-essential
  # the balance tray (src-tauri/src/tray.rs): Tauri loads libayatana-appindicator at run time
  libayatana-appindicator3-dev
  # run and test: a display, a session bus, the Secret Service, WebDriver, audio, screenshots
  xvfb dbus dbus-x11 gnome-keyring libsecret-tools webkit2gtk-driver xdg-utils
  desktop-file-utils pulseaudio libasound2-plugins imagemagick fonts-noto-cjk
  # the sample MCP agents (tests/agents, on the official Python SDK) run in a venv
  python3-venv
  # reading the X clipboard in tests ("copy the receipt into a bug report")
  xclip
  # answering the real GTK save dialog in tests, as a person would (type a path, Enter)
  xdotool
  # running a "Copy as curl" command copied for HTTPie in tests
  httpie
  # reading the window's accessibility tree as a screen reader does (tests/e2e/tests/screen_reader.rs):
  # the AT-SPI bus and registry, and the system Python's gi bindings for it
  at-spi2-core python3-gi gir1.2-atspi-2.0
)

missing=()
for pkg in "${SYSTEM_PACKAGES[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
  [ "$status" = "install ok installed" ] || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "==> installing system packages: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null; then
  echo "cargo not found: install Rust with rustup first (https://rustup.rs)" >&2
  exit 1
fi
# The gate's formatter and linter (rustup's default profile has them; a minimal one doesn't).
if command -v rustup >/dev/null; then
  for component in rustfmt clippy; do
    rustup component list --installed 2>/dev/null | grep -q "^$component" || rustup component add "$component"
  done
fi
if ! command -v npm >/dev/null; then
  echo "npm not found: install Node.js 20 or newer first" >&2
  exit 1
fi

# The UI's packages, exactly as locked.
if [ ! -d "$root/ui/node_modules" ] || [ "$root/ui/package-lock.json" -nt "$root/ui/node_modules/.package-lock.json" ]; then
  echo "==> installing UI packages"
  (cd "$root/ui" && npm ci --no-audit --no-fund --loglevel=error)
fi
