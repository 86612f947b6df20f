// One chat request's events fed into the open conversation: the reply appears on
// "started", grows by batched deltas (one render per frame however fast they come, see
// deltaBatcher.ts), and settles on "done" or "error", each announced to a screen reader.
// Events for an older context (`isCurrent()` false) are dropped.

import type { StateUpdater } from "preact/hooks";

import { announce, StreamAnnouncer } from "../../components";
import { errorMessage, t } from "../../i18n";
import type { ChatEvent, ChatMessage } from "../../ipc";
import { createDeltaBatcher } from "./deltaBatcher";
import { appendText, placeReply } from "./replies";

export interface ReplyTarget {
  isCurrent: () => boolean;
  setMessages: (update: StateUpdater<ChatMessage[]>) => void;
  setCurrentId: (id: string) => void;
  setInFlight: (id: string) => void;
}

/** The handler for one request's events, with the batcher and announcer it feeds. */
export function streamReply(target: ReplyTarget) {
  const { isCurrent, setMessages } = target;
  const announcer = new StreamAnnouncer();
  const deltas = createDeltaBatcher((batch) => {
    if (!isCurrent()) return;
    setMessages((prev) => {
      let next = prev;
      for (const [id, text] of batch) next = appendText(next, id, text);
      return next;
    });
  });
  const onEvent = (event: ChatEvent) => {
    if (!isCurrent()) return;
    switch (event.type) {
      case "started":
        target.setCurrentId(event.conversation.id);
        target.setInFlight(event.reply.id);
        setMessages((prev) => {
          const withUser = event.userMessage ? [...prev, event.userMessage] : prev;
          return placeReply(withUser, event.reply);
        });
        announce(t("chat.announce.started"));
        break;
      case "delta":
        deltas.push(event.messageId, event.text);
        announcer.push(event.text);
        break;
      case "done":
        deltas.flushNow();
        setMessages((prev) => placeReply(prev, event.reply));
        announcer.finish();
        if (event.reply.status === "stopped") announce(t("chat.announce.stopped"));
        break;
      case "error":
        deltas.flushNow();
        setMessages((prev) => placeReply(prev, event.reply));
        announcer.cancel();
        announce(t("chat.announce.interrupted", { reason: errorMessage(event.error.code) }), "assertive");
        break;
    }
  };
  return { onEvent, deltas, announcer };
}
