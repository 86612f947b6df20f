// The window's first frame: the state the shell hands over before this script runs
// (`window.__XIAOYA_BOOT__`, src-tauri/src/boot.rs), so the first render is the real
// screen, with no `app_info` and `sessions` round trip before it. Taken once per start:
// a page reloaded later in the same run (the same `bootId`, remembered for this window in
// sessionStorage) asks the core instead, since the state may have moved on since.

import type { BootState } from "../ipc";

const GLOBAL = "__XIAOYA_BOOT__";
const SEEN_KEY = "xiaoya.bootSeen";

/** The handed-over state if it is this start's and has the expected shape, else null. */
export function takeBootState(scope: Record<string, unknown> = window as unknown as Record<string, unknown>): BootState | null {
  const raw = scope[GLOBAL];
  if (!isBootState(raw)) return null;
  try {
    if (sessionStorage.getItem(SEEN_KEY) === raw.bootId) return null;
    sessionStorage.setItem(SEEN_KEY, raw.bootId);
  } catch {
    // No storage: take it; the sessions store still asks the core once it listens.
  }
  return raw;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Only the fields the first render reads; anything else and the page asks the core. */
function isBootState(value: unknown): value is BootState {
  if (!isObject(value) || typeof value.bootId !== "string") return false;
  const { appInfo, sessions } = value;
  return (
    isObject(appInfo) &&
    isObject(appInfo.platform) &&
    typeof appInfo.locale === "string" &&
    typeof appInfo.theme === "string" &&
    isObject(sessions) &&
    Array.isArray(sessions.sessions) &&
    Array.isArray(sessions.ended)
  );
}

/** This start's state, read once when the app's script loads (null in tests and reloads). */
export const bootState: BootState | null = typeof window === "undefined" ? null : takeBootState();
