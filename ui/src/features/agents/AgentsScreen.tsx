import "./agents.css";

import { useState } from "preact/hooks";

import { useLoad } from "../../app/useLoad";
import { EmptyState, ErrorState, Screen, SkeletonList } from "../../components";
import { t } from "../../i18n";
import { agentsList } from "../../ipc";
import { AddAgentCard } from "./AddAgentCard";
import { AgentDetail } from "./AgentDetail";
import { AgentList } from "./AgentList";

/** Agent check (#27): review an MCP agent against the platform's agent-development rules. */
export function AgentsScreen() {
  const agents = useLoad(agentsList, "agents");
  const [chosen, setChosen] = useState<string | null>(null);
  const list = agents.data ?? [];
  const selected = list.find((a) => a.id === chosen) ?? list[0] ?? null;
  return (
    <Screen id="agents" title={t("agents.title")} subtitle={t("agents.subtitle")}>
      <div class="agents">
        <div class="agents__side">
          <AddAgentCard
            onSaved={(agent) => {
              setChosen(agent.id);
              agents.reload();
            }}
          />
          {agents.error && <ErrorState error={agents.error} onRetry={agents.reload} />}
          {agents.loading && !agents.data ? (
            <SkeletonList rows={2} />
          ) : (
            <AgentList agents={list} selected={selected?.id ?? null} onSelect={setChosen} />
          )}
        </div>
        <div class="agents__main">
          {selected ? (
            <AgentDetail key={selected.id} agent={selected} onChanged={agents.reload} />
          ) : (
            !agents.loading && (
              <EmptyState icon="plug" title={t("agents.empty.title")} body={t("agents.empty.body")} data-testid="agents-empty" />
            )
          )}
        </div>
      </div>
    </Screen>
  );
}
