// The TTS explorer. Everything below is keyed by the active context: switching who pays
// throws the whole explorer away and loads that context's catalog, so one context's voices
// are never shown in another.

import "./voices.css";

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";

import { keptKey, useKept } from "../../app/keep";
import { contextName, useActiveContextKey, useActiveSession } from "../../app/sessions";
import { useLoad } from "../../app/useLoad";
import { Button, Card, ErrorState, Panel, Icon, Screen, SkeletonList } from "../../components";
import { t } from "../../i18n";
import {
  ttsEstimate,
  ttsTotals,
  type Clip,
  type CostEstimate,
  type SpeechRequest,
  type TtsTotals,
  type Voice,
} from "../../ipc";
import { SignInFirst } from "../shared/SignInFirst";
import { CompareDialog } from "./CompareDialog";
import { Composer, type Draft } from "./Composer";
import { ConfigPicker } from "./ConfigPicker";
import { hasSpeech } from "./format";
import { Ledger } from "./Ledger";
import { PlayerBar } from "./Player";
import { SynthesisResult } from "./SynthesisResult";
import { useSynthesis } from "./useSynthesis";
import { useTtsCatalog } from "./useTtsCatalog";
import { VoiceBoard } from "./VoiceBoard";

export function VoicesScreen() {
  const session = useActiveSession();
  const contextKey = useActiveContextKey();
  if (!session) {
    return (
      <Screen id="voices" title={t("voices.title")} subtitle={t("voices.subtitle")}>
        <SignInFirst icon="voices" title={t("voices.empty.title")} body={t("voices.empty.body")} />
      </Screen>
    );
  }
  return <Explorer key={contextKey} contextKey={contextKey} sessionId={session.id} contextName={contextName(session)} />;
}

const EMPTY_DRAFT: Draft = { text: "", format: "", params: {} };

