// A JSON value from the catalog as short text ("—" when absent).

import type { JsonValue } from "../../ipc";

export function text(value: JsonValue | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}
