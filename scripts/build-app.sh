#!/usr/bin/env bash
# Builds the UI into ui/dist and the app binary that embeds it (target/debug/xiaoya-companion),
# with the app's own features only, as it ships; extra arguments go to `cargo build`.
#
# The real-window tests start a copy of that binary, <target>/<profile>/as-shipped/xiaoya-companion
# (tests/e2e/src/lib.rs, app_binary): a later `cargo test --workspace` rebuilds
# target/debug/xiaoya-companion with the test crates' features unified in, which links the
# sandbox's test controls (`control`) and the mp3 encoder into it, and the tests must not start
# that one (they check: AppWindow::launch refuses a binary with the control routes).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
echo "==> building the UI"
(cd "$root/ui" && npm run --silent build)
echo "==> building the app"
(cd "$root" && cargo build -p xiaoya-companion "$@")
target="${CARGO_TARGET_DIR:-$root/target}"
[[ "$target" = /* ]] || target="$root/$target"
profile=debug
for arg in "$@"; do [ "$arg" = "--release" ] && profile=release; done
mkdir -p "$target/$profile/as-shipped"
cp -f "$target/$profile/xiaoya-companion" "$target/$profile/as-shipped/xiaoya-companion"
echo "==> the app as it ships, for the real-window tests: $target/$profile/as-shipped/xiaoya-companion"
