// The Personal account's details (#29): the `account` scope is never asked at the first
// sign-in; the Personal card offers to ask for it, and once it is granted the Account screen
// shows the Personal entitlements with the Team entitlements' view. A refusal for the scope
// (403) reads as "not granted" with the same button, never as a failure.

import { useState } from "preact/hooks";

import { sessionsStore, useSessions } from "../../app/sessions";
import { useLoad } from "../../app/useLoad";
import type { TeamEntitlements } from "../../bindings/TeamEntitlements";
import type { TeamRead } from "../../bindings/TeamRead";
import { Button, EntitlementsSection, ErrorState, Icon, Panel, SkeletonList, TeamReadView } from "../../components";
import { t } from "../../i18n";
import { type PersonalEntitlements, personalEntitlements, type SessionSummary } from "../../ipc";

export const ACCOUNT_SCOPE = "account";

export function hasAccountAccess(session: SessionSummary): boolean {
  return session.context.kind === "personal" && session.grantedScopes.includes(ACCOUNT_SCOPE);
}

/** "This permission was not granted", and the button that asks for it in the browser. */
export function AskAccountAccess() {
  const state = useSessions();
  const [starting, setStarting] = useState(false);
  const ask = async () => {
    setStarting(true);
    await sessionsStore.askAccountAccess();
    setStarting(false);
  };
  return (
    // Neutral, not a warning: not asking at first sign-in is the app's choice, not a problem.
    <Panel tone="neutral" class="note account-access" data-testid="account-access-missing">
      <Icon name="lock" size={18} />
      <div class="account-access__text">
        <p data-testid="account-access-not-granted">{t("accountAccess.notGranted")}</p>
        <p class="note__detail">{t("accountAccess.askHint")}</p>
        <Button
          variant="secondary"
          size="sm"
          loading={starting}
          disabled={state.view.signInPending}
          onClick={() => void ask()}
          data-testid="account-access-ask"
        >
          {t("accountAccess.ask")}
        </Button>
      </div>
    </Panel>
  );
}

/** The platform refused the read for a missing scope (403 `OPEN_AGENT_SCOPE_REQUIRED`). */
function scopeRefused(read: TeamRead<TeamEntitlements>): boolean {
  return read.outcome === "refused" && read.refusal.kind === "scopeMissing";
}

/** The Personal entitlements, read with the Personal session's own token whoever pays. */
export function PersonalEntitlementsSection(props: { personal: SessionSummary }) {
  const { personal } = props;
  const allowed = hasAccountAccess(personal);
  // A renewed grant (new scopes) reads again; another session starts from nothing.
  const loaded = useLoad<PersonalEntitlements>(() => personalEntitlements(), `${personal.id}:${personal.grantedScopes.join(" ")}`, 0, {
    skip: !allowed,
  });
  if (!allowed) return null;
  const answer = loaded.data;
  return (
    <section class="account-details" aria-label={t("accountAccess.title")} data-testid="personal-entitlements">
      {loaded.error && !answer ? (
        <ErrorState error={loaded.error} title={t("accountAccess.failed")} onRetry={loaded.reload} retrying={loaded.loading} />
      ) : !answer ? (
        <SkeletonList rows={3} aria-label={t("accountAccess.reading")} />
      ) : answer.state === "notGranted" || scopeRefused(answer.read) ? (
        <AskAccountAccess />
      ) : (
        <TeamReadView read={answer.read} testid="personal-ent-read" onRetry={loaded.reload}>
          {(ent) => <EntitlementsSection ent={ent} of="personal" />}
        </TeamReadView>
      )}
    </section>
  );
}
