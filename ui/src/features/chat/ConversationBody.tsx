// The open conversation's body: the catalog's error or loading state, the first-message
// prompt, or the message log, with the send error (if any) at its end.

import { useCallback } from "preact/hooks";

import { contextName } from "../../app/sessions";
import { Button, ErrorState, Panel, SkeletonList } from "../../components";
import { errorMessage, t } from "../../i18n";
import type { SessionSummary } from "../../ipc";
import { MessageList } from "./MessageList";
import type { MessageActions } from "./MessageView";
import type { ChatController } from "./useChat";

export function ConversationBody(props: { chat: ChatController; actions: MessageActions; session: SessionSummary }) {
  const { chat } = props;
  const busy = chat.inFlight !== null;

  const modelName = useCallback(
    (code: string | undefined) => chat.chatModels.find((m) => m.modelCode === code)?.displayName ?? code ?? "",
    [chat.chatModels],
  );

  if (chat.catalog.status === "failed") {
    return (
      <div class="chat-main__body">
        <ErrorState
          error={chat.catalog.error}
          title={t("chat.catalogFailed")}
          onRetry={chat.reloadCatalog}
          data-testid="chat-catalog-error"
        />
      </div>
    );
  }
  if (chat.catalog.status === "loading" || chat.opening) {
    return (
      <div class="chat-main__body">
        <SkeletonList rows={3} />
      </div>
    );
  }
  const sendError = chat.sendError && (
    <Panel tone="danger" class="chat-main__send-error" role="alert" data-testid="chat-send-error">
      <p>{errorMessage(chat.sendError.code)}</p>
      <p class="mono chat-main__send-error-detail">{chat.sendError.detail}</p>
      <Button size="sm" variant="ghost" onClick={chat.dismissSendError}>
        {t("common.dismiss")}
      </Button>
    </Panel>
  );
  if (chat.messages.length === 0) {
    return (
      <div class="chat-main__body" data-testid="chat-messages" role="log" aria-live="off" aria-label={t("chat.messages.label")}>
        <div class="chat-main__empty" data-testid="chat-empty">
          <p class="chat-main__empty-title">{t("chat.start.title")}</p>
          <p class="muted" data-testid="chat-start-body">
            {startBody(chat, props.session)}
          </p>
        </div>
        {sendError}
      </div>
    );
  }
  // Keyed by conversation: another conversation starts a new list, at its end.
  return (
    <MessageList
      key={chat.currentId ?? "new"}
      messages={chat.messages}
      busy={busy}
      modelName={modelName}
      actions={props.actions}
      label={t("chat.messages.label")}
    >
      {sendError}
    </MessageList>
  );
}

/** The first-message prompt, or why there is no model to pick: a Team catalog that is empty
 * is the Team's plan, said as such. */
function startBody(chat: ChatController, session: SessionSummary): string {
  if (chat.chatModels.length > 0) return t("chat.start.body");
  const empty = chat.catalog.status === "ready" && chat.catalog.value.length === 0;
  if (empty && session.context.kind === "team") return t("context.teamCatalogEmpty", { team: contextName(session) });
  return t("chat.start.noModels");
}
