// The optional `TtsSpeechInput` parameters, exactly as the platform allows them. A
// parameter left at "Default" is not sent at all; only what the person sets goes out.

import { Button, Icon } from "../../components";
import { t } from "../../i18n";
import type { SpeechLimits, SpeechParams } from "../../ipc";
import { OutputParams } from "./OutputParams";
import { VoiceParams } from "./VoiceParams";

function countSet(p: SpeechParams): number {
  return Object.values(p).filter((v) => v !== undefined && v !== "").length;
}

export function ParamsPanel(props: { limits: SpeechLimits; params: SpeechParams; onChange: (p: SpeechParams) => void }) {
  const { limits, params } = props;
  const set = (patch: Partial<SpeechParams>) => {
    const next: SpeechParams = { ...params, ...patch };
    for (const key of Object.keys(next) as (keyof SpeechParams)[]) {
      if (next[key] === undefined || next[key] === "") delete next[key];
    }
    props.onChange(next);
  };
  const n = countSet(params);

  return (
    <details class="disclosure params" data-testid="tts-params">
      <summary class="disclosure__summary">
        <Icon name="settings" size={16} />
        <span class="disclosure__title">{t("voices.params.title")}</span>
        <span class="disclosure__hint">{n === 0 ? t("voices.params.allDefault") : t("voices.params.someSet", { n })}</span>
        <Icon name="chevronDown" size={16} class="disclosure__chevron" />
      </summary>
      <div class="disclosure__body">
        <p class="disclosure__intro">{t("voices.params.intro")}</p>
        <div class="params__grid">
          <VoiceParams limits={limits} params={params} set={set} />
          <OutputParams limits={limits} params={params} set={set} />
        </div>
        {n > 0 && (
          <div class="disclosure__actions">
            <Button size="sm" variant="ghost" icon="refresh" onClick={() => props.onChange({})} data-testid="params-reset">
              {t("voices.params.resetAll")}
            </Button>
          </div>
        )}
      </div>
    </details>
  );
}
