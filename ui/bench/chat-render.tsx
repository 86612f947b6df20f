// Benchmark (not a test): how the chat's streamed-reply rendering keeps up with a fast,
// long reply. Mounts the real <Markdown> from ../src/features/chat/, feeds it a generated
// 128 KB Markdown reply in ~4-character tokens at 2,000 tokens/s from a timer, and, for a
// baseline in the same page, does the same with a naive renderer that re-parses and
// re-renders the whole reply on every token (what many chat clients do). Then the app
// again with a second 128 KB reply made of a long table and a long nested list (where a
// whole-block re-read would grow with the block), and the parsers the reader could use
// (markdown-it, marked, micromark), each timed on the same replies.
//
// Delivery model: the feed clock makes token i due at i / 2000 s; a timer moves due
// tokens into a queue and each token is then delivered in a task of its own (as each
// streamed delta arrives as its own IPC event in the app), so Preact renders once per
// token unless tokens pile up. Nothing here asserts anything; scripts/bench-ui.sh prints.

import { marked } from "marked";
import { parse as micromarkParse, postprocess, preprocess } from "micromark";
import { gfm } from "micromark-extension-gfm";
import { render } from "preact";
import { useLayoutEffect, useState } from "preact/hooks";

import { createDeltaBatcher } from "../src/features/chat/deltaBatcher";
import { Markdown, NodeView } from "../src/features/chat/Markdown";
import { md, parseMarkdown } from "../src/features/chat/markdown";
import "../src/styles/index.css";
import "../src/features/chat/chat.css";

const FEED_RATE = 2000; // tokens per second
const REPLY_CHARS = 128 * 1024;
const TOKEN_CHARS = 4;

// ---------- the reply ----------

/** The page's mount point (index.html / voices.html); the bench cannot run without it. */
function benchRoot(): HTMLElement {
  const root = document.getElementById("bench-root");
  if (!root) throw new Error("the page has no #bench-root");
  return root;
}

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "the a reply stream token render block parser model latency buffer delta frame layout " +
  "value update component state queue batch worker thread memory cache index request " +
  "response session context window budget paint commit diff node tree list item code " +
  "heading paragraph inline quick careful simple final partial growing stable incremental"
).split(" ");
const IDENTS = ["parseBlocks", "useMemo", "requestAnimationFrame", "text.length", "Vec<u8>", "tokio::spawn"];

