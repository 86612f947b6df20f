// The model catalog of the active context.

import type { ModelCatalog } from "../bindings/ModelCatalog";
import type { ModelComparison } from "../bindings/ModelComparison";
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

export type { CompareField } from "../bindings/CompareField";
export type { ModelComparison } from "../bindings/ModelComparison";
export type { ModelInContext } from "../bindings/ModelInContext";

/**
 * One model in the catalog of every signed-in context, read with each context's own
 * session (the active context does not change; nothing is charged). A context that
 * cannot be read carries its error instead of failing the whole comparison.
 */
export function modelsCompare(modelCode: string): Promise<ModelComparison> {
  return call<ModelComparison>("models_compare", { modelCode });
}
