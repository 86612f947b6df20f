import { Button, Card, EmptyState, ErrorState, Icon, Panel, SkeletonList } from "../../components";
import { t } from "../../i18n";
import { balanceChanges, type BalanceChanges, type BalanceInterval } from "../../ipc";
import { ChargeRow } from "./ChargeRow";
import { absText, formatPoints, formatWhen, isNegative, isZero } from "./format";
import { useLoad } from "../../app/useLoad";

/**
 * "Why did my balance change?": each change between two refreshes, next to the charges
 * the app saw in between and what they don't explain — in words, not formulas.
 */
export function ChangesCard(props: { contextKey: string; version: number; now: number; onRefresh: () => void }) {
  const changes = useLoad<BalanceChanges>(balanceChanges, props.contextKey, props.version);
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

function IntervalView(props: { interval: BalanceInterval; now: number; sharedWallet: boolean }) {
  const i = props.interval;
  const down = isNegative(i.change);
  const explainedFully = isZero(i.unexplained);
  const missing = isNegative(i.unexplained);
  return (
    <li class="interval" data-testid="balance-interval" data-change={i.change} data-unexplained={i.unexplained}>
      <header class="interval__head">
        <span class="interval__window">
          {t("balances.changes.window", { from: formatWhen(i.from.at, props.now, true), to: formatWhen(i.to.at, props.now, true) })}
        </span>
        <span class={`interval__change interval__change--${down ? "down" : "up"}`} data-testid="interval-change">
          {down
            ? t("balances.changes.down", { amount: formatPoints(absText(i.change)) })
            : t("balances.changes.up", { amount: formatPoints(i.change) })}
        </span>
      </header>
      <p class="interval__went">
        {t("balances.changes.went", { from: formatPoints(i.from.spendable), to: formatPoints(i.to.spendable) })}
      </p>

      <div class="interval__seen">
        <h3 class="interval__subtitle">{t("balances.changes.seen")}</h3>
        {i.charges.length === 0 ? (
          <p class="interval__none">{t("balances.changes.noneSeen")}</p>
        ) : (
          <>
            <p class="interval__total" data-testid="interval-explained">
              {i.charges.length === 1
                ? t("balances.changes.seenTotalOne", { amount: formatPoints(i.explained) })
                : t("balances.changes.seenTotal", { amount: formatPoints(i.explained), count: i.charges.length })}
              {i.unpriced > 0 && <span class="interval__unpriced"> · {t("balances.changes.unpriced", { count: i.unpriced })}</span>}
            </p>
            <ul class="charge-list charge-list--compact">
              {i.charges.map((c) => (
                <ChargeRow key={c.id} entry={c} now={props.now} />
              ))}
            </ul>
          </>
        )}
        {i.chatByUsage !== undefined && !isZero(i.chatByUsage) && (
          <p class="interval__usage" data-testid="interval-chat-usage" data-value={i.chatByUsage}>
            <Icon name="chat" size={14} />
            {t("balances.changes.chatByUsage", { amount: formatPoints(i.chatByUsage) })}
          </p>
        )}
      </div>

      {explainedFully ? (
        <Panel class="note interval__verdict interval__verdict--ok" data-testid="interval-verdict" data-verdict="explained">
          <Icon name="checkCircle" size={16} />
          <p>{t("balances.changes.explained")}</p>
        </Panel>
      ) : (
        <Panel tone="warning" class="note interval__verdict" data-testid="interval-verdict" data-verdict={missing ? "missing" : "extra"}>
          <Icon name="alert" size={16} />
          <div>
            <p class="interval__unexplained" data-testid="interval-unexplained">
              {missing
                ? t("balances.changes.unexplainedDown", { amount: formatPoints(absText(i.unexplained)) })
                : t("balances.changes.unexplainedUp", { amount: formatPoints(i.unexplained) })}
            </p>
            <p class="note__detail">
              {missing ? t("balances.changes.whyDown") : t("balances.changes.whyUp")}
              {missing && i.unpriced > 0 && i.chatByUsage === undefined && ` ${t("balances.changes.whyDownUnpriced")}`}
              {missing && props.sharedWallet && ` ${t("balances.changes.whyDownTeam")}`}
            </p>
          </div>
        </Panel>
      )}
    </li>
  );
}
