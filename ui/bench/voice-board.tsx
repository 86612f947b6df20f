// Benchmark (not a test): does the TTS voice board stay smooth with 10,000 voices? Mounts
// the real <VoiceBoard> from ../src/features/voices/ (inside the app's <Card>, with the
// app's CSS) on a generated configuration of 10,000 voices, and measures, all in one page:
//
//   - the baseline: an unfiltered render of the board (mount → end of Preact's commit →
//     forced style/layout), several times, median;
//   - typing "narrator 12" into the board's real search input one character at a time and
//     deleting it back (keydown, the value, an `input` event, keyup, as a keyboard does),
//     from the input event to the end of the commit, to layout, and to the next painted
//     frame; also clicking the ownership chips and changing the state filter and the sort;
//   - scrolling the virtual list from top to bottom, one step per frame (longest frame,
//     frames with blank rows in view, render cost per scroll event);
//   - a profile of the pure parts on the same voices: `boardRows` (filter + sort) per query,
//     a 10,000-name sort with the board's collator, and one filter pass.
//
// Nothing here asserts a time; run.mjs prints. No IPC: `@tauri-apps/api/*` is stubbed in
// bench/vite.config.ts and the page reports how many IPC attempts it saw (expected 0).

import { options, render } from "preact";

import { Card } from "../src/components";
import { type BoardQuery, boardRows } from "../src/features/voices/format";
import { VoiceBoard } from "../src/features/voices/VoiceBoard";
import { applyLocale, t } from "../src/i18n";
import type { TtsConfig, Voice } from "../src/ipc";
import "../src/styles/index.css";
import "../src/features/voices/voices.css";

const VOICES = 10_000;
const ROW_HEIGHT = 68; // VoiceBoard's ROW_HEIGHT and .vlist__row's height
const QUERY = "narrator 12";
const MOUNTS = 7;
const TYPING_PASSES = 5;
const ROUNDS = 3;
const SCROLL_ROWS_PER_FRAME = 25; // more than the ~19 rows rendered: every frame shows new rows

// ---------- the voices ----------

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
    let r = a;
    r = Math.imul(r ^ (r >>> 15), r | 1);
    r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const EN_ROLES = ["Narrator", "Storyteller", "News Anchor", "Tutor", "Assistant", "Host", "Announcer", "Reader"];
const EN_TONES = ["Warm", "Calm", "Bright", "Deep", "Soft", "Clear", "Gentle", "Crisp", "Low", "Lively"];
const ZH_ROLES = ["旁白", "讲述者", "新闻主播", "老师", "助手", "主持人", "播音员", "朗读者"];
const ZH_TONES = ["温柔", "沉稳", "明亮", "低沉", "轻柔", "清晰", "亲切", "干脆", "活泼", "磁性"];
const POINTS = ["30", "50", "120.5", "1000", "9007199254740993"];
const DAY = 86_400_000;

export interface VoiceMix {
  shared: number;
  own: number;
  english: number;
  chinese: number;
  active: number;
  pending: number;
  pendingPastDeadline: number;
  expired: number;
  other: number;
}

/**
 * 10,000 deterministic voices: 60% shared, 40% own; shared ones mostly active, own ones
 * active, pending activation (first-use points and a deadline from 2 days ago to 14 days
 * ahead, some with none), expired, or in a state this app doesn't know; names in English
 * and Chinese, ids with spaces and parentheses; numbers make "narrator 12" narrow step by step.
 */
