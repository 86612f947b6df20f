// Personal usage attributed to this app (points charged, refunded and net, and the model
// counters); for a Team, why there is none.

import { keptKey } from "../../app/keep";
import { useLoad } from "../../app/useLoad";
import { Card, ErrorState, Icon, Panel, SkeletonList, usePoints } from "../../components";
import { formatCount } from "../../format/points";
import { t } from "../../i18n";
import { personalUsage, type SessionSummary, type UsageView } from "../../ipc";
import { ScopeMissing } from "./ScopeMissing";

function Stat(props: { label: string; value: string; testId: string; points?: boolean; emphasis?: boolean }) {
  const formatPoints = usePoints([props.points ? props.value : null]);
  return (
    <div class={`usage-stat${props.emphasis ? " usage-stat--emphasis" : ""}`} data-testid={props.testId} data-value={props.value}>
      <dt>{props.label}</dt>
      <dd>{props.points ? formatPoints(props.value) : formatCount(props.value)}</dd>
    </div>
  );
}

/** Personal usage attributed to this app; for a Team, why there is none. */
export function UsageCard(props: { session: SessionSummary; contextKey: string; who: string; version: number }) {
  const isTeam = props.session.context.kind === "team";
  const hasScope = props.session.grantedScopes.includes("usage");
  const skip = isTeam || !hasScope;
  const usage = useLoad<UsageView | null>(() => (skip ? Promise.resolve(null) : personalUsage()), props.contextKey, props.version, {
    keep: keptKey(props.contextKey, "balances.usage"),
  });

  if (isTeam) {
    return (
      <Card title={t("balances.usage.title")} data-testid="usage-card" data-state="not-for-team">
        <Panel class="note" data-testid="usage-not-for-team">
          <Icon name="info" size={16} />
          <p>{t("balances.usage.notForTeam")}</p>
        </Panel>
      </Card>
    );
  }
  return (
    <Card title={t("balances.usage.title")} description={t("balances.usage.description")} data-testid="usage-card">
      {!hasScope ? (
        <ScopeMissing scope="usage" who={props.who} title={t("balances.scope.usageTitle")} data-testid="usage-scope-missing" />
      ) : usage.error ? (
        <ErrorState error={usage.error} title={t("balances.usage.error")} onRetry={usage.reload} data-testid="usage-error" />
      ) : usage.data?.kind !== "personal" ? (
        <SkeletonList rows={2} />
      ) : (
        <UsageFigures usage={usage.data} />
      )}
    </Card>
  );
}

function UsageFigures(props: { usage: Extract<UsageView, { kind: "personal" }> }) {
  const u = props.usage.usage;
  const m = u.modelUsage;
  return (
    <div class="usage" data-testid="usage-figures">
      <dl class="usage-stats usage-stats--points">
        <Stat testId="usage-charged" label={t("balances.usage.charged")} value={u.chargedPoints} points />
        <Stat testId="usage-refunded" label={t("balances.usage.refunded")} value={u.refundedPoints} points />
        <Stat testId="usage-net" label={t("balances.usage.net")} value={u.netPoints} points emphasis />
      </dl>
      {m && (
        <>
          <h3 class="usage__subtitle">{t("balances.usage.models")}</h3>
          <dl class="usage-stats">
            <Stat testId="usage-requests" label={t("balances.usage.requests")} value={m.requestCount} />
            <Stat testId="usage-input" label={t("balances.usage.inputTokens")} value={m.inputTokens} />
            <Stat testId="usage-output" label={t("balances.usage.outputTokens")} value={m.outputTokens} />
            <Stat testId="usage-cache-read" label={t("balances.usage.cacheReadTokens")} value={m.cacheReadTokens} />
            <Stat testId="usage-cache-write" label={t("balances.usage.cacheWriteTokens")} value={m.cacheWriteTokens} />
            <Stat testId="usage-images" label={t("balances.usage.images")} value={m.imageCount} />
            <Stat testId="usage-model-points" label={t("balances.usage.modelPoints")} value={m.chargedPoints} points />
          </dl>
        </>
      )}
    </div>
  );
}
