// Serves ui/bench/dist over loopback HTTP, opens it in headless Chromium (playwright-core,
// Debian's /usr/bin/chromium), runs the chat-render benchmark and prints the figures.
// Called by scripts/bench-ui.sh after the build. Prints; asserts nothing.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";

const dist = fileURLToPath(new URL("./dist/", import.meta.url));
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };

const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
  const file = join(dist, path === "/" ? "index.html" : path);
  if (!file.startsWith(dist)) return void res.writeHead(403).end();
  try {
    const body = await readFile(file);
    // Cross-origin isolated, so performance.now() has 5 µs resolution rather than 100 µs.
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
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on("pageerror", (e) => console.error("page error:", e));
  await page.goto(url);
  await page.waitForFunction(() => typeof window.__runChatBench === "function");
  const result = await page.evaluate(() => window.__runChatBench());
  report(result, browser.version());
} finally {
  await browser.close();
  server.close();
}

function report({ userAgent, longTaskSupported, crossOriginIsolated, runs }, version) {
  const [app, naive] = runs;
  const f = (x, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : String(x));
  const ms = (x) => `${f(x, 1)} ms`;
  console.log("");
  console.log("Chat render benchmark — ENGINE: headless Chromium " + version + " (Blink/V8), NOT the app's WebKitGTK webview.");
  console.log(`  user agent: ${userAgent}`);
  console.log(
    `  reply: ${app.chars} chars (${(app.chars / 1024).toFixed(0)} KB Markdown), ${app.tokens} tokens of ~4 chars, ` +
      `fed at 2000 tokens/s (feed clock ${f(app.feedSeconds, 2)} s), one task per token`,
  );
  console.log(`  timer resolution: ${crossOriginIsolated ? "5 µs (cross-origin isolated)" : "100 µs (NOT cross-origin isolated)"}`);
  console.log(`  long-task API: ${longTaskSupported ? "supported" : "NOT supported (longtask figures unavailable)"}`);
  console.log("");
  const row = (label, a, b, ratio) =>
    console.log(`  ${label.padEnd(46)} ${String(a).padStart(16)} ${String(b).padStart(18)} ${String(ratio ?? "").padStart(12)}`);
  row("", "app <Markdown>", "naive full reparse", "app/naive");
  row("tokens displayed", `${app.displayedTokens}/${app.tokens}`, `${naive.displayedTokens}/${naive.tokens}`);
  row("time to last displayed token (feed start = 0)", `${f(app.elapsedSeconds, 2)} s`, `${f(naive.elapsedSeconds, 2)} s`);
  row("display rate / feed rate  (target >= 0.98)", f(app.displayRateRatio), f(naive.displayRateRatio), f(app.displayRateRatio / naive.displayRateRatio, 2));
  row("max lag behind the feed clock", ms(app.maxLagMs), ms(naive.maxLagMs), f(app.maxLagMs / naive.maxLagMs));
  row("renders", app.renders, naive.renders);
  row("longest render task (token task + commit)", ms(app.longestRenderTaskMs), ms(naive.longestRenderTaskMs), f(app.longestRenderTaskMs / naive.longestRenderTaskMs));
  row("longest frame (rAF to rAF)", ms(app.longestFrameMs), ms(naive.longestFrameMs), f(app.longestFrameMs / naive.longestFrameMs));
  row("long tasks > 50 ms (PerformanceObserver)", app.longTasks, naive.longTasks);
  row("longest long task (0 = none over 50 ms)", ms(app.longestLongTaskMs), ms(naive.longestLongTaskMs));
  row("longest task / 50 ms budget  (target <= 1)", f(Math.max(app.longestLongTaskMs, app.longestRenderTaskMs) / 50), f(Math.max(naive.longestLongTaskMs, naive.longestRenderTaskMs) / 50));
  row("median render cost, first 10% of tokens", ms(app.medianRenderFirst10Ms), ms(naive.medianRenderFirst10Ms));
  row("median render cost, last 10% of tokens", ms(app.medianRenderLast10Ms), ms(naive.medianRenderLast10Ms));
  row("last 10% / first 10%  (target <= 1.5)", f(app.endToStartRatio), f(naive.endToStartRatio), f(app.endToStartRatio / naive.endToStartRatio));
  console.log("");
  console.log("  The baseline ran in the same page right after; the naive run stops 4 s after the feed ends,");
  console.log("  so its 'last 10%' is of the tokens it managed to show. Figures are one run on a noisy machine;");
  console.log("  nothing is asserted. Render cost = token task start to the end of Preact's commit (no layout/paint);");
  console.log("  layout and paint show up in the frame and long-task figures.");
  console.log("");
  console.log("RESULT " + JSON.stringify({ engine: `chromium ${version}`, app, naive }));
}
