#!/usr/bin/env python3
"""Start-up and memory benchmark of the app against a bare Tauri 2 window (scripts/bench-app.sh).

Runs inside an X display of its own (DISPLAY set, 1280x800) and a D-Bus session. Starts the two
binaries interleaved A B A B, each with a fresh HOME and data folder, and for each start:

- grabs the screen in a loop with XGetImage (libX11 through ctypes, nothing to install) from the
  moment just before exec, and records
  - first paint: the first frame in which the screen shows something other than flat colour
    (at least 3 distinct colours among sampled pixels: the black root plus a window background
    are not a paint);
  - settled: the time of the last significant repaint (at least SIGNIFICANT of the sampled
    tiles changed since the previous frame) once none has followed for QUIET seconds;
- counts the GL shaders the start compiled (new files in Mesa's shader cache): without a GPU,
  Mesa's llvmpipe compiles each with LLVM on the CPU, and that is most of the app's start-up CPU;
- 10 s after first paint, sums Pss and Rss from /proc/PID/smaps_rollup over the process and
  all its descendants (the WebKit web, network and GPU processes), core and WebKit apart.

The page's own timers are not trusted: every time is exec -> pixels on the X screen.
Prints a table of medians and app/bare ratios and writes every run to --json.

--env K=V (repeatable) starts both binaries with that variable too (e.g.
WEBKIT_SKIA_ENABLE_CPU_RENDERING=1), to test one suspect at a time. --warm-cache keeps one
XDG_CACHE_HOME per binary across its starts and fills it with one unmeasured start first: the
second start of a user, whose Mesa shader cache ($XDG_CACHE_HOME/mesa_shader_cache) and WebKit
caches are already there. Without it every start is a first start (a cold cache).
--app-env K=V (repeatable) is for the app side only: with `--app` the bare binary and
BENCH_PAGE_DIR=dir, the bare window shows a page of one's own, which is how
scripts/bench-floor.sh measures the app's first frame frozen as static markup.
"""

import argparse
import ctypes
import ctypes.util
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

QUIET = 2.0  # seconds without a significant repaint: the UI has settled
SIGNIFICANT = 0.01  # share of sampled tiles that must change to count as a repaint
CAP = 30.0  # give up waiting for the UI to settle after this many seconds
MEMORY_AFTER_PAINT = 10.0
ROW_STEP = 4  # sample every 4th row
TILE_PX = 64  # tiles 64 pixels wide on each sampled row
FRAME = 0.010  # at most one grab every 10 ms


class XImage(ctypes.Structure):
    _fields_ = [
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int),
        ("data", ctypes.c_void_p),
        ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int),
        ("bitmap_bit_order", ctypes.c_int),
        ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("bytes_per_line", ctypes.c_int),
        ("bits_per_pixel", ctypes.c_int),
    ]


class Grabber:
    def __init__(self):
        path = ctypes.util.find_library("X11") or "libX11.so.6"
        x = ctypes.CDLL(path)
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XGetImage.restype = ctypes.POINTER(XImage)
        x.XGetImage.argtypes = [
            ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
            ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int,
        ]
        x.XDestroyImage.argtypes = [ctypes.POINTER(XImage)]
        x.XDisplayWidth.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x = x
        self.dpy = x.XOpenDisplay(None)
        if not self.dpy:
            sys.exit("startup.py: cannot open the X display (DISPLAY=%s)" % os.environ.get("DISPLAY"))
        self.root = x.XDefaultRootWindow(self.dpy)
        self.w = x.XDisplayWidth(self.dpy, 0)
        self.h = x.XDisplayHeight(self.dpy, 0)

    def grab(self):
        """The screen as rows of bytes (every ROW_STEP-th row), 32 bits a pixel."""
        img = self.x.XGetImage(self.dpy, self.root, 0, 0, self.w, self.h, 0xFFFFFFFF, 2)  # ZPixmap
        if not img:
            raise RuntimeError("XGetImage failed")
        im = img.contents
        bpl = im.bytes_per_line
        data = ctypes.string_at(im.data, bpl * im.height)
        self.x.XDestroyImage(img)
        row_bytes = self.w * 4
        return [data[y * bpl : y * bpl + row_bytes] for y in range(0, self.h, ROW_STEP)]


def save_ppm(rows, path):
    """A grabbed frame (every ROW_STEP-th row) as a PPM image, for looking at what repainted."""
    w = len(rows[0]) // 4
    with open(path, "wb") as f:
        f.write(b"P6 %d %d 255\n" % (w, len(rows)))
        for r in rows:
            px = bytearray(w * 3)
            px[0::3], px[1::3], px[2::3] = r[2::4], r[1::4], r[0::4]
            f.write(px)


def colours(rows):
    seen = set()
    for row in rows[::4]:
        mv = memoryview(row).cast("I")
        seen.update(mv[::7])
        if len(seen) >= 3:
            break
    return len(seen)


def changed_share(prev, cur):
    tile = TILE_PX * 4
    changed = total = 0
    for a, b in zip(prev, cur):
        n = len(a) // tile
        total += n
        if a == b:
            continue
        for i in range(0, n * tile, tile):
            if a[i : i + tile] != b[i : i + tile]:
                changed += 1
    return changed / total if total else 0.0


