// How a part of a price block is charged, beside the estimate (readings audit K6): open until
// a receipt tells prorating and a started block apart, then the rule learned and the clip
// that showed it.

import { Icon } from "../../components";
import { formatWhen } from "../../format/dates";
import { t } from "../../i18n";
import type { CostEstimate, TtsPrice } from "../../ipc";
import { pts } from "./format";

/** While the rounding is open: a short line in view, the whole explanation on hover and
 *  for a screen reader. It takes the place of the synthesis line, so the estimate keeps
 *  its three rows and nothing below it moves when it arrives. */
export function OpenRounding(props: { e: CostEstimate; price: TtsPrice | undefined }) {
  const { e } = props;
  const full = t("voices.estimate.roundingOpen", {
    low: pts(e.lowestTotalPoints ?? ""),
    high: pts(e.totalPoints ?? ""),
    size: props.price?.unitSize ?? "",
  });
  return (
    <li class="estimate__why" data-testid="tts-estimate-rounding" data-rounding="unknown" title={full}>
      <Icon name="info" size={14} />
      <span aria-hidden="true">{t("voices.estimate.roundingOpenShort")}</span>
      <span class="sr-only">{full}</span>
    </li>
  );
}

/** A learned rounding, beside the total: which rule, and (on hover) the clip that showed it. */
export function LearnedRounding(props: { e: CostEstimate; price: TtsPrice | undefined }) {
  const { e } = props;
  const at = e.roundingLearnedFrom ? Date.parse(e.roundingLearnedFrom) : Number.NaN;
  if (Number.isNaN(at) || (e.rounding !== "startedBlock" && e.rounding !== "prorated")) return null;
  const size = props.price?.unitSize ?? "";
  const full =
    e.rounding === "startedBlock"
      ? t("voices.estimate.roundingStarted", { size, when: formatWhen(at) })
      : t("voices.estimate.roundingProrated", { when: formatWhen(at) });
  return (
    <span class="estimate__rule" data-testid="tts-estimate-rounding" data-rounding={e.rounding} title={full}>
      {" · "}
      {e.rounding === "startedBlock" ? t("voices.estimate.ruleStarted") : t("voices.estimate.ruleProrated")}
      <span class="sr-only">{full}</span>
    </span>
  );
}
