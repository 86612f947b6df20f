// Where a message is written: the model, the options, the text, Send and Stop.

import { useEffect, useRef, useState } from "preact/hooks";

import { Badge, Button, Select } from "../../components";
import { formatNumber, t } from "../../i18n";
import { chatUsageHint, type ChatUsageHint, type SessionSummary } from "../../ipc";
import { keptKey, useKept } from "../../app/keep";
import { useLoad } from "../../app/useLoad";
import { contextName } from "../../app/sessions";
import { OptionsPanel } from "./OptionsPanel";
import { OPEN_WORKFLOW_SETTING } from "./WorkflowSetting";
import type { ChatController } from "./useChat";

export function Composer(props: { chat: ChatController; session: SessionSummary }) {
  const { chat } = props;
  // The unsent text is kept per context and conversation while the app runs.
  const [text, setText] = useKept(keptKey(chat.contextKey, `chat.text.${chat.currentId ?? "new"}`), "");
  const [showOptions, setShowOptions] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const isTeam = props.session.context.kind === "team";

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

  // What replies with this model used here, read again after each reply.
  const modelCode = chat.model?.modelCode ?? null;
  // One key: the hint names its model, and a hint for another model is not shown.
  const hint = useLoad<ChatUsageHint>(() => chatUsageHint(modelCode ?? ""), "usage", [modelCode, busy, props.session.id], {
    hold: !modelCode || busy,
  });
  const usage = hint.error ? null : hint.data;
  const who = contextName(props.session);
  const costLine =
    usage && usage.modelCode === modelCode && usage.samples > 0 && usage.typicalTokens !== undefined
      ? t("chat.cost.recent", {
          who,
          typical: formatNumber(usage.typicalTokens),
          max: formatNumber(usage.maxTokens ?? usage.typicalTokens),
        })
      : t("chat.cost.none", { who });

  const send = async () => {
    if (!canSend) return;
    const message = text;
    setText("");
    const ok = await chat.send(message);
    // Nothing was sent (invalid options, signed out): give the text back.
    if (!ok) setText((current) => current || message);
    area.current?.focus();
  };

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
    <div class="chat-composer" data-testid="chat-composer">
      <div class="chat-composer__bar">
        <label class="chat-composer__model">
          <span class="chat-composer__label">{t("chat.model")}</span>
          <Select
            value={chat.draft.modelCode}
            options={modelOptions}
            onValue={(modelCode) => chat.setDraft((d) => ({ ...d, modelCode, params: {}, format: "text" }))}
            disabled={busy || modelOptions.length === 0}
            data-testid="chat-model-select"
          />
        </label>
        <Badge tone={isTeam ? "accent" : "neutral"} icon={isTeam ? "team" : "user"} data-testid="chat-mode">
          {isTeam ? t("chat.mode.team") : t("chat.mode.personal")}
        </Badge>
        <Button
          size="sm"
          variant="ghost"
          icon="settings"
          aria-expanded={showOptions ? "true" : "false"}
          aria-controls="chat-options-panel"
          onClick={() => setShowOptions((v) => !v)}
          data-testid="chat-options-toggle"
        >
          {t("chat.options")}
          {blocked ? ` (${chat.problems.length})` : ""}
        </Button>
      </div>
      <div id="chat-options-panel" hidden={!showOptions}>
        {showOptions && (
          <OptionsPanel
            model={chat.model}
            draft={chat.draft}
            problems={chat.problems}
            isTeam={isTeam}
            onDraft={chat.setDraft}
          />
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
          placeholder={
            chat.model ? t("chat.input.placeholder", { model: chat.model.displayName }) : t("chat.input.noModel")
          }
          onInput={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
          aria-describedby="chat-input-hint"
          data-testid="chat-input"
        />
        {busy ? (
          <Button
            variant="danger"
            icon="stop"
            onClick={chat.stop}
            disabled={chat.inFlight === "pending"}
            data-testid="chat-stop"
          >
            {t("chat.stop")}
          </Button>
        ) : (
          <Button variant="primary" icon="send" onClick={() => void send()} disabled={!canSend} data-testid="chat-send">
            {t("chat.send")}
          </Button>
        )}
      </div>
      <p class="chat-composer__hint" id="chat-input-hint">
        {isTeam ? t("chat.input.hintTeam") : t("chat.input.hint")}
      </p>
      {chat.model && (
        <p class="chat-composer__cost" data-testid="chat-cost" data-samples={usage?.modelCode === modelCode ? usage.samples : 0}>
          {costLine}
        </p>
      )}
    </div>
  );
}
