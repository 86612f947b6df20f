// Presenting mode's masks, applied to every text the window shows. The rules are the
// core's (src-tauri/core/src/foundation/mask.rs), written to bindings/MaskPatterns.ts and
// checked for drift: this file only applies them, in the same order (the literals, longest
// first, then the patterns), so the window and the exports agree.
//
// The current masker is module state on this floor on purpose: components (toasts), the
// clipboard and the page-wide guard (app/presenting.ts) all ask the same one, and nothing
// below app/ needs to know where its literals come from.

import type { MaskKind } from "../bindings/MaskKind";
import type { MaskLiteral } from "../bindings/MaskLiteral";
import { MASK_PATTERNS, MASKS, MIN_LITERAL_CHARS } from "../bindings/MaskPatterns";

export type { MaskKind, MaskLiteral };

export interface Masker {
  /** `text` with every private value replaced by its kind's fixed-width mask. */
  mask(text: string): string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const COMPILED: { re: RegExp; mask: string }[] = MASK_PATTERNS.map((p) => ({ re: new RegExp(p.pattern, "g"), mask: MASKS[p.kind] }));

/** A masker for these literals (the sessions' ids, the platform's private values) and the core's patterns. */
export function createMasker(literals: readonly MaskLiteral[]): Masker {
  const unique = new Map<string, MaskKind>();
  for (const literal of literals) {
    if ([...literal.value].length >= MIN_LITERAL_CHARS && !unique.has(literal.value)) unique.set(literal.value, literal.kind);
  }
  // Longest first, as the core does: a redirect URI goes whole before its origin would.
  const ordered = [...unique.entries()].sort(([a], [b]) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  const literalRes = ordered.map(([value, kind]) => ({ re: new RegExp(escapeRegExp(value), "g"), mask: MASKS[kind] }));
  return {
    mask(text: string): string {
      let out = text;
      // A replacement function, so a `$` in a mask or literal is never read as a group.
      for (const { re, mask } of literalRes) out = out.replace(re, () => mask);
      for (const { re, mask } of COMPILED) out = out.replace(re, () => mask);
      return out;
    },
  };
}

let current: Masker | null = null;
const listeners = new Set<() => void>();

/** Presenting mode's masker while it is on, `null` while it is off (set by app/presenting.ts). */
export function setMasker(masker: Masker | null): void {
  current = masker;
  for (const listener of listeners) listener();
}

/** Called whenever the masker changes (on, off, new literals). Returns the unsubscribe. */
export function onMaskerChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether Presenting mode is on. */
export function isPresenting(): boolean {
  return current !== null;
}

/** `text` as an audience may see it: masked while presenting, as is otherwise. */
export function masked(text: string): string {
  return current ? current.mask(text) : text;
}

/** Whether `text` holds something Presenting mode would hide. */
export function hasPrivate(text: string): boolean {
  return current !== null && current.mask(text) !== text;
}
