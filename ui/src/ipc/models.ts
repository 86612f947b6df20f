// The model catalog of the active context.

import type { ModelCatalog } from "../bindings/ModelCatalog";
import * as generated from "./generated";

export type { CatalogContext } from "../bindings/CatalogContext";
export type { ModelCatalog } from "../bindings/ModelCatalog";
export type { ModelEntry } from "../bindings/ModelEntry";
export type { ParameterDef } from "../bindings/ParameterDef";
export type { ParameterSpecState } from "../bindings/ParameterSpecState";
export type { StructuredOutputMode } from "../bindings/StructuredOutputMode";
export type { JsonValue } from "../bindings/serde_json/JsonValue";

/** The active context's catalog (`models_catalog`); from the core's cache unless `refresh`. */
export function modelsCatalog(refresh = false): Promise<ModelCatalog> {
  return generated.modelsCatalog(refresh);
}

export type { CompareField } from "../bindings/CompareField";
export type { ModelComparison } from "../bindings/ModelComparison";
export type { ModelInContext } from "../bindings/ModelInContext";
export { modelsCompare } from "./generated";
