// What the last Synthesize (or retry) gave: its clip and outcome, or why it failed.

import type { RefObject } from "preact";

import { Card } from "../../components";
import { t } from "../../i18n";
import type { AppError, Clip } from "../../ipc";
import { Outcome } from "./Outcome";
import { SpeechErrorPanel } from "./SpeechErrorPanel";

export function SynthesisResult(props: {
  /** Scrolled into view when a result arrives. */
  containerRef: RefObject<HTMLDivElement | null>;
  error: AppError | null;
  clip: Clip | null;
  retrying: boolean;
  onRetry: (clip: Clip) => void;
}) {
  const { clip } = props;
  return (
    <div class="voices__result" ref={props.containerRef} data-testid="tts-result">
      {props.error && <SpeechErrorPanel error={props.error} />}
      {clip && (
        <Card title={t("voices.outcome.title", { voice: clip.voiceName })} description={clip.configName} data-testid="tts-last-clip">
          <Outcome clip={clip} retrying={props.retrying} onRetry={() => props.onRetry(clip)} />
        </Card>
      )}
    </div>
  );
}
