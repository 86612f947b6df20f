// A declared parameter's bounds, step and choices as short text, for the Models table, the
// comparison and Chat's Options: exclusive bounds say so, a `multipleOf` is a step, and an
// enum's `{value, label}` entries show their label beside the value that is sent (READINGS G7).

import { formatNumber, t } from "../i18n";
import type { JsonValue, ParameterDef } from "../ipc";

function valueText(value: JsonValue): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** `0 – 2`, `> 0, ≤ 2`, with `steps of 0.1`; null when the spec sets none. */
export function rangeText(def: ParameterDef): string | null {
  const parts: string[] = [];
  const { minimum: min, maximum: max } = def;
  if (min !== null && max !== null && !def.minimumExclusive && !def.maximumExclusive) {
    parts.push(`${formatNumber(min)} – ${formatNumber(max)}`);
  } else {
    if (min !== null) parts.push(`${def.minimumExclusive ? ">" : "≥"} ${formatNumber(min)}`);
    if (max !== null) parts.push(`${def.maximumExclusive ? "<" : "≤"} ${formatNumber(max)}`);
  }
  if (def.multipleOf !== null) parts.push(t("models.params.step", { step: formatNumber(def.multipleOf) }));
  return parts.length > 0 ? parts.join(", ") : null;
}

/** Each allowed value as shown: its label with the value sent (`Thorough (high)`), or the value. */
export function choiceTexts(def: ParameterDef): string[] {
  return (def.enumValues ?? []).map((value, i) => {
    const label = def.enumLabels?.[i];
    return label && label !== valueText(value) ? `${label} (${valueText(value)})` : valueText(value);
  });
}
