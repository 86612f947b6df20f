import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import { applyLocale } from "../../src/i18n";
import type { ChatMessage } from "../../src/ipc";
import { mountRoot } from "../support/dom";

const { MessageView } = await import("../../src/features/chat/MessageView");

const actions = {
  onRetry: () => {},
  onRegenerate: () => {},
  onEdit: () => Promise.resolve(true),
  onDelete: () => {},
  onReceipt: () => {},
};

function reply(error: ChatMessage["error"]): ChatMessage {
  return {
    id: "r1",
    conversationId: "c1",
    role: "assistant",
    content: "Partial answer",
    status: "interrupted",
    parentId: "u1",
    createdAt: 0,
    receipt: null,
    error,
    jsonCheck: null,
  };
}

let root: HTMLElement;
mountRoot((el) => (root = el));

describe("<MessageView> of an interrupted reply (issue 13: one click must not pay twice)", () => {
  it("says an unknown outcome is safe to Retry and that Regenerate is a new, charged request", () => {
    act(() =>
      render(
        <MessageView
          message={reply({ code: "NETWORK", message: "reset", requestId: "rid-1", outcomeUnknown: true })}
          busy={false}
          modelName="Othan"
          actions={actions}
        />,
        root,
      ),
    );
    const note = root.querySelector("[data-testid=chat-error-outcome-unknown]")?.textContent ?? "";
    expect(note).toContain("never charged twice");
    const retry = root.querySelector("[data-testid=chat-retry]");
    const regenerate = root.querySelector("[data-testid=chat-regenerate]");
    expect(retry).not.toBeNull();
    expect(regenerate?.getAttribute("aria-label")).toBe("Regenerate: a new request, charged again");
    // Different icons: Retry keeps "refresh", Regenerate does not.
    const icon = (el: Element | null | undefined) => el?.querySelector("svg")?.outerHTML ?? "";
    expect(icon(retry)).not.toBe(icon(regenerate));
  });

  it("shows how long the platform asked to wait when it is longer than the app waits", () => {
    act(() =>
      render(
        <MessageView
          message={reply({ code: "PLATFORM", message: "busy", platformCode: "RATE_LIMITED", retryAfterSecs: 60, outcomeUnknown: false })}
          busy={false}
          modelName="Othan"
          actions={actions}
        />,
        root,
      ),
    );
    expect(root.querySelector("[data-testid=chat-error-retry-after]")?.textContent).toContain("60 s");
    expect(root.querySelector("[data-testid=chat-error-outcome-unknown]")).toBeNull();
  });

  it("says in plain words, in both languages, that a Team's plan has ended (READINGS P3)", () => {
    const ended = reply({ code: "TEAM_PLAN_INACTIVE", message: "refused", platformCode: "TEAM_PLAN_EXPIRED", outcomeUnknown: false });
    const show = () => act(() => render(<MessageView message={ended} busy={false} modelName="Othan" actions={actions} />, root));
    show();
    const title = () => root.querySelector(".chat-msg__error-title")?.textContent ?? "";
    expect(title()).toContain("This Team's plan has ended");
    expect(title()).toContain("renews the plan");
    expect(root.querySelector("[data-testid=chat-error-code]")?.textContent).toBe("TEAM_PLAN_EXPIRED");
    try {
      applyLocale("zh-CN");
      act(() => render(null, root));
      show();
      expect(title()).toContain("该团队的套餐已到期");
      expect(title()).not.toMatch(/plan|TEAM_PLAN_INACTIVE/);
    } finally {
      applyLocale("en");
    }
  });

  it("says a refusal for points in plain words: nothing was charged (READINGS M12)", () => {
    const refused = reply({ code: "PLATFORM", message: "402", platformCode: "INSUFFICIENT_POINTS", outcomeUnknown: false });
    act(() => render(<MessageView message={refused} busy={false} modelName="Othan" actions={actions} />, root));
    const title = root.querySelector(".chat-msg__error-title")?.textContent ?? "";
    expect(title).toContain("Not enough points for this reply. Nothing was charged");
    expect(root.querySelector("[data-testid=chat-retry]")).not.toBeNull();
  });

  it("says plainly that a retried reply was already settled and charged once, with no Retry (READINGS M8)", () => {
    const settled = reply({
      code: "REPLY_ALREADY_SETTLED",
      message: "This X-Request-ID was already settled",
      platformCode: "CHAT_REQUEST_ALREADY_SETTLED",
      outcomeUnknown: false,
    });
    const show = () => act(() => render(<MessageView message={settled} busy={false} modelName="Othan" actions={actions} />, root));
    show();
    const title = () => root.querySelector(".chat-msg__error-title")?.textContent ?? "";
    expect(title()).toContain("already settled");
    expect(title()).toContain("charged once and won't be charged again");
    expect(title()).not.toContain("Retry asks again");
    expect(root.querySelector("[data-testid=chat-retry]")).toBeNull();
    expect(root.querySelector("[data-testid=chat-regenerate]")).not.toBeNull();
    expect(root.textContent).toContain("Partial answer");
    try {
      applyLocale("zh-CN");
      act(() => render(null, root));
      show();
      expect(title()).toContain("平台已结算过这个请求");
      expect(title()).not.toMatch(/settled|REPLY_ALREADY_SETTLED/);
    } finally {
      applyLocale("en");
    }
  });
});
