// The request options: system prompt, the parameters the model's parameterSpec declares
// (and nothing else), the structured-output mode where the model declares one, and for
// Team the workflow version the core sends.

import { useEffect, useState } from "preact/hooks";

import { Button, Field, Segmented, Select, TextInput, toast, type SegmentedOption } from "../../components";
import { errorMessage, formatNumber, t } from "../../i18n";
import {
  chatSettings,
  setChatWorkflowVersion,
  toAppError,
  type ChatSettings,
  type ModelEntry,
  type OptionProblem,
  type ParameterDef,
  type ResponseFormatChoice,
} from "../../ipc";
import { problemText } from "./format";
import { textOf } from "./params";
import { SCHEMA_EXAMPLE, type Draft } from "./draft";

function hintOf(def: ParameterDef): string {
  const parts: string[] = [];
  if (def.kind) parts.push(def.kind);
  if (def.minimum !== null && def.maximum !== null) {
    parts.push(t("chat.param.range", { min: formatNumber(def.minimum), max: formatNumber(def.maximum) }));
  } else if (def.minimum !== null) {
    parts.push(t("chat.param.min", { min: formatNumber(def.minimum) }));
  } else if (def.maximum !== null) {
    parts.push(t("chat.param.max", { max: formatNumber(def.maximum) }));
  }
  if (def.default !== null && def.default !== undefined)
    parts.push(t("chat.param.default", { value: textOf(def.default) }));
  if (def.description) parts.push(def.description);
  return parts.join(" · ");
}

function ParameterInput(props: {
  def: ParameterDef;
  value: string;
  error: string | null;
  onValue: (v: string) => void;
}) {
  const { def } = props;
  return (
    <Field
      label={<span class="mono">{def.name}</span>}
      hint={hintOf(def)}
      error={props.error}
      data-testid={`chat-param-${def.name}`}
    >
      {(control) => {
        if (def.enumValues) {
          const options = [
            { value: "", label: t("chat.param.unset") },
            ...def.enumValues.map((v) => ({ value: JSON.stringify(v), label: textOf(v) })),
          ];
          // Stored text of a string value is the bare string; enum options use JSON.
          const current =
            props.value === ""
              ? ""
              : options.some((o) => o.value === props.value)
                ? props.value
                : JSON.stringify(props.value);
          return <Select {...control} value={current} options={options} onValue={props.onValue} />;
        }
        if (def.kind === "boolean") {
          const options = [
            { value: "", label: t("chat.param.unset") },
            { value: "true", label: "true" },
            { value: "false", label: "false" },
          ];
          return <Select {...control} value={props.value} options={options} onValue={props.onValue} />;
        }
        return (
          <TextInput
            {...control}
            value={props.value}
            onValue={props.onValue}
            mono
            inputMode={def.kind === "number" || def.kind === "integer" ? "decimal" : undefined}
            placeholder={
              def.default !== null && def.default !== undefined ? textOf(def.default) : t("chat.param.unset")
            }
          />
        );
      }}
    </Field>
  );
}

/** A window event that opens the options at the Team workflow version setting. */
export const OPEN_WORKFLOW_SETTING = "xiaoya:open-workflow-setting";

function WorkflowSetting() {
  const [settings, setSettings] = useState<ChatSettings | null>(null);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    chatSettings()
      .then((s) => {
        setSettings(s);
        setValue(s.workflowVersionId);
      })
      .catch(() => setSettings(null));
  }, []);
  if (!settings) return null;
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const next = await setChatWorkflowVersion(value);
      setSettings(next);
      setValue(next.workflowVersionId);
      toast({ tone: "success", title: t("chat.workflow.saved") });
    } catch (err) {
      setError(errorMessage(toAppError(err).code));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div class="chat-options__workflow" data-testid="chat-workflow">
      <Field
        label={t("chat.workflow.label")}
        hint={t("chat.workflow.hint", { node: settings.nodeId, fallback: settings.defaultWorkflowVersionId })}
        error={error}
      >
        {(control) => (
          <div class="chat-options__inline">
            <TextInput {...control} value={value} onValue={setValue} mono data-testid="chat-workflow-input" />
            <Button
              onClick={() => void save()}
              loading={saving}
              disabled={value === settings.workflowVersionId}
              data-testid="chat-workflow-save"
            >
              {t("chat.workflow.save")}
            </Button>
          </div>
        )}
      </Field>
    </div>
  );
}

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
