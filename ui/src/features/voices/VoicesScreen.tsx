// The TTS explorer. Everything below is keyed by the active context: switching who pays
// throws the whole explorer away and loads that context's catalog, so one context's voices
// are never shown in another. Its state is in useVoicesExplorer.ts.

import "./voices.css";

import { SignInFirst } from "../../app/SignInFirst";
import { contextName, useActiveContextKey, useActiveSession } from "../../app/sessions";
import { Button, ErrorState, Icon, Panel, PointsScope, Screen, SkeletonList } from "../../components";
import { t } from "../../i18n";
import type { TtsCatalog } from "../../ipc";
import { CompareDialog } from "./CompareDialog";
import { ConfigPicker } from "./ConfigPicker";
import { Ledger } from "./Ledger";
import { PlayerBar } from "./Player";
import { SynthesisResult } from "./SynthesisResult";
import { useVoicesExplorer, type VoicesExplorer } from "./useVoicesExplorer";
import { VoiceAndText } from "./VoiceAndText";

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
  // One number of decimals for points on the screen (format/points.ts), per context.
  return (
    <PointsScope key={contextKey}>
      <Explorer contextKey={contextKey} sessionId={session.id} contextName={contextName(session)} />
    </PointsScope>
  );
}

/** The first step: which configuration (its price, formats and voices). */
function ConfigStep(props: { x: VoicesExplorer; configs: TtsCatalog["configs"]; contextName: string }) {
  return (
    <section class="voices__step" aria-labelledby="voices-step-config">
      <h2 class="voices__step-title" id="voices-step-config">
        {t("voices.step.config", { context: props.contextName })}
      </h2>
      <ConfigPicker configs={props.configs} selectedId={props.x.configId} onSelect={props.x.setConfigId} />
    </section>
  );
}

function Explorer(props: { contextKey: string; sessionId: string; contextName: string }) {
  const x = useVoicesExplorer(props);
  const { load, loadCatalog, catalog, config, draft, lastClip, retryingId, retry } = x;

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
          {config ? (
            <VoiceAndText
              x={x}
              config={config}
              limits={catalog.limits}
              contextName={props.contextName}
              picker={<ConfigStep x={x} configs={catalog.configs} contextName={props.contextName} />}
            />
          ) : (
            <ConfigStep x={x} configs={catalog.configs} contextName={props.contextName} />
          )}
          <SynthesisResult
            containerRef={x.resultRef}
            error={x.actionError}
            clip={lastClip}
            retrying={lastClip !== null && retryingId === lastClip.id}
            onRetry={(clip) => void retry(clip)}
          />
          <PlayerBar labelFor={x.labelFor} />
          <Ledger
            contextKey={props.contextKey}
            sessionId={props.sessionId}
            configs={catalog.configs}
            version={x.ledgerVersion}
            retryingId={retryingId}
            onRetry={(c) => void retry(c)}
            onClips={x.setLedgerClips}
          />
          {config && (
            <CompareDialog
              open={x.comparing}
              voices={x.compareVoices}
              request={{ ttsConfigId: config.ttsConfigId, input: draft.text, responseFormat: draft.format, params: draft.params }}
              onClose={() => x.setComparing(false)}
              // Each clip's settling is told by the core (ledger, totals, counting); a first
              // use changes a clone's state, which only the catalog says.
              onSettled={() => void loadCatalog(true)}
            />
          )}
        </div>
      )}
    </Screen>
  );
}
