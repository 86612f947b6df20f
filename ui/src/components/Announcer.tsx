// Screen-reader announcements through visually hidden live regions. `announce()`
// can be called from anywhere; <Announcer/> renders the regions once in the shell.
// Each region (polite, assertive) has a queue and a timer of its own: an urgent message
// never cancels a pending polite one or the other way round, and every message is shown
// in its region, in order, for long enough to be read (nothing is lost in a burst).
// A streamed reply is read out by `StreamAnnouncer` (streamAnnouncer.ts).

import { useStore } from "@nanostores/preact";
import { atom } from "nanostores";
import { useEffect } from "preact/hooks";

import { locale } from "../i18n";

export type Politeness = "polite" | "assertive";

/** The region is emptied this long before a message lands, so a repeat is announced again (ms). */
export const CLEAR_MS = 60;
/** How long a message stays in its region before the next queued one replaces it (ms). */
export const HOLD_MS = 400;

/** What each live region says now. */
const spoken = { polite: atom(""), assertive: atom("") };
/** Only while an <Announcer/> is mounted: with nobody to hear, nothing is kept. */
let mounted = 0;
const queues: Record<Politeness, string[]> = { polite: [], assertive: [] };
const timers: Record<Politeness, number | undefined> = { polite: undefined, assertive: undefined };

/** Shows the next queued message of `region` when it is free. */
function pump(region: Politeness): void {
  if (timers[region] !== undefined) return;
  const next = queues[region].shift();
  if (next === undefined) return;
  // Clear first so the same text twice in a row is still announced.
  spoken[region].set("");
  timers[region] = window.setTimeout(() => {
    spoken[region].set(next);
    timers[region] = window.setTimeout(() => {
      timers[region] = undefined;
      pump(region);
    }, HOLD_MS);
  }, CLEAR_MS);
}

/** Forgets what is queued and said in both regions (a language switch, the shell going away). */
function stopAll(): void {
  for (const region of ["polite", "assertive"] as const) {
    window.clearTimeout(timers[region]);
    timers[region] = undefined;
    queues[region] = [];
    spoken[region].set("");
  }
}

/** Speaks `message` to assistive technology without moving focus, after what its region already queued. */
export function announce(message: string, politeness: Politeness = "polite"): void {
  if (mounted === 0) return;
  queues[politeness].push(message);
  pump(politeness);
}

export function Announcer() {
  useEffect(() => {
    mounted += 1;
    // What was said is in the language it was said in: a language switch puts it away
    // (and anything still about to be said), so the regions never hold the old language.
    const stop = locale.listen(stopAll);
    return () => {
      mounted -= 1;
      stop();
      if (mounted === 0) stopAll();
    };
  }, []);
  const polite = useStore(spoken.polite);
  const assertive = useStore(spoken.assertive);
  // The ids name the regions in the accessibility tree (tests/e2e/tests/screen_reader.rs).
  return (
    <div class="sr-only">
      <div id="announcer-polite" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer-polite">
        {polite}
      </div>
      <div id="announcer-assertive" role="alert" aria-live="assertive" aria-atomic="true" data-testid="announcer-assertive">
        {assertive}
      </div>
    </div>
  );
}
