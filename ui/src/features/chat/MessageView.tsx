// One message: the text (Markdown for replies, plain text for the person's own), its
// status, what went wrong, the JSON check, the usage line and the actions.

import { memo } from "preact/compat";
import { useState } from "preact/hooks";

import { t, useLocale } from "../../i18n";
import type { ChatMessage } from "../../ipc";
import { CodeBlock } from "./CodeBlock";
import { FinishNote } from "./FinishNote";
import { JsonCheckView } from "./JsonCheckView";
import { Markdown } from "./Markdown";
import { EditBox } from "./MessageEditBox";
import { type MessageActions, MessageFooter } from "./MessageFooter";
import { StatusBadge } from "./MessageStatusBadge";
import { ErrorPanel } from "./ReplyErrorPanel";

export type { MessageActions };

function MessageViewInner(props: {
  message: ChatMessage;
  busy: boolean;
  modelName: string;
  actions: MessageActions;
  /** Where it is in the conversation, when the list is windowed (MessageList). */
  index?: number;
  count?: number;
}) {
  // Memoized below: the language is followed here, not through the props.
  useLocale();
  const { message: m, busy, actions } = props;
  const [editing, setEditingState] = useState(false);
  const setEditing = (on: boolean) => {
    setEditingState(on);
    actions.onEditing?.(m.id, on);
  };
  const mine = m.role === "user";
  const live = m.status === "streaming" || m.status === "pending";
  const check = m.jsonCheck;

  return (
    <article
      class={`chat-msg chat-msg--${m.role}`}
      data-testid="chat-message"
      data-role={m.role}
      data-status={m.status}
      data-message-id={m.id}
      data-index={props.index}
      aria-posinset={props.index === undefined ? undefined : props.index + 1}
      aria-setsize={props.count}
      aria-busy={live ? "true" : undefined}
      aria-label={mine ? t("chat.you") : t("chat.assistant", { model: props.modelName })}
    >
      <header class="chat-msg__head">
        <span class="chat-msg__who">{mine ? t("chat.you") : props.modelName}</span>
        <StatusBadge message={m} />
      </header>
      {editing ? (
        <EditBox
          initial={m.content}
          onCancel={() => setEditing(false)}
          onSave={(text) => {
            setEditing(false);
            void actions.onEdit(m.id, text);
          }}
        />
      ) : mine ? (
        <p class="chat-msg__text" data-testid="chat-message-content">
          {m.content}
        </p>
      ) : (
        <div class="chat-msg__body" data-testid="chat-message-content">
          {check?.problems.every((p) => p.kind.kind !== "notJson") ? (
            // A reply that asked for JSON and is JSON: shown as code, not prose.
            <CodeBlock lang="json" code={m.content} />
          ) : m.content || !live ? (
            <Markdown text={m.content} streaming={live} />
          ) : (
            <span class="chat-msg__thinking">{t("chat.waiting")}</span>
          )}
        </div>
      )}
      {m.status === "interrupted" && <ErrorPanel message={m} busy={busy} onRetry={() => actions.onRetry(m.id)} />}
      {m.status === "complete" && m.receipt && <FinishNote receipt={m.receipt} />}
      {check && <JsonCheckView check={check} />}
      {!editing && (
        <MessageFooter
          message={m}
          busy={busy}
          last={props.count !== undefined && props.index === props.count - 1}
          actions={actions}
          onEdit={() => setEditing(true)}
        />
      )}
    </article>
  );
}

/** Memoized: while a reply streams, the other messages are left alone. */
export const MessageView = memo(
  MessageViewInner,
  (a, b) =>
    a.message === b.message &&
    a.busy === b.busy &&
    a.modelName === b.modelName &&
    a.actions === b.actions &&
    a.index === b.index &&
    a.count === b.count,
);
