// A Team balance: the Team's pool and this member's quota.

import { roleLabel } from "../../app/sessions";
import { Card, Icon, Panel, usePoints } from "../../components";
import { t } from "../../i18n";
import type { BalanceOverview, TeamQuota } from "../../ipc";
import { Figure } from "./BalanceHero";

/** Team: the member's exact balance, the shared wallet, and the member quota as a bar. */
export function TeamBreakdown(props: { overview: BalanceOverview }) {
  const detail = props.overview.detail;
  if (detail.kind !== "team") return null;
  return (
    <Card title={t("balances.team.title")} data-testid="balance-breakdown">
      <div class="balance-figures">
        <Figure
          testId="balance-member"
          label={t("balances.team.memberBalance")}
          value={detail.memberBalance}
          about={props.overview.spendableRounded}
          hint={t(props.overview.spendableRounded ? "balances.team.memberBalanceRoundedHint" : "balances.team.memberBalanceHint")}
        />
        {detail.wallet !== undefined ? (
          <Figure testId="balance-wallet" label={t("balances.team.wallet")} value={detail.wallet} hint={t("balances.team.walletHint")} />
        ) : (
          <div class="balance-figure" data-testid="balance-wallet">
            <span class="balance-figure__label">{t("balances.team.wallet")}</span>
            <span class="balance-figure__value balance-figure__value--muted">{t("balances.team.walletUnknown")}</span>
            <span class="balance-figure__hint">{t("balances.team.walletHint")}</span>
          </div>
        )}
        {detail.role && (
          <div class="balance-figure" data-testid="balance-role">
            <span class="balance-figure__label">{t("balances.team.role")}</span>
            <span class="balance-figure__value balance-figure__value--text">{roleLabel(detail.role)}</span>
            <span class="balance-figure__hint">{detail.memberId ?? ""}</span>
          </div>
        )}
      </div>
      <QuotaBar quota={detail.quota ?? null} />
    </Card>
  );
}

export function QuotaBar(props: { quota: TeamQuota | null }) {
  const quota = props.quota;
  const formatPoints = usePoints(quota ? [quota.used, quota.limit, quota.remaining] : []);
  if (!quota) {
    return (
      <Panel class="note quota quota--unlimited" data-testid="balance-quota" data-unlimited="true">
        <Icon name="info" size={16} />
        <div>
          <p class="quota__title">
            {t("balances.team.quota")}: {t("balances.team.quotaUnlimited")}
          </p>
          <p class="note__detail">{t("balances.team.quotaUnlimitedHint")}</p>
        </div>
      </Panel>
    );
  }
  const used = formatPoints(quota.used);
  const limit = formatPoints(quota.limit);
  const tone = quota.usedPermille >= 900 ? "danger" : quota.usedPermille >= 750 ? "warning" : "ok";
  return (
    <div class="quota" data-testid="balance-quota" data-permille={quota.usedPermille}>
      <div class="quota__head">
        <span class="quota__title">{t("balances.team.quota")}</span>
        <span class="quota__numbers">
          <span data-testid="quota-used">{t("balances.team.quotaUsed", { used, limit })}</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="quota-remaining">{t("balances.team.quotaRemaining", { remaining: formatPoints(quota.remaining) })}</span>
        </span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a drawn track and fill in the app's tones; a native <meter> is styled only through engine-specific pseudo-elements */}
      <div
        class={`quota__track quota__track--${tone}`}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={1000}
        aria-valuenow={quota.usedPermille}
        aria-valuetext={t("balances.team.quotaBar", { used, limit })}
        aria-label={t("balances.team.quota")}
      >
        <span
          class="quota__fill"
          ref={(el) => {
            // Width from code: the CSP forbids style attributes in markup.
            if (el) el.style.width = `${quota.usedPermille / 10}%`;
          }}
        />
      </div>
      <p class="balance-footnote">{t("balances.team.quotaRounding")}</p>
    </div>
  );
}
