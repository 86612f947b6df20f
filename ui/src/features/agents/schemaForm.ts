// The call form, generated from a tool's inputSchema: which control each property gets,
// what the form starts with, and the arguments it makes. Every value is kept as the person
// typed it (text), so a half-typed number stays on screen; `toArguments` turns the form into
// JSON and names what can't be read, by JSON Pointer. The full JSON Schema check is the
// core's (`agent_check_arguments`), run before anything is sent.

export type Schema = Record<string, unknown>;

/** The control a property gets. `json`: a schema the form can't draw (anyOf, no type, …). */
export type FieldKind = "string" | "number" | "integer" | "boolean" | "enum" | "array" | "object" | "json";

/** A form value: text for a leaf, a list for an array, a record for an object. */
export type FormValue = string | FormValue[] | { [name: string]: FormValue };

/** A problem found before asking the core: a required value missing, text that isn't a number, … */
export interface LocalProblem {
  path: string;
  code: "required" | "notNumber" | "notInteger" | "notJson";
}

export function asSchema(value: unknown): Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Schema) : {};
}

function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === "string" && t !== "null");
  return undefined;
}

export function kindOf(schema: Schema): FieldKind {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return "enum";
  const type = typeOf(schema);
  if (type === "object" || (type === undefined && typeof schema.properties === "object")) return "object";
  if (type === "string" || type === "number" || type === "integer" || type === "boolean" || type === "array") return type;
  return "json";
}

/** The object's properties in the schema's order, each with whether it is required. */
export function propertiesOf(schema: Schema): { name: string; schema: Schema; required: boolean }[] {
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === "string") : []);
  return Object.entries(asSchema(schema.properties)).map(([name, s]) => ({ name, schema: asSchema(s), required: required.has(name) }));
}

/** Escapes a property name for a JSON Pointer (`a/b` → `a~1b`). */
export function pointer(parent: string, key: string | number): string {
  return `${parent}/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

/** What the form shows first: the schema's defaults, else empty. */
export function initialValue(schema: Schema): FormValue {
  const fallback = schema.default;
  switch (kindOf(schema)) {
    case "object": {
      const out: { [name: string]: FormValue } = {};
      for (const p of propertiesOf(schema)) out[p.name] = initialValue(p.schema);
      return out;
    }
    case "array":
      return Array.isArray(fallback) ? fallback.map((v) => initialValue({ ...asSchema(schema.items), default: v })) : [];
    case "enum": {
      const at = (schema.enum as unknown[]).findIndex((v) => JSON.stringify(v) === JSON.stringify(fallback));
      return at >= 0 ? String(at) : "";
    }
    case "json":
      return fallback === undefined ? "" : JSON.stringify(fallback);
    default:
      return fallback === undefined || fallback === null ? "" : String(fallback);
  }
}

function isEmpty(value: FormValue): boolean {
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return Object.values(value).every(isEmpty);
}

/**
 * The JSON the form makes, or `undefined` when a value is left out (empty and optional).
 * `problems` collects what can't be read.
 */
export function readValue(schema: Schema, value: FormValue, path: string, problems: LocalProblem[]): unknown {
  const kind = kindOf(schema);
  if (kind === "object") {
    const fields = typeof value === "object" && !Array.isArray(value) ? value : {};
    const out: Record<string, unknown> = {};
    for (const p of propertiesOf(schema)) {
      const child = fields[p.name] ?? initialValue(p.schema);
      const at = pointer(path, p.name);
      if (kindOf(p.schema) !== "object" && kindOf(p.schema) !== "array" && isEmpty(child)) {
        if (p.required) problems.push({ path: at, code: "required" });
        continue;
      }
      // An optional group or list left empty is left out, like an optional value.
      if (!p.required && isEmpty(child)) continue;
      const read = readValue(p.schema, child, at, problems);
      if (read !== undefined) out[p.name] = read;
    }
    return out;
  }
  if (kind === "array") {
    const items = Array.isArray(value) ? value : [];
    return items.map((item, i) => readValue(asSchema(schema.items), item, pointer(path, i), problems));
  }
  const text = typeof value === "string" ? value : "";
  switch (kind) {
    case "string":
      return text;
    case "number":
    case "integer": {
      const n = Number(text.trim());
      if (text.trim() === "" || !Number.isFinite(n)) {
        problems.push({ path, code: "notNumber" });
        return undefined;
      }
      if (kind === "integer" && !Number.isInteger(n)) problems.push({ path, code: "notInteger" });
      return n;
    }
    case "boolean":
      return text === "true";
    case "enum":
      return (schema.enum as unknown[])[Number(text)];
    default:
      try {
        return JSON.parse(text) as unknown;
      } catch {
        problems.push({ path, code: "notJson" });
        return undefined;
      }
  }
}

/** The tool's arguments from the form, and what can't be read (nothing is sent then). */
export function toArguments(inputSchema: Schema, value: FormValue): { args: Record<string, unknown>; problems: LocalProblem[] } {
  const problems: LocalProblem[] = [];
  const read = readValue(inputSchema, value, "", problems);
  const args = typeof read === "object" && read !== null && !Array.isArray(read) ? (read as Record<string, unknown>) : {};
  return { args, problems };
}

/** Sets the value at `path` (a JSON Pointer) in a form value, returning a new one. */
export function setAt(root: FormValue, path: string, next: FormValue): FormValue {
  const keys = path
    .split("/")
    .slice(1)
    .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
  const put = (node: FormValue, i: number): FormValue => {
    if (i === keys.length) return next;
    const key = keys[i] as string;
    if (Array.isArray(node)) {
      const copy = [...node];
      copy[Number(key)] = put(copy[Number(key)] ?? "", i + 1);
      return copy;
    }
    const obj = typeof node === "object" ? node : {};
    return { ...obj, [key]: put(obj[key] ?? "", i + 1) };
  };
  return put(root, 0);
}

/** The limits a schema sets, in short: `1–100`, `≤ 64 chars`, a pattern. */
export function constraints(schema: Schema): { min?: number; max?: number; maxLength?: number; pattern?: string; maxItems?: number } {
  const num = (v: unknown) => (typeof v === "number" ? v : undefined);
  const out: { min?: number; max?: number; maxLength?: number; pattern?: string; maxItems?: number } = {};
  const min = num(schema.minimum) ?? num(schema.exclusiveMinimum);
  const max = num(schema.maximum) ?? num(schema.exclusiveMaximum);
  if (min !== undefined) out.min = min;
  if (max !== undefined) out.max = max;
  const maxLength = num(schema.maxLength);
  if (maxLength !== undefined) out.maxLength = maxLength;
  if (typeof schema.pattern === "string") out.pattern = schema.pattern;
  const maxItems = num(schema.maxItems);
  if (maxItems !== undefined) out.maxItems = maxItems;
  return out;
}

/** Every path the form shows a field or group at (problems elsewhere show above the form). */
export function fieldPaths(schema: Schema, value: FormValue, path = "", out: Set<string> = new Set()): Set<string> {
  const kind = kindOf(schema);
  if (path !== "") out.add(path);
  if (kind === "object") {
    const fields = typeof value === "object" && !Array.isArray(value) ? value : {};
    for (const p of propertiesOf(schema)) fieldPaths(p.schema, fields[p.name] ?? initialValue(p.schema), pointer(path, p.name), out);
  } else if (kind === "array" && Array.isArray(value)) {
    value.forEach((item, i) => {
      fieldPaths(asSchema(schema.items), item, pointer(path, i), out);
    });
  }
  return out;
}
