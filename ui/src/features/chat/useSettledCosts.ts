// A reply's cost arrives after the reply: the balance reading that follows it settles what
// it cost (from the usage counter, or why not), and the open conversation's receipts follow.

import { type Dispatch, type StateUpdater, useEffect } from "preact/hooks";

import { type ChatMessage, onAppEvent } from "../../ipc";
import { settleCosts } from "./replies";

export function useSettledCosts(setMessages: Dispatch<StateUpdater<ChatMessage[]>>) {
  useEffect(
    () =>
      onAppEvent((event) => {
        if (event.type === "balanceChanged" && event.balance.settled.length > 0) {
          setMessages((prev) => settleCosts(prev, event.balance.settled));
        }
      }),
    [setMessages],
  );
}
