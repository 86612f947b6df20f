// What replies with this model used in this context, read again after each reply.

import { contextName } from "../../app/sessions";
import { useLoad } from "../../app/useLoad";
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
  const costLine =
    usage && usage.modelCode === modelCode && usage.samples > 0 && usage.typicalTokens !== undefined
      ? t("chat.cost.recent", {
          who,
          typical: formatNumber(usage.typicalTokens),
          max: formatNumber(usage.maxTokens ?? usage.typicalTokens),
        })
      : t("chat.cost.none", { who });

  if (!props.model) return null;
  return (
    <p class="chat-composer__cost" data-testid="chat-cost" data-samples={usage?.modelCode === modelCode ? usage.samples : 0}>
      {costLine}
    </p>
  );
}
