// For features that charge (Voices, Chat): check an estimate against what the active
// context has left, and show a warning when it won't fit or will go below the
// low-balance threshold. A warning only — the action stays available.
//
//   const check = useBalanceCheck(estimatePoints);   // decimal text, or null
//   <BalanceCheckNotice check={check} />

import { useActiveContextKey } from "../../app/sessions";
import { useLoad } from "../../app/useLoad";
import { Icon, Panel } from "../../components";
import { type PlainKey, t } from "../../i18n";
import { type BalanceCheck, type BalanceLimit, balanceCheck } from "../../ipc";
import { formatPoints, formatWhen, isAmountText } from "./format";

/**
 * The balance check for `estimate` (decimal text), re-run when it or the active
 * context changes (debounced). Null while there is nothing to check or it failed:
 * a check that can't run must never stand in the way.
 */
export function useBalanceCheck(estimate: string | null, debounceMs = 300): BalanceCheck | null {
  const contextKey = useActiveContextKey();
  const skip = estimate === null || !isAmountText(estimate) || contextKey === "none";
  // A new estimate or context clears the last check at once; a failed one shows nothing
  // (no warning rather than a wrong one).
  const loaded = useLoad(() => balanceCheck((estimate ?? "").trim()), `${contextKey}|${estimate ?? ""}`, debounceMs, {
    skip,
    delayMs: debounceMs,
  });
  const check = loaded.error ? null : loaded.data;
  return check;
}

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
