// Screen-reader announcements through visually hidden live regions. `announce()`
// can be called from anywhere; <Announcer/> renders the regions once in the shell.
// `StreamAnnouncer` batches a streamed reply into whole sentences so a screen reader
// hears a calm sequence rather than every token.

import { useEffect, useState } from "preact/hooks";

type Politeness = "polite" | "assertive";
type Listener = (politeness: Politeness, message: string) => void;

const listeners = new Set<Listener>();

/** Speaks `message` to assistive technology without moving focus. */
export function announce(message: string, politeness: Politeness = "polite"): void {
  for (const listener of listeners) listener(politeness, message);
}

export function Announcer() {
  const [polite, setPolite] = useState("");
  const [assertive, setAssertive] = useState("");
  useEffect(() => {
    let timer: number | undefined;
    const listener: Listener = (politeness, message) => {
      const set = politeness === "assertive" ? setAssertive : setPolite;
      // Clear first so the same text twice in a row is still announced.
      set("");
      window.clearTimeout(timer);
      timer = window.setTimeout(() => set(message), 60);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      window.clearTimeout(timer);
    };
  }, []);
  return (
    <div class="sr-only">
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="announcer-polite">
        {polite}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" data-testid="announcer-assertive">
        {assertive}
      </div>
    </div>
  );
}

/**
 * Collects streamed text and announces it a sentence (or a pause) at a time.
 * Call `push(delta)` for each chunk and `finish()` when the stream ends.
 */
export class StreamAnnouncer {
  private buffer = "";
  private timer: number | undefined;

  constructor(private readonly pauseMs = 1200) {}

  push(delta: string): void {
    this.buffer += delta;
    const end = Math.max(...["。", "！", "？", ". ", "! ", "? ", "\n"].map((m) => this.buffer.lastIndexOf(m)));
    if (end >= 0) {
      const cut = end + 1;
      this.say(this.buffer.slice(0, cut));
      this.buffer = this.buffer.slice(cut);
    }
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.flush(), this.pauseMs);
  }

  finish(): void {
    window.clearTimeout(this.timer);
    this.flush();
  }

  cancel(): void {
    window.clearTimeout(this.timer);
    this.buffer = "";
  }

  private flush(): void {
    this.say(this.buffer);
    this.buffer = "";
  }

  private say(text: string): void {
    const trimmed = text.trim();
    if (trimmed) announce(trimmed);
  }
}
