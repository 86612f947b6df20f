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

/** The first element under `scope` that `selector` matches; when none does, the test fails here, naming the selector. */
export function findIn<E extends Element = HTMLElement>(scope: ParentNode, selector: string): E {
  const found = scope.querySelector<E>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}

/** `value` itself; when it is null or undefined, the test fails here, naming `what`. */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
