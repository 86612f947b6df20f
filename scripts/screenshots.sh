#!/usr/bin/env bash
# Regenerates screenshots of every screen at 960×620, 1280×720 and 1920×1080, in English and
# Chinese, into docs/screenshots/ (signed in to Personal and Team Alpha on the sandbox).
# Builds the app first; runs one real-window test inside the private test session
# (tests/e2e/tests/layout.rs::screenshots_of_every_screen).
#
# Each shot is the app's window as the X screen (the Xvfb root window, `import -window root`)
# shows it, what a person sees, not WebKit's own rendering through WebDriver. A screen is shot
# only once it has settled (AppWindow::settled_shot): it is the only screen in the page, nothing
# is loading (no skeleton, nothing aria-busy), no CSS transition or animation runs, and two
# consecutive frames of the X screen are identical. A settled frame that still shows the
# previous screen's heading is a mixed frame: the run fails and nothing is copied. Before each
# shot the X pointer is parked away from the controls (AppWindow::park_pointer: beside the
# window, or on the screen's heading), and a tooltip shown over the window (GTK draws a
# `title` as an X window of its own, so "Chat (Ctrl+3)" was in the Chat shot) is not a settled
# frame: if one is still shown the run fails (xscreen::visible_tooltips).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts/build-app.sh
# Shots land in target/e2e-screenshots (tests/e2e/src/lib.rs::screenshot_dir); old ones go
# first, so a failed run leaves none to copy.
rm -f target/e2e-screenshots/screen-*.png
# Every screen at three sizes in two languages is one window's work: more than the 300 s a
# test window gets by default (tests/e2e/src/lib.rs, the watchdog).
XIAOYA_E2E_WINDOW_SECS="${XIAOYA_E2E_WINDOW_SECS:-900}" \
  scripts/test.sh cargo test -p xiaoya-e2e --test layout screenshots_of_every_screen -- --ignored
mkdir -p docs/screenshots
rm -f docs/screenshots/screen-*.png
cp target/e2e-screenshots/screen-*.png docs/screenshots/
ls -la docs/screenshots
