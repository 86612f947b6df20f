// The saved agents: pick one to review; http on loopback stays marked as development.

import { Badge, Card, EmptyState } from "../../components";
import { formatNumber, t } from "../../i18n";
import type { SavedAgent } from "../../ipc";

export function AgentList(props: { agents: readonly SavedAgent[]; selected: string | null; onSelect: (id: string) => void }) {
  return (
    <Card title={t("agents.list.title")} data-testid="agent-list">
      {props.agents.length === 0 ? (
        <EmptyState icon="plug" title={t("agents.list.empty")} body={t("agents.list.emptyBody")} data-testid="agent-list-empty" />
      ) : (
        <ul class="agents__list">
          {props.agents.map((agent) => (
            <li key={agent.id}>
              <button
                type="button"
                class={`agents__item${agent.id === props.selected ? " is-current" : ""}`}
                aria-current={agent.id === props.selected ? "true" : undefined}
                onClick={() => props.onSelect(agent.id)}
                data-testid="agent-item"
                data-url={agent.url}
              >
                <span class="agents__item-url mono">{agent.url}</span>
                <span class="agents__item-facts">
                  {agent.insecureDevelopment && (
                    <Badge tone="warning" icon="alert" data-testid="agent-dev-badge">
                      {t("agents.list.development")}
                    </Badge>
                  )}
                  {agent.headerNames.length > 0 && (
                    <Badge tone="neutral" icon="key">
                      {agent.headerNames.join(", ")}
                    </Badge>
                  )}
                  <span class="agents__muted">
                    {agent.tokenWeight == null
                      ? t("agents.list.notReviewed")
                      : t("agents.list.weight", { n: formatNumber(agent.tokenWeight) })}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
