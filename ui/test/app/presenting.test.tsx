import { render } from "preact";
import { useState } from "preact/hooks";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";

import { session, withCommands } from "../support/core";
import { findIn, mountRoot } from "../support/dom";

const calls = vi.hoisted(() => ({ set: [] as { on: boolean; scale: number }[], fail: false }));
const LITERALS = [
  { value: "https://staging.internal.example", kind: "origin" as const },
  { value: "client-7781", kind: "id" as const },
];
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    setPresenting: (presenting: { on: boolean; scale: number }) => {
      calls.set.push(presenting);
      if (calls.fail) return Promise.reject({ code: "STORAGE", message: "disk" });
      return Promise.resolve({ presenting: { ...presenting, literals: LITERALS } });
    },
  }),
);

const { presentingState, startPresenting, rememberIds, knownIdsState, idsIn } = await import("../../src/app/presenting");
const { sessionsState } = await import("../../src/app/sessions");
const { PresentingSwitch } = await import("../../src/app/PresentingSwitch");
const { handleShortcut } = await import("../../src/app/shortcuts/registry");
const { copyText } = await import("../../src/app/clipboard");
const { toast, toasts, dismissAllToasts, ToastRegion } = await import("../../src/components");
const { applyLocale } = await import("../../src/i18n");

const TEAM_ID = "T-000987";
const USER_ID = "U-445566";

let root: HTMLElement;
let stop: () => void = () => undefined;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);

beforeEach(() => {
  calls.set = [];
  calls.fail = false;
  presentingState.set({ on: false, scale: 125, literals: LITERALS });
  const personal = session({ userId: USER_ID });
  const team = session({ id: "s_team", userId: USER_ID, context: { kind: "team", teamId: TEAM_ID, teamName: "Sandbox Studio" } });
  sessionsState.set({
    ...sessionsState.get(),
    status: "ready",
    view: { sessions: [personal, team], signInPending: false, ended: [], payerNotChosen: false },
  });
  stop = startPresenting(document.body);
});

afterEach(() => {
  stop();
  dismissAllToasts();
  presentingState.set({ on: false, scale: 125, literals: [] });
});

/** Lets a store's listeners re-render (Nano Stores re-renders on the next task). */
async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Everything a person or a screen reader can read in the document: text and attribute values. */
function readable(): string {
  const parts = [document.body.textContent ?? ""];
  for (const el of Array.from(document.body.querySelectorAll("*"))) for (const attr of Array.from(el.attributes)) parts.push(attr.value);
  return parts.join("\n");
}

const PRIVATE = [TEAM_ID, USER_ID, "https://staging.internal.example", "client-7781", "req_7f3a9c2e41d84b6b", "lin@example.com"];

function Screenish() {
  const [requestId, setRequestId] = useState("req_7f3a9c2e41d84b6b");
  return (
    <section>
      <h2>Sandbox Studio</h2>
      <p title={`Team ${TEAM_ID}`}>
        Charged 4 points to Sandbox Studio — request <code data-testid="rid">{requestId}</code>
      </p>
      <button type="button" aria-label={`User ${USER_ID}`}>
        who
      </button>
      <a href="https://staging.internal.example/docs">https://staging.internal.example</a>
      <input data-testid="field" value="lin@example.com" readOnly />
      <button type="button" data-testid="change" onClick={() => setRequestId("req_0c55e1a9b2f34d70")}>
        next
      </button>
      <span>client-7781</span>
    </section>
  );
}

