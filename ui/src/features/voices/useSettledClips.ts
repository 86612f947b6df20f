// What the settled clips of one context changed, as the core tells it with each clip
// (`clipSettled`): the context's totals and the counting rule the clip's configuration has
// now. Nothing is read back after a clip; the totals are read once, when the screen opens,
// and again only when the core could not read them just then.

import { useCallback, useEffect, useRef, useState } from "preact/hooks";

import { type ConfigCounting, onAppEvent, type TtsConfig, type TtsTotals, ttsTotals } from "../../ipc";

export function useSettledClips(sessionId: string) {
  const [totals, setTotals] = useState<TtsTotals | null>(null);
  // Counting rules settled clips have taught since the catalog was read, per configuration.
  const taught = useRef<Record<string, ConfigCounting>>({});
  // Changes when a rule changes, so the estimate is made again.
  const [countingVersion, setCountingVersion] = useState(0);

  const loadTotals = useCallback(() => {
    ttsTotals()
      .then(setTotals)
      .catch(() => setTotals(null));
  }, []);

  useEffect(() => {
    // What one context's clips taught says nothing of another's.
    taught.current = {};
    return onAppEvent((event) => {
      if (event.type !== "clipSettled" || event.sessionId !== sessionId) return;
      if (event.totals) setTotals(event.totals);
      else loadTotals();
      const counting = event.counting;
      if (!counting) return;
      const before = taught.current[event.clip.ttsConfigId];
      if (before && JSON.stringify(before) === JSON.stringify(counting)) return;
      taught.current = { ...taught.current, [event.clip.ttsConfigId]: counting };
      setCountingVersion((n) => n + 1);
    });
  }, [sessionId, loadTotals]);

  /** A configuration's counting rule: the one a clip taught since, or the catalog's. */
  const countingOf = (config: TtsConfig | null): ConfigCounting | null =>
    config ? (taught.current[config.ttsConfigId] ?? config.counting ?? null) : null;

  return { totals, loadTotals, countingVersion, countingOf };
}
