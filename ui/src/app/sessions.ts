// The sessions store: who is signed in, which context pays, and whether a sign-in
// is waiting for the browser. Fed by `sessions()` at boot and by the core's
// `sessionsChanged` / `sessionEnded` / `signedIn` / `signInFailed` / `platformChanged`
// events, and updated by the answers of the commands it wraps, so every screen and the
// header see one truth and switch together.
//
// The core says when a session ended by itself: `sessionEnded` (once, naming it, with
// its reason) and `view.ended` (until dismissed). Nothing here guesses it from a
// session vanishing: a sign-out from this window or a platform switch arrives as
// `sessionsChanged` and is just a new view.
//
// Screens read it with `useSessions()`, `useActiveSession()` and
// `useActiveContextKey()` (a string that changes whenever the paying context
// changes: reload catalogs and balances when it does).

import { announce } from "../components";
import { t } from "../i18n";
import {
  type AppError,
  type AppEvent,
  beginAccountAccess,
  beginSignIn,
  type CommandName,
  type ContextRequest,
  cancelSignIn,
  dismissSessionNotice,
  type EndedSession,
  type ErrorCode,
  getSessions,
  type IpcError,
  onAppEvent,
  onCommandError,
  type SessionSummary,
  type SessionsView,
  setActiveSession,
  signOut,
  toAppError,
} from "../ipc";
import { bootState } from "./boot";
import { atom, computed, useStore } from "./store";
import { expiryTime } from "./time";

/** A sign-in this window started, so the pending state can say what it is for. */
export interface PendingSignIn {
  request: ContextRequest;
  /** The Team's name when it was picked from the list. */
  teamName?: string;
  /**
   * `accountAccess`: the person asked for access to the Personal account's details (a new
   * Personal sign-in asking for `account` too). It never changes who pays, and a refusal
   * leaves the Personal session as it was.
   */
  purpose?: "accountAccess";
  startedAt: number;
}

