import "./check.css";

import { useState } from "preact/hooks";

import { copyText } from "../../app/clipboard";
import { useApp } from "../../app/context";
import { useActiveSession } from "../../app/sessions";
import { formatDateTime } from "../../app/time";
import { Badge, Button, Card, Dialog, ErrorState, Screen, toast, type BadgeTone } from "../../components";
import { errorMessage, t, type PlainKey } from "../../i18n";
import {
  platformCheck,
  platformCheckBillable,
  platformCheckExport,
  platformCheckQuote,
  toAppError,
  type BillableQuote,
  type CheckId,
  type CheckItem,
  type CheckReport,
  type CheckVerdict,
  type ReportFormat,
} from "../../ipc";
import { SignInFirst } from "../shared/SignInFirst";

type Run = { status: "idle" } | { status: "running" } | { status: "ready"; report: CheckReport } | { status: "failed"; error: unknown };

const VERDICT_TONE: Record<CheckVerdict, BadgeTone> = { pass: "success", warn: "warning", fail: "danger", skipped: "neutral" };
const VERDICT_ICON = { pass: "check", warn: "alert", fail: "close", skipped: "info" } as const;

export const checkName = (id: CheckId) => t(`check.id.${id}` as PlainKey);
const verdictName = (v: CheckVerdict) => t(`check.verdict.${v}` as PlainKey);

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

function CheckBody() {
  const [run, setRun] = useState<Run>({ status: "idle" });
  const start = async () => {
    setRun({ status: "running" });
    try {
      setRun({ status: "ready", report: await platformCheck() });
    } catch (error) {
      setRun({ status: "failed", error });
    }
  };
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
      {report && <ReportView report={report} onReport={(r) => setRun({ status: "ready", report: r })} />}
    </div>
  );
}

function ReportView(props: { report: CheckReport; onReport: (r: CheckReport) => void }) {
  const r = props.report;
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
          <ExportButton format="markdown" />
          <ExportButton format="json" />
        </div>
      </Card>
      {groups(r.items).map(([context, items]) => (
        <section class="check__group" key={context} aria-labelledby={`check-group-${context}`}>
          <h2 class="check__group-title" id={`check-group-${context}`}>
            {context ? t("check.group", { context }) : t("check.group.platform")}
          </h2>
          <ul class="check__list" data-testid="check-items">
            {items.map((item, i) => (
              <CheckRow key={`${item.id}-${i}`} item={item} />
            ))}
          </ul>
        </section>
      ))}
      {r.items.some((i) => i.id === "openApi" && i.verdict !== "skipped" && i.verdict !== "fail") && <OpenApiCard report={r} />}
      <BillableCard onReport={props.onReport} />
    </>
  );
}

/** Items grouped by the context they ran as, in the order they ran. */
function groups(items: CheckItem[]): [string, CheckItem[]][] {
  const out = new Map<string, CheckItem[]>();
  for (const item of items) {
    const list = out.get(item.context) ?? [];
    list.push(item);
    out.set(item.context, list);
  }
  return [...out.entries()];
}

