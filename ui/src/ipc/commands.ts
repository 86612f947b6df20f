// Typed wrappers around the app's Tauri commands. One function per command; the
// names follow the command names (`set_locale` → `setLocale`), except `use_sandbox`,
// exported as `switchToSandbox` so it is never mistaken for a hook.

import { invoke, isTauri, type InvokeArgs } from "@tauri-apps/api/core";

import type { AppInfo } from "../bindings/AppInfo";
import type { Locale } from "../bindings/Locale";
import type { PlatformInfo } from "../bindings/PlatformInfo";
import type { PlatformSettingsInput } from "../bindings/PlatformSettingsInput";
import type { ThemePreference } from "../bindings/ThemePreference";
import { AppError, toAppError } from "./errors";

async function call<T>(command: string, args?: InvokeArgs): Promise<T> {
  if (!isTauri()) {
    throw new AppError({ code: "INTERNAL", detail: `not running inside the app (${command})` });
  }
  try {
    return await invoke<T>(command, args);
  } catch (raw) {
    throw toAppError(raw);
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
