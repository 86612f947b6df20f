// Every exchange of the review: method, status, content type, timing and session id, with
// the request and answer on demand. Custom header values are masked, here and in a copy.

import { useState } from "preact/hooks";

import { copyText } from "../../app/clipboard";
import { Button, Card } from "../../components";
import { t } from "../../i18n";
import type { WireExchange } from "../../ipc";
import { maskHeaders, transcriptText } from "./masking";

export function TranscriptView(props: { exchanges: readonly WireExchange[]; headerNames: readonly string[] }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => setCopied(await copyText(transcriptText(props.exchanges, props.headerNames)));
  return (
    <Card
      title={t("agents.transcript.title", { count: props.exchanges.length })}
      actions={
        <Button size="sm" icon="copy" onClick={() => void copy()} data-testid="agent-transcript-copy">
          {copied ? t("agents.transcript.copied") : t("agents.transcript.copy")}
        </Button>
      }
      data-testid="agent-transcript"
    >
      {copied === false && <p class="agents__error">{t("agents.transcript.copyFailed")}</p>}
      <ol class="agents__exchanges">
        {props.exchanges.map((x) => (
          <li key={x.seq} data-testid="agent-exchange" data-seq={x.seq}>
            <details>
              <summary class="agents__exchange-head">
                <span class="mono">#{x.seq}</span> <strong>{x.label}</strong>{" "}
                <span class="mono">
                  {x.httpMethod}
                  {x.rpcMethod ? ` ${x.rpcMethod}` : ""}
                </span>{" "}
                <span class="mono" data-testid="agent-exchange-status">
                  {x.httpStatus ?? t("agents.transcript.noStatus")}
                </span>{" "}
                <span class="agents__muted">
                  {x.contentType ?? t("agents.transcript.noType")} · {t("agents.transcript.ms", { ms: x.durationMs })}
                </span>
                {(x.sessionSent || x.sessionReceived) && (
                  <span class="agents__muted mono" data-testid="agent-exchange-session">
                    {" "}
                    · {t("agents.transcript.session")} {x.sessionReceived ?? x.sessionSent}
                  </span>
                )}
              </summary>
              <dl class="agents__facts">
                {maskHeaders(x.requestHeaders, props.headerNames).map(([name, value]) => (
                  <div key={name} class="agents__fact" data-testid="agent-exchange-header">
                    <dt class="mono">{name}</dt>
                    <dd class="mono">{value}</dd>
                  </div>
                ))}
              </dl>
              {x.request && <pre class="mono agents__pre">{`→ ${x.request}`}</pre>}
              {x.response && <pre class="mono agents__pre">{`← ${x.response}`}</pre>}
              {x.location && <p class="mono">Location: {x.location}</p>}
              {x.error && <p class="agents__error">{x.error}</p>}
            </details>
          </li>
        ))}
      </ol>
    </Card>
  );
}