function generateVoices(count: number, seed: number, now: number): { voices: Voice[]; mix: VoiceMix } {
  const rand = mulberry32(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const mix: VoiceMix = { shared: 0, own: 0, english: 0, chinese: 0, active: 0, pending: 0, pendingPastDeadline: 0, expired: 0, other: 0 };
  const voices: Voice[] = [];
  for (let i = 0; i < count; i++) {
    const n = (i * 7919) % count; // a permutation of 0..count-1, so names spread evenly
    const shared = rand() < 0.6;
    const english = rand() < 0.55;
    let displayName: string;
    let language: string | undefined;
    if (english) {
      const role = pick(EN_ROLES);
      const r = rand();
      displayName = r < 0.4 ? `${role} ${n}` : r < 0.7 ? `${role} ${n} – ${pick(EN_TONES)}` : `${pick(EN_TONES)} ${role} ${n}`;
      language = rand() < 0.9 ? pick(["en-US", "en-GB", "en-AU"]) : undefined;
      mix.english += 1;
    } else {
      const r = rand();
      displayName = r < 0.5 ? `${pick(ZH_TONES)}${pick(ZH_ROLES)} ${n}` : `${pick(ZH_ROLES)}（${pick(ZH_TONES)}）${n}`;
      language = rand() < 0.9 ? pick(["zh-CN", "zh-TW", "zh-HK"]) : undefined;
      mix.chinese += 1;
    }
    const voiceId = shared
      ? `${language ?? "xx"} shared (${english ? "neural" : "普通话"}) voice ${i}`
      : `my clone (take ${1 + (i % 3)}) ${i.toString(16).padStart(4, "0")} (${i})`;
    const voice: Voice = { voiceId, displayName, shared, state: "active", stateRaw: "active", usable: true };
    if (language) voice.language = language;
    const r = rand();
    if (shared ? r < 0.97 : r < 0.45) {
      mix.active += 1;
    } else if (!shared && r < 0.8) {
      voice.state = "pendingActivation";
      voice.stateRaw = "pending_activation";
      if (rand() < 0.9) voice.activationPoints = pick(POINTS);
      if (rand() < 0.95) {
        const at = now + Math.round((rand() * 16 - 2) * DAY);
        voice.expiresAt = new Date(at).toISOString();
        if (at <= now) mix.pendingPastDeadline += 1;
      }
      mix.pending += 1;
    } else if (!shared && r < 0.95) {
      voice.state = "expired";
      voice.stateRaw = "expired";
      voice.usable = false;
      voice.unusableReason = "expired";
      voice.expiresAt = new Date(now - Math.round(rand() * 30 * DAY) - 1000).toISOString();
      mix.expired += 1;
    } else {
      // An unknown state stays selectable, as the core reads it (tts/read.rs): the platform decides.
      voice.state = "other";
      voice.stateRaw = "suspended";
      voice.usable = true;
      mix.other += 1;
    }
    if (shared) mix.shared += 1;
    else mix.own += 1;
    voices.push(voice);
  }
  return { voices, mix };
}

/** The board's query semantics, written out independently, to check each commit's count. */
function expectedCount(voices: readonly Voice[], q: BoardQuery): number {
  const needle = q.search.trim().toLowerCase();
  let n = 0;
  for (const v of voices) {
    if (q.ownership === "shared" && !v.shared) continue;
    if (q.ownership === "own" && v.shared) continue;
    if (q.state !== "any" && v.state !== q.state) continue;
    if (needle && !v.displayName.toLowerCase().includes(needle) && !v.voiceId.toLowerCase().includes(needle)) continue;
    n += 1;
  }
  return n;
}

// ---------- timing helpers ----------

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const taskChannel = new MessageChannel();
const taskQueue: (() => void)[] = [];
taskChannel.port1.onmessage = () => taskQueue.shift()?.();
/** A fresh task (after the current one and, after a rAF, after that frame's paint). */
const nextTask = () =>
  new Promise<void>((r) => {
    taskQueue.push(r);
    taskChannel.port2.postMessage(0);
  });
const afterMicrotasks = () => new Promise<void>((r) => queueMicrotask(r));

/** Two frames and a task: the previous step's effects have run and a frame has just painted. */
async function settle(): Promise<number> {
  await nextFrame();
  const frame = await nextFrame();
  await nextTask();
  return frame;
}

// Preact renders state updates in a microtask through `options.debounceRendering` (public
// API; default queueMicrotask). Wrapping it tells the harness when a render batch — diff,
// commit and layout effects — has finished, whatever triggered it.
let onRendered: ((at: number) => void) | null = null;
const previousDebounce = options.debounceRendering;
options.debounceRendering = (process) =>
  (previousDebounce ?? queueMicrotask)(() => {
    process();
    onRendered?.(performance.now());
  });

function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export interface Stat {
  median: number;
  max: number;
  min: number;
  n: number;
}

function stat(xs: readonly number[]): Stat {
  return { median: median(xs), max: xs.length ? Math.max(...xs) : NaN, min: xs.length ? Math.min(...xs) : NaN, n: xs.length };
}

/** One interaction: start → end of Preact's commit → forced style/layout → next painted frame. */
export interface Sample {
  commitMs: number;
  layoutMs: number;
  /** To the end of the next frame (rAF, style, layout, paint; measured by a task posted from rAF). */
  paintedMs: number;
  /** How many frames (vsync intervals) after the one just painted that frame was. */
  frames: number;
}

function forceLayout(root: HTMLElement): void {
  // Reading a geometry property makes the engine do the pending style and layout now.
  void root.offsetHeight;
  void root.querySelector(".vlist__window")?.getBoundingClientRect().height;
}

const FRAME_MS = 1000 / 60;

/** Runs `action` (which must cause exactly one Preact render batch) and times it. */
async function measure(root: HTMLElement, action: () => void): Promise<Sample> {
  const lastFrame = await settle();
  let renderedAt = NaN;
  onRendered = (at) => {
    if (Number.isNaN(renderedAt)) renderedAt = at;
  };
  const t0 = performance.now();
  action();
  await afterMicrotasks(); // Preact's render microtask was queued by the action, so it ran first
  onRendered = null;
  if (Number.isNaN(renderedAt)) throw new Error("the action caused no render");
  forceLayout(root);
  const laidOut = performance.now();
  const frame = await nextFrame();
  await nextTask();
  const painted = performance.now();
  return {
    commitMs: renderedAt - t0,
    layoutMs: laidOut - t0,
    paintedMs: painted - t0,
    frames: Math.max(1, Math.round((frame - lastFrame) / FRAME_MS)),
  };
}

// ---------- the board ----------

function Bench(props: { config: TtsConfig; selectedVoiceId: string; compareIds: readonly string[] }) {
  return (
    <Card title={t("voices.step.voice")} description={props.config.displayName} data-testid="voices-board-card">
      <VoiceBoard config={props.config} selectedVoiceId={props.selectedVoiceId} compareIds={props.compareIds} onSelect={() => {}} />
    </Card>
  );
}

function $<E extends Element>(root: ParentNode, selector: string): E {
  const el = root.querySelector<E>(selector);
  if (!el) throw new Error(`benchmark: ${selector} not found`);
  return el;
}

/** The board's list count, or 0 when it shows its empty message instead of a list. */
function shownCount(root: HTMLElement): number {
  const list = root.querySelector<HTMLElement>('[data-testid="voice-list"]');
  return list ? Number(list.dataset.count) : 0;
}

function typeKey(input: HTMLInputElement, key: string, next: string, inputType: string, data: string | null): () => void {
  return () => {
    input.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    input.dispatchEvent(new InputEvent("beforeinput", { inputType, data, bubbles: true, cancelable: true }));
    input.value = next;
    input.dispatchEvent(new InputEvent("input", { inputType, data, bubbles: true }));
  };
}

export interface KeystrokeRow {
  query: string;
  matches: number;
  commit: Stat;
  layout: Stat;
  painted: Stat;
  boardRowsMs: number;
}

export interface ScrollResult {
  scrolledPx: number;
  rowsPerFrame: number;
  frames: number;
  longestFrameMs: number;
  medianFrameMs: number;
  /** Frames longer than 1.5 vsync intervals (a frame was missed). */
  framesOver25Ms: number;
  /** rAF ticks at which the rows in the DOM did not cover the scrolled-to viewport. */
  blankFrames: number;
  renders: number;
  renderPerScrollEvent: Stat;
  reachedLastRow: boolean;
  /** Baseline: 60 frames of the same page doing nothing, just before the scroll. */
  idleMedianFrameMs: number;
  idleLongestFrameMs: number;
}

export interface VoiceBenchResult {
  userAgent: string;
  crossOriginIsolated: boolean;
  locale: string;
  voices: number;
  mix: VoiceMix;
  query: string;
  boardWidthPx: number;
  listHeightPx: number;
  renderedRows: number;
  mount: { commit: Stat; layout: Stat; painted: Stat };
  keystroke: { commit: Stat; layout: Stat; painted: Stat; framesOver1: number; samples: number };
  perKeystroke: KeystrokeRow[];
  chip: { commit: Stat; layout: Stat; painted: Stat };
  stateFilter: { commit: Stat; layout: Stat; painted: Stat };
  sort: { commit: Stat; layout: Stat; painted: Stat };
  scroll: ScrollResult;
  profile: {
    boardRowsUnfiltered: Stat;
    boardRowsPerKeystroke: Stat;
    collatorSortAll: Stat;
    filterPassAll: Stat;
    boardRowsSortChange: Stat;
  };
  ratios: {
    keystrokeMedianOverUnfilteredRender: number;
    keystrokeMaxOverFrame: number;
    keystrokeMedianOverFrame: number;
  };
  ipcAttempts: string[];
}

function summarize(samples: readonly Sample[]) {
  return {
    commit: stat(samples.map((s) => s.commitMs)),
    layout: stat(samples.map((s) => s.layoutMs)),
    painted: stat(samples.map((s) => s.paintedMs)),
  };
}

function timeIt(f: () => unknown, times: number, setup?: () => void): Stat {
  const xs: number[] = [];
  for (let i = 0; i < times; i++) {
    setup?.();
    const t0 = performance.now();
    f();
    xs.push(performance.now() - t0);
  }
  return stat(xs);
}

async function runAll(): Promise<VoiceBenchResult> {
  applyLocale("en");
  const root = benchRoot();
  root.style.width = "560px"; // about the board card's width in the app's 1280 px window
  root.style.margin = "24px auto";

  const now = Date.now();
  const { voices, mix } = generateVoices(VOICES, 42, now);
  const config: TtsConfig = {
    ttsConfigId: "bench config (10k) #1",
    displayName: "Bench configuration — 10,000 voices",
    counting: { rule: "codePoints", cjkWeight: 1, othersConfirmed: false },
    outputFormats: ["mp3", "wav"],
    price: { points: "2", unit: "characters", unitSize: "100", estimable: true, raw: '{"points":2,"unit":"characters","unitSize":100}' },
    voices,
  };
  const selectedVoiceId = voices[4321].voiceId;
  const compareIds = [voices[17].voiceId, voices[9000].voiceId];
  // Each mount gets the voices as a new list, as each catalog load delivers one, so nothing
  // the app may keep per list (a sort, say) is carried from one mount to the next.
  let boardList: Voice[] = voices;
  const mountBoard = () => {
    boardList = voices.slice();
    render(<Bench config={{ ...config, voices: boardList }} selectedVoiceId={selectedVoiceId} compareIds={compareIds} />, root);
  };

  // ----- baseline: unfiltered render (mount), 2 warm-ups then MOUNTS measured -----
  const mounts: Sample[] = [];
  for (let i = 0; i < MOUNTS + 2; i++) {
    render(null, root);
    const lastFrame = await settle();
    const t0 = performance.now();
    mountBoard(); // synchronous: diff, commit and layout effects
    const committed = performance.now();
    forceLayout(root);
    const laidOut = performance.now();
    const frame = await nextFrame();
    await nextTask();
    const painted = performance.now();
    if (shownCount(root) !== VOICES) throw new Error(`mount showed ${shownCount(root)} voices, not ${VOICES}`);
    if (i >= 2) {
      mounts.push({
        commitMs: committed - t0,
        layoutMs: laidOut - t0,
        paintedMs: painted - t0,
        frames: Math.max(1, Math.round((frame - lastFrame) / FRAME_MS)),
      });
    }
  }
  await settle(); // the mount's effects (viewport measure, minute clock) have re-rendered
  await sleep(100);

  const list = $<HTMLElement>(root, '[data-testid="voice-list"]');
  const listHeightPx = list.clientHeight;
  const renderedRows = list.querySelectorAll('[role="option"]').length;
  const boardWidthPx = $<HTMLElement>(root, '[data-testid="voice-board"]').clientWidth;

  // ----- typing into the real search input -----
  const input = $<HTMLInputElement>(root, 'input[data-testid="voice-search"]');
  input.focus();
  const base: BoardQuery = { search: "", ownership: "all", state: "any", sort: "name" };
  const steps: { key: string; value: string; inputType: string; data: string | null }[] = [];
  for (let i = 1; i <= QUERY.length; i++) {
    const ch = QUERY[i - 1];
    steps.push({ key: ch, value: QUERY.slice(0, i), inputType: "insertText", data: ch });
  }
  for (let i = QUERY.length - 1; i >= 0; i--) {
    steps.push({ key: "Backspace", value: QUERY.slice(0, i), inputType: "deleteContentBackward", data: null });
  }
  const perStep: Sample[][] = steps.map(() => []);
  const keystrokes: Sample[] = [];
  for (let pass = 0; pass < TYPING_PASSES + 1; pass++) {
    for (let s = 0; s < steps.length; s++) {
      const step = steps[s];
      const sample = await measure(root, typeKey(input, step.key, step.value, step.inputType, step.data));
      input.dispatchEvent(new KeyboardEvent("keyup", { key: step.key, bubbles: true }));
      const want = expectedCount(voices, { ...base, search: step.value });
      if (shownCount(root) !== want) {
        throw new Error(`after typing to "${step.value}" the board shows ${shownCount(root)} voices, expected ${want}`);
      }
      if (pass > 0) {
        perStep[s].push(sample);
        keystrokes.push(sample);
      }
    }
  }

  // ----- the ownership chips (All / Shared / Yours) -----
  const chips: Sample[] = [];
  const chipOrder = ["own", "shared", "all"] as const;
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const which of chipOrder) {
      const button = $<HTMLButtonElement>(root, `[data-testid="voice-filter-${which}"]`);
      const sample = await measure(root, () => button.click());
      const want = expectedCount(voices, { ...base, ownership: which });
      if (shownCount(root) !== want) throw new Error(`chip ${which}: ${shownCount(root)} voices shown, expected ${want}`);
      if (round > 0) chips.push(sample);
    }
  }

  // ----- the state filter and the sort (native selects: input + change, as a pick does) -----
  const choose = (select: HTMLSelectElement, value: string) => () => {
    select.value = value;
    select.dispatchEvent(new Event("input", { bubbles: true }));
    select.dispatchEvent(new Event("change", { bubbles: true }));
  };
  const states: Sample[] = [];
  const stateSelect = $<HTMLSelectElement>(root, 'select[data-testid="voice-state-filter"]');
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const state of ["active", "pendingActivation", "expired", "any"] as const) {
      const sample = await measure(root, choose(stateSelect, state));
      const want = expectedCount(voices, { ...base, state });
      if (shownCount(root) !== want) throw new Error(`state ${state}: ${shownCount(root)} voices shown, expected ${want}`);
      if (round > 0) states.push(sample);
    }
  }
  const sorts: Sample[] = [];
  const sortSelect = $<HTMLSelectElement>(root, 'select[data-testid="voice-sort"]');
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const sort of ["nameDesc", "ownFirst", "deadline", "name"] as const) {
      const sample = await measure(root, choose(sortSelect, sort));
      const first = root.querySelector<HTMLElement>('[data-testid="voice-option"]')?.dataset.voiceId;
      const want = boardRows(boardList, { ...base, sort })[0]?.voiceId;
      if (first !== want) throw new Error(`sort ${sort}: first row ${first}, expected ${want}`);
      if (round > 0) sorts.push(sample);
    }
  }

  // ----- scrolling the virtual list from top to bottom, one step per frame -----
  const scroll = await scrollThrough(root);

  // ----- profile of the pure parts on the same voices (no DOM) -----
  const keystrokeQueries = steps.map((s) => ({ ...base, search: s.value }));
  // On the board's own list (as the board calls it) and, for the cold figures, on a new list.
  const perQueryBoardRows = keystrokeQueries.map((q) => timeIt(() => boardRows(boardList, q), 5).median);
  const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
  let list2: Voice[] = [];
  const profile = {
    boardRowsUnfiltered: timeIt(() => boardRows(voices.slice(), base), 7),
    boardRowsPerKeystroke: stat(perQueryBoardRows),
    boardRowsSortChange: timeIt(
      () => boardRows(list2, { ...base, sort: "ownFirst" }),
      7,
      () => {
        list2 = voices.slice();
        boardRows(list2, base);
      },
    ),
    collatorSortAll: timeIt(() => voices.slice().sort((a, b) => collator.compare(a.displayName, b.displayName)), 7),
    filterPassAll: timeIt(
      () => voices.filter((v) => v.displayName.toLowerCase().includes("narrator 1") || v.voiceId.toLowerCase().includes("narrator 1")),
      7,
    ),
  };

  render(null, root);
  const mount = summarize(mounts);
  const keystroke = summarize(keystrokes);
  return {
    userAgent: navigator.userAgent,
    crossOriginIsolated: window.crossOriginIsolated,
    locale: "en",
    voices: VOICES,
    mix,
    query: QUERY,
    boardWidthPx,
    listHeightPx,
    renderedRows,
    mount,
    keystroke: { ...keystroke, framesOver1: keystrokes.filter((s) => s.frames > 1).length, samples: keystrokes.length },
    perKeystroke: steps.map((step, s) => {
      const st = summarize(perStep[s]);
      return {
        query: step.value,
        matches: expectedCount(voices, { ...base, search: step.value }),
        commit: st.commit,
        layout: st.layout,
        painted: st.painted,
        boardRowsMs: perQueryBoardRows[s],
      };
    }),
    chip: summarize(chips),
    stateFilter: summarize(states),
    sort: summarize(sorts),
    scroll,
    profile,
    ratios: {
      keystrokeMedianOverUnfilteredRender: keystroke.layout.median / mount.layout.median,
      keystrokeMaxOverFrame: keystroke.layout.max / FRAME_MS,
      keystrokeMedianOverFrame: keystroke.layout.median / FRAME_MS,
    },
    ipcAttempts: [...(window.__benchIpcAttempts ?? [])],
  };
}

