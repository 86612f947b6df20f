// The active context's model catalog, read once when the Models screen opens and again on
// Refresh; an answer that arrives after the screen closed is dropped.

import { useEffect, useRef, useState } from "preact/hooks";

import { type AppError, type ModelCatalog, modelsCatalog, toAppError } from "../../ipc";

type Load = { status: "loading" } | { status: "ready"; catalog: ModelCatalog } | { status: "failed"; error: AppError };

export function useModelCatalog() {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [refreshing, setRefreshing] = useState(false);
  const alive = useRef(true);

  const fetchCatalog = async (refresh: boolean) => {
    if (refresh) setRefreshing(true);
    try {
      const catalog = await modelsCatalog(refresh);
      if (alive.current) setLoad({ status: "ready", catalog });
    } catch (err) {
      if (alive.current) setLoad({ status: "failed", error: toAppError(err) });
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
