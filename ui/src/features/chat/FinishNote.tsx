// Why the model ended a finished reply, when it wasn't simply done: cut at the token limit,
// stopped by the platform's content filter, or another reason kept as the platform sent it.

import { Badge } from "../../components";
import { t } from "../../i18n";
import type { ChatReceipt } from "../../ipc";

/** The sentence for a finish reason other than `stop`; `null` for a reply that simply ended. */
export function finishText(reason: string | undefined): string | null {
  if (!reason || reason === "stop") return null;
  if (reason === "length") return t("chat.finish.length");
  if (reason === "content_filter") return t("chat.finish.contentFilter");
  return t("chat.finish.other", { reason });
}

export function FinishNote(props: { receipt: ChatReceipt }) {
  const text = finishText(props.receipt.finishReason);
  if (!text) return null;
  return (
    <p class="chat-msg__finish" data-testid="chat-finish-note" data-reason={props.receipt.finishReason}>
      <Badge tone="warning" icon="alert">
        {t("chat.finish.badge")}
      </Badge>{" "}
      {text}
    </p>
  );
}
