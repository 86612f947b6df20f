// The Chat screen with a 1,000-message conversation (issue 16), as a person meets it:
// it opens at the end with only the messages near the view in the DOM, sending from far
// up goes to the bottom, the streaming reply keeps the view there, and the reply is still
// read out by the announcer (the log itself stays aria-live="off"). No core: the IPC
// answers from here and the reply's events are fed by hand. Layout: fakeLayout.ts.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { ChatEvent, ChatMessage } from "../../src/ipc";
import { chatCommands, conversationSummary, session, withCommands } from "../support/core";
import { defined, findIn } from "../support/dom";
import { heights, installLayout, isAtBottom, removeLayout, resize, scrollLog, settle } from "./fakeLayout";

const core = {
  messages: [] as ChatMessage[],
  onEvent: null as ((event: ChatEvent) => void) | null,
  finish: null as ((reply: ChatMessage) => void) | null,
};

/** Sends an event on the reply's channel the page opened. */
function emit(event: ChatEvent) {
  defined(core.onEvent, "the reply's channel")(event);
}

function message(i: number, patch: Partial<ChatMessage> = {}): ChatMessage {
  const user = i % 2 === 0;
  return {
    id: `m${i}`,
    conversationId: "c1",
    role: user ? "user" : "assistant",
    content: user ? `Question ${i}` : `Answer ${i}`,
    status: "complete",
    parentId: user ? null : `m${i - 1}`,
    createdAt: i,
    receipt: null,
    error: null,
    jsonCheck: null,
    ...patch,
  };
}

const summary = conversationSummary("c1", { title: "A long talk", messageCount: 1000 });
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    ...chatCommands({ list: () => [summary], messages: () => core.messages }),
    chatSend: (_input: unknown, onEvent: (event: ChatEvent) => void) =>
      new Promise<ChatMessage>((resolve) => {
        core.onEvent = onEvent;
        core.finish = resolve;
      }),
  }),
);

const { sessionsState, activeContextKey } = await import("../../src/app/sessions");
const { keptKey, writeKept, forgetAllKept } = await import("../../src/app/keep");
const { ChatScreen } = await import("../../src/features/chat/ChatScreen");
const { Announcer } = await import("../../src/components");
const { applyLocale } = await import("../../src/i18n");

const personal = session({ id: "s1", displayName: "Lin Xiaoya", grantedScopes: ["model", "balance"] });

let root: HTMLElement;
beforeEach(() => {
  installLayout();
  applyLocale("en");
  forgetAllKept();
  core.messages = Array.from({ length: 1000 }, (_, i) => message(i));
  sessionsState.set({
    ...sessionsState.get(),
    status: "ready",
    view: { sessions: [personal], activeId: "s1", signInPending: false, ended: [], payerNotChosen: false },
  });
  // The conversation open last in this context opens again (useChat).
  writeKept(keptKey(activeContextKey(personal), "chat.open"), "c1");
  root = document.createElement("div");
  document.body.append(root);
});
afterEach(() => {
  act(() => render(null, root));
  root.remove();
  removeLayout();
});

const log = () => findIn<HTMLElement>(root, "[data-testid=chat-messages]");
const shown = () => root.querySelectorAll("[data-testid=chat-message]").length;
const polite = () => root.querySelector("[data-testid=announcer-polite]")?.textContent ?? "";

describe("the Chat screen with a 1,000-message conversation (issue 16)", () => {
  it("opens at the end with few messages in the DOM, and a sent message's streamed reply stays in view and is announced", async () => {
    act(() =>
      render(
        <>
          <Announcer />
          <ChatScreen />
        </>,
        root,
      ),
    );
    await settle();
    await resize();
    expect(log().getAttribute("data-count")).toBe("1000");
    expect(log().getAttribute("role")).toBe("log");
    expect(log().getAttribute("aria-live")).toBe("off");
    expect(shown()).toBeGreaterThan(0);
    expect(shown()).toBeLessThan(60);
    expect(root.querySelector("[data-message-id=m999]")).not.toBeNull();
    expect(isAtBottom(log())).toBe(true);

    // The person scrolls far up, then sends.
    await scrollLog(log(), 2_000);
    expect(isAtBottom(log())).toBe(false);
    const input = findIn<HTMLTextAreaElement>(root, "[data-testid=chat-input]");
    act(() => {
      input.value = "And one more thing?";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await settle();
    act(() => findIn<HTMLButtonElement>(root, "[data-testid=chat-send]").click());
    await settle();
    expect(core.onEvent).not.toBeNull();

    const user = message(1000, { content: "And one more thing?" });
    const reply = message(1001, { content: "", status: "pending" });
    act(() =>
      emit({
        type: "started",
        conversation: {
          id: "c1",
          title: "A long talk",
          modelCode: "othan-2.0",
          contextLabel: "Personal",
          updatedAt: 1,
          messageCount: 1002,
        },
        userMessage: user,
        reply,
      }),
    );
    await settle();
    await resize();
    expect(isAtBottom(log())).toBe(true);
    expect(root.querySelector("[data-message-id=m1000]")?.textContent).toContain("And one more thing?");

    // The reply streams and grows; the view follows it.
    act(() => emit({ type: "delta", messageId: "m1001", text: "The first sentence. " }));
    await settle();
    heights.set("m1001", 480);
    act(() => emit({ type: "delta", messageId: "m1001", text: "And a much longer second one\n" }));
    await settle();
    await resize();
    const live = findIn<HTMLElement>(root, "[data-message-id=m1001]");
    expect(live.getAttribute("data-status")).toBe("streaming");
    expect(live.querySelector("[data-testid=chat-message-content]")?.textContent).toContain("And a much longer second one");
    expect(isAtBottom(log())).toBe(true);
    expect(shown()).toBeLessThan(60);
    // Read out by the announcer, a sentence at a time, in turn (each region has its queue).
    await vi.waitFor(() => expect(polite()).toContain("And a much longer second one"), { timeout: 3000, interval: 20 });

    const done = { ...reply, content: "The first sentence. And a much longer second one\n", status: "complete" as const };
    await act(async () => {
      emit({ type: "done", reply: done });
      defined(core.finish, "the reply's answer")(done);
    });
    await settle();
    await resize();
    expect(root.querySelector("[data-message-id=m1001]")?.getAttribute("data-status")).toBe("complete");
    expect(isAtBottom(log())).toBe(true);
  });
});
