// A review as saved: the summary and exports, the protocol's rules, each tool with its rules
// and token weight, the calls, what changed since the review before, and the transcript.

import { formatDateTime } from "../../app/time";
import { Card, Panel } from "../../components";
import { formatNumber, t } from "../../i18n";
import type { AgentReport } from "../../ipc";
import { CallResult } from "./CallResult";
import { ChangeList } from "./ChangeList";
import { ExportButtons } from "./ExportButtons";
import { RuleList } from "./RuleList";
import { ToolCard } from "./ToolCard";
import { TranscriptView } from "./TranscriptView";

export function ReviewView(props: { report: AgentReport; snapshotId: number; agentId: string; latest: boolean }) {
  const r = props.report;
  const definitions = r.snapshot;
  return (
    <>
      <Card
        title={t("agents.summary.title")}
        description={t("agents.summary.when", { time: formatDateTime(Date.parse(r.startedAt)), ms: r.durationMs })}
        actions={<ExportButtons snapshotId={props.snapshotId} />}
        data-testid="agent-summary"
      >
        <p class="agents__counts" aria-live="polite" data-testid="agent-counts">
          {t("agents.summary.counts", { pass: r.counts.pass, warn: r.counts.warn, fail: r.counts.fail })}
        </p>
        {r.reachability !== "reviewed" && (
          <Panel tone="danger" role="alert" data-testid="agent-unreachable" data-reachability={r.reachability}>
            <strong>{t(`agents.reach.${r.reachability}`)}</strong> {r.unreachableReason ?? ""}
          </Panel>
        )}
        <dl class="agents__facts">
          <dt>{t("agents.summary.protocol")}</dt>
          <dd class="mono" data-testid="agent-protocol">
            {r.offeredProtocol} → {r.negotiatedProtocol ?? t("agents.summary.none")}
          </dd>
          <dt>{t("agents.summary.server")}</dt>
          <dd class="mono">{r.server ? `${r.server.name} ${r.server.version}` : t("agents.summary.none")}</dd>
          <dt>{t("agents.summary.weight")}</dt>
          <dd data-testid="agent-token-weight">
            {t("agents.summary.weightValue", { n: formatNumber(r.tokenWeight.total), tools: r.tokenWeight.tools })}
            <span class="agents__muted"> · {r.tokenWeight.method}</span>
          </dd>
        </dl>
        {!props.latest && <p class="agents__muted">{t("agents.summary.older")}</p>}
      </Card>
      {r.changes.length > 0 && (
        <Card title={t("agents.changes.sinceLast")} data-testid="agent-changes-last">
          <ChangeList changes={r.changes} />
        </Card>
      )}
      <Card title={t("agents.protocol.title")} data-testid="agent-protocol-rules">
        <RuleList lines={r.protocol} />
      </Card>
      <section class="agents__tools" aria-label={t("agents.tools.title")} data-testid="agent-tools">
        <h2 class="agents__section-title">{t("agents.tools.title")}</h2>
        {r.tools.length === 0 && <p class="agents__muted">{t("agents.tools.none")}</p>}
        {r.tools.map((tool) => (
          <ToolCard
            key={tool.name}
            tool={tool}
            definition={definitions.find((d) => (d as { name?: unknown }).name === tool.name)}
            agentId={props.agentId}
            canCall={props.latest}
          />
        ))}
      </section>
      {r.calls.length > 0 && (
        <Card title={t("agents.calls.title")} data-testid="agent-calls">
          {r.calls.map((c, i) => (
            <CallResult key={i} call={c} />
          ))}
        </Card>
      )}
      <TranscriptView exchanges={r.transcript} headerNames={r.headerNames} />
    </>
  );
}
