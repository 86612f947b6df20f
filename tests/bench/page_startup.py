#!/usr/bin/env python3
"""The UI page's start-up cost in WebKitGTK without Tauri: MiniBrowser (same WebKitGTK as the
app's webview) opens the built UI (ui/dist) and the bare window's page (tests/bench/bare/dist),
interleaved, each start with a fresh HOME and cache, and for each start reports

- the CPU time of MiniBrowser and its WebKit processes over the first --seconds (default 10;
  the page has settled well before), and
- the GL shaders the start compiled (new files in Mesa's shader cache; without a GPU Mesa's
  llvmpipe compiles each with LLVM on the CPU);
- for the UI, when the Account screen appeared (page clock, from navigation start); a UI start
  that never shows it (the boot error, or a command the stub does not answer well) fails.

The UI gets tests/bench/page-ipc-stub.js in place of the Tauri shell (a fresh install on the
sandbox: it settles on the Account screen, as the app's first start does), so a UI variant can be
measured without building the app, which embeds its UI. --css 'RULES' adds a <style> at the end
of the UI page's <head> (e.g. '*{box-shadow:none!important}') to test one suspect at a time;
--env K=V starts MiniBrowser with that variable (e.g. WEBKIT_SKIA_ENABLE_CPU_RENDERING=1).

Run inside an X display and a D-Bus session, after `cd ui && npm run build`:
  xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- python3 tests/bench/page_startup.py
Prints; asserts nothing about time.
"""

import argparse
import functools
import http.server
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import shutil
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
from startup import cpu_ms, fresh_env, shader_files  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"


REACHED = {}  # what the UI page last reported reaching (page-ipc-stub.js), for the current run


class Page(http.server.SimpleHTTPRequestHandler):
    """Serves a dist folder; its index.html gets the IPC stub and the extra CSS."""

    inject = b""

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path.startswith("/__bench/reached?"):
            query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
            REACHED.update({key: values[0] for key, values in query.items()})
            self.send_response(204)
            self.end_headers()
            return
        if self.path.split("?")[0] in ("/", "/index.html"):
            with open(os.path.join(self.directory, "index.html"), "rb") as f:
                html = f.read()
            if self.inject:
                html = html.replace(b"</head>", self.inject + b"</head>", 1)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(html)))
            self.end_headers()
            self.wfile.write(html)
            return
        if self.path == "/__bench/page-ipc-stub.js":
            self.path = "/page-ipc-stub.js"
            self.directory = HERE
        super().do_GET()


def serve(directory, inject):
    handler = type("Handler", (Page,), {"inject": inject})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return "http://127.0.0.1:%d/" % server.server_address[1]


def run_once(url, seconds, extra_env, expect_account):
    REACHED.clear()
    home = tempfile.mkdtemp(prefix="page-bench-")
    env = fresh_env(home)
    env.update(extra_env)
    proc = subprocess.Popen(
        [MINIBROWSER, "--geometry=1280x800", url],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    time.sleep(seconds)
    used = cpu_ms(proc.pid)[0]
    alive = proc.poll() is None
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=5)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    time.sleep(0.5)
    shaders = shader_files(env["XDG_CACHE_HOME"])
    shutil.rmtree(home, ignore_errors=True)
    error = None if alive else "exited early"
    if expect_account and not error and REACHED.get("what") != "account":
        error = "never reached the Account screen (%s; IPC asked: %s)" % (
            REACHED.get("what", "no report"), REACHED.get("ipc", "-"))
    result = {"cpu_ms": used, "shaders_compiled": shaders, "error": error}
    if expect_account and REACHED.get("what") == "account":
        result["account_ms"] = int(REACHED["at"])
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", default=os.path.join(ROOT, "ui", "dist"), help="the built UI (npm run build)")
    ap.add_argument("--bare", default=os.path.join(ROOT, "tests", "bench", "bare", "dist"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--css", default="", help="extra CSS rules for the UI page")
    ap.add_argument("--env", action="append", default=[], metavar="K=V")
    args = ap.parse_args()
    if not os.path.exists(os.path.join(args.dist, "index.html")):
        sys.exit("page_startup.py: no %s/index.html (cd ui && npm run build)" % args.dist)
    extra_env = {}
    for kv in args.env:
        key, sep, value = kv.partition("=")
        if not sep or not key:
            ap.error("--env wants K=V, got %r" % kv)
        extra_env[key] = value
    inject = b'<script src="/__bench/page-ipc-stub.js"></script>'
    if args.css:
        inject += b"<style>" + args.css.encode() + b"</style>"
    pages = (("bare", serve(args.bare, b"")), ("ui", serve(args.dist, inject)))
    print("MiniBrowser, %d starts each, %g s each; css: %s; env: %s"
          % (args.runs, args.seconds, args.css or "none", " ".join(args.env) or "none"), flush=True)
    runs = {"bare": [], "ui": []}
    for i in range(args.runs):
        for label, url in pages:
            r = run_once(url, args.seconds, extra_env, expect_account=label == "ui")
            runs[label].append(r)
            shown = "  Account screen at %5d ms" % r["account_ms"] if "account_ms" in r else ""
            print("  %-4s #%d  CPU %5d ms  shaders %3d%s%s" % (label, i + 1, r["cpu_ms"], r["shaders_compiled"], shown,
                                                             "  (%s)" % r["error"] if r["error"] else ""), flush=True)
    print()
    print("| median of %d, first %g s | UI | bare | UI/bare |" % (args.runs, args.seconds))
    print("|---|---|---|---|")
    for name, key in (("CPU, MiniBrowser + WebKit (ms)", "cpu_ms"), ("GL shaders compiled", "shaders_compiled")):
        a = statistics.median(r[key] for r in runs["ui"])
        b = statistics.median(r[key] for r in runs["bare"])
        print("| %s | %.0f | %.0f | %s |" % (name, a, b, "%.2fx" % (a / b) if b else "-"))
    return 1 if any(r["error"] for rs in runs.values() for r in rs) else 0


if __name__ == "__main__":
    sys.exit(main())
