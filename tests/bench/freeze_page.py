#!/usr/bin/env python3
"""Freezes a page the app rendered into a static page the bare window can show (the floor of
scripts/bench-floor.sh): the document's markup as the real window had it once settled, every
script taken out, and the built assets (CSS, images) next to it.

    freeze_page.py RENDERED_HTML UI_DIST OUT_DIR

writes OUT_DIR/index.html and copies UI_DIST/assets to OUT_DIR/assets. What is left is the
cost of styling and painting that frame, with none of the app's script, IPC or Tauri in it.
"""

import os
import re
import shutil
import sys

SCRIPT = re.compile(r"<script\b[^>]*>.*?</script\s*>", re.S | re.I)


def freeze(rendered: str) -> str:
    """The rendered document without its scripts, its root-relative asset links made relative."""
    without = SCRIPT.sub("", rendered)
    without = re.sub(r"""(\b(?:src|href)=["'])/assets/""", r"\1assets/", without)
    if not without.lstrip().lower().startswith("<!doctype"):
        without = "<!doctype html>" + without
    return without


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__)
    rendered_path, dist, out = argv[1:]
    with open(rendered_path, encoding="utf-8") as f:
        page = freeze(f.read())
    if "<script" in page.lower():
        sys.exit("freeze_page.py: a script is left in the page")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
        f.write(page)
    assets = os.path.join(out, "assets")
    shutil.rmtree(assets, ignore_errors=True)
    shutil.copytree(os.path.join(dist, "assets"), assets)
    print("froze %d bytes of markup into %s" % (len(page), out))


if __name__ == "__main__":
    main(sys.argv)
