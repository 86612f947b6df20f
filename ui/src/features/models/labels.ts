// Words for catalog values. Values outside the documented sets are shown as sent.

import { t } from "../../i18n";
import type { ModelEntry, StructuredOutputMode } from "../../ipc";

/** A model type in the active language; an unknown type reads as the platform sent it. */
export function typeLabel(type: string): string {
  switch (type) {
    case "llm":
      return t("models.type.llm");
    case "chat":
      return t("models.type.chat");
    case "image":
      return t("models.type.image");
    case "video":
      return t("models.type.video");
    case "":
      return t("models.type.none");
    default:
      return type;
  }
}

export function isDocumentedType(type: string): boolean {
  return type === "llm" || type === "image" || type === "video";
}

export function modeLabel(mode: StructuredOutputMode): string {
  switch (mode) {
    case "prompt":
      return t("models.mode.prompt");
    case "json_object":
      return t("models.mode.jsonObject");
    case "json_schema":
      return t("models.mode.jsonSchema");
  }
}

export type Capability = "any" | "acceptsImage" | "acceptsFile" | "outputsText" | "outputsImage" | "outputsAudio" | "outputsVideo" | "json";

export const CAPABILITIES: readonly Capability[] = [
  "any",
  "acceptsImage",
  "acceptsFile",
  "outputsText",
  "outputsImage",
  "outputsAudio",
  "outputsVideo",
  "json",
];

export function capabilityLabel(capability: Capability): string {
  switch (capability) {
    case "any":
      return t("models.filter.anyCapability");
    case "acceptsImage":
      return t("models.cap.acceptsImage");
    case "acceptsFile":
      return t("models.cap.acceptsFile");
    case "outputsText":
      return t("models.cap.outputsText");
    case "outputsImage":
      return t("models.cap.outputsImage");
    case "outputsAudio":
      return t("models.cap.outputsAudio");
    case "outputsVideo":
      return t("models.cap.outputsVideo");
    case "json":
      return t("models.cap.json");
  }
}

export function hasCapability(model: ModelEntry, capability: Capability): boolean {
  switch (capability) {
    case "any":
      return true;
    case "json":
      return model.structuredOutputMode !== "prompt";
    default:
      return model[capability] === true;
  }
}

/** Short capability chips for a list row, in reading order. */
export function chips(model: ModelEntry): string[] {
  const out: string[] = [];
  if (model.acceptsImage) out.push(t("models.chip.imageIn"));
  if (model.acceptsFile) out.push(t("models.chip.fileIn"));
  if (model.outputsText) out.push(t("models.chip.textOut"));
  if (model.outputsImage) out.push(t("models.chip.imageOut"));
  if (model.outputsAudio) out.push(t("models.chip.audioOut"));
  if (model.outputsVideo) out.push(t("models.chip.videoOut"));
  if (model.structuredOutputMode !== "prompt") out.push(t("models.chip.json"));
  return out;
}
