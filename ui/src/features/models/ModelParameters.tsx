// A model's parameterSpec as a table: name, type, range, default.

import { choiceTexts, rangeText } from "../../format/parameterRules";
import { t } from "../../i18n";
import type { ModelEntry } from "../../ipc";
import { text } from "./jsonText";

export function Parameters(props: { model: ModelEntry }) {
  const { model } = props;
  if (model.parameterSpec === "null")
    return (
      <p class="muted" data-testid="model-params-note">
        {t("models.params.null")}
      </p>
    );
  if (model.parameterSpec === "empty")
    return (
      <p class="muted" data-testid="model-params-note">
        {t("models.params.empty")}
      </p>
    );
  if (model.parameterSpec === "unknownVersion")
    return (
      <p class="muted" data-testid="model-params-note">
        {t("models.params.unknownVersion", { version: model.parameterSchemaVersion ?? "?" })}
      </p>
    );
  if (model.parameterSpec === "malformed")
    return (
      <p class="muted" data-testid="model-params-note">
        {t("models.params.malformed")}
      </p>
    );
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a named section is a region, and a region that scrolls takes focus so that a keyboard can scroll it (WCAG 2.1.1)
    <section class="model-params" aria-label={t("models.params.title")} tabIndex={0}>
      <table class="model-params__table">
        <thead>
          <tr>
            <th scope="col">{t("models.params.name")}</th>
            <th scope="col">{t("models.params.type")}</th>
            <th scope="col">{t("models.params.range")}</th>
            <th scope="col">{t("models.params.allowed")}</th>
            <th scope="col">{t("models.params.default")}</th>
          </tr>
        </thead>
        <tbody>
          {model.parameters.map((p) => (
            <tr key={p.name} data-testid={`model-param-${p.name}`}>
              <th scope="row" class="mono">
                {p.name}
                {p.description && <span class="model-params__desc">{p.description}</span>}
              </th>
              <td class="mono">{p.kind || "—"}</td>
              <td>{rangeText(p) ?? "—"}</td>
              <td class="mono">{p.enumValues ? choiceTexts(p).join(", ") : "—"}</td>
              <td class="mono">{text(p.default)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
