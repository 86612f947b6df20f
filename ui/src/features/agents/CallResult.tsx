// A call's result: the envelope (status, summary, data, artifacts) or the JSON-RPC error,
// and the call rules' verdicts.

import { Badge } from "../../components";
import { formatNumber, t } from "../../i18n";
import type { CallReview, ToolEnvelope } from "../../ipc";
import { RuleList } from "./RuleList";

const STATUS_TONE: Record<string, "success" | "warning" | "danger" | "accent"> = {
  completed: "success",
  accepted: "accent",
  needs_input: "warning",
  failed: "danger",
};

export function CallResult(props: { call: CallReview }) {
  const c = props.call;
  return (
    <div class="agents__call" data-testid="agent-call-result" data-tool={c.tool} data-purpose={c.purpose}>
      <p class="agents__call-head">
        <code>{c.tool}</code> <code class="agents__muted">{JSON.stringify(c.arguments)}</code>
        {c.purpose === "invalidParams" && <Badge tone="neutral">{t("agents.call.probe")}</Badge>}
      </p>
      {c.envelope && <EnvelopeView envelope={c.envelope} />}
      {c.error && (
        <p class="agents__error" data-testid="agent-call-error">
          {t("agents.call.rpcError", { code: c.error.code, message: c.error.message })}
        </p>
      )}
      {!c.envelope && !c.error && <p class="agents__muted">{t("agents.call.noEnvelope")}</p>}
      <RuleList lines={c.rules} data-testid="agent-call-rules" />
    </div>
  );
}

function EnvelopeView(props: { envelope: ToolEnvelope }) {
  const e = props.envelope;
  return (
    <div class="agents__envelope" data-testid="agent-envelope">
      <p>
        <Badge tone={STATUS_TONE[e.status] ?? "neutral"} data-testid="agent-envelope-status">
          {e.status}
        </Badge>{" "}
        <span data-testid="agent-envelope-summary">{e.summary}</span>
      </p>
      <details>
        <summary>{t("agents.envelope.data")}</summary>
        <pre class="mono agents__pre">{JSON.stringify(e.data, null, 2)}</pre>
      </details>
      {e.artifacts.length > 0 && (
        <table class="agents__table" data-testid="agent-artifacts">
          <thead>
            <tr>
              <th>{t("agents.artifact.type")}</th>
              <th>{t("agents.artifact.file")}</th>
              <th>{t("agents.artifact.size")}</th>
              <th>SHA-256</th>
            </tr>
          </thead>
          <tbody>
            {e.artifacts.map((a, i) => (
              <tr key={i} data-testid="agent-artifact">
                <td>{a.type ?? "?"}</td>
                <td class="mono">
                  {a.title ?? ""} {a.url ?? ""} {a.mimeType ? `(${a.mimeType})` : ""}
                </td>
                <td>{a.size == null ? "?" : t("agents.artifact.bytes", { bytes: formatNumber(a.size) })}</td>
                <td class="mono agents__hash">{a.sha256 ?? "?"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
