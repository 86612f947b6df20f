// Where a streamed reply's pieces go in the open conversation's messages.

import type { ChargeCost, ChatMessage, SettledCharge } from "../../ipc";

/** Puts a reply where it belongs: in place when known, else after its turn. */
export function placeReply(messages: ChatMessage[], reply: ChatMessage): ChatMessage[] {
  const at = messages.findIndex((m) => m.id === reply.id);
  if (at !== -1) {
    const next = messages.slice();
    next[at] = reply;
    return next;
  }
  let last = -1;
  messages.forEach((m, i) => {
    if (m.id === reply.parentId || m.parentId === reply.parentId) last = i;
  });
  if (last === -1) return [...messages, reply];
  return [...messages.slice(0, last + 1), reply, ...messages.slice(last + 1)];
}

export function appendText(messages: ChatMessage[], id: string, text: string): ChatMessage[] {
  const at = messages.findIndex((m) => m.id === id);
  if (at === -1) return messages;
  const next = messages.slice();
  const current = next[at];
  // The command's answer can overtake the channel's last events: a finished reply
  // already has all its text.
  if (current.status !== "pending" && current.status !== "streaming") return messages;
  next[at] = { ...current, content: current.content + text, status: "streaming" };
  return next;
}

function sameCost(a: ChargeCost | undefined, b: ChargeCost): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

/** A balance reading settled what some replies cost (`balanceChanged`): their receipts say so. */
export function settleCosts(messages: ChatMessage[], settled: readonly SettledCharge[]): ChatMessage[] {
  const chat = settled.filter((s) => s.source === "chat");
  if (chat.length === 0) return messages;
  let changed = false;
  const next = messages.map((m) => {
    const found = m.receipt ? chat.find((s) => s.receiptRef === m.id) : undefined;
    if (!found || !m.receipt || sameCost(m.receipt.cost, found.cost)) return m;
    changed = true;
    return { ...m, receipt: { ...m.receipt, cost: found.cost } };
  });
  return changed ? next : messages;
}
