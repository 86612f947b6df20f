import { useCallback, useEffect, useRef, useState } from "preact/hooks";

import { toAppError, type AppError } from "../../ipc";

export interface Loaded<T> {
  data: T | null;
  error: AppError | null;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads `load()` whenever `contextKey` or `version` changes. A new `contextKey` clears
 * what was shown first, so one context's data never appears under another; a new
 * `version` reloads in place. Answers that arrive after a newer request are dropped.
 */
export function useLoad<T>(load: () => Promise<T>, contextKey: string, version: unknown = 0): Loaded<T> {
  const [state, setState] = useState<{ key: string; data: T | null; error: AppError | null; loading: boolean }>({
    key: contextKey,
    data: null,
    error: null,
    loading: true,
  });
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const mine = ++generation.current;
    setState((prev) =>
      prev.key === contextKey
        ? { ...prev, loading: true }
        : { key: contextKey, data: null, error: null, loading: true },
    );
    loadRef
      .current()
      .then((data) => {
        if (generation.current === mine) setState({ key: contextKey, data, error: null, loading: false });
      })
      .catch((err: unknown) => {
        if (generation.current === mine) {
          setState((prev) => ({ ...prev, key: contextKey, error: toAppError(err), loading: false }));
        }
      });
  }, [contextKey, version, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const current = state.key === contextKey ? state : { data: null, error: null, loading: true };
  return { data: current.data, error: current.error, loading: current.loading, reload };
}
