// Serves ui/bench/dist over loopback HTTP, runs the benchmark pages in two engines and
// prints one table per engine per benchmark, each labelled with its engine:
//   1. headless Chromium (playwright-core, Debian's /usr/bin/chromium; Blink/V8);
//   2. WebKitGTK — the engine the app's webview uses — through WebKitWebDriver driving
//      MiniBrowser, spoken to with plain W3C WebDriver over fetch(). MiniBrowser opens a
//      real window, so an X display is needed (scripts/bench-ui.sh wraps this in xvfb-run
//      when there is none). Skipped with a note when WebKitWebDriver is not on PATH
//      (package webkit2gtk-driver) or BENCH_WEBKIT=0.
// The benchmarks, in this order in each engine (BENCH=chat or BENCH=voices runs one):
//   chat    index.html   window.__runChatBench()       the chat's streamed-reply rendering
//   voices  voices.html  window.__runVoiceBoardBench() the TTS voice board with 10,000 voices
// Each prints a table and a `RESULT {json}` line per engine. BENCH_CHROMIUM=0 skips Chromium,
// BENCH_WEBKIT=0 skips WebKitGTK.
// Called by scripts/bench-ui.sh after the build. Prints; asserts nothing about time. Exits
// non-zero if a benchmark's run fails in an engine (after reporting every run that worked).
import { spawn } from "node:child_process";
import { constants } from "node:fs";
import { access, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { delimiter, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const dist = fileURLToPath(new URL("./dist/", import.meta.url));
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const miniBrowser = process.env.MINIBROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const BENCHES = {
  chat: { page: "", fn: "__runChatBench", report: reportChat },
  voices: { page: "voices.html", fn: "__runVoiceBoardBench", report: reportVoices },
};
const selected = (process.env.BENCH ?? "chat,voices")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
for (const name of selected) {
  if (!(name in BENCHES)) {
    console.error(`unknown benchmark in BENCH: ${name} (known: ${Object.keys(BENCHES).join(", ")})`);
    process.exit(2);
  }
}
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };

const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
  const file = join(dist, path === "/" ? "index.html" : path);
  if (!file.startsWith(dist)) return void res.writeHead(403).end();
  try {
    const body = await readFile(file);
    // Cross-origin isolated where the engine supports it, so performance.now() is finer
    // (Chromium: 5 µs rather than 100 µs). The table prints the step actually measured.
    res
      .writeHead(200, {
        "content-type": types[extname(file)] ?? "application/octet-stream",
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-embedder-policy": "require-corp",
      })
      .end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${server.address().port}/`;

// Smallest positive step of performance.now() seen in a 30 ms busy loop, in ms. Run as a
// function body in the page (Playwright evaluate / WebDriver execute/sync).
const probeTimerStep = `
  let min = Infinity, prev = performance.now();
  const end = prev + 30;
  for (;;) {
    const t = performance.now();
    if (t !== prev) { min = Math.min(min, t - prev); prev = t; }
    if (t > end) break;
  }
  return min;`;

let failed = false;
if (process.env.BENCH_CHROMIUM === "0") {
  console.log("\nNOTE: Chromium run skipped — BENCH_CHROMIUM=0.");
} else {
  try {
    await runChromium();
  } catch (e) {
    failed = true;
    console.error("\nChromium run FAILED:", e);
  }
}
const skip = await webkitSkipReason();
if (skip) {
  console.log(`\nNOTE: WebKitGTK run skipped — ${skip}.`);
} else {
  try {
    await runWebKit();
  } catch (e) {
    failed = true;
    console.error("\nWebKitGTK run FAILED (WebKitWebDriver + MiniBrowser):", e);
  }
}
server.close();
process.exitCode = failed ? 1 : 0;

// ---------- Chromium (playwright-core) ----------

async function runChromium() {
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const engine = {
      name: "chromium",
      version: browser.version(),
      label: `headless Chromium ${browser.version()} (Blink/V8) via playwright-core — NOT the app's WebKitGTK webview`,
    };
    for (const name of selected) {
      const bench = BENCHES[name];
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        page.on("pageerror", (e) => console.error("page error:", e));
        await page.goto(url + bench.page);
        await page.waitForFunction((fn) => typeof window[fn] === "function", bench.fn);
        const timerStepMs = await page.evaluate(`(() => {${probeTimerStep}})()`);
        const result = await page.evaluate((fn) => window[fn](), bench.fn);
        bench.report(result, { ...engine, timerStepMs });
        await page.close();
      } catch (e) {
        failed = true;
        console.error(`\nChromium run of the ${name} benchmark FAILED:`, e);
      }
    }
  } finally {
    await browser.close();
  }
}

