// The one store primitive: Nano Stores (`nanostores`, with `@nanostores/preact`). A store
// is a module-level `atom` (or `computed` from other stores) plus the functions that change
// it; components read it with `useStore`, which re-renders them when it changes.
//
// Chosen over @preact/signals by what the window does: Tauri's `freezePrototype` freezes
// `Object.prototype` before any script runs, and signals-core assigns
// `Signal.prototype.toString`/`valueOf` at load ("the override mistake"), which throws
// there, so no screen renders. Nano Stores assigns nothing to prototypes;
// test/app/frozenPrototype.test.ts loads every store under a frozen prototype.

import { useStore } from "@nanostores/preact";
import { atom, computed, onMount, type PreinitializedWritableAtom, type ReadableAtom, type WritableAtom } from "nanostores";

export { atom, computed, onMount, type ReadableAtom, useStore, type WritableAtom };

/**
 * An atom that runs `watched` when its first listener arrives and `unwatched` a second
 * after the last one leaves (a reader in a component, or a `listen` elsewhere). Note that
 * `get()` on it with no listener starts it for that second too; read `.value` for the
 * bare current value.
 */
export function watchedAtom<T>(initial: T, hooks: { watched: () => void; unwatched: () => void }): PreinitializedWritableAtom<T> {
  const store = atom(initial);
  onMount(store, () => {
    hooks.watched();
    return hooks.unwatched;
  });
  return store;
}
