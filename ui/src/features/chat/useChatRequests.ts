// The requests the open conversation makes: send, retry, regenerate, edit and resend,
// stop, and the two deletes. Each answer is applied only while its context is current
// (`generation` unchanged), and the conversation list is re-read after each.

import type { RefObject } from "preact";
import { type Dispatch, type StateUpdater, useCallback } from "preact/hooks";

import {
  type AppError,
  type ChatEvent,
  type ChatMessage,
  type ChatOptions,
  chatDeleteConversation,
  chatDeleteMessage,
  chatEditResend,
  chatRegenerate,
  chatRetry,
  chatSend,
  chatStop,
  toAppError,
} from "../../ipc";
import { placeReply } from "./replies";
import { streamReply } from "./streamReply";

export interface ChatRequestState {
  generation: RefObject<number>;
  currentId: string | null;
  messages: ChatMessage[];
  options: ChatOptions;
  inFlight: string | null;
  setCurrentId: Dispatch<StateUpdater<string | null>>;
  setMessages: Dispatch<StateUpdater<ChatMessage[]>>;
  setInFlight: Dispatch<StateUpdater<string | null>>;
  setSendError: Dispatch<StateUpdater<AppError | null>>;
  /** Re-reads the conversation list with the current search. */
  reloadConversations: () => void;
}

export function useChatRequests(s: ChatRequestState) {
  const { generation, currentId, messages, options, inFlight, setMessages, setSendError, reloadConversations } = s;

  /** Runs one request and feeds its events into the open conversation. */
  const run = useCallback(
    async (start: (onEvent: (event: ChatEvent) => void) => Promise<ChatMessage>): Promise<boolean> => {
      const gen = generation.current;
      const isCurrent = () => gen === generation.current;
      const { onEvent, deltas, announcer } = streamReply({
        isCurrent,
        setMessages,
        setCurrentId: s.setCurrentId,
        setInFlight: s.setInFlight,
      });
      setSendError(null);
      s.setInFlight("pending");
      try {
        const final = await start(onEvent);
        deltas.flushNow();
        if (isCurrent()) setMessages((prev) => placeReply(prev, final));
        return true;
      } catch (err) {
        deltas.flushNow();
        announcer.cancel();
        if (isCurrent()) setSendError(toAppError(err));
        return false;
      } finally {
        if (isCurrent()) {
          s.setInFlight(null);
          reloadConversations();
        }
      }
    },
    [reloadConversations],
  );

  const send = useCallback(
    (text: string) => run((onEvent) => chatSend({ conversationId: currentId, text, options }, onEvent)),
    [run, currentId, options],
  );

  const retry = useCallback((replyId: string) => run((onEvent) => chatRetry(replyId, onEvent)), [run]);

  const regenerate = useCallback((replyId: string) => run((onEvent) => chatRegenerate(replyId, options, onEvent)), [run, options]);

  const editResend = useCallback(
    async (messageId: string, text: string) => {
      const before = messages;
      const at = messages.findIndex((m) => m.id === messageId);
      // Shown at once: the edited message and what followed are replaced.
      if (at !== -1) setMessages(messages.slice(0, at));
      const ok = await run((onEvent) => chatEditResend(messageId, text, options, onEvent));
      if (!ok) setMessages(before);
      return ok;
    },
    [run, options, messages],
  );

  const stop = useCallback(() => {
    if (inFlight && inFlight !== "pending") void chatStop(inFlight);
  }, [inFlight]);

  const deleteMessage = useCallback(
    async (id: string) => {
      const gen = generation.current;
      const view = await chatDeleteMessage(id);
      if (gen === generation.current) setMessages(view.messages);
      reloadConversations();
    },
    [reloadConversations],
  );

  const deleteConversation = useCallback(
    async (id: string) => {
      await chatDeleteConversation(id);
      if (id === currentId) {
        s.setCurrentId(null);
        setMessages([]);
      }
      reloadConversations();
    },
    [currentId, reloadConversations],
  );

  return { send, retry, regenerate, editResend, stop, deleteMessage, deleteConversation };
}
