// App and sign-in commands. The wrappers are generated from the command registry
// (`generated.ts`); two are exported under other names: `use_sandbox` as
// `switchToSandbox`, so it is never mistaken for a hook, and `sessions` as
// `getSessions`, so it never shadows a local `sessions` list.

export { onCommandError } from "./call";
export {
  appInfo,
  setLocale,
  setTheme,
  setPlatform,
  useSandbox as switchToSandbox,
  showInFolder,
  beginSignIn,
  signInLink,
  cancelSignIn,
  sessions as getSessions,
  setActiveSession,
  signOut,
  listTeams,
  dismissSessionNotice,
  signInDiagnostics,
} from "./generated";

export type { SavedFile } from "../bindings/SavedFile";
