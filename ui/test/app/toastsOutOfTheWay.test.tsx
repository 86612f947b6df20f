// #26 item 4: toasts are short, sit where the next action isn't, go away with the screen
// they were about, and a saved file's toast names its folder, never the whole path (which
// can hold the OS user name): the path is on hover and behind "Show in folder".

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

import type { AppInfo, BootState, SavedFile, SessionsView } from "../../src/ipc";
import { appInfo as makeAppInfo, withCommands } from "../support/core";
import { findIn } from "../support/dom";

const revealed: string[] = [];
const appInfo: AppInfo = makeAppInfo();
const signedOut: SessionsView = { sessions: [], signInPending: false, ended: [], payerNotChosen: false };
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    appInfo: () => Promise.resolve(appInfo),
    getSessions: () => Promise.resolve(signedOut),
    showInFolder: (path: string) => {
      revealed.push(path);
      return Promise.resolve();
    },
  }),
);

sessionStorage.clear();
(window as unknown as Record<string, unknown>).__XIAOYA_BOOT__ = { bootId: "toasts-1", appInfo, sessions: signedOut } satisfies BootState;
const { App } = await import("../../src/app/App");
const { saveWithDialog } = await import("../../src/app/saveFile");
const { ToastRegion, toast, dismissAllToasts } = await import("../../src/components");
const { applyLocale } = await import("../../src/i18n");

afterAll(() => {
  delete (window as unknown as Record<string, unknown>).__XIAOYA_BOOT__;
});

let root: HTMLElement | null = null;
afterEach(() => {
  act(() => dismissAllToasts());
  if (root) act(() => render(null, root as HTMLElement));
  root?.remove();
  root = null;
  applyLocale("en");
  vi.useRealTimers();
});

function mount(node: preact.JSX.Element) {
  const el = document.createElement("div");
  root = el;
  document.body.append(el);
  act(() => render(node, el));
}

async function settle() {
  await act(async () => new Promise((r) => setTimeout(r, 20)));
}

const region = () => findIn(document, "[data-testid=toasts]");

describe("a saved file's toast", () => {
  const cases: [string, SavedFile, string][] = [
    ["Linux", { path: "/home/alice/Music/clip-en.mp3", folder: "/home/alice/Music", fileName: "clip-en.mp3" }, "In Music"],
    ["Windows", { path: "C:\\Users\\alice\\Music\\clip-en.mp3", folder: "C:\\Users\\alice\\Music", fileName: "clip-en.mp3" }, "In Music"],
    ["a home folder", { path: "/Users/alice/clip-en.mp3", folder: "/Users/alice", fileName: "clip-en.mp3" }, "In your home folder"],
  ];
  for (const [name, file, where] of cases)
    it(`names the folder, not the path (${name}); the path is on hover and behind Show in folder`, async () => {
      mount(<ToastRegion />);
      revealed.length = 0;
      await act(async () => void (await saveWithDialog(() => Promise.resolve(file))));
      await settle();
      const text = region().textContent ?? "";
      expect(text).toContain("Saved clip-en.mp3");
      expect(text).toContain(where);
      expect(text).not.toContain("alice");
      expect(text).not.toMatch(/[/\\]/);
      expect(region().querySelector(`[title="${file.path.replace(/\\/g, "\\\\")}"]`)).not.toBeNull();
      act(() => findIn<HTMLElement>(document, "[data-testid=saved-show-in-folder]").click());
      await settle();
      expect(revealed).toEqual([file.path]);
    });

  it("says the same in Chinese", async () => {
    applyLocale("zh-CN");
    mount(<ToastRegion />);
    await act(async () => void (await saveWithDialog(() => Promise.resolve(cases[2][1]))));
    await settle();
    expect(region().textContent).toContain("位于主文件夹");
    expect(region().textContent).not.toContain("alice");
  });
});

describe("toasts are short", () => {
  it("a plain toast goes in 4 s, one with an action or an error in 8 s", () => {
    vi.useFakeTimers();
    mount(<ToastRegion />);
    act(() => void toast({ tone: "success", title: "Copied" }));
    act(() => void toast({ tone: "error", title: "Couldn't save" }));
    act(() => void toast({ tone: "info", title: "Saved", action: { label: "Show", onClick: () => {} } }));
    act(() => void vi.advanceTimersByTime(4100));
    expect(region().textContent).not.toContain("Copied");
    expect(region().textContent).toContain("Couldn't save");
    act(() => void vi.advanceTimersByTime(4000));
    expect(region().textContent).toBe("");
  });
});

describe("toasts and navigation", () => {
  it("a screen change puts away the toasts of the screen left behind", async () => {
    mount(<App />);
    await settle();
    act(() => void toast({ tone: "success", title: "Saved clip-en.mp3" }));
    await settle();
    expect(region().textContent).toContain("Saved clip-en.mp3");
    act(() => findIn<HTMLElement>(document, "[data-testid=nav-account]").click());
    await settle();
    expect(region().textContent, "re-selecting the same screen keeps it").toContain("Saved clip-en.mp3");
    act(() => findIn<HTMLElement>(document, "[data-testid=nav-settings]").click());
    await settle();
    expect(region().textContent).not.toContain("Saved clip-en.mp3");
    act(() => void toast({ tone: "success", title: "Saved settings" }));
    await settle();
    expect(region().textContent).toContain("Saved settings");
  });
});

describe("where the toasts sit", () => {
  const css = (file: string) => readFileSync(join(__dirname, "../../src/styles", file), "utf8");
  const rule = (text: string, selector: string) => {
    const at = text.indexOf(`${selector} {`);
    return at < 0 ? "" : text.slice(at, text.indexOf("}", at));
  };

  it("bottom left, over the navigation column and clear of its footer, not over the screen's buttons", () => {
    const body = rule(css("components.css"), ".toast-region");
    // Bottom right (where it was) sits on the last card's buttons, e.g. "Sign in to another Team…".
    expect(body).not.toMatch(/\bright:/);
    expect(body).toMatch(/\bleft:/);
    // No wider than the navigation column and the screen's own padding beside it.
    expect(body).toMatch(/width:[^;]*var\(--nav-width\)/);
    // Above the navigation's footer (Check platform, Settings).
    expect(body).toMatch(/bottom:[^;]*var\(--nav-footer-height\)/);
    expect(css("tokens.css")).toMatch(/--nav-footer-height:/);
  });
});
