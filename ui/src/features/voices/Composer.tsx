// The text and format of a request, with a live counter in code points, the estimate, the
// balance check, the Synthesize / Compare actions, then the optional voice settings. The
// text with Synthesize, and the estimate, are two groups: side by side where the composer
// sits above the configurations (voices.css), so at 960×620 the text box, the estimate and
// Synthesize are in view together as Voices opens; else one column, Synthesize after the
// estimate (CSS order: the estimate holds nothing to focus).

import { useId } from "preact/hooks";

import { useCommand } from "../../app/shortcuts/registry";
import { useMinuteClock } from "../../app/time";
import { useBalanceCheck } from "../../app/useBalanceCheck";
import { BalanceCheckNotice } from "../../components";
import { t } from "../../i18n";
import type { ConfigCounting, CostEstimate, SpeechLimits, SpeechParams, TtsConfig, TtsTotals, Voice } from "../../ipc";
import { CompareTray } from "./CompareTray";
import { EstimateView } from "./Cost";
import { FormatPicker } from "./FormatPicker";
import { codePoints, hasSpeech } from "./format";
import { ParamsPanel } from "./ParamsPanel";
import { SelectedVoice } from "./SelectedVoice";
import { SpeechTextField } from "./SpeechTextField";
import { SynthesizeActions } from "./SynthesizeActions";
import { TotalsView } from "./TotalsView";
import { voiceUsable } from "./VoiceRow";

export interface Draft {
  text: string;
  format: string;
  params: SpeechParams;
}

export function Composer(props: {
  config: TtsConfig;
  voice: Voice | null;
  compare: readonly Voice[];
  limits: SpeechLimits;
  draft: Draft;
  onDraft: (d: Draft) => void;
  estimate: CostEstimate | null;
  /** The chosen configuration's counting rule, as far as its receipts have shown it. */
  counting: ConfigCounting | null;
  estimating: boolean;
  totals: TtsTotals | null;
  busy: boolean;
  onSynthesize: () => void;
  onToggleCompare: (voice: Voice) => void;
  onCompare: () => void;
}) {
  const now = useMinuteClock();
  const textId = useId();
  const { draft, config, voice, limits } = props;
  const count = codePoints(draft.text);
  const tooLong = count > limits.inputMaxChars;
  const blank = draft.text.length > 0 && !hasSpeech(draft.text);
  const textOk = count > 0 && !tooLong && hasSpeech(draft.text);
  const voiceOk = voice !== null && voiceUsable(voice, now);
  const formatOk = config.outputFormats.includes(draft.format);
  const canSynthesize = textOk && voiceOk && formatOk && !props.busy;
  const check = useBalanceCheck(props.estimate?.totalPoints ?? null);
  useCommand("voices.synthesize", props.onSynthesize, canSynthesize);
  const inCompare = voice !== null && props.compare.some((v) => v.voiceId === voice.voiceId);

  let blocker: string | null = null;
  if (config.voices.length === 0) blocker = t("voices.compose.needVoiceLibrary");
  else if (!voice) blocker = t("voices.compose.pickVoice");
  else if (!voiceOk) blocker = t("voices.compose.voiceUnusable");
  else if (count === 0) blocker = t("voices.compose.typeText");

  return (
    <div class="composer" data-testid="tts-composer">
      <div class="composer__write">
        <SelectedVoice
          voice={voice}
          usable={voiceOk}
          now={now}
          inCompare={inCompare}
          compareFull={props.compare.length >= 4}
          onToggleCompare={props.onToggleCompare}
        />

        <SpeechTextField
          id={textId}
          text={draft.text}
          count={count}
          max={limits.inputMaxChars}
          tooLong={tooLong}
          blank={blank}
          counting={props.counting}
          onText={(text) => props.onDraft({ ...draft, text })}
        />

        <FormatPicker
          id={textId}
          formats={config.outputFormats}
          value={draft.format}
          onChange={(format) => props.onDraft({ ...draft, format })}
        />
        <SynthesizeActions
          canSynthesize={canSynthesize}
          canCompare={textOk}
          busy={props.busy}
          compareCount={props.compare.length}
          onSynthesize={props.onSynthesize}
          onCompare={props.onCompare}
        />
        {blocker && !props.busy && (
          <p class="composer__blocker muted" data-testid="tts-blocker">
            {blocker}
          </p>
        )}
      </div>
      <div class="composer__send">
        <EstimateView estimate={props.estimate} price={config.price} pending={props.estimating} />
        <BalanceCheckNotice check={check} data-testid="tts-balance-check" />
      </div>
      {/* The optional voice settings after the action, so the text, its estimate and Synthesize
          sit together (in view as Voices opens on a 1280×720 projector); the estimate above
          still follows every change made here. */}
      <ParamsPanel limits={limits} params={draft.params} onChange={(params) => props.onDraft({ ...draft, params })} />
      {props.compare.length > 0 && <CompareTray voices={props.compare} onRemove={props.onToggleCompare} />}
      <TotalsView totals={props.totals} />
    </div>
  );
}
