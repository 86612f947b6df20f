import { render } from "preact";
import { act } from "preact/test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { chatCommands, conversationSummary, session, withCommands } from "../support/core";
import { defined, findIn, mountRoot } from "../support/dom";

// Work in progress survives navigation: leaving Chat unmounts it (the app renders one
// screen at a time), so these tests unmount and mount again, as the navigation does.

const opened: string[] = [];
const conversations = [conversationSummary("c1"), conversationSummary("c2")];
vi.mock("../../src/ipc", (real) =>
  withCommands(real, chatCommands({ list: () => conversations, messages: () => [], onOpen: (id) => opened.push(id) })),
);

const { forgetAllKept } = await import("../../src/app/keep");
const { useChat } = await import("../../src/features/chat/useChat");
const { Composer } = await import("../../src/features/chat/Composer");
const { applyLocale } = await import("../../src/i18n");

const personal = session({ id: "s1" });

function ChatLike(props: { contextKey: string; onChat?: (chat: ReturnType<typeof useChat>) => void }) {
  const chat = useChat(props.contextKey);
  props.onChat?.(chat);
  return (
    <div data-open={chat.currentId ?? ""}>
      <Composer chat={chat} session={personal} />
    </div>
  );
}

let root: HTMLElement;
mountRoot((el) => (root = el));
beforeEach(() => {
  applyLocale("en");
  forgetAllKept();
  opened.length = 0;
});

async function settle() {
  for (let i = 0; i < 5; i += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

function typeDraft(text: string) {
  const area = findIn<HTMLTextAreaElement>(root, "[data-testid=chat-input]");
  act(() => {
    area.value = text;
    area.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const draftShown = () => findIn<HTMLTextAreaElement>(root, "[data-testid=chat-input]").value;

describe("work in progress survives navigation", () => {
  it("keeps the unsent chat draft after the screen is left and shown again", async () => {
    act(() => render(<ChatLike contextKey="personal:u1" />, root));
    await settle();
    typeDraft("Half a question about");
    act(() => render(<p>Balances</p>, root));
    act(() => render(<ChatLike contextKey="personal:u1" />, root));
    await settle();
    expect(draftShown()).toBe("Half a question about");
  });

  it("keeps drafts per context: another context starts empty and gets its own back", async () => {
    act(() => render(<ChatLike key="a" contextKey="personal:u1" />, root));
    await settle();
    typeDraft("for Personal");
    act(() => render(<ChatLike key="b" contextKey="team:t1:u1" />, root));
    await settle();
    expect(draftShown()).toBe("");
    typeDraft("for the Team");
    act(() => render(<ChatLike key="a" contextKey="personal:u1" />, root));
    await settle();
    expect(draftShown()).toBe("for Personal");
    act(() => render(<ChatLike key="b" contextKey="team:t1:u1" />, root));
    await settle();
    expect(draftShown()).toBe("for the Team");
  });

  it("reopens the last conversation instead of a new one", async () => {
    let chat = null as ReturnType<typeof useChat> | null;
    act(() => render(<ChatLike contextKey="personal:u1" onChat={(c) => (chat = c)} />, root));
    await settle();
    expect(root.firstElementChild?.getAttribute("data-open")).toBe("");
    await act(async () => {
      await defined(chat, "the Chat controller").open("c2");
    });
    typeDraft("a follow-up for c2");
    act(() => render(<p>Voices</p>, root));
    act(() => render(<ChatLike contextKey="personal:u1" />, root));
    await settle();
    expect(root.firstElementChild?.getAttribute("data-open")).toBe("c2");
    expect(opened).toEqual(["c2", "c2"]);
    expect(draftShown()).toBe("a follow-up for c2");
  });

  it("forgets nothing it was not given: a first visit opens no conversation", async () => {
    act(() => render(<ChatLike contextKey="personal:u9" />, root));
    await settle();
    expect(opened).toEqual([]);
    expect(draftShown()).toBe("");
  });
});

describe("kept work ends with its sign-in", () => {
  it("signing out forgets that session's drafts and keeps the others'", async () => {
    const { forgetEndedSessions, keptKey, readKept, writeKept } = await import("../../src/app/keep");
    writeKept(keptKey("personal:s1", "chat.text.new"), "mine");
    writeKept(keptKey("team:t1:s2", "chat.text.new"), "the team's");
    forgetEndedSessions(["s2"]);
    expect(readKept(keptKey("personal:s1", "chat.text.new"))).toBeUndefined();
    expect(readKept(keptKey("team:t1:s2", "chat.text.new"))).toBe("the team's");
  });
});
