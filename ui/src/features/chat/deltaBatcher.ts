// Streamed text arrives as one IPC message per upstream chunk: up to thousands a second.
// Rendering each would re-render the reply thousands of times a second and fall behind;
// this gathers the deltas that arrive within one frame and hands them over once per frame.

export interface DeltaBatcher {
  /** Queue text for a message; it is handed over on the next frame. */
  push(messageId: string, text: string): void;
  /** Hand over everything queued now (before a reply is finished or replaced). */
  flushNow(): void;
  /** Drop anything queued (the conversation changed). */
  cancel(): void;
}

const schedule: (cb: () => void) => number =
  typeof requestAnimationFrame === "function" ? requestAnimationFrame : (cb) => window.setTimeout(cb, 16);
const unschedule: (id: number) => void =
  typeof cancelAnimationFrame === "function" ? cancelAnimationFrame : (id) => window.clearTimeout(id);

export function createDeltaBatcher(flush: (pending: ReadonlyMap<string, string>) => void): DeltaBatcher {
  let pending = new Map<string, string>();
  let scheduled: number | null = null;

  const run = () => {
    scheduled = null;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    flush(batch);
  };

  return {
    push(messageId, text) {
      pending.set(messageId, (pending.get(messageId) ?? "") + text);
      if (scheduled === null) scheduled = schedule(run);
    },
    flushNow() {
      if (scheduled !== null) unschedule(scheduled);
      run();
    },
    cancel() {
      if (scheduled !== null) unschedule(scheduled);
      scheduled = null;
      pending = new Map();
    },
  };
}
