// #26 item 10: when a sign-in completes, "Continue in your browser" (which held focus)
// goes away; focus lands on the new session's card heading, not on <body>. On another
// screen it lands on that screen's h1; a place the person moved to meanwhile is kept.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

import type { AppEvent, AppInfo, BootState, SessionsView } from "../../src/ipc";
import { appInfo as makeAppInfo, session, withCommands } from "../support/core";
import { findIn } from "../support/dom";

const appInfo: AppInfo = makeAppInfo();
const waiting: SessionsView = { sessions: [], signInPending: true, ended: [], payerNotChosen: false };
const core = { view: waiting, handlers: [] as ((event: AppEvent) => void)[] };

vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    appInfo: () => Promise.resolve(appInfo),
    getSessions: () => Promise.resolve(core.view),
    onAppEvent: (handler: (event: AppEvent) => void) => {
      core.handlers.push(handler);
      return () => {
        core.handlers = core.handlers.filter((h) => h !== handler);
      };
    },
  }),
);

(window as unknown as Record<string, unknown>).__XIAOYA_BOOT__ = { bootId: "focus-1", appInfo, sessions: waiting } satisfies BootState;
const { App } = await import("../../src/app/App");

afterAll(() => {
  delete (window as unknown as Record<string, unknown>).__XIAOYA_BOOT__;
});

let root: HTMLElement | null = null;
afterEach(() => {
  if (root) act(() => render(null, root as HTMLElement));
  root?.remove();
  root = null;
  core.view = waiting;
});

function mount() {
  root = document.createElement("div");
  document.body.append(root);
  act(() => render(<App />, root as HTMLElement));
}

/** Lets time pass in short steps, each rendered, as the window would. */
async function settle(ms = 30) {
  for (let waited = 0; waited < ms; waited += 30) await act(async () => new Promise((r) => setTimeout(r, 30)));
}

const lin = session({ id: "s_new", displayName: "Lin Xiaoya", grantedScopes: ["profile", "model", "balance"] });

function signIn() {
  core.view = { sessions: [lin], activeId: lin.id, signInPending: false, ended: [], payerNotChosen: false };
  act(() => {
    for (const h of [...core.handlers]) h({ type: "signedIn", session: lin });
    for (const h of [...core.handlers]) h({ type: "sessionsChanged", view: core.view });
  });
}

describe("focus after a sign-in", () => {
  it("goes to the new session's card heading on Account, not to <body>", async () => {
    mount();
    await settle();
    const pending = findIn<HTMLElement>(document, "#sign-in-pending-title");
    pending.focus();
    expect(document.activeElement).toBe(pending);
    signIn();
    await settle(300);
    const heading = findIn(document, `[data-testid=session-card][data-session-id=s_new] [data-testid=session-name]`);
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).toBe(heading);
  });

  it("goes to the screen's h1 on another screen when focus was lost", async () => {
    mount();
    await settle();
    act(() => findIn<HTMLElement>(document, "[data-testid=nav-settings]").click());
    await settle();
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    signIn();
    await settle(300);
    expect(document.activeElement).toBe(findIn(document, "[data-testid=screen-settings] h1"));
  });

  it("stays where the person moved it meanwhile", async () => {
    mount();
    await settle();
    findIn<HTMLElement>(document, "#sign-in-pending-title").focus();
    const nav = findIn<HTMLElement>(document, "[data-testid=nav-models]");
    signIn();
    nav.focus();
    await settle(300);
    expect(document.activeElement).toBe(nav);
  });
});
