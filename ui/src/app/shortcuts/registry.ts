// What the commands of commands.ts do right now. A screen provides a command with
// `useCommand(id, run, enabled)` while it is mounted; the app's one keydown handler
// (`handleShortcut`), the `?` overlay and the palette ask here whether it can run and run
// it. The "Single-key shortcuts" setting lives here too (kept in this window's storage,
// like the Copy-as-curl shell: it is a preference of the keyboard, not of an account).

import { useEffect, useRef } from "preact/hooks";

import { anyDialogOpen } from "../../components";
import { tIn } from "../../i18n";
import type { Locale } from "../../ipc";
import type { ScreenId } from "../screens";
import { atom, useStore } from "../store";
import { COMMANDS, type CommandDef, type CommandId, commandDef } from "./commands";
import { ariaKeys, isComposingEvent, isSingleKey, isTypingTarget, keysText, matchesKeys } from "./keys";

interface Handler {
  run: () => void;
  enabled: () => boolean;
}

const handlers = new Map<CommandId, Handler[]>();

/** The newest provider of `id`. */
function provider(id: CommandId): Handler | undefined {
  const list = handlers.get(id) ?? [];
  return list[list.length - 1];
}

/** Where the app is, told by the shell (App.tsx) as it renders. */
interface Shell {
  screen: ScreenId;
  navigate: (screen: ScreenId) => void;
}
let shell: Shell | null = null;
/** A command waiting for its screen to mount (it travelled there), and since when. */
let pending: { id: CommandId; at: number } | null = null;
/** A travelled command whose screen didn't provide it by then (signed out, say) is dropped. */
const PENDING_MS = 3000;

export function setShell(next: Shell | null): void {
  shell = next;
}

/** Provides `id` until the returned function is called; the newest provider wins. */
export function registerCommand(id: CommandId, handler: Handler): () => void {
  const list = handlers.get(id) ?? [];
  handlers.set(id, [...list, handler]);
  if (pending?.id === id) {
    const fresh = Date.now() - pending.at < PENDING_MS;
    pending = null;
    // After the screen's first render, so what it focuses is there.
    if (fresh) {
      window.setTimeout(() => {
        if (handler.enabled()) handler.run();
      }, 0);
    }
  }
  return () =>
    handlers.set(
      id,
      (handlers.get(id) ?? []).filter((h) => h !== handler),
    );
}

/** Provides a command while the component is mounted. `enabled` is read when a key is pressed. */
export function useCommand(id: CommandId, run: () => void, enabled = true): void {
  const latest = useRef({ run, enabled });
  latest.current = { run, enabled };
  useEffect(
    () =>
      registerCommand(id, {
        run: () => latest.current.run(),
        enabled: () => latest.current.enabled,
      }),
    [id],
  );
}

const SINGLE_KEYS = "xiaoya.singleKeyShortcuts";

function savedSingleKeys(): boolean {
  try {
    return localStorage.getItem(SINGLE_KEYS) !== "off";
  } catch {
    // Storage unavailable: the default (on) for this run.
    return true;
  }
}

/** Whether single-key shortcuts (`?`, `/`, `c`, `k`) are on. */
export const singleKeysState = atom<boolean>(savedSingleKeys());

export function setSingleKeys(on: boolean): void {
  singleKeysState.set(on);
  try {
    localStorage.setItem(SINGLE_KEYS, on ? "on" : "off");
  } catch {
    // The choice still holds for this run.
  }
}

export type CommandState = "ready" | "travels" | "off";

/** Whether `id` runs here and now, runs after going to its screen, or does nothing. */
export function commandState(id: CommandId): CommandState {
  const def = commandDef(id);
  if (!def) return "off";
  const handler = provider(id);
  const here = !def.screen || shell?.screen === def.screen;
  if (handler && here) return handler.enabled() ? "ready" : "off";
  return def.travels && shell ? "travels" : "off";
}

/** Runs `id` (from a key or the palette); false when it can't run now. */
export function runCommand(id: CommandId): boolean {
  const state = commandState(id);
  const def = commandDef(id);
  if (state === "ready") {
    provider(id)?.run();
    return true;
  }
  if (state === "travels" && def?.screen && shell) {
    pending = { id, at: Date.now() };
    shell.navigate(def.screen);
    return true;
  }
  return false;
}

/** The command `event` asks for, if any may run: none while an input method composes or a dialog is open. */
export function commandForKey(event: KeyboardEvent): CommandDef | null {
  if (isComposingEvent(event) || anyDialogOpen()) return null;
  const typing = isTypingTarget(event.target);
  const singleOn = singleKeysState.get();
  for (const def of COMMANDS) {
    for (const spec of def.keys) {
      if (!matchesKeys(event, spec)) continue;
      const single = isSingleKey(spec);
      if (single && (typing || !singleOn)) continue;
      const state = commandState(def.id);
      // A letter or symbol acts on its own screen only; Ctrl+N may go to Chat first.
      if (state === "ready" || (state === "travels" && !single)) return def;
    }
  }
  return null;
}

/** The app's one keydown handler (App.tsx puts it on the window). */
export function handleShortcut(event: KeyboardEvent): void {
  if (event.defaultPrevented) return;
  const def = commandForKey(event);
  if (!def) return;
  event.preventDefault();
  runCommand(def.id);
}

/** A command's name in `lang`. */
export function commandLabel(def: CommandDef, lang: Locale): string {
  if (def.screenLabel) return tIn(lang, "shortcuts.cmd.goTo", { screen: tIn(lang, def.screenLabel) });
  return def.label ? tIn(lang, def.label) : def.id;
}

/** The keys of `def` that work now: single keys drop out when the setting is off. */
export function liveKeys(def: CommandDef, singleOn = singleKeysState.get()): string[] {
  return def.keys.filter((spec) => singleOn || !isSingleKey(spec));
}

export interface ShortcutHint {
  "aria-keyshortcuts"?: string;
  /** The first combination as people read it ("Ctrl+N"), or "". */
  keys: string;
  /** " (Ctrl+N)" to add to a tooltip, or "". */
  suffix: string;
}

/** For a button: its `aria-keyshortcuts` and tooltip suffix (empty when its keys are off). */
export function shortcutHint(id: CommandId, singleOn = singleKeysState.get()): ShortcutHint {
  const def = commandDef(id);
  const keys = def ? liveKeys(def, singleOn) : [];
  if (keys.length === 0) return { keys: "", suffix: "" };
  const text = keysText(keys[0] ?? "");
  return { "aria-keyshortcuts": keys.map((k) => ariaKeys(k)).join(" "), keys: text, suffix: ` (${text})` };
}

/** `shortcutHint`, re-rendering when the single-key setting changes. */
export function useShortcutHint(id: CommandId): ShortcutHint {
  return shortcutHint(id, useStore(singleKeysState));
}
