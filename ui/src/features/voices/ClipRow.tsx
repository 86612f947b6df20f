// One clip in the audio ledger: what was said, with which voice, its status and cost,
// and what can be done with it.

import { formatDateTime } from "../../app/time";
import { Badge, type BadgeTone, Button, usePoints } from "../../components";
import { type PlainKey, t } from "../../i18n";
import type { Clip, ClipStatus } from "../../ipc";
import { player } from "./playback";

export const STATUS: Record<ClipStatus, { key: PlainKey; tone: BadgeTone }> = {
  complete: { key: "voices.status.complete", tone: "success" },
  settledNoAudio: { key: "voices.status.settledNoAudio", tone: "warning" },
  pending: { key: "voices.status.pending", tone: "accent" },
  unknown: { key: "voices.status.unknown", tone: "warning" },
  failed: { key: "voices.status.failed", tone: "danger" },
};

export function ClipRow(props: {
  clip: Clip;
  onExport: (c: Clip) => void;
  /** Its save dialog is open. */
  saving?: boolean;
  onDelete: (c: Clip) => void;
  onRetry: (c: Clip) => void;
  retrying: boolean;
}) {
  const { clip } = props;
  const status = STATUS[clip.status];
  const cost = clip.cost;
  const formatPoints = usePoints([clip.estimate.totalPoints, cost?.charged, cost?.difference]);
  const created = Date.parse(clip.createdAt);
  return (
    <li class="clip" data-testid="clip-row" data-clip-id={clip.id} data-status={clip.status}>
      <div class="clip__play">
        <Button
          variant="secondary"
          icon="play"
          disabled={!clip.hasAudio}
          aria-label={t("voices.ledger.play", { voice: clip.voiceName })}
          title={t("voices.ledger.playHint")}
          onClick={() => void player.play(clip.id)}
          data-testid="clip-play"
        />
      </div>
      <div class="clip__main">
        <p class="clip__text" title={clip.input}>
          {clip.input}
        </p>
        <p class="clip__meta muted">
          <span>{clip.voiceName}</span> · <span>{clip.configName}</span> · <span>{clip.format.toUpperCase()}</span> ·{" "}
          <time dateTime={clip.createdAt}>{Number.isFinite(created) ? formatDateTime(created) : clip.createdAt}</time>
        </p>
        <p class="clip__meta muted">
          <span class="mono clip__request" title={t("voices.receipt.requestId")}>
            {clip.requestId}
          </span>
        </p>
      </div>
      <div class="clip__cost">
        <Badge tone={status.tone} data-testid="clip-status">
          {t(status.key)}
        </Badge>
        <span class="clip__amounts">
          {t("voices.ledger.est", { v: clip.estimate.totalPoints ? formatPoints(clip.estimate.totalPoints) : "—" })}
          {" · "}
          <span data-testid="clip-charged">{t("voices.ledger.charged", { v: cost?.charged ? formatPoints(cost.charged) : "—" })}</span>
        </span>
        {cost?.verdict === "differs" && cost.difference && (
          <Badge tone="warning" icon="alert">
            {formatPoints(cost.difference, { signed: true })}
          </Badge>
        )}
      </div>
      <div class="clip__actions">
        {clip.audioKept ? (
          <Button
            size="sm"
            variant="secondary"
            icon="download"
            loading={props.retrying}
            onClick={() => props.onRetry(clip)}
            data-testid="clip-save-again"
          >
            {t("voices.outcome.saveAgain")}
          </Button>
        ) : (
          clip.retryable && (
            <Button
              size="sm"
              variant="secondary"
              icon="refresh"
              loading={props.retrying}
              onClick={() => props.onRetry(clip)}
              data-testid="clip-retry"
            >
              {t("voices.outcome.retry")}
            </Button>
          )
        )}
        <Button
          size="sm"
          variant="ghost"
          icon="download"
          disabled={!clip.hasAudio}
          loading={props.saving === true}
          onClick={() => props.onExport(clip)}
          data-testid="clip-export"
        >
          {t("voices.ledger.saveAs")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon="trash"
          aria-label={t("voices.ledger.delete")}
          title={t("voices.ledger.delete")}
          onClick={() => props.onDelete(clip)}
          data-testid="clip-delete"
        />
      </div>
    </li>
  );
}
