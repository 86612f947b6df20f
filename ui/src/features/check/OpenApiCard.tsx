// How the platform's published OpenAPI compares with what the app expects.

import { Card } from "../../components";
import { type PlainKey, t } from "../../i18n";
import type { CheckReport } from "../../ipc";

export function OpenApiCard(props: { report: CheckReport }) {
  const diffs = props.report.differences;
  return (
    <Card class="check__openapi" data-testid="check-openapi">
      <h2 class="check__heading">{t("check.openapi.title")}</h2>
      {diffs.length === 0 ? (
        <p class="check__muted">{t("check.openapi.none")}</p>
      ) : (
        <ul class="check__diffs">
          {diffs.map((d, i) => (
            <li key={i} data-testid="check-openapi-diff">
              <code>
                {d.schema}
                {d.field ? `.${d.field}` : ""}
              </code>{" "}
              — {t(`check.openapi.${d.kind}` as PlainKey)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
