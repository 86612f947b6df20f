// The only module tree in the UI that imports `@tauri-apps/*`. Screens import
// commands, events, errors and the generated IPC types from here.

export { appInfo, setLocale, setTheme, setPlatform, switchToSandbox } from "./commands";
export { onAppEvent } from "./events";
export { AppError, isAppError, toAppError, type ErrorCode } from "./errors";

export type { AppEvent } from "../bindings/AppEvent";
export type { AppInfo } from "../bindings/AppInfo";
export type { IpcError } from "../bindings/IpcError";
export type { Locale } from "../bindings/Locale";
export type { PlatformInfo } from "../bindings/PlatformInfo";
export type { PlatformMode } from "../bindings/PlatformMode";
export type { PlatformSettingsInput } from "../bindings/PlatformSettingsInput";
export type { ThemePreference } from "../bindings/ThemePreference";
