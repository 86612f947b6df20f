// The overview, and membership with its orders and plans: `canPurchaseCredits` in words.

import type { PlainList } from "../../bindings/PlainList";
import type { TeamMembership } from "../../bindings/TeamMembership";
import type { TeamOverview } from "../../bindings/TeamOverview";
import type { TeamPlan } from "../../bindings/TeamPlan";
import { Card, PlainFields } from "../../components";
import { t } from "../../i18n";
import { yesNo } from "./words";

export function OverviewSection(props: { overview: TeamOverview }) {
  return (
    <Card title={t("team.overview.title")} data-testid="team-overview-card">
      {props.overview.fields.length === 0 ? (
        <p>{t("team.overview.none")}</p>
      ) : (
        <PlainFields fields={props.overview.fields} testid="team-overview-fields" />
      )}
    </Card>
  );
}

export function MembershipSection(props: { membership: TeamMembership }) {
  const m = props.membership;
  const canBuy = m.canPurchaseCredits;
  return (
    <Card title={t("team.ms.title")} data-testid="team-membership-card">
      <dl class="meta-list team-facts">
        <dt>{t("team.ms.canBuy")}</dt>
        <dd data-testid="team-ms-can-buy" data-value={canBuy == null ? "" : String(canBuy)}>
          {canBuy == null ? t("team.ms.canBuy.unknown") : canBuy ? t("team.ms.canBuy.yes") : t("team.ms.canBuy.no")}
        </dd>
        <dt>{t("team.ms.access")}</dt>
        <dd>{yesNo(m.accessActive)}</dd>
      </dl>
      <PlainFields fields={m.other} title={t("team.plain.title")} testid="team-ms-fields" />
    </Card>
  );
}

export function OrdersSection(props: { orders: PlainList }) {
  return (
    <Card title={t("team.orders.title")} level={3} data-testid="team-orders-card">
      {props.orders.entries.length === 0 ? (
        <p>{t("team.orders.none")}</p>
      ) : (
        <ul class="team-sources">
          {props.orders.entries.map((fields, i) => (
            <li key={i} class="team-source" data-testid="team-order">
              <PlainFields fields={fields} />
            </li>
          ))}
        </ul>
      )}
      <PlainFields fields={props.orders.other} />
    </Card>
  );
}

export function PlansSection(props: { plans: readonly TeamPlan[] }) {
  return (
    <Card title={t("team.plans.title")} level={3} data-testid="team-plans-card">
      {props.plans.length === 0 ? (
        <p>{t("team.plans.none")}</p>
      ) : (
        <ul class="team-sources">
          {props.plans.map((p, i) => (
            <li key={i} class="team-source" data-testid="team-plan">
              <dl class="meta-list">
                <dt>{t("team.plans.included")}</dt>
                <dd>{p.includedMembers ?? t("team.ent.notSent")}</dd>
                <dt>{t("team.plans.allowPurchase")}</dt>
                <dd>{yesNo(p.allowPurchase)}</dd>
                <dt>{t("team.plans.price")}</dt>
                <dd class="mono">{p.monthlyPriceMinor ?? t("team.ent.notSent")}</dd>
              </dl>
              <PlainFields fields={p.other} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
