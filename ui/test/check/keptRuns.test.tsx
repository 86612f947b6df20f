import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it, vi } from "vitest";

import type { BillableQuote, CheckItem, CheckReport, CheckRunSummary } from "../../src/ipc";
import { withCommands } from "../support/core";
import { findIn, mountRoot } from "../support/dom";

// Issue 26, items 2 and 3: the Check screen shows the runs the core kept (with their time
// and verdicts) and the newest again when you come back; any one reopens; and a billable
// run's results and what it charged appear in the card whose button ran them.

function item(id: CheckItem["id"], patch: Partial<CheckItem> = {}): CheckItem {
  return { id, context: "Personal", method: "GET", path: "/x", verdict: "pass", notes: [], durationMs: 1, ...patch };
}

function report(runId: string, passed: number, patch: Partial<CheckReport> = {}): CheckReport {
  return {
    runId,
    startedAt: "2026-12-05T10:00:00.000Z",
    finishedAt: "2026-12-05T10:00:05.000Z",
    origin: "http://127.0.0.1:8765",
    sandbox: true,
    appVersion: "test",
    items: [item("profile"), item("models")],
    differences: [],
    passed,
    warned: 0,
    failed: 0,
    ...patch,
  };
}

const summary = (r: CheckReport): CheckRunSummary => ({
  runId: r.runId,
  startedAt: r.startedAt,
  finishedAt: r.finishedAt,
  passed: r.passed,
  warned: r.warned,
  failed: r.failed,
  charged: r.charged,
});

const older = report("run-1", 7, { startedAt: "2026-12-04T09:00:00.000Z" });
const newer = report("run-2", 9);
const paid = report("run-2", 11, {
  items: [
    item("profile"),
    item("models"),
    item("chat", { method: "POST", cost: { kind: "fromUsageCounter", points: "1" } }),
    item("speech", { method: "POST", cost: { kind: "reported", points: "2" } }),
  ],
  charged: { known: "3", unknown: 0 },
});
const kept = new Map([
  [older.runId, older],
  [newer.runId, newer],
]);
const billableCalls: [string | null, string | null][] = [];
const quote: BillableQuote = {
  payer: "Personal",
  chatModel: "othan-2.0",
  chatPrompt: "OK?",
  speechText: "Check.",
  speechConfig: "cfg",
  speechVoice: "v",
  speechEstimate: { totalPoints: "2" } as BillableQuote["speechEstimate"],
};

vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    platformCheckRuns: () => Promise.resolve([...kept.values()].sort((a, b) => b.startedAt.localeCompare(a.startedAt)).map(summary)),
    platformCheckRun: (id: string) => Promise.resolve(kept.get(id)),
    platformCheckQuote: () => Promise.resolve(quote),
    platformCheckBillable: (total: string | null, runId: string | null) => {
      billableCalls.push([total, runId]);
      kept.set(paid.runId, paid);
      return Promise.resolve(paid);
    },
  }),
);

const { CheckBody } = await import("../../src/features/check/CheckScreen");

let root: HTMLElement;
mountRoot((el) => (root = el));

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

describe("kept check runs", () => {
  it("shows the newest kept run on arrival, lists every run with its time and verdicts, and reopens another", async () => {
    act(() => render(<CheckBody />, root));
    await settle();
    expect(findIn(root, "[data-testid=check-summary]").textContent).toContain("Passed: 9");
    const rows = [...root.querySelectorAll<HTMLElement>("[data-testid=check-run-row]")];
    expect(rows.map((r) => [r.dataset.runId, r.dataset.shown])).toEqual([
      ["run-2", "true"],
      ["run-1", "false"],
    ]);
    expect(rows[1].querySelector("time")?.getAttribute("datetime")).toBe(older.startedAt);
    expect(rows[1].querySelector("[data-testid=check-run-verdicts]")?.textContent).toBe("Passed: 7 · Warnings: 0 · Failed: 0");

    await act(async () => findIn<HTMLButtonElement>(rows[1], "[data-testid=check-run-open]").click());
    await settle();
    expect(findIn(root, "[data-testid=check-summary]").textContent).toContain("Passed: 7");
  });

  it("puts a billable run's results and what it charged next to the button that ran them", async () => {
    kept.set(newer.runId, newer);
    act(() => render(<CheckBody />, root));
    await settle();
    await act(async () => findIn<HTMLButtonElement>(root, "[data-testid=check-billable-review]").click());
    await settle();
    await act(async () => findIn<HTMLButtonElement>(document.body, "[data-testid=check-billable-confirm]").click());
    await settle();
    expect(billableCalls).toEqual([["2", "run-2"]]);

    const card = findIn(root, "[data-testid=check-billable]");
    const result = findIn(card, "[data-testid=check-billable-result]");
    expect(findIn(result, "[data-testid=check-billable-charged]").textContent).toBe("Charged: 3 points");
    const costs = [...result.querySelectorAll<HTMLElement>("[data-testid=check-item-cost]")].map((c) => [c.dataset.check, c.textContent]);
    expect(costs).toEqual([
      ["chat", "Cost: 1 point · from the usage counter"],
      ["speech", "Cost: 2 points"],
    ]);
    // Not a second time higher up, away from the button.
    const billableRows = [...root.querySelectorAll("[data-testid=check-item][data-check=chat]")];
    expect(billableRows).toHaveLength(1);
    expect(card.contains(billableRows[0])).toBe(true);
    expect(findIn(root, "[data-testid=check-run-row][data-run-id=run-2] [data-testid=check-run-charged]").textContent).toContain(
      "3 points",
    );
  });
});
