import "./check.css";

import { useApp } from "../../app/context";
import { SignInFirst } from "../../app/SignInFirst";
import { useActiveContextKey, useActiveSession } from "../../app/sessions";
import { formatDateTime } from "../../app/time";
import { Button, Card, ErrorState, Screen } from "../../components";
import { t } from "../../i18n";
import type { CheckReport } from "../../ipc";
import { BillableCard } from "./BillableCard";
import { isBillable } from "./BillableResult";
import { CheckRow, groups } from "./CheckRow";
import { ExportButton } from "./ExportButton";
import { OpenApiCard } from "./OpenApiCard";
import { RunList } from "./RunList";
import { useCheckRuns } from "./useCheckRuns";

export function CheckScreen() {
  const { info } = useApp();
  const session = useActiveSession();
  const origin = info?.platform.origin ?? "";
  return (
    <Screen id="check" title={t("check.title")} subtitle={t("check.subtitle", { origin })}>
      {session ? <CheckBody /> : <SignInFirst icon="shield" title={t("check.empty.title")} body={t("check.empty.body")} />}
    </Screen>
  );
}

export function CheckBody() {
  const { run, runs, start, open, replace } = useCheckRuns(useActiveContextKey());
  const report = run.status === "ready" ? run.report : null;
  return (
    <div class="check">
      <Card class="check__intro">
        <div>
          <h2 class="check__heading">{t("check.readOnly.title")}</h2>
          <p class="check__muted">{t("check.readOnly.body")}</p>
        </div>
        <Button
          variant={report ? "secondary" : "primary"}
          icon="shield"
          loading={run.status === "running"}
          onClick={() => void start()}
          data-testid="check-run"
        >
          {run.status === "running" ? t("check.running") : report ? t("check.rerun") : t("check.run")}
        </Button>
      </Card>
      {run.status === "failed" && <ErrorState error={run.error} title={t("check.failed")} onRetry={() => void start()} />}
      {report && <ReportView report={report} />}
      <BillableCard report={report} onReport={replace} />
      <RunList runs={runs} shownId={report?.runId ?? null} onOpen={(id) => void open(id)} />
    </div>
  );
}

function ReportView(props: { report: CheckReport }) {
  const r = props.report;
  // The billable checks' results show in their own card, next to the button that ran them.
  const readOnly = r.items.filter((i) => !isBillable(i.id));
  return (
    <>
      <Card class="check__summary" data-testid="check-summary">
        <div>
          <p class="check__summary-line" aria-live="polite">
            <span class="sr-only">{t("check.summary.label")}: </span>
            {t("check.summary", { passed: r.passed, warned: r.warned, failed: r.failed })}
          </p>
          <p class="check__muted">{t("check.finished", { origin: r.origin, time: formatDateTime(Date.parse(r.finishedAt)) })}</p>
        </div>
        <div class="check__actions">
          <ExportButton runId={r.runId} format="markdown" />
          <ExportButton runId={r.runId} format="json" />
        </div>
      </Card>
      {groups(readOnly).map(([context, items]) => (
        <section class="check__group" key={context} aria-labelledby={`check-group-${context}`}>
          <h2 class="check__group-title" id={`check-group-${context}`}>
            {context ? t("check.group", { context }) : t("check.group.platform")}
          </h2>
          <ul class="check__list" data-testid="check-items">
            {items.map((item, i) => (
              <CheckRow key={`${item.id}-${i}`} item={item} report={r} />
            ))}
          </ul>
        </section>
      ))}
      {r.items.some((i) => i.id === "openApi" && i.verdict !== "skipped" && i.verdict !== "fail") && <OpenApiCard report={r} />}
    </>
  );
}
