// Under a message: the reply's cost and usage line, and Copy, Receipt, Regenerate, Edit, Delete.

import { copyText } from "../../app/clipboard";
import { type ShortcutHint, useShortcutHint } from "../../app/shortcuts/registry";
import { Button } from "../../components";
import { costText, costWhy } from "../../format/cost";
import { t } from "../../i18n";
import type { ChatMessage } from "../../ipc";
import { formatMs, tokensLine } from "./format";

/** What a message's buttons do; the chat screen provides them. */
export interface MessageActions {
  onRetry: (id: string) => void;
  onRegenerate: (id: string) => void;
  onEdit: (id: string, text: string) => Promise<boolean>;
  onDelete: (message: ChatMessage) => void;
  onReceipt: (message: ChatMessage) => void;
  /** Its edit box opened or closed (the windowed list keeps a message being edited mounted). */
  onEditing?: (id: string, editing: boolean) => void;
}

async function copy(text: string) {
  await copyText(text, { title: t("chat.copied") });
}

export function MessageFooter(props: { message: ChatMessage; busy: boolean; last: boolean; actions: MessageActions; onEdit: () => void }) {
  const { message: m, busy, actions } = props;
  const mine = m.role === "user";
  const live = m.status === "streaming" || m.status === "pending";
  const receipt = m.receipt;
  const tokens = tokensLine(receipt);
  // The shortcut regenerates the last reply, so only that one's button names it.
  const regenerate = useShortcutHint("chat.regenerate");
  const hint: ShortcutHint = props.last ? regenerate : { keys: "", suffix: "" };
  return (
    <footer class="chat-msg__foot">
      {!mine && receipt?.cost && !live && (
        <span
          class="chat-msg__cost"
          data-testid="chat-reply-cost"
          data-kind={receipt.cost.kind}
          title={costWhy(receipt.cost, receipt.contextKind === "team") ?? undefined}
        >
          {costText(receipt.cost)}
        </span>
      )}
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
            aria-keyshortcuts={hint["aria-keyshortcuts"]}
            title={`${t("chat.regenerate.hint")}${hint.suffix}`}
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
            onClick={props.onEdit}
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
  );
}
