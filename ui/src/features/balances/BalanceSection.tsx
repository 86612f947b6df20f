// The balance of the paying context: the big number and its breakdown, a note when the
// last refresh failed, or what stands in for them (missing scope, error, loading).

import { ErrorState, Icon, Panel, SkeletonList } from "../../components";
import { formatWhen } from "../../format/dates";
import { errorMessage, t } from "../../i18n";
import type { SessionSummary } from "../../ipc";
import { BalanceHero } from "./BalanceHero";
import { PersonalBreakdown } from "./PersonalBreakdown";
import { ScopeMissing } from "./ScopeMissing";
import { type BalanceState, isStale } from "./store";
import { TeamBreakdown } from "./TeamBreakdown";

/** The big number and its breakdown, or what stands in for them. */
export function BalanceSection(props: { session: SessionSummary; balance: BalanceState; who: string; now: number; onRefresh: () => void }) {
  const { balance, session } = props;
  if (balance.missingScope) {
    return <ScopeMissing scope="balance" who={props.who} data-testid="balance-scope-missing" />;
  }
  const overview = balance.overview?.sessionId === session.id ? balance.overview : null;
  if (!overview) {
    if (balance.error) {
      return (
        <ErrorState
          error={balance.error}
          title={t("balances.error.title")}
          onRetry={props.onRefresh}
          retrying={balance.refreshing}
          data-testid="balance-error"
        />
      );
    }
    return <SkeletonList rows={2} variant="cards" aria-label={t("balances.loading")} data-testid="balance-loading" />;
  }
  const stale = isStale(balance, props.now);
  return (
    <>
      {balance.error && (
        <Panel tone="warning" class="note" role="status" data-testid="balance-refresh-failed">
          <Icon name="alert" size={16} />
          <div>
            <p>{t("balances.refreshFailed")}</p>
            <p class="note__detail">
              {errorMessage(balance.error.code)} {t("balances.staleNote", { time: formatWhen(overview.refreshedAt, props.now) })}
            </p>
          </div>
        </Panel>
      )}
      <BalanceHero overview={overview} who={props.who} stale={stale} now={props.now} />
      {overview.detail.kind === "personal" ? <PersonalBreakdown overview={overview} /> : <TeamBreakdown overview={overview} />}
    </>
  );
}
