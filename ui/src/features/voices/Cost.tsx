// Cost before and after: the estimate (always labelled as one, or an honest "can't
// estimate"), and the receipt from the platform's headers beside the estimate with any
// difference flagged. The running totals are in TotalsView.tsx.

import { Badge, Icon } from "../../components";
import { formatPoints } from "../../format/points";
import { formatNumber, t } from "../../i18n";
import type { CostEstimate, EstimateUnavailable, TtsPrice } from "../../ipc";
import { pts } from "./format";
import { LearnedRounding, OpenRounding } from "./Rounding";

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

/** The counting behind the synthesis part: a learned weight is shown, never hidden. */
function synthesisText(e: CostEstimate, price: TtsPrice, points: string): string {
  const c = e.counting;
  const common = { blocks: formatNumber(e.blocks ?? 0), size: price.unitSize ?? "", points: pts(points) };
  if (c && c.cjkWeight !== 1 && c.cjkCharacters > 0) {
    return t("voices.estimate.synthesisWeighted", {
      ...common,
      chars: formatNumber(c.countedCharacters),
      cjk: formatNumber(c.cjkCharacters),
      k: formatNumber(c.cjkWeight),
    });
  }
  const chars = formatNumber(c?.countedCharacters ?? e.inputCharacters);
  if (e.rounding === "prorated" && price.points !== undefined) {
    return t("voices.estimate.synthesisProrated", { chars, price: pts(price.points), size: price.unitSize ?? "", points: pts(points) });
  }
  return t("voices.estimate.synthesis", { ...common, chars });
}

export function EstimateView(props: { estimate: CostEstimate | null; price: TtsPrice | undefined; pending: boolean }) {
  const e = props.estimate;
  if (!e) {
    // The same three rows as an estimate (label, total, one line of parts), so nothing
    // below it, Synthesize included, moves when the first estimate arrives under a click.
    return (
      <div class="estimate is-empty" data-testid="tts-estimate" data-total="">
        <span class="estimate__label">{t("voices.estimate.label")}</span>
        <strong class="estimate__total" aria-hidden="true">
          —
        </strong>
        <ul class="estimate__parts">
          <li>{props.pending ? t("common.loading") : t("voices.estimate.typeFirst")}</li>
        </ul>
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
        <strong class="estimate__total" data-testid="tts-estimate-total" data-lowest={e.lowestTotalPoints ?? ""}>
          {e.lowestTotalPoints !== undefined
            ? t("voices.estimate.range", { low: formatPoints(e.lowestTotalPoints), high: formatPoints(e.totalPoints) })
            : t("voices.estimate.total", { points: formatPoints(e.totalPoints) })}
          <LearnedRounding e={e} price={props.price} />
          {e.possibleTotalPoints !== undefined && (
            <span class="estimate__bound" data-testid="tts-estimate-bound">
              {" · "}
              {t("voices.estimate.possibly", { points: pts(e.possibleTotalPoints) })}
            </span>
          )}
        </strong>
      ) : (
        <strong class="estimate__total is-unknown" data-testid="tts-estimate-total">
          {t("voices.estimate.unknown")}
        </strong>
      )}
      <ul class="estimate__parts">
        {e.rounding === "unknown" && e.lowestTotalPoints !== undefined ? (
          <OpenRounding e={e} price={props.price} />
        ) : (
          e.synthesisPoints !== undefined &&
          props.price && <li data-testid="tts-estimate-synthesis">{synthesisText(e, props.price, e.synthesisPoints)}</li>
        )}
        {e.possibleTotalPoints !== undefined && (
          <li
            class="estimate__why estimate__caveat"
            data-testid="tts-estimate-caveat"
            title={t("voices.estimate.caveat", { points: pts(e.possibleTotalPoints) })}
          >
            <Icon name="info" size={14} />
            <span>{t("voices.estimate.caveat", { points: pts(e.possibleTotalPoints) })}</span>
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
