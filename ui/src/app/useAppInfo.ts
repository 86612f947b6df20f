// What the shell knows of the app (`app_info`: platform, theme, locale, a set-aside
// database) and whether loading it at start worked; a theme change is shown at once and
// undone if it can't be saved.

import { useCallback, useEffect, useState } from "preact/hooks";

import { applyLocale } from "../i18n";
import { type AppInfo, appInfo, type PlatformInfo, setTheme, type ThemePreference } from "../ipc";
import { bootState } from "./boot";
import { presentingFromCore } from "./presenting";
import { applyTheme } from "./theme";

type Boot = { status: "loading" } | { status: "ready" } | { status: "failed"; error: unknown };

/** Starts from the state handed over with the window when there is one (app/boot.ts). */
export function useAppInfo() {
  const [info, setInfo] = useState<AppInfo | null>(bootState?.appInfo ?? null);
  const [boot, setBoot] = useState<Boot>(bootState ? { status: "ready" } : { status: "loading" });

  const load = useCallback(async () => {
    setBoot({ status: "loading" });
    try {
      const next = await appInfo();
      applyLocale(next.locale);
      applyTheme(next.theme);
      presentingFromCore(next.presenting);
      setInfo(next);
      setBoot({ status: "ready" });
    } catch (error) {
      setBoot({ status: "failed", error });
    }
  }, []);

  useEffect(() => {
    // Handed over: nothing to ask. The app info changes only through this window's own
    // commands (platform, language, theme), whose answers and events update it.
    if (!bootState) void load();
  }, [load]);

  const platformChanged = useCallback((platform: PlatformInfo) => {
    setInfo((prev) => (prev ? { ...prev, platform } : prev));
  }, []);

  const changeTheme = useCallback(async (theme: ThemePreference) => {
    const previous = document.documentElement.getAttribute("data-theme") ?? "system";
    applyTheme(theme);
    setInfo((prev) => (prev ? { ...prev, theme } : prev));
    try {
      const saved = await setTheme(theme);
      setInfo(saved);
    } catch (err) {
      const back = previous as ThemePreference;
      applyTheme(back);
      setInfo((prev) => (prev ? { ...prev, theme: back } : prev));
      throw err;
    }
  }, []);

  return { info, setInfo, boot, load, platformChanged, changeTheme };
}
