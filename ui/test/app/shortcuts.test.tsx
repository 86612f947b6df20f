import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { CommandPalette } from "../../src/app/shortcuts/CommandPalette";
import { COMMANDS } from "../../src/app/shortcuts/commands";
import { ariaKeys, EDITING_KEYS, isSingleKey, keysText, matchesKeys, parseKeys } from "../../src/app/shortcuts/keys";
import { commandForKey, registerCommand, setShell, setSingleKeys, shortcutHint } from "../../src/app/shortcuts/registry";
import { ShortcutLayer } from "../../src/app/shortcuts/ShortcutLayer";
import { applyLocale } from "../../src/i18n";
import { findIn, mountRoot } from "../support/dom";

let root: HTMLElement;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);

const cleanups: (() => void)[] = [];
/** Provides `id` for this test, counting its runs. */
function provide(id: Parameters<typeof registerCommand>[0], enabled = () => true) {
  const runs = { n: 0 };
  const run = () => {
    runs.n += 1;
  };
  cleanups.push(registerCommand(id, { run, enabled }));
  return runs;
}

function press(target: EventTarget, init: KeyboardEventInit & { keyCode?: number }) {
  const event = new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init });
  if (init.keyCode !== undefined) Object.defineProperty(event, "keyCode", { value: init.keyCode });
  target.dispatchEvent(event);
  return event;
}

/** A keydown as it arrives on `target` (only its `target` matters to the registry). */
function keyOn(target: EventTarget, init: KeyboardEventInit & { keyCode?: number }): KeyboardEvent {
  const event = new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init });
  if (init.keyCode !== undefined) Object.defineProperty(event, "keyCode", { value: init.keyCode });
  Object.defineProperty(event, "target", { value: target });
  return event;
}

beforeEach(() => {
  setSingleKeys(true);
  setShell({ screen: "chat", navigate: () => undefined });
});
afterEach(() => {
  for (const done of cleanups.splice(0)) done();
  setShell(null);
  localStorage.clear();
});

describe("the shortcut registry", () => {
  it("never takes an editing key, and gives each command a name in both languages", () => {
    const taken = COMMANDS.flatMap((c) => c.keys);
    for (const editing of EDITING_KEYS) expect(taken).not.toContain(editing);
    expect(new Set(COMMANDS.map((c) => c.id)).size).toBe(COMMANDS.length);
    // One key per screen at most: "/" searches Chat on Chat and Voices on Voices.
    for (const c of COMMANDS) {
      const clash = COMMANDS.filter((o) => o !== c && o.keys.some((k) => c.keys.includes(k)) && (o.screen ?? null) === (c.screen ?? null));
      expect(clash.map((o) => o.id)).toEqual([]);
    }
  });

  it("reads and writes key combinations for people and for assistive technology", () => {
    expect(parseKeys("Mod+Shift+P")).toEqual({ mod: true, shift: true, alt: false, key: "p" });
    expect(keysText("Mod+Shift+P", false)).toBe("Ctrl+Shift+P");
    expect(keysText("Mod+K", true)).toBe("⌘K");
    expect(ariaKeys("Mod+N", false)).toBe("Control+N");
    expect(ariaKeys("Mod+N", true)).toBe("Meta+N");
    expect(ariaKeys("Escape", false)).toBe("Escape");
    expect(isSingleKey("?")).toBe(true);
    expect(isSingleKey("Mod+K")).toBe(false);
    expect(isSingleKey("Escape")).toBe(false);
  });

  it("matches Ctrl on Linux and ⌘ on macOS, a letter by its place on another layout, and ? with or without Shift", () => {
    expect(matchesKeys(new KeyboardEvent("keydown", { key: "n", ctrlKey: true }), "Mod+N", false)).toBe(true);
    expect(matchesKeys(new KeyboardEvent("keydown", { key: "n", metaKey: true }), "Mod+N", false)).toBe(false);
    expect(matchesKeys(new KeyboardEvent("keydown", { key: "n", metaKey: true }), "Mod+N", true)).toBe(true);
    expect(matchesKeys(new KeyboardEvent("keydown", { key: "т", code: "KeyN", ctrlKey: true }), "Mod+N", false)).toBe(true);
    expect(matchesKeys(new KeyboardEvent("keydown", { key: "N", ctrlKey: true, shiftKey: true }), "Mod+N", false)).toBe(false);
    expect(matchesKeys(new KeyboardEvent("keydown", { key: "?", shiftKey: true }), "?", false)).toBe(true);
    expect(matchesKeys(new KeyboardEvent("keydown", { key: "?", ctrlKey: true }), "?", false)).toBe(false);
  });

  it("ignores keys an input method is composing with", () => {
    provide("chat.new");
    expect(commandForKey(keyOn(document.body, { key: "n", ctrlKey: true }))?.id).toBe("chat.new");
    expect(commandForKey(keyOn(document.body, { key: "n", ctrlKey: true, isComposing: true }))).toBeNull();
    expect(commandForKey(keyOn(document.body, { key: "Process", ctrlKey: true, keyCode: 229 }))).toBeNull();
  });

  it("lets single keys type in inputs, text areas and editable text, while Ctrl shortcuts still work there", () => {
    provide("help");
    provide("palette");
    const fields = [document.createElement("input"), document.createElement("textarea"), document.createElement("select")];
    const editable = document.createElement("div");
    editable.contentEditable = "true";
    for (const field of [...fields, editable]) {
      document.body.append(field);
      expect(commandForKey(keyOn(field, { key: "?", shiftKey: true }))).toBeNull();
      expect(commandForKey(keyOn(field, { key: "k", ctrlKey: true }))?.id).toBe("palette");
      field.remove();
    }
    const button = document.createElement("button");
    expect(commandForKey(keyOn(button, { key: "?", shiftKey: true }))?.id).toBe("help");
  });

  it("turns single-key shortcuts off with the setting, across restarts, and drops them from the hints", () => {
    provide("help");
    provide("chat.focus");
    expect(shortcutHint("chat.focus")["aria-keyshortcuts"]).toBe("C");
    setSingleKeys(false);
    expect(localStorage.getItem("xiaoya.singleKeyShortcuts")).toBe("off");
    expect(commandForKey(keyOn(document.body, { key: "?", shiftKey: true }))).toBeNull();
    expect(commandForKey(keyOn(document.body, { key: "c" }))).toBeNull();
    expect(shortcutHint("chat.focus")).toEqual({ keys: "", suffix: "" });
    expect(shortcutHint("chat.new")["aria-keyshortcuts"]).toBe("Control+N");
  });

  it("runs a screen's command only on that screen and only when it is enabled (Esc stops a streaming reply only)", () => {
    let streaming = false;
    provide("chat.stop", () => streaming);
    expect(commandForKey(keyOn(document.body, { key: "Escape" }))).toBeNull();
    streaming = true;
    expect(commandForKey(keyOn(document.body, { key: "Escape" }))?.id).toBe("chat.stop");
    setShell({ screen: "voices", navigate: () => undefined });
    expect(commandForKey(keyOn(document.body, { key: "Escape" }))).toBeNull();
  });

  it("goes to Chat for Ctrl+N from another screen, but a single key acts on its own screen only", () => {
    const went: string[] = [];
    setShell({ screen: "models", navigate: (screen) => went.push(screen) });
    expect(commandForKey(keyOn(document.body, { key: "n", ctrlKey: true }))?.id).toBe("chat.new");
    expect(commandForKey(keyOn(document.body, { key: "/" }))).toBeNull();
    expect(commandForKey(keyOn(document.body, { key: "c" }))).toBeNull();
  });
});

