import { useApp } from "../../app/context";
import { requestReceipt } from "../../app/receipts";
import { Button, Icon, usePoints } from "../../components";
import { costWhy } from "../../format/cost";
import { formatWhen } from "../../format/dates";
import { formatCount } from "../../format/points";
import { t } from "../../i18n";
import type { LedgerEntry } from "../../ipc";
import { contextLabelOf } from "./labels";
import { useModelNames } from "./modelNames";

/** Opens a charge's receipt on the screen that owns it (Chat or Voices). */
export function useOpenReceipt(): (entry: LedgerEntry) => void {
  const { navigate } = useApp();
  return (entry) => {
    const screen = entry.source === "chat" ? "chat" : "voices";
    requestReceipt({ screen, receiptRef: entry.receiptRef, requestId: entry.requestId });
    navigate(screen);
  };
}

export function sourceLabel(entry: LedgerEntry): string {
  return entry.source === "chat" ? t("balances.ledger.chat") : t("balances.ledger.tts");
}

/**
 * The names in the core's summary ("Chat · othan-2.0 · 103 tokens" → "othan-2.0"): its
 * English source word and count are dropped, since the row says both in the active
 * language. Names (models, voices) are shown as they are.
 */
export function plainSummary(summary: string): string {
  const parts = summary
    .split(" · ")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts[0] === "Chat" || parts[0] === "TTS") parts.shift();
  const last = parts[parts.length - 1];
  if (last !== undefined && /^[\d,.]+ (tokens?|chars?)$/.test(last)) parts.pop();
  return parts.join(" · ");
}

/**
 * What a row names: for a chat reply its model by display name where the catalog knows
 * the code (`code` then goes on hover), otherwise the summary's names as they are.
 */
export function rowSubject(entry: LedgerEntry, names: ReadonlyMap<string, string>): { what: string; code?: string } {
  const parts = plainSummary(entry.summary).split(" · ").filter(Boolean);
  const code = entry.source === "chat" ? parts[0] : undefined;
  const name = code === undefined ? undefined : names.get(code);
  if (code === undefined || name === undefined) return { what: parts.join(" · ") || sourceLabel(entry) };
  return { what: [name, ...parts.slice(1)].join(" · "), code };
}

/** One charge: what, when, which account, how many points, and its receipt. */
export function ChargeRow(props: { entry: LedgerEntry; now: number; showContext?: boolean }) {
  const e = props.entry;
  const open = useOpenReceipt();
  const { what, code } = rowSubject(e, useModelNames());
  // The platform's number, or the usage counter's for a reply alone between two readings.
  const known = e.cost.kind === "notReported" ? undefined : e.cost.points;
  const formatPoints = usePoints([known]);
  return (
    <li class="charge-row" data-testid="charge-row" data-request-id={e.requestId} data-source={e.source}>
      <span class={`charge-row__icon charge-row__icon--${e.source}`} aria-hidden="true">
        <Icon name={e.source === "chat" ? "chat" : "voices"} size={16} />
      </span>
      <div class="charge-row__main">
        <span class="charge-row__what" title={code} data-model-code={code}>
          {what}
        </span>
        <span class="charge-row__meta">
          <span>{sourceLabel(e)}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={new Date(e.at).toISOString()}>{formatWhen(e.at, props.now)}</time>
          {props.showContext && (
            <>
              <span aria-hidden="true"> · </span>
              <span data-testid="charge-context">{contextLabelOf(e.context)}</span>
            </>
          )}
          {e.inputTokens !== undefined && e.outputTokens !== undefined && (
            <>
              <span aria-hidden="true"> · </span>
              <span>{t("balances.ledger.tokens", { input: formatCount(e.inputTokens), output: formatCount(e.outputTokens) })}</span>
            </>
          )}
        </span>
      </div>
      <span
        class={`charge-row__points${known === undefined ? " is-unknown" : ""}`}
        data-testid="charge-points"
        data-value={known ?? ""}
        data-cost={e.cost.kind}
        title={costWhy(e.cost, e.context.kind === "team") ?? undefined}
      >
        {known === undefined ? t("balances.ledger.noAmount") : `\u2212${formatPoints(known)}`}
        {e.cost.kind === "fromUsageCounter" && <span class="charge-row__source"> · {t("cost.byCounter")}</span>}
      </span>
      <Button
        size="sm"
        variant="ghost"
        iconAfter="arrowRight"
        aria-label={t("balances.ledger.openReceiptAria", { what })}
        onClick={() => open(e)}
        data-testid="charge-receipt"
        data-receipt-ref={e.receiptRef}
      >
        {t("balances.ledger.openReceipt")}
      </Button>
    </li>
  );
}
