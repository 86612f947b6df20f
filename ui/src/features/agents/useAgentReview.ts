// One agent's reviews: its snapshots (one per review, newest first), the review shown (the
// newest unless one is opened), and running a new review.

import { useState } from "preact/hooks";

import { useLoad } from "../../app/useLoad";
import { type AgentReport, agentReport, agentReview, agentSnapshots } from "../../ipc";

export function useAgentReview(agentId: string, onReviewed: () => void) {
  const snapshots = useLoad(() => agentSnapshots(agentId), agentId);
  const [opened, setOpened] = useState<number | null>(null);
  const shownId = opened ?? snapshots.data?.[0]?.id ?? null;
  const report = useLoad<AgentReport>(() => agentReport(shownId ?? 0), `${agentId}:${shownId}`, 0, { skip: shownId == null });
  const [running, setRunning] = useState(false);
  const [runError, setRunError] = useState<unknown>(null);
  const review = async () => {
    setRunning(true);
    setRunError(null);
    try {
      await agentReview(agentId, []);
      setOpened(null);
      snapshots.reload();
      onReviewed();
    } catch (err) {
      setRunError(err);
    } finally {
      setRunning(false);
    }
  };
  return { snapshots, shownId, open: setOpened, report, running, runError, review };
}
