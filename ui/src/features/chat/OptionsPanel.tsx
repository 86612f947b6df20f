// The request options: system prompt, the parameters the model's parameterSpec declares
// (and nothing else), the structured-output mode where the model declares one, and for
// Team the workflow version the core sends.

import { t } from "../../i18n";
import type { ModelEntry, OptionProblem } from "../../ipc";
import type { Draft } from "./draft";
import { problemText } from "./format";
import { ParameterInput } from "./ParameterInput";
import { ResponseFormatSetting } from "./ResponseFormatSetting";
import { WorkflowSetting } from "./WorkflowSetting";

export function OptionsPanel(props: {
  model: ModelEntry | undefined;
  draft: Draft;
  problems: OptionProblem[];
  isTeam: boolean;
  onDraft: (update: (d: Draft) => Draft) => void;
}) {
  const { model, draft, problems } = props;
  const errorFor = (field: string) => {
    const found = problems.filter((p) => p.field === field);
    return found.length > 0 ? found.map((p) => problemText(p.problem)).join(" ") : null;
  };
  const undeclared = problems.filter((p) => p.problem.kind === "notDeclared");

  return (
    <div class="chat-options" data-testid="chat-options">
      <div class="field">
        <label class="field__label" for="chat-system-prompt">
          {t("chat.systemPrompt")}
        </label>
        <textarea
          id="chat-system-prompt"
          class="input chat-textarea"
          rows={2}
          value={draft.systemPrompt}
          placeholder={t("chat.systemPrompt.placeholder")}
          onInput={(e) => {
            const value = e.currentTarget.value;
            props.onDraft((d) => ({ ...d, systemPrompt: value }));
          }}
          data-testid="chat-system-prompt"
        />
      </div>

      <div class="chat-options__section">
        <h3 class="chat-options__title">{t("chat.params.title")}</h3>
        {model && model.parameters.length > 0 ? (
          <div class="chat-options__params">
            {model.parameters.map((def) => (
              <ParameterInput
                key={def.name}
                def={def}
                value={draft.params[def.name] ?? ""}
                error={errorFor(def.name)}
                onValue={(v) => props.onDraft((d) => ({ ...d, params: { ...d.params, [def.name]: v } }))}
              />
            ))}
          </div>
        ) : (
          <p class="muted" data-testid="chat-no-params">
            {model?.parameterSpec === "null"
              ? t("chat.params.null")
              : model?.parameterSpec === "unknownVersion"
                ? t("chat.params.unknownVersion", { version: model.parameterSchemaVersion ?? "?" })
                : t("chat.params.none")}
          </p>
        )}
        {undeclared.length > 0 && (
          <p class="field__error">{t("chat.params.undeclared", { names: undeclared.map((p) => p.field).join(", ") })}</p>
        )}
      </div>
      <ResponseFormatSetting model={model} draft={draft} errorFor={errorFor} onDraft={props.onDraft} />

      {props.isTeam && <WorkflowSetting />}
    </div>
  );
}
