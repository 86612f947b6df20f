// The sessions store: who is signed in, which context pays, and whether a sign-in
// is waiting for the browser. Fed by `sessions()` at boot and by the core's
// `sessionsChanged` / `signedIn` / `signInFailed` / `platformChanged` events, and
// updated by the answers of the commands it wraps, so every screen and the header
// see one truth and switch together.
//
// Screens read it with `useSessions()`, `useActiveSession()` and
// `useActiveContextKey()` (a string that changes whenever the paying context
// changes: reload catalogs and balances when it does).

import { useEffect, useState } from "preact/hooks";

import { announce } from "../components";
import { t } from "../i18n";
import {
  beginSignIn,
  cancelSignIn,
  dismissSessionNotice,
  getSessions,
  onAppEvent,
  onCommandError,
  setActiveSession,
  signOut,
  toAppError,
  type AppError,
  type AppEvent,
  type ContextRequest,
  type ErrorCode,
  type IpcError,
  type SessionSummary,
  type SessionsView,
} from "../ipc";
import { expiryTime } from "./time";

/** A sign-in this window started, so the pending state can say what it is for. */
export interface PendingSignIn {
  request: ContextRequest;
  /** The Team's name when it was picked from the list. */
  teamName?: string;
  startedAt: number;
}

/** A sign-in that did not complete: a refused callback, or a start that failed. */
export interface SignInFailure {
  code: ErrorCode;
  /** The platform's own code, e.g. `access_denied`, `invalid_grant`. */
  platformCode?: string;
  /** The platform's description (or the core's explanation). Plain text only. */
  message: string;
  source: "callback" | "start";
  /** What was being signed in to, when this window knows. */
  attempt: PendingSignIn | null;
  at: number;
}

export interface SessionsState {
  status: "loading" | "ready" | "failed";
  view: SessionsView;
  /** Why `sessions()` failed, while status is "failed". */
  loadError: AppError | null;
  /** Set while `view.signInPending` and the attempt was started from this window. */
  pending: PendingSignIn | null;
  /** The last sign-in attempt, kept for "Try again". */
  lastAttempt: PendingSignIn | null;
  signInError: SignInFailure | null;
}

const EMPTY_VIEW: SessionsView = { sessions: [], signInPending: false, ended: [], payerNotChosen: false };
/** A pending attempt expires in the core after 10 minutes. */
const ATTEMPT_LIFETIME_MS = 10 * 60_000;
/** How long a session that vanished is remembered to explain a SESSION_EXPIRED. */
const ENDED_MEMORY_MS = 30_000;

let state: SessionsState = {
  status: "loading",
  view: EMPTY_VIEW,
  loadError: null,
  pending: null,
  lastAttempt: null,
  signInError: null,
};

const listeners = new Set<(next: SessionsState) => void>();
const endedListeners = new Set<(session: SessionSummary | null) => void>();

/** Ids being signed out from this window: their removal is not "your session ended". */
const signingOut = new Set<string>();
/** Sessions that disappeared without a sign-out, to name them in the ended notice. */
const recentlyEnded = new Map<string, { session: SessionSummary; at: number; notified: boolean }>();
/** Removals right after a platform switch are that switch, not ended sessions. */
let ignoreRemovalsUntil = 0;
/** Bumped on every applied view, so a slow `sessions()` answer can't undo a newer one. */
let generation = 0;
let lastGenericNotice = 0;
let expiryTimer: number | undefined;
let pendingTimer: number | undefined;

function publish(next: SessionsState) {
  state = next;
  for (const listener of listeners) listener(state);
}

function notifyEnded(session: SessionSummary | null) {
  for (const listener of endedListeners) listener(session);
}

// ---------- labels ----------

/** "Personal" or the Team's name. */
export function contextName(session: SessionSummary): string {
  return session.context.kind === "personal" ? t("context.personal") : session.context.teamName;
}

/** A Team role in the active language; unknown roles read as sent. */
export function roleLabel(role: string): string {
  switch (role) {
    case "owner":
      return t("role.owner");
    case "admin":
      return t("role.admin");
    case "member":
      return t("role.member");
    default:
      return role;
  }
}

/** "Personal" or "Team Alpha · member": who pays when this session is active. */
export function contextLabel(session: SessionSummary): string {
  if (session.context.kind === "personal") return t("context.personal");
  return session.role ? `${session.context.teamName} · ${roleLabel(session.role)}` : session.context.teamName;
}

/** What a pending attempt is for: "Personal", "Team Alpha" or "Team t_123". */
export function attemptLabel(attempt: PendingSignIn): string {
  if (attempt.request.kind === "personal") return t("context.personal");
  return attempt.teamName ?? t("context.teamWithId", { id: attempt.request.teamId });
}

