// The height of a scrolling element as laid out (400 px until it is measured), followed
// by a ResizeObserver where there is one.

import type { RefObject } from "preact";
import { useEffect, useState } from "preact/hooks";

export function useViewportHeight(scroller: RefObject<HTMLElement | null>): number {
  const [viewport, setViewport] = useState(400);
  useEffect(() => {
    const node = scroller.current;
    if (!node) return;
    const measure = () => setViewport(node.clientHeight || 400);
    measure();
    const observer = typeof ResizeObserver !== "undefined" ? new ResizeObserver(measure) : null;
    observer?.observe(node);
    return () => observer?.disconnect();
  }, []);
  return viewport;
}
