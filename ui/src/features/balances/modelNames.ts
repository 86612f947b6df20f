// Chat rows name their model as Chat does ("Othan 2.0", not `othan-2.0`): the display
// names come from the active context's catalog (the core's cached copy, read once per
// context). A code the catalog doesn't know, or no catalog (no `model` scope, offline),
// keeps the code.

import { useEffect, useState } from "preact/hooks";

import { getActiveSession, useActiveContextKey } from "../../app/sessions";
import { modelsCatalog } from "../../ipc";

type Names = ReadonlyMap<string, string>;

const EMPTY: Names = new Map();
const known = new Map<string, Names>();
const asked = new Map<string, Promise<Names>>();

function namesFor(contextKey: string): Promise<Names> {
  const pending = asked.get(contextKey);
  if (pending) return pending;
  if (contextKey === "none" || !getActiveSession()?.grantedScopes.includes("model")) return Promise.resolve(EMPTY);
  const read = modelsCatalog(false)
    .then((catalog) => {
      const names: Names = new Map(catalog.items.map((m) => [m.modelCode, m.displayName]));
      known.set(contextKey, names);
      return names;
    })
    .catch(() => {
      // Asked again next time the screen opens.
      asked.delete(contextKey);
      return EMPTY;
    });
  asked.set(contextKey, read);
  return read;
}

/** Model code → display name in the active context (empty until its catalog is read). */
export function useModelNames(): Names {
  const contextKey = useActiveContextKey();
  const [names, setNames] = useState<Names>(() => known.get(contextKey) ?? EMPTY);
  useEffect(() => {
    let live = true;
    setNames(known.get(contextKey) ?? EMPTY);
    void namesFor(contextKey).then((next) => {
      if (live) setNames(next);
    });
    return () => {
      live = false;
    };
  }, [contextKey]);
  return names;
}

/** Forgets what was read (tests). */
export function forgetModelNames(): void {
  known.clear();
  asked.clear();
}
