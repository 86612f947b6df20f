import { keptKey } from "../../app/keep";
import { useLoad } from "../../app/useLoad";
import { Button, Card, EmptyState, ErrorState, Icon, Panel, SkeletonList } from "../../components";
import { t } from "../../i18n";
import { type BalanceChanges, balanceChanges } from "../../ipc";
import { IntervalView } from "./IntervalView";

/**
 * "Why did my balance change?": each change between two refreshes, next to the charges
 * the app saw in between and what they don't explain — in words, not formulas.
 */
export function ChangesCard(props: { contextKey: string; version: number; now: number; onRefresh: () => void }) {
  const changes = useLoad<BalanceChanges>(balanceChanges, props.contextKey, props.version, {
    keep: keptKey(props.contextKey, "balances.changes"),
  });
  return (
    <Card title={t("balances.changes.title")} description={t("balances.changes.description")} data-testid="balance-changes">
      {changes.error ? (
        <ErrorState error={changes.error} onRetry={changes.reload} data-testid="balance-changes-error" />
      ) : !changes.data ? (
        <SkeletonList rows={2} />
      ) : (
        <ChangesBody changes={changes.data} now={props.now} onRefresh={props.onRefresh} />
      )}
    </Card>
  );
}

function ChangesBody(props: { changes: BalanceChanges; now: number; onRefresh: () => void }) {
  const { changes } = props;
  return (
    <div class="changes">
      {changes.sinceLastRefresh.length > 0 && (
        <Panel tone="accent" class="note changes__pending" data-testid="balance-changes-pending">
          <Icon name="info" size={16} />
          <p>
            {changes.sinceLastRefresh.length === 1
              ? t("balances.changes.pendingOne")
              : t("balances.changes.pending", { count: changes.sinceLastRefresh.length })}
          </p>
          <Button size="sm" variant="secondary" icon="refresh" onClick={props.onRefresh}>
            {t("balances.changes.refreshNow")}
          </Button>
        </Panel>
      )}
      {changes.intervals.length === 0 ? (
        <EmptyState icon="activity" title={t("balances.changes.empty")} data-testid="balance-changes-empty" />
      ) : (
        <ol class="changes__list">
          {changes.intervals.map((interval) => (
            <IntervalView
              key={`${interval.from.at}-${interval.to.at}`}
              interval={interval}
              now={props.now}
              sharedWallet={changes.sharedWallet}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
