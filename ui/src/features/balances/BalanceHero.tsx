import { useApp } from "../../app/context";
import { roleLabel } from "../../app/sessions";
import { Badge, Button, Card, Icon, Panel } from "../../components";
import { t } from "../../i18n";
import type { BalanceOverview, TeamQuota } from "../../ipc";
import { formatAgo, formatPoints, formatWhen, isZero, percentShares } from "./format";

/** The big number: what the active context can spend, when it was read, and whether it is low. */
export function BalanceHero(props: { overview: BalanceOverview; who: string; stale: boolean; now: number }) {
  const { overview, now } = props;
  const { navigate } = useApp();
  const role = overview.detail.kind === "team" ? overview.detail.role : undefined;
  return (
    <Card tone="accent" class="balance-hero" data-testid="balance-hero">
      <div class="balance-hero__top">
        <span class="balance-hero__label">
          {t("balances.hero.label")} · <span data-testid="balance-hero-context">{props.who}</span>
        </span>
        {role && <Badge tone="accent" icon="team">{roleLabel(role)}</Badge>}
        {overview.low && (
          <Badge tone="warning" icon="alert" data-testid="balance-hero-low">
            {t("balances.hero.lowBadge")}
          </Badge>
        )}
        {props.stale && (
          <Badge tone="warning" icon="clock" data-testid="balance-hero-stale">
            {t("balance.stale")}
          </Badge>
        )}
      </div>
      <p class="balance-hero__amount" data-testid="balance-spendable" data-value={overview.spendable}>
        <span class="balance-hero__number">{formatPoints(overview.spendable)}</span>
        <span class="balance-hero__unit">{t("balances.unit")}</span>
      </p>
      <p class="balance-hero__meta">
        <Icon name="clock" size={14} />
        <span data-testid="balance-hero-updated" title={formatWhen(overview.refreshedAt, now)}>
          {t("balance.updated", { ago: formatAgo(overview.refreshedAt, now) })}
        </span>
        <span aria-hidden="true">·</span>
        <span>
          {isZero(overview.lowThreshold)
            ? t("balances.hero.thresholdOff")
            : t("balances.hero.threshold", { amount: formatPoints(overview.lowThreshold) })}
        </span>
        <Button size="sm" variant="ghost" onClick={() => navigate("settings")} data-testid="balance-change-threshold">
          {t("balances.hero.changeThreshold")}
        </Button>
      </p>
      {overview.low && (
        <p class="balance-hero__low">{t("balances.hero.lowNote", { amount: formatPoints(overview.lowThreshold) })}</p>
      )}
      <p class="balance-hero__note">
        {overview.detail.kind === "personal" ? t("balances.hero.personalNote") : t("balances.hero.teamNote")}
      </p>
    </Card>
  );
}

function Figure(props: { label: string; value: string; hint: string; extra?: string; testId: string }) {
  return (
    <div class="balance-figure" data-testid={props.testId} data-value={props.value}>
      <span class="balance-figure__label">{props.label}</span>
      <span class="balance-figure__value">{formatPoints(props.value)}</span>
      <span class="balance-figure__hint">{props.extra ?? props.hint}</span>
    </div>
  );
}

/** Personal: subscription, gift cards and top-ups, and the order charges use them in. */
export function PersonalBreakdown(props: { overview: BalanceOverview }) {
  const detail = props.overview.detail;
  if (detail.kind !== "personal") return null;
  const parts = [
    { key: "subscription", value: detail.subscription, label: t("balances.personal.subscription"), hint: t("balances.personal.subscriptionHint") },
    { key: "gift-card", value: detail.giftCard, label: t("balances.personal.giftCard"), hint: t("balances.personal.giftCardHint") },
    { key: "recharge", value: detail.recharge, label: t("balances.personal.recharge"), hint: t("balances.personal.rechargeHint") },
  ];
  const shares = percentShares(
    parts.map((p) => p.value),
    detail.total,
  );
  return (
    <Card title={t("balances.personal.title")} data-testid="balance-breakdown">
      <div class="balance-figures">
        {parts.map((p, i) => {
          const share = shares[i] ?? null;
          return (
            <Figure
              key={p.key}
              testId={`balance-${p.key}`}
              label={p.label}
              value={p.value}
              hint={p.hint}
              extra={
                share === null
                  ? undefined
                  : `${p.hint} · ${t("balances.personal.share", { share: share === 0 && !isZero(p.value) ? "<1" : share })}`
              }
            />
          );
        })}
      </div>
      <StackBar parts={parts.map((p, i) => ({ key: p.key, share: shares[i] ?? 0 }))} />
      <p class="balance-footnote">{t("balances.personal.order")}</p>
    </Card>
  );
}

/** A decorative bar of the three shares (the numbers above carry the meaning). */
function StackBar(props: { parts: { key: string; share: number }[] }) {
  return (
    <div class="stack-bar" aria-hidden="true">
      {props.parts.map((p) => (
        <span
          key={p.key}
          class={`stack-bar__part stack-bar__part--${p.key}`}
          ref={(el) => {
            if (el) el.style.flexGrow = String(p.share);
          }}
        />
      ))}
    </div>
  );
}

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
          hint={t("balances.team.memberBalanceHint")}
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

function QuotaBar(props: { quota: TeamQuota | null }) {
  const quota = props.quota;
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
