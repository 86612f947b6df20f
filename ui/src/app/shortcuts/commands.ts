// The one list of keyboard commands. The keydown handler, the `?` overlay, the Ctrl+K
// palette and the buttons' `aria-keyshortcuts` and tooltips all read it; the screens
// provide what a command does with `useCommand` (registry.ts). Shortcuts act inside the
// window only: nothing is registered with the operating system.

import type { PlainKey } from "../../i18n";
import type { ScreenId } from "../screens";

export type CommandGroup = "general" | "screens" | "chat" | "voices";

export type CommandId =
  | "palette"
  | "help"
  | "payer.switch"
  | "presenting.toggle"
  | `screen.${ScreenId}`
  | "chat.new"
  | "chat.focus"
  | "chat.stop"
  | "chat.regenerate"
  | "chat.search"
  | "voices.synthesize"
  | "voices.playPause"
  | "voices.search";

export interface CommandDef {
  id: CommandId;
  /** Its name; a screen command has none and is called "Go to <its screen>". */
  label?: PlainKey;
  /** For "Go to …": the screen's name. */
  screenLabel?: PlainKey;
  group: CommandGroup;
  /** Key combinations (keys.ts); the first is the one tooltips show. */
  keys: readonly string[];
  /** The screen it acts on; elsewhere it does nothing, unless it `travels` there first. */
  screen?: ScreenId;
  /** From another screen, go to `screen` and run it there (new chat, search). */
  travels?: boolean;
}

const SCREEN_KEYS: readonly [ScreenId, PlainKey][] = [
  ["account", "nav.account"],
  ["models", "nav.models"],
  ["chat", "nav.chat"],
  ["voices", "nav.voices"],
  ["balances", "nav.balances"],
  ["agents", "nav.agents"],
  ["check", "nav.check"],
  ["settings", "nav.settings"],
  // Last, so the numbers of the others stay put; the Team screen says what a Personal
  // sign-in can't show.
  ["team", "nav.team"],
];

export const COMMANDS: readonly CommandDef[] = [
  { id: "palette", label: "shortcuts.cmd.palette", group: "general", keys: ["Mod+K"] },
  { id: "help", label: "shortcuts.cmd.help", group: "general", keys: ["?"] },
  { id: "payer.switch", label: "shortcuts.cmd.payer", group: "general", keys: ["Mod+Shift+C"] },
  { id: "presenting.toggle", label: "shortcuts.cmd.presenting", group: "general", keys: ["Mod+Shift+P"] },
  ...SCREEN_KEYS.map(
    ([screen, name], index): CommandDef => ({
      id: `screen.${screen}`,
      screenLabel: name,
      group: "screens",
      keys: screen === "settings" ? ["Mod+,", `Mod+${index + 1}`] : [`Mod+${index + 1}`],
    }),
  ),
  { id: "chat.new", label: "shortcuts.cmd.chatNew", group: "chat", keys: ["Mod+N"], screen: "chat", travels: true },
  { id: "chat.focus", label: "shortcuts.cmd.chatFocus", group: "chat", keys: ["c"], screen: "chat", travels: true },
  { id: "chat.search", label: "shortcuts.cmd.chatSearch", group: "chat", keys: ["/"], screen: "chat", travels: true },
  { id: "chat.stop", label: "shortcuts.cmd.chatStop", group: "chat", keys: ["Escape"], screen: "chat" },
  { id: "chat.regenerate", label: "shortcuts.cmd.chatRegenerate", group: "chat", keys: ["Mod+Shift+R"], screen: "chat" },
  { id: "voices.synthesize", label: "shortcuts.cmd.voicesSynthesize", group: "voices", keys: ["Mod+Enter"], screen: "voices" },
  { id: "voices.playPause", label: "shortcuts.cmd.voicesPlay", group: "voices", keys: ["k"], screen: "voices" },
  { id: "voices.search", label: "shortcuts.cmd.voicesSearch", group: "voices", keys: ["/"], screen: "voices", travels: true },
];

export const GROUPS: readonly CommandGroup[] = ["general", "screens", "chat", "voices"];

export function commandDef(id: CommandId): CommandDef | undefined {
  return COMMANDS.find((c) => c.id === id);
}