function CheckRow(props: { item: CheckItem }) {
  const item = props.item;
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
      <details class="check-row__details">
        <summary data-testid="check-details">{t("check.details")}</summary>
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

function OpenApiCard(props: { report: CheckReport }) {
  const diffs = props.report.differences;
  return (
    <Card class="check__openapi" data-testid="check-openapi">
      <h2 class="check__heading">{t("check.openapi.title")}</h2>
      {diffs.length === 0 ? (
        <p class="check__muted">{t("check.openapi.none")}</p>
      ) : (
        <ul class="check__diffs">
          {diffs.map((d, i) => (
            <li key={i} data-testid="check-openapi-diff">
              <code>
                {d.schema}
                {d.field ? `.${d.field}` : ""}
              </code>{" "}
              — {t(`check.openapi.${d.kind}` as PlainKey)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ExportButton(props: { format: ReportFormat }) {
  const [working, setWorking] = useState(false);
  const save = async () => {
    setWorking(true);
    try {
      const result = await platformCheckExport(props.format);
      toast({
        tone: "success",
        title: t("check.export.done"),
        body: result.path,
        action: {
          label: t("check.export.copy"),
          "data-testid": "check-export-copy",
          onClick: () =>
            void copyText(result.text).then((ok) =>
              toast({ tone: ok ? "success" : "error", title: ok ? t("check.copied") : t("check.copyFailed") }),
            ),
        },
      });
    } catch (err) {
      toast({ tone: "error", title: t("check.export.failed"), body: errorMessage(toAppError(err).code) });
    } finally {
      setWorking(false);
    }
  };
  return (
    <Button size="sm" icon="download" loading={working} onClick={() => void save()} data-testid={`check-export-${props.format}`}>
      {props.format === "markdown" ? t("check.export.markdown") : t("check.export.json")}
    </Button>
  );
}

function BillableCard(props: { onReport: (r: CheckReport) => void }) {
  const session = useActiveSession();
  const payer = session?.context.kind === "team" ? session.context.teamName || session.context.teamId : t("context.personal");
  const [quote, setQuote] = useState<BillableQuote | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const review = async () => {
    setBusy(true);
    setError(null);
    try {
      setQuote(await platformCheckQuote());
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!quote) return;
    setBusy(true);
    try {
      props.onReport(await platformCheckBillable(quote.speechEstimate?.totalPoints ?? null));
      setQuote(null);
    } catch (err) {
      setError(err);
      setQuote(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card class="check__billable" data-testid="check-billable">
      <div>
        <h2 class="check__heading">{t("check.billable.title")}</h2>
        <p class="check__muted">{t("check.billable.body", { payer })}</p>
        {error != null && (
          <p class="check-row__error" role="alert" data-testid="check-billable-error">
            {errorMessage(toAppError(error).code)}
          </p>
        )}
      </div>
      <Button icon="receipt" loading={busy && !quote} onClick={() => void review()} data-testid="check-billable-review">
        {t("check.billable.review")}
      </Button>
      <Dialog
        open={quote != null}
        onClose={() => setQuote(null)}
        title={t("check.billable.dialog")}
        data-testid="check-billable-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={() => setQuote(null)}>
              {t("check.billable.cancel")}
            </Button>
            <Button variant="primary" loading={busy} onClick={() => void confirm()} data-testid="check-billable-confirm">
              {t("check.billable.confirm")}
            </Button>
          </>
        }
      >
        {quote && <QuoteFacts quote={quote} />}
      </Dialog>
    </Card>
  );
}

function QuoteFacts(props: { quote: BillableQuote }) {
  const q = props.quote;
  return (
    <dl class="check__quote" data-testid="check-quote">
      <dt>{t("check.billable.payer")}</dt>
      <dd data-testid="check-quote-payer">{q.payer}</dd>
      <dt>{checkName("chat")}</dt>
      <dd>
        {q.chatModel ? (
          <>
            {t("check.billable.chat", { model: q.chatModel, prompt: q.chatPrompt })}
            <br />
            <span class="check__muted">{t("check.billable.chatCost")}</span>
          </>
        ) : (
          t("check.billable.noChat")
        )}
      </dd>
      <dt>{checkName("speech")}</dt>
      <dd>
        {q.speechConfig && q.speechVoice ? (
          <>
            {t("check.billable.speech", { text: q.speechText, voice: q.speechVoice, config: q.speechConfig })}
            <br />
            <strong data-testid="check-quote-speech">
              {q.speechEstimate?.totalPoints
                ? t("check.billable.speechCost", { points: q.speechEstimate.totalPoints })
                : t("check.billable.noEstimate")}
            </strong>
          </>
        ) : (
          t("check.billable.noSpeech")
        )}
      </dd>
    </dl>
  );
}
