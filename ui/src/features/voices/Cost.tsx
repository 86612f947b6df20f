// Cost before and after: the estimate (always labelled as one, or an honest "can't
// estimate"), the running totals, and the receipt from the platform's headers beside the
// estimate with any difference flagged.

import { Badge, Button, Icon, Panel, toast } from "../../components";
import { formatNumber, t } from "../../i18n";
import type { Clip, CostEstimate, EstimateUnavailable, TtsPrice, TtsTotals } from "../../ipc";
import { formatPoints } from "../balances";
import { seconds } from "./format";

function pts(text: string): string {
  return t("voices.points", { n: formatPoints(text) });
}

/** Why there is no estimate, in words: never a guess in its place. */
export function unavailableText(reason: EstimateUnavailable, price: TtsPrice | undefined): string {
  switch (reason) {
    case "pricedPerAudioSecond":
      return t("voices.estimate.perSecond");
    case "unknownPriceUnit":
      return t("voices.estimate.unknownUnit");
    case "noBlockSize":
      return t("voices.estimate.noBlockSize");
    case "unreadablePrice":
      return t("voices.estimate.unreadablePrice", { raw: price?.raw ?? "" });
    case "noPrice":
      return t("voices.estimate.noPrice");
  }
}

export function EstimateView(props: { estimate: CostEstimate | null; price: TtsPrice | undefined; pending: boolean }) {
  const e = props.estimate;
  if (!e) {
    return (
      <div class="estimate is-empty" data-testid="tts-estimate" data-total="">
        <span class="estimate__label">{t("voices.estimate.label")}</span>
        <span class="muted">{props.pending ? t("common.loading") : t("voices.estimate.typeFirst")}</span>
      </div>
    );
  }
  const unavailable = e.unavailable;
  return (
    <div class="estimate" data-testid="tts-estimate" data-total={e.totalPoints ?? ""} aria-live="polite">
      <span class="estimate__label">
        {t("voices.estimate.label")}
        <Badge tone="neutral">{t("voices.estimate.badge")}</Badge>
      </span>
      {e.totalPoints !== undefined ? (
        <strong class="estimate__total" data-testid="tts-estimate-total">
          {t("voices.estimate.total", { points: formatPoints(e.totalPoints) })}
        </strong>
      ) : (
        <strong class="estimate__total is-unknown" data-testid="tts-estimate-total">
          {t("voices.estimate.unknown")}
        </strong>
      )}
      <ul class="estimate__parts">
        {e.synthesisPoints !== undefined && props.price && (
          <li>
            {t("voices.estimate.synthesis", {
              chars: formatNumber(e.inputCharacters),
              blocks: formatNumber(e.blocks ?? 0),
              size: props.price.unitSize ?? "",
              points: pts(e.synthesisPoints),
            })}
          </li>
        )}
        {unavailable && (
          <li class="estimate__why" data-testid="tts-estimate-unavailable" data-reason={unavailable}>
            <Icon name="info" size={14} />
            {unavailableText(unavailable, props.price)}
          </li>
        )}
        {e.activationPoints !== undefined && (
          <li class="estimate__tariff" data-testid="tts-estimate-activation">
            {t("voices.estimate.activation", { points: pts(e.activationPoints) })}
          </li>
        )}
      </ul>
    </div>
  );
}

export function TotalsView(props: { totals: TtsTotals | null }) {
  const x = props.totals;
  if (!x) return null;
  return (
    <dl class="totals" data-testid="tts-totals">
      <div>
        <dt>{t("voices.totals.session")}</dt>
        <dd data-testid="tts-totals-session">
          {pts(x.sessionPoints)} · {x.sessionClips === 1 ? t("voices.totals.clipsOne") : t("voices.totals.clips", { n: formatNumber(x.sessionClips) })}
        </dd>
      </div>
      <div>
        <dt>{t("voices.totals.context", { context: x.contextLabel })}</dt>
        <dd data-testid="tts-totals-context">
          {pts(x.contextPoints)} · {x.contextClips === 1 ? t("voices.totals.clipsOne") : t("voices.totals.clips", { n: formatNumber(x.contextClips) })}
          {x.unreportedClips > 0 && <span class="muted"> · {t("voices.totals.unreported", { n: x.unreportedClips })}</span>}
        </dd>
      </div>
    </dl>
  );
}

async function copy(text: string) {
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
        {verdict === "differs" && cost?.difference && (
          <Badge tone="warning" icon="alert" data-testid="receipt-verdict">
            {t("voices.receipt.differs", { diff: formatPoints(cost.difference, { signed: true }) })}
          </Badge>
        )}
      </div>
      {verdict === "differs" && <p class="receipt__note muted">{t("voices.receipt.differsWhy")}</p>}
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
