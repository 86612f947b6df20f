// The kept runs of this account on this platform: when each ran, its verdicts and what its
// billable checks charged; any one opens again (and exports from there).

import { formatDateTime } from "../../app/time";
import { Badge, Button, Card } from "../../components";
import { formatPoints } from "../../format/points";
import { t } from "../../i18n";
import type { CheckRunSummary } from "../../ipc";

export function RunList(props: { runs: CheckRunSummary[]; shownId: string | null; onOpen: (runId: string) => void }) {
  if (props.runs.length === 0) return null;
  return (
    <Card class="check__runs" data-testid="check-runs">
      <h2 class="check__heading">{t("check.runs.title")}</h2>
      <p class="check__muted">{t("check.runs.body")}</p>
      <ul class="check__run-list">
        {props.runs.map((r) => {
          const shown = r.runId === props.shownId;
          return (
            <li key={r.runId} class="check__run" data-testid="check-run-row" data-run-id={r.runId} data-shown={shown}>
              <time dateTime={r.startedAt}>{formatDateTime(Date.parse(r.startedAt))}</time>
              <span data-testid="check-run-verdicts">{t("check.summary", { passed: r.passed, warned: r.warned, failed: r.failed })}</span>
              {r.charged && (
                <span class="check__muted" data-testid="check-run-charged">
                  {t("check.runs.charged", { amount: formatPoints(r.charged.known) })}
                </span>
              )}
              {shown ? (
                <Badge tone="accent">{t("check.runs.shown")}</Badge>
              ) : (
                <Button size="sm" variant="ghost" onClick={() => props.onOpen(r.runId)} data-testid="check-run-open">
                  {t("check.runs.open")}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