/** A sign-in that did not complete: a refused callback, or a start that failed. */
export interface SignInFailure {
  code: ErrorCode;
  /** The platform's own code, e.g. `access_denied`, `invalid_grant`. */
  platformCode?: string;
  /** The platform's description (or the core's explanation). Plain text only. */
  message: string;
  /** The platform asked to wait this long before a sign-in is started again (READINGS B7). */
  retryAfterSecs?: number;
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
const INITIAL: SessionsState = {
  status: "loading",
  view: EMPTY_VIEW,
  loadError: null,
  pending: null,
  lastAttempt: null,
  signInError: null,
};

/**
 * The sessions state: read `.value`, or `useSessions()` in a component. It starts from the
 * snapshot handed over with the window (app/boot.ts) when there is one; `start()` still
 * asks the core, which also ends what expired since.
 */
export const sessionsState = atom<SessionsState>(bootState ? { ...INITIAL, status: "ready", view: bootState.sessions } : INITIAL);
/** The session whose context pays right now, or null. */
export const activeSession = computed(sessionsState, (state) => findActive(state.view));
/** `activeContextKey(activeSession.get())`. */
export const activeKey = computed(activeSession, (session) => activeContextKey(session));

/** The last session the core said ended by itself (`sessionEnded`), once per event. */
export const lastEnded = atom<EndedSession | null>(null);

/** Bumped on every applied view, so a slow `sessions()` answer can't undo a newer one. */
let generation = 0;
let expiryTimer: number | undefined;
let pendingTimer: number | undefined;

function publish(next: SessionsState) {
  sessionsState.set(next);
}

// ---------- labels ----------

/** "Personal" or the Team's name. */
export function contextName(session: SessionSummary): string {
  return session.context.kind === "personal" ? t("context.personal") : session.context.teamName;
}

/** The person's membership of a Team in the active language; unknown words read as sent. */
export function memberStatusLabel(status: string): string {
  switch (status) {
    case "active":
      return t("balances.memberStatus.active");
    case "disabled":
      return t("balances.memberStatus.disabled");
    case "removed":
      return t("balances.memberStatus.removed");
    case "invited":
    case "pending_invite":
      return t("balances.memberStatus.invited");
    default:
      return status;
  }
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

function applyView(view: SessionsView, pendingOverride?: PendingSignIn | null) {
  generation += 1;
  const previous = sessionsState.get();

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
  const state = sessionsState.get();
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
    const state = sessionsState.get();
    // A command answer or an event newer than this request already applied.
    if (generation !== startedAt && state.status === "ready") return;
    // The same view (as the first answer after the handed-over snapshot usually is): no
    // new state, so nothing renders again.
    if (state.status === "ready" && JSON.stringify(state.view) === JSON.stringify(view)) {
      scheduleTimers();
      return;
    }
    applyView(view);
  } catch (err) {
    const state = sessionsState.get();
    if (state.status === "ready") return;
    publish({ ...state, status: "failed", loadError: toAppError(err) });
  }
}

function failure(error: IpcError | AppError, source: SignInFailure["source"], attempt: PendingSignIn | null): SignInFailure {
  const message = "detail" in error ? error.detail : error.message;
  const platformCode = error.platformCode;
  const retryAfterSecs = error.retryAfterSecs;
  return {
    code: error.code,
    ...(platformCode ? { platformCode } : {}),
    ...(retryAfterSecs !== undefined ? { retryAfterSecs } : {}),
    message,
    source,
    attempt,
    at: Date.now(),
  };
}

function upsert(view: SessionsView, session: SessionSummary, attempt: PendingSignIn | null): SessionsView {
  const sessions = view.sessions.some((s) => s.id === session.id)
    ? view.sessions.map((s) => (s.id === session.id ? session : s))
    : [...view.sessions, session];
  // Keep Personal first as the core does. Who pays is the core's answer (`sessionsChanged`
  // follows at once): a Team pays only if the person chose it, or if nobody paid.
  sessions.sort((a, b) => (a.context.kind === b.context.kind ? 0 : a.context.kind === "personal" ? -1 : 1));
  const nobodyPays = view.activeId == null && !view.payerNotChosen;
  // Asking for access to account details renews the Personal session; it never pays because of it.
  const personalPays = session.context.kind === "personal" && attempt?.purpose !== "accountAccess";
  return { ...view, sessions, activeId: nobodyPays || personalPays ? session.id : view.activeId };
}

function onEvent(event: AppEvent) {
  switch (event.type) {
    case "sessionsChanged":
      applyView(event.view);
      break;
    case "sessionEnded":
      applyView(event.view);
      lastEnded.set(event.ended);
      break;
    case "signedIn": {
      const state = sessionsState.get();
      applyView(upsert(state.view, event.session, state.pending ?? state.lastAttempt), null);
      publish({ ...sessionsState.get(), signInError: null });
      void refresh();
      break;
    }
    case "signInFailed": {
      const state = sessionsState.get();
      // A link nobody here asked for belongs to no attempt of ours.
      const attempt = event.error.code === "NO_PENDING_SIGN_IN" ? null : (state.pending ?? state.lastAttempt);
      publish({ ...state, signInError: failure(event.error, "callback", attempt) });
      void refresh();
      break;
    }
    case "platformChanged":
      publish({ ...sessionsState.get(), signInError: null });
      void getSessions()
        .then((view) => applyView(view))
        .catch((err: unknown) => publish({ ...sessionsState.get(), status: "failed", loadError: toAppError(err) }));
      break;
  }
}

// ---------- the store ----------

let started = false;

export const sessionsStore = {
  get(): SessionsState {
    return sessionsState.get();
  },

  /** Loads the sessions and listens to the core. Called once by <App/>; returns a disposer. */
  start(): () => void {
    if (started) return () => {};
    started = true;
    const offEvents = onAppEvent(onEvent);
    // The core announces the ended session itself; an answer saying so only means the
    // view here may be behind.
    const offErrors = onCommandError((error, command) => {
      if (error.code === "SESSION_EXPIRED" && command !== ("sessions" satisfies CommandName)) void refresh();
      if (error.code === "PAYER_NOT_CHOSEN") void refresh();
    });
    // Coming back from the browser: re-check, in case an event was missed.
    const onFocus = () => {
      const state = sessionsState.get();
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
    publish({ ...sessionsState.get(), signInError: null, lastAttempt: attempt });
    try {
      const view = await beginSignIn(request);
      applyView(view, attempt);
      return true;
    } catch (err) {
      publish({ ...sessionsState.get(), signInError: failure(toAppError(err), "start", attempt) });
      return false;
    }
  },

  /**
   * Asks for access to the Personal account's details: the browser opens the consent page
   * for the Personal sign-in's scopes plus `account`. Resolves true when it was opened; on
   * failure the error is kept in `signInError`, naming this purpose.
   */
  async askAccountAccess(): Promise<boolean> {
    const attempt: PendingSignIn = { request: { kind: "personal" }, purpose: "accountAccess", startedAt: Date.now() };
    publish({ ...sessionsState.get(), signInError: null, lastAttempt: attempt });
    try {
      const view = await beginAccountAccess();
      applyView(view, attempt);
      return true;
    } catch (err) {
      publish({ ...sessionsState.get(), signInError: failure(toAppError(err), "start", attempt) });
      return false;
    }
  },

  /** Stops waiting for the browser. Rejects with an AppError. */
  async cancelSignIn(): Promise<void> {
    const view = await cancelSignIn();
    applyView(view, null);
  },

  /** Puts away the notice an ended session left. Rejects with an AppError. */
  async dismissNotice(id: string): Promise<void> {
    const view = await dismissSessionNotice(id);
    applyView(view);
  },

  /** Makes this session's context the one that pays. Rejects with an AppError. */
  async activate(id: string): Promise<void> {
    const view = await setActiveSession(id);
    applyView(view);
  },

  /** Revokes and removes this one session. Rejects with an AppError. */
  async signOut(id: string): Promise<void> {
    const view = await signOut(id);
    applyView(view);
  },

  dismissSignInError(): void {
    const state = sessionsState.get();
    if (state.signInError) publish({ ...state, signInError: null });
  },

  /**
   * Called once for each session that ended without a sign-out (the core's
   * `sessionEnded`: which one, why, whether it paid). A sign-out or a platform switch
   * never calls it. `view.ended` keeps the same sessions until they are dismissed.
   */
  onSessionEnded(listener: (ended: EndedSession) => void): () => void {
    return lastEnded.listen((ended) => {
      if (ended) listener(ended);
    });
  },
};

// ---------- hooks ----------

/** The whole sessions state; re-renders on every change. */
export function useSessions(): SessionsState {
  return useStore(sessionsState);
}

/** The session whose context pays right now, or null when not signed in. */
export function useActiveSession(): SessionSummary | null {
  return useStore(activeSession);
}

/** `activeContextKey(useActiveSession())`: depend on it to reload per context. */
export function useActiveContextKey(): string {
  return useStore(activeKey);
}

/** The active session outside components (e.g. in a command handler). */
export function getActiveSession(): SessionSummary | null {
  return activeSession.get();
}
