// Parameter inputs as typed by a person ↔ the JSON values the core checks against the
// model's parameterSpec. The UI does no validation of its own: whatever is typed is
// sent to `chat_check_options`, and the core says what is wrong.

import type { JsonValue, ParameterDef } from "../../ipc";

/** The text shown in a parameter's input for a stored value. */
export function textOf(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** The value sent for what was typed; `undefined` means "not set". */
export function parameterValue(def: ParameterDef | undefined, text: string): JsonValue | undefined {
  if (text.trim() === "") return undefined;
  if (def?.enumValues) {
    // Enum inputs are selects whose option values are the JSON of each allowed value.
    try {
      return JSON.parse(text) as JsonValue;
    } catch {
      return text;
    }
  }
  switch (def?.kind) {
    case "number":
    case "integer": {
      const trimmed = text.trim();
      const n = Number(trimmed);
      // Not a number: sent as typed, so the core explains what it expects.
      return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed) && Number.isFinite(n) ? n : text;
    }
    case "boolean":
      return text === "true" ? true : text === "false" ? false : text;
    case "string":
      return text;
    default:
      try {
        return JSON.parse(text) as JsonValue;
      } catch {
        return text;
      }
  }
}

/** The parameters to send, from the typed texts. */
export function parametersFrom(defs: readonly ParameterDef[], texts: Record<string, string>): Record<string, JsonValue> {
  // Only what the model declares: a parameter of a previously chosen model is dropped.
  const out: Record<string, JsonValue> = {};
  for (const def of defs) {
    const value = parameterValue(def, texts[def.name] ?? "");
    if (value !== undefined) out[def.name] = value;
  }
  return out;
}
