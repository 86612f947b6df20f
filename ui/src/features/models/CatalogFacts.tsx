// Where the catalog came from and how fresh it is.

import { Icon } from "../../components";
import { formatTime } from "../../format/dates";
import { formatNumber, t } from "../../i18n";
import type { ModelCatalog } from "../../ipc";

export function CatalogFacts(props: { catalog: ModelCatalog }) {
  const c = props.catalog;
  return (
    <div class="models-facts" data-testid="models-facts">
      <span class="models-facts__who">
        <Icon name={c.context.kind === "team" ? "team" : "user"} size={15} />
        {t("models.facts.context", { who: c.context.kind === "personal" ? t("context.personal") : c.context.label })}
      </span>
      <span>{t("models.facts.count", { n: formatNumber(c.items.length) })}</span>
      {c.teamContextVersion !== null && (
        <span data-testid="models-team-version">{t("models.facts.teamVersion", { v: c.teamContextVersion })}</span>
      )}
      {c.planVersionId && (
        <span>
          {t("models.facts.plan")} <span class="mono">{c.planVersionId}</span>
        </span>
      )}
      {c.catalogVersion && (
        <span title={c.catalogVersion} data-testid="models-catalog-version">
          {t("models.facts.catalog")}{" "}
          <span class="mono">{c.catalogVersion.length > 22 ? `${c.catalogVersion.slice(0, 22)}…` : c.catalogVersion}</span>
        </span>
      )}
      <span class="muted">
        {c.fromCache
          ? t("models.facts.cached", { time: formatTime(c.fetchedAt, true) })
          : t("models.facts.fresh", { time: formatTime(c.fetchedAt, true) })}
      </span>
      {c.skipped > 0 && <span class="muted">{t("models.facts.skipped", { n: c.skipped })}</span>}
    </div>
  );
}