/** A deterministic Markdown reply of exactly `chars` ASCII characters. */
export function generateReply(chars: number, seed: number): string {
  const rand = mulberry32(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const sentence = () => {
    const words: string[] = [];
    const n = int(6, 16);
    for (let i = 0; i < n; i++) {
      const r = rand();
      if (r < 0.06) words.push(`\`${pick(IDENTS)}\``);
      else if (r < 0.09) words.push(`**${pick(WORDS)} ${pick(WORDS)}**`);
      else if (r < 0.11) words.push(`*${pick(WORDS)}*`);
      else if (r < 0.12) words.push(`[${pick(WORDS)}](https://example.com/${pick(WORDS)})`);
      else words.push(pick(WORDS));
    }
    const s = words.join(" ");
    return `${s.charAt(0).toUpperCase() + s.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: int(2, 6) }, sentence).join(" ");
  const parts: string[] = [];
  let size = 0;
  let section = 1;
  const add = (s: string) => {
    parts.push(s);
    size += s.length;
  };
  while (size < chars) {
    add(`## ${section}. ${sentence().slice(0, -1)}\n\n`);
    add(`${paragraph()}\n\n`);
    if (rand() < 0.5) add(`### Details ${section}\n\n`);
    const bullets = int(3, 7);
    for (let i = 0; i < bullets; i++) add(`${rand() < 0.25 ? "  " : ""}- ${sentence()}\n`);
    add("\n");
    add(`${paragraph()}\n\n`);
    const lines = int(6, 24);
    add("```ts\n");
    for (let i = 0; i < lines; i++) {
      add(`${"  ".repeat(int(0, 3))}const ${pick(WORDS)}_${i} = ${pick(IDENTS)}(${int(0, 999)}); // ${pick(WORDS)}\n`);
    }
    add("```\n\n");
    const steps = int(2, 5);
    for (let i = 1; i <= steps; i++) add(`${i}. ${sentence()}\n`);
    add("\n");
    add(`${paragraph()}\n\n`);
    section += 1;
  }
  return parts.join("").slice(0, chars);
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (let i = 0; i < text.length; i += TOKEN_CHARS) tokens.push(text.slice(i, i + TOKEN_CHARS));
  return tokens;
}

/** A deterministic reply of exactly `chars` characters: a long table, then a long nested list. */
export function generateTableListReply(chars: number, seed: number): string {
  const rand = mulberry32(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const parts = ["## Usage by request\n\n", "| # | Model | Context | Tokens | Points | Note |\n|--:|:--|:--|--:|--:|:--|\n"];
  let size = parts.join("").length;
  let row = 1;
  while (size < chars / 2) {
    const line = `| ${row} | \`${pick(IDENTS)}\` | ${pick(["Personal", "Team Alpha", "Team Beta"])} | ${int(10, 9999)} | ${int(1, 400)} | ${pick(WORDS)} ${rand() < 0.2 ? `**${pick(WORDS)}**` : pick(WORDS)} |\n`;
    parts.push(line);
    size += line.length;
    row += 1;
  }
  parts.push("\n## Steps\n\n");
  let item = 1;
  while (size < chars) {
    const lines = [`${item}. ${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} the ${pick(WORDS)}\n`];
    for (let i = int(1, 3); i > 0; i--) {
      lines.push(`   - ${pick(WORDS)} \`${pick(IDENTS)}\` ${pick(WORDS)}\n`);
      if (rand() < 0.3) lines.push(`     - ${pick(WORDS)} ${pick(WORDS)} *${pick(WORDS)}*\n`);
    }
    const text = lines.join("");
    parts.push(text);
    size += text.length;
    item += 1;
  }
  return parts.join("").slice(0, chars);
}

// ---------- the naive baseline renderer ----------

/** Re-parses the whole text on every render; nothing is kept, so no memo ever hits. */
function NaiveMarkdown(props: { text: string; streaming: boolean }) {
  const blocks = parseMarkdown(props.text);
  return (
    <div class={`md${props.streaming ? " md--streaming" : ""}`}>
      {blocks.map((block) => (
        <NodeView key={block.start} node={block} live={false} />
      ))}
      {props.streaming && <span class="md-caret" aria-hidden="true" />}
    </div>
  );
}

// ---------- the parsers the reader could use ----------

type ParserName = "markdown-it" | "marked" | "micromark";

const PARSERS: Record<ParserName, (text: string) => unknown> = {
  // Each to its tokens/events with GFM on, no HTML output: what the renderer would walk.
  "markdown-it": (text) => md.parse(text, {}),
  marked: (text) => marked.lexer(text, { gfm: true }),
  micromark: (text) =>
    postprocess(
      micromarkParse({ extensions: [gfm()] })
        .document()
        .write(preprocess()(text, undefined, true)),
    ),
};

export interface ParserResult {
  parser: ParserName;
  reply: "prose" | "table+list";
  /** Median of 5 parses of the whole 128 KB reply: a naive renderer's cost per frame at the end. */
  wholeMs: number;
  /** Over the reply's top-level blocks parsed one by one: the tail a streaming reader re-reads. */
  blockMedianMs: number;
  blockMaxMs: number;
}

function timeParsers(replies: Record<"prose" | "table+list", string>): ParserResult[] {
  const out: ParserResult[] = [];
  for (const [reply, text] of Object.entries(replies) as ["prose" | "table+list", string][]) {
    // The unit a streaming reader re-reads: a top-level block, or for the long table and
    // list, a row or an item (as IncrementalMarkdown does).
    const units: string[] = [];
    for (const block of parseMarkdown(text)) {
      const inner =
        block.type === "table"
          ? block.children.find((c) => c.type === "tbody")?.children
          : block.type.endsWith("_list")
            ? block.children
            : null;
      if (inner && inner.length > 4) for (const part of inner) units.push(text.slice(part.start, part.end));
      else units.push(text.slice(block.start, block.end));
    }
    for (const [parser, parse] of Object.entries(PARSERS) as [ParserName, (t: string) => unknown][]) {
      parse(text.slice(0, 16 * 1024)); // warm up
      const whole: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        parse(text);
        whole.push(performance.now() - t0);
      }
      const per: number[] = [];
      for (const unit of units) {
        const t0 = performance.now();
        for (let i = 0; i < 5; i++) parse(unit);
        per.push((performance.now() - t0) / 5);
      }
      out.push({ parser, reply, wholeMs: median(whole), blockMedianMs: median(per), blockMaxMs: Math.max(...per) });
    }
  }
  return out;
}

// ---------- the harness ----------

type Kind = "app" | "naive";
interface View {
  text: string;
  streaming: boolean;
}

let setView: ((v: View) => void) | null = null;
let onCommit: ((chars: number) => void) | null = null;

function Harness(props: { kind: Kind }) {
  const [view, set] = useState<View>({ text: "", streaming: true });
  setView = set;
  // Runs synchronously at the end of every commit: the DOM now shows `view.text`.
  useLayoutEffect(() => {
    onCommit?.(view.text.length);
  });
  return props.kind === "app" ? (
    <Markdown text={view.text} streaming={view.streaming} />
  ) : (
    <NaiveMarkdown text={view.text} streaming={view.streaming} />
  );
}

export interface RunResult {
  kind: Kind;
  tokens: number;
  chars: number;
  displayedTokens: number;
  completed: boolean;
  feedSeconds: number;
  /** Feed clock start to the commit that showed the last displayed token. */
  elapsedSeconds: number;
  displayRate: number;
  displayRateRatio: number;
  maxLagMs: number;
  renders: number;
  longestRenderTaskMs: number;
  longestFrameMs: number;
  longTasks: number;
  longestLongTaskMs: number;
  medianRenderFirst10Ms: number;
  medianRenderLast10Ms: number;
  endToStartRatio: number;
}

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function run(kind: Kind, reply: string, graceMs: number): Promise<RunResult> {
  const root = benchRoot();
  render(null, root);
  render(<Harness kind={kind} />, root);
  await nextFrame();
  await nextFrame();

  const tokens = tokenize(reply);
  const n = tokens.length;
  const feedMs = (n * 1000) / FEED_RATE;
  const cumChars: number[] = [];
  let acc = 0;
  for (const tok of tokens) {
    acc += tok.length;
    cumChars.push(acc);
  }

  // Per render: which token it showed, what it cost (task start → commit end).
  const renderToken: number[] = [];
  const renderCost: number[] = [];
  let maxLag = 0;
  let lastCommit = 0;
  let displayed = 0;
  let text = "";
  let due = 0;
  let delivered = 0;
  let idle = true;
  let stopped = false;
  let pendingStart = -1;

  const longTasks: PerformanceEntry[] = [];
  let observer: PerformanceObserver | null = null;
  try {
    observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
    observer.observe({ type: "longtask", buffered: false });
  } catch {
    observer = null;
  }

  let longestFrame = 0;
  let lastFrame = -1;
  const frame = (t: number) => {
    if (stopped) return;
    if (lastFrame >= 0) longestFrame = Math.max(longestFrame, t - lastFrame);
    lastFrame = t;
    requestAnimationFrame(frame);
  };

  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  let start = 0;

  onCommit = (chars) => {
    if (pendingStart < 0 || stopped) return;
    const now = performance.now();
    // Tokens fully shown by this commit.
    while (displayed < n && cumChars[displayed] <= chars) displayed += 1;
    renderToken.push(displayed);
    renderCost.push(now - pendingStart);
    pendingStart = -1;
    lastCommit = now;
    const dueAt = start + (displayed * 1000) / FEED_RATE;
    maxLag = Math.max(maxLag, now - dueAt);
    if (displayed === n) finish();
  };

  const batcher = createDeltaBatcher(() => {
    if (stopped) return;
    pendingStart = performance.now();
    if (!setView) throw new Error("the harness is not mounted");
    setView({ text, streaming: delivered < n });
  });

  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    if (stopped) return;
    if (delivered >= due) {
      idle = true;
      return;
    }
    // As in the app (useChat): each token is its own task, and the delta batcher hands
    // the text gathered within a frame to the renderer once per frame.
    text += tokens[delivered];
    delivered += 1;
    batcher.push("reply", tokens[delivered - 1]);
    if (delivered < due) channel.port2.postMessage(0);
    else idle = true;
  };

  const tick = () => {
    if (stopped) return;
    const elapsed = performance.now() - start;
    due = Math.min(n, Math.floor((elapsed * FEED_RATE) / 1000));
    if (idle && delivered < due) {
      idle = false;
      channel.port2.postMessage(0);
    }
    if (elapsed > feedMs + graceMs) finish();
  };

  start = performance.now();
  const timer = setInterval(tick, 1);
  requestAnimationFrame(frame);
  await done;
  stopped = true;
  clearInterval(timer);
  channel.port1.close();
  await nextFrame(); // let the final state paint and late long-task entries arrive
  await sleep(50);
  observer?.disconnect();
  onCommit = null;

  const tenth = Math.max(1, Math.floor(displayed / 10));
  const first: number[] = [];
  const last: number[] = [];
  renderToken.forEach((tok, i) => {
    if (tok <= tenth) first.push(renderCost[i]);
    if (tok > displayed - tenth) last.push(renderCost[i]);
  });
  const elapsed = (lastCommit - start) / 1000;
  const rate = displayed / elapsed;
  const m1 = median(first);
  const m2 = median(last);
  return {
    kind,
    tokens: n,
    chars: reply.length,
    displayedTokens: displayed,
    completed: displayed === n,
    feedSeconds: feedMs / 1000,
    elapsedSeconds: elapsed,
    displayRate: rate,
    displayRateRatio: rate / FEED_RATE,
    maxLagMs: maxLag,
    renders: renderCost.length,
    longestRenderTaskMs: Math.max(0, ...renderCost),
    longestFrameMs: longestFrame,
    longTasks: observer ? longTasks.length : -1,
    longestLongTaskMs: Math.max(0, ...longTasks.map((e) => e.duration)),
    medianRenderFirst10Ms: m1,
    medianRenderLast10Ms: m2,
    endToStartRatio: m2 / m1,
  };
}

