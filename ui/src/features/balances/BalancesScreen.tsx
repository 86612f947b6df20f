import "./balances.css";
import "./history.css";

import { useActiveContextKey, useActiveSession } from "../../app/sessions";
import { useMinuteClock } from "../../app/time";
import { Button, ErrorState, Panel, Icon, Screen, SkeletonList } from "../../components";
import { errorMessage, t } from "../../i18n";
import type { SessionSummary } from "../../ipc";
import { SignInFirst } from "../shared/SignInFirst";
import { TeamContextCard } from "./TeamContextCard";
import { UsageCard } from "./UsageCard";
import { BalanceHero } from "./BalanceHero";
import { PersonalBreakdown } from "./PersonalBreakdown";
import { TeamBreakdown } from "./TeamBreakdown";
import { ChangesCard } from "./ChangesCard";
import { formatWhen } from "./format";
import { sessionLabel } from "./labels";
import { LedgerCard } from "./LedgerCard";
import { ScopeMissing } from "./ScopeMissing";
import { SpendingChartCard } from "./SpendingChartCard";
import { balanceStore, isStale, useBalance, type BalanceState } from "./store";

export function BalancesScreen() {
  const session = useActiveSession();
  const contextKey = useActiveContextKey();
  const balance = useBalance();
  const now = useMinuteClock();

  if (!session) {
    return (
      <Screen id="balances" title={t("balances.title")} subtitle={t("balances.subtitle")}>
        <SignInFirst icon="balances" title={t("balances.empty.title")} body={t("balances.empty.body")} />
      </Screen>
    );
  }

  const who = sessionLabel(session);
  const refresh = () => void balanceStore.refresh();
  return (
    <Screen
      id="balances"
      title={t("balances.title")}
      subtitle={t("balances.subtitle")}
      actions={
        balance.missingScope ? undefined : (
          <Button icon="refresh" loading={balance.refreshing} onClick={refresh} data-testid="balances-refresh">
            {balance.refreshing ? t("balances.refreshing") : t("balance.refresh")}
          </Button>
        )
      }
    >
      <div class="balances" data-testid="balances-body" data-context-key={contextKey}>
        <BalanceSection session={session} balance={balance} who={who} now={now} onRefresh={refresh} />
        <AccountSection session={session} contextKey={contextKey} who={who} version={balance.version} />
        {!balance.missingScope && (
          <ChangesCard contextKey={contextKey} version={balance.version} now={now} onRefresh={refresh} />
        )}
        <SpendingChartCard contextKey={contextKey} version={balance.version} />
        <LedgerCard contextKey={contextKey} version={balance.version} now={now} />
      </div>
    </Screen>
  );
}

/** The big number and its breakdown, or what stands in for them. */
function BalanceSection(props: {
  session: SessionSummary;
  balance: BalanceState;
  who: string;
  now: number;
  onRefresh: () => void;
}) {
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

/** Personal usage, or the Team membership (with a note that usage is Personal only). */
function AccountSection(props: { session: SessionSummary; contextKey: string; who: string; version: number }) {
  if (props.session.context.kind === "team") {
    return (
      <div class="balances__pair">
        <TeamContextCard contextKey={props.contextKey} version={props.version} />
        <UsageCard session={props.session} contextKey={props.contextKey} who={props.who} version={props.version} />
      </div>
    );
  }
  return <UsageCard session={props.session} contextKey={props.contextKey} who={props.who} version={props.version} />;
}
