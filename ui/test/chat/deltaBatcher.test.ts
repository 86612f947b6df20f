import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

describe("createDeltaBatcher", () => {
  let frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    frames = [];
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal("cancelAnimationFrame", (id: number) => {
      frames[id - 1] = () => {};
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const runFrame = () => {
    const pending = frames;
    frames = [];
    for (const cb of pending) cb(0);
  };

  it("hands over the deltas of a frame once, in order, per message", async () => {
    // The module picked its scheduler at import; import it after the stubs.
    vi.resetModules();
    const { createDeltaBatcher: create } = await import("../../src/features/chat/deltaBatcher");
    const batches: Array<Record<string, string>> = [];
    const batcher = create((batch) => batches.push(Object.fromEntries(batch)));
    batcher.push("a", "Hel");
    batcher.push("a", "lo");
    batcher.push("b", "x");
    expect(batches).toEqual([]);
    expect(frames).toHaveLength(1);
    runFrame();
    expect(batches).toEqual([{ a: "Hello", b: "x" }]);
    runFrame();
    expect(batches).toHaveLength(1);
  });

  it("flushNow hands over at once and cancel drops what is queued", async () => {
    vi.resetModules();
    const { createDeltaBatcher: create } = await import("../../src/features/chat/deltaBatcher");
    const batches: Array<Record<string, string>> = [];
    const batcher = create((batch) => batches.push(Object.fromEntries(batch)));
    batcher.push("a", "done");
    batcher.flushNow();
    expect(batches).toEqual([{ a: "done" }]);
    batcher.push("a", "late");
    batcher.cancel();
    runFrame();
    expect(batches).toEqual([{ a: "done" }]);
  });

  it("hands over at the latest after LATEST_MS when no frame comes, and only once", async () => {
    // Timers only: the animation frames stay the stubs above, which run when the test says.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      vi.resetModules();
      const { createDeltaBatcher: create, LATEST_MS } = await import("../../src/features/chat/deltaBatcher");
      const batches: Array<Record<string, string>> = [];
      const batcher = create((batch) => batches.push(Object.fromEntries(batch)));
      batcher.push("a", "no ");
      batcher.push("a", "frame");
      vi.advanceTimersByTime(LATEST_MS - 1);
      expect(batches).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(batches).toEqual([{ a: "no frame" }]);
      runFrame(); // the frame that comes late finds nothing to hand over
      expect(batches).toHaveLength(1);

      batcher.push("a", "!");
      runFrame(); // a frame first: the timer is cancelled
      vi.advanceTimersByTime(LATEST_MS * 3);
      expect(batches).toEqual([{ a: "no frame" }, { a: "!" }]);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
