import { useEffect, useRef, useState } from "preact/hooks";

import { Button, Card, EmptyState, ErrorState, Segmented, SkeletonList } from "../../components";
import { t } from "../../i18n";
import { pointsLedger, toAppError, type AppError, type LedgerEntry, type LedgerScope } from "../../ipc";
import { ChargeRow } from "./ChargeRow";

const PAGE = 25;

/** Every charge the app saw, newest first, for this account or all of them. */
export function LedgerCard(props: { contextKey: string; version: number; now: number }) {
  const [scope, setScope] = useState<LedgerScope>("activeContext");
  const [entries, setEntries] = useState<LedgerEntry[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [tick, setTick] = useState(0);
  const shownFor = useRef("");

  useEffect(() => {
    let current = true;
    // Another context or scope: clear first, so no row of the previous one stays visible.
    // A new balance reading only reloads in place.
    const key = `${props.contextKey}|${scope}`;
    if (shownFor.current !== key) {
      shownFor.current = key;
      setEntries(null);
    }
    setError(null);
    pointsLedger({ scope, limit: Math.max(PAGE, entries?.length ?? 0), offset: 0 })
      .then((page) => {
        if (!current) return;
        setEntries(page.entries);
        setHasMore(page.hasMore);
      })
      .catch((err: unknown) => {
        if (current) setError(toAppError(err));
      });
    return () => {
      current = false;
    };
  }, [props.contextKey, props.version, scope, tick]);

  const more = async () => {
    if (!entries) return;
    setLoadingMore(true);
    try {
      const page = await pointsLedger({ scope, limit: PAGE, offset: entries.length });
      setEntries([...entries, ...page.entries]);
      setHasMore(page.hasMore);
    } catch (err) {
      setError(toAppError(err));
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <Card
      title={t("balances.ledger.title")}
      description={t("balances.ledger.description")}
      data-testid="points-ledger"
      actions={
        <Segmented<LedgerScope>
          label={t("balances.ledger.scope")}
          size="sm"
          value={scope}
          onChange={setScope}
          data-testid="ledger-scope"
          options={[
            { value: "activeContext", label: t("balances.ledger.scopeActive"), "data-testid": "ledger-scope-active" },
            { value: "allContexts", label: t("balances.ledger.scopeAll"), "data-testid": "ledger-scope-all" },
          ]}
        />
      }
    >
      {error ? (
        <ErrorState error={error} title={t("balances.ledger.error")} onRetry={() => setTick((n) => n + 1)} />
      ) : !entries ? (
        <SkeletonList rows={3} />
      ) : entries.length === 0 ? (
        <EmptyState icon="activity" title={t("balances.ledger.empty")} data-testid="ledger-empty" />
      ) : (
        <>
          <ul class="charge-list" data-testid="ledger-list">
            {entries.map((entry) => (
              <ChargeRow key={entry.id} entry={entry} now={props.now} showContext={scope === "allContexts"} />
            ))}
          </ul>
          {hasMore && (
            <div class="charge-list__more">
              <Button size="sm" variant="secondary" loading={loadingMore} onClick={() => void more()} data-testid="ledger-more">
                {t("balances.ledger.more")}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
