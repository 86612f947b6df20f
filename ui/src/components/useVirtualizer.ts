// Preact's binding for @tanstack/virtual-core (it has none of its own; the React one is
// these same few lines): one Virtualizer per component, its options set on every render,
// a re-render whenever its range or sizes change. The virtualizer measures the rows it is
// given through `measureElement` with one ResizeObserver and keeps each size by the row's
// key, so a row is measured when it changes size, not re-laid out every frame.

import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  type PartialKeys,
  Virtualizer,
  type VirtualizerOptions,
} from "@tanstack/virtual-core";
import { useLayoutEffect, useReducer, useState } from "preact/hooks";

export type ElementVirtualizerOptions<S extends Element, I extends Element> = PartialKeys<
  VirtualizerOptions<S, I>,
  "observeElementRect" | "observeElementOffset" | "scrollToFn"
>;

/** A virtualizer over a scrolling element, re-rendering the component as it changes. */
export function useVirtualizer<S extends Element, I extends Element>(options: ElementVirtualizerOptions<S, I>): Virtualizer<S, I> {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const resolved: VirtualizerOptions<S, I> = {
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    ...options,
    onChange: (instance, sync) => {
      rerender(0);
      options.onChange?.(instance, sync);
    },
  };
  const [instance] = useState(() => new Virtualizer<S, I>(resolved));
  instance.setOptions(resolved);
  useLayoutEffect(() => instance._didMount(), [instance]);
  // Every render: picks up the scroll element once it exists (and a new one if it changed).
  useLayoutEffect(() => instance._willUpdate());
  return instance;
}
