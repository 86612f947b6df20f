import { useApp } from "../../app/context";
import { roleLabel } from "../../app/sessions";
import { Badge, Button, Card, Icon, PointsNote, usePoints } from "../../components";
import { formatAgo, formatWhen } from "../../format/dates";
import { isZero } from "../../format/points";
import { t } from "../../i18n";
import type { BalanceOverview } from "../../ipc";

/** The big number: what the active context can spend, when it was read, and whether it is low. */
export function BalanceHero(props: { overview: BalanceOverview; who: string; stale: boolean; now: number }) {
  const { overview, now } = props;
  const { navigate } = useApp();
  const role = overview.detail.kind === "team" ? overview.detail.role : undefined;
  const formatPoints = usePoints([overview.spendable, overview.lowThreshold]);
  return (
    <Card tone="accent" class="balance-hero" data-testid="balance-hero">
      <div class="balance-hero__top">
        <span class="balance-hero__label">
          {t("balances.hero.label")} · <span data-testid="balance-hero-context">{props.who}</span>
        </span>
        {role && (
          <Badge tone="accent" icon="team">
            {roleLabel(role)}
          </Badge>
        )}
        {overview.low && (
          <Badge tone="warning" icon="alert" data-testid="balance-hero-low">
            {t("balances.hero.lowBadge")}
          </Badge>
        )}
        {overview.spendableRounded && (
          <Badge tone="warning" icon="info" data-testid="balance-hero-rounded">
            {t("balances.hero.roundedBadge")}
          </Badge>
        )}
        {props.stale && (
          <Badge tone="warning" icon="clock" data-testid="balance-hero-stale">
            {t("balance.stale")}
          </Badge>
        )}
      </div>
      <p
        class="balance-hero__amount"
        data-testid="balance-spendable"
        data-value={overview.spendable}
        data-rounded={overview.spendableRounded ? "true" : "false"}
      >
        <span class="balance-hero__number">
          {overview.spendableRounded ? "≈ " : ""}
          {formatPoints(overview.spendable)}
        </span>
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
      {overview.spendableRounded && (
        <p class="balance-hero__note" data-testid="balance-rounded-note">
          {t("balances.hero.roundedNote", { amount: formatPoints(overview.spendable) })}
        </p>
      )}
      {overview.low && <p class="balance-hero__low">{t("balances.hero.lowNote", { amount: formatPoints(overview.lowThreshold) })}</p>}
      <p class="balance-hero__note">
        {overview.detail.kind === "personal" ? t("balances.hero.personalNote") : t("balances.hero.teamNote")}
      </p>
      <PointsNote class="balance-hero__note" />
    </Card>
  );
}

/** One figure of a balance; `about` marks one the platform may have rounded ("≈ 860"). */
export function Figure(props: { label: string; value: string; hint: string; extra?: string; testId: string; about?: boolean }) {
  const formatPoints = usePoints([props.value]);
  return (
    <div class="balance-figure" data-testid={props.testId} data-value={props.value} data-rounded={props.about ? "true" : "false"}>
      <span class="balance-figure__label">{props.label}</span>
      <span class="balance-figure__value">
        {props.about ? "≈ " : ""}
        {formatPoints(props.value)}
      </span>
      <span class="balance-figure__hint">{props.extra ?? props.hint}</span>
    </div>
  );
}
