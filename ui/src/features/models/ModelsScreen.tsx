import "./models.css";

import { useMemo, useState } from "preact/hooks";

import { CopyAsCurl } from "../../app/CopyAsCurl";
import { SignInFirst } from "../../app/SignInFirst";
import { useActiveContextKey, useActiveSession } from "../../app/sessions";
import { Button, EmptyState, ErrorState, Screen, SkeletonList } from "../../components";
import { formatNumber, t } from "../../i18n";
import type { ModelCatalog } from "../../ipc";
import { CatalogFacts } from "./CatalogFacts";
import { type Capability, hasCapability } from "./labels";
import { ModelDetail } from "./ModelDetail";
import { ModelFilters } from "./ModelFilters";
import { ModelRow } from "./ModelRow";
import { StaleCatalogNotice } from "./StaleCatalogNotice";
import { useModelCatalog } from "./useModelCatalog";

export function ModelsScreen() {
  const session = useActiveSession();
  const contextKey = useActiveContextKey();
  if (!session) {
    return (
      <Screen id="models" title={t("models.title")} subtitle={t("models.subtitle")}>
        <SignInFirst icon="models" title={t("models.empty.title")} body={t("models.empty.body")} />
      </Screen>
    );
  }
  // Keyed by context: another context's catalog is never on screen, not even briefly.
  return <ModelsBody key={contextKey} />;
}

function ModelsBody() {
  const { load, refreshing, fetchCatalog } = useModelCatalog();
  const [query, setQuery] = useState("");
  const [type, setType] = useState("all");
  const [capability, setCapability] = useState<Capability>("any");
  const [selected, setSelected] = useState<string | null>(null);

  const items = load.status === "ready" ? load.catalog.items : [];
  const types = useMemo(() => [...new Set(items.map((m) => m.modelType))], [items]);
  const visible = useMemo(() => {
    const q = query.trim().toLowerCase();
    return items.filter(
      (m) =>
        (q === "" || m.displayName.toLowerCase().includes(q) || m.modelCode.toLowerCase().includes(q)) &&
        (type === "all" || m.modelType === type) &&
        hasCapability(m, capability),
    );
  }, [items, query, type, capability]);
  const current = visible.find((m) => m.modelCode === selected) ?? visible[0] ?? null;

  return (
    <Screen
      id="models"
      title={t("models.title")}
      subtitle={t("models.subtitle")}
      actions={
        <>
          <CopyAsCurl target={{ kind: "catalogRead" }} testid="models-curl" />
          <Button icon="refresh" loading={refreshing} onClick={() => void fetchCatalog(true)} data-testid="models-refresh">
            {t("models.refresh")}
          </Button>
        </>
      }
    >
      {load.status === "loading" && <SkeletonList rows={5} data-testid="models-loading" />}
      {load.status === "failed" && (
        <ErrorState
          error={load.error}
          title={t("models.failed")}
          onRetry={() => void fetchCatalog(true)}
          retrying={refreshing}
          data-testid="models-error"
        />
      )}
      {load.status === "ready" && (
        <>
          {load.catalog.stale && (
            <StaleCatalogNotice
              fetchedAt={load.catalog.fetchedAt}
              stale={load.catalog.stale}
              refreshing={refreshing}
              onRefresh={() => void fetchCatalog(true)}
            />
          )}
          <CatalogFacts catalog={load.catalog} />
          <ModelFilters
            query={query}
            onQuery={setQuery}
            type={type}
            types={types}
            onType={setType}
            capability={capability}
            onCapability={setCapability}
          />
          <p class="sr-only" role="status" aria-live="polite" data-testid="models-count">
            {t("models.count", { shown: formatNumber(visible.length), total: formatNumber(items.length) })}
          </p>
          {visible.length === 0 ? (
            <EmptyState
              icon="models"
              title={t("models.none.title")}
              body={emptyBody(load.catalog, items.length)}
              data-testid="models-none"
            />
          ) : (
            <div class="models-browser">
              <ul class="models-list" aria-label={t("models.list.label")} data-testid="models-list">
                {visible.map((m) => (
                  <li key={m.modelCode}>
                    <ModelRow model={m} selected={current?.modelCode === m.modelCode} onSelect={() => setSelected(m.modelCode)} />
                  </li>
                ))}
              </ul>
              {current && <ModelDetail model={current} />}
            </div>
          )}
        </>
      )}
    </Screen>
  );
}

/** Why nothing is listed: the filters, or a catalog that is empty (a Team's plan decides). */
function emptyBody(catalog: ModelCatalog, total: number): string {
  if (total > 0) return t("models.none.filtered");
  if (catalog.context.kind === "team") return t("context.teamCatalogEmpty", { team: catalog.context.label });
  return t("models.none.catalog");
}
