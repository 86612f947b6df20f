// App and sign-in commands. The wrappers are generated from the command registry
// (`generated.ts`); two are exported under other names: `use_sandbox` as
// `switchToSandbox`, so it is never mistaken for a hook, and `sessions` as
// `getSessions`, so it never shadows a local `sessions` list.

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
