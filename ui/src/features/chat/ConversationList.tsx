// The active context's conversations, newest first, with search.

import { useShortcutHint } from "../../app/shortcuts/registry";
import { Button, Icon, Skeleton, TextInput } from "../../components";
import { formatTimeOrDate } from "../../format/dates";
import { errorMessage, formatNumber, t } from "../../i18n";
import type { ChatController } from "./useChat";

const when = (ms: number): string => formatTimeOrDate(ms);

export function ConversationList(props: { chat: ChatController }) {
  const { chat } = props;
  const list = chat.conversations;
  const newHint = useShortcutHint("chat.new");
  const searchHint = useShortcutHint("chat.search");
  return (
    <nav class="chat-list" aria-label={t("chat.list.label")} data-testid="chat-list">
      <div class="chat-list__top">
        <Button
          variant="primary"
          icon="plus"
          onClick={() => void chat.open(null)}
          disabled={chat.inFlight !== null}
          aria-keyshortcuts={newHint["aria-keyshortcuts"]}
          title={`${t("chat.new")}${newHint.suffix}`}
          data-testid="chat-new"
        >
          {t("chat.new")}
        </Button>
        <div class="chat-list__search">
          <Icon name="search" size={15} class="chat-list__search-icon" />
          <TextInput
            type="search"
            value={chat.query}
            onValue={chat.setQuery}
            placeholder={t("chat.list.search")}
            aria-label={t("chat.list.search")}
            aria-keyshortcuts={searchHint["aria-keyshortcuts"]}
            title={`${t("chat.list.search")}${searchHint.suffix}`}
            data-testid="chat-search"
          />
        </div>
      </div>
      {list.status === "loading" && (
        <div class="chat-list__loading">
          <Skeleton width="80%" />
          <Skeleton width="60%" />
        </div>
      )}
      {list.status === "failed" && (
        <p class="muted" role="alert">
          {errorMessage(list.error.code)}{" "}
          <button type="button" class="link-button" onClick={chat.reloadConversations}>
            {t("errorState.retry")}
          </button>
        </p>
      )}
      {list.status === "ready" && list.value.length === 0 && (
        <p class="muted chat-list__empty" data-testid="chat-list-empty">
          {chat.query ? t("chat.list.noMatch") : t("chat.list.empty")}
        </p>
      )}
      {list.status === "ready" && list.value.length > 0 && (
        <ul class="chat-list__items">
          {list.value.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                class={`chat-list__item${c.id === chat.currentId ? " is-current" : ""}`}
                aria-current={c.id === chat.currentId ? "true" : undefined}
                onClick={() => void chat.open(c.id)}
                disabled={chat.inFlight !== null && c.id !== chat.currentId}
                data-testid={`chat-conversation-${c.id}`}
                data-conversation-title={c.title}
              >
                <span class="chat-list__title">{c.title}</span>
                <span class="chat-list__meta">
                  <span class="mono">{c.modelCode}</span> · {when(c.updatedAt)} ·{" "}
                  {t("chat.list.messages", { n: formatNumber(c.messageCount) })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
