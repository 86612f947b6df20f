import { useEffect, useState } from "preact/hooks";

import { keptKey } from "../../app/keep";
import { saveWithDialog } from "../../app/saveFile";
import { type Loaded, useLoad } from "../../app/useLoad";
import { Button, Card, EmptyState, ErrorState, Segmented, SkeletonList } from "../../components";
import { t } from "../../i18n";
import { type AppError, type LedgerPage, type LedgerScope, ledgerSave, pointsLedger, toAppError } from "../../ipc";
import { ChargeRow } from "./ChargeRow";

const PAGE = 25;

/** Every charge the app saw, newest first, for this account or all of them. */
export function LedgerCard(props: { contextKey: string; version: number; now: number }) {
  const [scope, setScope] = useState<LedgerScope>("activeContext");
  const [moreError, setMoreError] = useState<AppError | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [saving, setSaving] = useState(false);
  // The ledger shown (this account or all) as CSV, where the person chooses.
  const save = async () => {
    setSaving(true);
    await saveWithDialog(() => ledgerSave(scope));
    setSaving(false);
  };
  // Another context or scope clears first, so no row of the previous one stays visible;
  // a new balance reading only reloads in place, as many rows as are shown.
  const ledger: Loaded<LedgerPage> = useLoad<LedgerPage>(
    (): Promise<LedgerPage> => pointsLedger({ scope, limit: Math.max(PAGE, ledger.data?.entries.length ?? 0), offset: 0 }),
    `${props.contextKey}|${scope}`,
    props.version,
    { keep: keptKey(props.contextKey, `balances.ledger.${scope}`) },
  );
  // Each load starts without the last "more" failure, as each list does.
  useEffect(() => setMoreError(null), [props.contextKey, props.version, scope]);
  const entries = ledger.data?.entries ?? null;
  const hasMore = ledger.data?.hasMore ?? false;
  // A failed reload shows its error; the list comes back with the retry's answer.
  const error = ledger.loading ? null : (moreError ?? ledger.error);

  const retry = () => {
    setMoreError(null);
    ledger.reload();
  };

  const more = async () => {
    if (!entries) return;
    setLoadingMore(true);
    try {
      const page = await pointsLedger({ scope, limit: PAGE, offset: entries.length });
      ledger.update((shown) => (shown ? { entries: [...shown.entries, ...page.entries], hasMore: page.hasMore } : shown));
    } catch (err) {
      setMoreError(toAppError(err));
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
        <>
          <Button
            size="sm"
            icon="download"
            loading={saving}
            disabled={!entries || entries.length === 0}
            onClick={() => void save()}
            data-testid="ledger-save-csv"
          >
            {t("balances.ledger.saveCsv")}
          </Button>
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
        </>
      }
    >
      {error ? (
        <ErrorState error={error} title={t("balances.ledger.error")} onRetry={retry} />
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
