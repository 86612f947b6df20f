// The windowed message list (issue 16): a long conversation keeps only the messages near
// the view in the DOM, and everything a person does with the list still works. The
// layout happy-dom lacks is faked in fakeLayout.ts.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { ChatMessage } from "../../src/ipc";
import { defined, findIn } from "../support/dom";
import {
  heightOf,
  heights,
  installLayout,
  isAtBottom,
  layoutReads,
  maxTop,
  observedTargets,
  PAD,
  removeLayout,
  resize,
  scrollLog,
  settle,
} from "./fakeLayout";

const { estimateHeight, MessageList } = await import("../../src/features/chat/MessageList");
const { MessageView } = await import("../../src/features/chat/MessageView");

const actions = {
  onRetry: () => {},
  onRegenerate: () => {},
  onEdit: () => Promise.resolve(true),
  onDelete: () => {},
  onReceipt: () => {},
};

function message(i: number, patch: Partial<ChatMessage> = {}): ChatMessage {
  const user = i % 2 === 0;
  return {
    id: `m${i}`,
    conversationId: "c1",
    role: user ? "user" : "assistant",
    content: user ? `Question ${i}` : `Answer ${i}\n\n\`\`\`rust\nfn main() {}\n\`\`\``,
    status: "complete",
    parentId: user ? null : `m${i - 1}`,
    createdAt: i,
    receipt: null,
    error: null,
    jsonCheck: null,
    ...patch,
  };
}

function conversation(n: number): ChatMessage[] {
  return Array.from({ length: n }, (_, i) => message(i));
}

let root: HTMLElement;
beforeEach(() => {
  installLayout();
  root = document.createElement("div");
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
  removeLayout();
});

function list(messages: ChatMessage[], busy = false) {
  return <MessageList messages={messages} busy={busy} modelName={() => "Othan"} actions={actions} label="Messages" />;
}

async function show(messages: ChatMessage[], busy = false) {
  act(() => render(list(messages, busy), root));
  await settle();
  await resize();
}

const log = () => findIn<HTMLElement>(root, "[data-testid=chat-messages]");
const rendered = () => [...root.querySelectorAll<HTMLElement>("[data-testid=chat-message]")].map((el) => el.dataset.messageId);
const atBottom = () => isAtBottom(log());

/** The message at the top of the view, and how far into it the view starts. */
function topOfView(): [string, number] {
  const top = log().scrollTop;
  for (const el of root.querySelectorAll<HTMLElement>("[data-testid=chat-message]")) {
    const start = PAD + Number(/translateY\((-?[\d.]+)px\)/.exec(el.style.transform)?.[1]);
    if (start <= top && top < start + heightOf(el)) return [defined(el.dataset.messageId, "a message row's id"), top - start];
  }
  throw new Error(`no message at ${top}`);
}

const scrollTo = (top: number) => scrollLog(log(), top);