async function runAll(): Promise<{
  userAgent: string;
  longTaskSupported: boolean;
  crossOriginIsolated: boolean;
  runs: RunResult[];
  tableList: RunResult;
  parsers: ParserResult[];
}> {
  const column = benchRoot();
  column.style.width = "760px";
  column.style.margin = "0 auto";
  // Warm-up (discarded): JIT both paths on a different, short reply.
  const warm = generateReply(16 * 1024, 7);
  await run("app", warm, 1000);
  await run("naive", warm.slice(0, 8 * 1024), 1000);
  const reply = generateReply(REPLY_CHARS, 42);
  const app = await run("app", reply, 4000);
  await sleep(300);
  // The naive baseline falls behind; it stops 4 s after the feed ends, shown or not.
  const naive = await run("naive", reply, 4000);
  await sleep(300);
  const tableListReply = generateTableListReply(REPLY_CHARS, 42);
  const tableList = await run("app", tableListReply, 4000);
  render(null, benchRoot());
  await sleep(300);
  const parsers = timeParsers({ prose: reply, "table+list": tableListReply });
  return {
    userAgent: navigator.userAgent,
    longTaskSupported: PerformanceObserver.supportedEntryTypes?.includes("longtask") ?? false,
    crossOriginIsolated: window.crossOriginIsolated,
    runs: [app, naive],
    tableList,
    parsers,
  };
}

declare global {
  interface Window {
    __runChatBench?: typeof runAll;
  }
}
window.__runChatBench = runAll;
