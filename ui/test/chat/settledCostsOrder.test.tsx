// A reply's cost follows the balance reading that settles it, whichever arrives first: the
// reading travels on the app-event channel and the reply on the chat stream, so in the real
// window the reading can be heard before the reply is placed (the e2e chat_cost walk met it).

import { render } from "preact";
import { useState } from "preact/hooks";
import { act } from "preact/test-utils";
import { describe, expect, it, vi } from "vitest";

import type { AppEvent, BalanceOverview, ChatMessage } from "../../src/ipc";
import { withCommands } from "../support/core";
import { mountRoot } from "../support/dom";

const handlers: ((event: AppEvent) => void)[] = [];
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    onAppEvent: (handler: (event: AppEvent) => void) => {
      handlers.push(handler);
      return () => handlers.splice(handlers.indexOf(handler), 1);
    },
  }),
);

const { useSettledCosts } = await import("../../src/features/chat/useSettledCosts");

function reply(id: string): ChatMessage {
  return {
    id,
    conversationId: "c1",
    role: "assistant",
    content: "An answer",
    status: "complete",
    parentId: "u1",
    createdAt: 0,
    receipt: {
      modelCode: "othan-2.0",
      contextKind: "personal",
      teamId: null,
      contextLabel: "Personal",
      requestId: `req-${id}`,
      platformRequestId: `req-${id}`,
      streamed: true,
      workflowVersionId: null,
      runId: null,
      nodeId: null,
      attempt: null,
      startedAt: 0,
      timeToFirstTokenMs: 1,
      totalMs: 2,
      usage: null,
      chargedPoints: null,
      cost: { kind: "notReported", why: "awaitingRefresh" },
      replayed: false,
      responseFormat: "text",
    },
    error: null,
    jsonCheck: null,
  };
}

function settled(id: string, points: string): AppEvent {
  return {
    type: "balanceChanged",
    balance: {
      settled: [{ source: "chat", requestId: `req-${id}`, receiptRef: id, cost: { kind: "fromUsageCounter", points } }],
    } as unknown as BalanceOverview,
  };
}

function emit(event: AppEvent) {
  for (const handler of handlers) handler(event);
}

let root: HTMLElement;
mountRoot((el) => (root = el));
let place: (m: ChatMessage[]) => void = () => {};
let shown: ChatMessage[] = [];
let renders = 0;

function Probe() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  useSettledCosts(messages, setMessages);
  place = setMessages;
  shown = messages;
  renders += 1;
  return null;
}

describe("a settled chat cost", () => {
  it("reaches a reply placed after the reading that settled it, and one placed before", () => {
    act(() => render(<Probe />, root));
    // The reading first, then the reply.
    act(() => emit(settled("r1", "2")));
    act(() => place([reply("r1")]));
    expect(shown[0]?.receipt?.cost).toEqual({ kind: "fromUsageCounter", points: "2" });
    // The reply first, then the reading.
    act(() => place([...shown, reply("r2")]));
    act(() => emit(settled("r2", "3")));
    expect(shown.map((m) => m.receipt?.cost)).toEqual([
      { kind: "fromUsageCounter", points: "2" },
      { kind: "fromUsageCounter", points: "3" },
    ]);
    // Settled messages are not placed again and again.
    const before = renders;
    act(() => emit({ type: "platformBusy", path: "/x", waitSecs: 1 }));
    expect(renders).toBe(before);
  });
});
