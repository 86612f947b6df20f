// What happened to a synthesis: saved (with its receipt), settled without audio, an
// unknown outcome (retry under the same request id), or a definite failure explained —
// with no offer to resubmit while a cloned voice's first use is being confirmed.

import { Button, Icon, Panel, Spinner } from "../../components";
import { errorMessage, t } from "../../i18n";
import type { Clip } from "../../ipc";
import { ReceiptView } from "./ReceiptView";
import { Unsaved } from "./UnsavedOutcome";

function RequestId(props: { clip: Clip }) {
  return (
    <p class="outcome__id muted">
      {t("voices.receipt.requestId")}:{" "}
      <span class="mono" data-testid="outcome-request-id">
        {props.clip.requestId}
      </span>
    </p>
  );
}

function failureText(clip: Clip): string {
  const code = clip.error?.platformCode;
  if (code === "TTS_VOICE_ACTIVATION_IN_PROGRESS") return t("voices.outcome.activationInProgress");
  if (code === "INSUFFICIENT_POINTS") return t("voices.outcome.insufficient");
  if (code === "TTS_VOICE_EXPIRED") return t("voices.outcome.voiceExpired");
  if (code === "TTS_REQUEST_IN_PROGRESS") return t("voices.outcome.inProgress");
  return clip.error ? errorMessage(clip.error.code) : t("voices.outcome.failed");
}

export function Outcome(props: { clip: Clip; retrying: boolean; onRetry: () => void }) {
  const { clip } = props;
  if (clip.audioKept && clip.status === "pending") return <Unsaved {...props} />;
  const retry = clip.retryable && (
    <Button variant="primary" icon="refresh" loading={props.retrying} onClick={props.onRetry} data-testid="outcome-retry">
      {t("voices.outcome.retry")}
    </Button>
  );
  switch (clip.status) {
    case "complete":
      return (
        <div class="outcome" data-testid="tts-outcome" data-status={clip.status}>
          <ReceiptView clip={clip} />
        </div>
      );
    case "settledNoAudio":
      if (clip.audioKept || clip.error?.code === "DISK_FULL") return <Unsaved {...props} />;
      return (
        <div class="outcome" data-testid="tts-outcome" data-status={clip.status}>
          <Panel tone="warning" class="note" role="status">
            <Icon name="alert" size={16} />
            <div>
              <p class="outcome__title">{t("voices.outcome.noAudio.title")}</p>
              <p class="note__detail">{t("voices.outcome.noAudio.body")}</p>
            </div>
          </Panel>
          <ReceiptView clip={clip} />
        </div>
      );
    case "pending":
      return (
        <div class="outcome" data-testid="tts-outcome" data-status={clip.status}>
          <Panel tone="accent" class="note" role="status">
            <Spinner size="sm" />
            <div>
              <p class="outcome__title">{t("voices.outcome.pending.title")}</p>
              <p class="note__detail">{t("voices.outcome.pending.body")}</p>
            </div>
          </Panel>
          <RequestId clip={clip} />
          {retry}
        </div>
      );
    case "unknown":
      return (
        <div class="outcome" data-testid="tts-outcome" data-status={clip.status}>
          <Panel tone="warning" class="note" role="alert">
            <Icon name="alert" size={16} />
            <div>
              <p class="outcome__title">{t("voices.outcome.unknown.title")}</p>
              <p class="note__detail">{t("voices.outcome.unknown.body")}</p>
            </div>
          </Panel>
          <RequestId clip={clip} />
          {retry}
        </div>
      );
    case "failed":
      return (
        <div class="outcome" data-testid="tts-outcome" data-status={clip.status}>
          <Panel tone="danger" class="note" role="alert" data-platform-code={clip.error?.platformCode ?? ""}>
            <Icon name="alert" size={16} />
            <div>
              <p class="outcome__title">{t("voices.outcome.failed.title")}</p>
              <p class="note__detail" data-testid="outcome-reason">
                {failureText(clip)}
              </p>
              {/* Plain words first; the platform's code and message are for testers. */}
              {clip.error?.message && clip.error.platformCode && (
                <details class="note__details" data-testid="outcome-details">
                  <summary>{t("errorState.details")}</summary>
                  <p class="note__detail muted">
                    <span class="mono">{clip.error.platformCode}</span> · {clip.error.message}
                  </p>
                </details>
              )}
            </div>
          </Panel>
          <RequestId clip={clip} />
          {retry}
        </div>
      );
  }
}
