// The request options: system prompt, the parameters the model's parameterSpec declares
// (and nothing else), the structured-output mode where the model declares one, and for
// Team the workflow version the core sends.

import { Segmented, type SegmentedOption } from "../../components";
import { t } from "../../i18n";
import type { ModelEntry, OptionProblem, ResponseFormatChoice } from "../../ipc";
import { problemText } from "./format";
import { SCHEMA_EXAMPLE, type Draft } from "./draft";
import { ParameterInput } from "./ParameterInput";
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
  const mode = model?.structuredOutputMode ?? "prompt";
  const formats: SegmentedOption<ResponseFormatChoice["kind"]>[] = [
    { value: "text", label: t("chat.format.text"), "data-testid": "chat-format-text" },
  ];
  if (mode === "json_object" || mode === "json_schema")
    formats.push({ value: "jsonObject", label: t("chat.format.jsonObject"), "data-testid": "chat-format-json-object" });
  if (mode === "json_schema")
    formats.push({ value: "jsonSchema", label: t("chat.format.jsonSchema"), "data-testid": "chat-format-json-schema" });
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
            {model?.parameterSpec === "null" ? t("chat.params.null") : t("chat.params.none")}
          </p>
        )}
        {undeclared.length > 0 && (
          <p class="field__error">
            {t("chat.params.undeclared", { names: undeclared.map((p) => p.field).join(", ") })}
          </p>
        )}
      </div>

      <div class="chat-options__section">
        <h3 class="chat-options__title" id="chat-format-label">
          {t("chat.format.title")}
        </h3>
        {formats.length > 1 ? (
          <Segmented
            label={t("chat.format.title")}
            labelledBy="chat-format-label"
            size="sm"
            value={formats.some((f) => f.value === draft.format) ? draft.format : "text"}
            options={formats}
            onChange={(format) =>
              props.onDraft((d) => ({
                ...d,
                format,
                schema: format === "jsonSchema" && !d.schema ? SCHEMA_EXAMPLE : d.schema,
              }))
            }
            data-testid="chat-format"
          />
        ) : (
          <p class="muted">{t("chat.format.promptOnly")}</p>
        )}
        {errorFor("responseFormat") && <p class="field__error">{errorFor("responseFormat")}</p>}
        {draft.format === "jsonSchema" && mode === "json_schema" && (
          <div class={`field${errorFor("schema") ? " has-error" : ""}`}>
            <label class="field__label" for="chat-schema">
              {t("chat.format.schema")}
            </label>
            <textarea
              id="chat-schema"
              class="input chat-textarea mono"
              rows={7}
              value={draft.schema}
              onInput={(e) => {
                const value = e.currentTarget.value;
                props.onDraft((d) => ({ ...d, schema: value }));
              }}
              aria-invalid={errorFor("schema") ? "true" : undefined}
              data-testid="chat-schema"
            />
            {errorFor("schema") && <p class="field__error">{errorFor("schema")}</p>}
            <p class="field__hint">{t("chat.format.schemaHint")}</p>
          </div>
        )}
      </div>

      {props.isTeam && <WorkflowSetting />}
    </div>
  );
}