function Explorer(props: { contextKey: string; sessionId: string; contextName: string }) {
  // The work in progress outlives a visit to another screen (kept per context).
  const [configId, setConfigId] = useKept<string | null>(keptKey(props.contextKey, "voices.config"), null);
  const [voiceId, setVoiceId] = useKept<string | null>(keptKey(props.contextKey, "voices.voice"), null);
  const [compareIds, setCompareIds] = useKept<string[]>(keptKey(props.contextKey, "voices.compare"), []);
  const [draft, setDraft] = useKept<Draft>(keptKey(props.contextKey, "voices.draft"), EMPTY_DRAFT);
  const seenConfig = useRef(configId);
  const resultRef = useRef<HTMLDivElement>(null);
  const [totals, setTotals] = useState<TtsTotals | null>(null);
  const [ledgerVersion, setLedgerVersion] = useState(0);
  const [ledgerClips, setLedgerClips] = useState<Clip[]>([]);
  const [comparing, setComparing] = useState(false);

  const { load, loadCatalog } = useTtsCatalog(props.sessionId, setConfigId);

  const loadTotals = useCallback(() => {
    ttsTotals()
      .then(setTotals)
      .catch(() => setTotals(null));
  }, []);

  useEffect(() => {
    void loadCatalog();
    loadTotals();
  }, [loadCatalog, loadTotals]);

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

  // The estimate follows the text, voice and configuration as they change; one that
  // can't be made shows none.
  // A new clip may teach the configuration's counting rule: the estimate is made again.
  const estimated = useLoad<CostEstimate>(() => ttsEstimate(request(voiceId ?? "")), "estimate", [config?.ttsConfigId, voiceId, draft.text, ledgerVersion], {
    skip: !config || !hasSpeech(draft.text),
    delayMs: 180,
  });
  const estimate = estimated.error ? null : estimated.data;
  const estimating = estimated.loading;
  // What the chosen configuration's receipts have shown of its count (for the hint under
  // the text, whatever the text): the estimate of one Chinese character says it, locally.
  const countingProbe = useLoad<CostEstimate>(
    () => ttsEstimate({ ...request(voiceId ?? ""), input: "字" }),
    `counting:${config?.ttsConfigId ?? ""}`,
    [ledgerVersion],
    { skip: !config },
  );
  const counting = countingProbe.error ? null : (countingProbe.data?.counting ?? null);

  // The voice Synthesize will use: only once its configuration is loaded for this
  // context, so the button is never enabled for a click that would do nothing.
  const ready = config ? voice : null;
  const { busy, lastClip, actionError, retryingId, synthesize, retry } = useSynthesis({
    request,
    voice: ready,
    onClip: () => {
      setLedgerVersion((n) => n + 1);
      loadTotals();
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

  return (
    <Screen
      id="voices"
      title={t("voices.title")}
      subtitle={t("voices.subtitle")}
      actions={
        <Button variant="ghost" icon="refresh" onClick={() => void loadCatalog()} data-testid="voices-reload">
          {t("voices.reload")}
        </Button>
      }
    >
      {load.status === "loading" && <SkeletonList rows={4} variant="cards" data-testid="voices-loading" />}
      {load.status === "failed" && (
        <ErrorState error={load.error} title={t("voices.loadFailed")} onRetry={() => void loadCatalog()} data-testid="voices-error" />
      )}
      {catalog && catalog.configs.length === 0 && (
        <Panel tone="neutral" class="note" data-testid="voices-no-configs">
          <Icon name="info" size={16} />
          <span>{t("voices.noConfigs")}</span>
        </Panel>
      )}
      {catalog && catalog.configs.length > 0 && (
        <div class="voices" data-testid="voices-explorer" data-context={catalog.contextLabel}>
          <section class="voices__step" aria-labelledby="voices-step-config">
            <h2 class="voices__step-title" id="voices-step-config">
              {t("voices.step.config", { context: props.contextName })}
            </h2>
            <ConfigPicker configs={catalog.configs} selectedId={configId} onSelect={setConfigId} />
          </section>
          {config && (
            <div class="voices__work">
              <Card title={t("voices.step.voice")} description={config.displayName} data-testid="voices-board-card">
                <VoiceBoard
                  config={config}
                  selectedVoiceId={voiceId}
                  compareIds={compareIds}
                  onSelect={(v) => setVoiceId(v.voiceId)}
                />
              </Card>
              <Card title={t("voices.step.text")} data-testid="voices-compose-card">
                <Composer
                  config={config}
                  voice={ready}
                  compare={compareVoices}
                  limits={catalog.limits}
                  draft={draft}
                  onDraft={setDraft}
                  estimate={estimate}
                  counting={counting}
                  estimating={estimating}
                  totals={totals ? { ...totals, contextLabel: props.contextName } : null}
                  busy={busy}
                  onSynthesize={() => void synthesize()}
                  onToggleCompare={(v) =>
                    setCompareIds((ids) => (ids.includes(v.voiceId) ? ids.filter((id) => id !== v.voiceId) : [...ids, v.voiceId].slice(0, 4)))
                  }
                  onCompare={() => setComparing(true)}
                />
              </Card>
            </div>
          )}
          <SynthesisResult
            containerRef={resultRef}
            error={actionError}
            clip={lastClip}
            retrying={lastClip !== null && retryingId === lastClip.id}
            onRetry={(clip) => void retry(clip)}
          />
          <PlayerBar labelFor={labelFor} />
          <Ledger
            configs={catalog.configs}
            version={ledgerVersion}
            retryingId={retryingId}
            onRetry={(c) => void retry(c)}
            onClips={setLedgerClips}
          />
          {config && (
            <CompareDialog
              open={comparing}
              voices={compareVoices}
              request={{ ttsConfigId: config.ttsConfigId, input: draft.text, responseFormat: draft.format, params: draft.params }}
              onClose={() => setComparing(false)}
              onSettled={() => {
                setLedgerVersion((n) => n + 1);
                loadTotals();
                void loadCatalog(true);
              }}
            />
          )}
        </div>
      )}
    </Screen>
  );
}
