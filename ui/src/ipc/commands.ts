// App and sign-in commands. The wrappers are generated from the command registry
// (`generated.ts`); two are exported under other names: `use_sandbox` as
// `switchToSandbox`, so it is never mistaken for a hook, and `sessions` as
// `getSessions`, so it never shadows a local `sessions` list.

export type { CassetteSummary } from "../bindings/CassetteSummary";
export type { CurlShell } from "../bindings/CurlShell";
export type { RecordingState } from "../bindings/RecordingState";
export type { ReplayInfo } from "../bindings/ReplayInfo";
export type { RequestCopyTarget } from "../bindings/RequestCopyTarget";
export type { SandboxReplySpeed } from "../bindings/SandboxReplySpeed";
export type { SavedFile } from "../bindings/SavedFile";
export { onCommandAnswer, onCommandError } from "./call";
export type { CommandName } from "./generated";
export {
  appInfo,
  beginAccountAccess,
  beginSignIn,
  cancelSignIn,
  cassetteRecordStart,
  cassetteRecordStop,
  cassetteReplay,
  cassetteSave,
  cassetteState,
  copyRequest,
  dismissDatabaseNotice,
  dismissSessionNotice,
  listTeams,
  sandboxReplySpeed,
  sessions as getSessions,
  setActiveSession,
  setLocale,
  setPlatform,
  setPresenting,
  setSandboxReplySpeed,
  setTheme,
  showInFolder,
  signInDiagnostics,
  signInLink,
  signOut,
  trayShown,
  useSandbox as switchToSandbox,
} from "./generated";
