// The active context's balance, shared by the header and the Balances screen so both
// always show the same reading. It follows the active session: on a switch it shows
// that context's last reading at once (never another context's), then asks the
// platform. `balanceChanged` events (a refresh anywhere, a charged action) update it.

import { activeSession } from "../../app/sessions";
import { useStore, watchedAtom } from "../../app/store";
import { type AppError, type BalanceOverview, lastBalance, onAppEvent, refreshBalance, type SessionSummary, toAppError } from "../../ipc";

/** After this long a reading is marked stale (the core refreshes before a check too). */
export const STALE_AFTER_MS = 5 * 60_000;

export interface BalanceState {
  /** The session the state is for; null when not signed in. */
  sessionId: string | null;
  /** The session lacks the `balance` scope: nothing is requested. */
  missingScope: boolean;
  overview: BalanceOverview | null;
  refreshing: boolean;
  /** The last refresh failed (the overview, if any, is older). */
  error: AppError | null;
  /** Bumped on every new reading, so panels that depend on it reload. */
  version: number;
}

const IDLE: BalanceState = {
  sessionId: null,
  missingScope: false,
  overview: null,
  refreshing: false,
  error: null,
  version: 0,
};

let stopSources: (() => void) | null = null;

/**
 * The active context's balance state. It follows the sessions and the core's events
 * only while something reads it, and forgets everything when the last reader goes.
 */
export const balanceState = watchedAtom<BalanceState>(IDLE, {
  watched: () => start(),
  unwatched: () => {
    stopSources?.();
    stopSources = null;
    balanceState.set(IDLE);
  },
});

function publish(next: BalanceState) {
  balanceState.set(next);
}

function accept(overview: BalanceOverview) {
  const state = balanceState.value;
  if (overview.sessionId !== state.sessionId) return;
  // A slower answer must not replace a newer reading.
  if (state.overview && state.overview.refreshedAt > overview.refreshedAt) return;
  publish({ ...state, overview, error: null, version: state.version + 1 });
}

async function refresh(): Promise<void> {
  const { sessionId, missingScope } = balanceState.value;
  if (!sessionId || missingScope) return;
  publish({ ...balanceState.value, refreshing: true });
  try {
    const overview = await refreshBalance();
    if (balanceState.value.sessionId !== sessionId) return;
    publish({ ...balanceState.value, refreshing: false });
    accept(overview);
  } catch (err) {
    if (balanceState.value.sessionId !== sessionId) return;
    publish({ ...balanceState.value, refreshing: false, error: toAppError(err) });
  }
}

function follow(session: SessionSummary | null) {
  const id = session?.id ?? null;
  const missingScope = session ? !session.grantedScopes.includes("balance") : false;
  const state = balanceState.value;
  if (id === state.sessionId && missingScope === state.missingScope) return;
  publish({ ...IDLE, sessionId: id, missingScope, version: state.version + 1 });
  if (!id || missingScope) return;
  void lastBalance()
    .then((last) => {
      if (last) accept(last);
    })
    .catch(() => {
      // Nothing stored or the session just ended: the refresh below says which.
    })
    .finally(() => {
      if (balanceState.value.sessionId === id) void refresh();
    });
}

function start() {
  // Runs now and on every change of the active session.
  const offSessions = activeSession.subscribe((session) => follow(session));
  const offEvents = onAppEvent((event) => {
    if (event.type === "balanceChanged") accept(event.balance);
  });
  stopSources = () => {
    offSessions();
    offEvents();
  };
}

export const balanceStore = {
  get: (): BalanceState => balanceState.value,
  /** Asks the platform again; the answer reaches every reader. */
  refresh,
};

/** The active context's balance state; re-renders on every change. */
export function useBalance(): BalanceState {
  return useStore(balanceState);
}

/** Whether a reading is old enough to be marked stale at `now`. */
export function isStale(s: BalanceState, now: number): boolean {
  if (!s.overview) return false;
  return s.error !== null || now - s.overview.refreshedAt > STALE_AFTER_MS;
}
