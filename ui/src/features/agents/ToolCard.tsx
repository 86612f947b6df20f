// One tool of the list: what calling it costs and risks, its weight in model tokens, its
// rules, and the call form.

import { useState } from "preact/hooks";

import { Badge, Button, Card } from "../../components";
import { formatNumber, t } from "../../i18n";
import type { ToolReview } from "../../ipc";
import { CallDialog } from "./CallDialog";
import { RuleList } from "./RuleList";

export function ToolCard(props: { tool: ToolReview; definition: unknown; agentId: string; canCall: boolean }) {
  const tool = props.tool;
  const call = tool.call;
  const [calling, setCalling] = useState(false);
  const fails = tool.rules.filter((l) => l.verdict === "fail").length;
  return (
    <Card
      level={3}
      title={
        <span class="agents__tool-name">
          <code>{tool.name}</code>
          {call.title && <span class="agents__muted"> {call.title}</span>}
        </span>
      }
      actions={
        props.canCall && (
          <Button size="sm" icon="play" onClick={() => setCalling(true)} data-testid="agent-tool-call" data-tool={tool.name}>
            {t("agents.tool.call")}
          </Button>
        )
      }
      data-testid="agent-tool"
    >
      <p class="agents__tool-facts" data-tool={tool.name}>
        {call.needsConfirmation ? (
          <Badge tone={call.destructive ? "danger" : "warning"} icon="alert" data-testid="agent-tool-safety">
            {call.destructive ? t("agents.tool.destructive") : t("agents.tool.writes")}
          </Badge>
        ) : (
          <Badge tone="success" icon="lock" data-testid="agent-tool-safety">
            {t("agents.tool.readOnly")}
          </Badge>
        )}
        <span>
          {call.pricePoints == null ? t("agents.tool.noPrice") : t("agents.tool.price", { points: formatNumber(call.pricePoints) })}
        </span>
        <span>{call.executionMode ?? t("agents.tool.noMode")}</span>
        <span data-testid="agent-tool-tokens">{t("agents.tool.tokens", { n: formatNumber(tool.tokens) })}</span>
        {fails > 0 && <span class="agents__fail-count">{t("agents.tool.fails", { count: fails })}</span>}
      </p>
      <details class="agents__rules-fold" open={fails > 0}>
        <summary>{t("agents.tool.rules", { count: tool.rules.length })}</summary>
        <RuleList lines={tool.rules} />
      </details>
      {calling && <CallDialog agentId={props.agentId} tool={tool} definition={props.definition} onClose={() => setCalling(false)} />}
    </Card>
  );
}
