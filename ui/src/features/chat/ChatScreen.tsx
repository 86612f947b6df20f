import "./chat.css";

import { useMemo, useRef, useState } from "preact/hooks";

import { SignInFirst } from "../../app/SignInFirst";
import { contextLabel, useActiveContextKey, useActiveSession } from "../../app/sessions";
import { Screen } from "../../components";
import { t } from "../../i18n";
import type { ChatMessage, SessionSummary } from "../../ipc";
import { Composer } from "./Composer";
import { type Confirm, ConfirmDelete } from "./ConfirmDelete";
import { ConversationBody } from "./ConversationBody";
import { ConversationList } from "./ConversationList";
import { ConversationTools } from "./ConversationTools";
import type { MessageActions } from "./MessageView";
import { ReceiptDialog } from "./ReceiptDialog";
import { useChat } from "./useChat";
import { useChatCommands } from "./useChatCommands";

export function ChatScreen() {
  const session = useActiveSession();
  const contextKey = useActiveContextKey();
  if (!session) {
    return (
      <Screen id="chat" title={t("chat.title")} subtitle={t("chat.subtitle")}>
        <SignInFirst icon="chat" title={t("chat.empty.title")} body={t("chat.empty.body")} />
      </Screen>
    );
  }
  // Keyed by context: switching who pays starts from a clean screen.
  return <ChatBody key={contextKey} session={session} contextKey={contextKey} />;
}

function ChatBody(props: { session: SessionSummary; contextKey: string }) {
  const chat = useChat(props.contextKey);
  useChatCommands(chat);
  const [receipt, setReceipt] = useState<ChatMessage | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const busy = chat.inFlight !== null;

  const actionsRef = useRef(chat);
  actionsRef.current = chat;
  // Stable callbacks, so finished messages are not re-rendered while a reply streams.
  const actions = useMemo<MessageActions>(
    () => ({
      onRetry: (id) => void actionsRef.current.retry(id),
      onRegenerate: (id) => void actionsRef.current.regenerate(id),
      onEdit: (id, text) => actionsRef.current.editResend(id, text),
      onDelete: (message) => setConfirm({ kind: "message", message }),
      onReceipt: (message) => setReceipt(message),
    }),
    [],
  );

  const current = chat.conversations.status === "ready" ? chat.conversations.value.find((c) => c.id === chat.currentId) : undefined;
  const currentId = chat.currentId;

  return (
    <Screen id="chat" title={t("chat.title")} subtitle={t("chat.subtitle")}>
      <div class="chat" data-testid="chat" data-context-key={props.contextKey}>
        <ConversationList chat={chat} />
        <section class="chat-main" aria-labelledby="chat-conversation-title">
          <header class="chat-main__head">
            <div class="chat-main__heading">
              <h2 class="chat-main__title" id="chat-conversation-title" data-testid="chat-conversation-title">
                {current?.title ?? t("chat.newConversation")}
              </h2>
              <p class="chat-main__context">{t("chat.chargedTo", { who: contextLabel(props.session) })}</p>
            </div>
            {currentId && (
              <ConversationTools
                id={currentId}
                title={current?.title ?? ""}
                busy={busy}
                onDelete={() => setConfirm({ kind: "conversation", id: currentId, title: current?.title ?? "" })}
              />
            )}
          </header>
          <ConversationBody chat={chat} actions={actions} session={props.session} />
          <Composer chat={chat} session={props.session} />
        </section>
      </div>
      <ReceiptDialog message={receipt} onClose={() => setReceipt(null)} />
      <ConfirmDelete confirm={confirm} chat={chat} onClose={() => setConfirm(null)} />
    </Screen>
  );
}
