// The Chat screen's state for the active context: its catalog, its conversations, the
// open conversation and the request in flight. Everything is dropped and reloaded when
// the paying context changes; answers that arrive for an older context are ignored, so
// one context's conversation never shows in another.

import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";

import { keptKey, readKept, useKept, writeKept } from "../../app/keep";
import { useLoad } from "../../app/useLoad";
import { announce, StreamAnnouncer } from "../../components";
import { errorMessage, t } from "../../i18n";
import {
  chatCheckOptions,
  chatConversation,
  chatConversations,
  chatDeleteConversation,
  chatDeleteMessage,
  chatEditResend,
  chatRegenerate,
  chatRetry,
  chatSend,
  chatStop,
  modelsCatalog,
  toAppError,
  type AppError,
  type ChatEvent,
  type ChatMessage,
  type ConversationSummary,
  type ModelEntry,
} from "../../ipc";
import { createDeltaBatcher } from "./deltaBatcher";
import { draftOf, EMPTY_DRAFT, optionsOf, type Draft } from "./draft";
import { takePresetModel } from "./preset";
import { appendText, placeReply } from "./replies";


export type Load<T> = { status: "loading" } | { status: "ready"; value: T } | { status: "failed"; error: AppError };

export function useChat(contextKey: string) {
  const [catalog, setCatalog] = useState<Load<ModelEntry[]>>({ status: "loading" });
  const [conversations, setConversations] = useState<Load<ConversationSummary[]>>({ status: "loading" });
  const [query, setQuery] = useState("");
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [opening, setOpening] = useState(false);
  // The options being written outlive a visit to another screen (kept per context).
  const [draft, setDraft] = useKept<Draft>(keptKey(contextKey, "chat.options"), EMPTY_DRAFT);
  /** The reply being received ("pending" until the core has journaled it). */
  const [inFlight, setInFlight] = useState<string | null>(null);
  const [sendError, setSendError] = useState<AppError | null>(null);

  // Bumped when the context changes: late answers for the previous one are dropped.
  const generation = useRef(0);
  const queryRef = useRef(query);
  queryRef.current = query;

  const chatModels = useMemo(
    () => (catalog.status === "ready" ? catalog.value.filter((m) => m.chatCapable) : []),
    [catalog],
  );
  const model = chatModels.find((m) => m.modelCode === draft.modelCode);
  const options = useMemo(() => optionsOf(draft, model), [draft, model]);

  const loadConversations = useCallback(async (q: string) => {
    const gen = generation.current;
    try {
      const list = await chatConversations(q);
      if (gen === generation.current) setConversations({ status: "ready", value: list });
    } catch (err) {
      if (gen === generation.current) setConversations({ status: "failed", error: toAppError(err) });
    }
  }, []);

  const loadCatalog = useCallback(async (refresh: boolean) => {
    const gen = generation.current;
    setCatalog({ status: "loading" });
    try {
      const result = await modelsCatalog(refresh);
      if (gen !== generation.current) return;
      setCatalog({ status: "ready", value: result.items });
      const usable = result.items.filter((m) => m.chatCapable);
      setDraft((d) => {
        if (d.modelCode && usable.some((m) => m.modelCode === d.modelCode)) return d;
        return { ...EMPTY_DRAFT, systemPrompt: d.systemPrompt, modelCode: usable[0]?.modelCode ?? "" };
      });
    } catch (err) {
      if (gen === generation.current) setCatalog({ status: "failed", error: toAppError(err) });
    }
  }, []);

  // A new context: forget everything and load its own catalog and history.
  useEffect(() => {
    generation.current += 1;
    setCurrentId(null);
    setMessages([]);
    setInFlight(null);
    setSendError(null);
    setQuery("");
    setConversations({ status: "loading" });
    if (contextKey === "none") return;
    void loadCatalog(false);
    void loadConversations("");
    // The conversation that was open last in this context opens again.
    const last = readKept<string>(keptKey(contextKey, "chat.open"));
    if (last) void openRef.current(last);
  }, [contextKey, loadCatalog, loadConversations]);

  useEffect(() => {
    if (contextKey !== "none") writeKept(keptKey(contextKey, "chat.open"), currentId ?? undefined);
  }, [contextKey, currentId]);

  // The model picked from the Models screen while Chat was already loaded.
  useEffect(() => {
    if (chatModels.length === 0) return;
    const preset = takePresetModel();
    if (preset && chatModels.some((m) => m.modelCode === preset)) {
      setDraft((d) => ({ ...d, modelCode: preset, params: {}, format: "text" }));
    }
  }, [chatModels]);

  // Search as the person types (debounced).
  useEffect(() => {
    if (contextKey === "none") return;
    const timer = window.setTimeout(() => void loadConversations(query), 200);
    return () => window.clearTimeout(timer);
  }, [query, contextKey, loadConversations]);

  // The core checks the options against the model's parameterSpec as they change. A
  // failed check is not a verdict (sending reports the real problem): no problems then.
  const checked = useLoad(() => chatCheckOptions(options), contextKey, [options, model], { skip: !model, delayMs: 150 });
  const problems = useMemo(() => (checked.error ? [] : (checked.data ?? [])), [checked.error, checked.data]);

  const open = useCallback(async (id: string | null) => {
    const gen = generation.current;
    setSendError(null);
    if (id === null) {
      setCurrentId(null);
      setMessages([]);
      return;
    }
    setOpening(true);
    try {
      const view = await chatConversation(id);
      if (gen !== generation.current) return;
      setCurrentId(view.conversation.id);
      setMessages(view.messages);
      setDraft(draftOf(view.options));
    } catch (err) {
      if (gen === generation.current) setSendError(toAppError(err));
    } finally {
      if (gen === generation.current) setOpening(false);
    }
  }, []);
  const openRef = useRef(open);
  openRef.current = open;

  /** Runs one request and feeds its events into the open conversation. */
  const run = useCallback(
    async (start: (onEvent: (event: ChatEvent) => void) => Promise<ChatMessage>): Promise<boolean> => {
      const gen = generation.current;
      const announcer = new StreamAnnouncer();
      setSendError(null);
      setInFlight("pending");
      // One render per frame however fast the deltas come (see deltaBatcher.ts).
      const deltas = createDeltaBatcher((batch) => {
        if (gen !== generation.current) return;
        setMessages((prev) => {
          let next = prev;
          for (const [id, text] of batch) next = appendText(next, id, text);
          return next;
        });
      });
      const onEvent = (event: ChatEvent) => {
        if (gen !== generation.current) return;
        switch (event.type) {
          case "started":
            setCurrentId(event.conversation.id);
            setInFlight(event.reply.id);
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
      try {
        const final = await start(onEvent);
        deltas.flushNow();
        if (gen === generation.current) setMessages((prev) => placeReply(prev, final));
        return true;
      } catch (err) {
        deltas.flushNow();
        announcer.cancel();
        if (gen === generation.current) setSendError(toAppError(err));
        return false;
      } finally {
        if (gen === generation.current) {
          setInFlight(null);
          void loadConversations(queryRef.current);
        }
      }
    },
    [loadConversations],
  );

  const send = useCallback(
    (text: string) => run((onEvent) => chatSend({ conversationId: currentId, text, options }, onEvent)),
    [run, currentId, options],
  );

  const retry = useCallback((replyId: string) => run((onEvent) => chatRetry(replyId, onEvent)), [run]);

  const regenerate = useCallback(
    (replyId: string) => run((onEvent) => chatRegenerate(replyId, options, onEvent)),
    [run, options],
  );

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
      void loadConversations(queryRef.current);
    },
    [loadConversations],
  );

  const deleteConversation = useCallback(
    async (id: string) => {
      await chatDeleteConversation(id);
      if (id === currentId) {
        setCurrentId(null);
        setMessages([]);
      }
      void loadConversations(queryRef.current);
    },
    [currentId, loadConversations],
  );

  return {
    contextKey,
    catalog,
    chatModels,
    model,
    conversations,
    query,
    setQuery,
    currentId,
    messages,
    opening,
    draft,
    setDraft,
    options,
    problems,
    inFlight,
    sendError,
    dismissSendError: () => setSendError(null),
    reloadCatalog: () => void loadCatalog(true),
    reloadConversations: () => void loadConversations(queryRef.current),
    open,
    send,
    retry,
    regenerate,
    editResend,
    stop,
    deleteMessage,
    deleteConversation,
  };
}

export type ChatController = ReturnType<typeof useChat>;
