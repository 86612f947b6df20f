// Send, or Stop while a reply is being received (Stop waits until the core has the reply).

import { useShortcutHint } from "../../app/shortcuts/registry";
import { Button } from "../../components";
import { t } from "../../i18n";
import type { ChatController } from "./useChat";

export function SendOrStop(props: { chat: ChatController; canSend: boolean; onSend: () => void }) {
  const { chat } = props;
  const hint = useShortcutHint("chat.stop");
  return chat.inFlight !== null ? (
    <Button
      variant="danger"
      icon="stop"
      onClick={chat.stop}
      disabled={chat.inFlight === "pending"}
      aria-keyshortcuts={hint["aria-keyshortcuts"]}
      title={`${t("chat.stop")}${hint.suffix}`}
      data-testid="chat-stop"
    >
      {t("chat.stop")}
    </Button>
  ) : (
    <Button variant="primary" icon="send" onClick={props.onSend} disabled={!props.canSend} data-testid="chat-send">
      {t("chat.send")}
    </Button>
  );
}
