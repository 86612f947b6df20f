// Streamed text arrives as one IPC message per upstream chunk: up to thousands a second.
// Rendering each would re-render the reply thousands of times a second and fall behind;
// this gathers the deltas that arrive within one frame and hands them over once per frame.
// A frame is not guaranteed: WebKit serves no animation frames to a hidden window, and in
// one soak run served none for 30 s to a visible one. So a timer hands over what waits
// LATEST_MS at the latest, whichever comes first.

export interface DeltaBatcher {
  /** Queue text for a message; it is handed over on the next frame. */
  push(messageId: string, text: string): void;
  /** Hand over everything queued now (before a reply is finished or replaced). */
  flushNow(): void;
  /** Drop anything queued (the conversation changed). */
  cancel(): void;
}

/** The longest queued text waits when no animation frame comes. */
export const LATEST_MS = 100;

export function createDeltaBatcher(flush: (pending: ReadonlyMap<string, string>) => void): DeltaBatcher {
  let pending = new Map<string, string>();
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const unschedule = () => {
    if (frame !== null && typeof cancelAnimationFrame === "function") cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    frame = null;
    timer = null;
  };

  const run = () => {
    unschedule();
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    flush(batch);
  };

  return {
    push(messageId, text) {
      pending.set(messageId, (pending.get(messageId) ?? "") + text);
      if (frame !== null || timer !== null) return;
      if (typeof requestAnimationFrame === "function") frame = requestAnimationFrame(run);
      timer = setTimeout(run, frame === null ? 16 : LATEST_MS);
    },
    flushNow() {
      run();
    },
    cancel() {
      unschedule();
      pending = new Map();
    },
  };
}
