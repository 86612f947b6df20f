// An array property: its items one under another, each with Remove, and Add an item up to
// the schema's maxItems. Each item is drawn by `renderItem` (the form's own field).

import type { ComponentChildren } from "preact";

import { Button } from "../../components";
import { t } from "../../i18n";
import { ProblemList, type Problems } from "./formProblems";
import { asSchema, constraints, type FormValue, initialValue, type Schema } from "./schemaForm";

export function ArrayField(
  props: Problems & {
    schema: Schema;
    label: ComponentChildren;
    path: string;
    items: FormValue[];
    onValue: (v: FormValue) => void;
    renderItem: (item: FormValue, i: number, onItem: (v: FormValue) => void) => ComponentChildren;
  },
) {
  const items = props.items;
  const max = constraints(props.schema).maxItems;
  return (
    <fieldset class="agents__group" data-field={props.path}>
      <legend>{props.label}</legend>
      <ProblemList local={props.local} problems={props.problems} path={props.path} />
      {items.map((item, i) => (
        <div class="agents__array-item" key={i}>
          {props.renderItem(item, i, (v) => props.onValue(items.map((x, j) => (j === i ? v : x))))}
          <Button
            size="sm"
            variant="ghost"
            icon="trash"
            aria-label={t("agents.form.removeItem")}
            title={t("agents.form.removeItem")}
            onClick={() => props.onValue(items.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        size="sm"
        icon="plus"
        disabled={max !== undefined && items.length >= max}
        onClick={() => props.onValue([...items, initialValue(asSchema(props.schema.items))])}
        data-testid="agent-form-add-item"
      >
        {t("agents.form.addItem")}
      </Button>
    </fieldset>
  );
}
