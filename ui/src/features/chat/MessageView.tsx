// One message: the text (Markdown for replies, plain text for the person's own), its
// status, what went wrong, the JSON check, the usage line and the actions.

import { memo } from "preact/compat";
import { useState } from "preact/hooks";

import { Badge, Button, toast } from "../../components";
import { t } from "../../i18n";
import type { ChatMessage } from "../../ipc";
import { copyText } from "../../app/clipboard";
import { formatMs, jsonProblemText, tokensLine } from "./format";
import { CodeBlock } from "./CodeBlock";
import { Markdown } from "./Markdown";
import { StatusBadge } from "./MessageStatusBadge";
import { ErrorPanel } from "./ReplyErrorPanel";
import { EditBox } from "./MessageEditBox";

export interface MessageActions {
  onRetry: (id: string) => void;
  onRegenerate: (id: string) => void;
  onEdit: (id: string, text: string) => Promise<boolean>;
  onDelete: (message: ChatMessage) => void;
  onReceipt: (message: ChatMessage) => void;
}

async function copy(text: string) {
  const ok = await copyText(text);
  toast({ tone: ok ? "success" : "error", title: ok ? t("chat.copied") : t("chat.copyFailed") });
}

function MessageViewInner(props: { message: ChatMessage; busy: boolean; modelName: string; actions: MessageActions }) {
  const { message: m, busy, actions } = props;
  const [editing, setEditing] = useState(false);
  const mine = m.role === "user";
  const live = m.status === "streaming" || m.status === "pending";
  const receipt = m.receipt;
  const tokens = tokensLine(receipt);
  const check = m.jsonCheck;

  return (
    <article
      class={`chat-msg chat-msg--${m.role}`}
      data-testid="chat-message"
      data-role={m.role}
      data-status={m.status}
      data-message-id={m.id}
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
          {check && check.problems.every((p) => p.kind.kind !== "notJson") ? (
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
      {check && (
        <div
          class={`chat-msg__json chat-msg__json--${check.valid ? "ok" : "bad"}`}
          data-testid="chat-json-check"
          data-valid={String(check.valid)}
        >
          <Badge tone={check.valid ? "success" : "warning"} icon={check.valid ? "checkCircle" : "alert"}>
            {check.valid
              ? check.mode === "json_schema"
                ? t("chat.json.matchesSchema")
                : t("chat.json.valid")
              : check.mode === "json_schema"
                ? t("chat.json.schemaMismatch")
                : t("chat.json.invalid")}
          </Badge>
          {check.problems.length > 0 && (
            <ul class="chat-msg__json-problems">
              {check.problems.map((p, i) => (
                <li key={i} class="mono">
                  {jsonProblemText(p)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {!editing && (
        <footer class="chat-msg__foot">
          {!mine && receipt && (
            <span class="chat-msg__usage" data-testid="chat-usage">
              {[
                tokens,
                receipt.streamed && receipt.timeToFirstTokenMs !== null
                  ? t("chat.usage.ttft", { t: formatMs(receipt.timeToFirstTokenMs) })
                  : null,
                receipt.totalMs !== null && !live ? formatMs(receipt.totalMs) : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
          )}
          <span class="chat-msg__actions">
            <Button
              size="sm"
              variant="ghost"
              icon="copy"
              aria-label={t("chat.copy")}
              title={t("chat.copy")}
              disabled={!m.content}
              onClick={() => void copy(m.content)}
              data-testid="chat-copy"
            />
            {!mine && receipt && (
              <Button
                size="sm"
                variant="ghost"
                icon="receipt"
                aria-label={t("chat.receipt.open")}
                title={t("chat.receipt.open")}
                onClick={() => actions.onReceipt(m)}
                data-testid="chat-receipt-button"
              />
            )}
            {!mine && (
              <Button
                size="sm"
                variant="ghost"
                icon="sparkles"
                aria-label={t("chat.regenerate.hint")}
                title={t("chat.regenerate.hint")}
                disabled={busy}
                onClick={() => actions.onRegenerate(m.id)}
                data-testid="chat-regenerate"
              />
            )}
            {mine && (
              <Button
                size="sm"
                variant="ghost"
                icon="edit"
                aria-label={t("chat.edit")}
                title={t("chat.edit")}
                disabled={busy}
                onClick={() => setEditing(true)}
                data-testid="chat-edit"
              />
            )}
            <Button
              size="sm"
              variant="ghost"
              icon="trash"
              aria-label={t("chat.delete")}
              title={t("chat.delete")}
              disabled={busy}
              onClick={() => actions.onDelete(m)}
              data-testid="chat-delete"
            />
          </span>
        </footer>
      )}
    </article>
  );
}

/** Memoized: while a reply streams, the other messages are left alone. */
export const MessageView = memo(
  MessageViewInner,
  (a, b) => a.message === b.message && a.busy === b.busy && a.modelName === b.modelName && a.actions === b.actions,
);
