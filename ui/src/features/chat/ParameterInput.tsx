// One model parameter as an input, with its range or choices as a hint.

import { Field, Select, TextInput } from "../../components";
import { formatNumber, t } from "../../i18n";
import type { ParameterDef } from "../../ipc";
import { textOf } from "./params";

export function hintOf(def: ParameterDef): string {
  const parts: string[] = [];
  if (def.kind) parts.push(def.kind);
  if (def.minimum !== null && def.maximum !== null) {
    parts.push(t("chat.param.range", { min: formatNumber(def.minimum), max: formatNumber(def.maximum) }));
  } else if (def.minimum !== null) {
    parts.push(t("chat.param.min", { min: formatNumber(def.minimum) }));
  } else if (def.maximum !== null) {
    parts.push(t("chat.param.max", { max: formatNumber(def.maximum) }));
  }
  if (def.default !== null && def.default !== undefined) parts.push(t("chat.param.default", { value: textOf(def.default) }));
  if (def.description) parts.push(def.description);
  return parts.join(" · ");
}

export function ParameterInput(props: { def: ParameterDef; value: string; error: string | null; onValue: (v: string) => void }) {
  const { def } = props;
  return (
    <Field label={<span class="mono">{def.name}</span>} hint={hintOf(def)} error={props.error} data-testid={`chat-param-${def.name}`}>
      {(control) => {
        if (def.enumValues) {
          const options = [
            { value: "", label: t("chat.param.unset") },
            ...def.enumValues.map((v) => ({ value: JSON.stringify(v), label: textOf(v) })),
          ];
          // Stored text of a string value is the bare string; enum options use JSON.
          const current =
            props.value === "" ? "" : options.some((o) => o.value === props.value) ? props.value : JSON.stringify(props.value);
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
            placeholder={def.default !== null && def.default !== undefined ? textOf(def.default) : t("chat.param.unset")}
          />
        );
      }}
    </Field>
  );
}
