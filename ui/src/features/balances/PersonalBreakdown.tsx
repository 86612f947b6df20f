// Where a Personal balance comes from, as a stacked bar and its parts.

import { Card } from "../../components";
import { isZero, percentShares } from "../../format/points";
import { t } from "../../i18n";
import type { BalanceOverview } from "../../ipc";
import { Figure } from "./BalanceHero";

/** Personal: subscription, gift cards and top-ups, and the order charges use them in. */
export function PersonalBreakdown(props: { overview: BalanceOverview }) {
  const detail = props.overview.detail;
  if (detail.kind !== "personal") return null;
  const parts = [
    {
      key: "subscription",
      value: detail.subscription,
      label: t("balances.personal.subscription"),
      hint: t("balances.personal.subscriptionHint"),
    },
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
export function StackBar(props: { parts: { key: string; share: number }[] }) {
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
