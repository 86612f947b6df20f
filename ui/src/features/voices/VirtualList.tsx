// A virtualized single-select listbox: only the rows in view (plus a few) are in the DOM, so ten thousand voices
// scroll as smoothly as ten. Keyboard: arrows, Home/End, PageUp/PageDown move; Enter or Space selects. Sizes are set
// from code (no inline styles in markup); every row has the same height, `rowHeight`, matching the CSS.

import type { ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";

import { keyTarget } from "./listboxKeys";
import { useViewportHeight } from "./useViewportHeight";

const OVERSCAN = 6;

export function VirtualListbox<T>(props: {
  items: readonly T[];
  rowHeight: number;
  /** The list grows with its rows up to this many, then scrolls. */
  maxRows: number;
  label: string;
  idPrefix: string;
  getKey: (item: T) => string;
  isDisabled: (item: T) => boolean;
  selectedKey: string | null;
  onSelect: (item: T) => void;
  renderRow: (item: T, flags: { selected: boolean; active: boolean }) => ComponentChildren;
  /** Resets the scroll position when it changes (a new search or sort). */
  resetKey: string;
  class?: string;
  "data-testid"?: string;
}) {
  const { items, rowHeight } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  const windowRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState(0);
  const viewport = useViewportHeight(scroller);

  useEffect(() => {
    setActive(0);
    setScrollTop(0);
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [props.resetKey]);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + viewport) / rowHeight) + OVERSCAN);

  useLayoutEffect(() => {
    if (scroller.current) {
      // Exactly the rows (the border is on the frame around), so a short list shows no scrollbar.
      scroller.current.style.height = `${Math.max(1, Math.min(items.length, props.maxRows)) * rowHeight}px`;
    }
    if (spacer.current) spacer.current.style.height = `${items.length * rowHeight}px`;
    if (windowRef.current) windowRef.current.style.transform = `translateY(${first * rowHeight}px)`;
  }, [items.length, rowHeight, first, props.maxRows]);

  const activeIndex = Math.min(active, Math.max(0, items.length - 1));

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setActive(next);
    const node = scroller.current;
    if (!node) return;
    const top = next * rowHeight;
    if (top < node.scrollTop) node.scrollTop = top;
    else if (top + rowHeight > node.scrollTop + node.clientHeight) node.scrollTop = top + rowHeight - node.clientHeight;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (items.length === 0) return;
    const page = Math.max(1, Math.floor(viewport / rowHeight) - 1);
    const target = keyTarget(event.key, activeIndex, items.length, page);
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      const item = items[activeIndex];
      if (item !== undefined && !props.isDisabled(item)) {
        event.preventDefault();
        props.onSelect(item);
      }
    }
  };

  const rows: ComponentChildren[] = [];
  for (let i = first; i < last; i++) {
    const item = items[i];
    if (item === undefined) continue;
    const key = props.getKey(item);
    const selected = key === props.selectedKey;
    const disabled = props.isDisabled(item);
    rows.push(
      // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: an aria-activedescendant listbox (APG): the listbox holds focus and its onKeyDown moves and selects; options take no focus
      <div
        key={key}
        id={`${props.idPrefix}-${i}`}
        role="option"
        aria-selected={selected ? "true" : "false"}
        aria-disabled={disabled ? "true" : undefined}
        aria-setsize={items.length}
        aria-posinset={i + 1}
        class={`vlist__row${selected ? " is-selected" : ""}${i === activeIndex ? " is-active" : ""}${disabled ? " is-disabled" : ""}`}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          setActive(i);
          scroller.current?.focus();
          if (!disabled) props.onSelect(item);
        }}
      >
        {props.renderRow(item, { selected, active: i === activeIndex })}
      </div>,
    );
  }

  // The rounded border is on a frame that does not scroll: a scroller with rounded corners
  // clips its scrolled content to them, which WebKitGTK repaints in full on every scroll.
  return (
    <div class="vlist-frame">
      <div
        ref={scroller}
        class={`vlist${props.class ? ` ${props.class}` : ""}`}
        role="listbox"
        tabIndex={0}
        aria-label={props.label}
        aria-activedescendant={items.length > 0 ? `${props.idPrefix}-${activeIndex}` : undefined}
        onKeyDown={onKeyDown}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        data-testid={props["data-testid"]}
        data-count={items.length}
      >
        <div ref={spacer} class="vlist__spacer">
          <div ref={windowRef} class="vlist__window">
            {rows}
          </div>
        </div>
      </div>
    </div>
  );
}
