// The one store primitive: `@preact/signals`. A store is a module-level `signal` (or
// `computed`) plus the functions that change it; components read `.value` through
// `useStore`, which re-renders them when (and only when) the value changes.
//
// Importing `@preact/signals` (rather than `@preact/signals-core`) also installs its
// Preact integration, so a component that reads a signal during render re-renders on
// its own; `useStore` makes that explicit at the call site.

import { batch, computed, effect, signal, untracked, type ReadonlySignal, type Signal } from "@preact/signals";

export { batch, computed, effect, signal, untracked, type ReadonlySignal, type Signal };

/** The store's current value; re-renders the caller when it changes (`Object.is`). */
export function useStore<T>(store: ReadonlySignal<T>): T {
  return store.value;
}

/**
 * Calls `listener` on every later change of `store` (not with the current value):
 * the `subscribe` of the hand-rolled stores this primitive replaced. Returns the disposer.
 */
export function onChange<T>(store: ReadonlySignal<T>, listener: (value: T) => void): () => void {
  let first = true;
  return effect(() => {
    const value = store.value;
    if (first) {
      first = false;
      return;
    }
    // Outside the tracking scope: the listener's own reads don't re-run this effect.
    untracked(() => listener(value));
  });
}
