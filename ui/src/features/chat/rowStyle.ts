// Sizes and places of the message log's rows, set from code (no style="…" in markup).

/** Writes a style only when it changes: a streaming reply re-renders the list every frame. */
export function setStyle(node: HTMLElement, name: "height" | "transform", value: string) {
  if (node.style[name] !== value) node.style[name] = value;
}

/** A CSS length in px, or `fallback` when it is not one. */
export function px(value: string | undefined, fallback: number): number {
  const n = Number.parseFloat(value ?? "");
  return Number.isFinite(n) ? n : fallback;
}
