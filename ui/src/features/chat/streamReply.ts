// One chat request's events fed into the open conversation: the reply appears on
// "started", grows by batched deltas (one render per frame however fast they come, see
// deltaBatcher.ts), and settles on "done" or "error", each announced to a screen reader.
// Events for an older context (`isCurrent()` false) are dropped.

import type { StateUpdater } from "preact/hooks";

import { announce, StreamAnnouncer } from "../../components";
import { formatPoints } from "../../format/points";
import { errorMessage, t } from "../../i18n";
import type { ChatEvent, ChatMessage, ChatReceipt } from "../../ipc";
import { createDeltaBatcher } from "./deltaBatcher";
import { appendText, placeReply } from "./replies";

export interface ReplyTarget {
  isCurrent: () => boolean;
  setMessages: (update: StateUpdater<ChatMessage[]>) => void;
  setCurrentId: (id: string) => void;
  setInFlight: (id: string) => void;
}

/** "Reply from <model> started.", or "Reply started." when the model is not known yet. */
export function startedAnnouncement(reply: ChatMessage): string {
  const model = reply.receipt?.modelCode;
  return model ? t("chat.announce.startedFrom", { model }) : t("chat.announce.started");
}

/** What the reply cost and who paid: "Charged 4 points to Team Beta.", or "" when nothing was charged. */
export function chargedAnnouncement(receipt: ChatReceipt | null): string {
  const cost = receipt?.cost;
  if (!receipt || !cost) return "";
  const who = receipt.contextLabel;
  if (cost.kind === "notReported") return t("chat.announce.chargedUnknown", { who });
  return t("chat.announce.charged", { cost: t("cost.points", { amount: formatPoints(cost.points) }), who });
}

/** The end of a reply as said: finished or stopped, then what it cost. */
export function endAnnouncement(reply: ChatMessage): string {
  const end = reply.status === "stopped" ? t("chat.announce.stopped") : t("chat.announce.finished");
  const charged = chargedAnnouncement(reply.receipt);
  return charged ? `${end} ${charged}` : end;
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
        announce(startedAnnouncement(event.reply));
        break;
      case "delta":
        deltas.push(event.messageId, event.text);
        announcer.push(event.text);
        break;
      case "done":
        deltas.flushNow();
        setMessages((prev) => placeReply(prev, event.reply));
        announcer.finish(endAnnouncement(event.reply));
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
