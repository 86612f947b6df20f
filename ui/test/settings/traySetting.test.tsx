import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { withCommands } from "../support/core";
import { mountRoot } from "../support/dom";

let shown: boolean | Error = true;
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    trayShown: () => (shown instanceof Error ? Promise.reject(shown) : Promise.resolve(shown)),
  }),
);

const { TraySettingCard } = await import("../../src/features/settings/TraySetting");
const { applyLocale } = await import("../../src/i18n");

let root: HTMLElement;
mountRoot((el) => (root = el));

async function mount() {
  await act(async () => {
    render(<TraySettingCard />, root);
    await Promise.resolve();
  });
}

afterEach(() => applyLocale("en"));

describe("Settings → Tray (issue 30)", () => {
  it("says the tray isn't shown on a desktop without one, and that the header keeps every figure", async () => {
    shown = false;
    applyLocale("en");
    await mount();
    expect(root.querySelector("[data-testid=settings-tray-missing]")?.textContent).toBe(
      "The tray isn't shown on this desktop; the header keeps every figure.",
    );
    applyLocale("zh-CN");
    render(null, root);
    await mount();
    expect(root.querySelector("[data-testid=settings-tray-missing]")?.textContent).toBe("此桌面不显示托盘；窗口顶栏照常显示所有数字。");
  });

  it("says where the balance is when the desktop shows the tray", async () => {
    shown = true;
    await mount();
    expect(root.querySelector("[data-testid=settings-tray-missing]")).toBeNull();
    expect(root.querySelector("[data-testid=settings-tray-shown]")?.textContent).toContain("next to the tray icon");
  });

  it("says nothing rather than guess when the shell can't answer", async () => {
    shown = new Error("no answer");
    await mount();
    expect(root.querySelector("[data-testid=settings-tray]")).toBeNull();
  });
});
