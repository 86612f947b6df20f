// How the voice sounds: speed, volume, pitch and emotion (a Range or Choice each; unset
// is "Default" and is not sent).

import { formatNumber, t } from "../../i18n";
import type { SpeechLimits, SpeechParams } from "../../ipc";
import { Choice, Range } from "./ParamControls";

const EMOTIONS = ["neutral", "happy", "sad", "angry", "fearful", "disgusted", "surprised", "calm"] as const;

export function VoiceParams(props: { limits: SpeechLimits; params: SpeechParams; set: (patch: Partial<SpeechParams>) => void }) {
  const { limits, params, set } = props;
  return (
    <>
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
    </>
  );
}
