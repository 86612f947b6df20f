// What a charge cost, in words, for the chat receipt and footer, the billable checks and
// Balances: the platform's number, the usage counter's ("from the usage counter"), or "not
// reported by the platform" and why (the core decides which; `billing/attribution.rs`).

import { t } from "../i18n";
import type { ChargeCost } from "../ipc";
import { formatPoints } from "./points";

/** "3 points", "3 points · from the usage counter" or "Not reported by the platform". */
export function costText(cost: ChargeCost, places?: number): string {
  switch (cost.kind) {
    case "reported":
      return t("cost.points", { amount: formatPoints(cost.points, { places }) });
    case "fromUsageCounter":
      return t("cost.fromCounter", { amount: formatPoints(cost.points, { places }) });
    case "notReported":
      return t("cost.notReported");
  }
}

/** Why the amount is what it is: how the counter named it, or why no one knows it. */
export function costWhy(cost: ChargeCost, team: boolean): string | null {
  if (cost.kind === "fromUsageCounter") return t("cost.fromCounterHint");
  if (cost.kind !== "notReported") return null;
  switch (cost.why) {
    case "awaitingRefresh":
      return t("cost.why.awaitingRefresh");
    case "otherCharges":
      return t("cost.why.otherCharges");
    case "noUsageCounter":
      return team ? t("cost.why.noUsageCounterTeam") : t("cost.why.noUsageCounter");
    case "counterRestarted":
      return t("cost.why.counterRestarted");
  }
}