async function scrollThrough(root: HTMLElement): Promise<ScrollResult> {
  const list = $<HTMLElement>(root, '[data-testid="voice-list"]');
  const windowEl = $<HTMLElement>(list, ".vlist__window");
  const count = Number(list.dataset.count);
  const maxTop = count * ROW_HEIGHT - list.clientHeight;
  const step = SCROLL_ROWS_PER_FRAME * ROW_HEIGHT;
  list.scrollTop = 0;
  await settle();

  // Baseline: this engine's frames on this machine with nothing happening.
  const idle: number[] = [];
  await new Promise<void>((done) => {
    let previous = -1;
    const frame = (ts: number) => {
      if (previous >= 0) idle.push(ts - previous);
      previous = ts;
      if (idle.length >= 60) return done();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });

  let scrollEventAt = NaN;
  const renderCosts: number[] = [];
  const onScroll = (event: Event) => {
    if (event.target === list) scrollEventAt = performance.now();
  };
  // Capture on the document runs before the list's own (Preact's) scroll listener.
  document.addEventListener("scroll", onScroll, { capture: true });
  onRendered = (at) => {
    if (!Number.isNaN(scrollEventAt)) renderCosts.push(at - scrollEventAt);
    scrollEventAt = NaN;
  };

  /** Do the rows in the DOM cover what is scrolled into view? */
  const covered = () => {
    const rows = windowEl.children;
    if (rows.length === 0) return false;
    const firstIndex = Number(rows[0].getAttribute("aria-posinset")) - 1;
    const lastIndex = Number(rows[rows.length - 1].getAttribute("aria-posinset")) - 1;
    const top = list.scrollTop;
    const bottom = Math.min(top + list.clientHeight, count * ROW_HEIGHT);
    return firstIndex * ROW_HEIGHT <= top + 1 && (lastIndex + 1) * ROW_HEIGHT >= bottom - 1;
  };

  const frameTimes: number[] = [];
  let blank = 0;
  let target = 0;
  await new Promise<void>((done) => {
    let previous = -1;
    let tailFrames = 0;
    const frame = (ts: number) => {
      if (previous >= 0) frameTimes.push(ts - previous);
      previous = ts;
      // The scroll set in the previous frame has been handled (scroll event → render) by now.
      if (frameTimes.length > 0 && !covered()) blank += 1;
      if (target >= maxTop) {
        // Two more frames so the last step's scroll event and render are counted.
        if (++tailFrames > 2) return done();
      } else {
        target = Math.min(maxTop, target + step);
        list.scrollTop = target;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  document.removeEventListener("scroll", onScroll, { capture: true });
  onRendered = null;
  await settle();
  const rows = windowEl.children;
  const lastPos = Number(rows[rows.length - 1]?.getAttribute("aria-posinset"));
  return {
    scrolledPx: list.scrollTop,
    rowsPerFrame: SCROLL_ROWS_PER_FRAME,
    frames: frameTimes.length,
    longestFrameMs: Math.max(0, ...frameTimes),
    medianFrameMs: median(frameTimes),
    framesOver25Ms: frameTimes.filter((f) => f > 25).length,
    blankFrames: blank,
    renders: renderCosts.length,
    renderPerScrollEvent: stat(renderCosts),
    reachedLastRow: lastPos === count,
    idleMedianFrameMs: median(idle),
    idleLongestFrameMs: Math.max(...idle),
  };
}

/** For profiling by hand (devtools, or a WebDriver script): mounts the board on the 10,000 voices. */
function mountForProfiling(): { voices: Voice[]; mix: VoiceMix } {
  applyLocale("en");
  const root = benchRoot();
  root.style.width = "560px";
  root.style.margin = "24px auto";
  const generated = generateVoices(VOICES, 42, Date.now());
  const config: TtsConfig = {
    ttsConfigId: "bench config (10k) #1",
    displayName: "Bench configuration — 10,000 voices",
    counting: { rule: "codePoints", cjkWeight: 1, othersConfirmed: false },
    outputFormats: ["mp3", "wav"],
    voices: generated.voices,
  };
  render(<Bench config={config} selectedVoiceId={generated.voices[4321].voiceId} compareIds={[]} />, root);
  return generated;
}

declare global {
  interface Window {
    __runVoiceBoardBench?: typeof runAll;
    __mountVoiceBoard?: typeof mountForProfiling;
  }
}
window.__runVoiceBoardBench = runAll;
window.__mountVoiceBoard = mountForProfiling;