def descendants(pid):
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                stat = f.read()
        except OSError:
            continue
        # comm may hold spaces and parentheses: the fields after the last ')' are fixed.
        ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def cpu_ms(pid):
    """User + system CPU ms used so far by pid and its live descendants: (all, pid alone)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = own = 0
    for p in descendants(pid):
        try:
            with open("/proc/%d/stat" % p) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used = int(fields[11]) + int(fields[12])  # utime, stime
        total += used
        if p == pid:
            own = used
    return round(total * 1000 / tick), round(own * 1000 / tick)


def memory(pid):
    """Summed Pss and Rss in KiB over pid and its descendants: (total, core, webkit, names)."""
    totals = {"core": [0, 0], "webkit": [0, 0]}
    names = []
    for p in descendants(pid):
        try:
            with open("/proc/%d/comm" % p) as f:
                comm = f.read().strip()
            pss = rss = 0
            with open("/proc/%d/smaps_rollup" % p) as f:
                for line in f:
                    if line.startswith("Pss:"):
                        pss = int(line.split()[1])
                    elif line.startswith("Rss:"):
                        rss = int(line.split()[1])
        except OSError:
            continue
        kind = "core" if p == pid else "webkit"
        totals[kind][0] += pss
        totals[kind][1] += rss
        names.append(comm)
    return {
        "pss_kib": totals["core"][0] + totals["webkit"][0],
        "rss_kib": totals["core"][1] + totals["webkit"][1],
        "core_pss_kib": totals["core"][0],
        "webkit_pss_kib": totals["webkit"][0],
        "processes": names,
    }


def shader_files(cache_home):
    """Files in Mesa's shader cache: one per shader variant a start compiled and stored."""
    return sum(len(files) for _, _, files in os.walk(os.path.join(cache_home, "mesa_shader_cache")))


