// The reply's format: text, or JSON (object or schema) where the model declares a
// structured-output mode for it, with the schema's editor; otherwise "asked for in the prompt".

import { Segmented, type SegmentedOption } from "../../components";
import { t } from "../../i18n";
import type { ModelEntry, ResponseFormatChoice } from "../../ipc";
import { type Draft, SCHEMA_EXAMPLE } from "./draft";

export function ResponseFormatSetting(props: {
  model: ModelEntry | undefined;
  draft: Draft;
  errorFor: (field: string) => string | null;
  onDraft: (update: (d: Draft) => Draft) => void;
}) {
  const { model, draft, errorFor } = props;
  const mode = model?.structuredOutputMode ?? "prompt";
  const formats: SegmentedOption<ResponseFormatChoice["kind"]>[] = [
    { value: "text", label: t("chat.format.text"), "data-testid": "chat-format-text" },
  ];
  if (mode === "json_object" || mode === "json_schema")
    formats.push({ value: "jsonObject", label: t("chat.format.jsonObject"), "data-testid": "chat-format-json-object" });
  if (mode === "json_schema")
    formats.push({ value: "jsonSchema", label: t("chat.format.jsonSchema"), "data-testid": "chat-format-json-schema" });
  return (
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
  );
}
