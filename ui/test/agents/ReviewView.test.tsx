import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import { MASK, maskHeaders, transcriptText } from "../../src/features/agents/masking";
import { ReviewView } from "../../src/features/agents/ReviewView";
import { RuleList } from "../../src/features/agents/RuleList";
import { TranscriptView } from "../../src/features/agents/TranscriptView";
import { applyLocale } from "../../src/i18n";
import { mountRoot } from "../support/dom";
import { exchange, report, rule, tool } from "./fixtures";

let root: HTMLElement;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);

describe("a review's verdicts", () => {
  it("show one line per rule: verdict, rule id, reason and the rule's text", () => {
    const lines = [
      rule({
        rule: "tool.meta.price",
        verdict: "fail",
        reason: 'xiaoya/pricePoints "5" is not an integer >= 0',
        text: "Price is an integer",
      }),
      rule({ rule: "protocol.https", verdict: "warn", reason: "http on loopback", text: "Use https" }),
      rule({ rule: "tool.identity", verdict: "pass", reason: "unique name", text: "Names are unique" }),
    ];
    act(() => render(<RuleList lines={lines} />, root));
    const rows = [...root.querySelectorAll<HTMLElement>("[data-testid=agent-rule]")];
    expect(rows.map((r) => [r.dataset.rule, r.dataset.verdict])).toEqual([
      ["tool.meta.price", "fail"],
      ["protocol.https", "warn"],
      ["tool.identity", "pass"],
    ]);
    expect(rows.map((r) => r.querySelector("[data-testid=agent-rule-verdict]")?.textContent)).toEqual(["Failed", "Warning", "Pass"]);
    expect(rows[0]?.querySelector("[data-testid=agent-rule-id]")?.textContent).toBe("tool.meta.price");
    expect(rows[0]?.querySelector("[data-testid=agent-rule-reason]")?.textContent).toContain('"5" is not an integer');
    expect(rows[0]?.querySelector("[data-testid=agent-rule-text]")?.textContent).toBe("Price is an integer");
  });

  it("name the verdict in Chinese in a Chinese window, and keep the rule ids as they are", () => {
    applyLocale("zh-CN");
    act(() => render(<RuleList lines={[rule({ verdict: "fail" })]} />, root));
    expect(root.querySelector("[data-testid=agent-rule-verdict]")?.textContent).toBe("失败");
    expect(root.querySelector("[data-testid=agent-rule-id]")?.textContent).toBe("tool.input-schema");
  });

  it("come with each tool's weight in model tokens, and the list's", () => {
    act(() => render(<ReviewView report={report({ tools: [tool()] })} snapshotId={7} agentId="a1" latest />, root));
    expect(root.querySelector("[data-testid=agent-token-weight]")?.textContent).toContain("~518 model tokens for 1 tool");
    expect(root.querySelector("[data-testid=agent-tool-tokens]")?.textContent).toBe("~131 tokens");
    expect(root.querySelector("[data-testid=agent-counts]")?.textContent).toBe("Pass: 1 · Warnings: 1 · Failed: 0");
    expect(root.querySelector("[data-testid=agent-tool-safety]")?.textContent).toBe("Not read-only");
  });

  it("say plainly when the endpoint could not be reviewed", () => {
    const r = report({ reachability: "unreachable", unreachableReason: "connection refused", tools: [], snapshot: [] });
    act(() => render(<ReviewView report={r} snapshotId={7} agentId="a1" latest />, root));
    expect(root.querySelector("[data-testid=agent-unreachable]")?.textContent).toContain("could not be reached");
    expect(root.querySelector("[data-testid=agent-unreachable]")?.textContent).toContain("connection refused");
  });
});

describe("the transcript", () => {
  const secret = "sk-live-123456";
  const leaked = exchange({
    requestHeaders: [
      ["x-api-key", secret],
      ["Accept", "application/json"],
    ],
  });

  it("masks every custom header value, whatever its case, and nothing else", () => {
    expect(maskHeaders(leaked.requestHeaders, ["X-Api-Key"])).toEqual([
      ["x-api-key", MASK],
      ["Accept", "application/json"],
    ]);
  });

  it("never shows or copies a header value, even one the core let through", () => {
    act(() => render(<TranscriptView exchanges={[leaked, exchange({ seq: 2, label: "tools/list" })]} headerNames={["X-Api-Key"]} />, root));
    expect(root.innerHTML).not.toContain(secret);
    expect(root.querySelectorAll("[data-testid=agent-exchange]")).toHaveLength(2);
    expect(root.querySelector("[data-testid=agent-exchange-status]")?.textContent).toBe("200");
    expect(root.querySelector("[data-testid=agent-exchange-session]")?.textContent).toContain("189ad63f");
    const text = transcriptText([leaked], ["X-Api-Key"]);
    expect(text).not.toContain(secret);
    expect(text).toContain(`> x-api-key: ${MASK}`);
    expect(text).toContain("status 200 · application/json · 12 ms");
  });
});
