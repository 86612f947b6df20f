import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { PlatformInfo, SandboxReplySpeed } from "../../src/ipc";
import { appInfo, withCommands } from "../support/core";
import { mountRoot } from "../support/dom";

let saved: SandboxReplySpeed | null = "normal";
let refuse = false;
const asked: SandboxReplySpeed[] = [];
const read = vi.fn(() => Promise.resolve(saved));
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    sandboxReplySpeed: () => read(),
    setSandboxReplySpeed: (speed: SandboxReplySpeed) => {
      asked.push(speed);
      if (refuse) return Promise.reject({ code: "SANDBOX_NOT_BUILT_IN", message: "not built in" });
      saved = speed;
      return Promise.resolve(speed);
    },
  }),
);

const { SandboxSpeedSettingCard } = await import("../../src/features/settings/SandboxSpeedSetting");
const { applyLocale } = await import("../../src/i18n");
const { toasts, dismissAllToasts } = await import("../../src/components");

let root: HTMLElement;
mountRoot((el) => (root = el));

const sandbox = appInfo().platform;
const configured: PlatformInfo = { ...sandbox, mode: "configured", origin: "https://claw.zhenhuiai.com" };

async function mount(platform: PlatformInfo) {
  await act(async () => {
    render(<SandboxSpeedSettingCard platform={platform} />, root);
    await Promise.resolve();
  });
}

const card = () => root.querySelector<HTMLElement>("[data-testid=settings-sandbox-speed]");
const chosen = () =>
  root.querySelector<HTMLElement>("[role=radio][aria-checked=true]")?.dataset.testid?.replace("settings-sandbox-speed-", "");
const option = (speed: SandboxReplySpeed) => root.querySelector<HTMLButtonElement>(`[data-testid=settings-sandbox-speed-${speed}]`);

beforeEach(() => {
  saved = "normal";
  refuse = false;
  asked.length = 0;
  read.mockClear();
});
afterEach(() => {
  render(null, root);
  dismissAllToasts();
  applyLocale("en");
});

describe("Settings → Sandbox reply speed (issue 26)", () => {
  it("offers Slow, Normal and Instant on the built-in sandbox, and saves the choice through the core", async () => {
    await mount(sandbox);
    expect(chosen()).toBe("normal");
    expect(option("normal")?.getAttribute("aria-checked")).toBe("true");
    expect([...root.querySelectorAll("[role=radio]")].map((b) => b.textContent)).toEqual(["Slow, for demos", "Normal", "Instant"]);
    await act(async () => {
      option("slow")?.click();
      await Promise.resolve();
    });
    expect(asked).toEqual(["slow"]);
    expect(chosen()).toBe("slow");
    expect(option("slow")?.getAttribute("aria-checked")).toBe("true");
  });

  it("is in Chinese in Chinese", async () => {
    applyLocale("zh-CN");
    await mount(sandbox);
    expect(card()?.textContent).toContain("沙盒回复速度");
    expect([...root.querySelectorAll("[role=radio]")].map((b) => b.textContent)).toEqual(["慢（用于演示）", "正常", "即时"]);
  });

  it("is not there on a real platform, in a replay, or when the core says the sandbox isn't its own", async () => {
    await mount(configured);
    expect(card()).toBeNull();
    expect(read).not.toHaveBeenCalled();
    await mount({ ...sandbox, replay: { recordedAt: "2026-12-01T10:00:00.000Z", context: "Personal" } });
    expect(card()).toBeNull();
    saved = null;
    await mount({ ...sandbox, origin: "http://127.0.0.1:4555" });
    expect(read).toHaveBeenCalledTimes(1);
    expect(card()).toBeNull();
  });

  it("keeps the speed it had and says why when the core refuses", async () => {
    refuse = true;
    await mount(sandbox);
    await act(async () => {
      option("instant")?.click();
      await Promise.resolve();
    });
    expect(asked).toEqual(["instant"]);
    expect(chosen()).toBe("normal");
    expect(toasts.get().map((item) => [item.title, item.body])).toEqual([
      [
        "Couldn't change the reply speed",
        "The reply speed belongs to the built-in sandbox, and the app isn't using it now. Nothing was changed.",
      ],
    ]);
  });
});
