// A message's status as a badge (streaming, stopped, failed, …).

import { Badge } from "../../components";
import { t } from "../../i18n";
import type { ChatMessage } from "../../ipc";

export function StatusBadge(props: { message: ChatMessage }) {
  switch (props.message.status) {
    case "stopped":
      return (
        <Badge tone="warning" data-testid="chat-status-badge">
          {t("chat.status.stopped")}
        </Badge>
      );
    case "interrupted":
      return (
        <Badge tone="danger" icon="alert" data-testid="chat-status-badge">
          {t("chat.status.interrupted")}
        </Badge>
      );
    case "pending":
      return <Badge data-testid="chat-status-badge">{t("chat.status.pending")}</Badge>;
    default:
      return null;
  }
}
