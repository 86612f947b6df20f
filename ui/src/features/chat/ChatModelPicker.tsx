// Which model answers: the context's chat models, and the draft's model even when the
// catalog no longer lists it.

import { Select } from "../../components";
import { t } from "../../i18n";
import type { ChatController } from "./useChat";

export function ChatModelPicker(props: { chat: ChatController; disabled: boolean }) {
  const { chat } = props;
  const modelOptions = chat.chatModels.map((m) => ({
    value: m.modelCode,
    label: m.displayName === m.modelCode ? m.modelCode : `${m.displayName} · ${m.modelCode}`,
  }));
  if (chat.draft.modelCode && !modelOptions.some((o) => o.value === chat.draft.modelCode)) {
    modelOptions.unshift({
      value: chat.draft.modelCode,
      label: t("chat.model.missing", { code: chat.draft.modelCode }),
    });
  }

  return (
    <label class="chat-composer__model">
      <span class="chat-composer__label">{t("chat.model")}</span>
      <Select
        value={chat.draft.modelCode}
        options={modelOptions}
        onValue={(modelCode) => chat.setDraft((d) => ({ ...d, modelCode, params: {}, format: "text" }))}
        disabled={props.disabled || modelOptions.length === 0}
        data-testid="chat-model-select"
      />
    </label>
  );
}
