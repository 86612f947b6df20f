// What replies with this model cost (or used) in this context, read again after each reply.

import { contextName } from "../../app/sessions";
import { useLoad } from "../../app/useLoad";
import { formatPoints, pointsPlaces } from "../../format/points";
import { formatNumber, t } from "../../i18n";
import { type ChatUsageHint, chatUsageHint, type ModelEntry, type SessionSummary } from "../../ipc";

export function ChatCostLine(props: { model: ModelEntry | undefined; busy: boolean; session: SessionSummary }) {
  const { busy } = props;
  const modelCode = props.model?.modelCode ?? null;
  // One key: the hint names its model, and a hint for another model is not shown.
  const hint = useLoad<ChatUsageHint>(() => chatUsageHint(modelCode ?? ""), "usage", [modelCode, busy, props.session.id], {
    hold: !modelCode || busy,
  });
  const usage = hint.error ? null : hint.data;
  const who = contextName(props.session);
  const mine = usage && usage.modelCode === modelCode ? usage : null;
  // Points where anyone knows them (reported, or from the usage counter); else the tokens the
  // platform reported; else no number at all.
  // One number of decimal places for both figures.
  const places = pointsPlaces([mine?.typicalPoints, mine?.maxPoints]);
  const costLine =
    mine && mine.pricedSamples > 0 && mine.typicalPoints !== undefined
      ? t("chat.cost.recentPoints", {
          who,
          typical: formatPoints(mine.typicalPoints, { places }),
          max: formatPoints(mine.maxPoints ?? mine.typicalPoints, { places }),
        })
      : mine && mine.samples > 0 && mine.typicalTokens !== undefined
        ? t("chat.cost.recent", {
            who,
            typical: formatNumber(mine.typicalTokens),
            max: formatNumber(mine.maxTokens ?? mine.typicalTokens),
          })
        : t("chat.cost.none", { who });

  if (!props.model) return null;
  return (
    <p class="chat-composer__cost" data-testid="chat-cost" data-samples={mine?.samples ?? 0} data-priced={mine?.pricedSamples ?? 0}>
      {costLine}
    </p>
  );
}
