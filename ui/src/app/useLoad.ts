// The one load-state hook: what a screen shows while it asks the core for something.
// It owns the rules every screen needs, so none re-implements them with a generation
// counter of its own:
//   - a new `key` (another context, another scope) clears what was shown first, so one
//     key's data never appears under another;
//   - a change of `deps` (a new reading, a filter, a retry) reloads in place;
//   - an answer that arrives after a newer request was made is dropped;
//   - a failure keeps the last good data next to the error.

import { useCallback, useEffect, useRef, useState } from "preact/hooks";

import { type AppError, toAppError } from "../ipc";

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
  const { delayMs = 0, skip = false, hold = false } = options;
  const [state, setState] = useState<State<T>>({ key, data: null, error: null, loading: !skip && !hold });
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
    setState((prev) => (prev.key === key ? { ...prev, loading: true } : { key, data: null, error: null, loading: true }));
    const run = () => {
      loadRef
        .current()
        .then((data) => {
          if (generation.current === mine) setState({ key, data, error: null, loading: false });
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
  const update = useCallback((change: (data: T | null) => T | null) => setState((prev) => ({ ...prev, data: change(prev.data) })), []);
  const current = state.key === key ? state : { data: null, error: null, loading: !skip && !hold };
  return { data: current.data, error: current.error, loading: current.loading, reload, update };
}
