import { render } from "preact";
import { act } from "preact/test-utils";
import { afterAll, describe, expect, it, vi } from "vitest";

import type { AppInfo, BootState, SessionsView } from "../../src/ipc";
import { appInfo as makeAppInfo, session, withCommands } from "../support/core";

// The state the shell hands over with the window (src-tauri/src/boot.rs): the first render
// is the real screen, and no round trip comes before it.

const appInfo: AppInfo = makeAppInfo();
const signedOut: SessionsView = { sessions: [], signInPending: false, ended: [], payerNotChosen: false };
const boot: BootState = { bootId: "start-1", appInfo, sessions: signedOut };

const calls = { appInfo: 0, getSessions: 0 };
let nextSessions: SessionsView = signedOut;
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    appInfo: () => {
      calls.appInfo += 1;
      return Promise.resolve(appInfo);
    },
    getSessions: () => {
      calls.getSessions += 1;
      return Promise.resolve(nextSessions);
    },
  }),
);

sessionStorage.clear();
(window as unknown as Record<string, unknown>).__XIAOYA_BOOT__ = boot;
// Read when the app's modules load, as in the window.
const { App } = await import("../../src/app/App");
const { takeBootState } = await import("../../src/app/boot");
const { sessionsStore } = await import("../../src/app/sessions");

afterAll(() => {
  delete (window as unknown as Record<string, unknown>).__XIAOYA_BOOT__;
});

async function settle() {
  await act(async () => new Promise((r) => setTimeout(r, 20)));
}

describe("the state handed over with the window", () => {
  it("is taken once per start: a reload with the same start's state asks the core", () => {
    // The app's own import above took "start-1".
    expect(takeBootState({ __XIAOYA_BOOT__: boot })).toBeNull();
    const next = { ...boot, bootId: "start-2" };
    expect(takeBootState({ __XIAOYA_BOOT__: next })).toEqual(next);
    expect(takeBootState({ __XIAOYA_BOOT__: next })).toBeNull();
  });

  it("is ignored when it is missing or not the expected shape", () => {
    expect(takeBootState({})).toBeNull();
    expect(takeBootState({ __XIAOYA_BOOT__: { bootId: "x", appInfo } })).toBeNull();
    expect(takeBootState({ __XIAOYA_BOOT__: { ...boot, bootId: 7 } })).toBeNull();
    expect(takeBootState({ __XIAOYA_BOOT__: "{}" })).toBeNull();
  });

  it("renders the Account screen in the first render, without asking for app_info", async () => {
    const root = document.createElement("div");
    document.body.append(root);
    act(() => render(<App />, root));
    // The first render, before any answer: the screen itself, no loading skeleton.
    expect(root.querySelector("[data-testid=boot-loading]")).toBeNull();
    expect(root.querySelector("[data-testid=screen-account]")).not.toBeNull();
    expect(root.querySelector("[data-testid=screen-title]")?.textContent).toBe("Account");

    // The sessions are still asked for once; the same answer changes nothing on screen.
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    await settle();
    observer.disconnect();
    expect(calls.getSessions).toBe(1);
    expect(calls.appInfo).toBe(0);
    expect(changes).toEqual([]);

    // A different answer (signed in meanwhile, say by a deep link at start) is taken.
    nextSessions = { ...signedOut, sessions: [session()], activeId: "s_personal" };
    await act(async () => sessionsStore.refresh());
    await settle();
    expect(root.querySelector("[data-testid=screen-account]")?.textContent).toContain("Lin");
    render(null, root);
    root.remove();
  });
});
