// Balances, usage and the points ledger. Every amount arrives as exact decimal text;
// format it with `formatPoints` (features/balances/format.ts), never with Number().

import type { BalanceChanges } from "../bindings/BalanceChanges";
import type { BalanceCheck } from "../bindings/BalanceCheck";
import type { BalanceOverview } from "../bindings/BalanceOverview";
import type { BillingSettings } from "../bindings/BillingSettings";
import type { LedgerPage } from "../bindings/LedgerPage";
import type { LedgerQuery } from "../bindings/LedgerQuery";
import type { SpendingChart } from "../bindings/SpendingChart";
import type { SpendingQuery } from "../bindings/SpendingQuery";
import type { TeamContextView } from "../bindings/TeamContextView";
import type { UsageView } from "../bindings/UsageView";
import { call } from "./commands";

/**
 * Reads the active context's balance from the platform and records it. Every
 * window hears it too, as a `balanceChanged` event. Rejects with SCOPE_MISSING
 * without the `balance` scope.
 */
export function refreshBalance(): Promise<BalanceOverview> {
  return call<BalanceOverview>("refresh_balance");
}

/** The active context's balance at its last refresh (no network); null if never read. */
export function lastBalance(): Promise<BalanceOverview | null> {
  return call<BalanceOverview | null>("last_balance");
}

/** Personal usage attributed to this app; `notForTeam` for a Team session. */
export function personalUsage(): Promise<UsageView> {
  return call<UsageView>("personal_usage");
}

/** The active Team context as the platform resolves it now. */
export function teamContext(): Promise<TeamContextView> {
  return call<TeamContextView>("team_context");
}

/** A page of the local points ledger, newest first. */
export function pointsLedger(query: LedgerQuery): Promise<LedgerPage> {
  return call<LedgerPage>("points_ledger", { query });
}

/** How the active context's balance moved between refreshes, with the charges seen. */
export function balanceChanges(): Promise<BalanceChanges> {
  return call<BalanceChanges>("balance_changes");
}

/** Points spent per local day and context. */
export function spendingChart(query: SpendingQuery): Promise<SpendingChart> {
  return call<SpendingChart>("spending_chart", { query });
}

export function billingSettings(): Promise<BillingSettings> {
  return call<BillingSettings>("billing_settings");
}

/** Saves the low-balance threshold (decimal text; "0" turns warnings off). INVALID_INPUT otherwise. */
export function setLowBalanceThreshold(value: string): Promise<BillingSettings> {
  return call<BillingSettings>("set_low_balance_threshold", { value });
}

/**
 * Before a charged action: does `estimate` (decimal text) fit what is left? A
 * warning to show, never a reason to block.
 */
export function balanceCheck(estimate: string): Promise<BalanceCheck> {
  return call<BalanceCheck>("balance_check", { estimate });
}
