// The active context's balance, shared by the header and the Balances screen so both
// always show the same reading. It follows the active session: on a switch it shows
// that context's last reading at once (never another context's), then asks the
// platform. `balanceChanged` events (a refresh anywhere, a charged action) update it.

import { useEffect, useState } from "preact/hooks";

import { getActiveSession, sessionsStore } from "../../app/sessions";
import {
  lastBalance,
  onAppEvent,
  refreshBalance,
  toAppError,
  type AppError,
  type BalanceOverview,
  type SessionSummary,
} from "../../ipc";

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

let state: BalanceState = IDLE;
const listeners = new Set<(s: BalanceState) => void>();
let stopSources: (() => void) | null = null;

function publish(next: BalanceState) {
  state = next;
  for (const listener of listeners) listener(state);
}

function accept(overview: BalanceOverview) {
  if (overview.sessionId !== state.sessionId) return;
  // A slower answer must not replace a newer reading.
  if (state.overview && state.overview.refreshedAt > overview.refreshedAt) return;
  publish({ ...state, overview, error: null, version: state.version + 1 });
}

async function refresh(): Promise<void> {
  const sessionId = state.sessionId;
  if (!sessionId || state.missingScope) return;
  publish({ ...state, refreshing: true });
  try {
    const overview = await refreshBalance();
    if (state.sessionId !== sessionId) return;
    publish({ ...state, refreshing: false });
    accept(overview);
  } catch (err) {
    if (state.sessionId !== sessionId) return;
    publish({ ...state, refreshing: false, error: toAppError(err) });
  }
}

function follow(session: SessionSummary | null) {
  const id = session?.id ?? null;
  const missingScope = session ? !session.grantedScopes.includes("balance") : false;
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
      if (state.sessionId === id) void refresh();
    });
}

function start() {
  const offSessions = sessionsStore.subscribe(() => follow(getActiveSession()));
  const offEvents = onAppEvent((event) => {
    if (event.type === "balanceChanged") accept(event.balance);
  });
  follow(getActiveSession());
  stopSources = () => {
    offSessions();
    offEvents();
  };
}

export const balanceStore = {
  get: (): BalanceState => state,
  /** Asks the platform again; the answer reaches every subscriber. */
  refresh,
  subscribe(listener: (s: BalanceState) => void): () => void {
    listeners.add(listener);
    if (!stopSources) start();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && stopSources) {
        stopSources();
        stopSources = null;
        state = IDLE;
      }
    };
  },
};

/** The active context's balance state; re-renders on every change. */
export function useBalance(): BalanceState {
  const [value, setValue] = useState(state);
  useEffect(() => {
    const off = balanceStore.subscribe(setValue);
    setValue(balanceStore.get());
    return off;
  }, []);
  return value;
}

/** Whether a reading is old enough to be marked stale at `now`. */
export function isStale(s: BalanceState, now: number): boolean {
  if (!s.overview) return false;
  return s.error !== null || now - s.overview.refreshedAt > STALE_AFTER_MS;
}
