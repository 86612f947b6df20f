// One model's facts side by side in every signed-in context, differing rows marked.

import type { ComponentChildren } from "preact";
import { Badge, Icon } from "../../components";
import { errorMessage, formatNumber, t } from "../../i18n";
import type { CompareField, JsonValue, ModelComparison, ModelEntry, ModelInContext, ParameterDef } from "../../ipc";
import { modeLabel, typeLabel } from "./labels";

export const FIELD_LABEL: Record<CompareField, () => string> = {
  presence: () => t("models.compare.field.presence"),
  displayName: () => t("models.compare.field.displayName"),
  modelType: () => t("models.compare.field.modelType"),
  inputs: () => t("models.compare.field.inputs"),
  outputs: () => t("models.compare.field.outputs"),
  structuredOutput: () => t("models.compare.field.structuredOutput"),
  parameterSchemaVersion: () => t("models.compare.field.parameterSchemaVersion"),
  parameters: () => t("models.compare.field.parameters"),
};

export function flags(pairs: Array<[boolean | null, string]>): string {
  const on = pairs.filter(([value]) => value === true).map(([, label]) => label);
  if (on.length > 0) return on.join(", ");
  return pairs.every(([value]) => value === null) ? "—" : t("models.compare.none");
}

export function inputs(m: ModelEntry): string {
  return flags([
    [m.acceptsText, t("models.flag.text")],
    [m.acceptsImage, t("models.flag.image")],
    [m.acceptsFile, t("models.flag.file")],
  ]);
}

export function outputs(m: ModelEntry): string {
  return flags([
    [m.outputsText, t("models.flag.text")],
    [m.outputsImage, t("models.flag.image")],
    [m.outputsAudio, t("models.flag.audio")],
    [m.outputsVideo, t("models.flag.video")],
  ]);
}

export function json(value: JsonValue | null): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function describeParameter(def: ParameterDef): string {
  const parts: string[] = [def.kind || "—"];
  if (def.minimum !== null && def.maximum !== null)
    parts.push(`${formatNumber(def.minimum)} – ${formatNumber(def.maximum)}`);
  else if (def.minimum !== null) parts.push(`≥ ${formatNumber(def.minimum)}`);
  else if (def.maximum !== null) parts.push(`≤ ${formatNumber(def.maximum)}`);
  if (def.enumValues) parts.push(def.enumValues.map(json).join(" | "));
  if (def.default !== null) parts.push(t("models.compare.default", { value: json(def.default) }));
  return parts.join(" · ");
}

/** The facts shown one row each, in order, and how each is shown. */
export const FACTS: Array<[CompareField, (m: ModelEntry) => ComponentChildren]> = [
  ["displayName", (m) => m.displayName],
  ["modelType", (m) => typeLabel(m.modelType)],
  ["inputs", inputs],
  ["outputs", outputs],
  ["structuredOutput", (m) => modeLabel(m.structuredOutputMode)],
  ["parameterSchemaVersion", (m) => m.parameterSchemaVersion ?? "—"],
];

export function Row(props: { label: ComponentChildren; differs: boolean; testid: string; cells: ComponentChildren[] }) {
  return (
    <tr
      class={props.differs ? "compare-row compare-row--differs" : "compare-row"}
      data-testid={props.testid}
      data-differs={props.differs ? "true" : "false"}
    >
      <th scope="row">
        <span class="compare-row__label">{props.label}</span>
        {props.differs && <Badge tone="warning">{t("models.compare.differsBadge")}</Badge>}
      </th>
      {props.cells.map((cell, i) => (
        <td key={i}>{cell}</td>
      ))}
    </tr>
  );
}

export function Table(props: { data: ModelComparison }) {
  const { contexts, differs, differingParameters } = props.data;
  const has = (f: CompareField) => differs.includes(f);
  const cell = (c: ModelInContext, show: (m: ModelEntry) => ComponentChildren) =>
    c.model ? show(c.model) : <span class="muted">—</span>;
  const names = [...new Set(contexts.flatMap((c) => c.model?.parameters.map((p) => p.name) ?? []))].sort();

  return (
    <div class="compare-table" role="region" aria-label={t("models.compare.field.parameters")} tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t("models.compare.fact")}</th>
            {contexts.map((c) => (
              <th scope="col" key={c.sessionId} data-testid="compare-context" data-context-kind={c.context.kind}>
                <span class="compare-context__name">
                  {c.context.kind === "personal" ? t("context.personal") : c.context.label}
                </span>
                {c.active && <Badge tone="accent">{t("models.compare.active")}</Badge>}
                {c.catalogVersion && <span class="compare-context__version mono">{c.catalogVersion.slice(0, 15)}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <Row
            label={FIELD_LABEL.presence()}
            differs={has("presence")}
            testid="compare-row-presence"
            cells={contexts.map((c) =>
              c.error ? (
                <span class="compare-cell--error" data-testid="compare-unreadable" data-error-code={c.error.code}>
                  <Icon name="alert" size={14} /> {t("models.compare.unreadable", { reason: errorMessage(c.error.code) })}
                </span>
              ) : c.model ? (
                <span class="compare-cell--yes">
                  <Icon name="check" size={14} /> {t("models.compare.offered")}
                </span>
              ) : (
                <span class="muted" data-testid="compare-not-offered">
                  {t("models.compare.notOffered")}
                </span>
              ),
            )}
          />
          {FACTS.map(([field, show]) => (
            <Row
              key={field}
              label={FIELD_LABEL[field]()}
              differs={has(field)}
              testid={`compare-row-${field}`}
              cells={contexts.map((c) => cell(c, show))}
            />
          ))}
          {names.length === 0 ? (
            <Row
              label={FIELD_LABEL.parameters()}
              differs={has("parameters")}
              testid="compare-row-parameters"
              cells={contexts.map((c) => cell(c, () => t("models.compare.noParams")))}
            />
          ) : (
            names.map((name) => (
              <Row
                key={name}
                label={<span class="mono">{name}</span>}
                differs={differingParameters.includes(name)}
                testid={`compare-param-${name}`}
                cells={contexts.map((c) =>
                  cell(c, (m) => {
                    const def = m.parameters.find((p) => p.name === name);
                    return def ? (
                      <span class="mono">{describeParameter(def)}</span>
                    ) : (
                      <span class="muted">{t("models.compare.notDeclared")}</span>
                    );
                  }),
                )}
              />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