// ---------- WebKitGTK (WebKitWebDriver + MiniBrowser, W3C WebDriver over fetch) ----------

async function onPath(name) {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    try {
      await access(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {}
  }
  return null;
}

async function webkitSkipReason() {
  if (process.env.BENCH_WEBKIT === "0") return "BENCH_WEBKIT=0";
  if (!(await onPath("WebKitWebDriver"))) return "WebKitWebDriver is not on PATH (Debian package webkit2gtk-driver)";
  return null;
}

async function freePort() {
  const s = createNetServer();
  await new Promise((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

function sleepMs(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

async function runWebKit() {
  try {
    await access(miniBrowser, constants.X_OK);
  } catch {
    throw new Error(`MiniBrowser not found at ${miniBrowser} (set MINIBROWSER to override)`);
  }
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    throw new Error("no DISPLAY/WAYLAND_DISPLAY: MiniBrowser needs a display (run under xvfb-run, as scripts/bench-ui.sh does)");
  }

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Own process group, so the finally below can end the driver and the MiniBrowser (and
  // its WebKit helper processes) it launched, and nothing else.
  const driver = spawn("WebKitWebDriver", [`--port=${port}`, "--host=127.0.0.1"], {
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let driverLog = "";
  driver.stderr.on("data", (d) => (driverLog = (driverLog + d).slice(-4000)));
  let driverExit = null;
  const exited = new Promise((r) =>
    driver.on("exit", (code, signal) => {
      driverExit = { code, signal };
      r(driverExit);
    }),
  );
  driver.on("error", (e) => (driverExit = { error: e }));

  // W3C WebDriver: { value } on success, { value: { error, message } } on failure.
  // (fetch's 300 s header timeout is far above the benchmark's ~1 min.)
  const wd = async (method, path, body) => {
    const res = await fetch(base + path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => ({}));
    if (!res.ok || json.value?.error) {
      const v = json.value ?? {};
      throw new Error(`WebDriver ${method} ${path} → HTTP ${res.status}: ${v.error ?? ""} ${v.message ?? ""}`.trim());
    }
    return json.value;
  };

  let sessionId = null;
  try {
    // Wait for the driver to listen.
    for (let i = 0; ; i++) {
      if (driverExit) throw new Error(`WebKitWebDriver exited early: ${JSON.stringify(driverExit)}\n${driverLog}`);
      try {
        const status = await wd("GET", "/status");
        if (status?.ready !== false) break;
      } catch {}
      if (i > 100) throw new Error(`WebKitWebDriver did not answer on ${base} within 10 s\n${driverLog}`);
      await sleepMs(100);
    }

    const session = await wd("POST", "/session", {
      capabilities: {
        alwaysMatch: {
          "webkitgtk:browserOptions": { binary: miniBrowser, args: ["--automation"] },
        },
      },
    });
    sessionId = session.sessionId;
    const caps = session.capabilities ?? {};
    const version = caps.browserVersion ?? "unknown";
    const s = `/session/${sessionId}`;

    await wd("POST", `${s}/timeouts`, { script: 300000 });
    try {
      await wd("POST", `${s}/window/rect`, { width: 1280, height: 800 });
    } catch (e) {
      console.error(`note: could not size the MiniBrowser window (${e.message}); continuing`);
    }
    const engine = {
      name: "webkitgtk",
      version,
      label: `WebKitGTK ${version} (${caps.browserName ?? "MiniBrowser"}, JavaScriptCore) via WebKitWebDriver — the app's webview engine`,
    };
    for (const name of selected) {
      const bench = BENCHES[name];
      try {
        await wd("POST", `${s}/url`, { url: url + bench.page });
        for (let i = 0; ; i++) {
          const ready = await wd("POST", `${s}/execute/sync`, {
            script: `return typeof window.${bench.fn} === "function";`,
            args: [],
          });
          if (ready === true) break;
          if (i > 300) throw new Error(`the benchmark page did not define window.${bench.fn} within 30 s`);
          await sleepMs(100);
        }
        const timerStepMs = await wd("POST", `${s}/execute/sync`, { script: probeTimerStep, args: [] });
        const result = await wd("POST", `${s}/execute/async`, {
          script:
            "const done = arguments[arguments.length - 1];" +
            `window.${bench.fn}().then(done, (e) => done({ benchError: String((e && e.stack) || e) }));`,
          args: [],
        });
        if (!result || result.benchError) throw new Error(`the benchmark threw in the page: ${result?.benchError ?? result}`);
        const userAgent = await wd("POST", `${s}/execute/sync`, { script: "return navigator.userAgent;", args: [] });
        bench.report({ ...result, userAgent: result.userAgent ?? userAgent }, { ...engine, timerStepMs });
      } catch (e) {
        failed = true;
        console.error(`\nWebKitGTK run of the ${name} benchmark FAILED (WebKitWebDriver + MiniBrowser):`, e);
      }
    }
  } finally {
    if (sessionId) {
      try {
        await wd("DELETE", `/session/${sessionId}`);
      } catch (e) {
        console.error(`note: deleting the WebDriver session failed: ${e.message}`);
      }
    }
    if (!driverExit) {
      try {
        process.kill(-driver.pid, "SIGTERM");
      } catch {}
      const timedOut = await Promise.race([exited.then(() => false), sleepMs(3000).then(() => true)]);
      if (timedOut) {
        try {
          process.kill(-driver.pid, "SIGKILL");
        } catch {}
      }
    }
  }
}

// ---------- report ----------

function reportChat({ userAgent, longTaskSupported, crossOriginIsolated, runs, tableList, parsers }, engine) {
  const [app, naive] = runs;
  // WebDriver sends NaN/Infinity as null.
  const f = (x, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : x == null ? "n/a" : String(x));
  const ms = (x) => (Number.isFinite(x) ? `${f(x, 1)} ms` : f(x));
  const longTasksKnown = (r) => longTaskSupported && r.longTasks >= 0;
  const longTaskCount = (r) => (longTasksKnown(r) ? r.longTasks : "n/a");
  const longestLongTask = (r) => (longTasksKnown(r) ? ms(r.longestLongTaskMs) : "n/a");
  // Without the long-task API only the render task (token task + commit) is known.
  const longestTask = (r) => (longTasksKnown(r) ? Math.max(r.longestLongTaskMs, r.longestRenderTaskMs) : r.longestRenderTaskMs);
  const step = engine.timerStepMs;
  const stepText = Number.isFinite(step) ? (step < 1 ? `${(step * 1000).toFixed(1)} µs` : `${step.toFixed(2)} ms`) : "n/a";
  console.log("");
  console.log(`Chat render benchmark — ENGINE: ${engine.label}`);
  console.log(`  user agent: ${userAgent}`);
  console.log(
    `  reply: ${app.chars} chars (${(app.chars / 1024).toFixed(0)} KB Markdown), ${app.tokens} tokens of ~4 chars, ` +
      `fed at 2000 tokens/s (feed clock ${f(app.feedSeconds, 2)} s), one task per token`,
  );
  console.log(
    `  timer: cross-origin isolated: ${crossOriginIsolated ? "yes" : "NO"}; smallest performance.now() step measured: ${stepText}`,
  );
  console.log(
    `  long-task API: ${longTaskSupported ? "supported" : "NOT supported in this engine (long-task rows n/a; 'longest task' is the longest render task only)"}`,
  );
  console.log("");
  const row = (label, a, b, ratio) =>
    console.log(`  ${label.padEnd(46)} ${String(a).padStart(16)} ${String(b).padStart(18)} ${String(ratio ?? "").padStart(12)}`);
  row("", "app <Markdown>", "naive full reparse", "app/naive");
  row("tokens displayed", `${app.displayedTokens}/${app.tokens}`, `${naive.displayedTokens}/${naive.tokens}`);
  row("time to last displayed token (feed start = 0)", `${f(app.elapsedSeconds, 2)} s`, `${f(naive.elapsedSeconds, 2)} s`);
  row(
    "display rate / feed rate  (target >= 0.98)",
    f(app.displayRateRatio),
    f(naive.displayRateRatio),
    f(app.displayRateRatio / naive.displayRateRatio, 2),
  );
  row("max lag behind the feed clock", ms(app.maxLagMs), ms(naive.maxLagMs), f(app.maxLagMs / naive.maxLagMs));
  row("renders", app.renders, naive.renders);
  row(
    "longest render task (token task + commit)",
    ms(app.longestRenderTaskMs),
    ms(naive.longestRenderTaskMs),
    f(app.longestRenderTaskMs / naive.longestRenderTaskMs),
  );
  row("longest frame (rAF to rAF)", ms(app.longestFrameMs), ms(naive.longestFrameMs), f(app.longestFrameMs / naive.longestFrameMs));
  row("long tasks > 50 ms (PerformanceObserver)", longTaskCount(app), longTaskCount(naive));
  row("longest long task (0 = none over 50 ms)", longestLongTask(app), longestLongTask(naive));
  row(
    longTaskSupported ? "longest task / 50 ms budget  (target <= 1)" : "longest render task / 50 ms  (target <= 1)",
    f(longestTask(app) / 50),
    f(longestTask(naive) / 50),
  );
  row("median render cost, first 10% of tokens", ms(app.medianRenderFirst10Ms), ms(naive.medianRenderFirst10Ms));
  row("median render cost, last 10% of tokens", ms(app.medianRenderLast10Ms), ms(naive.medianRenderLast10Ms));
  row(
    "last 10% / first 10%  (target <= 1.5)",
    f(app.endToStartRatio),
    f(naive.endToStartRatio),
    f(app.endToStartRatio / naive.endToStartRatio),
  );
  console.log("");
  console.log("  The baseline ran in the same page right after; the naive run stops 4 s after the feed ends,");
  console.log("  so its 'last 10%' is of the tokens it managed to show. Figures are one run on a noisy machine;");
  console.log("  nothing is asserted. Render cost = token task start to the end of Preact's commit (no layout/paint);");
  console.log(
    longTaskSupported
      ? "  layout and paint show up in the frame and long-task figures."
      : "  layout and paint show up in the frame figures only (no long-task API in this engine).",
  );
  if (tableList) {
    const t = tableList;
    console.log(`  The app again, reply 2: ${t.chars} chars of a long table then a long nested list (${t.tokens} tokens):`);
    row("display rate / feed rate  (target >= 0.98)", f(t.displayRateRatio));
    row(
      longTaskSupported ? "longest task / 50 ms budget  (target <= 1)" : "longest render task / 50 ms  (target <= 1)",
      f(longestTask(t) / 50),
    );
    row("longest render task (token task + commit)", ms(t.longestRenderTaskMs));
    row("median render cost, first 10% / last 10%", `${ms(t.medianRenderFirst10Ms)} / ${ms(t.medianRenderLast10Ms)}`);
    row("last 10% / first 10%  (target <= 1.5)", f(t.endToStartRatio));
    console.log("");
  }
  if (parsers) {
    console.log(
      "  Parsers, to tokens/events with GFM (median of 5 whole parses; per re-read unit: block, or row/item of a long table/list):",
    );
    console.log(
      `  ${"parser".padEnd(12)} ${"reply".padEnd(11)} ${"whole 128 KB".padStart(14)} ${"unit median".padStart(13)} ${"unit max".padStart(11)}`,
    );
    for (const p of parsers)
      console.log(
        `  ${p.parser.padEnd(12)} ${p.reply.padEnd(11)} ${ms(p.wholeMs).padStart(14)} ${`${f(p.blockMedianMs * 1000, 0)} µs`.padStart(13)} ${ms(p.blockMaxMs).padStart(11)}`,
      );
    console.log("");
  }
  console.log(
    "RESULT " +
      JSON.stringify({
        tableList,
        parsers,
        benchmark: "chat",
        engine: `${engine.name} ${engine.version}`,
        engineName: engine.name,
        engineVersion: engine.version,
        userAgent,
        longTaskSupported,
        crossOriginIsolated,
        timerStepMs: step,
        app,
        naive,
      }),
  );
}

function reportVoices(r, engine) {
  const f = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : x == null ? "n/a" : String(x));
  const ms = (x) => (Number.isFinite(x) ? `${f(x, 1)} ms` : f(x));
  const n = (x) => (Number.isFinite(x) ? x.toLocaleString("en-US") : f(x));
  const step = engine.timerStepMs;
  const stepText = Number.isFinite(step) ? (step < 1 ? `${(step * 1000).toFixed(1)} µs` : `${step.toFixed(2)} ms`) : "n/a";
  const FRAME = 1000 / 60;
  const m = r.mix;
  console.log("");
  console.log(`Voice board benchmark — ENGINE: ${engine.label}`);
  console.log(`  user agent: ${r.userAgent}`);
  console.log(
    `  timer: cross-origin isolated: ${r.crossOriginIsolated ? "yes" : "NO"}; smallest performance.now() step measured: ${stepText}`,
  );
  console.log(
    `  voices: ${n(r.voices)} (${n(m.shared)} shared, ${n(m.own)} own; ${n(m.active)} active, ${n(m.pending)} pending activation ` +
      `(${n(m.pendingPastDeadline)} past their deadline), ${n(m.expired)} expired, ${n(m.other)} in an unknown state; ` +
      `names ${n(m.english)} English / ${n(m.chinese)} Chinese)`,
  );
  console.log(
    `  the real <VoiceBoard> in a <Card>, board ${r.boardWidthPx} px wide, list ${r.listHeightPx} px tall, ` +
      `${r.renderedRows} rows in the DOM; locale ${r.locale}; IPC attempts: ${r.ipcAttempts.length}` +
      (r.ipcAttempts.length ? ` (${r.ipcAttempts.join("; ")})` : ""),
  );
  console.log("");
  const row = (label, a, b, c, d) =>
    console.log(
      `  ${label.padEnd(50)} ${String(a ?? "").padStart(10)} ${String(b ?? "").padStart(10)} ${String(c ?? "").padStart(10)} ${String(d ?? "").padStart(8)}`,
    );
  row("", "median", "max", "min", "samples");
  const statRow = (label, s) => row(label, ms(s.median), ms(s.max), ms(s.min), s.n);
  statRow("BASELINE unfiltered render: mount → commit", r.mount.commit);
  statRow("BASELINE unfiltered render: mount → layout", r.mount.layout);
  statRow("BASELINE unfiltered render: mount → painted", r.mount.painted);
  statRow(`keystroke ("${r.query}" typed, then deleted): → commit`, r.keystroke.commit);
  statRow("keystroke: input event → layout", r.keystroke.layout);
  statRow("keystroke: input event → next frame painted", r.keystroke.painted);
  statRow("ownership chip click → layout", r.chip.layout);
  statRow("state filter change → layout", r.stateFilter.layout);
  statRow("sort change → layout", r.sort.layout);
  statRow("sort change → next frame painted", r.sort.painted);
  console.log("");
  const goal = (label, value, target, ok) =>
    console.log(`  ${label.padEnd(62)} ${f(value).padStart(8)}   goal ${target}: ${ok ? "met" : "NOT met"}`);
  const ratio = r.ratios.keystrokeMedianOverUnfilteredRender;
  goal("keystroke median / unfiltered render (input→layout / mount→layout)", ratio, "<= 2", ratio <= 2);
  goal("keystroke max / 16.7 ms frame (input → layout)", r.ratios.keystrokeMaxOverFrame, "< 1", r.ratios.keystrokeMaxOverFrame < 1);
  goal(
    "keystroke median / 16.7 ms frame (input → layout)",
    r.ratios.keystrokeMedianOverFrame,
    "< 1",
    r.ratios.keystrokeMedianOverFrame < 1,
  );
  const worst = r.perKeystroke.reduce((a, k) => (k.layout.median > a.layout.median ? k : a));
  goal(
    `slowest keystroke ${JSON.stringify(worst.query)} (median of passes) / 16.7 ms`,
    worst.layout.median / FRAME,
    "< 1",
    worst.layout.median < FRAME,
  );
  console.log(`  keystrokes whose frame came later than the next vsync: ${r.keystroke.framesOver1} of ${r.keystroke.samples}`);
  console.log("");
  const s = r.scroll;
  console.log(
    `  scrolling the list top to bottom: ${n(s.scrolledPx)} px in ${s.frames} frames, ${s.rowsPerFrame} rows (${s.rowsPerFrame * 68} px) per frame` +
      `${s.reachedLastRow ? ", last row shown" : ", LAST ROW NOT SHOWN"}`,
  );
  row("", "median", "max", "over 25ms", "blank");
  row("  frame (rAF to rAF) while scrolling", ms(s.medianFrameMs), ms(s.longestFrameMs), s.framesOver25Ms, s.blankFrames);
  row("  baseline: idle frame, same page, just before", ms(s.idleMedianFrameMs), ms(s.idleLongestFrameMs), "", "");
  row("  render per scroll event (scroll → commit)", ms(s.renderPerScrollEvent.median), ms(s.renderPerScrollEvent.max), "", "");
  console.log(
    `  scrolling frame / 16.7 ms: median ${f(s.medianFrameMs / FRAME)}, longest ${f(s.longestFrameMs / FRAME)}; ` +
      `median scrolling / idle frame ${f(s.medianFrameMs / s.idleMedianFrameMs)} ('blank' = frames whose rows did not cover the view)`,
  );
  console.log("");
  const p = r.profile;
  console.log("  profile, pure functions on the same 10,000 voices (no DOM):");
  row("", "median", "max", "min", "samples");
  statRow("  boardRows, unfiltered, on a new list", p.boardRowsUnfiltered);
  statRow("  boardRows per keystroke query (medians of 5)", p.boardRowsPerKeystroke);
  statRow("  boardRows, first 'ownFirst' sort of a new list", p.boardRowsSortChange);
  statRow("  sort 10,000 names, Intl.Collator(base, numeric)", p.collatorSortAll);
  statRow("  one filter pass (toLowerCase + includes name, id)", p.filterPassAll);
  console.log("");
  console.log("  per keystroke (median over the measured passes):");
  console.log(
    `    ${"query".padEnd(14)} ${"matches".padStart(7)} ${"→commit".padStart(9)} ${"→layout".padStart(9)} ${"→painted".padStart(9)} ${"boardRows".padStart(10)}`,
  );
  for (const k of r.perKeystroke) {
    console.log(
      `    ${JSON.stringify(k.query).padEnd(14)} ${String(k.matches).padStart(7)} ${ms(k.commit.median).padStart(9)} ` +
        `${ms(k.layout.median).padStart(9)} ${ms(k.painted.median).padStart(9)} ${ms(k.boardRowsMs).padStart(10)}`,
    );
  }
  console.log("");
  console.log("  Baseline: mounting the board with all 10,000 voices (unfiltered), each time on a new list as a");
  console.log("  catalog load gives it; same page, same run. 'commit' = end of Preact's render batch (diff, DOM,");
  console.log("  layout effects); 'layout' = then a forced style/layout; 'painted' = the end of the next frame (a");
  console.log("  task posted from its rAF). A keystroke is keydown, beforeinput, the new value and an input event");
  console.log("  on the board's search input, timed from the input event; two frames pass between keystrokes.");
  console.log("  One run on a shared machine: 'max' columns catch other processes too; nothing is asserted.");
  console.log("");
  console.log(
    "RESULT " +
      JSON.stringify({
        benchmark: "voices",
        engine: `${engine.name} ${engine.version}`,
        engineName: engine.name,
        engineVersion: engine.version,
        timerStepMs: step,
        ...r,
      }),
  );
}
