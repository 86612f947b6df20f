// Asking before a message or a conversation is deleted.

import { useState } from "preact/hooks";

import { Button, Dialog, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import { type ChatMessage, toAppError } from "../../ipc";
import type { ChatController } from "./useChat";

export type Confirm = { kind: "message"; message: ChatMessage } | { kind: "conversation"; id: string; title: string };

export function ConfirmDelete(props: { confirm: Confirm | null; chat: ChatController; onClose: () => void }) {
  const [working, setWorking] = useState(false);
  const c = props.confirm;
  const run = async () => {
    if (!c) return;
    setWorking(true);
    try {
      if (c.kind === "message") await props.chat.deleteMessage(c.message.id);
      else await props.chat.deleteConversation(c.id);
      props.onClose();
    } catch (err) {
      toast({ tone: "error", title: t("chat.delete.failed"), body: errorMessage(toAppError(err).code) });
    } finally {
      setWorking(false);
    }
  };
  return (
    <Dialog
      open={c !== null}
      onClose={props.onClose}
      size="sm"
      title={c?.kind === "conversation" ? t("chat.delete.conversationTitle") : t("chat.delete.messageTitle")}
      description={
        c?.kind === "conversation"
          ? t("chat.delete.conversationBody", { title: c.title })
          : c?.message.role === "user"
            ? t("chat.delete.userBody")
            : t("chat.delete.replyBody")
      }
      data-testid="chat-confirm-delete"
      footer={
        <>
          <Button onClick={props.onClose}>{t("chat.delete.cancel")}</Button>
          <Button variant="danger" icon="trash" loading={working} onClick={() => void run()} data-testid="chat-confirm-delete-button">
            {t("chat.delete.confirm")}
          </Button>
        </>
      }
    />
  );
}
