// The billable checks' results, next to the button that ran them: each check's verdict and
// what it cost, and what the run charged in all (so nobody pays twice to find them).

import { formatDateTime } from "../../app/time";
import { costText, costWhy } from "../../format/cost";
import { formatPoints } from "../../format/points";
import { t } from "../../i18n";
import type { CheckReport } from "../../ipc";
import { CheckRow } from "./CheckRow";

export function isBillable(id: string): boolean {
  return id === "chat" || id === "speech";
}

export function BillableResult(props: { report: CheckReport; team: boolean }) {
  const r = props.report;
  const items = r.items.filter((i) => isBillable(i.id));
  if (items.length === 0 || !r.charged) return null;
  const c = r.charged;
  return (
    <section class="check__billable-result" data-testid="check-billable-result" aria-live="polite">
      <h3 class="check__heading">{t("check.billable.result", { time: formatDateTime(Date.parse(r.finishedAt)) })}</h3>
      <p class="check__charged" data-testid="check-billable-charged" data-known={c.known} data-unknown={c.unknown}>
        {t("check.billable.charged", { amount: formatPoints(c.known) })}
        {c.unknown > 0 && ` · ${t("check.billable.chargedUnknown", { count: c.unknown })}`}
      </p>
      <ul class="check__list">
        {items.map((item) => (
          <li key={item.id} class="check__billable-item">
            <ul class="check__list">
              <CheckRow item={item} report={r} />
            </ul>
            {item.cost && (
              <p
                class="check__cost"
                data-testid="check-item-cost"
                data-check={item.id}
                data-kind={item.cost.kind}
                title={costWhy(item.cost, props.team) ?? undefined}
              >
                {t("cost.label")}: {costText(item.cost)}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
