// Key combinations as the command registry writes them ("Mod+N", "Mod+Shift+P", "?",
// "Escape", "Mod+Enter"): reading one, matching a keydown against it, and writing it for
// people (the <kbd> caps, a tooltip) and for assistive technology (`aria-keyshortcuts`).
// "Mod" is Ctrl on Linux and Windows and ⌘ on macOS.

export interface KeyCombo {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  /** The key as `KeyboardEvent.key` names it, lower case for letters ("n", "?", "escape"). */
  key: string;
}

/** Whether the window runs on macOS (⌘ instead of Ctrl). */
export function onMac(): boolean {
  return typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

export function parseKeys(spec: string): KeyCombo {
  const parts = spec.split("+");
  const key = parts[parts.length - 1] ?? "";
  const mods = parts.slice(0, -1);
  return { mod: mods.includes("Mod"), shift: mods.includes("Shift"), alt: mods.includes("Alt"), key: key.toLowerCase() };
}

/**
 * A single-character key with no Ctrl/⌘ or Alt: a letter, digit or symbol. These don't fire
 * while typing, and the "Single-key shortcuts" setting turns them off (WCAG 2.1.4).
 */
export function isSingleKey(spec: string): boolean {
  const combo = parseKeys(spec);
  return !combo.mod && !combo.alt && combo.key.length === 1;
}

/**
 * Keys a shortcut must never take: select all, copy, paste, cut, undo, redo, Unicode entry.
 * (test/app/shortcuts.test.ts checks the registry against them.)
 */
export const EDITING_KEYS: readonly string[] = [
  "Mod+A",
  "Mod+C",
  "Mod+V",
  "Mod+X",
  "Mod+Z",
  "Mod+Shift+Z",
  "Mod+Y",
  // GTK's and IBus's "type a character by its code point": the input method takes it first.
  "Mod+Shift+U",
];

/** A key event an input method is using (composing Chinese, say): never a shortcut. */
export function isComposingEvent(event: KeyboardEvent): boolean {
  return event.isComposing || event.keyCode === 229;
}

/** Whether keys pressed on `target` type text: inputs, text areas, selects, editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || !(target as Element).tagName) return false;
  const el = target as HTMLElement;
  const tag = el.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") {
    const type = ((el as HTMLInputElement).type || "text").toLowerCase();
    return !["button", "submit", "reset", "checkbox", "radio", "range", "color", "file", "image"].includes(type);
  }
  return el.isContentEditable || el.closest?.("[contenteditable=''], [contenteditable=true]") !== null;
}

/** Whether `event` is the combination `spec` (letters also by their place on the keyboard). */
export function matchesKeys(event: KeyboardEvent, spec: string, mac = onMac()): boolean {
  const combo = parseKeys(spec);
  const mod = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  const none = !event.ctrlKey && !event.metaKey;
  if (combo.mod ? !mod : !none) return false;
  if (combo.alt !== event.altKey) return false;
  const key = (event.key ?? "").toLowerCase();
  const letterOrDigit = /^[a-z0-9]$/.test(combo.key);
  // A symbol such as "?" is typed with Shift on some keyboards and without it on others.
  if ((letterOrDigit || combo.key.length > 1) && combo.shift !== event.shiftKey) return false;
  if (key === combo.key) return true;
  // With Ctrl held, another keyboard layout may report its own letter: the key's place decides.
  if (combo.mod && letterOrDigit) {
    const code = /^[a-z]$/.test(combo.key) ? `Key${combo.key.toUpperCase()}` : `Digit${combo.key}`;
    return event.code === code;
  }
  return false;
}

const NAMED: Record<string, { aria: string; label: string }> = {
  escape: { aria: "Escape", label: "Esc" },
  enter: { aria: "Enter", label: "Enter" },
  ",": { aria: ",", label: "," },
};

function keyName(key: string): { aria: string; label: string } {
  return NAMED[key] ?? { aria: key.length === 1 ? key.toUpperCase() : key, label: key.length === 1 ? key.toUpperCase() : key };
}

/** The caps to show for `spec`, one per key: ["Ctrl", "Shift", "P"] or ["⌘", "⇧", "P"]. */
export function keyCaps(spec: string, mac = onMac()): string[] {
  const combo = parseKeys(spec);
  const caps: string[] = [];
  if (combo.mod) caps.push(mac ? "⌘" : "Ctrl");
  if (combo.alt) caps.push(mac ? "⌥" : "Alt");
  if (combo.shift) caps.push(mac ? "⇧" : "Shift");
  caps.push(combo.key === "?" || combo.key === "/" ? combo.key : keyName(combo.key).label);
  return caps;
}

/** `spec` as a tooltip writes it: "Ctrl+Shift+P", "?". */
export function keysText(spec: string, mac = onMac()): string {
  return keyCaps(spec, mac).join(mac ? "" : "+");
}

/** `spec` as `aria-keyshortcuts` writes it: "Control+Shift+P", "Meta+K", "?". */
export function ariaKeys(spec: string, mac = onMac()): string {
  const combo = parseKeys(spec);
  const parts: string[] = [];
  if (combo.mod) parts.push(mac ? "Meta" : "Control");
  if (combo.alt) parts.push("Alt");
  if (combo.shift) parts.push("Shift");
  parts.push(combo.key === "?" || combo.key === "/" ? combo.key : keyName(combo.key).aria);
  return parts.join("+");
}
