// The only module tree in the UI that imports `@tauri-apps/*`. Screens import
// commands, events, errors and the generated IPC types from here.

export * from "./account";
export * from "./agents";
export * from "./billing";
export * from "./chat";
export * from "./check";
export * from "./commands";
export { AppError, type ErrorCode, isAppError, toAppError } from "./errors";
export { onAppEvent } from "./events";
export * from "./models";
export * from "./teams";
export * from "./tts";
export type * from "./types";
