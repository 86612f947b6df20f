import { createContext } from "preact";
import { useContext } from "preact/hooks";

import type { AppInfo, PlatformInfo, ThemePreference } from "../ipc";
import type { ScreenId } from "./screens";

/** What every screen can read and do at the app level. */
export interface AppContextValue {
  /** null until `app_info` has answered. */
  info: AppInfo | null;
  screen: ScreenId;
  navigate: (screen: ScreenId) => void;
  /** Records a platform change made by a command (the app event may come later). */
  platformChanged: (platform: PlatformInfo) => void;
  /** Applies and persists the theme; rejects with an AppError if saving fails. */
  changeTheme: (theme: ThemePreference) => Promise<void>;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error("useApp outside <App>");
  return value;
}
