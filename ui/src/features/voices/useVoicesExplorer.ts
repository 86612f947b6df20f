// The TTS explorer's state for one context: the kept choices (configuration, voice,
// voices to compare, the draft), the ledger's version, what settled clips changed
// (useSettledClips.ts), the estimate (useSpeechEstimate.ts) and Synthesize (useSynthesis.ts).

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";

import { keptKey, useKept } from "../../app/keep";
import type { Clip, SpeechRequest, Voice } from "../../ipc";
import type { Draft } from "./Composer";
import { useSettledClips } from "./useSettledClips";
import { useSpeechEstimate } from "./useSpeechEstimate";
import { useSynthesis } from "./useSynthesis";
import { useTtsCatalog } from "./useTtsCatalog";

const EMPTY_DRAFT: Draft = { text: "", format: "", params: {} };

export function useVoicesExplorer(props: { contextKey: string; sessionId: string }) {
  // The work in progress outlives a visit to another screen (kept per context).
  const [configId, setConfigId] = useKept<string | null>(keptKey(props.contextKey, "voices.config"), null);
  const [voiceId, setVoiceId] = useKept<string | null>(keptKey(props.contextKey, "voices.voice"), null);
  const [compareIds, setCompareIds] = useKept<string[]>(keptKey(props.contextKey, "voices.compare"), []);
  const [draft, setDraft] = useKept<Draft>(keptKey(props.contextKey, "voices.draft"), EMPTY_DRAFT);
  const seenConfig = useRef(configId);
  const resultRef = useRef<HTMLDivElement>(null);
  const [ledgerVersion, setLedgerVersion] = useState(0);
  const [ledgerClips, setLedgerClips] = useState<Clip[]>([]);
  const [comparing, setComparing] = useState(false);

  const { load, loadCatalog, keptAtMount } = useTtsCatalog(props.contextKey, props.sessionId, setConfigId);

  const { totals, loadTotals, countingVersion, countingOf } = useSettledClips(props.sessionId);

  useEffect(() => {
    void loadCatalog(keptAtMount);
    loadTotals();
  }, [loadCatalog, loadTotals, keptAtMount]);

  const catalog = load.status === "ready" ? load.catalog : null;
  const config = catalog?.configs.find((c) => c.ttsConfigId === configId) ?? null;
  const voice = config?.voices.find((v) => v.voiceId === voiceId) ?? null;
  const compareVoices = useMemo(
    () => compareIds.map((id) => config?.voices.find((v) => v.voiceId === id)).filter((v): v is Voice => v !== undefined),
    [compareIds, config],
  );

  // A new configuration: no voice chosen, its first format, nothing to compare. Coming
  // back to the screen with the same configuration keeps what was chosen. A layout effect:
  // it runs before the new voice list is painted, so a voice picked at once is never
  // cleared afterwards (a plain effect ran a frame later and undid a quick pick).
  useLayoutEffect(() => {
    const id = config?.ttsConfigId;
    if (id === undefined || id === seenConfig.current) return;
    seenConfig.current = id;
    setVoiceId(null);
    setCompareIds([]);
    setDraft((d) => ({ ...d, format: config?.outputFormats[0] ?? "" }));
  }, [config?.ttsConfigId]);

  const request = useCallback(
    (vid: string): SpeechRequest => ({
      ttsConfigId: config?.ttsConfigId ?? "",
      voiceId: vid,
      input: draft.text,
      responseFormat: draft.format,
      params: draft.params,
    }),
    [config?.ttsConfigId, draft],
  );

  const { estimate, estimating } = useSpeechEstimate(config, voiceId, draft, countingVersion, request);
  const counting = countingOf(config);

  // The voice Synthesize will use: only once its configuration is loaded for this
  // context, so the button is never enabled for a click that would do nothing.
  const ready = config ? voice : null;
  const { busy, lastClip, actionError, retryingId, synthesize, retry } = useSynthesis({
    request,
    voice: ready,
    // A settled clip is told by the core (see above); one still pending is not, so the
    // ledger is read again to show it.
    onClip: (clip) => {
      if (clip.status === "pending") setLedgerVersion((n) => n + 1);
    },
    // A first use changes the clone's state (and takes its tariff off the next estimate).
    onFirstUse: () => void loadCatalog(true),
  });

  // The result of Synthesize (or its error) is brought into view next to the click.
  useEffect(() => {
    if (!lastClip && !actionError) return;
    resultRef.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [lastClip?.id, actionError]);

  const labelFor = useCallback(
    (clipId: string) => {
      const clip = ledgerClips.find((c) => c.id === clipId) ?? (lastClip?.id === clipId ? lastClip : null);
      return clip ? `${clip.voiceName} · ${clip.configName}` : null;
    },
    [ledgerClips, lastClip],
  );

  return {
    configId,
    setConfigId,
    voiceId,
    setVoiceId,
    compareIds,
    setCompareIds,
    draft,
    setDraft,
    resultRef,
    totals,
    ledgerVersion,
    setLedgerClips,
    comparing,
    setComparing,
    load,
    loadCatalog,
    catalog,
    config,
    compareVoices,
    estimate,
    estimating,
    counting,
    ready,
    busy,
    lastClip,
    actionError,
    retryingId,
    synthesize,
    retry,
    labelFor,
  };
}

export type VoicesExplorer = ReturnType<typeof useVoicesExplorer>;
