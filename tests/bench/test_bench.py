#!/usr/bin/env python3
"""Checks of the start-up benchmarks' own parts that need no X display or browser:
python3 -m unittest discover -s tests/bench -p 'test_*.py'"""

import os
import sys
import tempfile
import unittest
import urllib.request

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import freeze_page  # noqa: E402
import page_startup  # noqa: E402
import startup  # noqa: E402
import summary  # noqa: E402


class ShaderCount(unittest.TestCase):
    def test_counts_every_file_under_mesas_cache_and_nothing_else(self):
        with tempfile.TemporaryDirectory() as cache:
            self.assertEqual(startup.shader_files(cache), 0)
            for sub, name in (("ab", "1"), ("ab", "2"), ("cd", "3")):
                os.makedirs(os.path.join(cache, "mesa_shader_cache", sub), exist_ok=True)
                open(os.path.join(cache, "mesa_shader_cache", sub, name), "w").close()
            open(os.path.join(cache, "webkit-cache-file"), "w").close()
            self.assertEqual(startup.shader_files(cache), 3)


class UiPage(unittest.TestCase):
    def setUp(self):
        self.dist = tempfile.TemporaryDirectory()
        with open(os.path.join(self.dist.name, "index.html"), "w") as f:
            f.write('<html><head><script type="module" src="/assets/x.js"></script></head><body></body></html>')

    def tearDown(self):
        self.dist.cleanup()

    def get(self, url):
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read().decode()

    def test_index_gets_the_ipc_stub_and_the_extra_css_at_the_end_of_its_head(self):
        base = page_startup.serve(self.dist.name, b'<script src="/__bench/page-ipc-stub.js"></script><style>*{x:y}</style>')
        _, html = self.get(base)
        self.assertIn('<script src="/__bench/page-ipc-stub.js"></script><style>*{x:y}</style></head>', html)
        status, stub = self.get(base + "__bench/page-ipc-stub.js")
        self.assertEqual(status, 200)
        self.assertIn("__TAURI_INTERNALS__", stub)
        self.assertIn("sign-in-personal", stub)

    def test_the_stubs_report_of_what_the_page_reached_is_kept_for_the_run(self):
        base = page_startup.serve(self.dist.name, b"")
        page_startup.REACHED.clear()
        status, _ = self.get(base + "__bench/reached?what=account&at=214&ipc=app_events%2Capp_info")
        self.assertEqual(status, 204)
        self.assertEqual(page_startup.REACHED, {"what": "account", "at": "214", "ipc": "app_events,app_info"})


class FrozenPage(unittest.TestCase):
    RENDERED = (
        '<html lang="zh-CN" data-theme="dark"><head><script type="module" crossorigin src="/assets/index-A.js"></script>'
        '<link rel="stylesheet" href="/assets/index-B.css"><script>window.__XIAOYA_BOOT__ = {"a": "</b>"};</script>'
        '</head><body><div id="app"><img src="/assets/mark.png" alt=""><p>小雅 <a href="/assets-not">x</a></p>'
        "<SCRIPT>\nlate()\n</SCRIPT ></div></body></html>"
    )

    def test_every_script_goes_and_the_markup_and_its_assets_stay(self):
        page = freeze_page.freeze(self.RENDERED)
        self.assertNotIn("script", page.lower())
        self.assertTrue(page.startswith("<!doctype html><html lang=\"zh-CN\" data-theme=\"dark\">"))
        self.assertIn('<link rel="stylesheet" href="assets/index-B.css">', page)
        self.assertIn('<img src="assets/mark.png" alt=""><p>小雅 <a href="/assets-not">x</a></p>', page)

    def test_the_folder_holds_the_page_and_the_built_assets(self):
        with tempfile.TemporaryDirectory() as tmp:
            os.makedirs(os.path.join(tmp, "dist", "assets"))
            open(os.path.join(tmp, "dist", "assets", "index-B.css"), "w").write("body{color:red}")
            with open(os.path.join(tmp, "rendered.html"), "w") as f:
                f.write(self.RENDERED)
            out = os.path.join(tmp, "page")
            freeze_page.main(["freeze_page.py", os.path.join(tmp, "rendered.html"), os.path.join(tmp, "dist"), out])
            self.assertEqual(open(os.path.join(out, "assets", "index-B.css")).read(), "body{color:red}")
            self.assertNotIn("<script", open(os.path.join(out, "index.html")).read())


class Summary(unittest.TestCase):
    RUNS = [
        {"label": "bare", "pss_kib": 260 * 1024, "rss_kib": 1},
        {"label": "app", "pss_kib": 320 * 1024, "rss_kib": 1},
        {"label": "bare", "pss_kib": 250 * 1024, "rss_kib": 1},
        {"label": "app", "pss_kib": 310 * 1024, "rss_kib": 1},
        {"label": "app", "error": "no window"},
    ]
    RECORDS = [
        {"figure": "every_screen", "pss_kib": 370 * 1024, "rss_kib": 1},
        {"figure": "conversation_1000", "pss_kib": 357 * 1024, "rss_kib": 1},
        {"figure": "soak_after_20", "pss_kib": 380 * 1024, "rss_kib": 1},
        {"figure": "soak_after_all", "pss_kib": 441 * 1024, "rss_kib": 1},
    ]

    def test_each_figure_against_the_bare_window_at_idle_with_its_goal(self):
        got = {r[0]: r for r in summary.rows(self.RUNS, self.RECORDS)}
        idle = got["idle, 10 s after paint (startup runs)"]
        self.assertAlmostEqual(idle[3], 315 / 255)  # medians of the successful starts
        self.assertTrue(idle[5])
        long = got["a 1,000-message conversation open"]
        self.assertAlmostEqual(long[3], 357 / 255)
        self.assertTrue(long[5])
        soak = got["soak: after 200 replies against after 20"]
        self.assertAlmostEqual(soak[3], 441 / 380)
        self.assertFalse(soak[5])
        self.assertIsNone(got["signed in twice, every screen visited"][5])
        self.assertIn("| ≤ 1.10× (not met) |", summary.table(summary.rows(self.RUNS, self.RECORDS)))

    def test_a_missing_figure_is_an_error_not_a_blank(self):
        with self.assertRaises(ValueError):
            summary.rows(self.RUNS, self.RECORDS[:3])
        with self.assertRaises(ValueError):
            summary.rows([r for r in self.RUNS if r["label"] == "app"], self.RECORDS)


if __name__ == "__main__":
    unittest.main()
