// Editing a sent message before resending it.

import { useState } from "preact/hooks";

import { Button } from "../../components";
import { t } from "../../i18n";

export function EditBox(props: { initial: string; onCancel: () => void; onSave: (text: string) => void }) {
  const [text, setText] = useState(props.initial);
  return (
    <div class="chat-msg__edit">
      <label class="sr-only" for="chat-edit-text">
        {t("chat.edit.label")}
      </label>
      <textarea
        id="chat-edit-text"
        class="input chat-textarea"
        rows={3}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") props.onCancel();
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) props.onSave(text);
        }}
        data-testid="chat-edit-input"
        // biome-ignore lint/a11y/noAutofocus: the person asked to edit this message, so the box they opened takes focus
        autoFocus
      />
      <div class="chat-msg__edit-actions">
        <Button size="sm" onClick={props.onCancel}>
          {t("chat.edit.cancel")}
        </Button>
        <Button
          size="sm"
          variant="primary"
          icon="send"
          disabled={!text.trim()}
          onClick={() => props.onSave(text)}
          data-testid="chat-edit-send"
        >
          {t("chat.edit.send")}
        </Button>
      </div>
    </div>
  );
}
