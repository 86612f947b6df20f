// Which messages of the windowed log stay mounted wherever they are scrolled: the one
// holding focus (or that last held it) and the ones whose edit box is open, so Tab, screen
// readers, a closing dialog and a half-written edit never lose their message. Also the
// first guess at each message's height, made once per message.

import { defaultRangeExtractor, type Range } from "@tanstack/virtual-core";
import { useCallback, useMemo, useRef, useState } from "preact/hooks";

import type { ChatMessage } from "../../ipc";
import type { MessageActions } from "./MessageView";

/**
 * The newest messages of the log are always mounted, wherever the view is: the question and
 * the reply being streamed (or the last one) stay in the document and so in the
 * accessibility tree, where a screen reader's browse mode finds them (a windowed list that
 * dropped them hid replies from NVDA in another client).
 */
export const KEEP_LAST = 2;

/** The rendered indexes: those in view, the pinned ones and the last `KEEP_LAST`, in order. */
export function withPinned(indexes: number[], pinned: readonly number[], count: number): number[] {
  const extra = new Set<number>();
  for (const i of pinned) if (!indexes.includes(i)) extra.add(i);
  for (let i = Math.max(0, count - KEEP_LAST); i < count; i++) if (!indexes.includes(i)) extra.add(i);
  return extra.size === 0 ? indexes : [...indexes, ...extra].sort((a, b) => a - b);
}

/** A first guess at a message's height before it has been measured (px). */
export function estimateHeight(m: ChatMessage): number {
  const lines = m.content.split("\n").reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 80)), 0);
  return 72 + Math.min(lines, 200) * 22;
}

/** The messages kept mounted, as a range extractor, with the actions and focus handler that track them. */
export function usePinnedMessages(messages: ChatMessage[], outer: MessageActions) {
  const [focusedId, setFocusedId] = useState<string | null>(null);
  // Messages whose edit box is open: kept mounted, so a half-written edit is not lost.
  const [editingIds, setEditingIds] = useState<ReadonlySet<string>>(new Set());
  const actions = useMemo<MessageActions>(
    () => ({
      ...outer,
      onEditing: (id, editing) => {
        setEditingIds((prev) => {
          if (prev.has(id) === editing) return prev;
          const next = new Set(prev);
          if (editing) next.add(id);
          else next.delete(id);
          return next;
        });
        outer.onEditing?.(id, editing);
      },
    }),
    [outer],
  );
  // Mounted wherever they are: the focused message and the ones being edited.
  const pinned = useMemo(() => {
    const keep = new Set(editingIds);
    if (focusedId !== null) keep.add(focusedId);
    if (keep.size === 0) return [];
    const indexes: number[] = [];
    messages.forEach((m, i) => {
      if (keep.has(m.id)) indexes.push(i);
    });
    return indexes;
  }, [messages, focusedId, editingIds]);
  // The messages in view, the pinned ones and the newest.
  const rangeExtractor = useCallback(
    (range: Range) => {
      return withPinned(defaultRangeExtractor(range), pinned, range.count);
    },
    [pinned],
  );

  // The message focus was last in stays pinned after focus leaves the log too (one extra
  // message at most): a dialog it opened gives focus back to its button when it closes.
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-message-id]") : null;
    if (target?.dataset.messageId) setFocusedId(target.dataset.messageId);
  };
  return { actions, rangeExtractor, onFocusIn };
}

/** Each message's key and first height guess for the virtualizer. */
export function useMessageEstimates(messages: ChatMessage[]) {
  const getItemKey = useCallback((i: number) => messages[i]?.id ?? i, [messages]);
  // Guessed once per message: the virtualizer asks for every unmeasured one on each change.
  const estimates = useRef(new Map<string, number>());
  const estimateSize = useCallback(
    (i: number) => {
      const m = messages[i];
      if (!m) return 100;
      let guess = estimates.current.get(m.id);
      if (guess === undefined) {
        guess = estimateHeight(m);
        estimates.current.set(m.id, guess);
      }
      return guess;
    },
    [messages],
  );
  return { getItemKey, estimateSize };
}
