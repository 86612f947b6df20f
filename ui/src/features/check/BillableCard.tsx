// The billable check: quote a small charge in the active context before anything is spent.

import { useState } from "preact/hooks";

import { useActiveSession } from "../../app/sessions";
import { Button, Card, Dialog } from "../../components";
import { errorMessage, t } from "../../i18n";
import { type BillableQuote, type CheckReport, platformCheckBillable, platformCheckQuote, toAppError } from "../../ipc";
import { BillableResult } from "./BillableResult";
import { checkName } from "./verdicts";

export function BillableCard(props: { report: CheckReport | null; onReport: (r: CheckReport) => void }) {
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
      props.onReport(await platformCheckBillable(quote.speechEstimate?.totalPoints ?? null, props.report?.runId ?? null));
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
      {props.report && <BillableResult report={props.report} team={session?.context.kind === "team"} />}
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

export function QuoteFacts(props: { quote: BillableQuote }) {
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
