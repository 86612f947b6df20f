import type { IconName } from "../components";
import type { PlainKey } from "../i18n";

/** The router's whole state is one of these; there is no URL navigation. */
export type ScreenId = "account" | "models" | "chat" | "voices" | "balances" | "team" | "agents" | "check" | "settings";

export interface NavEntry {
  id: ScreenId;
  label: PlainKey;
  icon: IconName;
}

export const MAIN_NAV: readonly NavEntry[] = [
  { id: "account", label: "nav.account", icon: "account" },
  { id: "models", label: "nav.models", icon: "models" },
  { id: "chat", label: "nav.chat", icon: "chat" },
  { id: "voices", label: "nav.voices", icon: "voices" },
  { id: "balances", label: "nav.balances", icon: "balances" },
  { id: "team", label: "nav.team", icon: "team" },
  { id: "agents", label: "nav.agents", icon: "plug" },
];

export const FOOTER_NAV: readonly NavEntry[] = [
  { id: "check", label: "nav.check", icon: "shield" },
  { id: "settings", label: "nav.settings", icon: "settings" },
];
