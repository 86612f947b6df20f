import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { AppInfo } from "../../src/ipc";

// Issue 16: screens are code-split. A screen's module is loaded on its first visit, with a
// loading state meanwhile, and is shown at once on later visits; focus still lands on the
// new screen's title after a navigation.

const info: AppInfo = {
  version: "0.1.0",
  commit: "test",
  platform: { mode: "sandbox", origin: "http://127.0.0.1:1", clientId: "sandbox", redirectUri: "http://127.0.0.1:1/cb" },
  locale: "en",
  theme: "system",
};

vi.mock("@tauri-apps/api/core", () => ({
  invoke: (cmd: string) => (cmd === "app_info" ? Promise.resolve(info) : new Promise(() => {})),
  isTauri: () => true,
  Channel: class {},
}));
vi.mock("@tauri-apps/api/event", () => ({ listen: () => Promise.resolve(() => {}) }));

// Each screen module, replaced by a title: `loads` counts how often a module was evaluated.
const loads = vi.hoisted(() => ({} as Record<string, number>));
function screenModule(name: string, title: string) {
  loads[name] = (loads[name] ?? 0) + 1;
  return {
    [name]: () => (
      <h1 id="screen-title" tabIndex={-1} data-testid="screen-title">
        {title}
      </h1>
    ),
  };
}
vi.mock("../../src/features/account/AccountScreen", () => screenModule("AccountScreen", "Account"));
vi.mock("../../src/features/chat/ChatScreen", () => screenModule("ChatScreen", "Chat"));
vi.mock("../../src/features/models/ModelsScreen", () => screenModule("ModelsScreen", "Models"));

const { App } = await import("../../src/app/App");
const { applyLocale } = await import("../../src/i18n");

let root: HTMLElement;

beforeEach(() => {
  applyLocale("en");
  root = document.createElement("div");
  document.body.append(root);
});

afterEach(() => {
  act(() => render(null, root));
  root.remove();
});

async function settle() {
  for (let i = 0; i < 10; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
  }
}

const q = (id: string) => root.querySelector(`[data-testid="${id}"]`);

describe("code-split screens", () => {
  it("loads only the first screen at start, another on its first visit, and shows it at once after", async () => {
    await act(async () => render(<App />, root));
    await settle();
    expect(q("screen-title")?.textContent).toBe("Account");
    expect(loads.AccountScreen).toBe(1);
    expect(loads.ChatScreen).toBeUndefined();
    expect(loads.ModelsScreen).toBeUndefined();

    // First visit: the loading state, then the screen, with focus on its title.
    act(() => (q("nav-chat") as HTMLButtonElement).click());
    expect(q("screen-loading")).not.toBeNull();
    await settle();
    expect(q("screen-loading")).toBeNull();
    expect(q("screen-title")?.textContent).toBe("Chat");
    expect(document.activeElement).toBe(q("screen-title"));
    expect(loads.ChatScreen).toBe(1);
    expect(loads.ModelsScreen).toBeUndefined();

    // Later visits render in the same update: no loading state, no second load.
    act(() => (q("nav-account") as HTMLButtonElement).click());
    expect(q("screen-title")?.textContent).toBe("Account");
    act(() => (q("nav-chat") as HTMLButtonElement).click());
    expect(q("screen-loading")).toBeNull();
    expect(q("screen-title")?.textContent).toBe("Chat");
    expect(document.activeElement).toBe(q("screen-title"));
    expect(loads.ChatScreen).toBe(1);
  });
});
