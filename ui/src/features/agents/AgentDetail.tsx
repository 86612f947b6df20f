// One saved agent: run a review, and read the review shown (protocol, tools, calls, changes,
// snapshots, transcript).

import { Button, Card, ErrorState, Panel, SkeletonList } from "../../components";
import { t } from "../../i18n";
import type { SavedAgent } from "../../ipc";
import { ForgetAgent } from "./ForgetAgent";
import { ReviewView } from "./ReviewView";
import { SnapshotsCard } from "./SnapshotsCard";
import { useAgentReview } from "./useAgentReview";

export function AgentDetail(props: { agent: SavedAgent; onChanged: () => void }) {
  const agent = props.agent;
  const r = useAgentReview(agent.id, props.onChanged);
  const snapshots = r.snapshots.data ?? [];
  return (
    <div class="agents__detail" data-testid="agent-detail" data-agent={agent.id}>
      <Card
        title={<span class="mono agents__url">{agent.url}</span>}
        description={t("agents.review.body")}
        actions={<ForgetAgent agent={agent} onForgotten={props.onChanged} />}
        data-testid="agent-review-card"
      >
        {agent.insecureDevelopment && (
          <Panel tone="warning" role="status" data-testid="agent-dev-warning">
            {t("agents.add.note.loopbackHttp")}
          </Panel>
        )}
        <div class="agents__actions">
          <Button variant="primary" icon="shield" loading={r.running} onClick={() => void r.review()} data-testid="agent-review">
            {r.running ? t("agents.review.running") : snapshots.length > 0 ? t("agents.review.again") : t("agents.review.run")}
          </Button>
          {r.running && <span class="agents__muted">{t("agents.review.runningHint")}</span>}
        </div>
      </Card>
      {r.runError != null && <ErrorState error={r.runError} title={t("agents.review.failed")} onRetry={() => void r.review()} />}
      {r.snapshots.error && <ErrorState error={r.snapshots.error} onRetry={r.snapshots.reload} />}
      {r.report.error && <ErrorState error={r.report.error} onRetry={r.report.reload} />}
      {(r.snapshots.loading || r.report.loading) && !r.report.data && <SkeletonList rows={4} />}
      {!r.snapshots.loading && snapshots.length === 0 && !r.running && (
        <p class="agents__muted" data-testid="agent-no-review">
          {t("agents.review.none")}
        </p>
      )}
      {r.report.data && r.shownId != null && (
        <ReviewView report={r.report.data} snapshotId={r.shownId} agentId={agent.id} latest={r.shownId === snapshots[0]?.id} />
      )}
      {snapshots.length > 0 && <SnapshotsCard key={snapshots[0]?.id} snapshots={snapshots} shownId={r.shownId} onOpen={r.open} />}
    </div>
  );
}
