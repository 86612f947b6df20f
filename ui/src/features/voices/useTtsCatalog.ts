// The active context's TTS catalog for the explorer: loaded once, again on demand, and
// quietly (keeping what is shown) after a first use changes a clone's state. A slow
// answer for a context that is no longer active is dropped.

import { useCallback, useState } from "preact/hooks";

import { type AppError, type TtsCatalog, toAppError, ttsCatalog } from "../../ipc";

export type CatalogLoad = { status: "loading" } | { status: "failed"; error: AppError } | { status: "ready"; catalog: TtsCatalog };

export function useTtsCatalog(
  sessionId: string,
  setConfigId: (update: (current: string | null) => string | null) => void,
): { load: CatalogLoad; loadCatalog: (quiet?: boolean) => Promise<void> } {
  const [load, setLoad] = useState<CatalogLoad>({ status: "loading" });
  const loadCatalog = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoad({ status: "loading" });
      try {
        const catalog = await ttsCatalog();
        // A slow answer for a context that is no longer active is dropped.
        if (catalog.sessionId !== sessionId) return;
        setLoad({ status: "ready", catalog });
        setConfigId((current) =>
          current && catalog.configs.some((c) => c.ttsConfigId === current) ? current : (catalog.configs[0]?.ttsConfigId ?? null),
        );
      } catch (err) {
        if (!quiet) setLoad({ status: "failed", error: toAppError(err) });
      }
    },
    [sessionId],
  );
  return { load, loadCatalog };
}
