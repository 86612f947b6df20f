// What the audio file is and how the text is read: sample rate, bitrate, channels,
// language boost, text normalization and LaTeX reading (unset is "Default", not sent).

import { formatNumber, t } from "../../i18n";
import type { SpeechLimits, SpeechParams } from "../../ipc";
import { Choice } from "./ParamControls";

function flag(v: boolean | undefined): string {
  return v === undefined ? "" : v ? "on" : "off";
}

function unflag(v: string): boolean | undefined {
  return v === "" ? undefined : v === "on";
}

function num(v: string): number | undefined {
  return v === "" ? undefined : Number(v);
}

export function OutputParams(props: { limits: SpeechLimits; params: SpeechParams; set: (patch: Partial<SpeechParams>) => void }) {
  const { limits, params, set } = props;
  const onOff = [
    { value: "on", label: t("voices.params.on") },
    { value: "off", label: t("voices.params.off") },
  ];
  return (
    <>
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
    </>
  );
}
