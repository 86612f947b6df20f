import { render } from "preact";
import { act } from "preact/test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";

import type { ArgumentProblem, ToolCallRequest } from "../../src/ipc";
import { withCommands } from "../support/core";
import { mountRoot } from "../support/dom";
import { callReview, EXPORT_TABLE_DEFINITION, report, tool } from "./fixtures";

// The core stands in for the agent: the argument check answers `problems`, a call answers
// a report whose first call is the envelope. Every request is recorded.
const sent: { checked: unknown[]; called: ToolCallRequest[] } = { checked: [], called: [] };
let problems: ArgumentProblem[] = [];
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    agentCheckArguments: (_agent: string, _tool: string, args: unknown) => {
      sent.checked.push(args);
      return Promise.resolve(problems);
    },
    agentCall: (_agent: string, request: ToolCallRequest) => {
      sent.called.push(request);
      return Promise.resolve(report({ calls: [callReview()] }));
    },
  }),
);

const { CallDialog } = await import("../../src/features/agents/CallDialog");

let root: HTMLElement;
mountRoot((el) => (root = el));
beforeEach(() => {
  sent.checked = [];
  sent.called = [];
  problems = [];
});

const $ = <E extends Element = HTMLElement>(selector: string) => document.body.querySelector<E>(selector);

function type(path: string, value: string) {
  const el = $<HTMLInputElement | HTMLSelectElement>(`[data-field="${path}"]`);
  if (!el) throw new Error(`no field at ${path}`);
  el.value = value;
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

async function click(testid: string) {
  const button = $<HTMLButtonElement>(`[data-testid=${testid}]`);
  if (!button) throw new Error(`no ${testid}`);
  await act(async () => button.click());
  await act(async () => new Promise((r) => setTimeout(r, 0)));
}

function open(call = tool()) {
  act(() => render(<CallDialog agentId="a1" tool={call} definition={EXPORT_TABLE_DEFINITION} onClose={() => {}} />, root));
}

describe("calling a tool from the form its inputSchema makes", () => {
  it("draws a field per property, with its limits, and a choice for an enum", () => {
    open();
    expect($("[data-field='/rows']")).not.toBeNull();
    expect($("[data-field='/options/header']")?.tagName).toBe("SELECT");
    const format = $<HTMLSelectElement>("[data-field='/format']");
    expect([...(format?.options ?? [])].map((o) => o.text)).toEqual(["— not set —", "csv", "tsv"]);
    expect(document.body.textContent).toContain("How many rows · 1 – 100");
  });

  it("sends nothing while the form has a problem of its own", async () => {
    open();
    act(() => type("/rows", "three"));
    await click("agent-call-send");
    expect(sent.checked).toEqual([]);
    expect(sent.called).toEqual([]);
    expect(document.body.textContent).toContain("Enter a number.");
  });

  it("shows the core's problems at their fields, and sends no call", async () => {
    problems = [
      { path: "/rows", message: "120 is greater than the maximum of 100" },
      { path: "/extra", message: "not allowed" },
    ];
    open();
    act(() => type("/rows", "120"));
    act(() => type("/format", "0"));
    await click("agent-call-send");
    expect(sent.checked).toEqual([{ rows: 120, format: "csv" }]);
    expect(sent.called).toEqual([]);
    const field = $("[data-field='/rows']")?.closest("[data-testid=agent-form-field]");
    expect(field?.textContent).toContain("120 is greater than the maximum of 100");
    expect($("[data-testid=agent-form-problems]")?.textContent).toContain("/extra: not allowed");
  });

  it("asks first for a tool that is not read-only, naming its price and whether it is destructive", async () => {
    open(tool({ destructive: true, pricePoints: 5 }));
    act(() => type("/rows", "3"));
    act(() => type("/format", "0"));
    await click("agent-call-send");
    expect(sent.checked).toHaveLength(1);
    expect(sent.called).toEqual([]);
    expect($("[data-testid=agent-confirm-price]")?.textContent).toBe("5 points a call");
    expect($("[data-testid=agent-confirm-destructive]")?.dataset.destructive).toBe("true");
    await click("agent-call-confirm");
    expect(sent.called).toEqual([{ tool: "export_table", arguments: { rows: 3, format: "csv" }, confirmed: true }]);
    expect($("[data-testid=agent-envelope-status]")?.textContent).toBe("completed");
    expect($("[data-testid=agent-envelope-summary]")?.textContent).toBe("Exported 3 rows as CSV");
    expect($("[data-testid=agent-artifact]")?.textContent).toContain("a".repeat(64));
    expect($("[data-testid=agent-call-rules] [data-rule='call.result']")).not.toBeNull();
  });

  it("calls a read-only tool straight away, unconfirmed", async () => {
    open(tool({ needsConfirmation: false, pricePoints: 0 }));
    act(() => type("/rows", "1"));
    act(() => type("/format", "1"));
    await click("agent-call-send");
    expect($("[data-testid=agent-call-confirmation]")).toBeNull();
    expect(sent.called).toEqual([{ tool: "export_table", arguments: { rows: 1, format: "tsv" }, confirmed: false }]);
  });
});
