// The only module tree in the UI that imports `@tauri-apps/*`. Screens import
// commands, events, errors and the generated IPC types from here.

export type { AppEvent } from "../bindings/AppEvent";
export type { AppInfo } from "../bindings/AppInfo";
export type { BootState } from "../bindings/BootState";
export type { ContextRequest } from "../bindings/ContextRequest";
export type { DatabaseDamage } from "../bindings/DatabaseDamage";
export type { DatabaseSetAside } from "../bindings/DatabaseSetAside";
export type { EndedSession } from "../bindings/EndedSession";
export type { ExpiredSignIn } from "../bindings/ExpiredSignIn";
export type { IpcError } from "../bindings/IpcError";
export type { Locale } from "../bindings/Locale";
export type { PlatformInfo } from "../bindings/PlatformInfo";
export type { PlatformMode } from "../bindings/PlatformMode";
export type { PlatformSettingsInput } from "../bindings/PlatformSettingsInput";
export type { Presenting } from "../bindings/Presenting";
export type { PresentingView } from "../bindings/PresentingView";
export type { RedirectKind } from "../bindings/RedirectKind";
export type { SessionContext } from "../bindings/SessionContext";
export type { SessionEndReason } from "../bindings/SessionEndReason";
export type { SessionSummary } from "../bindings/SessionSummary";
export type { SessionsView } from "../bindings/SessionsView";
export type { SignInDiagnostics } from "../bindings/SignInDiagnostics";
export type { SignInEvent } from "../bindings/SignInEvent";
export type { SignInOutcome } from "../bindings/SignInOutcome";
export type { TeamChoice } from "../bindings/TeamChoice";
export type { ThemePreference } from "../bindings/ThemePreference";
export * from "./agents";
export * from "./billing";
export * from "./billing-types";
export * from "./chat";
export * from "./check";
export * from "./commands";
export { AppError, type ErrorCode, isAppError, toAppError } from "./errors";
export { onAppEvent } from "./events";
export * from "./models";
export * from "./tts";
export * from "./tts-types";
