// One property of the call form, drawn from its schema: text, number, a choice for an enum
// or a boolean, a list for an array, a group for an object, JSON text for anything else.
// Problems (the form's own and the core's) show at the field whose JSON Pointer they name.

import { t } from "../../i18n";
import { ArrayField } from "./ArrayField";
import { ProblemList, type Problems } from "./formProblems";
import { LeafField } from "./LeafField";
import { asSchema, type FormValue, initialValue, kindOf, pointer, propertiesOf, type Schema } from "./schemaForm";

type Props = Problems & {
  schema: Schema;
  name: string;
  path: string;
  required: boolean;
  value: FormValue;
  onValue: (value: FormValue) => void;
};

export function SchemaField(props: Props) {
  const kind = kindOf(props.schema);
  const label = (
    <>
      <code>{props.name}</code>
      {typeof props.schema.title === "string" && <span class="agents__muted"> {props.schema.title}</span>}
      {props.required && <span class="agents__required"> {t("agents.form.requiredMark")}</span>}
    </>
  );
  if (kind === "array") {
    const itemSchema = asSchema(props.schema.items);
    return (
      <ArrayField
        {...props}
        label={label}
        items={Array.isArray(props.value) ? props.value : []}
        renderItem={(item, i, onItem) => (
          <SchemaField
            {...props}
            schema={itemSchema}
            name={`${props.name}[${i}]`}
            path={pointer(props.path, i)}
            required
            value={item}
            onValue={onItem}
          />
        )}
      />
    );
  }
  if (kind !== "object") {
    const text = typeof props.value === "string" ? props.value : "";
    return <LeafField {...props} kind={kind} label={label} text={text} />;
  }
  const fields = typeof props.value === "object" && !Array.isArray(props.value) ? props.value : {};
  const inner = propertiesOf(props.schema).map((p) => (
    <SchemaField
      key={p.name}
      {...props}
      schema={p.schema}
      name={p.name}
      path={pointer(props.path, p.name)}
      required={p.required}
      value={fields[p.name] ?? initialValue(p.schema)}
      onValue={(v) => props.onValue({ ...fields, [p.name]: v })}
    />
  ));
  if (props.path === "") return <div class="agents__fields">{inner}</div>;
  return (
    <fieldset class="agents__group" data-field={props.path}>
      <legend>{label}</legend>
      <ProblemList local={props.local} problems={props.problems} path={props.path} />
      {inner}
    </fieldset>
  );
}
