// Presenting mode: one switch (the header's, or Ctrl+Shift+P) that masks what an audience
// must not read, scales the type for a projector and keeps the app quiet. On is instant;
// off asks first (PresentingOff.tsx). The core keeps the setting across restarts and hands
// over the private values it knows (the platform's origin, client id, redirect URI, the
// home folder); the sessions' own ids come from the sessions store, live. The masking
// itself happens in one place: format/mask.ts's masker, applied to the whole document by
// the guard (maskGuard.ts), to the clipboard (clipboard.ts) and to toasts.

import { createMasker, type MaskLiteral, setMasker } from "../format/mask";
import { onCommandAnswer, type PresentingView, type SessionsView, setPresenting } from "../ipc";
import { bootState } from "./boot";
import { installMaskGuard } from "./maskGuard";
import { sessionsState } from "./sessions";
import { atom, computed, useStore } from "./store";

const OFF: PresentingView = { on: false, scale: 125, literals: [] };

/** Presenting mode as the core last said (app_info, set_presenting). */
export const presentingState = atom<PresentingView>(bootState?.appInfo.presenting ?? OFF);

/** The signed-in sessions' private values: user ids, Team ids, the pending redirect URI. */
export function sessionLiterals(view: SessionsView | null): MaskLiteral[] {
  if (!view) return [];
  const literals: MaskLiteral[] = [];
  for (const session of view.sessions) {
    literals.push({ value: session.userId, kind: "id" });
    if (session.context.kind === "team") literals.push({ value: session.context.teamId, kind: "id" });
  }
  for (const ended of view.ended) {
    if (ended.context.kind === "team") literals.push({ value: ended.context.teamId, kind: "id" });
    if (ended.requestId) literals.push({ value: ended.requestId, kind: "id" });
  }
  if (view.pendingRedirectUri) literals.push({ value: view.pendingRedirectUri, kind: "url" });
  if (view.expiredSignIn) {
    literals.push({ value: view.expiredSignIn.redirectUri, kind: "url" });
    if (view.expiredSignIn.teamId) literals.push({ value: view.expiredSignIn.teamId, kind: "id" });
  }
  return literals;
}

/** The fields whose values are ids, in any answer the core gives (camelCase, as sent over IPC). */
const ID_FIELDS = new Set(["teamId", "memberId", "userId", "subject", "accountId", "clientId", "requestId", "platformRequestId", "runId"]);
/** How many learned ids are kept (the newest); far more than any screen shows. */
const MAX_KNOWN_IDS = 1000;
/**
 * A learned id is masked as a literal from this many characters: a shorter one would mask
 * parts of ordinary words and numbers (`lin` in "online", `1024` in a default); the
 * sessions' own ids and the patterns still cover those.
 */
const MIN_LEARNED_ID_CHARS = 5;

/**
 * The ids in one answer: the string values of id fields at any depth (bounded), whatever
 * their shape — `acme-design`, `1024337`, a UUID. The patterns catch only the shapes they
 * know; these are masked as literals.
 */
export function idsIn(answer: unknown): string[] {
  const found: string[] = [];
  let budget = 5000;
  const walk = (value: unknown, depth: number) => {
    if (depth > 8 || budget-- <= 0 || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    for (const [key, field] of Object.entries(value)) {
      if (ID_FIELDS.has(key) && typeof field === "string" && field.length >= MIN_LEARNED_ID_CHARS) {
        found.push(field);
      } else {
        walk(field, depth + 1);
      }
    }
  };
  walk(answer, 0);
  return found;
}

/** Ids learned from the core's answers (newest last), masked while presenting. */
export const knownIdsState = atom<readonly string[]>([]);

/** Adds the ids of one answer to what is masked. */
export function rememberIds(answer: unknown): void {
  const ids = idsIn(answer);
  if (ids.length === 0) return;
  const known = knownIdsState.get();
  const fresh = ids.filter((id) => !known.includes(id));
  if (fresh.length === 0) return;
  knownIdsState.set([...known, ...new Set(fresh)].slice(-MAX_KNOWN_IDS));
}

const maskerStore = computed([presentingState, sessionsState, knownIdsState], (presenting, sessions, known) =>
  presenting.on
    ? createMasker([...presenting.literals, ...sessionLiterals(sessions.view), ...known.map((value) => ({ value, kind: "id" as const }))])
    : null,
);

/** Shows the core's answer: the type size on the root, the masker for everything else. */
function apply(view: PresentingView): void {
  const root = document.documentElement;
  if (view.on) {
    root.setAttribute("data-presenting", String(view.scale));
  } else {
    root.removeAttribute("data-presenting");
  }
}

let started = false;

/** Called once at start (main.tsx): keeps the masker and the root in step with the store. */
export function startPresenting(root: HTMLElement = document.body): () => void {
  if (started) return () => undefined;
  started = true;
  const stopMasker = maskerStore.subscribe((masker) => setMasker(masker));
  const stopRoot = presentingState.subscribe(apply);
  const stopGuard = installMaskGuard(root);
  const stopAnswers = onCommandAnswer((answer) => rememberIds(answer));
  return () => {
    started = false;
    stopAnswers();
    stopMasker();
    stopRoot();
    stopGuard();
    setMasker(null);
  };
}

/** Takes the core's answer (app_info at start, after a reload). */
export function presentingFromCore(view: PresentingView): void {
  presentingState.set(view);
}

/**
 * Turns Presenting mode on or off, or changes its size. The change shows at once and is
 * undone if the core can't save it (the error goes to the caller).
 */
export async function changePresenting(next: { on: boolean; scale?: number }): Promise<void> {
  const previous = presentingState.get();
  const scale = next.scale ?? previous.scale;
  // On at once, with the literals known so far (the core's answer adds its own).
  presentingState.set({ ...previous, on: next.on, scale });
  try {
    const info = await setPresenting({ on: next.on, scale });
    presentingState.set(info.presenting);
  } catch (error) {
    presentingState.set(previous);
    throw error;
  }
}

export function usePresenting(): PresentingView {
  return useStore(presentingState);
}
