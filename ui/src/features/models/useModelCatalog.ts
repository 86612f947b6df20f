// The active context's model catalog, read when the Models screen opens and again on
// Refresh; an answer that arrives after the screen closed is dropped. The last catalog
// shown is kept for the context (app/keep.ts): coming back shows it at once, not a
// skeleton, and reads it again quietly.

import { useEffect, useRef, useState } from "preact/hooks";

import { keptKey, readKept, writeKept } from "../../app/keep";
import { useActiveContextKey } from "../../app/sessions";
import { type AppError, type ModelCatalog, modelsCatalog, toAppError } from "../../ipc";

type Load = { status: "loading" } | { status: "ready"; catalog: ModelCatalog } | { status: "failed"; error: AppError };

export function useModelCatalog() {
  const slot = keptKey(useActiveContextKey(), "models.catalog");
  const [load, setLoad] = useState<Load>(() => {
    const kept = readKept<ModelCatalog>(slot);
    return kept ? { status: "ready", catalog: kept } : { status: "loading" };
  });
  const [refreshing, setRefreshing] = useState(false);
  const alive = useRef(true);
  const shown = useRef(load.status === "ready");

  const fetchCatalog = async (refresh: boolean) => {
    if (refresh) setRefreshing(true);
    try {
      const catalog = await modelsCatalog(refresh);
      if (!alive.current) return;
      writeKept(slot, catalog);
      shown.current = true;
      setLoad({ status: "ready", catalog });
    } catch (err) {
      // A quiet read behind a kept catalog keeps it; Refresh says what failed.
      if (alive.current && (refresh || !shown.current)) setLoad({ status: "failed", error: toAppError(err) });
    } finally {
      if (alive.current) setRefreshing(false);
    }
  };

  useEffect(() => {
    alive.current = true;
    void fetchCatalog(false);
    return () => {
      alive.current = false;
    };
  }, []);

  return { load, refreshing, fetchCatalog };
}
