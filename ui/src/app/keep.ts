// Work in progress that survives navigation while the app runs: the chat draft, the
// open conversation, the Voices text, voice and configuration. Values live in memory
// only (never on disk) under a key that names the context, so one context's draft is
// never shown in another. A screen reads and writes them with `useKept` as it would
// with `useState`; leaving the screen unmounts it, coming back reads the same value.

import { useCallback, useRef, useState } from "preact/hooks";

import { sessionsState } from "./sessions";

const kept = new Map<string, unknown>();

/** The key for `slot` in the paying context `contextKey`. */
export function keptKey(contextKey: string, slot: string): string {
  return `${contextKey}\u0000${slot}`;
}

export function readKept<T>(key: string): T | undefined {
  return kept.get(key) as T | undefined;
}

export function writeKept<T>(key: string, value: T): void {
  kept.set(key, value);
}

/** Forgets everything kept for a context (its session ended). */
export function forgetContext(contextKey: string): void {
  const prefix = `${contextKey}\u0000`;
  for (const key of Array.from(kept.keys())) if (key.startsWith(prefix)) kept.delete(key);
}

/** Forgets everything (tests). */
export function forgetAllKept(): void {
  kept.clear();
}

type Update<T> = T | ((previous: T) => T);

/** Like `useState`, but the value outlives the component under `key`. */
export function useKept<T>(key: string, initial: T): [T, (next: Update<T>) => void] {
  const [, rerender] = useState(0);
  const first = useRef(initial);
  const value = kept.has(key) ? (kept.get(key) as T) : first.current;
  const set = useCallback(
    (next: Update<T>) => {
      const previous = kept.has(key) ? (kept.get(key) as T) : first.current;
      const value = typeof next === "function" ? (next as (p: T) => T)(previous) : next;
      if (Object.is(value, previous) && kept.has(key)) return;
      kept.set(key, value);
      rerender((n) => n + 1);
    },
    [key],
  );
  return [value, set];
}

/** The session id at the end of a context key (`personal:<id>`, `team:<team>:<id>`). */
function sessionOf(key: string): string | null {
  const context = key.split("\u0000")[0] ?? "";
  const parts = context.split(":");
  return parts.length >= 2 ? (parts[parts.length - 1] ?? null) : null;
}

/** Forgets the work of every session not in `liveIds` (signed out, ended). */
export function forgetEndedSessions(liveIds: readonly string[]): void {
  const live = new Set(liveIds);
  for (const key of Array.from(kept.keys())) {
    const session = sessionOf(key);
    if (session !== null && !live.has(session)) kept.delete(key);
  }
}

// A draft never outlives its sign-in: signing out forgets what was typed there.
sessionsState.listen((next) => {
  if (next.status === "ready") forgetEndedSessions(next.view.sessions.map((s) => s.id));
});
