import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { withCommands } from "../support/core";

// "Why did my balance change": chat points whose receipts named no amount are explained by
// the platform's usage counter (issue 15, point 2), in both languages.
let interval: Record<string, unknown> = {};
const shared = {
  from: { at: 1_764_590_400_000, spendable: "100" },
  to: { at: 1_764_590_460_000, spendable: "95" },
  change: "-5",
  charges: [
    {
      id: "c1",
      context: { kind: "personal" },
      source: "chat",
      requestId: "req-1",
      summary: "Chat · othan-2.0",
      cost: { kind: "notReported", why: "otherCharges" },
      receiptRef: "m1",
      at: 1_764_590_430_000,
    },
  ],
  explained: "0",
  unpriced: 1,
  unexplained: "0",
  chatByUsage: "5",
};
// One reply alone between two readings: the usage counter's number is its own amount.
const alone = {
  ...shared,
  change: "-1",
  charges: [{ ...shared.charges[0], cost: { kind: "fromUsageCounter", points: "1" } }],
  explained: "1",
  unpriced: 0,
  chatByUsage: "0",
};
// READINGS J4: a counter of a period went back to a lower number (a new period began): the
// interval says so, and the reply's cost says why it is unknown, not "no usage counter".
const restarted = {
  ...shared,
  charges: [{ ...shared.charges[0], cost: { kind: "notReported", why: "counterRestarted" } }],
  chatByUsage: undefined,
  unexplained: "-5",
  counterRestarted: true,
};
// READINGS J3: a clip and a reply without its amount in one change, while nothing has shown
// whether the counter counts speech: it says it can't tell, and claims nothing.
const scopeUnknown = {
  ...shared,
  charges: [
    shared.charges[0],
    { ...shared.charges[0], id: "c2", source: "tts", requestId: "req-2", cost: { kind: "reported", points: "2" } },
  ],
  explained: "2",
  chatByUsage: undefined,
  unexplained: "-3",
  counterScopeUnknown: true,
};
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    balanceChanges: () =>
      Promise.resolve({ context: { kind: "personal" }, intervals: [interval], sinceLastRefresh: [], sharedWallet: false }),
  }),
);

const { ChangesCard } = await import("../../src/features/balances/ChangesCard");
const { applyLocale } = await import("../../src/i18n");
const { AppContext } = await import("../../src/app/context");
const app = {
  info: null,
  screen: "balances" as const,
  navigate: () => {},
  platformChanged: () => {},
  changeTheme: () => Promise.resolve(),
};

let root: HTMLElement | null = null;
afterEach(() => {
  interval = shared;
  if (root) render(null, root);
  root?.remove();
  applyLocale("en");
});

interval = shared;

async function show() {
  const el = document.createElement("div");
  root = el;
  document.body.append(el);
  await act(async () => {
    render(
      <AppContext.Provider value={app}>
        <ChangesCard contextKey="k" version={0} now={1_764_590_500_000} onRefresh={() => {}} />
      </AppContext.Provider>,
      el,
    );
  });
  await vi.waitFor(
    async () => {
      await act(async () => new Promise((r) => setTimeout(r, 20)));
      if (!el.querySelector("[data-testid=balance-interval]")) throw new Error(el.innerHTML.slice(0, 400));
    },
    { timeout: 3000, interval: 50 },
  );
  return el;
}

describe("chat points explained by the usage counter", () => {
  it("says how many points the usage counter names, but not 'fully explained' while an amount is unknown", async () => {
    const el = await show();
    const line = el.querySelector("[data-testid=interval-chat-usage]");
    expect(line?.getAttribute("data-value")).toBe("5");
    expect(line?.textContent).toContain("5 points for chat replies whose receipts named no amount");
    // Issue 26, item 1: the total is explained, not every amount.
    const verdict = el.querySelector("[data-testid=interval-verdict]");
    expect(verdict?.getAttribute("data-verdict")).toBe("inTotal");
    expect(el.textContent).not.toContain("Fully explained");
    expect(el.textContent).not.toContain("another app or device");
  });

  it("is 'fully explained' when the counter names the lone reply's own amount", async () => {
    interval = alone;
    const el = await show();
    expect(el.querySelector("[data-testid=interval-verdict]")?.getAttribute("data-verdict")).toBe("explained");
    expect(el.querySelector("[data-testid=interval-explained]")?.textContent).toContain("1 point");
    const points = el.querySelector<HTMLElement>("[data-testid=charge-points]");
    expect(points?.dataset.cost).toBe("fromUsageCounter");
    expect(points?.textContent).toContain("from the usage counter");
  });

  it("says the usage counter restarted when it went backwards, and claims nothing from it", async () => {
    interval = restarted;
    const el = await show();
    expect(el.querySelector("[data-testid=interval-counter-restarted]")?.textContent).toContain("it counts a period, and a new one began");
    expect(el.querySelector("[data-testid=interval-chat-usage]")).toBeNull();
    const title = el.querySelector<HTMLElement>("[data-testid=charge-points]")?.title ?? "";
    expect(title).toContain("started again from zero");
    expect(title).not.toContain("there is no usage counter");
    render(null, el);
    el.remove();
    act(() => applyLocale("zh-CN"));
    const zh = await show();
    expect(zh.querySelector("[data-testid=interval-counter-restarted]")?.textContent).toContain("新周期已开始");
  });

  it("says it can't tell what chat cost while nothing shows whether the counter counts speech", async () => {
    interval = scopeUnknown;
    const el = await show();
    expect(el.querySelector("[data-testid=interval-counter-scope-unknown]")?.textContent).toContain(
      "nothing has shown yet whether it counts speech",
    );
    expect(el.querySelector("[data-testid=interval-chat-usage]")).toBeNull();
    render(null, el);
    el.remove();
    act(() => applyLocale("zh-CN"));
    const zh = await show();
    expect(zh.querySelector("[data-testid=interval-counter-scope-unknown]")?.textContent).toContain("是否也统计语音合成");
  });

  it("says it in Chinese", async () => {
    act(() => applyLocale("zh-CN"));
    const el = await show();
    expect(el.querySelector("[data-testid=interval-chat-usage]")?.textContent).toContain("按平台自己的用量统计");
  });
});
