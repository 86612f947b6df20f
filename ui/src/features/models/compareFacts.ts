// The facts the model comparison shows, one row each, and how each is written.

import type { ComponentChildren } from "preact";

import { choiceTexts, rangeText } from "../../format/parameterRules";
import { t } from "../../i18n";
import type { CompareField, JsonValue, ModelEntry, ParameterDef } from "../../ipc";
import { modeLabel, typeLabel } from "./labels";

export const FIELD_LABEL: Record<CompareField, () => string> = {
  presence: () => t("models.compare.field.presence"),
  displayName: () => t("models.compare.field.displayName"),
  modelType: () => t("models.compare.field.modelType"),
  inputs: () => t("models.compare.field.inputs"),
  outputs: () => t("models.compare.field.outputs"),
  structuredOutput: () => t("models.compare.field.structuredOutput"),
  parameterSchemaVersion: () => t("models.compare.field.parameterSchemaVersion"),
  parameters: () => t("models.compare.field.parameters"),
};

export function flags(pairs: Array<[boolean | null, string]>): string {
  const on = pairs.filter(([value]) => value === true).map(([, label]) => label);
  if (on.length > 0) return on.join(", ");
  return pairs.every(([value]) => value === null) ? "—" : t("models.compare.none");
}

export function inputs(m: ModelEntry): string {
  return flags([
    [m.acceptsText, t("models.flag.text")],
    [m.acceptsImage, t("models.flag.image")],
    [m.acceptsFile, t("models.flag.file")],
  ]);
}

export function outputs(m: ModelEntry): string {
  return flags([
    [m.outputsText, t("models.flag.text")],
    [m.outputsImage, t("models.flag.image")],
    [m.outputsAudio, t("models.flag.audio")],
    [m.outputsVideo, t("models.flag.video")],
  ]);
}

export function json(value: JsonValue | null): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function describeParameter(def: ParameterDef): string {
  const parts: string[] = [def.kind || "—"];
  const range = rangeText(def);
  if (range) parts.push(range);
  if (def.enumValues) parts.push(choiceTexts(def).join(" | "));
  if (def.default !== null) parts.push(t("models.compare.default", { value: json(def.default) }));
  return parts.join(" · ");
}

/** The facts shown one row each, in order, and how each is shown. */
export const FACTS: Array<[CompareField, (m: ModelEntry) => ComponentChildren]> = [
  ["displayName", (m) => m.displayName],
  ["modelType", (m) => typeLabel(m.modelType)],
  ["inputs", inputs],
  ["outputs", outputs],
  ["structuredOutput", (m) => modeLabel(m.structuredOutputMode)],
  ["parameterSchemaVersion", (m) => m.parameterSchemaVersion ?? "—"],
];
