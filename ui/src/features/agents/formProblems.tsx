// Where the call form says what is wrong: at the field a problem's JSON Pointer names, or
// above the form for the whole object and for a path the form has no field for.

import { type PlainKey, t } from "../../i18n";
import type { ArgumentProblem } from "../../ipc";
import { constraints, type LocalProblem, type Schema } from "./schemaForm";

export interface Problems {
  local: readonly LocalProblem[];
  problems: readonly ArgumentProblem[];
}

/** The problems at exactly `path`, in words. */
export function problemsAt(p: Problems, path: string): string[] {
  return [
    ...p.local.filter((x) => x.path === path).map((x) => t(`agents.form.${x.code}` as PlainKey)),
    ...p.problems.filter((x) => x.path === path).map((x) => x.message),
  ];
}

/** At a group's `path`; or, with `fields`, the form's own: the root and any path not in `fields`. */
export function ProblemList(props: Problems & { path: string; fields?: ReadonlySet<string> }) {
  const fields = props.fields;
  const here = fields
    ? [
        ...props.local.filter((x) => !fields.has(x.path)).map((x) => t(`agents.form.${x.code}` as PlainKey)),
        ...props.problems.filter((x) => !fields.has(x.path)).map((x) => (x.path ? `${x.path}: ${x.message}` : x.message)),
      ]
    : problemsAt(props, props.path);
  if (here.length === 0) return null;
  return (
    <ul class="agents__problems" role="alert" data-testid="agent-form-problems">
      {here.map((p, i) => (
        <li key={i}>{p}</li>
      ))}
    </ul>
  );
}

/** A field's hint: its description and the limits its schema sets. */
export function fieldHint(schema: Schema): string | undefined {
  const c = constraints(schema);
  const parts = [typeof schema.description === "string" ? schema.description : ""];
  if (c.min !== undefined || c.max !== undefined) parts.push(`${c.min ?? "…"} – ${c.max ?? "…"}`);
  if (c.maxLength !== undefined) parts.push(t("agents.form.maxLength", { n: c.maxLength }));
  if (c.pattern) parts.push(c.pattern);
  return parts.filter(Boolean).join(" · ") || undefined;
}
