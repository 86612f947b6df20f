// One change between two balance refreshes: how much and when, the charges the app saw
// in between (and chat points counted by usage), and what they leave unexplained.

import { Icon, Panel, usePoints } from "../../components";
import { formatWhen } from "../../format/dates";
import { absText, isNegative, isZero } from "../../format/points";
import { t } from "../../i18n";
import type { BalanceInterval } from "../../ipc";
import { ChargeRow } from "./ChargeRow";

export function IntervalView(props: { interval: BalanceInterval; now: number; sharedWallet: boolean }) {
  const i = props.interval;
  const down = isNegative(i.change);
  // "Fully explained" only when every amount is known, not only when nothing is left over.
  const explainedFully = isZero(i.unexplained) && i.unpriced === 0;
  const inTotalOnly = isZero(i.unexplained) && i.unpriced > 0;
  const missing = isNegative(i.unexplained);
  const formatPoints = usePoints([i.change, i.from.spendable, i.to.spendable, i.explained, i.chatByUsage, i.unexplained]);
  return (
    <li class="interval" data-testid="balance-interval" data-change={i.change} data-unexplained={i.unexplained}>
      <header class="interval__head">
        <span class="interval__window">
          {t("balances.changes.window", { from: formatWhen(i.from.at, props.now, true), to: formatWhen(i.to.at, props.now, true) })}
        </span>
        <span class={`interval__change interval__change--${down ? "down" : "up"}`} data-testid="interval-change">
          {down
            ? t("balances.changes.down", { amount: formatPoints(absText(i.change)) })
            : t("balances.changes.up", { amount: formatPoints(i.change) })}
        </span>
      </header>
      <p class="interval__went">{t("balances.changes.went", { from: formatPoints(i.from.spendable), to: formatPoints(i.to.spendable) })}</p>

      <div class="interval__seen">
        <h3 class="interval__subtitle">{t("balances.changes.seen")}</h3>
        {i.charges.length === 0 ? (
          <p class="interval__none">{t("balances.changes.noneSeen")}</p>
        ) : (
          <>
            <p class="interval__total" data-testid="interval-explained">
              {i.charges.length === 1
                ? t("balances.changes.seenTotalOne", { amount: formatPoints(i.explained) })
                : t("balances.changes.seenTotal", { amount: formatPoints(i.explained), count: i.charges.length })}
              {i.unpriced > 0 && <span class="interval__unpriced"> · {t("balances.changes.unpriced", { count: i.unpriced })}</span>}
            </p>
            <ul class="charge-list charge-list--compact">
              {i.charges.map((c) => (
                <ChargeRow key={c.id} entry={c} now={props.now} />
              ))}
            </ul>
          </>
        )}
        {i.counterRestarted && (
          <p class="interval__usage" data-testid="interval-counter-restarted">
            <Icon name="info" size={14} />
            {t("balances.changes.counterRestarted")}
          </p>
        )}
        {i.counterScopeUnknown && (
          <p class="interval__usage" data-testid="interval-counter-scope-unknown">
            <Icon name="info" size={14} />
            {t("balances.changes.counterScopeUnknown")}
          </p>
        )}
        {i.chatByUsage !== undefined && !isZero(i.chatByUsage) && (
          <p class="interval__usage" data-testid="interval-chat-usage" data-value={i.chatByUsage}>
            <Icon name="chat" size={14} />
            {t("balances.changes.chatByUsage", { amount: formatPoints(i.chatByUsage) })}
          </p>
        )}
      </div>

      {explainedFully ? (
        <Panel class="note interval__verdict interval__verdict--ok" data-testid="interval-verdict" data-verdict="explained">
          <Icon name="checkCircle" size={16} />
          <p>{t("balances.changes.explained")}</p>
        </Panel>
      ) : inTotalOnly ? (
        <Panel class="note interval__verdict" data-testid="interval-verdict" data-verdict="inTotal">
          <Icon name="info" size={16} />
          <p>{t("balances.changes.explainedInTotal")}</p>
        </Panel>
      ) : (
        <Panel tone="warning" class="note interval__verdict" data-testid="interval-verdict" data-verdict={missing ? "missing" : "extra"}>
          <Icon name="alert" size={16} />
          <div>
            <p class="interval__unexplained" data-testid="interval-unexplained">
              {missing
                ? t("balances.changes.unexplainedDown", { amount: formatPoints(absText(i.unexplained)) })
                : t("balances.changes.unexplainedUp", { amount: formatPoints(i.unexplained) })}
            </p>
            <p class="note__detail">
              {missing ? t("balances.changes.whyDown") : t("balances.changes.whyUp")}
              {missing && i.unpriced > 0 && i.chatByUsage === undefined && ` ${t("balances.changes.whyDownUnpriced")}`}
              {missing && props.sharedWallet && ` ${t("balances.changes.whyDownTeam")}`}
            </p>
          </div>
        </Panel>
      )}
    </li>
  );
}
