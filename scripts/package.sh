#!/usr/bin/env bash
# Builds the installable .deb with the Tauri CLI pinned in ui/package.json
# (@tauri-apps/cli, exact version): the UI (beforeBuildCommand), a stripped release binary
# that serves ui/dist, then the bundle. Prints the .deb's path on its last line.
#   scripts/package.sh              → target/release/bundle/deb/Xiaoya Companion_<version>_amd64.deb
# Extra arguments go to `tauri build` (e.g. --verbose).
# No AppImage: Tauri's AppImage bundler downloads linuxdeploy and its plugins from GitHub,
# which these machines cannot reach, and no package registry carries them (docs/DEVELOPING.md,
# Packaging).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cli="$root/ui/node_modules/.bin/tauri"
[ -x "$cli" ] || (cd "$root/ui" && npm ci --silent)
"$root/scripts/icons.sh"
version="$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$root/tauri.conf.json" | head -n 1)"
# Where cargo puts its output (CARGO_TARGET_DIR when set, as the Tauri CLI honours it).
bundle_dir="${CARGO_TARGET_DIR:-$root/target}/release/bundle/deb"
rm -f "$bundle_dir"/*.deb
start=$(date +%s)
# xiaoya-check, the Agent check on the command line (docs/AGENT_CHECK.md), ships beside the app
# as /usr/bin/xiaoya-check (tauri.conf.json bundle.linux.deb.files). It is built first, with the
# same release profile, and staged where that mapping looks for it whatever CARGO_TARGET_DIR is.
(cd "$root" && nice -n "${XIAOYA_NICE:-19}" cargo build --release --locked -p xiaoya-check)
mkdir -p "$root/target/deb-extra"
install -m 0755 "${CARGO_TARGET_DIR:-$root/target}/release/xiaoya-check" "$root/target/deb-extra/xiaoya-check"
# The CLI must run from src-tauri/ (the folder of the Cargo package; tauri.conf.json there
# is a link to the one at the root). It runs beforeBuildCommand from the root.
(cd "$root/src-tauri" && nice -n "${XIAOYA_NICE:-19}" "$cli" build --bundles deb --ci "$@")
deb="$(ls "$bundle_dir"/*_"$version"_*.deb)"
# Tauri's deb bundler writes data.tar.gz and has no compression setting (only its RPM bundler
# has one). dpkg-deb rebuilds the same tree with xz, as Debian's own packages are: the
# contents and the control file are unchanged, the download is ~30% smaller
# (docs/benchmarks/package-size.md).
gz_size=$(stat -c %s "$deb")
"$root/scripts/repack-deb.sh" "$deb"
size=$(stat -c %s "$deb")
echo "==> repacked with xz: $gz_size -> $size bytes"
echo "==> built in $(( $(date +%s) - start )) s: $(( size / 1024 )) KiB ($size bytes)"
echo "$deb"
