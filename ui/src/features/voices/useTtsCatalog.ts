// The active context's TTS catalog for the explorer: loaded once, again on demand, and
// quietly (keeping what is shown) after a first use changes a clone's state. A slow
// answer for a context that is no longer active is dropped. The last catalog shown is
// kept for the context (app/keep.ts), so coming back shows it at once, not a skeleton.

import { useCallback, useState } from "preact/hooks";

import { keptKey, readKept, writeKept } from "../../app/keep";
import { type AppError, type TtsCatalog, toAppError, ttsCatalog } from "../../ipc";

export type CatalogLoad = { status: "loading" } | { status: "failed"; error: AppError } | { status: "ready"; catalog: TtsCatalog };

export function useTtsCatalog(
  contextKey: string,
  sessionId: string,
  setConfigId: (update: (current: string | null) => string | null) => void,
): { load: CatalogLoad; loadCatalog: (quiet?: boolean) => Promise<void>; keptAtMount: boolean } {
  const slot = keptKey(contextKey, "voices.catalog");
  const [load, setLoad] = useState<CatalogLoad>(() => {
    const kept = readKept<TtsCatalog>(slot);
    return kept && kept.sessionId === sessionId ? { status: "ready", catalog: kept } : { status: "loading" };
  });
  // Back on the screen with the catalog kept: it stays on screen while it is read again.
  const [keptAtMount] = useState(load.status === "ready");
  const loadCatalog = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoad({ status: "loading" });
      try {
        const catalog = await ttsCatalog();
        // A slow answer for a context that is no longer active is dropped.
        if (catalog.sessionId !== sessionId) return;
        writeKept(slot, catalog);
        setLoad({ status: "ready", catalog });
        setConfigId((current) =>
          current && catalog.configs.some((c) => c.ttsConfigId === current) ? current : (catalog.configs[0]?.ttsConfigId ?? null),
        );
      } catch (err) {
        if (!quiet) setLoad({ status: "failed", error: toAppError(err) });
      }
    },
    [sessionId, slot],
  );
  return { load, loadCatalog, keptAtMount };
}
