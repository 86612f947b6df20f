// The chat options as the composer holds them (`Draft`), and their translation to and
// from the core's `ChatOptions`.

import type { ChatOptions, ModelEntry, ResponseFormatChoice } from "../../ipc";
import { parametersFrom, textOf } from "./params";

/** What the composer holds; turned into `ChatOptions` for each request. */
export interface Draft {
  modelCode: string;
  systemPrompt: string;
  /** Parameter inputs as typed, by name. */
  params: Record<string, string>;
  format: ResponseFormatChoice["kind"];
  schema: string;
}

export const EMPTY_DRAFT: Draft = { modelCode: "", systemPrompt: "", params: {}, format: "text", schema: "" };

export const SCHEMA_EXAMPLE = `{
  "type": "object",
  "required": ["title", "points"],
  "properties": {
    "title": { "type": "string" },
    "points": { "type": "array", "items": { "type": "string" } }
  }
}`;

export function optionsOf(draft: Draft, model: ModelEntry | undefined): ChatOptions {
  const responseFormat: ResponseFormatChoice =
    draft.format === "jsonSchema"
      ? { kind: "jsonSchema", schema: draft.schema }
      : draft.format === "jsonObject"
        ? { kind: "jsonObject" }
        : { kind: "text" };
  return {
    modelCode: draft.modelCode,
    systemPrompt: draft.systemPrompt,
    parameters: parametersFrom(model?.parameters ?? [], draft.params),
    responseFormat,
  };
}

export function draftOf(options: ChatOptions): Draft {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.parameters)) params[name] = textOf(value);
  const format = options.responseFormat;
  return {
    modelCode: options.modelCode,
    systemPrompt: options.systemPrompt,
    params,
    format: format.kind,
    schema: format.kind === "jsonSchema" ? format.schema : "",
  };
}
