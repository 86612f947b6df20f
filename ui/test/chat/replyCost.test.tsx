import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import type { ChargeCost, ChatMessage, ChatReceipt } from "../../src/ipc";
import { assistantReply, chatReceipt } from "../support/core";
import { mountRoot } from "../support/dom";

const { MessageView } = await import("../../src/features/chat/MessageView");
const { ReceiptDialog } = await import("../../src/features/chat/ReceiptDialog");
const { settleCosts } = await import("../../src/features/chat/replies");
const { applyLocale } = await import("../../src/i18n");

// Issue 26, item 1: a chat reply says what it cost — the platform's number, the usage
// counter's ("from the usage counter"), or "not reported by the platform" and why — in the
// message footer and the receipt, in both languages; and it follows the balance reading that
// settles it.

const actions = { onRetry: () => {}, onRegenerate: () => {}, onEdit: () => Promise.resolve(true), onDelete: () => {}, onReceipt: () => {} };

function receipt(cost: ChargeCost | undefined, patch: Partial<ChatReceipt> = {}): ChatReceipt {
  return chatReceipt({ cost, ...patch });
}

function reply(cost: ChargeCost | undefined, patch: Partial<ChatReceipt> = {}): ChatMessage {
  return assistantReply(receipt(cost, patch));
}

let root: HTMLElement;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);

function footer(message: ChatMessage) {
  act(() => render(<MessageView message={message} busy={false} modelName="Othan 2.0" actions={actions} />, root));
  return root.querySelector<HTMLElement>("[data-testid=chat-reply-cost]");
}

describe("a chat reply's cost in its footer", () => {
  it("shows the platform's number when the answer carried one", () => {
    const cost = footer(reply({ kind: "reported", points: "3" }, { chargedPoints: "3" }));
    expect(cost?.textContent).toBe("3 points");
    expect(cost?.dataset.kind).toBe("reported");
  });

  it("labels the usage counter's number as such, and says how it was found", () => {
    const cost = footer(reply({ kind: "fromUsageCounter", points: "1" }));
    expect(cost?.textContent).toBe("1 point · from the usage counter");
    expect(cost?.title).toContain("nothing else was charged in between");
  });

  it("says 'not reported by the platform' with why, for a Team and for shared readings", () => {
    const team = footer(reply({ kind: "notReported", why: "noUsageCounter" }, { contextKind: "team" }));
    expect(team?.textContent).toBe("Not reported by the platform");
    expect(team?.title).toContain("no usage counter for Team sign-ins");
    const shared = footer(reply({ kind: "notReported", why: "otherCharges" }));
    expect(shared?.title).toContain("other charges were made");
  });

  it("says it in Chinese", () => {
    act(() => applyLocale("zh-CN"));
    expect(footer(reply({ kind: "fromUsageCounter", points: "2" }))?.textContent).toBe("2 积分 · 按用量统计");
    expect(footer(reply({ kind: "notReported", why: "awaitingRefresh" }))?.textContent).toBe("平台未报告");
  });

  it("follows a change of language on a message already shown (the view is memoized)", async () => {
    act(() => applyLocale("en"));
    const shown = { ...reply({ kind: "fromUsageCounter", points: "2" }), content: "```js\nx\n```" };
    expect(footer(shown)?.textContent).toBe("2 points · from the usage counter");
    const copyLabel = () => root.querySelector("pre, .code-block")?.parentElement?.querySelector("button")?.getAttribute("aria-label");
    const english = copyLabel();
    act(() => applyLocale("zh-CN"));
    // nanostores re-renders its subscribers on a timer.
    await act(async () => new Promise((r) => setTimeout(r, 30)));
    expect(root.querySelector("[data-testid=chat-reply-cost]")?.textContent).toBe("2 积分 · 按用量统计");
    expect(copyLabel()).not.toBe(english);
    act(() => applyLocale("en"));
  });

  it("shows nothing for a reply that charged nothing (a refusal)", () => {
    expect(footer(reply(undefined))).toBeNull();
  });
});

describe("a chat reply's cost in its receipt", () => {
  it("is a row with the amount and, below it, why", () => {
    act(() => render(<ReceiptDialog message={reply({ kind: "notReported", why: "awaitingRefresh" })} onClose={() => {}} />, root));
    const dialog = document.body;
    expect(dialog.querySelector("[data-testid=receipt-cost]")?.textContent).toBe("Not reported by the platform");
    expect(dialog.querySelector("[data-testid=receipt-cost-why]")?.textContent).toContain("the balance hasn't been read since");
  });
});

describe("a balance reading settles a reply's cost", () => {
  it("puts the settled cost on the reply it names and leaves the others", () => {
    const waiting = reply({ kind: "notReported", why: "awaitingRefresh" });
    const other = { ...reply(undefined), id: "r2" };
    const next = settleCosts(
      [waiting, other],
      [{ source: "chat", requestId: "req-1", receiptRef: "r1", cost: { kind: "fromUsageCounter", points: "2" } }],
    );
    expect(next[0].receipt?.cost).toEqual({ kind: "fromUsageCounter", points: "2" });
    expect(next[1]).toBe(other);
    expect(settleCosts([waiting], [])).toEqual([waiting]);
  });
});
