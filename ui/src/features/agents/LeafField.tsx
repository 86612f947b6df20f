// A property with one value: a choice for an enum or a boolean, text for the rest (numbers
// and JSON in monospace). The value stays as typed; the form reads it when it is sent.

import type { ComponentChildren } from "preact";

import { Field, Select, TextInput } from "../../components";
import { t } from "../../i18n";
import { fieldHint, type Problems, problemsAt } from "./formProblems";
import type { FieldKind, Schema } from "./schemaForm";

export function LeafField(
  props: Problems & {
    kind: FieldKind;
    schema: Schema;
    label: ComponentChildren;
    path: string;
    required: boolean;
    text: string;
    onValue: (v: string) => void;
  },
) {
  const errors = problemsAt(props, props.path);
  const choices =
    props.kind === "boolean"
      ? ["true", "false"].map((v) => ({ value: v, label: v }))
      : props.kind === "enum"
        ? (props.schema.enum as unknown[]).map((v, i) => ({ value: String(i), label: typeof v === "string" ? v : JSON.stringify(v) }))
        : null;
  const numeric = props.kind === "number" || props.kind === "integer";
  return (
    <Field
      label={props.label}
      hint={fieldHint(props.schema)}
      error={errors.length > 0 ? errors.join(" · ") : null}
      required={props.required}
      data-testid="agent-form-field"
    >
      {(control) =>
        choices ? (
          <Select
            {...control}
            data-field={props.path}
            value={props.text}
            onValue={props.onValue}
            options={[{ value: "", label: t("agents.form.unset") }, ...choices]}
          />
        ) : (
          <TextInput
            {...control}
            data-field={props.path}
            mono={props.kind !== "string"}
            value={props.text}
            onValue={props.onValue}
            inputMode={numeric ? "decimal" : undefined}
            placeholder={props.kind === "json" ? t("agents.form.jsonPlaceholder") : undefined}
          />
        )
      }
    </Field>
  );
}