describe("<MessageList> with a long conversation (issue 16)", () => {
  it("keeps fewer than 60 messages in the DOM of a 1,000-message conversation, opened at its end", async () => {
    const messages = conversation(1000);
    await show(messages);
    const ids = rendered();
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(60);
    // Opened at the end: the last message is there and the view is at the bottom.
    expect(ids).toContain("m999");
    expect(ids).not.toContain("m0");
    expect(atBottom()).toBe(true);
    // Existing selectors still find the last reply (the e2e tests' LAST_REPLY).
    const last = root.querySelector("[data-testid=chat-message][data-role=assistant]:last-of-type");
    expect(last?.getAttribute("data-message-id")).toBe("m999");
    expect(last?.getAttribute("aria-posinset")).toBe("1000");
    expect(last?.getAttribute("aria-setsize")).toBe("1000");
    const windowed = document.querySelectorAll("*").length;

    // The same conversation rendered the way the screen did before: every message.
    const plain = document.createElement("div");
    document.body.append(plain);
    act(() =>
      render(
        <div>
          {messages.map((m) => (
            <MessageView key={m.id} message={m} busy={false} modelName="Othan" actions={actions} />
          ))}
        </div>,
        plain,
      ),
    );
    const everything = document.querySelectorAll("*").length - windowed;
    render(null, plain);
    plain.remove();
    console.info(`1,000 messages: ${ids.length} in the DOM, ${windowed} DOM elements; all rendered: ${everything} DOM elements`);
    expect(windowed * 10).toBeLessThan(everything);
    // Rendering every message, for the comparison, takes seconds on a loaded machine.
  }, 30_000);

  it("stops watching the messages that scrolled out of the page, so they can be freed", async () => {
    await show(conversation(1000));
    const atEnd = rendered();
    await scrollTo(0);
    await scrollTo(30_000);
    await scrollTo(0);
    expect(rendered()).toContain("m0");
    // The last two stay (KEEP_LAST, for screen readers); the ones before them went.
    expect(rendered()).not.toContain(atEnd[atEnd.length - 3]);
    expect(rendered()).toContain(atEnd[atEnd.length - 1]);
    const watched = observedTargets().filter((t) => t instanceof HTMLElement && t.dataset.messageId);
    expect(watched.length).toBeGreaterThan(0);
    // Only rows in the page: a detached row kept here would keep its whole rendered reply.
    expect(watched.filter((t) => !t.isConnected)).toHaveLength(0);
    expect(watched.length).toBeLessThanOrEqual(rendered().length);
  });

  it("renders the messages at the place the log is scrolled to, and the space of the others", async () => {
    const messages = conversation(1000);
    // Every message as tall as its estimate, so the whole list's height is known here.
    for (const m of messages) heights.set(m.id, estimateHeight(m));
    await show(messages);
    const startOf = (i: number) => messages.slice(0, i).reduce((sum, m) => sum + estimateHeight(m) + 16, 0);
    expect(log().scrollHeight).toBe(PAD + startOf(1000) - 16 + PAD);

    await scrollTo(PAD + startOf(400));
    const ids = rendered();
    expect(ids).toContain("m400");
    expect(ids).toContain("m404");
    expect(ids).not.toContain("m990");
    // The newest two are always in the document, so a screen reader finds the latest reply.
    expect(ids).toContain("m998");
    expect(ids).toContain("m999");
    expect(ids.length).toBeLessThan(60);
    const m400 = findIn<HTMLElement>(root, "[data-message-id=m400]");
    expect(m400.style.transform).toBe(`translateY(${startOf(400)}px)`);
    expect(topOfView()).toEqual(["m400", 0]);

    await scrollTo(0);
    expect(rendered()).toContain("m0");
    expect(rendered()).not.toContain("m400");
  });

  it("keeps the view at the bottom while the last reply streams, and leaves it alone once scrolled up", async () => {
    const messages = conversation(999);
    messages.push(message(999, { content: "Str", status: "streaming" }));
    await show(messages, true);
    expect(atBottom()).toBe(true);

    // Deltas that do not change its size: it is not measured again (no forced layout).
    layoutReads.clear();
    let grown = messages;
    for (const word of ["ea", "ming", " a"]) {
      grown = grown.slice();
      grown[999] = { ...grown[999], content: grown[999].content + word };
      act(() => render(list(grown, true), root));
    }
    await settle();
    expect(root.querySelector("[data-message-id=m999]")?.textContent).toContain("Streaming a");
    expect(layoutReads.get("m999") ?? 0).toBe(0);

    // A delta: the reply grows from 100 to 420 px.
    let next = messages.slice();
    next[999] = { ...next[999], content: "Streaming a much longer answer\n\n".repeat(8) };
    heights.set("m999", 420);
    act(() => render(list(next, true), root));
    await resize();
    expect(atBottom()).toBe(true);
    expect(log().scrollTop).toBe(maxTop(log()));
    expect(rendered()).toContain("m999");

    // The person scrolls up to read: more deltas do not move the view.
    await scrollTo(20_000);
    await resize();
    const reading = topOfView();
    next = next.slice();
    next[999] = { ...next[999], content: `${next[999].content} and more` };
    heights.set("m999", 700);
    act(() => render(list(next, true), root));
    await resize();
    expect(topOfView()).toEqual(reading);
    expect(atBottom()).toBe(false);
  });

  it("goes to the bottom when the person sends, even from far up", async () => {
    const messages = conversation(1000);
    await show(messages);
    await scrollTo(1_000);
    expect(atBottom()).toBe(false);

    const sent = [...messages, message(1000, { content: "One more question" }), message(1001, { content: "", status: "pending" })];
    act(() => render(list(sent, true), root));
    await settle();
    await resize();
    expect(atBottom()).toBe(true);
    expect(rendered()).toContain("m1000");
    expect(rendered()).toContain("m1001");
  });

  it("does not unmount a focused message's button when the log scrolls away from it", async () => {
    await show(conversation(1000));
    const button = findIn<HTMLButtonElement>(root, "[data-message-id=m996] [data-testid=chat-edit]");
    expect(button).not.toBeNull();
    act(() => button.focus());
    expect(document.activeElement).toBe(button);

    await scrollTo(0);
    expect(rendered()).toContain("m0");
    expect(button.isConnected).toBe(true);
    expect(document.activeElement).toBe(button);
    expect(rendered().length).toBeLessThan(60);

    // Focus moves to another message: the first one may go with the others out of view.
    const first = findIn<HTMLButtonElement>(root, "[data-message-id=m0] [data-testid=chat-copy]");
    act(() => first.focus());
    await scrollTo(46_000);
    expect(button.isConnected).toBe(false);
    expect(first.isConnected).toBe(true);
    expect(document.activeElement).toBe(first);
  });

  it("keeps the message focus last was in after focus leaves the log (a dialog's opener gets focus back)", async () => {
    await show(conversation(1000));
    const opener = findIn<HTMLButtonElement>(root, "[data-message-id=m997] [data-testid=chat-copy]");
    act(() => opener.focus());
    const dialog = document.createElement("button");
    document.body.append(dialog);
    act(() => dialog.focus());
    await scrollTo(0);
    expect(opener.isConnected).toBe(true);
    act(() => opener.focus());
    expect(document.activeElement).toBe(opener);
    dialog.remove();
  });

  it("keeps a message whose edit box is open, with what was typed, when focus leaves and the log scrolls away", async () => {
    await show(conversation(1000));
    act(() => findIn<HTMLButtonElement>(root, "[data-message-id=m996] [data-testid=chat-edit]").click());
    await settle();
    const box = findIn<HTMLTextAreaElement>(root, "[data-message-id=m996] [data-testid=chat-edit-input]");
    expect(box).not.toBeNull();
    act(() => {
      box.value = "Question 996, asked better";
      box.dispatchEvent(new Event("input", { bubbles: true }));
    });
    // Focus moves on to another message's button; the edit box is still open.
    act(() => findIn<HTMLButtonElement>(root, "[data-message-id=m995] [data-testid=chat-copy]").focus());

    await scrollTo(0);
    expect(rendered()).toContain("m0");
    expect(rendered().length).toBeLessThan(60);
    const kept = root.querySelector<HTMLTextAreaElement>("[data-message-id=m996] [data-testid=chat-edit-input]");
    expect(kept).toBe(box);
    expect(kept?.value).toBe("Question 996, asked better");

    // Cancelled: nothing holds it any more, and it goes with the others out of view.
    act(() => {
      box.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    act(() => findIn<HTMLButtonElement>(root, "[data-message-id=m0] [data-testid=chat-copy]").focus());
    await scrollTo(46_000);
    expect(rendered()).not.toContain("m996");
  });
});
