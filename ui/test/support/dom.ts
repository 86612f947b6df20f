// The element a component test renders into: a fresh <div> in the document before each
// test, rendered empty (effects cleaned up) and removed after it.
//
//   let root: HTMLElement;
//   mountRoot((el) => (root = el));
//
// `after` runs once the root is gone (e.g. to set the language back).

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach } from "vitest";

export function mountRoot(use: (root: HTMLElement) => void, after?: () => void): void {
  let root: HTMLElement | null = null;
  beforeEach(() => {
    root = document.createElement("div");
    document.body.append(root);
    use(root);
  });
  afterEach(() => {
    if (root) {
      const el = root;
      act(() => render(null, el));
      el.remove();
      root = null;
    }
    after?.();
  });
}
