import "./widgets.css";

import { useApp } from "../../app/context";
import { contextName, useActiveSession } from "../../app/sessions";
import { useMinuteClock } from "../../app/time";
import { Icon, Spinner } from "../../components";
import { formatAgo, formatWhen } from "../../format/dates";
import { formatCompact, formatPoints } from "../../format/points";
import { t } from "../../i18n";
import { balanceStore, isStale, useBalance } from "./store";

/**
 * The active context's balance in the window header: what can be spent, when it was
 * read, and a mark when it is out of date or low. Clicking reads it again.
 */
export function HeaderBalance() {
  const session = useActiveSession();
  const balance = useBalance();
  const now = useMinuteClock();
  const { navigate } = useApp();

  if (!session) {
    return (
      <div class="balance-slot" data-testid="balance-slot" data-state="signed-out" title={t("balance.hint")}>
        <Icon name="balances" size={16} />
        <span class="balance-slot__label">{t("balance.label")}</span>
        <span class="balance-slot__value" aria-hidden="true">
          {t("balance.empty")}
        </span>
        <span class="sr-only">{t("balance.hint")}</span>
      </div>
    );
  }

  const who = contextName(session);
  if (balance.missingScope) {
    return (
      <button
        type="button"
        class="balance-slot balance-slot--button balance-slot--muted"
        data-testid="balance-slot"
        data-state="missing-scope"
        title={t("balance.headerScopeHint")}
        onClick={() => navigate("balances")}
      >
        <Icon name="lock" size={15} />
        <span class="balance-slot__label">{t("balance.headerScope")}</span>
      </button>
    );
  }

  const overview = balance.overview?.sessionId === session.id ? balance.overview : null;
  const stale = isStale(balance, now);
  const low = overview?.low ?? false;
  const state = !overview ? (balance.error ? "error" : "loading") : stale ? "stale" : "fresh";
  const amount = overview ? formatPoints(overview.spendable) : t("balance.empty");
  // A long balance is abbreviated in the header ("12.3M points"); the exact value is in the tooltip.
  const short = overview ? formatCompact(overview.spendable) : null;
  // A whole number sent without its exact decimal may be rounded (READINGS I2): "≈ 860 points".
  const rounded = overview?.spendableRounded ?? false;
  const shown = overview ? t(rounded ? "balance.pointsAbout" : "balance.points", { amount: short ?? amount }) : amount;
  const ago = overview ? formatAgo(overview.refreshedAt, now) : "";
  const label = overview
    ? t(rounded ? "balance.headerAriaRounded" : "balance.headerAria", { who, amount, ago })
    : t("balance.headerAriaNone", { who });
  const reason = balance.error
    ? t("balance.headerError")
    : stale && overview
      ? t("balance.staleHint", { ago })
      : overview
        ? t("balance.updatedAt", { time: formatWhen(overview.refreshedAt, now) })
        : t("balance.refresh");
  const title = overview ? `${t(rounded ? "balance.roundedTitle" : "balance.exact", { amount })}\n${reason}` : reason;

  const classes = ["balance-slot", "balance-slot--button"];
  if (low) classes.push("is-low");
  if (stale) classes.push("is-stale");

  return (
    <button
      type="button"
      class={classes.join(" ")}
      data-testid="balance-slot"
      data-state={state}
      data-session-id={session.id}
      data-spendable={overview?.spendable ?? ""}
      aria-label={label}
      title={title}
      aria-busy={balance.refreshing ? "true" : undefined}
      onClick={() => void balanceStore.refresh()}
    >
      {balance.refreshing ? <Spinner size="sm" /> : <Icon name={balance.error ? "alert" : "balances"} size={16} />}
      <span class="balance-slot__value" data-testid="balance-value" data-abbreviated={short ? "true" : "false"}>
        {shown}
      </span>
      {overview && (
        <span class="balance-slot__time" data-testid="balance-updated">
          {formatWhen(overview.refreshedAt, now)}
        </span>
      )}
      {low && (
        <span class="balance-slot__flag balance-slot__flag--low" data-testid="balance-low">
          {t("balance.low")}
        </span>
      )}
      {stale && (
        <span class="balance-slot__flag balance-slot__flag--stale" data-testid="balance-stale">
          {t("balance.stale")}
        </span>
      )}
    </button>
  );
}
