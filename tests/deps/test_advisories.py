"""T5: the reviewed advisory list (tests/deps/advisories.toml) against the lockfiles, through
scripts/advisories.py — on the real Cargo.lock and ui/package-lock.json (every listed range
that a locked entry falls in has a decision for that version), and on fake lockfiles that
must fail (a new version in a reviewed range, an advisory without a decision, an npm package
in a kept-out range, a malformed list)."""

import importlib.util
import io
import json
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("advisories", ROOT / "scripts" / "advisories.py")
advisories = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(advisories)

LIST = (ROOT / "tests" / "deps" / "advisories.toml").read_text(encoding="utf-8")
CARGO_LOCK = (ROOT / "Cargo.lock").read_text(encoding="utf-8")
NPM_LOCK = (ROOT / "ui" / "package-lock.json").read_text(encoding="utf-8")
REGISTRY = 'source = "registry+https://github.com/rust-lang/crates.io-index"'


def cargo_lock(*packages):
    """A Cargo.lock with these (name, version) registry packages and one workspace crate."""
    body = ['version = 4', '', '[[package]]', 'name = "xiaoya-core"', 'version = "0.1.0"']
    for name, version in packages:
        body += ["", "[[package]]", f'name = "{name}"', f'version = "{version}"', REGISTRY]
    return "\n".join(body) + "\n"


def npm_lock(**packages):
    """A package-lock.json (v3) with these installed packages (paths under node_modules/)."""
    entries = {"": {"name": "xiaoya-companion-ui", "version": "0.1.0"}}
    for path, version in packages.items():
        entries[f"node_modules/{path}"] = {"version": version}
    return json.dumps({"lockfileVersion": 3, "packages": entries})


def run(list_text=LIST, cargo=None, npm=None):
    out = io.StringIO()
    status = advisories.run(list_text, cargo if cargo is not None else cargo_lock(), npm if npm is not None else npm_lock(), out)
    return status, out.getvalue()


GLIB_ONLY = '''
[[advisory]]
id = "RUSTSEC-2024-0429"
ecosystem = "crates.io"
package = "glib"
affected = ">=0.15.0, <0.20.0"
kind = "unsound"
title = "VariantStrIter"
reviewed = "2026-12-06"
reviewed_versions = ["0.18.5"]
decision = "accepted"
why = "reached only through Tauri's GTK stack"
'''


class AdvisoriesTest(unittest.TestCase):
    def test_every_locked_entry_in_a_listed_range_has_a_reviewed_decision(self):
        status, out = run(LIST, CARGO_LOCK, NPM_LOCK)
        self.assertEqual(status, 0, out)
        self.assertIn("glib@0.18.5 (crates.io)  RUSTSEC-2024-0429 (unsound, reviewed 2026-12-06): accepted", out)
        for crate in ("atk", "atk-sys", "gdk", "gdk-sys", "gdkx11", "gdkx11-sys", "gdkwayland-sys", "gtk", "gtk-sys", "gtk3-macros"):
            self.assertIn(f"\n  {crate}@0.18.2 (crates.io)  RUSTSEC-2024-04", out)
        self.assertIn("proc-macro-error@1.0.4 (crates.io)  RUSTSEC-2024-0370", out)
        self.assertNotIn("FAIL", out)

    def test_a_new_version_in_a_reviewed_range_fails(self):
        status, out = run(GLIB_ONLY, cargo_lock(("glib", "0.18.5"), ("glib", "0.19.2")))
        self.assertEqual(status, 1, out)
        self.assertIn("advisories: FAIL: glib@0.19.2 (crates.io) is in the range of RUSTSEC-2024-0429 (>=0.15.0, <0.20.0) but was not reviewed", out)
        self.assertIn("glib@0.18.5 (crates.io)  RUSTSEC-2024-0429", out, "the reviewed one is still listed")

    def test_an_advisory_in_range_without_a_decision_fails(self):
        undecided = GLIB_ONLY.replace('decision = "accepted"', 'decision = ""')
        status, out = run(undecided, cargo_lock(("glib", "0.18.5")))
        self.assertEqual(status, 1, out)
        self.assertIn("glib@0.18.5 (crates.io) is in the range of RUSTSEC-2024-0429 (>=0.15.0, <0.20.0), which has no decision", out)

    def test_versions_outside_the_range_pass_and_a_reviewed_version_gone_is_noted(self):
        status, out = run(GLIB_ONLY, cargo_lock(("glib", "0.20.0"), ("glib", "0.14.9"), ("glibc-ish", "0.18.5")))
        self.assertEqual(status, 0, out)
        self.assertIn("no locked package is in a listed range", out)
        self.assertIn("note: glib@0.18.5 (crates.io) of RUSTSEC-2024-0429 is no longer locked", out)

    def test_the_workspaces_own_crates_are_not_dependencies(self):
        self.assertEqual(advisories.cargo_entries(cargo_lock(("glib", "0.18.5"))), [("glib", "0.18.5")])

    def test_an_npm_package_in_a_kept_out_range_fails_nested_too(self):
        status, out = run(LIST, CARGO_LOCK, npm_lock(**{"vite/node_modules/esbuild": "0.24.2", "esbuild": "0.28.2"}))
        self.assertEqual(status, 1, out)
        self.assertIn("esbuild@0.24.2 (npm) is in the range of GHSA-67mh-4wv8-2f99 (<=0.24.2) but was not reviewed (reviewed versions: none)", out)
        self.assertNotIn("esbuild@0.28.2 (npm) is", out)

    def test_a_malformed_list_fails(self):
        for broken, says in [
            (GLIB_ONLY.replace('kind = "unsound"\n', ""), "missing kind"),
            (GLIB_ONLY.replace('reviewed = "2026-12-06"', 'reviewed = "last week"'), "not YYYY-MM-DD"),
            (GLIB_ONLY.replace(">=0.15.0, <0.20.0", ">=0.15.0, <soon"), "cannot read the range"),
            (GLIB_ONLY + GLIB_ONLY, "listed twice"),
            ("", "no [[advisory]] entries"),
        ]:
            status, out = run(broken, cargo_lock(("glib", "0.18.5")))
            self.assertEqual(status, 1, out)
            self.assertIn(says, out)

    def test_ranges(self):
        r = advisories.parse_range
        self.assertTrue(advisories.in_range("0.18.5", r(">=0.15.0, <0.20.0")))
        self.assertFalse(advisories.in_range("0.20.0", r(">=0.15.0, <0.20.0")))
        self.assertTrue(advisories.in_range("0.20.0-rc.1", r(">=0.15.0, <0.20.0")), "a pre-release sorts before its release")
        self.assertTrue(advisories.in_range("1.0.4", r("*")))
        alternatives = r("<1.6.1 || >=2.0.0, <2.1.9 || >=3.0.0, <3.0.5")
        self.assertEqual([advisories.in_range(v, alternatives) for v in ("1.6.0", "1.6.1", "2.1.8", "2.1.9", "3.0.4", "4.1.12")], [True, False, True, False, True, False])
        self.assertTrue(advisories.in_range("0.24.2", r("<=0.24.2")))
        self.assertIsNone(advisories.in_range("not-a-version", r("*")))


if __name__ == "__main__":
    unittest.main()
