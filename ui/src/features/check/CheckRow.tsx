// One check's verdict, what it saw and what to do, grouped by area.

import { useState } from "preact/hooks";

import { CopyAsCurl } from "../../app/CopyAsCurl";
import { Badge } from "../../components";
import { errorMessage, t } from "../../i18n";
import type { CheckItem, CheckReport } from "../../ipc";
import { checkName, VERDICT_ICON, VERDICT_TONE, verdictName } from "./verdicts";

/** Items grouped by the context they ran as, in the order they ran. */
export function groups(items: CheckItem[]): [string, CheckItem[]][] {
  const out = new Map<string, CheckItem[]>();
  for (const item of items) {
    const list = out.get(item.context) ?? [];
    list.push(item);
    out.set(item.context, list);
  }
  return [...out.entries()];
}

/** `report` (the kept run the item is in) offers "Copy as curl" for a request that was sent. */
export function CheckRow(props: { item: CheckItem; report?: CheckReport }) {
  const item = props.item;
  const [open, setOpen] = useState(false);
  const index = props.report ? props.report.items.indexOf(item) : -1;
  const sent = item.method === "GET" ? item.path !== "" && item.verdict !== "skipped" : item.requestId != null;
  return (
    <li class="check-row" data-testid="check-item" data-check={item.id} data-verdict={item.verdict} data-context={item.context}>
      <div class="check-row__head">
        <Badge tone={VERDICT_TONE[item.verdict]} icon={VERDICT_ICON[item.verdict]} data-testid="check-verdict">
          {verdictName(item.verdict)}
        </Badge>
        <span class="check-row__name">{checkName(item.id)}</span>
        <code class="check-row__path">
          {item.method} {item.path}
        </code>
      </div>
      {item.error && (
        <p class="check-row__error" data-testid="check-error">
          {errorMessage(item.error.code)}
        </p>
      )}
      <details class="check-row__details" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary data-testid="check-details">{t("check.details")}</summary>
        {/* Mounted once open: the copy's text is fetched for the rows a tester looks at. */}
        {open && props.report && index >= 0 && sent && (
          <CopyAsCurl target={{ kind: "checkItem", runId: props.report.runId, index }} testid="check-curl" />
        )}
        <ul class="check-row__notes">
          {item.notes.length === 0 && !item.error && <li>{t("check.details.noNotes")}</li>}
          {item.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
        <dl class="check-row__facts">
          {item.httpStatus != null && (
            <>
              <dt>{t("check.details.status")}</dt>
              <dd class="mono">{item.httpStatus}</dd>
            </>
          )}
          {item.requestId && (
            <>
              <dt>{t("check.details.requestId")}</dt>
              <dd class="mono" data-testid="check-request-id">
                {item.requestId}
              </dd>
            </>
          )}
          {item.error && (
            <>
              <dt>{t("check.details.error")}</dt>
              <dd class="mono">
                {item.error.platformCode ?? item.error.code} {item.error.message}
              </dd>
            </>
          )}
        </dl>
        {item.raw && (
          <details class="check-row__raw">
            <summary>{t("check.details.raw")}</summary>
            <pre class="mono" data-testid="check-raw">
              {item.raw}
            </pre>
          </details>
        )}
      </details>
    </li>
  );
}
