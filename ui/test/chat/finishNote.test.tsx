import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import type { ChatMessage } from "../../src/ipc";
import { assistantReply, chatReceipt } from "../support/core";
import { mountRoot } from "../support/dom";

const { MessageView } = await import("../../src/features/chat/MessageView");
const { ReceiptDialog } = await import("../../src/features/chat/ReceiptDialog");
const { applyLocale } = await import("../../src/i18n");

// Readings audit M2: a reply the model ended at its token limit (`finish_reason: "length"`)
// is complete but cut short, and says so under the text and in the receipt, in both
// languages; a reply that simply ended says nothing extra.

const actions = { onRetry: () => {}, onRegenerate: () => {}, onEdit: () => Promise.resolve(true), onDelete: () => {}, onReceipt: () => {} };

function reply(finishReason: string | undefined): ChatMessage {
  const receipt = chatReceipt({ usage: { promptTokens: 10, completionTokens: 8, totalTokens: 18 }, finishReason });
  return assistantReply(receipt, { content: "Once upon a time, a" });
}

let root: HTMLElement;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);

function note(message: ChatMessage) {
  act(() => render(<MessageView message={message} busy={false} modelName="Othan 2.0" actions={actions} />, root));
  return root.querySelector<HTMLElement>("[data-testid=chat-finish-note]");
}

describe("why a reply ended", () => {
  it("says a reply cut at its token limit is cut short, and what to do", () => {
    const shown = note(reply("length"));
    expect(shown?.textContent).toContain("Cut short");
    expect(shown?.textContent).toContain("Raise it in Options and regenerate");
    expect(shown?.dataset.reason).toBe("length");
  });

  it("says nothing for a reply that simply ended, or when the platform said nothing", () => {
    expect(note(reply("stop"))).toBeNull();
    expect(note(reply(undefined))).toBeNull();
  });

  it("names the content filter, and keeps a word it doesn't know as sent", () => {
    expect(note(reply("content_filter"))?.textContent).toContain("content filter");
    expect(note(reply("tool_calls"))?.textContent).toContain("(tool_calls)");
  });

  it("says it in Chinese, under the text and in the receipt", () => {
    act(() => applyLocale("zh-CN"));
    expect(note(reply("length"))?.textContent).toContain("Token 上限");
    act(() => render(<ReceiptDialog message={reply("length")} onClose={() => {}} />, root));
    const row = document.querySelector<HTMLElement>("[data-testid=receipt-finish]");
    expect(row?.textContent).toContain("Token 上限");
    expect(row?.title).toBe("length");
  });
});
