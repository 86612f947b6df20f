// For features that charge (Voices, Chat): a warning when an estimate won't fit in what
// the active context has left or will go below the low-balance threshold. A warning
// only — the action stays available.
//
//   const check = useBalanceCheck(estimatePoints);   // app/useBalanceCheck.ts; decimal text, or null
//   <BalanceCheckNotice check={check} />

import { formatWhen } from "../format/dates";
import { formatPoints as formatExact, pointsPlaces } from "../format/points";
import { type PlainKey, t } from "../i18n";
import type { BalanceCheck, BalanceLimit } from "../ipc";
import { Panel } from "./Card";
import { Icon } from "./Icon";

const LIMIT_LABEL: Record<BalanceLimit, PlainKey> = {
  balance: "balanceCheck.limit.balance",
  wallet: "balanceCheck.limit.wallet",
  quota: "balanceCheck.limit.quota",
};

/** Renders nothing when the estimate fits; a warning panel otherwise. */
export function BalanceCheckNotice(props: { check: BalanceCheck | null; "data-testid"?: string }) {
  const check = props.check;
  if (!check || check.verdict === "enough" || check.verdict === "unknown") return null;
  const stale = check.stale && check.balanceAt !== undefined ? t("balanceCheck.stale", { time: formatWhen(check.balanceAt) }) : null;
  const exceeds = check.verdict === "exceeds";
  // The amounts of one sentence share their decimals (format/points.ts).
  const places = pointsPlaces([check.estimate, check.remaining, check.after, check.lowThreshold]);
  const formatPoints = (text: string) => formatExact(text, { places });
  return (
    <Panel
      tone={exceeds ? "danger" : "warning"}
      class="note balance-check"
      role="status"
      data-testid={props["data-testid"] ?? "balance-check"}
      data-verdict={check.verdict}
    >
      <Icon name="alert" size={16} />
      <div>
        <p class="balance-check__title">{exceeds ? t("balanceCheck.exceeds.title") : t("balanceCheck.low.title")}</p>
        <p class="note__detail">
          {exceeds
            ? t("balanceCheck.exceeds.body", {
                estimate: formatPoints(check.estimate),
                remaining: formatPoints(check.remaining ?? "0"),
                limit: t(LIMIT_LABEL[check.limitedBy ?? "balance"]),
              })
            : t("balanceCheck.low.body", {
                estimate: formatPoints(check.estimate),
                after: formatPoints(check.after ?? "0"),
                threshold: formatPoints(check.lowThreshold),
              })}
        </p>
        {stale && <p class="note__detail">{stale}</p>}
      </div>
    </Panel>
  );
}