describe("Presenting mode", () => {
  it("masks ids of any shape the core handed over (a Team picker's Teams, a member id), not only the known shapes", async () => {
    knownIdsState.set([]);
    rememberIds([
      { teamId: "acme-design", name: "Acme Design", memberId: "1024337", role: "member" },
      { teamId: "42", name: "Tiny" },
    ]);
    expect(idsIn({ nested: { deeper: [{ userId: "usr-x1" }] }, requestId: 7, subject: "lin" })).toEqual(["usr-x1"]);
    act(() => render(<p>Acme Design (acme-design) · member 1024337 · Team 42 · max_tokens 1024</p>, root));
    await act(async () => presentingState.set({ ...presentingState.get(), on: true }));
    const shown = readable();
    expect(shown).not.toContain("acme-design");
    expect(shown).not.toContain("1024337");
    expect(shown).toContain("Acme Design");
    expect(shown).toContain("max_tokens 1024");
    expect(shown).toContain("Team 42");
    knownIdsState.set([]);
  });

  it("masks every text and attribute on the page, keeps names and points, and masks what renders later", async () => {
    act(() => render(<Screenish />, root));
    expect(readable()).toContain(TEAM_ID);

    await act(async () => presentingState.set({ ...presentingState.get(), on: true }));
    const shown = readable();
    for (const value of PRIVATE) expect(shown).not.toContain(value);
    expect(shown).toContain("Sandbox Studio");
    expect(shown).toContain("Charged 4 points");
    expect(findIn(root, '[data-testid="rid"]').textContent).toBe("••••••");
    expect(findIn(root, '[data-testid="field"]').hasAttribute("data-presenting-hidden")).toBe(true);

    // A screen re-renders with a new id: masked before it is painted.
    await act(async () => (findIn(root, '[data-testid="change"]') as HTMLButtonElement).click());
    await Promise.resolve();
    expect(readable()).not.toContain("req_0c55e1a9b2f34d70");
    expect(findIn(root, '[data-testid="rid"]').textContent).toBe("••••••");
  });

  it("puts the real text back when it ends", async () => {
    act(() => render(<Screenish />, root));
    await act(async () => presentingState.set({ ...presentingState.get(), on: true }));
    expect(readable()).not.toContain(TEAM_ID);
    await act(async () => presentingState.set({ ...presentingState.get(), on: false }));
    expect(readable()).toContain(TEAM_ID);
    expect(findIn(root, '[data-testid="rid"]').textContent).toBe("req_7f3a9c2e41d84b6b");
    expect(findIn(root, '[data-testid="field"]').hasAttribute("data-presenting-hidden")).toBe(false);
  });

  it("copies the mask, and says so", async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: {
        writeText: (text: string) => {
          written.push(text);
          return Promise.resolve();
        },
      },
    });
    presentingState.set({ ...presentingState.get(), on: true });
    expect(await copyText(`Request req_7f3a9c2e41d84b6b for team ${TEAM_ID}`)).toBe(true);
    expect(written).toEqual(["Request •••••• for team ••••••"]);
    expect(toasts.get().map((item) => item.title)).toContain("Copied with ids hidden");
  });

  it("says a masked copy in the copy's own toast, one toast per copy", async () => {
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: { writeText: () => Promise.resolve() },
    });
    dismissAllToasts();
    presentingState.set({ ...presentingState.get(), on: true });
    expect(await copyText(`curl -H 'X-Request-ID: req_7f3a9c2e41d84b6b'`, { title: "Copied as curl", body: "Set XIAOYA_TOKEN" })).toBe(
      true,
    );
    expect(toasts.get()).toHaveLength(1);
    expect(toasts.get()[0]?.title).toBe("Copied as curl");
    expect(toasts.get()[0]?.body).toContain("copied as dots");
    dismissAllToasts();
    // Nothing to hide: the caller's own words, still one toast.
    expect(await copyText("plain words", { title: "Copied", body: "Paste it anywhere" })).toBe(true);
    expect(toasts.get().map((item) => [item.title, item.body])).toEqual([["Copied", "Paste it anywhere"]]);
  });

  it("shows no toast that carries an id while presenting, and still shows errors, masked", async () => {
    act(() => render(<ToastRegion />, root));
    presentingState.set({ ...presentingState.get(), on: true });
    toast({ title: "Saved", body: "In /home/lin/Music", bodyTitle: `team ${TEAM_ID}` });
    expect(toasts.get()).toEqual([]);
    toast({ tone: "error", title: "Failed", body: `Request req_7f3a9c2e41d84b6b` });
    await Promise.resolve();
    expect(toasts.get()).toHaveLength(1);
    expect(readable()).not.toContain("req_7f3a9c2e41d84b6b");
  });

  it("turns on at once from the header or Ctrl+Shift+P, and asks before turning off", async () => {
    // The app's one keydown handler (the shortcut registry's), as App.tsx installs it.
    window.addEventListener("keydown", handleShortcut);
    onTestFinished(() => window.removeEventListener("keydown", handleShortcut));
    act(() => render(<PresentingSwitch />, root));
    await act(async () => (findIn(root, '[data-testid="presenting-on"]') as HTMLButtonElement).click());
    await settle();
    expect(calls.set).toEqual([{ on: true, scale: 125 }]);
    expect(presentingState.get().on).toBe(true);
    expect(findIn(root, '[data-testid="presenting-badge"]').textContent).toContain("Presenting · 125%");

    // The shortcut while on: a question, not a switch.
    await act(async () => void window.dispatchEvent(new KeyboardEvent("keydown", { key: "P", ctrlKey: true, shiftKey: true })));
    await settle();
    expect(document.querySelector('[data-testid="presenting-off-dialog"]')).not.toBeNull();
    await act(async () => (document.querySelector('[data-testid="presenting-off-keep"]') as HTMLButtonElement).click());
    await settle();
    expect(presentingState.get().on).toBe(true);
    expect(calls.set).toHaveLength(1);

    await act(async () => (findIn(root, '[data-testid="presenting-badge"]') as HTMLButtonElement).click());
    await settle();
    await act(async () => (document.querySelector('[data-testid="presenting-off-confirm"]') as HTMLButtonElement).click());
    await settle();
    expect(calls.set[calls.set.length - 1]).toEqual({ on: false, scale: 125 });
    expect(presentingState.get().on).toBe(false);

    // Typing through an input method never toggles it.
    await act(
      async () => void window.dispatchEvent(new KeyboardEvent("keydown", { key: "P", ctrlKey: true, shiftKey: true, isComposing: true })),
    );
    expect(presentingState.get().on).toBe(false);
    await act(async () => void window.dispatchEvent(new KeyboardEvent("keydown", { key: "P", ctrlKey: true, shiftKey: true })));
    await settle();
    expect(presentingState.get().on).toBe(true);
  });

  it("goes back when the core can't save the switch", async () => {
    calls.fail = true;
    act(() => render(<PresentingSwitch />, root));
    await act(async () => (findIn(root, '[data-testid="presenting-on"]') as HTMLButtonElement).click());
    await settle();
    await Promise.resolve();
    expect(presentingState.get().on).toBe(false);
    expect(toasts.get().map((item) => item.title)).toContain("Couldn't change Presenting mode");
  });

  it("sets the presenter type size on the root", async () => {
    presentingState.set({ ...presentingState.get(), on: true, scale: 150 });
    expect(document.documentElement.getAttribute("data-presenting")).toBe("150");
    presentingState.set({ ...presentingState.get(), on: false });
    expect(document.documentElement.hasAttribute("data-presenting")).toBe(false);
  });
});
