// What the Chat screen lists for the active context: the chat-capable models of its
// catalog and its conversations (filtered by the search). Answers are applied only while
// their context is current (`generation` unchanged); useChat resets both on a new context.

import type { RefObject } from "preact";
import { useCallback, useMemo, useRef, useState } from "preact/hooks";

import { type AppError, type ConversationSummary, chatConversations, type ModelEntry, modelsCatalog, toAppError } from "../../ipc";
import { type Draft, EMPTY_DRAFT } from "./draft";

/** A list being loaded for the active context. */
export type Load<T> = { status: "loading" } | { status: "ready"; value: T } | { status: "failed"; error: AppError };

/** The catalog; a load keeps the draft's model if it can chat, else picks the first that can. */
export function useChatCatalog(generation: RefObject<number>, setDraft: (update: (d: Draft) => Draft) => void) {
  const [catalog, setCatalog] = useState<Load<ModelEntry[]>>({ status: "loading" });
  const chatModels = useMemo(() => (catalog.status === "ready" ? catalog.value.filter((m) => m.chatCapable) : []), [catalog]);
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
  return { catalog, chatModels, loadCatalog };
}

/** The conversation list and its search text. */
export function useConversationList(generation: RefObject<number>) {
  const [conversations, setConversations] = useState<Load<ConversationSummary[]>>({ status: "loading" });
  const [query, setQuery] = useState("");
  const queryRef = useRef(query);
  queryRef.current = query;
  const loadConversations = useCallback(async (q: string) => {
    const gen = generation.current;
    try {
      const list = await chatConversations(q);
      if (gen === generation.current) setConversations({ status: "ready", value: list });
    } catch (err) {
      if (gen === generation.current) setConversations({ status: "failed", error: toAppError(err) });
    }
  }, []);
  /** Re-reads the list with the current search. */
  const reloadConversations = useCallback(() => void loadConversations(queryRef.current), [loadConversations]);
  return { conversations, setConversations, query, setQuery, loadConversations, reloadConversations };
}
