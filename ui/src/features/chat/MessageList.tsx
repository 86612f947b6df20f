// The open conversation's messages, windowed: only the messages near the view (plus an
// overscan) are in the DOM, the rest are the height of the list around them, so a
// thousand-message conversation costs what twenty do. Each message is measured once when
// it appears and again only when its size changes (a streaming reply, an opened edit box),
// by one ResizeObserver; sizes are kept by message id, unmeasured ones are estimated.
//
// Kept from the plain list: the view follows a streaming reply and new messages while it
// is at the bottom, and stays where it is once the person scrolled up; it goes to the
// bottom when the conversation opens and when the person sends. The focused message and
// the ones being edited stay mounted however far away, and so do the newest two, for screen
// readers (usePinnedMessages.ts). Replies are announced by streamReply (log: aria-live="off").

import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";

import { useVirtualizer } from "../../components/useVirtualizer";
import type { ChatMessage } from "../../ipc";
import { type MessageActions, MessageView } from "./MessageView";
import { px, setStyle } from "./rowStyle";
import { useMessageEstimates, usePinnedMessages } from "./usePinnedMessages";

export { estimateHeight } from "./usePinnedMessages";

/** Messages rendered beyond each edge of the view. */
export const OVERSCAN = 6;
/** Closer to the bottom than this (px) counts as "at the bottom": the view follows. */
export const STICK_PX = 48;

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
  const { actions, rangeExtractor, onFocusIn } = usePinnedMessages(messages, props.actions);
  // The list's own spacing (padding and gap in chat.css), read once it is laid out.
  const [spacing, setSpacing] = useState({ top: 16, gap: 16 });
  const { getItemKey, estimateSize } = useMessageEstimates(messages);

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
    // Forgets the messages that scrolled out of the page: the virtualizer keeps every element
    // it measured (and its ResizeObserver watches it) until told with `null`, so without this
    // each message ever shown stayed in memory, detached, with its whole rendered reply.
    virtualizer.measureElement(null);
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
