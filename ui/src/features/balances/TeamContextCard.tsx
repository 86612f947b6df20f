// The Team context as the platform resolves it now: role, membership and version, and a
// warning when the version changed since sign-in.

import { keptKey } from "../../app/keep";
import { memberStatusLabel, roleLabel } from "../../app/sessions";
import { useLoad } from "../../app/useLoad";
import { Badge, Card, ErrorState, Icon, Panel, SkeletonList } from "../../components";
import { t } from "../../i18n";
import { type TeamContextView, teamContext } from "../../ipc";

/** The Team context as the platform resolves it now: role, membership, version. */
export function TeamContextCard(props: { contextKey: string; version: number }) {
  const context = useLoad<TeamContextView>(teamContext, props.contextKey, props.version, {
    keep: keptKey(props.contextKey, "balances.teamContext"),
  });
  return (
    <Card title={t("balances.context.title")} description={t("balances.context.description")} data-testid="team-context-card">
      {context.error ? (
        <ErrorState error={context.error} title={t("balances.context.error")} onRetry={context.reload} data-testid="team-context-error" />
      ) : !context.data ? (
        <SkeletonList rows={2} />
      ) : (
        <TeamContextFacts context={context.data} />
      )}
    </Card>
  );
}

function TeamContextFacts(props: { context: TeamContextView }) {
  const c = props.context;
  return (
    <>
      <dl class="kv">
        <div class="kv__row">
          <dt>{t("balances.context.role")}</dt>
          <dd data-testid="team-context-role">{c.role ? roleLabel(c.role) : "—"}</dd>
        </div>
        <div class="kv__row">
          <dt>{t("balances.context.memberStatus")}</dt>
          <dd data-testid="team-context-status">
            {c.memberStatus ? (
              <Badge tone={c.memberStatus === "active" ? "success" : "danger"}>{memberStatusLabel(c.memberStatus)}</Badge>
            ) : (
              "—"
            )}
          </dd>
        </div>
        <div class="kv__row">
          <dt>{t("balances.context.version")}</dt>
          <dd class="mono" data-testid="team-context-version">
            {c.contextVersion ?? "—"}
          </dd>
        </div>
      </dl>
      {c.versionChanged && (
        <Panel tone="warning" class="note" data-testid="team-context-changed">
          <Icon name="alert" size={16} />
          <p>{t("balances.context.versionChanged", { before: c.signedInVersion ?? "?", now: c.contextVersion ?? "?" })}</p>
        </Panel>
      )}
    </>
  );
}
