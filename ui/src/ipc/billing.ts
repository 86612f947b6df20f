// Balances, usage and the points ledger. Every amount arrives as exact decimal text;
// format it with `formatPoints` (features/balances/format.ts), never with Number().
// The wrappers are generated from the command registry (`generated.ts`).

export {
  balanceChanges,
  balanceCheck,
  billingSettings,
  lastBalance,
  ledgerSave,
  personalUsage,
  pointsLedger,
  refreshBalance,
  setLowBalanceThreshold,
  spendingChart,
  teamContext,
} from "./generated";
