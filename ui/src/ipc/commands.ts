// Typed wrappers around the app's Tauri commands. One function per command; the
// names follow the command names (`set_locale` → `setLocale`), except `use_sandbox`,
// exported as `switchToSandbox` so it is never mistaken for a hook, and `sessions`,
// exported as `getSessions` so it never shadows a local `sessions` list.

import { invoke, isTauri, type InvokeArgs } from "@tauri-apps/api/core";

import type { AppInfo } from "../bindings/AppInfo";
import type { ContextRequest } from "../bindings/ContextRequest";
import type { Locale } from "../bindings/Locale";
import type { PlatformInfo } from "../bindings/PlatformInfo";
import type { PlatformSettingsInput } from "../bindings/PlatformSettingsInput";
import type { SessionsView } from "../bindings/SessionsView";
import type { SignInDiagnostics } from "../bindings/SignInDiagnostics";
import type { TeamChoice } from "../bindings/TeamChoice";
import type { ThemePreference } from "../bindings/ThemePreference";
import { AppError, toAppError } from "./errors";

type ErrorListener = (error: AppError, command: string) => void;
const errorListeners = new Set<ErrorListener>();

/**
 * Hears every command that rejects, wherever it was called from. The sessions store
 * uses it to notice SESSION_EXPIRED (a 401 ended one session) from any screen.
 * Returns a disposer.
 */
export function onCommandError(listener: ErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

/** Invokes a command; area modules (`ipc/<area>.ts`) build their wrappers on it. */
export async function call<T>(command: string, args?: InvokeArgs): Promise<T> {
  if (!isTauri()) {
    throw new AppError({ code: "INTERNAL", detail: `not running inside the app (${command})` });
  }
  try {
    return await invoke<T>(command, args);
  } catch (raw) {
    const error = toAppError(raw);
    for (const listener of errorListeners) {
      try {
        listener(error, command);
      } catch (err) {
        console.warn("command error listener failed", err);
      }
    }
    throw error;
  }
}

/** Version, platform, saved language and theme. */
export function appInfo(): Promise<AppInfo> {
  return call<AppInfo>("app_info");
}

/** Saves the UI language. */
export function setLocale(locale: Locale): Promise<AppInfo> {
  return call<AppInfo>("set_locale", { locale });
}

/** Saves the theme preference. */
export function setTheme(theme: ThemePreference): Promise<AppInfo> {
  return call<AppInfo>("set_theme", { theme });
}

/** Points the app at a real platform. Rejects with INVALID_INPUT for bad settings. */
export function setPlatform(input: PlatformSettingsInput): Promise<PlatformInfo> {
  return call<PlatformInfo>("set_platform", { input });
}

/** Switches back to the built-in sandbox (command `use_sandbox`). */
export function switchToSandbox(): Promise<PlatformInfo> {
  return call<PlatformInfo>("use_sandbox");
}

/**
 * Starts a sign-in: the core opens the system browser at the platform's consent
 * page. The answer has `signInPending: true` until the browser comes back (then a
 * `signedIn` or `signInFailed` event arrives).
 */
export function beginSignIn(request: ContextRequest): Promise<SessionsView> {
  return call<SessionsView>("begin_sign_in", { request });
}

/** Forgets every sign-in still waiting for the browser. */
/** The sign-in page's link, when no browser could be started for it (open it by hand). */
export function signInLink(): Promise<string | null> {
  return call<string | null>("sign_in_link");
}

export function cancelSignIn(): Promise<SessionsView> {
  return call<SessionsView>("cancel_sign_in");
}

/** The signed-in sessions for the current platform (Personal first), command `sessions`. */
export function getSessions(): Promise<SessionsView> {
  return call<SessionsView>("sessions");
}

/** Makes that session's context the one that pays. */
export function setActiveSession(id: string): Promise<SessionsView> {
  return call<SessionsView>("set_active_session", { id });
}

/** Revokes and removes just that session; the others stay signed in. */
export function signOut(id: string): Promise<SessionsView> {
  return call<SessionsView>("sign_out", { id });
}

/** Teams the Personal session's user can sign in to. Rejects with NOT_SIGNED_IN without Personal. */
export function listTeams(): Promise<TeamChoice[]> {
  return call<TeamChoice[]>("list_teams");
}

/** The person read the notice that this ended session left. */
export function dismissSessionNotice(id: string): Promise<SessionsView> {
  return call<SessionsView>("dismiss_session_notice", { id });
}

/** What testers look at when sign-in fails. Never contains a secret. */
export function signInDiagnostics(): Promise<SignInDiagnostics> {
  return call<SignInDiagnostics>("sign_in_diagnostics");
}
