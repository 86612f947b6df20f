// What a person reads before calling a tool that is not read-only: its price, and whether
// it says it is destructive (a tool that doesn't say counts as destructive, as MCP says).

import { Panel } from "../../components";
import { formatNumber, t } from "../../i18n";
import type { CallConfirmation } from "../../ipc";

export function ConfirmCall(props: { call: CallConfirmation }) {
  const c = props.call;
  return (
    <div class="agents__confirm" data-testid="agent-call-confirmation">
      <p>{t("agents.confirm.notReadOnly", { tool: c.tool })}</p>
      <dl class="agents__facts">
        <dt>{t("agents.confirm.price")}</dt>
        <dd data-testid="agent-confirm-price">
          {c.pricePoints == null ? t("agents.tool.noPrice") : t("agents.tool.price", { points: formatNumber(c.pricePoints) })}
        </dd>
        <dt>{t("agents.confirm.destructive")}</dt>
        <dd data-testid="agent-confirm-destructive" data-destructive={String(c.destructive)}>
          {c.destructive ? t("agents.confirm.destructiveYes") : t("agents.confirm.destructiveNo")}
        </dd>
        {c.calledTwice && (
          <>
            <dt>{t("agents.confirm.twice")}</dt>
            <dd>{t("agents.confirm.twiceBody")}</dd>
          </>
        )}
      </dl>
      {c.destructive && (
        <Panel tone="danger" role="alert">
          {t("agents.confirm.destructiveWarning")}
        </Panel>
      )}
    </div>
  );
}