describe("the ? overlay and the Ctrl+K palette", () => {
  it("opens the overlay with ?, lists the shortcuts grouped, and Esc gives focus back", async () => {
    const opener = document.createElement("button");
    document.body.append(opener);
    opener.focus();
    act(() => render(<ShortcutLayer screen="chat" navigate={() => undefined} />, root));
    await act(async () => void press(opener, { key: "?", shiftKey: true }));
    const help = findIn(document, '[data-testid="shortcut-help"]');
    expect(help.getAttribute("role")).toBe("dialog");
    expect(findIn(help, '[data-testid="shortcut-chat.new"]').textContent).toContain("New chat");
    expect(findIn(help, '[data-testid="shortcut-chat.new"] kbd').textContent).toContain("Ctrl");
    expect(findIn(help, '[data-testid="shortcut-screen.voices"]').textContent).toContain("Go to Voices");
    // While it is open the app's shortcuts are quiet: ? again opens nothing new.
    await act(async () => void press(document.activeElement ?? document.body, { key: "Escape" }));
    await act(async () => undefined);
    expect(document.querySelector('[data-testid="shortcut-help"]')).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it("finds a command by its English or Chinese name whichever language shows, and runs it with arrows and Enter", async () => {
    setShell({ screen: "account", navigate: () => undefined });
    provide("screen.voices");
    provide("screen.chat");
    provide("help");
    const ran: string[] = [];
    act(() => render(<CommandPalette onClose={() => undefined} onRun={(id) => ran.push(id)} />, root));
    const input = findIn<HTMLInputElement>(document, '[data-testid="palette-input"]');
    expect(input.getAttribute("role")).toBe("combobox");
    const type = async (text: string) => {
      input.value = text;
      await act(async () => void input.dispatchEvent(new Event("input", { bubbles: true })));
    };
    const shown = () => Array.from(document.querySelectorAll('[role="option"]')).map((o) => o.getAttribute("data-testid"));

    await type("前往音色");
    expect(shown()).toEqual(["palette-screen.voices"]);
    // "Search voices" goes to Voices first, so it is offered from here too.
    await type("音色");
    expect(shown()).toEqual(["palette-screen.voices", "palette-voices.search"]);
    await type("go to voices");
    expect(shown()).toEqual(["palette-screen.voices"]);
    await type("go to");
    expect(shown()).toEqual(["palette-screen.chat", "palette-screen.voices"]);
    expect(input.getAttribute("aria-activedescendant")).toBe(document.querySelector('[data-testid="palette-screen.chat"]')?.id);
    await act(async () => void press(input, { key: "ArrowDown" }));
    expect(input.getAttribute("aria-activedescendant")).toBe(document.querySelector('[data-testid="palette-screen.voices"]')?.id);
    await act(async () => void press(input, { key: "Enter" }));
    expect(ran).toEqual(["screen.voices"]);

    await type("nothing like this");
    expect(shown()).toEqual([]);
    expect(findIn(document, '[data-testid="palette-empty"]').textContent).toBe("No command matches.");
  });

  it("searches English names while the app shows Chinese", async () => {
    applyLocale("zh-CN");
    provide("screen.voices");
    act(() => render(<CommandPalette onClose={() => undefined} onRun={() => undefined} />, root));
    const input = findIn<HTMLInputElement>(document, '[data-testid="palette-input"]');
    input.value = "Go to Voices";
    await act(async () => void input.dispatchEvent(new Event("input", { bubbles: true })));
    const option = findIn(document, '[data-testid="palette-screen.voices"]');
    expect(option.textContent).toContain("前往音色");
  });
});