/**
 * A key that changes whenever the paying context changes: `none`,
 * `personal:<sessionId>` or `team:<teamId>:<sessionId>`. Use it as an effect
 * dependency to reload catalogs and balances.
 */
export function activeContextKey(session: SessionSummary | null): string {
  if (!session) return "none";
  return session.context.kind === "personal" ? `personal:${session.id}` : `team:${session.context.teamId}:${session.id}`;
}

function findActive(view: SessionsView): SessionSummary | null {
  return view.sessions.find((s) => s.id === view.activeId) ?? null;
}

// ---------- applying views ----------

type Cause = "load" | "event" | "action" | "platform";

function applyView(view: SessionsView, cause: Cause, pendingOverride?: PendingSignIn | null) {
  generation += 1;
  const previous = state;
  const now = Date.now();

  for (const [id, entry] of recentlyEnded) {
    if (now - entry.at > ENDED_MEMORY_MS * 2) recentlyEnded.delete(id);
  }
  const removed = previous.view.sessions.filter((s) => !view.sessions.some((n) => n.id === s.id));
  for (const session of removed) {
    if (signingOut.has(session.id) || cause === "platform" || now < ignoreRemovalsUntil) continue;
    // Its time ran out: say so at once. Otherwise wait for the SESSION_EXPIRED that
    // explains it (a 401 on some screen's command).
    const expired = expiryTime(session) <= now + 5_000;
    recentlyEnded.set(session.id, { session, at: now, notified: expired });
    if (expired) notifyEnded(session);
  }

  let pending = pendingOverride !== undefined ? pendingOverride : previous.pending;
  if (!view.signInPending) pending = null;

  publish({ ...previous, status: "ready", view, loadError: null, pending });

  const before = findActive(previous.view);
  const after = findActive(view);
  if (previous.status === "ready" && before?.id !== after?.id) {
    announce(t("chargedTo.chip", { who: after ? contextLabel(after) : t("chargedTo.notSignedIn") }));
  }
  scheduleTimers();
}

/** Re-reads the sessions when one reaches its expiry or a pending attempt lapses. */
function scheduleTimers() {
  window.clearTimeout(expiryTimer);
  window.clearTimeout(pendingTimer);
  const now = Date.now();
  const next = Math.min(...state.view.sessions.map((s) => expiryTime(s)));
  if (Number.isFinite(next)) {
    // setTimeout holds at most ~24.8 days; re-arm after that.
    const delay = Math.min(Math.max(next - now + 1_000, 1_000), 2 ** 31 - 1);
    expiryTimer = window.setTimeout(() => void refresh(), delay);
  }
  if (state.view.signInPending) {
    const started = state.pending?.startedAt ?? now;
    const delay = Math.max(started + ATTEMPT_LIFETIME_MS + 2_000 - now, 15_000);
    pendingTimer = window.setTimeout(() => void refresh(), delay);
  }
}

async function refresh(): Promise<void> {
  const startedAt = generation;
  try {
    const view = await getSessions();
    // A command answer or an event newer than this request already applied.
    if (generation !== startedAt && state.status === "ready") return;
    applyView(view, "load");
  } catch (err) {
    if (state.status === "ready") return;
    publish({ ...state, status: "failed", loadError: toAppError(err) });
  }
}

function failure(error: IpcError | AppError, source: SignInFailure["source"], attempt: PendingSignIn | null): SignInFailure {
  const message = "detail" in error ? error.detail : error.message;
  const platformCode = error.platformCode;
  return {
    code: error.code,
    ...(platformCode ? { platformCode } : {}),
    message,
    source,
    attempt,
    at: Date.now(),
  };
}

function upsert(view: SessionsView, session: SessionSummary): SessionsView {
  const sessions = view.sessions.some((s) => s.id === session.id)
    ? view.sessions.map((s) => (s.id === session.id ? session : s))
    : [...view.sessions, session];
  // The core makes a new session the active one; keep Personal first as it does.
  sessions.sort((a, b) => (a.context.kind === b.context.kind ? 0 : a.context.kind === "personal" ? -1 : 1));
  return { ...view, sessions, activeId: session.id };
}

function onEvent(event: AppEvent) {
  switch (event.type) {
    case "sessionsChanged":
      applyView(event.view, "event");
      break;
    case "signedIn":
      applyView(upsert(state.view, event.session), "event", null);
      publish({ ...state, signInError: null });
      void refresh();
      break;
    case "signInFailed": {
      // A link nobody here asked for belongs to no attempt of ours.
      const attempt = event.error.code === "NO_PENDING_SIGN_IN" ? null : (state.pending ?? state.lastAttempt);
      publish({ ...state, signInError: failure(event.error, "callback", attempt) });
      void refresh();
      break;
    }
    case "platformChanged":
      ignoreRemovalsUntil = Date.now() + 5_000;
      publish({ ...state, signInError: null });
      void getSessions()
        .then((view) => applyView(view, "platform"))
        .catch((err: unknown) => publish({ ...state, status: "failed", loadError: toAppError(err) }));
      break;
  }
}

