// The composer's top bar: the model, whether Personal or Team pays, and the Options
// toggle (with the number of problems the options have).

import { Badge, Button } from "../../components";
import { t } from "../../i18n";
import { ChatModelPicker } from "./ChatModelPicker";
import type { ChatController } from "./useChat";

export function ComposerBar(props: {
  chat: ChatController;
  busy: boolean;
  isTeam: boolean;
  showOptions: boolean;
  onToggleOptions: () => void;
}) {
  const { chat, busy, isTeam, showOptions } = props;
  const blocked = chat.problems.length > 0;
  return (
    <div class="chat-composer__bar">
      <ChatModelPicker chat={chat} disabled={busy} />
      <Badge tone={isTeam ? "accent" : "neutral"} icon={isTeam ? "team" : "user"} data-testid="chat-mode">
        {isTeam ? t("chat.mode.team") : t("chat.mode.personal")}
      </Badge>
      <Button
        size="sm"
        variant="ghost"
        icon="settings"
        aria-expanded={showOptions ? "true" : "false"}
        aria-controls="chat-options-panel"
        onClick={props.onToggleOptions}
        data-testid="chat-options-toggle"
      >
        {t("chat.options")}
        {blocked ? ` (${chat.problems.length})` : ""}
      </Button>
    </div>
  );
}
