// A reply's cost arrives after the reply: the balance reading that follows it settles what
// it cost (from the usage counter, or why not), and the open conversation's receipts follow.
// The reading and the reply travel on different channels, so the reading may arrive before
// the reply is placed: what was settled is remembered and applied whenever a reply it names
// is on screen, in whatever order the two arrive.

import { type Dispatch, type StateUpdater, useEffect, useRef } from "preact/hooks";

import { type ChatMessage, onAppEvent, type SettledCharge } from "../../ipc";
import { settleCosts } from "./replies";

/** How many settled chat charges are remembered for replies not yet placed. */
const REMEMBERED = 50;

export function useSettledCosts(messages: ChatMessage[], setMessages: Dispatch<StateUpdater<ChatMessage[]>>) {
  const remembered = useRef<SettledCharge[]>([]);
  useEffect(
    () =>
      onAppEvent((event) => {
        if (event.type !== "balanceChanged") return;
        const chat = event.balance.settled.filter((s) => s.source === "chat");
        if (chat.length === 0) return;
        remembered.current = [...chat, ...remembered.current].slice(0, REMEMBERED);
        setMessages((prev) => settleCosts(prev, chat));
      }),
    [setMessages],
  );
  // A reply placed after its reading arrived takes the remembered cost.
  useEffect(() => {
    if (remembered.current.length === 0) return;
    const next = settleCosts(messages, remembered.current);
    if (next !== messages) setMessages(next);
  }, [messages, setMessages]);
}
