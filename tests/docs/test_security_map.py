"""The security map names real tests: every `file.rs::name` in tests/SECURITY_TESTS.md is a
function in a Rust file whose path ends with that file (a name ending in … is a prefix), and
every `file.py::name` a function (or method) of a Python file.
A test that was renamed or moved must take the map with it (issue 25: the map was stale)."""

import re
import subprocess
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "tests" / "SECURITY_TESTS.md"
REF = re.compile(r"`([A-Za-z0-9_./-]+\.(?:rs|py))?::([A-Za-z_][A-Za-z0-9_]*)(…)?`")


def rust_files():
    out = subprocess.run(["git", "ls-files", "*.rs", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True)
    return [p for p in out.stdout.split() if (ROOT / p).exists()]


def references(text):
    """Each `file.rs::name`, and each `::name` that follows one in the same line (a table row
    lists several tests of one file as `a.rs::x`, `::y`), read as in that file."""
    refs = []
    for line in text.splitlines():
        file = None
        for m in REF.finditer(line):
            file = m.group(1) or file
            if file is not None:
                refs.append((file, m.group(2), bool(m.group(3))))
    return refs


def missing(refs, files, read):
    """The references that name no function in a matching file."""
    bad = []
    for path, name, prefix in refs:
        candidates = [f for f in files if f == path or f.endswith("/" + path)]
        keyword = r"\bdef " if path.endswith(".py") else r"\bfn "
        pattern = re.compile(keyword + re.escape(name) + (r"\w*" if prefix else r"\b"))
        if not any(pattern.search(read(f)) for f in candidates):
            bad.append(f"{path}::{name}{'…' if prefix else ''}" + ("" if candidates else " (no such file)"))
    return bad


class SecurityMapTest(unittest.TestCase):
    def test_a_python_test_is_a_def_in_its_file(self):
        files = ["tests/deps/test_advisories.py", "src-tauri/core/src/auth/pkce.rs"]
        read = lambda f: "    def test_ranges(self):\n" if f.endswith(".py") else "fn test_ranges() {}"
        refs = references("`test_advisories.py::test_ranges`, `::gone` `pkce.rs::test_ranges`")
        self.assertEqual(missing(refs, files, read), ["test_advisories.py::gone"])
        self.assertEqual(missing(references("`test_advisories.py::fn_only`"), files, lambda f: "fn fn_only() {}"), ["test_advisories.py::fn_only"])

    def test_every_named_test_exists(self):
        refs = references(MAP.read_text(encoding="utf-8"))
        self.assertGreater(len(refs), 40, "the reader found too few references: is it broken?")
        files = rust_files()
        cache = {}

        def read(f):
            if f not in cache:
                cache[f] = (ROOT / f).read_text(encoding="utf-8")
            return cache[f]

        bad = missing(refs, files, read)
        self.assertEqual(bad, [], "tests/SECURITY_TESTS.md names tests that don't exist:\n" + "\n".join(bad))

    def test_the_check_fails_on_a_missing_test(self):
        files = ["src-tauri/core/src/auth/pkce.rs"]
        read = lambda f: "fn state_has_at_least_128_bits() {}"
        refs = references("`pkce.rs::state_has_at_least_128_bits` `pkce.rs::gone` `nope.rs::x` `pkce.rs::state_has…`")
        self.assertEqual(missing(refs, files, read), ["pkce.rs::gone", "nope.rs::x (no such file)"])

    def test_a_name_after_a_file_is_read_in_that_file(self):
        # Issue 25: `a.rs::x`, `::y` named two tests that no longer existed, and no check saw them.
        files = ["src-tauri/core/src/auth/pkce.rs"]
        read = lambda f: "fn state_has_at_least_128_bits() {}"
        refs = references("`pkce.rs::state_has_at_least_128_bits`, `::gone`\n`::no_file_before`")
        self.assertEqual(refs, [("pkce.rs", "state_has_at_least_128_bits", False), ("pkce.rs", "gone", False)])
        self.assertEqual(missing(refs, files, read), ["pkce.rs::gone"])


if __name__ == "__main__":
    unittest.main()
