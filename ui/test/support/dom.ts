// The element a component test renders into: a fresh <div> in the document before each
// test, rendered empty (effects cleaned up) and removed after it.
//
//   let root: HTMLElement;
//   mountRoot((el) => (root = el));

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach } from "vitest";

export function mountRoot(use: (root: HTMLElement) => void): void {
  let root: HTMLElement | null = null;
  beforeEach(() => {
    root = document.createElement("div");
    document.body.append(root);
    use(root);
  });
  afterEach(() => {
    if (!root) return;
    const el = root;
    act(() => render(null, el));
    el.remove();
    root = null;
  });
}