async function onSessionExpired() {
  await refresh();
  const now = Date.now();
  const recent = [...recentlyEnded.values()].filter((e) => now - e.at < ENDED_MEMORY_MS);
  const unnotified = recent.filter((e) => !e.notified);
  for (const entry of unnotified) {
    entry.notified = true;
    notifyEnded(entry.session);
  }
  // Nothing to name (the session had already gone): one generic notice, not a burst.
  if (recent.length === 0 && now - lastGenericNotice > 10_000) {
    lastGenericNotice = now;
    notifyEnded(null);
  }
}

// ---------- the store ----------

let started = false;

export const sessionsStore = {
  get(): SessionsState {
    return state;
  },

  subscribe(listener: (next: SessionsState) => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  /** Loads the sessions and listens to the core. Called once by <App/>; returns a disposer. */
  start(): () => void {
    if (started) return () => {};
    started = true;
    const offEvents = onAppEvent(onEvent);
    const offErrors = onCommandError((error, command) => {
      if (error.code === "SESSION_EXPIRED" && command !== "sessions") void onSessionExpired();
      if (error.code === "PAYER_NOT_CHOSEN") void refresh();
    });
    // Coming back from the browser: re-check, in case an event was missed.
    const onFocus = () => {
      if (state.view.signInPending || state.status === "failed") void refresh();
    };
    window.addEventListener("focus", onFocus);
    void refresh();
    return () => {
      started = false;
      offEvents();
      offErrors();
      window.removeEventListener("focus", onFocus);
      window.clearTimeout(expiryTimer);
      window.clearTimeout(pendingTimer);
    };
  },

  refresh,

  /**
   * Opens the browser for a sign-in. Resolves true when the browser was opened;
   * on failure the error is kept in `signInError` (shown on the Account screen).
   */
  async signIn(request: ContextRequest, teamName?: string): Promise<boolean> {
    const attempt: PendingSignIn = { request, startedAt: Date.now(), ...(teamName ? { teamName } : {}) };
    publish({ ...state, signInError: null, lastAttempt: attempt });
    try {
      const view = await beginSignIn(request);
      applyView(view, "action", attempt);
      return true;
    } catch (err) {
      publish({ ...state, signInError: failure(toAppError(err), "start", attempt) });
      return false;
    }
  },

  /** Stops waiting for the browser. Rejects with an AppError. */
  async cancelSignIn(): Promise<void> {
    const view = await cancelSignIn();
    applyView(view, "action", null);
  },

  /** Puts away the notice an ended session left. Rejects with an AppError. */
  async dismissNotice(id: string): Promise<void> {
    const view = await dismissSessionNotice(id);
    applyView(view, "action");
  },

  /** Makes this session's context the one that pays. Rejects with an AppError. */
  async activate(id: string): Promise<void> {
    const view = await setActiveSession(id);
    applyView(view, "action");
  },

  /** Revokes and removes this one session. Rejects with an AppError. */
  async signOut(id: string): Promise<void> {
    signingOut.add(id);
    try {
      const view = await signOut(id);
      applyView(view, "action");
    } finally {
      // Late events for this removal find it already gone from the view.
      window.setTimeout(() => signingOut.delete(id), 5_000);
    }
  },

  dismissSignInError(): void {
    if (state.signInError) publish({ ...state, signInError: null });
  },

  /**
   * Called when a session ended without a sign-out (a 401 from the platform, or
   * its time ran out): with that session when known, null otherwise.
   */
  onSessionEnded(listener: (session: SessionSummary | null) => void): () => void {
    endedListeners.add(listener);
    return () => {
      endedListeners.delete(listener);
    };
  },
};

// ---------- hooks ----------

function useSelector<T>(select: (s: SessionsState) => T): T {
  const [value, setValue] = useState(() => select(state));
  useEffect(() => {
    const update = (next: SessionsState) => {
      const selected = select(next);
      setValue((prev) => (Object.is(prev, selected) ? prev : selected));
    };
    update(state);
    return sessionsStore.subscribe(update);
    // `select` is expected to be stable in meaning; the subscription lives with the component.
  }, []);
  return value;
}

/** The whole sessions state; re-renders on every change. */
export function useSessions(): SessionsState {
  return useSelector((s) => s);
}

/** The session whose context pays right now, or null when not signed in. */
export function useActiveSession(): SessionSummary | null {
  return useSelector((s) => findActive(s.view));
}

/** `activeContextKey(useActiveSession())`: depend on it to reload per context. */
export function useActiveContextKey(): string {
  return useSelector((s) => activeContextKey(findActive(s.view)));
}

/** The active session outside components (e.g. in a command handler). */
export function getActiveSession(): SessionSummary | null {
  return findActive(state.view);
}
