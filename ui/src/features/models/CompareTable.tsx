// One model's facts side by side in every signed-in context, differing rows marked.

import type { ComponentChildren } from "preact";

import { Badge, Icon } from "../../components";
import { errorMessage, t } from "../../i18n";
import type { CompareField, ModelComparison, ModelEntry, ModelInContext } from "../../ipc";
import { Row } from "./CompareRow";
import { describeParameter, FACTS, FIELD_LABEL } from "./compareFacts";

export function Table(props: { data: ModelComparison }) {
  const { contexts, differs, differingParameters } = props.data;
  const has = (f: CompareField) => differs.includes(f);
  const cell = (c: ModelInContext, show: (m: ModelEntry) => ComponentChildren) => (c.model ? show(c.model) : <span class="muted">—</span>);
  const names = [...new Set(contexts.flatMap((c) => c.model?.parameters.map((p) => p.name) ?? []))].sort();

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a named section is a region, and a region that scrolls takes focus so that a keyboard can scroll it (WCAG 2.1.1)
    <section class="compare-table" aria-label={t("models.compare.field.parameters")} tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t("models.compare.fact")}</th>
            {contexts.map((c) => (
              <th scope="col" key={c.sessionId} data-testid="compare-context" data-context-kind={c.context.kind}>
                <span class="compare-context__name">{c.context.kind === "personal" ? t("context.personal") : c.context.label}</span>
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
    </section>
  );
}
