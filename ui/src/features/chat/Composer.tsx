// Where a message is written: the model, the options, the text, Send and Stop.

import { useEffect, useRef, useState } from "preact/hooks";

import { keptKey, useKept } from "../../app/keep";
import { useShortcutHint } from "../../app/shortcuts/registry";
import { t } from "../../i18n";
import type { SessionSummary } from "../../ipc";
import { ChatCostLine } from "./ChatCostLine";
import { ComposerBar } from "./ComposerBar";
import { OptionsPanel } from "./OptionsPanel";
import { SendOrStop } from "./SendOrStop";
import type { ChatController } from "./useChat";
import { OPEN_WORKFLOW_SETTING } from "./WorkflowSetting";

export function Composer(props: { chat: ChatController; session: SessionSummary }) {
  const { chat } = props;
  // The unsent text is kept per context and conversation while the app runs.
  const [text, setText] = useKept(keptKey(chat.contextKey, `chat.text.${chat.currentId ?? "new"}`), "");
  const [showOptions, setShowOptions] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const isTeam = props.session.context.kind === "team";
  const focusHint = useShortcutHint("chat.focus");

  // "Open the Team workflow version setting" from a refused reply: show the options and
  // put the caret in that setting.
  useEffect(() => {
    const open = () => {
      setShowOptions(true);
      window.setTimeout(() => {
        const input = document.querySelector<HTMLInputElement>("[data-testid=chat-workflow-input]");
        input?.scrollIntoView({ block: "center" });
        input?.focus();
      }, 150);
    };
    window.addEventListener(OPEN_WORKFLOW_SETTING, open);
    return () => window.removeEventListener(OPEN_WORKFLOW_SETTING, open);
  }, []);
  const busy = chat.inFlight !== null;
  const blocked = chat.problems.length > 0;
  const canSend = !busy && !blocked && !!chat.model && text.trim().length > 0;

  const send = async () => {
    if (!canSend) return;
    const message = text;
    setText("");
    const ok = await chat.send(message);
    // Nothing was sent (invalid options, signed out): give the text back.
    if (!ok) setText((current) => current || message);
    area.current?.focus();
  };

  return (
    <div class="chat-composer" data-testid="chat-composer">
      <ComposerBar chat={chat} busy={busy} isTeam={isTeam} showOptions={showOptions} onToggleOptions={() => setShowOptions((v) => !v)} />
      <div id="chat-options-panel" hidden={!showOptions}>
        {showOptions && (
          <OptionsPanel model={chat.model} draft={chat.draft} problems={chat.problems} isTeam={isTeam} onDraft={chat.setDraft} />
        )}
      </div>
      {blocked && !showOptions && (
        <p class="field__error" role="status" data-testid="chat-options-problem">
          {t("chat.options.fix")}{" "}
          <button type="button" class="link-button" onClick={() => setShowOptions(true)}>
            {t("chat.options.show")}
          </button>
        </p>
      )}
      <div class="chat-composer__input">
        <label class="sr-only" for="chat-input">
          {t("chat.input.label")}
        </label>
        <textarea
          id="chat-input"
          ref={area}
          class="input chat-textarea chat-composer__text"
          rows={3}
          value={text}
          placeholder={chat.model ? t("chat.input.placeholder", { model: chat.model.displayName }) : t("chat.input.noModel")}
          onInput={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
          aria-describedby="chat-input-hint"
          aria-keyshortcuts={focusHint["aria-keyshortcuts"]}
          data-testid="chat-input"
        />
        <SendOrStop chat={chat} canSend={canSend} onSend={() => void send()} />
      </div>
      <p class="chat-composer__hint" id="chat-input-hint">
        {isTeam ? t("chat.input.hintTeam") : t("chat.input.hint")}
      </p>
      <ChatCostLine model={chat.model} busy={busy} session={props.session} />
    </div>
  );
}
