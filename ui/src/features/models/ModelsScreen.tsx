import "./models.css";

import { useEffect, useMemo, useRef, useState } from "preact/hooks";

import { useActiveContextKey, useActiveSession } from "../../app/sessions";
import { Button, EmptyState, Panel, ErrorState, Screen, SkeletonList } from "../../components";
import { errorMessage, formatNumber, t } from "../../i18n";
import { modelsCatalog, toAppError, type AppError, type ModelCatalog } from "../../ipc";
import { SignInFirst } from "../shared/SignInFirst";
import { ModelDetail } from "./ModelDetail";
import { hasCapability, type Capability } from "./labels";
import { formatTime } from "../../i18n/format";
import { CatalogFacts } from "./CatalogFacts";
import { ModelFilters } from "./ModelFilters";
import { ModelRow } from "./ModelRow";

type Load = { status: "loading" } | { status: "ready"; catalog: ModelCatalog } | { status: "failed"; error: AppError };

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
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [refreshing, setRefreshing] = useState(false);
  const [query, setQuery] = useState("");
  const [type, setType] = useState("all");
  const [capability, setCapability] = useState<Capability>("any");
  const [selected, setSelected] = useState<string | null>(null);
  const alive = useRef(true);

  const fetchCatalog = async (refresh: boolean) => {
    if (refresh) setRefreshing(true);
    try {
      const catalog = await modelsCatalog(refresh);
      if (alive.current) setLoad({ status: "ready", catalog });
    } catch (err) {
      if (alive.current) setLoad({ status: "failed", error: toAppError(err) });
    } finally {
      if (alive.current) setRefreshing(false);
    }
  };

  useEffect(() => {
    alive.current = true;
    void fetchCatalog(false);
    return () => {
      alive.current = false;
    };
  }, []);

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
        <Button
          icon="refresh"
          loading={refreshing}
          onClick={() => void fetchCatalog(true)}
          data-testid="models-refresh"
        >
          {t("models.refresh")}
        </Button>
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
            <Panel tone="warning" class="models-stale" role="status" data-testid="models-stale">
              <p>
                {t("models.stale", { time: formatTime(load.catalog.fetchedAt, true) })}{" "}
                {errorMessage(load.catalog.stale.code)}
              </p>
              <Button size="sm" icon="refresh" loading={refreshing} onClick={() => void fetchCatalog(true)} data-testid="models-stale-retry">
                {t("models.refresh")}
              </Button>
            </Panel>
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
              body={items.length === 0 ? t("models.none.catalog") : t("models.none.filtered")}
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
