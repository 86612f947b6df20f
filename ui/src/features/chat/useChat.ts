// The Chat screen's state for the active context: its catalog, its conversations, the
// open conversation and the request in flight. Everything is dropped and reloaded when
// the paying context changes; answers that arrive for an older context are ignored, so
// one context's conversation never shows in another. The catalog and the conversation
// list are in useChatLists.ts, the requests in useChatRequests.ts (a reply's events in
// streamReply.ts).

import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";

import { keptKey, readKept, useKept, writeKept } from "../../app/keep";
import { takePresetModel } from "../../app/presetModel";
import { useLoad } from "../../app/useLoad";
import { type AppError, type ChatMessage, chatCheckOptions, chatConversation, toAppError } from "../../ipc";
import { type Draft, draftOf, EMPTY_DRAFT, optionsOf } from "./draft";
import { useChatCatalog, useConversationList } from "./useChatLists";
import { useChatRequests } from "./useChatRequests";
import { useSettledCosts } from "./useSettledCosts";

export function useChat(contextKey: string) {
  // Bumped when the context changes: late answers for the previous one are dropped.
  const generation = useRef(0);
  const list = useConversationList(generation);
  const { setConversations, query, setQuery, loadConversations, reloadConversations } = list;
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  useSettledCosts(messages, setMessages);
  const [opening, setOpening] = useState(false);
  // The options being written outlive a visit to another screen (kept per context).
  const [draft, setDraft] = useKept<Draft>(keptKey(contextKey, "chat.options"), EMPTY_DRAFT);
  /** The reply being received ("pending" until the core has journaled it). */
  const [inFlight, setInFlight] = useState<string | null>(null);
  const [sendError, setSendError] = useState<AppError | null>(null);

  const { catalog, chatModels, loadCatalog } = useChatCatalog(generation, setDraft);
  const model = chatModels.find((m) => m.modelCode === draft.modelCode);
  const options = useMemo(() => optionsOf(draft, model), [draft, model]);

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

  // The core checks the options against the model's parameterSpec; a failed check is not a verdict.
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
  const requests = useChatRequests({
    generation,
    currentId,
    messages,
    options,
    inFlight,
    setCurrentId,
    setMessages,
    setInFlight,
    setSendError,
    reloadConversations,
  });

  return {
    contextKey,
    catalog,
    chatModels,
    model,
    conversations: list.conversations,
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
    reloadConversations,
    open,
    ...requests,
  };
}

export type ChatController = ReturnType<typeof useChat>;
