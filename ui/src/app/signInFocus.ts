// Where focus goes when a sign-in completes. While it waits, focus sits on "Continue in your
// browser" (SignInPending), which disappears with the sign-in, and focus would fall to
// <body>. It goes to the new session's card heading when the Account screen shows it, or
// else to the screen's h1; never away from a place the person moved to meanwhile.

/** How long the new card may take to render (the sessions store re-reads the view). */
const WAIT_MS = 3_000;
const STEP_MS = 50;

function lost(active: Element | null): boolean {
  return !active || active === document.body || !active.isConnected;
}

/** Moves focus for the session `sessionId` that just signed in (see the file's comment). */
export function focusAfterSignIn(sessionId: string): void {
  const before = document.activeElement;
  const started = Date.now();
  const step = () => {
    const active = document.activeElement;
    // The person moved on (typed somewhere, opened a menu): focus is theirs.
    if (!lost(active) && active !== before) return;
    const card = document.querySelector<HTMLElement>(
      `[data-testid=session-card][data-session-id="${CSS.escape(sessionId)}"] [data-testid=session-name]`,
    );
    if (card) {
      card.focus();
      return;
    }
    if (Date.now() - started < WAIT_MS && document.querySelector("[data-testid=screen-account]")) {
      window.setTimeout(step, STEP_MS);
      return;
    }
    if (lost(document.activeElement)) document.getElementById("screen-title")?.focus();
  };
  window.setTimeout(step, 0);
}
