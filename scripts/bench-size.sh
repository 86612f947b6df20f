#!/usr/bin/env bash
# Package size benchmark (issue 17; not a test): in one run, builds
#   1. the app's .deb with scripts/package.sh (stripped release binary, xz-repacked);
#   2. the bare Tauri 2 window of tests/bench/bare as a .deb with the same release profile and
#      the same xz repack: the like-for-like baseline;
#   3. the same bare window as `tauri build` makes it for a new project that sets no release
#      profile (Cargo's defaults: opt-level 3, no strip, no LTO) and keeps Tauri's gzip: the
#      baseline of issue 17's "5.1 MiB" (BENCH_SKIP_TEMPLATE=1 leaves it out; it costs a
#      second build of tauri's crates in target/bench-template).
# and prints the sizes and the app/bare ratios. Runs under `nice -n 19`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
cli="$root/ui/node_modules/.bin/tauri"
[ -x "$cli" ] || (cd ui && npm ci --silent)
bare_conf='{"bundle":{"active":true,"targets":["deb"]}}'

echo "==> the app's .deb (scripts/package.sh)"
app_deb="$(scripts/package.sh | tail -n 1)"
app_copy="$(mktemp --suffix=-app.deb)"; cp "$app_deb" "$app_copy"

echo "==> the bare window's .deb, same profile, same xz repack"
(cd tests/bench/bare && nice -n 19 "$cli" build --bundles deb --ci --config "$bare_conf" >/dev/null)
bare_deb="$(ls -t "$target"/release/bundle/deb/Bench*.deb | head -n 1)"
bare_gz=$(stat -c %s "$bare_deb")
scripts/repack-deb.sh "$bare_deb"
bare_xz=$(stat -c %s "$bare_deb")

template_gz=""
if [ -z "${BENCH_SKIP_TEMPLATE:-}" ]; then
  echo "==> the bare window as a new Tauri project builds it (Cargo's default release profile, gzip)"
  (cd tests/bench/bare && CARGO_TARGET_DIR="$root/target/bench-template" \
    CARGO_PROFILE_RELEASE_OPT_LEVEL=3 CARGO_PROFILE_RELEASE_STRIP=none CARGO_PROFILE_RELEASE_LTO=false \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 nice -n 19 "$cli" build --bundles deb --ci --config "$bare_conf" >/dev/null)
  template_gz=$(stat -c %s "$(ls -t "$root"/target/bench-template/release/bundle/deb/Bench*.deb | head -n 1)")
fi

app=$(stat -c %s "$app_copy")
mib() { awk -v b="$1" 'BEGIN { printf "%.2f MiB", b / 1048576 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f×", a / b }'; }
echo
echo "| .deb | bytes | size | app / this |"
echo "|---|---|---|---|"
echo "| the app (xz) | $app | $(mib "$app") | |"
echo "| bare window, same profile, xz | $bare_xz | $(mib "$bare_xz") | $(ratio "$app" "$bare_xz") |"
echo "| bare window, same profile, Tauri's gzip | $bare_gz | $(mib "$bare_gz") | $(ratio "$app" "$bare_gz") |"
if [ -n "$template_gz" ]; then
  echo "| bare window, new-project defaults, Tauri's gzip | $template_gz | $(mib "$template_gz") | $(ratio "$app" "$template_gz") |"
fi
rm -f "$app_copy"