def fresh_env(home):
    """A start's environment: HOME and the XDG folders under `home`, this display and session
    bus, no accessibility bridge; nothing else of the caller's."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "DISPLAY": os.environ["DISPLAY"],
        "HOME": home,
        "XDG_DATA_HOME": home + "/data",
        "XDG_CONFIG_HOME": home + "/config",
        "XDG_CACHE_HOME": home + "/cache",
        "XDG_RUNTIME_DIR": os.environ.get("XDG_RUNTIME_DIR", home),
        "NO_AT_BRIDGE": "1",
        "LANG": os.environ.get("LANG", "en_US.UTF-8"),
    }
    for key in ("XAUTHORITY", "DBUS_SESSION_BUS_ADDRESS", "PULSE_SERVER"):
        if key in os.environ:
            env[key] = os.environ[key]
    return env


def run_once(grabber, label, binary, extra_env, cache=None):
    home = tempfile.mkdtemp(prefix="bench-%s-" % label)
    env = fresh_env(home)
    env["XIAOYA_DATA_DIR"] = home + "/appdata"
    if cache:
        env["XDG_CACHE_HOME"] = cache
    env.update(extra_env)
    shaders_before = shader_files(env["XDG_CACHE_HOME"])
    prev = grabber.grab()
    log = open(os.path.join(home, "out.log"), "w")
    t0 = time.monotonic()
    proc = subprocess.Popen([binary], env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    painted = None
    last_change = None
    last_grab = 0.0
    frames = 0
    settled_cpu = None
    frames_dir = os.environ.get("BENCH_FRAMES")

    def keep(rows, t):
        # BENCH_FRAMES=dir keeps the first painted frame and each significant repaint.
        if frames_dir and len(changes) <= 20:
            os.makedirs(frames_dir, exist_ok=True)
            save_ppm(rows, os.path.join(frames_dir, "%s-%d-%05dms.ppm" % (label, proc.pid, t * 1000)))
    changes = []  # (ms after exec, share of tiles changed): what repainted when
    while True:
        # About 100 grabs a second: fine enough, and the grabber leaves the CPU to the app.
        spare = FRAME - (time.monotonic() - t0 - (last_grab if frames else -FRAME))
        if spare > 0:
            time.sleep(spare)
        cur = grabber.grab()
        t = time.monotonic() - t0
        last_grab = t
        frames += 1
        if painted is None and colours(cur) >= 3:
            painted = t
            last_change = t
            changes.append((round(t * 1000), "paint"))
            keep(cur, t)
        elif painted is not None:
            share = changed_share(prev, cur)
            if share >= SIGNIFICANT:
                last_change = t
                changes.append((round(t * 1000), round(share, 3)))
                keep(cur, t)
        prev = cur
        if painted is not None and t - last_change >= QUIET:
            settled_cpu = cpu_ms(proc.pid)
            break
        if t > CAP or proc.poll() is not None:
            break
    result = {"label": label, "frames": frames, "repaints": changes[:200]}
    if painted is None or proc.poll() is not None:
        result["error"] = "no paint" if painted is None else "exited with %s" % proc.returncode
    else:
        result["paint_ms"] = round(painted * 1000)
        result["settled_ms"] = round(last_change * 1000)
        result["settled_capped"] = time.monotonic() - t0 > CAP
        # CPU used from exec until the UI settled (read QUIET s later): load-independent.
        if settled_cpu is not None:
            result["cpu_ms"], result["core_cpu_ms"] = settled_cpu
        wait = painted + MEMORY_AFTER_PAINT - (time.monotonic() - t0)
        if wait > 0:
            time.sleep(wait)
        result.update(memory(proc.pid))
    stop(proc)
    log.close()
    # Without a GPU, Mesa's llvmpipe compiles every GL shader with LLVM on the CPU; the cache
    # keeps each one, so the new files are the shaders this start had to compile.
    result["shaders_compiled"] = shader_files(env["XDG_CACHE_HOME"]) - shaders_before
    if "error" in result:
        result["log"] = os.path.join(home, "out.log")
    else:
        shutil.rmtree(home, ignore_errors=True)
    return result


def stop(proc):
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    # WebKit's children leave with their parent; give the X server a moment to unmap.
    for _ in range(50):
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    time.sleep(0.5)


def median(values):
    return statistics.median(values) if values else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bare", required=True)
    ap.add_argument("--app", required=True)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--json")
    ap.add_argument("--env", action="append", default=[], metavar="K=V", help="extra environment for both binaries")
    ap.add_argument("--app-env", action="append", default=[], metavar="K=V", help="extra environment for the app binary only")
    ap.add_argument("--warm-cache", action="store_true", help="keep XDG_CACHE_HOME across starts, filled by one unmeasured start")
    args = ap.parse_args()
    def pairs(option, values):
        env = {}
        for kv in values:
            key, sep, value = kv.partition("=")
            if not sep or not key:
                ap.error("%s wants K=V, got %r" % (option, kv))
            env[key] = value
        return env

    extra_env = pairs("--env", args.env)
    envs = {"bare": extra_env, "app": {**extra_env, **pairs("--app-env", args.app_env)}}
    grabber = Grabber()
    print(
        "screen %dx%d; %d pairs, interleaved bare/app; %s cache; extra env: %s"
        % (grabber.w, grabber.h, args.runs, "warm" if args.warm_cache else "cold", " ".join(args.env + ["app: " + kv for kv in args.app_env]) or "none"),
        flush=True,
    )
    caches = {}
    if args.warm_cache:
        for label, binary in (("bare", args.bare), ("app", args.app)):
            caches[label] = tempfile.mkdtemp(prefix="bench-cache-%s-" % label)
            r = run_once(grabber, label, binary, envs[label], caches[label])
            print("  %-4s warm-up: %s" % (label, r.get("error") or "CPU %s ms" % r.get("cpu_ms", "-")), flush=True)
    runs = []
    for i in range(args.runs):
        for label, binary in (("bare", args.bare), ("app", args.app)):
            r = run_once(grabber, label, binary, envs[label], caches.get(label))
            r["pair"] = i + 1
            runs.append(r)
            if "error" in r:
                print("  %s #%d: %s (log kept: %s)" % (label, i + 1, r["error"], r["log"]), flush=True)
            else:
                print(
                    "  %-4s #%-2d paint %5d ms  settled %5d ms  CPU %5s ms  PSS %6.1f MiB  RSS %6.1f MiB  shaders %3d  (%d frames)"
                    % (label, i + 1, r["paint_ms"], r["settled_ms"], r.get("cpu_ms", "-"), r["pss_kib"] / 1024, r["rss_kib"] / 1024, r["shaders_compiled"], r["frames"]),
                    flush=True,
                )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(runs, f, indent=1)

    def med(label, key):
        return median([r[key] for r in runs if r["label"] == label and key in r])

    rows = [
        ("exec -> first painted frame (ms)", "paint_ms", 1),
        ("exec -> UI settled, no repaint for 2 s (ms)", "settled_ms", 1),
        ("CPU time, app + WebKit, exec -> settled + 2 s (ms)", "cpu_ms", 1),
        ("  of which the main process (ms)", "core_cpu_ms", 1),
        ("PSS, app + WebKit, 10 s after paint (MiB)", "pss_kib", 1024),
        ("RSS, app + WebKit, 10 s after paint (MiB)", "rss_kib", 1024),
        ("  of which the main process, PSS (MiB)", "core_pss_kib", 1024),
        ("  of which WebKit's processes, PSS (MiB)", "webkit_pss_kib", 1024),
        ("GL shaders compiled (new in Mesa's shader cache)", "shaders_compiled", 1),
    ]
    print()
    print("| metric (median of %d) | app | bare | app/bare |" % args.runs)
    print("|---|---|---|---|")
    for name, key, div in rows:
        a, b = med("app", key) / div, med("bare", key) / div
        print("| %s | %.0f | %.0f | %.2fx |" % (name, a, b, a / b if b else float("nan")))
    for cache in caches.values():
        shutil.rmtree(cache, ignore_errors=True)
    failed = [r for r in runs if "error" in r]
    if failed:
        print("%d runs failed" % len(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
