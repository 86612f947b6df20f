// The palette's filter: every word typed must appear in the command's name in English or
// in Chinese (whichever language the app shows), or in its keys.

import type { CommandDef } from "./commands";
import { keysText } from "./keys";
import { commandLabel } from "./registry";

/** Whether `def` matches what was typed in the palette. */
export function paletteMatches(def: CommandDef, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [commandLabel(def, "en"), commandLabel(def, "zh-CN"), ...def.keys.map((k) => keysText(k))].join(" ").toLowerCase();
  return words.every((word) => haystack.includes(word));
}
