// A reply's receipt: which model, who paid, what it cost, the request id, time to first token, total
// time and tokens (and the Team workflow headers), ready to copy into a bug report.

import { CopyAsCurl } from "../../app/CopyAsCurl";
import { copyText } from "../../app/clipboard";
import { Button, Dialog } from "../../components";
import { costText, costWhy } from "../../format/cost";
import { formatDateTime } from "../../format/dates";
import { formatNumber, t } from "../../i18n";
import type { ChatMessage } from "../../ipc";
import { finishText } from "./FinishNote";
import { formatMs, receiptFormat, receiptPayer, receiptText, statusLabel } from "./format";

function Row(props: { label: string; value: string | null | undefined; mono?: boolean; testid?: string; source?: string; raw?: string }) {
  if (props.value === null || props.value === undefined || props.value === "") return null;
  return (
    <>
      {/* A label in plain words; the response header it came from, for testers, in the tooltip. */}
      <dt title={props.source}>{props.label}</dt>
      <dd class={props.mono ? "mono" : undefined} data-testid={props.testid} title={props.raw}>
        {props.value}
      </dd>
    </>
  );
}

function count(n: number | null | undefined): string {
  return n === null || n === undefined ? "—" : formatNumber(n);
}

export function ReceiptDialog(props: { message: ChatMessage | null; onClose: () => void }) {
  const m = props.message;
  const r = m?.receipt ?? null;
  return (
    <Dialog
      open={m !== null && r !== null}
      onClose={props.onClose}
      title={t("chat.receipt.title")}
      description={t("chat.receipt.description")}
      data-testid="chat-receipt"
      footer={
        <>
          {m && <CopyAsCurl target={{ kind: "chatReply", id: m.id }} testid="chat-receipt-curl" />}
          <Button onClick={props.onClose}>{t("common.close")}</Button>
          <Button
            variant="primary"
            icon="copy"
            data-testid="chat-receipt-copy"
            onClick={() => {
              if (!m) return;
              void copyText(receiptText(m), { title: t("chat.receipt.copied") });
            }}
          >
            {t("chat.receipt.copy")}
          </Button>
        </>
      }
    >
      {m && r && (
        <dl class="meta-list chat-receipt">
          <Row label={t("chat.receipt.model")} value={r.modelCode} mono testid="receipt-model" />
          <Row label={t("chat.receipt.context")} value={receiptPayer(r)} testid="receipt-context" />
          <Row label={t("chat.receipt.requestId")} value={r.requestId} mono testid="receipt-request-id" />
          {r.platformRequestId !== r.requestId && <Row label={t("chat.receipt.platformRequestId")} value={r.platformRequestId} mono />}
          <Row label={t("chat.receipt.status")} value={statusLabel(m)} testid="receipt-status" />
          {r.finishReason && (
            <Row
              label={t("chat.receipt.finish")}
              source="finish_reason"
              value={finishText(r.finishReason) ?? t("chat.finish.stop")}
              raw={r.finishReason}
              testid="receipt-finish"
            />
          )}
          <Row
            label={t("chat.receipt.ttft")}
            value={r.streamed ? formatMs(r.timeToFirstTokenMs) : t("chat.receipt.notStreamed")}
            testid="receipt-ttft"
          />
          <Row label={t("chat.receipt.total")} value={formatMs(r.totalMs)} testid="receipt-total" />
          <Row
            label={t("chat.receipt.tokens")}
            value={
              r.usage
                ? t("chat.receipt.tokensValue", {
                    prompt: count(r.usage.promptTokens),
                    completion: count(r.usage.completionTokens),
                    total: count(r.usage.totalTokens),
                  })
                : t("chat.receipt.noUsage")
            }
            testid="receipt-tokens"
          />
          {r.cost && (
            <>
              <dt>{t("chat.receipt.points")}</dt>
              <dd>
                <span data-testid="receipt-cost">{costText(r.cost)}</span>
                {costWhy(r.cost, r.contextKind === "team") && (
                  <span class="chat-receipt__why" data-testid="receipt-cost-why">
                    {costWhy(r.cost, r.contextKind === "team")}
                  </span>
                )}
              </dd>
            </>
          )}
          <Row label={t("chat.receipt.format")} value={receiptFormat(r)} raw={r.responseFormat} testid="receipt-format" />
          {r.replayed && <Row label={t("chat.receipt.replayed")} value={t("chat.receipt.replayedValue")} />}
          {r.runId && (
            <>
              <Row label={t("chat.receipt.workflowVersion")} source="X-Xiaoya-Workflow-Version-Id" value={r.workflowVersionId} mono />
              <Row label={t("chat.receipt.runId")} source="X-Xiaoya-Run-Id" value={r.runId} mono testid="receipt-run-id" />
              <Row label={t("chat.receipt.nodeId")} source="X-Xiaoya-Node-Id" value={r.nodeId} mono />
              <Row
                label={t("chat.receipt.attempt")}
                source="X-Xiaoya-Attempt"
                value={r.attempt === null ? null : String(r.attempt)}
                mono
                testid="receipt-attempt"
              />
            </>
          )}
          <Row label={t("chat.receipt.startedAt")} value={formatDateTime(r.startedAt, true)} />
        </dl>
      )}
    </Dialog>
  );
}
