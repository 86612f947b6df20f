// The model catalog of the active context.

import type { ModelCatalog } from "../bindings/ModelCatalog";
import { call } from "./commands";

export type { CatalogContext } from "../bindings/CatalogContext";
export type { ModelCatalog } from "../bindings/ModelCatalog";
export type { ModelEntry } from "../bindings/ModelEntry";
export type { ParameterDef } from "../bindings/ParameterDef";
export type { ParameterSpecState } from "../bindings/ParameterSpecState";
export type { StructuredOutputMode } from "../bindings/StructuredOutputMode";
export type { JsonValue } from "../bindings/serde_json/JsonValue";

/**
 * The active context's catalog. Answered from the core's cache for the same context
 * unless `refresh`; rejects with NOT_SIGNED_IN or SCOPE_MISSING (`model`).
 */
export function modelsCatalog(refresh = false): Promise<ModelCatalog> {
  return call<ModelCatalog>("models_catalog", { refresh });
}
