import type { ThemePreference } from "../ipc";

// The saved preference is also cached locally so the first paint after a restart is
// already in the right theme, before `app_info` answers. The core stays the source
// of truth.
const CACHE_KEY = "xiaoya.theme";

/** `system` leaves the choice to `prefers-color-scheme`; light/dark override it. */
export function applyTheme(theme: ThemePreference): void {
  const root = document.documentElement;
  if (theme === "system") root.removeAttribute("data-theme");
  else root.setAttribute("data-theme", theme);
  try {
    localStorage.setItem(CACHE_KEY, theme);
  } catch {
    // Storage can be unavailable; the theme still applies for this run.
  }
}

export function cachedTheme(): ThemePreference {
  try {
    const value = localStorage.getItem(CACHE_KEY);
    if (value === "light" || value === "dark" || value === "system") return value;
  } catch {
    // fall through
  }
  return "system";
}
