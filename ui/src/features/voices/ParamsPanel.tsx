// The optional `TtsSpeechInput` parameters, exactly as the platform allows them. A
// parameter left at "Default" is not sent at all; only what the person sets goes out.

import { Button, Icon } from "../../components";
import { formatNumber, t } from "../../i18n";
import type { SpeechLimits, SpeechParams } from "../../ipc";
import { Range, Choice } from "./ParamControls";

const EMOTIONS = ["neutral", "happy", "sad", "angry", "fearful", "disgusted", "surprised", "calm"] as const;

function countSet(p: SpeechParams): number {
  return Object.values(p).filter((v) => v !== undefined && v !== "").length;
}

function flag(v: boolean | undefined): string {
  return v === undefined ? "" : v ? "on" : "off";
}

function unflag(v: string): boolean | undefined {
  return v === "" ? undefined : v === "on";
}

function num(v: string): number | undefined {
  return v === "" ? undefined : Number(v);
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
  const onOff = [
    { value: "on", label: t("voices.params.on") },
    { value: "off", label: t("voices.params.off") },
  ];
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
          <Range
            label={t("voices.params.speed")}
            value={params.speed}
            fallback={1}
            min={limits.speedMin}
            max={limits.speedMax}
            step={0.05}
            format={(v) => `${formatNumber(v, { maximumFractionDigits: 2 })}×`}
            onValue={(speed) => set({ speed })}
            testid="param-speed"
          />
          <Range
            label={t("voices.params.volume")}
            value={params.volume}
            fallback={1}
            min={0}
            max={limits.volumeMax}
            step={0.1}
            format={(v) => formatNumber(v, { maximumFractionDigits: 1 })}
            onValue={(volume) => set({ volume })}
            testid="param-volume"
          />
          <Range
            label={t("voices.params.pitch")}
            value={params.pitch}
            fallback={0}
            min={limits.pitchMin}
            max={limits.pitchMax}
            step={1}
            format={(v) => t("voices.params.semitones", { n: v > 0 ? `+${v}` : String(v) })}
            onValue={(pitch) => set({ pitch: pitch === undefined ? undefined : Math.round(pitch) })}
            testid="param-pitch"
          />
          {/* Emotion is a choice of the documented moods; a value set elsewhere stays listed. */}
          <Choice
            label={t("voices.params.emotion")}
            value={params.emotion ?? ""}
            options={[
              ...EMOTIONS.map((e) => ({ value: e, label: t(`voices.params.emotion.${e}`) })),
              ...(params.emotion && !(EMOTIONS as readonly string[]).includes(params.emotion)
                ? [{ value: params.emotion, label: params.emotion }]
                : []),
            ]}
            onValue={(v) => set({ emotion: v === "" ? undefined : v })}
            testid="param-emotion"
          />
          <Choice
            label={t("voices.params.sampleRate")}
            value={params.sampleRate?.toString() ?? ""}
            options={limits.sampleRates.map((r) => ({ value: String(r), label: `${formatNumber(r)} Hz` }))}
            onValue={(v) => set({ sampleRate: num(v) })}
            testid="param-sample-rate"
          />
          <Choice
            label={t("voices.params.bitrate")}
            value={params.bitrate?.toString() ?? ""}
            options={limits.bitrates.map((r) => ({ value: String(r), label: `${formatNumber(r / 1000)} kbps` }))}
            onValue={(v) => set({ bitrate: num(v) })}
            testid="param-bitrate"
          />
          <Choice
            label={t("voices.params.channels")}
            value={params.audioChannel?.toString() ?? ""}
            options={limits.audioChannels.map((c) => ({
              value: String(c),
              label: c === 1 ? t("voices.params.mono") : c === 2 ? t("voices.params.stereo") : String(c),
            }))}
            onValue={(v) => set({ audioChannel: num(v) })}
            testid="param-channels"
          />
          <Choice
            label={t("voices.params.languageBoost")}
            value={params.languageBoost ?? ""}
            options={limits.languageBoosts.map((l) => ({ value: l, label: l === "auto" ? t("voices.params.auto") : l }))}
            onValue={(v) => set({ languageBoost: v })}
            testid="param-language-boost"
          />
          <Choice
            label={t("voices.params.textNormalization")}
            value={flag(params.textNormalization)}
            options={onOff}
            onValue={(v) => set({ textNormalization: unflag(v) })}
            testid="param-text-normalization"
          />
          <Choice
            label={t("voices.params.latexRead")}
            value={flag(params.latexRead)}
            options={onOff}
            onValue={(v) => set({ latexRead: unflag(v) })}
            testid="param-latex-read"
          />
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
