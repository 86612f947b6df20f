// The open conversation's messages, windowed: only the messages near the view (plus an
// overscan) are in the DOM, the rest are the height of the list around them, so a
// thousand-message conversation costs what twenty do. Each message is measured once when
// it appears and again only when its size changes (a streaming reply, an opened edit box),
// by one ResizeObserver; sizes are kept by message id, unmeasured ones are estimated.
//
// Kept from the plain list: the view follows a streaming reply and new messages while it
// is at the bottom, and stays where it is once the person scrolled up; it goes to the
// bottom when the conversation opens and when the person sends. The message holding focus
// (or that last held it) stays mounted however far it is scrolled away, so Tab, screen
// readers and a closing dialog never lose it, and so does one whose edit box is open, so a
// half-written edit is not lost.
// Replies are announced by useChat's announcer (the log itself is aria-live="off").

import type { ComponentChildren } from "preact";
import { defaultRangeExtractor, type Range } from "@tanstack/virtual-core";
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";

import { useVirtualizer } from "../../components/useVirtualizer";
import type { ChatMessage } from "../../ipc";
import { MessageView, type MessageActions } from "./MessageView";

/** Messages rendered beyond each edge of the view. */
export const OVERSCAN = 6;
/** Closer to the bottom than this (px) counts as "at the bottom": the view follows. */
export const STICK_PX = 48;

/** A first guess at a message's height before it has been measured (px). */
export function estimateHeight(m: ChatMessage): number {
  const lines = m.content.split("\n").reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 80)), 0);
  return 72 + Math.min(lines, 200) * 22;
}

/** Writes a style only when it changes: a streaming reply re-renders the list every frame. */
function setStyle(node: HTMLElement, name: "height" | "transform", value: string) {
  if (node.style[name] !== value) node.style[name] = value;
}

function px(value: string | undefined, fallback: number): number {
  const n = Number.parseFloat(value ?? "");
  return Number.isFinite(n) ? n : fallback;
}

export function MessageList(props: {
  messages: ChatMessage[];
  busy: boolean;
  modelName: (code: string | undefined) => string;
  actions: MessageActions;
  label: string;
  /** Shown after the messages (the send error), inside the scrolling log. */
  children?: ComponentChildren;
}) {
  const { messages } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useRef<HTMLDivElement>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  // Messages whose edit box is open: kept mounted, so a half-written edit is not lost.
  const [editingIds, setEditingIds] = useState<ReadonlySet<string>>(new Set());
  const actions = useMemo<MessageActions>(
    () => ({
      ...props.actions,
      onEditing: (id, editing) => {
        setEditingIds((prev) => {
          if (prev.has(id) === editing) return prev;
          const next = new Set(prev);
          if (editing) next.add(id);
          else next.delete(id);
          return next;
        });
        props.actions.onEditing?.(id, editing);
      },
    }),
    [props.actions],
  );
  // The list's own spacing (padding and gap in chat.css), read once it is laid out.
  const [spacing, setSpacing] = useState({ top: 16, gap: 16 });

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
  // The messages in view, and the pinned ones.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const extra = pinned.filter((i) => !indexes.includes(i));
      return extra.length === 0 ? indexes : [...indexes, ...extra].sort((a, b) => a - b);
    },
    [pinned],
  );

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLElement>({
    count: messages.length,
    getScrollElement: () => scroller.current,
    getItemKey,
    estimateSize,
    rangeExtractor,
    overscan: OVERSCAN,
    gap: spacing.gap,
    scrollMargin: spacing.top,
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: STICK_PX,
    // The list's height follows at once, before the re-render: a scroll the virtualizer
    // writes for a grown message (staying at the bottom) must not be clamped to the old end.
    onChange: (instance) => {
      if (rows.current) setStyle(rows.current, "height", `${instance.getTotalSize()}px`);
    },
  });
  const items = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || typeof getComputedStyle !== "function") return;
    const style = getComputedStyle(el);
    const top = px(style.paddingTop, 16);
    const gap = px(style.rowGap, 16);
    setSpacing((prev) => (prev.top === top && prev.gap === gap ? prev : { top, gap }));
  }, []);

  // Sizes and places are set from code (no style="…" in markup, see ui/README.md).
  useLayoutEffect(() => {
    const list = rows.current;
    if (!list) return;
    setStyle(list, "height", `${total}px`);
    const starts = new Map(items.map((item) => [item.index, item.start - spacing.top]));
    for (const node of Array.from(list.children)) {
      if (!(node instanceof HTMLElement)) continue;
      const start = starts.get(Number(node.dataset.index));
      if (start === undefined) continue;
      setStyle(node, "transform", `translateY(${start}px)`);
      // Observes a newly rendered message (its first measurement); a known one is left alone.
      virtualizer.measureElement(node);
    }
  });

  // Opening the conversation shows its end.
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, [virtualizer]);

  // Sending goes to the bottom even from far up: the person wants to see their message.
  const known = useRef(new Set(messages.map((m) => m.id)));
  useLayoutEffect(() => {
    const sent = messages.slice(-2).some((m) => m.role === "user" && !known.current.has(m.id));
    for (const m of messages) known.current.add(m.id);
    if (sent) virtualizer.scrollToEnd();
  }, [messages, virtualizer]);

  // The message focus was last in stays pinned after focus leaves the log too (one extra
  // message at most): a dialog it opened gives focus back to its button when it closes.
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-message-id]") : null;
    if (target?.dataset.messageId) setFocusedId(target.dataset.messageId);
  };

  return (
    <div
      class="chat-main__body"
      ref={scroller}
      onFocusIn={onFocusIn}
      data-testid="chat-messages"
      data-count={messages.length}
      role="log"
      aria-live="off"
      aria-label={props.label}
    >
      <div class="chat-rows" ref={rows}>
        {items.map((item) => {
          const m = messages[item.index];
          if (!m) return null;
          return (
            <MessageView
              key={m.id}
              message={m}
              index={item.index}
              count={messages.length}
              busy={props.busy}
              modelName={m.role === "assistant" ? props.modelName(m.receipt?.modelCode) : ""}
              actions={actions}
            />
          );
        })}
      </div>
      {props.children}
    </div>
  );
}
