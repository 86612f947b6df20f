import { useEffect } from "preact/hooks";

import "./balances.css";
import "./history.css";

import { CopyAsCurl } from "../../app/CopyAsCurl";
import { SignInFirst } from "../../app/SignInFirst";
import { useActiveContextKey, useActiveSession } from "../../app/sessions";
import { useMinuteClock } from "../../app/time";
import { Button, PointsScope, Screen } from "../../components";
import { t } from "../../i18n";
import { AccountSection } from "./AccountSection";
import { BalanceSection } from "./BalanceSection";
import { ChangesCard } from "./ChangesCard";
import { LedgerCard } from "./LedgerCard";
import { sessionLabel } from "./labels";
import { SpendingChartCard } from "./SpendingChartCard";
import { balanceStore, useBalance } from "./store";

export function BalancesScreen() {
  const session = useActiveSession();
  const contextKey = useActiveContextKey();
  const balance = useBalance();
  const now = useMinuteClock();
  // A read that failed elsewhere (the header's, at sign-in) is read again when the screen
  // opens, instead of showing that failure until someone presses Refresh.
  useEffect(() => {
    const state = balanceStore.get();
    if (state.error && !state.refreshing) void balanceStore.refresh();
  }, []);

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
          <>
            <CopyAsCurl key={contextKey} target={{ kind: "balanceRead" }} testid="balances-curl" />
            <Button icon="refresh" loading={balance.refreshing} onClick={refresh} data-testid="balances-refresh">
              {balance.refreshing ? t("balances.refreshing") : t("balance.refresh")}
            </Button>
          </>
        )
      }
    >
      {/* One number of decimals on the screen, started afresh for each context. */}
      <PointsScope key={contextKey}>
        <div class="balances" data-testid="balances-body" data-context-key={contextKey}>
          <BalanceSection session={session} balance={balance} who={who} now={now} onRefresh={refresh} />
          <AccountSection session={session} contextKey={contextKey} who={who} version={balance.version} />
          {!balance.missingScope && <ChangesCard contextKey={contextKey} version={balance.version} now={now} onRefresh={refresh} />}
          <SpendingChartCard contextKey={contextKey} version={balance.version} />
          <LedgerCard contextKey={contextKey} version={balance.version} now={now} />
        </div>
      </PointsScope>
    </Screen>
  );
}
