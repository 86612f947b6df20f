// Small formatters for the chat: durations, token counts, receipts as text, problems.

import { costText, costWhy } from "../../format/cost";
import { errorMessage, formatNumber, t } from "../../i18n";
import type { ChatMessage, ChatReceipt, JsonProblem, OptionProblem } from "../../ipc";

export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  if (ms < 1000) return t("chat.time.ms", { n: formatNumber(ms) });
  return t("chat.time.s", { n: formatNumber(ms / 1000, { maximumFractionDigits: 1, minimumFractionDigits: 1 }) });
}

export function tokensLine(receipt: ChatReceipt | null): string | null {
  const total = receipt?.usage?.totalTokens;
  if (total === null || total === undefined) return null;
  return t("chat.usage.tokens", { n: formatNumber(total) });
}

function typeName(expected: string): string {
  switch (expected) {
    case "number":
      return t("chat.type.number");
    case "integer":
      return t("chat.type.integer");
    case "string":
      return t("chat.type.string");
    case "boolean":
      return t("chat.type.boolean");
    default:
      return expected;
  }
}

function listOf(values: readonly unknown[]): string {
  return values.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ");
}

/** A problem with an option, in the active language. */
export function problemText(problem: OptionProblem["problem"]): string {
  switch (problem.kind) {
    case "notDeclared":
      return t("chat.problem.notDeclared");
    case "wrongType":
      return t("chat.problem.wrongType", { type: typeName(problem.expected) });
    case "belowMinimum":
      return t("chat.problem.belowMinimum", { n: formatNumber(problem.minimum) });
    case "aboveMaximum":
      return t("chat.problem.aboveMaximum", { n: formatNumber(problem.maximum) });
    case "notAboveMinimum":
      return t("chat.problem.notAboveMinimum", { n: formatNumber(problem.minimum) });
    case "notBelowMaximum":
      return t("chat.problem.notBelowMaximum", { n: formatNumber(problem.maximum) });
    case "notMultipleOf":
      return t("chat.problem.notMultipleOf", { n: formatNumber(problem.step) });
    case "notInEnum":
      return t("chat.problem.notInEnum", { values: listOf(problem.allowed) });
    case "formatUnsupported":
      return t("chat.problem.formatUnsupported");
    case "schemaInvalid":
      return t("chat.problem.schemaInvalid", { detail: problem.detail });
    case "notChatCapable":
      return t("chat.problem.notChatCapable");
  }
}

export function jsonProblemText(problem: JsonProblem): string {
  const kind = problem.kind;
  switch (kind.kind) {
    case "notJson":
      return t("chat.json.notJson", { detail: kind.detail });
    case "notAnObject":
      return t("chat.json.notAnObject");
    case "wrongType":
      return t("chat.json.wrongType", { path: problem.path, type: kind.expected });
    case "missingProperty":
      return t("chat.json.missing", { path: problem.path, name: kind.name });
    case "notInEnum":
      return t("chat.json.notInEnum", { path: problem.path });
  }
}

/** Who paid, in the active language: "Personal" / "个人", or the Team's name as the core sent it. */
export function receiptPayer(r: ChatReceipt): string {
  return r.contextKind === "personal" ? t("context.personal") : r.contextLabel;
}

/** The reply's output type in plain words; a type this app doesn't know shows as sent. */
export function receiptFormat(r: ChatReceipt): string {
  switch (r.responseFormat) {
    case "text":
      return t("chat.format.text");
    case "json_object":
      return t("chat.format.jsonObject");
    case "json_schema":
      return t("chat.format.jsonSchema");
    default:
      return r.responseFormat;
  }
}

/** A receipt as plain text, for a bug report. */
export function receiptText(message: ChatMessage): string {
  const r = message.receipt;
  if (!r) return "";
  const lines = [
    `${t("chat.receipt.model")}: ${r.modelCode}`,
    `${t("chat.receipt.context")}: ${receiptPayer(r)}${r.teamId ? ` (${r.teamId})` : ""}`,
    `${t("chat.receipt.requestId")}: ${r.requestId}`,
  ];
  if (r.platformRequestId && r.platformRequestId !== r.requestId) {
    lines.push(`${t("chat.receipt.platformRequestId")}: ${r.platformRequestId}`);
  }
  lines.push(`${t("chat.receipt.status")}: ${statusLabel(message)}`);
  lines.push(`${t("chat.receipt.ttft")}: ${r.streamed ? formatMs(r.timeToFirstTokenMs) : t("chat.receipt.notStreamed")}`);
  lines.push(`${t("chat.receipt.total")}: ${formatMs(r.totalMs)}`);
  const u = r.usage;
  lines.push(
    `${t("chat.receipt.tokens")}: ${u ? `${u.promptTokens ?? "—"} + ${u.completionTokens ?? "—"} = ${u.totalTokens ?? "—"}` : "—"}`,
  );
  if (r.cost) {
    const why = costWhy(r.cost, r.contextKind === "team");
    lines.push(`${t("chat.receipt.points")}: ${costText(r.cost)}${why ? ` (${why})` : ""}`);
  }
  if (r.runId) {
    lines.push(`X-Xiaoya-Workflow-Version-Id: ${r.workflowVersionId ?? ""}`);
    lines.push(`X-Xiaoya-Run-Id: ${r.runId}`);
    lines.push(`X-Xiaoya-Node-Id: ${r.nodeId ?? ""}`);
    lines.push(`X-Xiaoya-Attempt: ${r.attempt ?? ""}`);
  }
  if (message.error) {
    lines.push(
      `${t("chat.receipt.error")}: ${message.error.platformCode ?? message.error.code}${
        message.error.requestId ? ` (request_id ${message.error.requestId})` : ""
      }`,
    );
  }
  lines.push(`${t("chat.receipt.startedAt")}: ${new Date(r.startedAt).toISOString()}`);
  return lines.join("\n");
}

export function statusLabel(message: ChatMessage): string {
  switch (message.status) {
    case "pending":
      return t("chat.status.pending");
    case "streaming":
      return t("chat.status.streaming");
    case "complete":
      return t("chat.status.complete");
    case "stopped":
      return t("chat.status.stopped");
    case "interrupted":
      return message.error ? `${t("chat.status.interrupted")} — ${errorMessage(message.error.code)}` : t("chat.status.interrupted");
  }
}
