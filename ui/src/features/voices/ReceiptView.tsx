// A clip's receipt: what was charged, to whom, with the ids to quote.

import { CopyAsCurl } from "../../app/CopyAsCurl";
import { Badge, Button, Icon, Panel, toast } from "../../components";
import { formatPoints } from "../../format/points";
import { t } from "../../i18n";
import type { Clip } from "../../ipc";
import { pts, seconds } from "./format";

export async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ tone: "success", title: t("voices.receipt.copied") });
  } catch {
    toast({ tone: "error", title: t("voices.receipt.copyFailed") });
  }
}

/** The receipt beside the estimate. */
export function ReceiptView(props: { clip: Clip }) {
  const { clip } = props;
  const r = clip.receipt;
  const cost = clip.cost;
  const verdict = cost?.verdict;
  const duration = seconds(r?.audioDurationMs);
  return (
    <div class="receipt" data-testid="tts-receipt" data-verdict={verdict ?? ""}>
      <div class="receipt__compare">
        <div>
          <span class="receipt__label">{t("voices.receipt.estimated")}</span>
          <span class="receipt__amount" data-testid="receipt-estimated">
            {cost?.estimated !== undefined ? pts(cost.estimated) : t("voices.receipt.noEstimate")}
          </span>
        </div>
        <Icon name="arrowRight" size={16} />
        <div>
          <span class="receipt__label">{t("voices.receipt.charged")}</span>
          <span class="receipt__amount is-strong" data-testid="receipt-charged">
            {cost?.charged !== undefined ? pts(cost.charged) : t("voices.receipt.notReported")}
          </span>
        </div>
        {verdict === "matches" && (
          <Badge tone="success" icon="check" data-testid="receipt-verdict">
            {t("voices.receipt.matches")}
          </Badge>
        )}
        {verdict === "withinRange" && (
          <Badge tone="success" icon="check" data-testid="receipt-verdict">
            {t("voices.receipt.withinRange")}
          </Badge>
        )}
        {verdict === "differs" && cost?.difference && (
          <Badge tone="warning" icon="alert" data-testid="receipt-verdict">
            {t("voices.receipt.differs", { diff: formatPoints(cost.difference, { signed: true }) })}
          </Badge>
        )}
      </div>
      {verdict === "differs" && (
        <p class="receipt__note muted" data-testid="receipt-differs-why">
          {cost?.contradictsRounding ? t("voices.receipt.contradictsRounding") : t("voices.receipt.differsWhy")}
        </p>
      )}
      {verdict === "withinRange" && <p class="receipt__note muted">{t("voices.receipt.withinRangeWhy")}</p>}
      {(cost?.configDiffers || cost?.voiceDiffers) && (
        <Panel tone="warning" class="note" data-testid="receipt-substituted">
          <Icon name="alert" size={16} />
          <span>{t("voices.receipt.substituted")}</span>
        </Panel>
      )}
      <dl class="kv receipt__details">
        {duration && (
          <div class="kv__row">
            <dt>{t("voices.receipt.duration")}</dt>
            <dd>{t("voices.receipt.seconds", { n: duration })}</dd>
          </div>
        )}
        <div class="kv__row">
          <dt>{t("voices.receipt.requestId")}</dt>
          <dd class="receipt__id">
            <span class="mono" data-testid="receipt-request-id">
              {r?.requestId ?? clip.requestId}
            </span>
            <Button
              size="sm"
              variant="ghost"
              icon="copy"
              aria-label={t("voices.receipt.copyId")}
              title={t("voices.receipt.copyId")}
              onClick={() => void copy(r?.requestId ?? clip.requestId)}
            />
          </dd>
        </div>
      </dl>
      <CopyAsCurl target={{ kind: "clip", id: clip.id }} testid="tts-receipt-curl" />
      {/* Tester facts (the platform's counts and the raw ids) behind a disclosure. */}
      <details class="receipt__more" data-testid="receipt-details">
        <summary>{t("errorState.details")}</summary>
        <dl class="kv receipt__details">
          {r?.inputCharacters && (
            <div class="kv__row">
              <dt>{t("voices.receipt.inputChars")}</dt>
              <dd>{r.inputCharacters}</dd>
            </div>
          )}
          {r?.usageCharacters && (
            <div class="kv__row">
              <dt>{t("voices.receipt.usageChars")}</dt>
              <dd data-testid="receipt-usage">{r.usageCharacters}</dd>
            </div>
          )}
          {r?.actualUsage && (
            <div class="kv__row">
              <dt>{t("voices.receipt.actualUsage")}</dt>
              <dd>{r.actualUsage}</dd>
            </div>
          )}
          <div class="kv__row">
            <dt>{t("voices.receipt.used")}</dt>
            <dd>
              <span class="mono">{r?.ttsConfigId ?? clip.ttsConfigId}</span> · <span class="mono">{r?.voiceId ?? clip.voiceId}</span>
            </dd>
          </div>
        </dl>
      </details>
    </div>
  );
}
