// The one load-state hook: what a screen shows while it asks the core for something.
// It owns the rules every screen needs, so none re-implements them with a generation
// counter of its own:
//   - a new `key` (another context, another scope) clears what was shown first, so one
//     key's data never appears under another;
//   - a change of `deps` (a new reading, a filter, a retry) reloads in place;
//   - an answer that arrives after a newer request was made is dropped;
//   - a failure keeps the last good data next to the error;
//   - with `keep`, the last good data outlives the screen (app/keep.ts): coming back shows
//     it at once, not a skeleton, while it is asked for again quietly.

import { useCallback, useEffect, useRef, useState } from "preact/hooks";

import { type AppError, toAppError } from "../ipc";
import { readKept, writeKept } from "./keep";

export interface Loaded<T> {
  /** The last good answer for this key (kept when a later load fails). */
  data: T | null;
  /** Why the last load failed; null once one succeeds. */
  error: AppError | null;
  loading: boolean;
  /** Asks again, in place. */
  reload: () => void;
  /** Changes what is shown without asking (an appended page, a removed row). */
  update: (change: (data: T | null) => T | null) => void;
}

export interface LoadOptions {
  /** Waits this long after the last change before asking (typing into a field). */
  delayMs?: number;
  /** Nothing to load: shows nothing and asks nothing. */
  skip?: boolean;
  /** Keeps what is shown and asks nothing until released (e.g. while a reply streams). */
  hold?: boolean;
  /**
   * Where the last good data is kept between visits (`keptKey(contextKey, slot)`, one per
   * `key`): a remount starts from it instead of nothing.
   */
  keep?: string;
}

interface State<T> {
  key: string;
  data: T | null;
  error: AppError | null;
  loading: boolean;
}

/**
 * Loads `load()` for `key`, again whenever a value in `deps` changes. `load` may change
 * on every render; the latest one is used.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, deps: unknown = 0, options: LoadOptions = {}): Loaded<T> {
  const { delayMs = 0, skip = false, hold = false, keep } = options;
  const kept = (): T | null => (keep === undefined ? null : (readKept<T>(keep) ?? null));
  const [state, setState] = useState<State<T>>(() => ({ key, data: skip ? null : kept(), error: null, loading: !skip && !hold }));
  const keepRef = useRef(keep);
  keepRef.current = keep;
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const [tick, setTick] = useState(0);
  const depList = Array.isArray(deps) ? (deps as unknown[]) : [deps];

  useEffect(() => {
    const mine = ++generation.current;
    if (hold) {
      setState((prev) => (prev.loading ? { ...prev, loading: false } : prev));
      return;
    }
    if (skip) {
      setState({ key, data: null, error: null, loading: false });
      return;
    }
    setState((prev) => (prev.key === key ? { ...prev, loading: true } : { key, data: kept(), error: null, loading: true }));
    const run = () => {
      loadRef
        .current()
        .then((data) => {
          if (generation.current !== mine) return;
          if (keepRef.current !== undefined) writeKept(keepRef.current, data);
          setState({ key, data, error: null, loading: false });
        })
        .catch((err: unknown) => {
          if (generation.current === mine) setState((prev) => ({ ...prev, key, error: toAppError(err), loading: false }));
        });
    };
    if (delayMs <= 0) {
      run();
      return;
    }
    const timer = window.setTimeout(run, delayMs);
    return () => window.clearTimeout(timer);
  }, [key, skip, hold, tick, ...depList]);

  // Unmounted: no answer lands any more.
  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T | null) => T | null) =>
      setState((prev) => {
        const data = change(prev.data);
        if (keepRef.current !== undefined) writeKept(keepRef.current, data);
        return { ...prev, data };
      }),
    [],
  );
  const current = state.key === key ? state : { data: skip ? null : kept(), error: null, loading: !skip && !hold };
  return { data: current.data, error: current.error, loading: current.loading, reload, update };
}
