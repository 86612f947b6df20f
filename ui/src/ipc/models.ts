// The model catalog of the active context.

import type { ModelCatalog } from "../bindings/ModelCatalog";
import * as generated from "./generated";

/** The active context's catalog (`models_catalog`); from the core's cache unless `refresh`. */
export function modelsCatalog(refresh = false): Promise<ModelCatalog> {
  return generated.modelsCatalog(refresh);
}

export { modelsCompare } from "./generated";
