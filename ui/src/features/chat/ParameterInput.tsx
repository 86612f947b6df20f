// One model parameter as an input, with its range or choices as a hint.

import { Field, Select, TextInput } from "../../components";
import { choiceTexts } from "../../format/parameterRules";
import { formatNumber, t } from "../../i18n";
import type { ParameterDef } from "../../ipc";
import { textOf } from "./params";

export function hintOf(def: ParameterDef): string {
  const parts: string[] = [];
  if (def.kind) parts.push(def.kind);
  const { minimum: min, maximum: max } = def;
  if (min !== null && max !== null && !def.minimumExclusive && !def.maximumExclusive) {
    parts.push(t("chat.param.range", { min: formatNumber(min), max: formatNumber(max) }));
  } else {
    // An exclusive bound is refused itself: "more than 0", not "at least 0" (READINGS G7).
    if (min !== null) parts.push(t(def.minimumExclusive ? "chat.param.above" : "chat.param.min", { min: formatNumber(min) }));
    if (max !== null) parts.push(t(def.maximumExclusive ? "chat.param.below" : "chat.param.max", { max: formatNumber(max) }));
  }
  if (def.multipleOf !== null) parts.push(t("chat.param.step", { step: formatNumber(def.multipleOf) }));
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
          const choices = choiceTexts(def);
          const options = [
            { value: "", label: t("chat.param.unset") },
            ...def.enumValues.map((v, i) => ({ value: JSON.stringify(v), label: choices[i] ?? textOf(v) })),
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
