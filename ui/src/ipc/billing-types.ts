// The generated billing types, re-exported in one place so ipc/index.ts needs one line.

export type { BalanceChanges } from "../bindings/BalanceChanges";
export type { BalanceCheck } from "../bindings/BalanceCheck";
export type { BalanceDetail } from "../bindings/BalanceDetail";
export type { BalanceInterval } from "../bindings/BalanceInterval";
export type { BalanceLimit } from "../bindings/BalanceLimit";
export type { BalanceOverview } from "../bindings/BalanceOverview";
export type { BalancePoint } from "../bindings/BalancePoint";
export type { BalanceVerdict } from "../bindings/BalanceVerdict";
export type { BillingContext } from "../bindings/BillingContext";
export type { BillingSettings } from "../bindings/BillingSettings";
export type { ChargeCost } from "../bindings/ChargeCost";
export type { ChargeSource } from "../bindings/ChargeSource";
export type { LedgerEntry } from "../bindings/LedgerEntry";
export type { LedgerPage } from "../bindings/LedgerPage";
export type { LedgerQuery } from "../bindings/LedgerQuery";
export type { LedgerScope } from "../bindings/LedgerScope";
export type { ModelUsage } from "../bindings/ModelUsage";
export type { NotReportedWhy } from "../bindings/NotReportedWhy";
export type { PersonalUsage } from "../bindings/PersonalUsage";
export type { SettledCharge } from "../bindings/SettledCharge";
export type { SpendingChart } from "../bindings/SpendingChart";
export type { SpendingQuery } from "../bindings/SpendingQuery";
export type { SpendingSeries } from "../bindings/SpendingSeries";
export type { TeamContextView } from "../bindings/TeamContextView";
export type { TeamQuota } from "../bindings/TeamQuota";
export type { UsageView } from "../bindings/UsageView";
