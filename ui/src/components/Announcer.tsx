// Screen-reader announcements through visually hidden live regions. `announce()`
// can be called from anywhere; <Announcer/> renders the regions once in the shell.
// `StreamAnnouncer` batches a streamed reply into whole sentences so a screen reader
// hears a calm sequence rather than every token.

import { useStore } from "@nanostores/preact";
import { atom } from "nanostores";
import { useEffect } from "preact/hooks";

import { locale } from "../i18n";

type Politeness = "polite" | "assertive";

/** What each live region says now. */
const spoken = { polite: atom(""), assertive: atom("") };
/** Only while an <Announcer/> is mounted: with nobody to hear, nothing is kept. */
let mounted = 0;
let timer: number | undefined;

/** Speaks `message` to assistive technology without moving focus. */
export function announce(message: string, politeness: Politeness = "polite"): void {
  if (mounted === 0) return;
  const region = spoken[politeness];
  // Clear first so the same text twice in a row is still announced.
  region.set("");
  window.clearTimeout(timer);
  timer = window.setTimeout(() => region.set(message), 60);
}

export function Announcer() {
  useEffect(() => {
    mounted += 1;
    // What was said is in the language it was said in: a language switch puts it away
    // (and anything still about to be said), so the regions never hold the old language.
    const stop = locale.listen(() => {
      window.clearTimeout(timer);
      spoken.polite.set("");
      spoken.assertive.set("");
    });
    return () => {
      mounted -= 1;
      stop();
      window.clearTimeout(timer);
    };
  }, []);
  const polite = useStore(spoken.polite);
  const assertive = useStore(spoken.assertive);
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
